#!/usr/bin/env python3
"""Standings agreement with FIDE's reference engine for C.07 tie-breaks (Gacrux 1.11.65,
`gacrux.tiebreakchecker`, the engine of FIDE's tie-break server).

For every file, both editions of C.07 (Gacrux `/V1` = the rules to 28 Feb 2026, `/V2` = from
1 Mar 2026; lexpair `--rules 2024|2026`) and every tie-break of a list, compares each
participant's value (at Gacrux's printed precision) and, per ranking list, each participant's
rank. Prints `agree N/M` per tie-break and ranking, and the first differences of each.

Usage: agreement.py --lexpair BIN --gacrux PYTHON [--details N] [--lists ...] FILE_OR_DIR...
(`benches/standings.sh` sets it up: Gacrux lives in a virtual environment outside the
repository.) Nothing here is a test: CI checks golden values (tests/standings*.rs) instead.
"""
import argparse
import collections
import decimal
import json
import os
import subprocess
import sys

# Value tie-breaks: each participant's value does not depend on the list around it.
# Fore Buchholz comes last: Gacrux 1.11.65 keeps a state FB changes (a participant paired in the
# final round has no trailing requested bye afterwards), so a BH or SB computed after FB in the
# same call reads that round differently (dubov-2026 t0135: SB of #4 65.50 after FB, 66.00
# alone, which is what lexpair gives).
INDIVIDUAL = ("BH BH/C1 BH/C2 BH/M1 BH/M2 AOB SB SB/C1 SB/M1 KS KS/L-1 PS PS/C1 WIN WON BPG BWG "
              "REP STD TPN RTNG ARO ARO/C1 ARO/M1 TPR PTP APRO APPO FB AOB/F").split()
TEAM = ("GPTS BH BH:GP BH/C1 BH:GP/C1 BH/M1 SB SB:GP SB/C1 EMMSB EMGSB EGMSB EGGSB EMGSB/C1 EGGSB/C1 "
        "SSSC BC WIN WON BPG BWG REP PS STD KS AOB FB").split()
# Ranking lists (the score first): the group tie-breaks are judged by the ranks they give.
INDIVIDUAL_RANKINGS = ["PTS DE", "PTS BH/C1 BH SB DE WIN", "PTS DE BH/C1 SB", "PTS ARO TPR DE", "PTS STD PS DE"]
TEAM_RANKINGS = ["MPTS GPTS", "GPTS MPTS", "MPTS DE", "MPTS EDE", "MPTS GPTS EDEBT", "MPTS GPTS EDEBB",
                 "MPTS GPTS EDET", "MPTS GPTS EDEB", "MPTS TBR", "MPTS BBE", "MPTS GPTS BC",
                 "MPTS GPTS EDE BH/C1 BH EMGSB WIN"]
VERSION = {"2024": "V1", "2026": "V2"}
GROUP = {"DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"}


