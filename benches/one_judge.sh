#!/usr/bin/env bash
# One judge, the whole sweep: every round of every shared corpus (../shared/corpus: dutch-2017,
# dutch-2017-tight, dutch-2026, dutch-2026-tight, dutch-2012, dubov-2026, burstein-2026,
# features-*, scale-*) paired by every system of players, and every round of team-2026 by the
# Swiss Team system, each pairing approved by the independent checker (lexpair::verify) or an
# exit 1 confirmed by an exact matching on the checker's own rules. CI pairs a sample of the same
# (tests/suite/one_judge.rs); this is the rest. Prints rounds, approvals and confirmed exits 1 per
# corpus and system, and the time; fails on any refusal.
#
#   bash benches/one_judge.sh            # about 25 minutes on two cores (2026-11)
set -euo pipefail
cd "$(dirname "$0")/.."
export LEXPAIR_BUG_DIR="${LEXPAIR_BUG_DIR:-$PWD/target/one-judge-bugs}"
mkdir -p "$LEXPAIR_BUG_DIR"
start=$(date +%s)
cargo test --release --quiet --test suite -- --ignored --nocapture one_judge::every_corpus_round_passes_the_checker
echo "one judge: $(( $(date +%s) - start )) s wall"
