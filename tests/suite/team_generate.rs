//! `lexpair generate --system team-2026`: a generated team tournament reads back, every round
//! re-pairs identically through the door from its own history, the same seed gives the same
//! file, the three colour models generate, forfeits and absences appear, and the command line
//! refuses options of the other kind of tournament.

use crate::common;

use common::lexpair;
use lexpair::generate::team::TeamOptions;
use lexpair::generate::{generate, Field, GenerateConfig, GenerateError};
use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::team::{recorded_round, TeamTournament};
use lexpair::trf::{self, ReadOptions, ResultCode, TrfDocument, TrfFlavor};
use lexpair::vocabulary::{PairError, System};
use std::collections::BTreeSet;

const TYPE_B: &str = "FIDE_TEAM_TYPEB_MP_GP";
const NO_PREFERENCE: &str = "FIDE_TEAM_MP_GP";

/// `teams` teams of `boards` boards under the 192 `code`, with forfeits and absences.
fn busy(teams: usize, boards: usize, rounds: u32, seed: u64, code: &str) -> GenerateConfig {
    let field = Field::Random { players: teams, min_rating: 0, max_rating: 0 };
    let mut c = GenerateConfig::new(System::SwissTeam2026, field, rounds, seed);
    c.team = TeamOptions { boards, rules: code.to_string(), match_forfeit_rate: 0.04, ..TeamOptions::default() };
    c.forfeit_rate = 0.03;
    c.zero_bye_rate = 0.04;
    c
}

fn text(c: &GenerateConfig) -> String {
    trf::write(&generate(c).unwrap_or_else(|e| panic!("{e}")).document, TrfFlavor::Trf26)
}

fn read_back(text: &str) -> TrfDocument {
    trf::read_str(text, "generated.trf", &ReadOptions { check_scores: true })
        .unwrap_or_else(|e| panic!("the reader refuses the generated file: {e}"))
}

fn pairs(t: &TeamTournament, p: &RoundPairing) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let tpn = |i: usize| t.teams[i].tpn;
    (p.boards.iter().map(|b| (tpn(b.white), tpn(b.black))).collect(), p.bye.map(tpn))
}

/// Every round of `doc`, paired through the door from rounds 1..r-1, is the round recorded.
fn replays_identically(doc: &TrfDocument, what: &str) {
    let rounds = doc.total_rounds.expect("142");
    assert_eq!(doc.rounds_in_file(), rounds, "{what}");
    for r in 1..=rounds {
        let t = TeamTournament::before_round(doc, r).unwrap_or_else(|e| panic!("{what} r{r}: {e}"));
        let recorded = recorded_round(doc, r).expect("recorded");
        let got = lexpair::round::pair(&t, System::SwissTeam2026, &PairOptions::default())
            .unwrap_or_else(|e| panic!("{what} r{r}: {e}"));
        assert_eq!(pairs(&t, &got.pairing), pairs(&t, &recorded), "{what} round {r}");
    }
}

#[test]
fn a_generated_team_tournament_reads_back_and_every_round_replays() {
    for (code, teams, boards, seed) in
        [("FIDE_TEAM_TYPEA_MP_GP", 11, 4, 1), (TYPE_B, 13, 3, 2), (NO_PREFERENCE, 10, 2, 3), (TYPE_B, 9, 6, 4)]
    {
        let c = busy(teams, boards, 7, seed, code);
        let g = generate(&c).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(g.round_seconds.len(), 7);
        let written = trf::write(&g.document, TrfFlavor::Trf26);
        let doc = read_back(&written);
        assert_eq!(trf::write(&doc, TrfFlavor::Trf26), written, "{code}: written and read back unchanged");
        assert_eq!(doc.tournament_type.as_deref(), Some(code));
        assert_eq!(doc.board_count(), Some(boards));
        assert_eq!(doc.teams.len(), teams);
        assert!(doc.teams.iter().all(|t| t.match_points.is_some() && t.rank.is_some()), "310 totals");
        replays_identically(&doc, &format!("{code} seed {seed}"));
    }
}

