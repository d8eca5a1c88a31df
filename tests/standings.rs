//! `lexpair standings` and `lexpair::standings` against values worked out by hand from
//! tests/data/trf (each figure below is derived in its comment).

use lexpair::standings::{standings, Standing, TieBreak};
use lexpair::trf::{read_file, ReadOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf").join(name)
}

fn rows(name: &str, order: &[TieBreak]) -> Vec<Standing> {
    let doc = read_file(&data(name), &ReadOptions::default()).expect("readable");
    standings(&doc, order).expect("standings")
}

fn row(rows: &[Standing], id: u32) -> &Standing {
    rows.iter().find(|r| r.id == id).expect("player listed")
}

#[test]
fn buchholz_sonneborn_berger_wins_and_aro_with_unplayed_rounds() {
    let r = rows("forfeits_byes.trf", &TieBreak::DEFAULT);
    // [BH-C1, BH, SB, DE, WIN, ARO]; final scores 1: 2.5, 2: 1.5, 3: 2, 4: 1, 5: 1.5, 6: 1.
    // Anna (1) played 4, 2, 3 (1 + 1.5 + 2); won twice, drew with 3: SB 1 + 1.5 + 1.
    assert_eq!(row(&r, 1).tiebreaks, vec![3.5, 4.5, 3.5, 0.0, 2.0, 2200.0]);
    // Carl (3): forfeit win over 6 = a dummy with his own 2 points, then 4 (1) and 1 (2.5),
    // both drawn: SB 2 + 0.5 + 1.25. The forfeit win counts as a WIN; ARO of 2100 and 2400.
    assert_eq!(row(&r, 3).tiebreaks, vec![4.5, 5.5, 3.75, 0.0, 1.0, 2250.0]);
    // Emil (5): a half-point bye = a dummy with 1.5, half of it in SB; 2 (1.5) and 4 (1) drawn.
    assert_eq!(row(&r, 5).tiebreaks, vec![3.0, 4.0, 2.0, 0.0, 0.0, 2200.0]);
    // Fay (6): forfeit loss and the PAB are dummies with 1 point; lost to 2 (1.5) in the
    // short game (L, played). The PAB is a win's points: WIN 1; SB 1 from the PAB alone.
    assert_eq!(row(&r, 6).tiebreaks, vec![2.5, 3.5, 1.0, 0.0, 1.0, 2300.0]);
    // Bob and Emil tie on 1.5; BH-C1 4 against 3 puts Bob first.
    let order: Vec<u32> = r.iter().map(|x| x.id).collect();
    assert_eq!(order, vec![1, 3, 2, 5, 4, 6]);
    assert_eq!(r.iter().map(|x| x.rank).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn direct_encounter_decides_only_among_players_who_all_met() {
    // 1 and 2 both have 1 point; 1 beat 2 in round 1.
    let r = rows("direct_encounter.trf", &[TieBreak::DirectEncounter]);
    assert_eq!(r.iter().map(|x| (x.id, x.rank)).collect::<Vec<_>>(), vec![(3, 1), (1, 2), (2, 3), (4, 4)]);
    assert_eq!(row(&r, 1).tiebreaks, vec![1.0]);
    assert_eq!(row(&r, 2).tiebreaks, vec![0.0]);
    // In forfeits_byes.trf, 4 and 6 (1 point each) never met: DE leaves them tied, sharing 5th.
    let r = rows("forfeits_byes.trf", &[TieBreak::DirectEncounter]);
    assert_eq!(
        r.iter().map(|x| (x.id, x.rank)).collect::<Vec<_>>(),
        vec![(1, 1), (3, 2), (2, 3), (5, 3), (4, 5), (6, 5)]
    );
    // 2 and 5 drew their game: DE ½ each, still tied.
    assert_eq!((row(&r, 2).tiebreaks[0], row(&r, 5).tiebreaks[0]), (0.5, 0.5));
}

#[test]
fn the_command_prints_text_csv_and_json_and_refuses_unknown_tie_breaks() {
    let file = data("forfeits_byes.trf").display().to_string();
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_lexpair")).args(args).output().expect("runs");
    let o = run(&["standings", &file]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(text.lines().next().is_some_and(|h| h.contains("BH-C1") && h.contains("ARO")), "{text}");
    assert!(text.contains("Charlie, Carl") && text.contains("3.75"), "{text}");

    let o = run(&["standings", &file, "--tiebreaks", "sb,bh", "--format", "csv"]);
    let csv = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(csv.lines().next(), Some("rank,id,name,rating,points,sb,bh"));
    assert_eq!(csv.lines().nth(2), Some("2,3,\"Charlie, Carl\",2200,2,3.75,5.5"));

    let o = run(&["standings", &file, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["tiebreaks"][0], "bh-c1");
    assert_eq!(v["standings"][0]["id"], 1);
    assert_eq!(v["standings"][0]["points"], 2.5);

    let o = run(&["standings", &file, "--tiebreaks", "bh,median"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown tie-break 'median'"));
}
