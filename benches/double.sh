#!/usr/bin/env bash
# The Double-Swiss system (C.04.5) at size: CPU seconds (user + system, whole process) and peak
# resident memory from `/usr/bin/time -v`, beside the two witness engines when they are installed
# (outside the repository, in venvs of their own):
#   python3 -m venv PC && PC/bin/pip install pairing-core==0.4.1     then PAIRING_CORE=PC/bin/python
#   python3 -m venv GX && GX/bin/pip install gacrux==1.11.65         then GACRUX=GX/bin/python
# as ratios (witness / lexpair: above 1 means lexpair needs less). The witnesses run through
# benches/double/witnesses.py (in-process drivers, stdlib only, installing nothing): pairing-core's
# `double-2026` ruleset, and Gacrux (FIDE's Swiss Team engine) on the position rewritten as a team
# position of two-board teams (tests/data/double-2026/README.md), at most 999 players. Their
# figures are whole processes too (Python start and imports included); `pair_s` is the witness's
# pairing call alone, as the driver times it.
#
#   bash benches/double.sh               # 40 players (matches 3, 6), 60 (4), 100 (2), 200 (2, 5), 999 (2, 4, 7)
#   PAIRING_CORE=... GACRUX=... bash benches/double.sh
#   WALL=60 bash benches/double.sh        # pairing-core's wall budget per match (default 120 s)
#
# The events are made by `lexpair generate -s double-2026` (seeded, single-game and whole-match
# forfeits, absences; cached in target/bench-data), matches 1..k-1 played; the match paired is k.
# Every match is also paired with `--cross-check solver` (every program solved, also where a
# first candidate is provably its optimum, and solved again on a second exact route) and must
# give the same output, which `lexpair verify` (the checker's Double-Swiss rules) must approve.
# A witness's pairs are compared with lexpair's as unordered pairs and PAB (Gacrux's colours are
# team colours, not C.04.5's); colours are compared with pairing-core's where the pairs agree.
# Last, the witness corpus tests/data/double-2026 is replayed with `lexpair check`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=$PWD/target/release/lexpair
data=target/bench-data
mkdir -p "$data"
wall=${WALL:-120}

# Runs a command with /usr/bin/time -v, its stdout to $out and stderr to $out.err; sets cpu (s),
# mib and ok (the exit status).
timed() {
  local log
  log=$(mktemp)
  ok=0
  /usr/bin/time -v "$@" 2> "$log" > "$out" || ok=$?
  cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$log")
  mib=$(awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$log")
  grep -v -e '^\s' -e '^Command' "$log" > "$out.err" || true
  rm -f "$log"
}

ratio() { # reference lexpair -> "12.3x"; below the timer's resolution (0.01) -> ">N"
  echo "$1 $2" | awk '{ if ($2 >= 0.01) printf "%.1fx", $1 / $2; else printf ">%.0fx", $1 / 0.01 }'
}

# A pairs file as sorted unordered pairs ("a-b", "x-0" for the PAB), one per line.
unordered() {
  tail -n +2 "$1" | awk 'NF == 2 { a = $1; b = $2; if (b != 0 && b < a) { t = a; a = b; b = t } print a "-" b }' | sort
}

# One witness on $file: sets w_cols (cpu, ratio, MiB, ratio, pair_s) and w_same.
witness() {
  local name=$1 python=$2
  out=$data/$case.$name
  timed "$python" benches/double/witnesses.py "$name" "$file" --wall "$wall"
  local pair_s
  pair_s=$(sed -n 's/^seconds=//p' "$out.err")
  if [[ $ok == 0 ]]; then
    w_cols=$(printf '%8s %7s %6s %7s %8.2f' "$cpu" "$(ratio "$cpu" "$lcpu")" "$mib" "$(ratio "$mib" "$lmib")" "$pair_s")
    if cmp -s <(unordered "$out") <(unordered "$data/$case.lexpair"); then
      w_same="same pairs"
      if [[ $name == pairing-core ]] && ! cmp -s <(tail -n +2 "$out" | sort) <(tail -n +2 "$data/$case.lexpair" | sort); then
        w_same="same pairs, colours differ"
      fi
    else
      w_same="DIFFERENT pairs"
    fi
  else
    w_cols=$(printf '%8s %7s %6s %7s %8s' "$cpu" - "$mib" - -)
    case $(tail -1 "$out.err") in
      *budget*) w_same="no pairing (its step budget)" ;;
      *[Tt]ime*) w_same="no pairing (its wall budget, ${wall} s)" ;;
      *"Chief Arbiter"*) w_same="no pairing (\"the Chief Arbiter decides\")" ;;
      *) w_same="no pairing" ;;
    esac
  fi
}

printf '%-14s %7s %5s %9s | %-68s | %s\n' case cpu_s MiB cross_chk \
  "pairing-core: cpu_s ratio MiB ratio pair_s  pairs" "Gacrux: cpu_s ratio MiB ratio pair_s  pairs"
for spec in "40 3" "40 6" "60 4" "100 2" "200 2" "200 5" "999 2" "999 4" "999 7"; do
  read -r players match <<< "$spec"
  played=$((match - 1))
  case=double-$players-m$match
  file=$data/$case.trf
  if [[ ! -f $file ]]; then
    "$bin" generate -s double-2026 -n "$players" --matches "$played" --seed "$players" --forfeit-rate 0.01 \
      --match-forfeit-rate 0.01 --absences 0.02 -o "$data/$case.played.trf" 2> /dev/null
    # Match k scheduled too (142 counts game columns): the match to pair.
    sed "s/^142 $((2 * played))\$/142 $((2 * match))/" "$data/$case.played.trf" > "$file"
  fi
  out=$data/$case.lexpair
  timed "$bin" pair -s double-2026 "$file"
  [[ $ok == 0 ]] || { cat "$out.err" >&2; exit 2; }
  lcpu=$cpu lmib=$mib
  out=$data/$case.checked
  "$bin" pair -s double-2026 "$file" --cross-check solver --explain > "$out"
  confirmed=$(grep '^cross-check solver' "$out" | awk '{ print $8 + $14 "/" $8 + $14 + $20 }')
  [[ $(grep -c ' 0 disagreements' "$out") == 1 ]] || { echo "$case: cross-check disagreement" >&2; exit 2; }
  cmp -s <(head -n "$(head -1 "$data/$case.lexpair" | awk '{ print $1 + 1 }')" "$out") "$data/$case.lexpair" \
    || { echo "$case: the cross-checked pairing differs" >&2; exit 2; }
  "$bin" verify -s double-2026 "$file" "$data/$case.lexpair" > /dev/null || { echo "$case: the checker refuses it" >&2; exit 2; }
  pc="-" gx="-"
  if [[ -n "${PAIRING_CORE:-}" ]]; then
    witness pairing-core "$PAIRING_CORE"
    pc="$w_cols  $w_same"
  fi
  if [[ -n "${GACRUX:-}" && $players -le 999 ]]; then
    witness gacrux "$GACRUX"
    gx="$w_cols  $w_same"
  fi
  printf '%-14s %7s %5s %9s | %-68s | %s\n' "$case" "$lcpu" "$lmib" "$confirmed" "$pc" "$gx"
done

out=$data/double-corpus.check
timed "$bin" check -s double-2026 tests/data/double-2026/tournaments
echo "corpus tests/data/double-2026: $(tail -1 "$out") against pairing-core's record, $cpu s CPU, $mib MiB (one process;"
echo "  the 13 [C6] disagreements and 40 colour differences are judged in tests/suite/double_corpus.rs)"
