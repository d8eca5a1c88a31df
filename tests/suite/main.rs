//! lexpair's integration tests, one binary: each file of this folder is a module (a subject: a
//! system, a command, a kind of input), and `../common` is the one shared test kit. One binary
//! rather than one per file: each would link HiGHS statically again (about fifty links and a
//! gigabyte of test binaries on a clean build). Run one subject with its module's name:
//! `cargo test --release --test suite corpus_dubov_2026::`.
//! `../lexicographic.rs` stays a binary of its own: CI runs it again under `--features lp-microlp`.

#[path = "../common/mod.rs"]
mod common;

mod acceleration;
mod arbiter;
mod architecture;
mod batch;
mod beyond_the_rules;
mod blank_round_fields;
mod burstein;
mod cli;
mod corpus_dubov_2026;
mod corpus_dutch;
mod criteria_names;
mod custom_criteria;
mod double_cli;
mod double_corpus;
mod double_generate;
mod double_rules;
mod drop_in;
mod dubov_2018;
mod dubov_adjudicated;
mod dubov_backends;
mod dutch_2012;
mod dutch_2012_brackets;
mod dutch_2026;
mod explain;
mod finished_tournaments;
mod generate;
mod hostile_input;
mod lim_corpus;
mod lim_golden;
mod lp_export;
mod metrics;
mod one_judge;
mod own_constraints;
mod pairability;
mod second_opinion;
mod silently_wrong;
mod standings;
mod standings_exercises;
mod team_cli;
mod team_corpus;
mod team_generate;
mod team_lineups;
mod team_rules;
mod threads;
mod top_scoregroup_formulations;
mod tournament_state;
mod trf_errors;
mod trf_exports;
mod trf_roundtrip;
mod verify;
mod verify_corpus;
mod verify_cross_check;
mod weighted_matching;
