#!/usr/bin/env bash
# The Swiss Team system (C.04.6) at size: CPU seconds (user + system, whole process) and peak
# resident memory from `/usr/bin/time -v`, beside FIDE's reference engine Gacrux when it is
# installed (outside the repository: `python3 -m venv V && V/bin/pip install gacrux==1.11.65`,
# then GACRUX=V/bin/python), as ratios (Gacrux / lexpair: above 1 means lexpair needs less).
#
#   bash benches/team.sh                 # 60 teams (rounds 2, 5, 8, 11) and 999 teams (round 5)
#   GACRUX=/path/to/venv/bin/python bash benches/team.sh
#
# The events are made by `lexpair generate -s team-2026` (4 boards, seeded, cached in
# target/bench-data), rounds 1..r-1 played; the round paired is r. Every round is also paired
# with `--cross-check solver` (every program solved, also where a first candidate provably is its
# optimum, and solved a second time on another exact route, which must reach the same optimum at
# every stage; cross_chk counts the stage optima confirmed) and must give the same output, which
# `lexpair verify` (the independent checker's team rules) must find legal. With Gacrux, its output
# must be the same, byte for byte (both print the engines' pairs format in the published order).
# Last, the whole witness corpus ../shared/corpus/team-2026 is replayed with `lexpair check`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=$PWD/target/release/lexpair
data=target/bench-data
mkdir -p "$data"

# Runs a command with /usr/bin/time -v, its output to $out; sets cpu (s) and mib.
timed() {
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" 2> "$log" > "$out" || { cat "$log" >&2; rm -f "$log"; return 1; }
  cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$log")
  mib=$(awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$log")
  rm -f "$log"
}

ratio() { # reference lexpair -> "12.3x"; below the timer's resolution (0.01) -> ">N"
  echo "$1 $2" | awk '{ if ($2 >= 0.01) printf "%.1fx", $1 / $2; else printf ">%.0fx", $1 / 0.01 }'
}

printf '%-16s %8s %6s %10s %9s %7s %9s %7s  %s\n' case cpu_s MiB cross_chk gacrux_s ratio g_MiB ratio output
for spec in "60 2" "60 5" "60 8" "60 11" "999 5"; do
  read -r teams round <<< "$spec"
  played=$((round - 1))
  name="team-$teams-r$(printf %02d "$round")"
  file=$data/$name.trf
  if [[ ! -f $file ]]; then
    "$bin" generate -s team-2026 -n "$teams" --boards 4 -r "$played" --seed "$teams" --forfeit-rate 0.01 \
      --match-forfeit-rate 0.01 --absences 0.02 -o "$data/$name.played.trf" 2> /dev/null
    # One round more scheduled: the round to pair.
    sed "s/^142 $played\$/142 $round/" "$data/$name.played.trf" > "$file"
  fi
  out=$data/$name.lexpair
  timed "$bin" pair -s team-2026 "$file"
  lcpu=$cpu lmib=$mib
  out=$data/$name.checked
  "$bin" pair -s team-2026 "$file" --cross-check solver --explain > "$out"
  confirmed=$(grep '^cross-check solver' "$out" | awk '{ print $8 + $14 "/" $8 + $14 + $20 }')
  [[ $(grep -c 'disagreements' "$out") == 1 && $(grep -c ' 0 disagreements' "$out") == 1 ]] || { echo "$name: cross-check disagreement" >&2; exit 2; }
  cmp -s <(head -n "$(head -1 "$data/$name.lexpair" | awk '{ print $1 + 1 }')" "$out") "$data/$name.lexpair" \
    || { echo "$name: the cross-checked pairing differs" >&2; exit 2; }
  "$bin" verify -s team-2026 "$file" "$data/$name.lexpair" > /dev/null || { echo "$name: the checker refuses it" >&2; exit 2; }
  gcpu=- gmib=- gr=- gmr=- same=legal
  if [[ -n "${GACRUX:-}" ]]; then
    out=$data/$name.gacrux
    timed "$GACRUX" -m gacrux.pairingchecker -i "$file" -p -d T
    gcpu=$cpu gmib=$mib
    gr=$(ratio "$gcpu" "$lcpu") gmr=$(ratio "$gmib" "$lmib")
    if cmp -s <(grep -v '^$' "$out") "$data/$name.lexpair"; then same="legal, identical to Gacrux"; else same="legal, DIFFERS from Gacrux"; fi
  fi
  printf '%-16s %8s %6s %10s %9s %7s %9s %7s  %s\n' "$name" "$lcpu" "$lmib" "$confirmed" "$gcpu" "$gr" "$gmib" "$gmr" "$same"
done

corpus=../shared/corpus/team-2026/tournaments
if [[ -d $corpus ]]; then
  out=$data/team-corpus.check
  timed "$bin" check -s team-2026 "$corpus"
  echo "corpus team-2026: $(tail -1 "$out"), $cpu s CPU, $mib MiB (937 rounds in one process)"
fi
