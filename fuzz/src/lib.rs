//! What the fuzz targets share: valid tournaments built from the fuzz bytes.

use arbitrary::{Result, Unstructured};

/// One round block: opponent (0 for none), colour and result characters.
pub type Block = (u32, char, char);

/// A valid individual tournament as TRF16 text: 1-24 players, up to 6 rounds played with games,
/// forfeits, byes and absences, a point system, an initial colour, forbidden pairs, absences in
/// the round to pair.
pub fn tournament_text(u: &mut Unstructured) -> Result<String> {
    let n: u32 = u.int_in_range(1..=24)?;
    let played: usize = u.int_in_range(0..=6)?;
    let total = played as u32 + u.int_in_range(1..=3)?;
    let mut text = format!("012 structured fuzz tournament\nXXR {total}\n");
    match u.int_in_range(0..=2)? {
        0 => text.push_str("XXC white1\n"),
        1 => text.push_str("XXC black1\n"),
        _ => {}
    }
    match u.int_in_range(0..=3)? {
        0 => text.push_str("BBU  0.5\n"),
        1 => text.push_str("BBW  3.0\nBBD  1.0\n"),
        _ => {}
    }
    for _ in 0..u.int_in_range(0..=3)? {
        let (a, b) = (u.int_in_range(1..=n)?, u.int_in_range(1..=n)?);
        if a != b {
            text.push_str(&format!("XXP {a} {b}\n"));
        }
    }
    let mut blocks: Vec<Vec<Block>> = vec![Vec::new(); n as usize];
    for _ in 0..played {
        let mut present: Vec<u32> = Vec::new();
        for id in 1..=n {
            if u.ratio(1, 8)? {
                let bye = *u.choose(&['H', 'F', 'Z', 'U', '-'])?;
                let bye = if bye == 'U' { 'Z' } else { bye };
                blocks[id as usize - 1].push((0, '-', bye));
            } else {
                present.push(id);
            }
        }
        // A random order of the present players, paired two by two; the odd one out gets the PAB.
        for i in (1..present.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            present.swap(i, j);
        }
        for pair in present.chunks(2) {
            match *pair {
                [a, b] => {
                    let (ra, rb) =
                        *u.choose(&[('1', '0'), ('0', '1'), ('=', '='), ('+', '-'), ('-', '+'), ('-', '-')])?;
                    let (ca, cb) = if u.arbitrary()? { ('w', 'b') } else { ('b', 'w') };
                    blocks[a as usize - 1].push((b, ca, ra));
                    blocks[b as usize - 1].push((a, cb, rb));
                }
                [a] => blocks[a as usize - 1].push((0, '-', 'U')),
                _ => {}
            }
        }
    }
    for id in 1..=n {
        let mut line = player_line(u, id, &blocks[id as usize - 1])?;
        if u.ratio(1, 10)? {
            line.push_str(&format!("  0000 - {}", u.choose(&['H', 'F', 'Z'])?));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    Ok(text)
}

/// Player `id`'s `001` line: a rating drawn from the fuzz bytes (1000-2800), the points column
/// left blank, then one block per round of `games` (opponent 0 written `0000`).
pub fn player_line(u: &mut Unstructured, id: u32, games: &[Block]) -> Result<String> {
    let rating = u.int_in_range(1000..=2800u32)?;
    let mut line = format!(
        "001 {id:>4} m    {:<33} {rating:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        format!("Player {id}"),
        "",
        "",
        "",
        "",
        id
    );
    for &(opponent, colour, result) in games {
        let opponent = if opponent == 0 { "0000".to_string() } else { format!("{opponent:>4}") };
        line.push_str(&format!("  {opponent} {colour} {result}"));
    }
    Ok(line)
}
