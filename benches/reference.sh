#!/usr/bin/env bash
# Compares lexpair's speed with the reference engine's on the large single rounds of
# ../shared/corpus/large (bbpPairings 5.0.1, Dutch 2017, times measured on this kind of 2-core
# machine, as stated in that folder's README), checks that every output is byte-identical,
# and times the replay of both Dutch 2017 corpus folders.
#
#   bash benches/reference.sh            # all cases (the 3,000-player rounds take minutes)
#   bash benches/reference.sh p1000      # only cases whose name contains p1000
#   SYSTEM=dutch-2026 bash benches/reference.sh p1000
#       the same rounds under the 2026 rules: no 2026 reference output exists for them, so the
#       output is not compared and the ratio is to the 2017 reference's time (a rough bar)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/lexpair
large=../shared/corpus/large
filter=${1:-}
system=${SYSTEM:-dutch-2017}

# Reference seconds per case (corpus/large/README.md).
declare -A ref=(
  [p1000-r01]=16 [p1000-r02]=7.6 [p1000-r05]=4.1 [p1000-r09]=3.0
  [p3000-r01]=1140 [p3000-r02]=318 [p3000-r04]=168 [p3000-r07]=114
)

printf '%-10s %10s %10s %8s  %s\n' case lexpair_s reference_s speedup output
for f in $(ls "$large"/*.trf | sort); do
  name=$(basename "$f" .trf)
  [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
  out=$(mktemp)
  start=$(date +%s.%N)
  "$bin" pair --system "$system" "$f" > "$out"
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc)
  if [[ "$system" == dutch-2017 ]]; then
    same=$(cmp -s "$out" "$large/$name.expected" && echo identical || echo DIFFERS)
  else
    same="not compared ($system)"
  fi
  rm -f "$out"
  printf '%-10s %10.2f %10s %7.1fx  %s\n' "$name" "$secs" "${ref[$name]}" "$(echo "${ref[$name]} / $secs" | bc -l)" "$same"
done

if [[ -z "$filter" || "$filter" == corpus ]]; then
  edition=${system#dutch-}
  for folder in dutch-$edition dutch-$edition-tight; do
    start=$(date +%s.%N)
    line=$("$bin" check --system "$system" "../shared/corpus/$folder" | tail -1)
    end=$(date +%s.%N)
    printf 'replay %-17s %8.1f s  %s\n' "$folder" "$(echo "$end - $start" | bc)" "$line"
  done
fi