#[test]
fn the_same_seed_gives_the_same_file() {
    let c = busy(12, 4, 6, 21, TYPE_B);
    let a = text(&c);
    assert_eq!(a, text(&c));
    assert_ne!(a, text(&busy(12, 4, 6, 22, TYPE_B)));
    // The team field does not depend on the 192 code; the pairings may.
    let none = text(&busy(12, 4, 6, 21, NO_PREFERENCE));
    let teams = |s: &str| s.lines().filter(|l| l.starts_with("310")).map(|l| l[..53].to_string()).collect::<Vec<_>>();
    assert_eq!(teams(&a), teams(&none));
}

#[test]
fn forfeits_absences_and_byes_appear_at_nonzero_rates() {
    let (mut single, mut whole, mut absent, mut pab) = (0, 0, 0, 0);
    for seed in 1..=4 {
        let mut c = busy(15, 4, 7, seed, NO_PREFERENCE);
        c.forfeit_rate = 0.05;
        c.team.match_forfeit_rate = 0.08;
        c.zero_bye_rate = 0.06;
        let doc = read_back(&text(&c));
        whole += doc.forfeited_matches.len();
        absent += doc.announced_byes.iter().map(|b| b.players.len()).sum::<usize>();
        pab += doc.team_pab.as_ref().map_or(0, |p| p.teams.iter().flatten().count());
        // Single boards forfeited in a match that has a played board.
        let t = lexpair::team::through_round(&doc, 7).expect("state");
        for team in &t.teams {
            for m in team.history.iter().filter(|m| m.played()) {
                single += m.boards.iter().filter(|b| b.result == ResultCode::ForfeitWin).count();
            }
        }
        // Every absent team's players hold `0000 - Z` in that round.
        for b in &doc.announced_byes {
            for &tpn in &b.players {
                for &p in &doc.team(tpn).expect("team").players {
                    let e = doc.player(p).and_then(|x| x.rounds[b.round.expect("240") as usize - 1]).expect("entry");
                    assert_eq!((e.opponent, e.result), (None, ResultCode::ZeroBye));
                }
            }
        }
    }
    assert!(single > 0 && whole > 0 && absent > 0 && pab > 0, "{single} {whole} {absent} {pab}");
}

#[test]
fn one_board_to_six_boards_and_other_match_points() {
    for boards in [1, 2, 3, 6] {
        let mut c = busy(8, boards, 5, 5, "FIDE_TEAM_TYPEA_MP_GP");
        c.team.match_points = lexpair::generate::team::parse_match_points("3-1-0").expect("valid");
        let doc = read_back(&text(&c));
        assert_eq!(doc.board_count(), Some(boards));
        assert!(doc.team_scoring_explicit && doc.team_scoring.win.0 == 30);
        replays_identically(&doc, &format!("{boards} boards"));
    }
}

#[test]
fn an_unpairable_round_stops_the_tournament() {
    // Four teams, four rounds: after three rounds every team has met every other.
    let mut c = busy(4, 2, 4, 1, "FIDE_TEAM_TYPEA_MP_GP");
    (c.forfeit_rate, c.team.match_forfeit_rate, c.zero_bye_rate) = (0.0, 0.0, 0.0);
    match generate(&c) {
        Err(GenerateError::Pair { round: 4, error: PairError::NoValidPairing(m) }) => {
            assert!(m.contains("3.3.3"), "{m}")
        }
        other => panic!("{:?}", other.map(|g| g.round_seconds)),
    }
}

#[test]
fn bad_team_options_are_clear_errors() {
    let invalid = |c: GenerateConfig, words: &str| match generate(&c) {
        Err(GenerateError::Invalid(m)) => assert!(m.contains(words), "{m}"),
        other => panic!("{words}: {:?}", other.map(|g| g.round_seconds)),
    };
    let mut c = busy(8, 4, 5, 1, "FIDE_TEAM_TYPEC_MP");
    invalid(c.clone(), "192");
    c.team.rules = "FIDE_TEAM".into();
    c.team.board_colours = Some(lexpair::generate::team::parse_board_colours("BWBW").expect("pattern"));
    invalid(c.clone(), "start the pattern with W");
    c.team.board_colours = None;
    c.half_bye_rate = 0.1;
    invalid(c.clone(), "half-point byes");
    c.half_bye_rate = 0.0;
    c.team.match_forfeit_rate = 2.0;
    invalid(c.clone(), "match forfeit rate");
    c.team.match_forfeit_rate = 0.0;
    c.field = Field::Random { players: 1, min_rating: 0, max_rating: 0 };
    invalid(c, "at least 2 teams");
}

