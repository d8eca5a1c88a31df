#!/usr/bin/env bash
# Programs that are not matchings, at scale (issue 44): the 1,000-player round 2 of
# ../shared/corpus/large under Dutch 2026
#   1. on the exact weighted matching and on the integer-program route (--backend highs), the
#      same pure-matching programs, alternately, CPU seconds (user + system) in the same run;
#   2. with a quota of one's own, `require same_group <= Q` in every bracket (groups: the
#      player's id times 7919 modulo G, G groups), which makes the brackets whose pairing breaks
#      it integer programs (HiGHS).
# Usage: bash benches/quota.sh [RUNS] [G] [Q]      (default 2 runs, 20 groups, quota 2)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-2}
G=${2:-20}
Q=${3:-2}
L=${LEXPAIR:-target/release/lexpair}
ROUND=../shared/corpus/large/p1000-r02.trf
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -x "$L" ] || cargo build --release
awk -v g="$G" 'BEGIN { print "id,group"; for (i = 1; i <= 1000; i++) print i "," "g" (i * 7919) % g }' > "$TMP/groups.csv"
printf 'define same = same_group\nrequire same <= %s\n' "$Q" > "$TMP/quota.model"
cpu() { # prints CPU seconds and peak MiB of the command, its output in $TMP/out
  /usr/bin/time -f "%U %S %M" -o "$TMP/time" "$@" > "$TMP/out"
  tail -n 1 "$TMP/time" | awk '{ printf "%.2f s %d MiB", $1 + $2, $3 / 1024 }'
}
for k in $(seq "$RUNS"); do
  m=$(cpu "$L" pair -s dutch-2026 "$ROUND" --threads 1); cp "$TMP/out" "$TMP/matching.txt"
  h=$(cpu "$L" pair -s dutch-2026 --backend highs "$ROUND" --threads 1)
  same=$(cmp -s "$TMP/out" "$TMP/matching.txt" && echo "same pairing" || echo "PAIRINGS DIFFER")
  echo "run $k: matching $m; highs $h; $same"
done
for k in $(seq "$RUNS"); do
  # Capped by `timeout`, not `--time-limit`: a time limit makes every relaxation a fresh one
  # (the warm relaxation and its working set serve runs without one), so it would time another
  # route than a user's run takes.
  q=$(cpu timeout "${QUOTA_LIMIT:-1800}" "$L" pair -s dutch-2026 --model "$TMP/quota.model" --groups "$TMP/groups.csv" "$ROUND" --threads 1)
  [ -s "$TMP/out" ] || q+=" (unfinished within ${QUOTA_LIMIT:-1800} s)"
  echo "run $k: quota same_group <= $Q ($G groups): $q"
done
