#!/usr/bin/env python3
"""Writes tests/data/standings/gacrux.json: the values and ranks FIDE's reference engine for
C.07 (Gacrux 1.11.65, `gacrux.tiebreakchecker`) gives the real events of ../shared/realdata and
a sample of the team corpus, under both editions, for the golden test tests/suite/standings.rs
(`gacrux_values_of_real_and_team_events`). CI has no Gacrux; this script is how the file was
made, with Gacrux in a virtual environment outside the repository (benches/standings.sh).

Usage: golden.py --lexpair BIN --gacrux PYTHON -o tests/data/standings/gacrux.json
"""
import argparse
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
# FB last: Gacrux 1.11.65 keeps a state FB changes (benches/standings/agreement.py says how).
INDIVIDUAL = "PTS BH BH/C1 BH/M1 AOB SB SB/C1 KS PS WIN WON BPG BWG REP STD ARO TPR PTP APRO DE FB".split()
TEAM = "MPTS GPTS BH BH:GP BH/C1 SB EMGSB EGGSB/C1 SSSC BC STD EDE".split()
FILES = [
    ("../shared/realdata", ["tiebreak__2018-moscow-open.trf", "tiebreak__2021-World-Blitz-Chess-Championship-Open.trf",
                            "papi-web__papi_avoine_2024.trf", "CompetiChess__testTrfFile.trf",
                            "CompetiChess__testLargeFile.trf"], INDIVIDUAL),
    ("../shared/corpus/team-2026/tournaments", ["t0001.trf", "t0003.trf", "t0010.trf", "t0016.trf", "t0030.trf",
                                                 "t0057.trf", "t0089.trf", "t0110.trf"], TEAM),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lexpair", required=True, help="only to read the round the file is ranked after")
    ap.add_argument("--gacrux", required=True)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    cases = []
    for folder, names, codes in FILES:
        for name in names:
            rel = os.path.join(folder, name)
            path = os.path.join(REPO, rel)
            with open(path, encoding="utf-8", errors="replace") as f:
                unrated = any(l.startswith("001") and not l[48:52].strip().strip("0") for l in f)
            rating = 1000 if unrated else None
            for edition, v in (("2024", "V1"), ("2026", "V2")):
                cmd = [a.lexpair, "standings", path, "--tiebreaks", "PTS", "--format", "json", "--rules", edition]
                rounds = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)["round"]
                args = [a.gacrux, "-m", "gacrux.tiebreakchecker", "-i", path, "-s", "-n", str(rounds), "-t"]
                args += [c + "/" + v for c in codes]
                if rating is not None:
                    args += ["-u", str(rating)]
                out = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
                rows = [[c["cid"], c["rank"]] + c["tiebreakScore"][1:] for c in out["tiebreakResult"]["competitors"]]
                cases.append({"file": rel, "edition": edition, "round": rounds, "unrated_rating": rating,
                              "codes": codes, "rows": rows})
    doc = {
        "source": "gacrux 1.11.65 (PyPI), python -m gacrux.tiebreakchecker -s -n ROUND -t CODE/V1|V2 [-u 1000], "
                  "written by benches/standings/golden.py; rows: [id, rank after the whole list, values of codes[1:]]",
        "cases": cases,
    }
    with open(a.output, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
