#!/usr/bin/env bash
# The integer-program route (--backend highs) beside the weighted matching (the default):
# every round of the corpora replayed on both (`lexpair check --json`, file by file), the per-round lines
# compared (identical N/M: same outcome against the recorded pairing on both routes), and the
# CPU time of each route with its ratio highs/matching; then the two named single rounds
# (`lexpair pair`, outputs compared). Release build; run from the repository root.
#
#   benches/highs_route.sh [CORPUS_ROOT]      (default ../shared/corpus)
#   LARGE_LIMIT=SECONDS caps the 1,000-player round on HiGHS (default 600); FILE_LIMIT=SECONDS
#   caps each tournament's replay on HiGHS (default 60; a capped file counts its unfinished
#   rounds as not identical, and is counted under highs_timeouts).
set -u
root=${1:-../shared/corpus}
bin=${LEXPAIR:-${CARGO_TARGET_DIR:-target}/release/lexpair}
limit=${LARGE_LIMIT:-600}
file_limit=${FILE_LIMIT:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu() { # cpu OUT TIMEFILE -- command...: runs it, CPU seconds (user+sys, ms resolution) into TIMEFILE
    local out=$1 tf=$2 rc
    shift 3
    local TIMEFORMAT='%3U %3S'
    { time { "$@" >"$out" 2>/dev/null; echo $? >"$tf.rc"; }; } 2>"$tf.raw"
    rc=$(cat "$tf.rc")
    awk '{printf "%.3f\n", $1 + $2}' "$tf.raw" >"$tf"
    return "$rc"
}

ratio() { awk -v h="$1" -v m="$2" 'BEGIN { if (m > 0) printf "%.1f", h / m; else printf "n/a" }'; }

printf '%-18s %-10s %12s %10s %10s %8s %s\n' corpus system identical matching_s highs_s ratio highs_timeouts
for spec in dutch-2017-tight:dutch-2017 dutch-2026-tight:dutch-2026 features-2017:dutch-2017 features-2026:dutch-2026; do
    corpus=${spec%%:*}
    system=${spec#*:}
    dir=$root/$corpus/tournaments
    [ -d "$dir" ] || { echo "$corpus: missing ($dir)"; continue; }
    same=0 total=0 mcpu=0 hcpu=0 late=0
    for f in "$dir"/*.trf; do
        cpu "$tmp/m.json" "$tmp/m.t" -- "$bin" check -s "$system" --json --allow-diff "$f"
        cpu "$tmp/h.json" "$tmp/h.t" -- timeout "$file_limit" "$bin" check -s "$system" --json --allow-diff --backend highs "$f"
        [ $? -eq 124 ] && late=$((late + 1))
        total=$((total + $(wc -l <"$tmp/m.json")))
        same=$((same + $(paste -d '\n' "$tmp/m.json" "$tmp/h.json" | awk 'NR % 2 { a = $0; next } a == $0 { n++ } END { print n + 0 }')))
        mcpu=$(awk -v a="$mcpu" -v b="$(cat "$tmp/m.t")" 'BEGIN { printf "%.2f", a + b }')
        hcpu=$(awk -v a="$hcpu" -v b="$(cat "$tmp/h.t")" 'BEGIN { printf "%.2f", a + b }')
    done
    printf '%-18s %-10s %12s %10s %10s %8s %s\n' "$corpus" "$system" "$same/$total" "$mcpu" "$hcpu" \
        "$(ratio "$hcpu" "$mcpu")" "$late"
done

echo
printf '%-40s %10s %10s %8s %s\n' round matching_s highs_s ratio output
for spec in "$root/../bad-input/highs_backend_slow.trf:dutch-2017:0" "$root/large/p1000-r02.trf:dutch-2017:$limit"; do
    IFS=: read -r file system cap <<<"$spec"
    [ -f "$file" ] || { echo "$file: missing"; continue; }
    cpu "$tmp/m.out" "$tmp/m.t" -- "$bin" pair -s "$system" "$file"
    if [ "$cap" -gt 0 ]; then
        cpu "$tmp/h.out" "$tmp/h.t" -- timeout "$cap" "$bin" pair -s "$system" "$file" --backend highs
    else
        cpu "$tmp/h.out" "$tmp/h.t" -- "$bin" pair -s "$system" "$file" --backend highs
    fi
    rc=$?
    if [ $rc -eq 124 ]; then verdict="timeout after ${cap}s"
    elif cmp -s "$tmp/m.out" "$tmp/h.out"; then verdict=identical
    else verdict="DIFFERENT (exit $rc)"; fi
    printf '%-40s %10s %10s %8s %s\n' "$(basename "$file")" "$(cat "$tmp/m.t")" "$(cat "$tmp/h.t")" \
        "$(ratio "$(cat "$tmp/h.t")" "$(cat "$tmp/m.t")")" "$verdict"
done
