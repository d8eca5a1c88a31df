#!/usr/bin/env bash
# Standings (C.07 tie-breaks) against FIDE's reference engine, Gacrux 1.11.65 (the engine of
# FIDE's tie-break server, `gacrux.tiebreakchecker`), measured in one run:
#
#   bash benches/standings.sh agreement   # every tie-break, both editions: realdata, the team
#                                         # corpus, features-*, dubov/burstein witnesses, and
#                                         # generated events with absences, half-point byes and
#                                         # forfeits (individual 1-½-0 and 3-1-0, teams): agree N/M
#   bash benches/standings.sh speed       # a 9,999-player, 11-round event: CPU and peak memory,
#                                         # lexpair beside Gacrux on the same file
#   bash benches/standings.sh html        # the printable page in headless Chromium (benches/pages.sh):
#                                         # a screenshot (docs/img/standings.png), rows and A4 pages counted
#   bash benches/standings.sh golden      # rewrite tests/data/standings/gacrux.json
#   bash benches/standings.sh             # all of the above but golden
#
# Gacrux lives in a virtual environment outside the repository (GACRUX_VENV, default
# ~/.cache/lexpair/gacrux-1.11.65), made here from PyPI when missing. Generated events are
# cached in target/bench-data. Chromium is Debian's (apt-get install chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
venv=${GACRUX_VENV:-$HOME/.cache/lexpair/gacrux-1.11.65}
if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import gacrux' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q gacrux==1.11.65
fi
gacrux=$venv/bin/python
cargo build --release -q
bin=target/release/lexpair
data=target/bench-data/standings
mkdir -p "$data"

generated() {
  # Individual events with every kind of unplayed round, standard and 3-1-0 points; team events
  # with single boards and whole matches forfeited and teams absent.
  for seed in 1 2 3 4 5 6 7 8; do
    f=$data/ind-$seed.trf
    [[ -f $f ]] || "$bin" generate -s dutch-2026 -n $((40 + 20 * seed)) -r 9 --seed "$seed" --absences 0.04 \
      --half-byes 0.03 --forfeit-rate 0.04 -o "$f"
    f=$data/ind310-$seed.trf
    [[ -f $f ]] || "$bin" generate -s dutch-2026 -n $((30 + 10 * seed)) -r 7 --seed "$seed" --points 3-1-0 \
      --absences 0.05 --forfeit-rate 0.03 -o "$f"
    f=$data/team-$seed.trf
    [[ -f $f ]] || "$bin" generate -s team-2026 -n $((10 + 3 * seed)) --boards 4 -r 7 --seed "$seed" \
      --forfeit-rate 0.03 --match-forfeit-rate 0.03 --absences 0.04 -o "$f"
  done
}

if [[ $what == agreement || $what == all ]]; then
  generated
  python3 benches/standings/agreement.py --lexpair "$bin" --gacrux "$gacrux" --json "$data/agreement.json" \
    ../shared/realdata ../shared/corpus/team-2026/tournaments ../shared/corpus/features-2017/tournaments \
    ../shared/corpus/features-2026/tournaments ../shared/corpus/dubov-2026/tournaments \
    ../shared/corpus/burstein-2026/tournaments "$data"/ind-*.trf "$data"/ind310-*.trf "$data"/team-*.trf ||
    echo "standings: some values differ (listed above)"
fi

if [[ $what == speed || $what == all ]]; then
  event=target/bench-data/p9999-r11-standings.trf
  [[ -f $event ]] || "$bin" generate --system dutch-2026 -n 9999 -r 11 --seed 10000 --absences 0.02 --half-byes 0.01 \
    --forfeit-rate 0.02 -o "$event"
  list="BH,BH/C1,BH/M1,FB,AOB,SB,SB/C1,KS,PS,WIN,WON,BPG,BWG,REP,STD,TPN,RTNG,ARO,TPR,PTP,APRO,APPO,DE"
  measure() { # prints "cpu_seconds peak_mib"
    /usr/bin/time -f '%U %S %M' "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.2f %.0f\n", $1 + $2, $3 / 1024}'
  }
  read -r ours ours_mib < <(measure "$bin" standings "$event" --tiebreaks "$list" -o /dev/null)
  read -r ref ref_mib < <(measure "$gacrux" -m gacrux.tiebreakchecker -i "$event" -s -t PTS ${list//,/ } -o /dev/null)
  echo "9,999 players, 11 rounds, PTS + 23 tie-breaks: lexpair $ours s CPU, $ours_mib MiB; Gacrux $ref s, $ref_mib MiB"
  awk -v a="$ours" -v b="$ref" -v m="$ours_mib" -v n="$ref_mib" \
    'BEGIN { printf "ratio: %.4fx the CPU time, %.3fx the peak memory of the reference\n", a / b, m / n }'
  read -r short short_mib < <(measure "$bin" standings "$event" -o /dev/null)
  echo "the default list (BH/C1,BH,SB,DE,WIN): $short s CPU, $short_mib MiB (goal: under 1 s)"
fi

if [[ $what == html || $what == all ]]; then
  bash benches/pages.sh
fi

if [[ $what == golden ]]; then
  python3 benches/standings/golden.py --lexpair "$bin" --gacrux "$gacrux" -o tests/data/standings/gacrux.json
fi
