#!/usr/bin/env bash
# `bash benches/reference.sh systems [FILTER]`: Dubov, Burstein and Lim on the large rounds
# (../shared/corpus/large, 1,000 and 3,000 players), each beside lexpair's Dutch 2026 on the same
# round and beside the independent engines that implement the system, all measured in this run
# (issue 30). Run by reference.sh after its release build, as `systems.sh BIN [FILTER]`.
#
#   CPPDUBOV=PATH   the CPPDubovSystem 2.2 binary (Dubov, 2026 edition), built outside the
#                   repository from its own CMake files with -DCMAKE_BUILD_TYPE=Release
#   PY4SWISS=PATH   py4swiss 0.3.1 (Dutch 2017, Dubov 2026, Burstein 2026; no Lim), installed from
#                   PyPI into a virtual environment outside the repository: the environment's
#                   bin/python (or its bin/py4swiss script)
#   REF_LIMIT=S     CPU seconds allowed to one reference run (default 600; reported "> S s")
#   SYSTEMS="..."   the rows to run, among dubov burstein lim dutch (default: all four; `dutch`
#                   is lexpair's dutch-2017 beside py4swiss's Dutch engine, which implements the
#                   rules in force until 2026, the .expected files being bbpPairings 5.0.1's)
#   FILTER          only rounds whose name contains it (p1000, p3000-r07, ...)
#
# An engine whose variable is unset is skipped with a note. Figures are CPU seconds (user +
# system, whole process, interpreter start-up included) and peak resident memory from
# `/usr/bin/time -v`. Ratios: lexpair / Dutch 2026 (the goal: at most 2x), and reference /
# lexpair (above 1: lexpair needs less); "~" where both took under the timer's 0.01 s. Outputs
# are compared as pairings: the same boards with the same colours and the same bye, board order
# aside ("identical" when byte for byte); a differing one is put to `lexpair verify`.
set -euo pipefail
bin=$1
filter=${2:-}
large=../shared/corpus/large
limit=${REF_LIMIT:-600}
systems=${SYSTEMS:-dubov burstein lim dutch}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ratio() { # a b -> "a/b" as "1.23x"; "-" when either is missing; below the timer's 0.01 s: b -> ">N",
  # a -> "<N", both -> "~" (both under 0.01 s)
  if [[ -z "$1" || -z "$2" || "$1" == "-" || "$2" == "-" ]]; then echo "-"; else
    echo "$1 $2" | awk '{ if ($1 < 0.01 && $2 < 0.01) print "~"; else if ($2 < 0.01) printf ">%.0fx", $1 / 0.01;
      else if ($1 < 0.01) printf "<%.2fx", 0.01 / $2; else printf "%.2fx", $1 / $2 }'
  fi
}

# Runs a command under /usr/bin/time -v with at most $limit CPU seconds (ulimit -t; a wall-clock
# guard of 10 times that on a shared machine); sets cpu (s), mib and state (ok / timeout / walltime
# / failed).
timed() {
  local log rc=0
  log=$work/time.log
  ( ulimit -t "$limit"; exec /usr/bin/time -v timeout $((10 * limit)) "$@" ) > "$work/stdout" 2> "$log" || rc=$?
  cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$log")
  mib=$(awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$log")
  if [[ $rc == 0 ]]; then
    state=ok
  elif [[ $rc == 124 ]]; then
    state=walltime # the wall-clock guard, before the CPU limit: the machine is overloaded
  elif grep -q 'terminated by signal \(24\|9\)' "$log" \
    || awk -v l="$limit" -v c="$cpu" 'BEGIN { exit !(c >= l - 1) }'; then
    state=timeout
  else
    state=failed
    # what the engine said (its stderr precedes time's report in the log)
    { tail -n 3 "$work/stdout"; sed '/Command being timed/,$d' "$log" | tail -n 3; } | sed "s/^/    $(basename "$1"): /" >&2
  fi
}

# A pairing as sorted "white black" lines ("id 0" for the bye), from lexpair's or py4swiss's
# format (count, then one board a line) or CPPDubovSystem's CSV (White,Black; -1 for the bye).
boards() {
  case "$1" in
    *.csv) tail -n +2 "$1" | tr -d '\r' | awk -F, 'NF == 2 { print $1 + 0, ($2 == -1 ? 0 : $2 + 0) }' ;;
    *) tail -n +2 "$1" | awk 'NF == 2 { print $1 + 0, $2 + 0 }' ;;
  esac | sort
}

