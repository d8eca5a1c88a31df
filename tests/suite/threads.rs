//! One round on several threads (`--threads`): the same pairing, byte for byte, as on one. A
//! bracket large enough is priced in passes split between the threads and builds its criteria's
//! stages on them (`Criterion::stages_of`); both merge what the threads found in a fixed order.

use crate::common::lexpair;

/// Round 2 of a generated 2,400-player event: a top bracket of over 1,100 players (about 700,000
/// pairs with the next scoregroup it looks ahead to), paired on one, two and three threads.
#[test]
fn a_large_round_pairs_the_same_on_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("lexpair-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let event = dir.join("event.trf");
    let e = event.display().to_string();
    let out = lexpair(&["generate", "-s", "dutch-2026", "-n", "2400", "-r", "2", "--seed", "5", "-o", &e]);
    assert!(out.status.success(), "generate: {}", String::from_utf8_lossy(&out.stderr));
    // The case covers the parallel paths only if its top bracket is that large.
    let out = lexpair(&["pair", "-s", "dutch-2026", &e, "--round", "2", "--threads", "1", "--explain-solver"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let top: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("bracket 1 (bracket): ")?.split(' ').next()?.parse().ok())
        .expect("the solver's view names bracket 1");
    assert!(top > 1100, "the top bracket has {top} players");
    let mut pairings = Vec::new();
    for threads in ["1", "2", "3"] {
        let file = dir.join(format!("pairs-{threads}.txt"));
        let f = file.display().to_string();
        let out = lexpair(&["pair", "-s", "dutch-2026", &e, "--round", "2", "--threads", threads, "-o", &f]);
        assert!(out.status.success(), "{threads} threads: {}", String::from_utf8_lossy(&out.stderr));
        pairings.push(std::fs::read_to_string(&file).expect("the pairing"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(pairings[0].lines().count() > 1000, "a pairing of the whole field");
    assert_eq!(pairings[0], pairings[1], "two threads pair otherwise than one");
    assert_eq!(pairings[0], pairings[2], "three threads pair otherwise than one");
}
