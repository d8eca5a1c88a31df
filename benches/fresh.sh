#!/usr/bin/env bash
# Fresh differential runs (issue 28): a reference engine's OWN random generator makes N new
# tournaments, every round paired by the engine itself, and `lexpair check` replays them all. No
# file is reused: each run draws a new seed from /dev/urandom (printed; SEED=... replays a run).
#
#   bash benches/fresh.sh ENGINE SYSTEM N
#   bash benches/fresh.sh /work/tools/bbp/v5/bbpPairings.exe dutch-2017 200   # bbpPairings 5.0.1
#   bash benches/fresh.sh /work/tools/bbp/v6/bbpPairings.exe dutch-2026 200   # bbpPairings 6.0.0
#   SEED=123456789 bash benches/fresh.sh ENGINE SYSTEM N                      # the same N events
#
# ENGINE is a bbpPairings binary built outside the repository (`make COMP=gcc` in a checkout of
# tag v5.0.1 or v6.0.0; this script installs and downloads nothing); SYSTEM is the lexpair system
# of its rules: dutch-2017 for 5.0.1, dutch-2026 for 6.0.0. From the seed, a fixed generator
# (minstd, in this script) draws each event's configuration for `ENGINE --dutch -g CFG -o T.trf
# -s S`: 6 to 400 players (about a quarter 6-14 players with rounds close to players - 1, the
# near round-robin events; then 15-60, 61-200, 201-400), the draw rate, forfeits (`ForfeitRate`:
# 1 game in R forfeited, single or double), zero-point byes (`RetiredRate`: 1 player in R has
# some) and half-point byes (`HalfPointByeRate`), and 3-1-0 points in about a quarter. When the
# engine's own generation meets a round without a legal pairing (exit 1), the event is made again
# with one round fewer, as often as needed (counted as "shortened").
#
# `lexpair check -s SYSTEM DIR` replays the files as the engine wrote them, as a user would. The
# engine writes no XXR line (total rounds) in a complete tournament and reads a file without one
# as ending with its last recorded round; the same files are therefore checked a second time with
# `XXR <rounds in the file>` added, which separates that reading from the pairings themselves.
#
# Everything is kept in target/fresh/RUN (RUN = date-SYSTEM-seed): tournaments/*.trf as the
# engine wrote them, stated/*.trf (the same with XXR), configs/*.cfg (each event's configuration
# and the engine's seed), check.txt and check-stated.txt (lexpair's output) and, for every round
# not identical in either check, mismatches/NAME-rR/: cut.trf (rounds 1..R-1, scores recomputed,
# and XXR: the input of round R), recorded.pairs (round R in the file), engine.pairs (the engine
# on cut.trf), lexpair.pairs (`lexpair pair` on cut.trf), verify.txt (`lexpair verify` of the
# engine's pairing: legal? how it compares with lexpair's, criterion by criterion), check.txt.
#
# Last lines: `fresh: with XXR stated: identical ...` and `fresh identical N/M rounds, T/U
# tournaments` (rounds identical / rounds replayed, tournaments with every round identical, as
# the engine wrote them). Exit 0 when every round is identical, 1 when some differ, 2 when the
# engine failed or lexpair check failed (exit 2 or 5), 3 on bad arguments.
set -euo pipefail

usage() {
  sed -n '6,9p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 3
}
[[ $# -eq 3 ]] || usage
engine=$(realpath -e "$1" 2> /dev/null) || { echo "fresh: no engine at $1" >&2; exit 3; }
system=$2
count=$3
[[ -x $engine ]] || { echo "fresh: $engine is not executable" >&2; exit 3; }
case $system in dutch-2017 | dutch-2026) ;; *) echo "fresh: SYSTEM is dutch-2017 or dutch-2026" >&2; exit 3 ;; esac
[[ $count =~ ^[1-9][0-9]{0,3}$ ]] || { echo "fresh: N is a count of tournaments (1-9999)" >&2; exit 3; }

