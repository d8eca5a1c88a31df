#!/usr/bin/env bash
# lexpair against the reference engines on large rounds: CPU seconds (user + system, whole
# process) and peak resident memory from `/usr/bin/time -v`, beside the figures measured for
# bbpPairings 5.0.1 and JaVaFo 2.2 on this kind of 2-core machine (../shared/corpus/README.md,
# issue 12), as ratios (reference / lexpair: above 1 means lexpair needs less).
#
#   bash benches/reference.sh                  # the 8 large rounds (3,000-player ones take minutes)
#   bash benches/reference.sh p1000            # only cases whose name contains p1000
#   BBP=PATH bash benches/reference.sh [FILTER] # bbpPairings (`--dutch IN -p OUT`, e.g. 5.0.1 built
#       outside the repository) measured in this run instead of the recorded figures, its output
#       compared with the .expected file (or with BBP6_OUT's under SYSTEM=dutch-2026); the
#       3,000-player round 1 takes it about 20 CPU minutes
#   SYSTEM=dutch-2026 [BBP6_OUT=DIR] bash benches/reference.sh
#       the same rounds under the 2026 rules, beside bbpPairings 6.0.0's figures (JaVaFo has no
#       2026 rules); no .expected file exists for them, so outputs are compared only with
#       bbpPairings 6 outputs in DIR (`bbpPairings.exe --dutch NAME.trf -p DIR/NAME.out`)
#   bash benches/reference.sh p10000           # rounds 1, 2 and 5 of a 9,999-player event (the most a TRF holds) made
#       with `lexpair generate` (cached in target/bench-data). No reference engine finishes such
#       rounds, so each is paired again with `--cross-check solver`: every bracket model solved a
#       second time on another exact route (HiGHS up to 1,000 pairs, the weighted matching on the
#       whole graph beyond), which must reach the same optimum at every stage; and the output
#       passes `lexpair verify` (the independent checker).
#   bash benches/reference.sh scale            # replay ../shared/corpus/scale-2017 (or -2026 with
#       SYSTEM=dutch-2026) round by round: every round must be identical to bbpPairings
#   bash benches/reference.sh corpus           # replay the Dutch corpora of the edition
#   CPPDUBOV=BIN PY4SWISS=VENV/bin/python bash benches/reference.sh systems [FILTER]
#       Dubov, Burstein and Lim on the large rounds (FILTER: only rounds whose name contains it),
#       each beside lexpair's Dutch 2026 on the same round and beside CPPDubovSystem 2.2 and
#       py4swiss 0.3.1 (built or installed outside the repository), all measured in this run;
#       a column whose variable is unset is skipped. See benches/reference/systems.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=$PWD/target/release/lexpair
large=../shared/corpus/large
filter=${1:-}
system=${SYSTEM:-dutch-2017}
edition=${system#dutch-}

if [[ "$filter" == systems ]]; then
  exec bash benches/reference/systems.sh "$bin" "${2:-}"
fi

# bbpPairings 5.0.1: CPU seconds and peak MiB (measured side by side 2026-11-23; the 3,000-player
# rounds 2 and 4 on 2026-11-24 with `/usr/bin/time -v bbpPairings.exe --dutch IN -p OUT`, outputs
# identical to the .expected files; round 1 was timed by the corpus's author, memory not recorded).
declare -A bbp_cpu=([p1000-r01]=20.1 [p1000-r02]=11.2 [p1000-r05]=5.05 [p1000-r09]=3.45
  [p3000-r01]=1140 [p3000-r02]=233 [p3000-r04]=128 [p3000-r07]=134)
declare -A bbp_mib=([p1000-r01]=72 [p1000-r02]=58 [p1000-r05]=34 [p1000-r09]=28
  [p3000-r02]=343 [p3000-r04]=253 [p3000-r07]=185)
# JaVaFo 2.2 (Java start-up included; it runs out of memory on p3000 rounds 2 and 4).
declare -A jav_cpu=([p1000-r01]=0.36 [p1000-r02]=2.2 [p1000-r05]=2.8 [p1000-r09]=2.3
  [p3000-r01]=0.56 [p3000-r07]=434)
declare -A jav_mib=([p1000-r01]=64 [p1000-r02]=320 [p1000-r05]=453 [p1000-r09]=386
  [p3000-r01]=77 [p3000-r07]=6451)

# bbpPairings 6.0.0 (`--dutch`, the 2026 rules; no .expected file exists for it), measured side by
# side the same way on 2026-11-24 (the 3,000-player rounds 1 and 2 on 2026-11-25, two at a time).
# Its outputs of all eight rounds (2026-11-25) are identical to lexpair's: pass them as BBP6_OUT.
declare -A bbp6_cpu=([p1000-r01]=20.8 [p1000-r02]=17.3 [p1000-r05]=24.5 [p1000-r09]=22.5 [p3000-r01]=797
  [p3000-r02]=783 [p3000-r04]=786 [p3000-r07]=808)
declare -A bbp6_mib=([p1000-r01]=72 [p1000-r02]=63 [p1000-r05]=85 [p1000-r09]=118 [p3000-r01]=623
  [p3000-r02]=546 [p3000-r04]=823 [p3000-r07]=1290)
if [[ "$system" == dutch-2026 ]]; then
  # Under the 2026 rules the reference is bbpPairings 6; JaVaFo 2.2 implements the 2017 rules.
  for k in "${!bbp_cpu[@]}"; do unset "bbp_cpu[$k]"; done
  for k in "${!bbp_mib[@]}"; do unset "bbp_mib[$k]"; done
  for k in "${!bbp6_cpu[@]}"; do bbp_cpu[$k]=${bbp6_cpu[$k]}; done
  for k in "${!bbp6_mib[@]}"; do bbp_mib[$k]=${bbp6_mib[$k]}; done
  jav_cpu=() jav_mib=()
fi

ratio() { # reference lexpair -> "12.3x" or "-"; below the timer's resolution (0.01) -> ">N"
  if [[ -z "$1" ]]; then echo "-"; else echo "$1 $2" | awk '{ if ($2 >= 0.01) printf "%.2fx", $1 / $2; else printf ">%.0fx", $1 / 0.01 }'; fi
}

# Runs lexpair with /usr/bin/time -v; sets cpu (s) and mib.
timed() {
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" 2> "$log" > /dev/null || { cat "$log" >&2; rm -f "$log"; return 1; }
  cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$log")
  mib=$(awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$log")
  rm -f "$log"
}

header() {
  printf '%-11s %9s %9s %8s %8s %8s %8s %8s %8s  %s\n' case cpu_s bbp_s bbp/lp jav_s jav/lp MiB bbp/lp jav/lp output
}

if [[ -z "$filter" || "$filter" == p1000-* || "$filter" == p1000 || "$filter" == p3000* ]]; then
  header
  for f in $(ls "$large"/*.trf | sort); do
    name=$(basename "$f" .trf)
    [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
    out=$(mktemp)
    if [[ -n "${BBP:-}" ]]; then
      bbp_out=$(mktemp)
      timed "$BBP" --dutch "$f" -p "$bbp_out"
      bbp_cpu[$name]=$cpu bbp_mib[$name]=$mib
      if [[ "$system" == dutch-2017 ]] && ! cmp -s "$bbp_out" "$large/$name.expected"; then
        echo "$name: bbpPairings's output differs from $name.expected" >&2
      fi
      rm -f "$bbp_out"
    fi
    timed "$bin" pair --system "$system" "$f" -o "$out"
    if [[ "$system" == dutch-2017 ]]; then
      same=$(cmp -s "$out" "$large/$name.expected" && echo identical || echo DIFFERS)
    elif [[ -n "${BBP6_OUT:-}" && -s "$BBP6_OUT/$name.out" ]]; then
      # BBP6_OUT: a folder of bbpPairings 6 outputs (`--dutch NAME.trf -p NAME.out`).
      same=$(cmp -s "$out" "$BBP6_OUT/$name.out" && echo "identical (bbp 6)" || echo "DIFFERS (bbp 6)")
    else
      same="not compared ($system)"
    fi
    rm -f "$out"
    printf '%-11s %9s %9s %8s %8s %8s %8s %8s %8s  %s\n' "$name" "$cpu" "${bbp_cpu[$name]:--}" \
      "$(ratio "${bbp_cpu[$name]:-}" "$cpu")" "${jav_cpu[$name]:--}" "$(ratio "${jav_cpu[$name]:-}" "$cpu")" \
      "$mib" "$(ratio "${bbp_mib[$name]:-}" "$mib")" "$(ratio "${jav_mib[$name]:-}" "$mib")" "$same"
  done
fi

if [[ "$filter" == p10000 ]]; then
  data=target/bench-data
  mkdir -p "$data"
  event=$data/p10000-$system.trf
  limit=${P10000_LIMIT:-1800}
  if [[ ! -f "$event" ]]; then
    echo "generating a 9,999-player event of 5 rounds under $system (once; cached in $event; at most $limit s)"
    if ! timeout "$limit" "$bin" generate --system "$system" -n 9999 -r 5 --seed 10000 -o "$event"; then
      # lexpair pairs rounds 2-4 itself to make the history; when that does not finish, only
      # round 1 can be timed (from a one-round event).
      echo "the 5-round history did not finish within $limit s: timing round 1 only"
      event=$data/p10000-$system-r1.trf
      "$bin" generate --system "$system" -n 9999 -r 1 --seed 10000 -o "$event"
    fi
  fi
  header
  checks=()
  for r in 1 2 5; do
    [[ "$event" == *-r1.trf && $r != 1 ]] && continue
    out=$(mktemp)
    timed "$bin" pair --system "$system" "$event" --round "$r" -o "$out"
    printf '%-11s %9s %9s %8s %8s %8s %8s %8s %8s  %s\n' "p10000-r0$r" "$cpu" - - - - "$mib" - - "no reference"
    # The same round solved twice per bracket, on two exact routes; the same output; legal.
    twice=$(mktemp)
    start=$(date +%s)
    # The cross-check's summary comes with the explanation (standard output when -o is given).
    line=$("$bin" pair --system "$system" "$event" --round "$r" --cross-check solver --explain-solver -o "$twice" \
      | grep '^cross-check solver:' || echo "no cross-check summary")
    same=$(head -n "$(wc -l < "$out")" "$twice" | cmp -s - "$out" && echo "same output" || echo "OUTPUT DIFFERS")
    legal=$("$bin" verify --system "$system" "$event" "$out" --round "$r" > /dev/null && echo "legal" || echo "ILLEGAL")
    checks+=("round $r ($(( $(date +%s) - start )) s): $same, $legal; $line")
    rm -f "$out" "$twice"
  done
  printf '%s\n' "${checks[@]}"
fi

if [[ "$filter" == scale ]]; then
  folder=../shared/corpus/scale-$edition
  start=$(date +%s)
  line=$("$bin" check --system "$system" "$folder" | tail -1)
  echo "replay $folder ($(( $(date +%s) - start )) s): $line"
fi

if [[ -z "$filter" || "$filter" == corpus ]]; then
  for folder in dutch-$edition dutch-$edition-tight; do
    timed "$bin" check --system "$system" "../shared/corpus/$folder"
    line=$("$bin" check --system "$system" "../shared/corpus/$folder" | tail -1)
    printf 'replay %-17s %8s s CPU %6s MiB  %s\n' "$folder" "$cpu" "$mib" "$line"
  done
fi
