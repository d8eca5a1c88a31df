#!/usr/bin/env bash
# The federation quota on a real event: the World Blitz Chess Championship 2021 (Open, 179
# players, 21 rounds; 31 of Poland, 29 under the FIDE flag, 12 of India). Three formulations of
# Dutch 2026 (examples/federation-quota/*.model): the rules as they are, no compatriots in the
# first nine rounds (a forbidding of pairs), at most one pair of compatriots per bracket in them (a
# quota); each records the pairs of one federation on every round (`own same_fed`).
#   1. replay: every round of the real event re-paired from its real history by each;
#   2. simulate: SEEDS tournaments on the real field, results from the Elo model, the standard
#      metrics paired by seed against the rules as they are (--baseline).
# Usage: bash examples/federation-quota/run.sh [SEEDS] [OUT] [batch options...]
set -euo pipefail
cd "$(dirname "$0")/../.."
SEEDS=${1:-30}
OUT=${2:-target/federation-quota}
shift $(( $# < 2 ? $# : 2 ))
L=${LEXPAIR:-target/release/lexpair}
EVENT=../shared/realdata/tiebreak__2021-World-Blitz-Chess-Championship-Open.trf
M=examples/federation-quota
MODELS=(--model "dutch-2026=$M/baseline.model" --model "dutch-2026=$M/no-compatriots.model"
        --model "dutch-2026=$M/quota.model")
"$L" batch replay "${MODELS[@]}" "$EVENT" -o "$OUT/replay" -q "$@"
"$L" batch simulate --field "$EVENT" -r 21 -k "$SEEDS" "${MODELS[@]}" --baseline dutch-2026=baseline \
    -o "$OUT/sim" --plot "$OUT/sim/plots" -q "$@"
python3 "$M/summarize.py" "$OUT"
