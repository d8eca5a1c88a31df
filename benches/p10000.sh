#!/usr/bin/env bash
# Issue 46: the 9,999-player rounds 2 and 5 of `benches/reference.sh p10000` (both Dutch editions),
# every figure measured in this run, quoted as ratios (never bare seconds across runs):
#
#   OLD=BIN bash benches/p10000.sh      beside another lexpair binary (e.g. main at 967d004)
#   THREADS=N                           the thread count compared with one (default: nproc)
#   SYSTEMS="dubov-2026 burstein-2026 lim" the other systems on the same rounds of the 2026 event,
#                                       beside lexpair's dutch-2026: CPU (the goal: at most 2x)
#                                       and peak memory, as ratios to Dutch's
#   CROSS=0                             skip the cross-check (`--cross-check solver`, slow)
#
# Per round: CPU seconds (user + system, whole process, from `/usr/bin/time -v`) and peak resident
# MiB with `--threads 1`; the same for OLD and the ratio new / old; wall seconds with `--threads 1`
# and `--threads N` and their ratio (the outputs must be byte-identical: the pairing does not depend
# on the thread count); "limit": the share of the `--threads 1` run's wall time that the first
# solve of the largest bracket takes (its quality stages merged into one weighted matching, read
# from `--explain-solver`; both in one process, so a loaded machine slows them alike).
# Then every round is paired again with `--cross-check solver` (every bracket model solved a
# second time on another exact route, which must reach the same optimum at every stage) and put
# to `lexpair verify`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=$PWD/target/release/lexpair
threads=${THREADS:-$(nproc)}
# OLD on one thread too, as the cpu_s column is, when it has the option (main before 7bf1d2d
# had none and ran on one thread).
old_threads=()
if [[ -n "${OLD:-}" ]] && "$OLD" pair --help | grep -q -- --threads; then old_threads=(--threads 1); fi
data=target/bench-data
mkdir -p "$data"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a command under /usr/bin/time -v; sets cpu (s), wall (s) and mib.
timed() {
  /usr/bin/time -v "$@" 2> "$work/time.log" > "$work/stdout" || { cat "$work/time.log" >&2; return 1; }
  cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$work/time.log")
  mib=$(awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$work/time.log")
  wall=$(awk '/Elapsed \(wall clock\)/ { n = split($NF, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.2f", s }' "$work/time.log")
}

ratio() { # a b -> a / b as "0.42x", "-" when either is missing
  if [[ -z "$1" || -z "$2" || "$1" == "-" || "$2" == "-" ]]; then echo "-"; else
    echo "$1 $2" | awk '{ if ($2 < 0.01) print "-"; else printf "%.2fx", $1 / $2 }'
  fi
}

event_of() { # system -> the cached 5-round event (made once, as reference.sh p10000 makes it)
  local event=$data/p10000-$1.trf
  if [[ ! -f "$event" ]]; then
    echo "generating a 9,999-player event of 5 rounds under $1 (once; cached in $event)" >&2
    "$bin" generate --system "$1" -n 9999 -r 5 --seed 10000 -o "$event"
  fi
  echo "$event"
}

# Wall times mean something only on a machine otherwise idle: the load is printed beside them.
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
printf '%-18s %7s %6s %7s %6s %8s %7s %7s %8s %6s  %s\n' case cpu_s MiB old_s old_MiB new/old wall_1 "wall_$threads" "$threads/1" limit output
checks=()
for system in dutch-2017 dutch-2026; do
  event=$(event_of "$system")
  for r in 2 5; do
    timed "$bin" pair --system "$system" "$event" --round "$r" --threads 1 --explain-solver -o "$work/one"
    one_cpu=$cpu one_mib=$mib one_wall=$wall
    # The largest bracket's first solve (its quality stages, one weighted matching), in seconds.
    first=$(awk '/^bracket [0-9]+ / { n = $4 + 0; big = (n > most); if (big) most = n; next }
      big && $3 == "solved" { sub("s$", "", $4); best = $4; big = 0 } END { print best + 0 }' "$work/stdout")
    limit=$(ratio "$first" "$one_wall")
    timed "$bin" pair --system "$system" "$event" --round "$r" --threads "$threads" -o "$work/many"
    many_wall=$wall
    same=$(cmp -s "$work/one" "$work/many" && echo "same on $threads threads" || echo "DIFFERS ON $threads THREADS")
    old_cpu=- old_mib=-
    if [[ -n "${OLD:-}" ]]; then
      timed "$OLD" pair --system "$system" "$event" --round "$r" "${old_threads[@]}" -o "$work/old"
      old_cpu=$cpu old_mib=$mib
      same+=$(cmp -s "$work/one" "$work/old" && echo ", same as OLD" || echo ", DIFFERS FROM OLD")
    fi
    printf '%-18s %7s %6s %7s %6s %8s %7s %7s %8s %6s  %s\n' "$system-r0$r" "$one_cpu" "$one_mib" "$old_cpu" \
      "$old_mib" "$(ratio "$one_cpu" "$old_cpu")" "$one_wall" "$many_wall" "$(ratio "$many_wall" "$one_wall")" \
      "$limit" "$same"
    if [[ "${CROSS:-1}" != 0 ]]; then
      # The cross-check's summary comes with the explanation (standard output when -o is given).
      "$bin" pair --system "$system" "$event" --round "$r" --cross-check solver --explain-solver -o "$work/twice" \
        > "$work/twice.out"
      line=$(cat "$work/twice" "$work/twice.out" | grep -m 1 '^cross-check solver:' || echo "no cross-check summary")
      cross=$(head -n "$(wc -l < "$work/many")" "$work/twice" | cmp -s - "$work/many" && echo "same output" || echo "OUTPUT DIFFERS")
      legal=$("$bin" verify --system "$system" "$event" "$work/many" --round "$r" > /dev/null && echo legal || echo ILLEGAL)
      checks+=("$system round $r: $cross, $legal; $line")
    fi
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s\n' "${checks[@]}"

if [[ -n "${SYSTEMS:-}" ]]; then
  echo
  event=$(event_of dutch-2026)
  printf '%-18s %7s %6s %9s %9s %9s %9s\n' case cpu_s MiB dutch_s dutch_MiB cpu/dutch MiB/dutch
  for r in 2 5; do
    timed "$bin" pair --system dutch-2026 "$event" --round "$r" --threads 1 -o "$work/dutch"
    dutch_cpu=$cpu dutch_mib=$mib
    for s in $SYSTEMS; do
      timed "$bin" pair --system "$s" "$event" --round "$r" --threads 1 -o "$work/other"
      printf '%-18s %7s %6s %9s %9s %9s %9s\n' "$s-r0$r" "$cpu" "$mib" "$dutch_cpu" "$dutch_mib" \
        "$(ratio "$cpu" "$dutch_cpu")" "$(ratio "$mib" "$dutch_mib")"
    done
  done
fi