# compare LEXPAIR_OUT OTHER_OUT [SYSTEM FILE] -> "identical", "same pairing (board order
# differs)" or "DIFFERS (k of n boards)"; with SYSTEM and FILE, a differing pairing is also put to
# `lexpair verify` (legal or not; better or worse than lexpair's, at which criterion).
compare() {
  if cmp -s "$1" "$2"; then echo identical; return; fi
  boards "$1" > "$work/a"
  boards "$2" > "$work/b"
  if cmp -s "$work/a" "$work/b"; then echo "same pairing (board order differs)"; return; fi
  local verdict=""
  if [[ -n "${3:-}" ]]; then
    { wc -l < "$work/b"; cat "$work/b"; } > "$work/b.pairs"
    verdict=$("$bin" verify --system "$3" "$4" "$work/b.pairs" 2>&1 | head -n 2 \
      | sed -e 's/: no absolute rule broken.*//' -e 's/ (\(dubov\|burstein\|dutch\|lim\)[^)]*)$//' | paste -sd ';' -)
    verdict="; verify: ${verdict//;/, }"
  fi
  echo "DIFFERS ($(comm -23 "$work/a" "$work/b" | wc -l) of $(wc -l < "$work/a") boards)$verdict"
}

# The references read the round's absentees from an XXZ line (JaVaFo's convention) and not from
# trailing `0000 - H/Z` entries of the round being paired (py4swiss rejects a trailing H whose half
# point is not yet in the score column; ../shared/corpus/README.md): they get a copy so written.
# lexpair reads the file as it is.
ref_input() { # FILE ROUND -> path of the copy
  awk -v r="$2" '
    /^001/ {
      at = 92 + 10 * (r - 1)
      if (length($0) >= at + 3 && substr($0, at, 4) == "0000") {
        absent = absent " " substr($0, 5, 4) + 0
        $0 = substr($0, 1, at - 3)
      }
    }
    { print }
    END { if (absent != "") print "XXZ" absent }' "$1" > "$work/ref.trf"
  echo "$work/ref.trf"
}

py4swiss() { # ENGINE IN OUT
  if [[ "$(basename "$PY4SWISS")" == python* ]]; then
    timed "$PY4SWISS" -c 'import sys; from py4swiss.main import main; sys.argv[0] = "py4swiss"; main()' \
      -t "$2" -e "$1" -p "$3"
  else
    timed "$PY4SWISS" -t "$2" -e "$1" -p "$3"
  fi
}

notes=()
[[ -z "${CPPDUBOV:-}" ]] && notes+=("CPPDUBOV unset: the CPPDubovSystem column is skipped")
[[ -z "${PY4SWISS:-}" ]] && notes+=("PY4SWISS unset: the py4swiss column is skipped")
for n in "${notes[@]}"; do echo "note: $n"; done
echo "reference runs: at most $limit CPU s each; ratios lexpair/dutch-2026 and reference/lexpair"
fmt='%-10s %-13s %7s %6s %7s %6s %7s %7s  %-15s %8s %6s %9s %7s  %s\n'
# shellcheck disable=SC2059
printf "$fmt" case system lp_s lp_MiB d26_s d26_MiB s/d26 MiB/d26 reference ref_s ref_MiB ref/lp_s ref/lp_M output

