#!/usr/bin/env bash
# Ranking quality of Swiss systems, after the protocol of Sauer, Cseh & Lenzner (2024):
# simulated tournaments with known true strengths (the ratings; results from the Elo
# expectation with draws), Kendall's tau between the final standings and the true strength
# order, Dutch against the other systems, against formulation variants and against the
# whole-field mechanism of the paper (examples/whole-field/sauer2024.model), 100+ players,
# 9 and 11 rounds, many seeds. Usage (from the repository root):
#
#   bash examples/sauer2024/run.sh [SEEDS] [OUT]        # default 100 seeds into target/sauer2024
#
# Runs are resumable: run it again after an interruption and finished tournaments are skipped.
set -euo pipefail
SEEDS=${1:-100}
OUT=${2:-target/sauer2024}
HERE=examples/sauer2024
LEXPAIR=${LEXPAIR:-target/release/lexpair}
[ -x "$LEXPAIR" ] || cargo build --release
for ROUNDS in 9 11; do
  "$LEXPAIR" batch simulate \
    -s dutch-2026 -s dutch-2017 -s dubov-2026 -s lim \
    --model dutch-2017="$HERE/dutch-2017-no-c7.model" \
    --model dutch-2026="$HERE/dutch-2026-no-colours.model" \
    --model dutch-2026="$HERE/dutch-2026-floats-before-colours.model" \
    --model field=examples/whole-field/sauer2024.model \
    --players 120 --ratings 1400-2600 --rounds "$ROUNDS" --seeds "$SEEDS" \
    --draw-rate 0.3 --white-advantage 35 \
    --baseline dutch-2017 \
    --out "$OUT/rounds-$ROUNDS" --plot "$OUT/rounds-$ROUNDS/plots" "${@:3}"
done