def files_of(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in sorted(names):
                    if n.endswith(".trf"):
                        yield os.path.join(root, n)
        else:
            yield p


def is_team(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return any(line.startswith(("310", "013")) for line in f)


def unrated(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("001") and not line[48:52].strip().strip("0"):
                return True
    return False


def gacrux(python, path, codes, edition, swiss, unrated_rating, rounds):
    # -n: standings after the rounds lexpair ranks (the last round paired); without it Gacrux
    # ranks after the round count of 142/XXR, the rounds never played as zero-point byes.
    args = [python, "-m", "gacrux.tiebreakchecker", "-i", path, "-n", str(rounds), "-t"]
    args += [c + "/" + VERSION[edition] for c in codes]
    if swiss:
        args.append("-s")
    if unrated_rating is not None:
        args += ["-u", str(unrated_rating)]
    out = subprocess.run(args, capture_output=True, text=True)
    try:
        data = json.loads(out.stdout)["tiebreakResult"]
    except (ValueError, KeyError):
        return None, (out.stdout + out.stderr)[-400:]
    return {c["cid"]: c for c in data["competitors"]}, None


def lexpair(binary, path, codes, edition, swiss, unrated_rating):
    args = [binary, "standings", path, "--tiebreaks", ",".join(codes), "--rules", edition, "--format", "json"]
    args.append("--swiss" if swiss else "--pre-determined")
    if unrated_rating is not None:
        args += ["--unrated-rating", str(unrated_rating)]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()[-400:]
    data = json.loads(out.stdout)
    return ({r["id"]: r for r in data["standings"]}, data["round"]), None


def same(reference, ours):
    """Gacrux prints a string (or null); ours is a float (or null)."""
    if reference is None or ours is None:
        return reference is None and ours is None
    ref = decimal.Decimal(str(reference))
    exponent = ref.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    q = decimal.Decimal(1).scaleb(-places)
    mine = decimal.Decimal(repr(ours)).quantize(q, rounding=decimal.ROUND_HALF_UP)
    return mine == ref.quantize(q)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lexpair", required=True)
    ap.add_argument("--gacrux", required=True, help="the Python of the virtual environment holding gacrux")
    ap.add_argument("--details", type=int, default=3, help="differences shown per tie-break")
    ap.add_argument("--editions", default="2024,2026")
    ap.add_argument("--unrated-rating", type=int, default=1000)
    ap.add_argument("--json", help="write the counts here")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    agree = collections.Counter()
    total = collections.Counter()
    shown = collections.defaultdict(list)
    failures = []
    for path in files_of(a.paths):
        team = is_team(path)
        rating = a.unrated_rating if unrated(path) else None
        values = TEAM if team else INDIVIDUAL
        rankings = TEAM_RANKINGS if team else INDIVIDUAL_RANKINGS
        for edition in a.editions.split(","):
            score = "MPTS" if team else "PTS"
            jobs = [([score] + values, True)] + [(r.split(), False) for r in rankings]
            for codes, by_value in jobs:
                ours, err = lexpair(a.lexpair, path, codes, edition, True, rating)
                if ours is None:
                    failures.append(f"{path} {edition} lexpair {' '.join(codes)}: {err}")
                    continue
                ours, rounds = ours
                ref, err = gacrux(a.gacrux, path, codes, edition, True, rating, rounds)
                if ref is None:
                    failures.append(f"{path} {edition} gacrux {' '.join(codes)}: {err}")
                    continue
                for cid, c in ref.items():
                    row = ours.get(cid)
                    for k, code in enumerate(codes[1:], start=1):
                        if by_value or code.split("/")[0] in GROUP:
                            key = f"{code} ({edition})" if by_value else f"{code} in {' '.join(codes)} ({edition})"
                            total[key] += 1
                            mine = None if row is None else row["tiebreaks"][k - 1]
                            if row is not None and same(c["tiebreakScore"][k], mine):
                                agree[key] += 1
                            elif len(shown[key]) < a.details:
                                shown[key].append(f"{os.path.basename(path)} #{cid}: gacrux {c['tiebreakScore'][k]}, lexpair {mine}")
                    key = f"rank {' '.join(codes) if not by_value else 'of the value list'} ({edition})"
                    total[key] += 1
                    if row is not None and row["rank"] == c["rank"]:
                        agree[key] += 1
                    elif len(shown[key]) < a.details:
                        shown[key].append(f"{os.path.basename(path)} #{cid}: gacrux rank {c['rank']}, lexpair {None if row is None else row['rank']}")
    for key in sorted(total):
        mark = "" if agree[key] == total[key] else "   <-- differs"
        print(f"{key:48} agree {agree[key]}/{total[key]}{mark}")
        for line in shown[key]:
            print(f"      {line}")
    for f in failures:
        print("FAILED:", f)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({k: [agree[k], total[k]] for k in sorted(total)}, f, indent=1)
    return 1 if failures or any(agree[k] != total[k] for k in total) else 0


if __name__ == "__main__":
    sys.exit(main())