# row SYSTEM LP_OUT REFERENCE REF_OUT [NOTE]: one line, the reference's figures from the last
# `timed`; with REF_OUT empty, no reference run and NOTE in the output column.
row() {
  local rs=- rm=- rcs=- rcm=- out
  if [[ -z "$4" ]]; then
    out=$5
  elif [[ $state == timeout ]]; then
    rs="> $limit"; out="no output (> $limit CPU s)"
  elif [[ $state == walltime ]]; then
    rs="> $cpu"; out="no output (stopped after $((10 * limit)) s of wall clock, $cpu CPU s)"
  elif [[ $state == failed ]]; then
    rs=$cpu; rm=$mib; out="FAILED (no pairing)"
  else
    rs=$cpu; rm=$mib; rcs=$(ratio "$cpu" "$lcpu"); rcm=$(ratio "$mib" "$lmib"); out=$(compare "$2" "$4" "$1" "$f")
  fi
  # shellcheck disable=SC2059
  printf "$fmt" "$name" "$1" "$lcpu" "$lmib" "$dcpu" "$dmib" "$(ratio "$lcpu" "$dcpu")" \
    "$(ratio "$lmib" "$dmib")" "$3" "$rs" "$rm" "$rcs" "$rcm" "$out"
}

for f in "$large"/*.trf; do # (the glob is sorted)
  name=$(basename "$f" .trf)
  [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
  round=${name##*-r}
  round=$((10#$round))
  limit_save=$limit
  limit=600000 # lexpair's own runs are not capped
  timed "$bin" pair --system dutch-2026 "$f" -o "$work/dutch-2026.out"
  dcpu=$cpu dmib=$mib
  limit=$limit_save
  in=$(ref_input "$f" "$round")
  for s in $systems; do
    case $s in
      dubov) lp=dubov-2026 ;;
      burstein) lp=burstein-2026 ;;
      lim) lp=lim ;;
      dutch) lp=dutch-2017 ;;
      *) echo "unknown system $s (dubov, burstein, lim, dutch)" >&2; exit 2 ;;
    esac
    limit=600000
    timed "$bin" pair --system "$lp" "$f" -o "$work/lp.out"
    limit=$limit_save
    [[ $state == ok ]] || { echo "lexpair failed on $name $lp" >&2; exit 1; }
    lcpu=$cpu lmib=$mib
    case $s in
      dubov)
        # CPPDubovSystem 2.2 implements the 2026 edition (its README's rule link, C.04.4.1 of
        # 2026-02); compared with dubov-2026.
        if [[ -n "${CPPDUBOV:-}" ]]; then
          rm -f "$work/cpp.csv"
          timed "$CPPDUBOV" --pairings "$in" --output "$work/cpp.csv"
          [[ $state == ok && ! -s "$work/cpp.csv" ]] && state=failed
          row "$lp" "$work/lp.out" "CPPDubovSystem" "$work/cpp.csv"
        else
          row "$lp" "$work/lp.out" "CPPDubovSystem" "" "skipped (CPPDUBOV unset)"; fi
        ;;&
      dubov | burstein | dutch)
        if [[ -n "${PY4SWISS:-}" ]]; then
          rm -f "$work/py.out"
          py4swiss "$s" "$in" "$work/py.out"
          [[ $state == ok && ! -s "$work/py.out" ]] && state=failed
          row "$lp" "$work/lp.out" "py4swiss" "$work/py.out"
        else
          row "$lp" "$work/lp.out" "py4swiss" "" "skipped (PY4SWISS unset)"; fi
        if [[ $s == dutch ]]; then
          echo "           ${lp}: $(compare "$work/lp.out" "$large/$name.expected") to bbpPairings 5.0.1 (.expected)"
        fi
        ;;
      lim)
        row "$lp" "$work/lp.out" "-" "" "no reference (neither engine implements Lim)" ;;
    esac
  done
done