#[test]
fn cli_generates_a_team_file_and_refuses_the_options_of_the_other_kind() {
    let dir = std::env::temp_dir().join(format!("lexpair-team-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let base = ["generate", "--system", "team-2026", "-n", "9", "--boards", "3", "-r", "5", "--seed", "4"];
    let extra =
        ["--team-rules", TYPE_B, "--forfeit-rate", "0.05", "--match-forfeit-rate", "0.05", "--absences", "0.05"];
    for name in ["a.trf", "b.trf"] {
        let o = lexpair(&[&base[..], &extra[..], &["-o", out(name).as_str()]].concat());
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let a = std::fs::read_to_string(out("a.trf")).expect("written");
    assert_eq!(a, std::fs::read_to_string(out("b.trf")).expect("written"));
    assert!(a.contains(&format!("192 {TYPE_B}")) && a.contains("352 WBW") && a.contains("142 5"), "{a}");
    replays_identically(&read_back(&a), "cli");
    // Options of the other kind: exit 3, the option named, nothing written.
    let refused: [(&[&str], &str); 6] = [
        (&["generate", "-s", "dutch-2026", "-n", "10", "-r", "3", "--seed", "1", "--boards", "4"], "--boards"),
        (
            &["generate", "-s", "dutch-2026", "-n", "10", "-r", "3", "--seed", "1", "--team-rules", TYPE_B],
            "--team-rules",
        ),
        (&[&base[..], &["--half-byes", "0.1"]].concat(), "--half-byes"),
        (&[&base[..], &["--ratings", "1400-2000"]].concat(), "--ratings"),
        (&[&base[..], &["--field", "examples/open-r5.trf"]].concat(), "--field"),
        (&[&base[..], &["--board-colours", "BWB"]].concat(), "start the pattern with W"),
    ];
    for (args, words) in refused {
        let o = lexpair(&[args, &["-o", out("refused.trf").as_str()]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!dir.join("refused.trf").exists());
    }
    // An unpairable round: exit 1, no file.
    let o = lexpair(&[
        "generate",
        "-s",
        "team-2026",
        "-n",
        "4",
        "--boards",
        "2",
        "-r",
        "4",
        "--seed",
        "1",
        "-o",
        out("u.trf").as_str(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!dir.join("u.trf").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn batch_simulate_runs_team_tournaments() {
    let dir = std::env::temp_dir().join(format!("lexpair-team-simulate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_string_lossy().into_owned();
    let args =
        ["batch", "simulate", "-s", "team-2026", "-n", "12", "--boards", "4", "-r", "5", "-k", "3", "-q", "-j", "2"];
    let o =
        lexpair(&[&args[..], &["--absences", "0.05", "--match-forfeit-rate", "0.05", "--keep-trf", "-o", &d]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(dir.join("results.csv")).expect("results.csv");
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().expect("header").split(',').collect();
    for column in ["teams", "matches", "pairing_byes", "forfeited_matches", "kendall_tau"] {
        assert!(head.contains(&column), "{column}: {head:?}");
    }
    assert_eq!(lines.count(), 3);
    let kept: Vec<_> = std::fs::read_dir(dir.join("trf")).expect("trf").flatten().collect();
    assert_eq!(kept.len(), 3);
    replays_identically(&read_back(&std::fs::read_to_string(kept[0].path()).expect("kept")), "batch");
    // Teams and players do not mix in one batch.
    let o = lexpair(&["batch", "simulate", "-s", "team-2026", "-s", "dutch-2026", "-n", "12", "-r", "3", "-o", &d]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