cd "$(dirname "$0")/.."
cargo build --release --quiet
target=${CARGO_TARGET_DIR:-target}
[[ $target == /* ]] || target=$PWD/$target
bin=$target/release/lexpair

# The run's seed: minstd's range, 1..2^31-2 (the engine's generator is minstd too).
if [[ -n ${SEED:-} ]]; then
  if ! [[ $SEED =~ ^[0-9]{1,10}$ ]] || ((SEED < 1 || SEED > 2147483646)); then
    echo "fresh: SEED is 1..2147483646" >&2
    exit 3
  fi
  seed=$SEED
else
  seed=$(($(od -An -N4 -tu4 /dev/urandom | tr -d ' ') % 2147483646 + 1))
fi
state=$seed
# pick LO HI: sets r to a number in LO..HI (minstd: state * 48271 mod 2^31 - 1, no overflow).
pick() {
  state=$((state * 48271 % 2147483647))
  r=$(($1 + state % ($2 - $1 + 1)))
}

# elapsed START: wall seconds since START (an $EPOCHREALTIME), one decimal.
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

run=target/fresh/$(date +%Y%m%d-%H%M%S)-$system-$seed
dir=$run/tournaments
mkdir -p "$dir" "$run/configs"
banner=$("$engine" 2>&1 | head -1 | sed 's/ (https[^)]*)//') || true
echo "fresh: SEED=$seed, $count tournaments, lexpair $system against $banner"
echo "fresh: kept in $run"

# 1. The engine makes the tournaments.
start=$EPOCHREALTIME
shortened=0 failed=0 rr=0 big=0 three=0
for ((i = 1; i <= count; i++)); do
  name=$(printf 't%04d' "$i")
  pick 1 100
  if ((r <= 25)); then # near round-robin: rounds = players - 1, - 2 or - 3
    pick 6 14 && players=$r
    pick 1 3 && rounds=$((players - r))
    rr=$((rr + 1))
  elif ((r <= 65)); then
    pick 15 60 && players=$r
    pick 5 11 && rounds=$r
  elif ((r <= 90)); then
    pick 61 200 && players=$r
    pick 5 13 && rounds=$r
  else
    pick 201 400 && players=$r
    pick 5 11 && rounds=$r
    big=$((big + 1))
  fi
  # A rate of 1e9 means none (1 in 1e9 games or players).
  pick 5 60 && draws=$r
  pick 1 4 && if ((r == 1)); then forfeit=1000000000; else pick 4 60 && forfeit=$r; fi
  pick 1 3 && if ((r == 1)); then retired=1000000000; else pick 3 80 && retired=$r; fi
  pick 1 3 && if ((r == 1)); then halfbye=1000000000; else pick 2 60 && halfbye=$r; fi
  pick 1 4 && points=$r
  pick 1 2147483646 && engine_seed=$r
  cfg=$run/configs/$name.cfg
  planned=$rounds
  while :; do
    {
      echo "# $banner --dutch -g $name.cfg -o $name.trf -s $engine_seed"
      echo "PlayersNumber=$players"
      echo "RoundsNumber=$rounds"
      echo "DrawPercentage=$draws"
      echo "ForfeitRate=$forfeit"
      echo "RetiredRate=$retired"
      echo "HalfPointByeRate=$halfbye"
      if ((points == 1)); then
        echo "PointsForWin=3.0"
        echo "PointsForDraw=1.0"
      fi
    } > "$cfg"
    rc=0
    "$engine" --dutch -g "$cfg" -o "$dir/$name.trf" -s "$engine_seed" > "$run/configs/$name.log" 2>&1 || rc=$?
    # Exit 1: no legal pairing in some round of the engine's own generation.
    if ((rc == 1 && rounds > 2)); then
      rounds=$((rounds - 1))
      continue
    fi
    break
  done
  if ((rc != 0)); then
    echo "fresh: $name: the engine failed (exit $rc): $(tr '\n' ' ' < "$run/configs/$name.log")" >&2
    rm -f "$dir/$name.trf"
    failed=$((failed + 1))
    continue
  fi
  if ((points == 1)); then three=$((three + 1)); fi
  if ((rounds < planned)); then shortened=$((shortened + 1)); fi
  rm -f "$run/configs/$name.log"
done
gen_s=$(elapsed "$start")
made=$(find "$dir" -name '*.trf' | wc -l)

# What the files hold (TRF columns: a round is 10 characters from column 92; result at +7).
# shellcheck disable=SC2016 # awk code
read -r pmin pmax forfeits halfbyes zerobyes pabs < <(cat "$dir"/*.trf | tr '\r' '\n' | awk '
  /^012 / { if (n) { players[n] = p }; n++; p = 0 }
  /^001 / {
    p++
    for (c = 92; c + 7 <= length($0); c += 10) {
      x = substr($0, c + 7, 1)
      if ((x == "+" || x == "-") && !(n in f)) { f[n] = 1; nf++ }
      if (x == "H" && !(n in h)) { h[n] = 1; nh++ }
      if (x == "Z" && !(n in z)) { z[n] = 1; nz++ }
      if (x == "U" && !(n in u)) { u[n] = 1; nu++ }
    }
  }
  END {
    players[n] = p; lo = 1e9; hi = 0
    for (i = 1; i <= n; i++) { if (players[i] < lo) lo = players[i]; if (players[i] > hi) hi = players[i] }
    printf "%d %d %d %d %d %d\n", lo, hi, nf, nh, nz, nu
  }') || true
echo "fresh: $made tournaments made by the engine in $gen_s s ($pmin-$pmax players; $rr near round-robin," \
  "$big of 201-400 players; $three with 3-1-0; with forfeits $forfeits, half-point byes $halfbyes," \
  "zero-point byes $zerobyes, a PAB $pabs; $shortened shortened by a round, $failed failed)"

# 2. lexpair replays them, as a user would: check.txt. Then once more on copies that state the
# number of rounds (XXR = the rounds in the file, stated/*.trf: check-stated.txt). The engine
# writes no XXR line in a complete tournament, and reads a file without one as ending with its
# last recorded round (bbpPairings' trf.cpp: expectedRounds = playedRounds); the last round has
# rules of its own (topscorers, C.04.3 A.7 and C.3 of 2017). The second figure separates that
# reading from the pairing itself.
# check OUT DIR: `lexpair check -s SYSTEM DIR` > OUT.txt (stderr OUT.err); sets same, total, rc, secs.
check() {
  local start
  start=$EPOCHREALTIME
  rc=0
  "$bin" check -s "$system" "$2" > "$run/$1.txt" 2> "$run/$1.err" || rc=$?
  secs=$(elapsed "$start")
  same='' total=''
  read -r same total < <(sed -n 's#^identical \([0-9]*\)/\([0-9]*\)$#\1 \2#p' "$run/$1.txt" | tail -1) || true
  if [[ -z $same ]] || ((rc == 2 || rc == 5)); then
    cat "$run/$1.txt" "$run/$1.err" >&2
    echo "fresh: lexpair check -s $system $2 failed (exit $rc)" >&2
    exit 2
  fi
  grep -v '^lexpair: [0-9]* of [0-9]* rounds differ$' "$run/$1.err" | sed 's/^/fresh: lexpair says: /' || true
}
check check "$dir"
echo "fresh: lexpair check -s $system $dir: exit $rc, $same/$total identical, $secs s"
raw_same=$same raw_total=$total raw_secs=$secs
mkdir -p "$run/stated"
for f in "$dir"/*.trf; do
  tr '\r' '\n' < "$f" | awk '
    { line[++n] = $0 }
    /^(XXR|142) / { stated = 1 }
    /^001 / { k = int((length($0) - 89) / 10); if (k > rounds) rounds = k }
    END { for (i = 1; i <= n; i++) { print line[i]; if (i == 1 && !stated) print "XXR " rounds } }' > "$run/stated/${f##*/}"
done
check check-stated "$run/stated"
echo "fresh: the same with XXR stated, lexpair check -s $system $run/stated: exit $rc, $same/$total identical, $secs s"
stated_same=$same stated_total=$total

# 3. Each round that is not identical (in either check), for adjudication.
# cut_before FILE R: rounds 1..R-1 of FILE, the byes and absences entered in round R (not the PAB),
# scores recomputed from the point system of the file (162 records or BBx lines) over rounds 1..R-1,
# XXR = the rounds of FILE (so the last round is still the last one).
cut_before() {
  tr '\r' '\n' < "$1" | awk -v R="$2" '
    { line[++n] = $0 }
    /^001 / { k = int((length($0) - 89) / 10); if (k > rounds) rounds = k }
    /^162 / { for (c = 6; c + 4 <= length($0); c += 9) pts[substr($0, c, 1)] = substr($0, c + 1, 4) + 0 }
    /^BB[WDLZFU] / { pts[substr($0, 3, 1) == "U" ? "P" : substr($0, 3, 1) == "F" ? "Z" : substr($0, 3, 1)] = $2 + 0 }
    END {
      w = ("W" in pts) ? pts["W"] : 1; d = ("D" in pts) ? pts["D"] : 0.5; l = pts["L"] + 0; z = pts["Z"] + 0
      pab = ("P" in pts) ? pts["P"] : w
      for (i = 1; i <= n; i++) {
        s = line[i]
        if (s ~ /^(XXR|142) /) continue
        if (s ~ /^001 /) {
          # Round R itself keeps what was entered before it was paired: byes and absences.
          next_entry = substr(s, 90 + 10 * (R - 1), 10)
          s = substr(s, 1, 89 + 10 * (R - 1)); total = 0
          for (c = 92; c + 7 <= length(s); c += 10) {
            x = substr(s, c + 7, 1)
            total += (x ~ /[1+WF]/) ? w : (x == "U") ? pab : (x ~ /[=DH]/) ? d : (x ~ /[0L]/) ? l : z
          }
          s = substr(s, 1, 80) sprintf("%4.1f", total) substr(s, 85)
          if (substr(next_entry, 3, 4) + 0 == 0 && substr(next_entry, 10, 1) ~ /[HFZ-]/) s = s next_entry
        }
        print s
        if (i == 1) print "XXR " rounds
      }
    }'
}
# recorded FILE R: round R of FILE in the engines' pairs format (count, then "white black", "id 0").
recorded() {
  tr '\r' '\n' < "$1" | awk -v c=$((92 + 10 * ($2 - 1))) '
    /^001 / {
      id = substr($0, 5, 4) + 0; opp = substr($0, c, 4) + 0; col = substr($0, c + 5, 1); x = substr($0, c + 7, 1)
      if (opp > 0 && col == "w") out[++n] = id " " opp
      if (x == "U") out[++n] = id " 0"
    }
    END { print n; for (i = 1; i <= n; i++) print out[i] }'
}
# said OUT NAME R: what check OUT said of round R of NAME (its line and the indented ones after it).
said() {
  awk -v head="$2.trf: round $3:" 'index($0, head) { on = 1; sub(/^.*\.trf: /, ""); print; next }
    on && /^  / { print; next } { on = 0 }' "$run/$1.txt"
}
# sorted_same A B: the same pairs file, boards in any order.
sorted_same() { [[ -s $1 && -s $2 ]] && cmp -s <(tail -n +2 "$1" | sort) <(tail -n +2 "$2" | sort); }
# The rounds named by either check, as "tNNNN R" (R empty for a file that could not be read).
mismatched=$(cat "$run/check.txt" "$run/check-stated.txt" | grep -E '^.*\.trf: (round [0-9]+|cannot read):' \
  | sed -E 's#^.*/([^/]*)\.trf: (round ([0-9]+)|cannot read):.*#\1 \3#' | sort -u || true)
raw_bad=$({ grep -E '^.*\.trf: (round [0-9]+|cannot read):' "$run/check.txt" || true; } | sed -E 's#\.trf: .*##' | sort -u | wc -l)
stated_bad=$({ grep -E '^.*\.trf: (round [0-9]+|cannot read):' "$run/check-stated.txt" || true; } | sed -E 's#\.trf: .*##' | sort -u | wc -l)
if [[ -n $mismatched ]]; then
  mkdir -p "$run/mismatches"
  while read -r name round; do
    [[ -n $round ]] || { echo "fresh: $name: unreadable"; continue; }
    file=$dir/$name.trf
    m=$run/mismatches/$name-r$round
    mkdir -p "$m"
    { echo "as the engine wrote it:"; said check "$name" "$round"; echo "with XXR stated:"; said check-stated "$name" "$round"; } > "$m/check.txt"
    cut_before "$file" "$round" > "$m/cut.trf"
    recorded "$file" "$round" > "$m/recorded.pairs"
    "$engine" --dutch "$m/cut.trf" -p "$m/engine.pairs" > "$m/engine.log" 2>&1 || echo "engine exit $?" >> "$m/engine.log"
    "$bin" pair -s "$system" "$m/cut.trf" -o "$m/lexpair.pairs" > "$m/lexpair.log" 2>&1 || echo "lexpair exit $?" >> "$m/lexpair.log"
    "$bin" verify -s "$system" "$m/cut.trf" "$m/engine.pairs" > "$m/verify.txt" 2>&1 || echo "verify exit $?" >> "$m/verify.txt"
    engine_cut=$(sorted_same "$m/recorded.pairs" "$m/engine.pairs" && echo "as recorded" || echo "OTHERWISE than recorded")
    lexpair_cut=$(sorted_same "$m/engine.pairs" "$m/lexpair.pairs" && echo "identical" || echo "DIFFERENT")
    raw=$(said check "$name" "$round" | head -1 | sed 's/^round [0-9]*: //')
    stated=$(said check-stated "$name" "$round" | head -1 | sed 's/^round [0-9]*: //')
    echo "fresh: $name round $round: ${raw:-identical} (with XXR stated: ${stated:-identical});" \
      "on cut.trf the engine pairs $engine_cut, lexpair's pairing is $lexpair_cut;" \
      "verify of the engine's: $(head -2 "$m/verify.txt" | paste -sd ';' | sed 's/;/; /') -> $m"
  done <<< "$mismatched"
fi

echo "fresh: generation $gen_s s, lexpair check $raw_secs s; reproduce: SEED=$seed bash benches/fresh.sh $engine $system $count"
echo "fresh: with XXR stated: identical $stated_same/$stated_total rounds, $((made - stated_bad))/$made tournaments"
echo "fresh identical $raw_same/$raw_total rounds, $((made - raw_bad))/$made tournaments"
if ((failed > 0)); then exit 2; fi
if ((raw_same < raw_total)); then exit 1; fi
