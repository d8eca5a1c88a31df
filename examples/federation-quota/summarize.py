"""Prints the tables of examples/federation-quota/README.md from a run's results.csv files
(standard library only): per variant the mean of each metric, and for the simulations each
metric's difference from the baseline on the same seed (mean and standard error)."""

import csv
import math
import sys
from pathlib import Path

out = Path(sys.argv[1] if len(sys.argv) > 1 else "target/federation-quota")


def rows(kind):
    with open(out / kind / "results.csv", newline="") as f:
        return [r for r in csv.DictReader(f) if r["status"] == "ok"]


def num(r, k):
    v = r.get(k, "")
    return float(v) if v not in ("", None) else None


print("Replay of the real history (every round re-paired from the recorded one):")
print(f"{'variant':<16} {'rounds':>6} {'identical':>9} {'same opp.':>9} {'compatriots':>11} {'failed':>6}")
for r in rows("replay"):
    print(f"{r['variant']:<16} {r['rounds']:>6} {r['rounds_identical']:>9} {float(r['same_opponents_pct']):>8.1f}% "
          f"{num(r, 'own same_fed'):>11.0f} {r['rounds_failed']:>6}")

sims = rows("sim")
with open(out / "sim" / "results.csv", newline="") as f:
    all_sims = list(csv.DictReader(f))
metrics = ["own same_fed", "kendall_tau", "kendall_tau_tiebroken", "floats", "float_score_difference_mean",
           "colour_preferences_unmet", "strong_colour_preferences_unmet", "colour_imbalance_max",
           "repeated_downfloats", "aro_spread_mean"]
base = {r["seed"]: r for r in sims if r["variant"] == "baseline"}
failed = {v: sum(1 for r in all_sims if r["variant"] == v and r["status"] != "ok") for v in ["baseline", "no-compatriots", "quota"]}
print(f"\nSimulations on the real field ({len(base)} seeds), mean and, against the baseline on the same seed, "
      f"the mean difference ± its standard error; tournaments no pairing completed under the variant: {failed}")
for m in metrics:
    line = f"{m:<34}"
    for v in ["baseline", "no-compatriots", "quota"]:
        vals = [num(r, m) for r in sims if r["variant"] == v and num(r, m) is not None]
        if not vals:
            line += f" {'-':>26}"
            continue
        mean = sum(vals) / len(vals)
        if v == "baseline":
            line += f" {mean:>26.4f}"
            continue
        d = [num(r, m) - num(base[r["seed"]], m) for r in sims if r["variant"] == v and r["seed"] in base
             and num(r, m) is not None and num(base[r["seed"]], m) is not None]
        sd = math.sqrt(sum((x - sum(d) / len(d)) ** 2 for x in d) / (len(d) - 1)) if len(d) > 1 else 0.0
        line += f" {mean:>10.4f} ({sum(d) / len(d):+.4f} ± {sd / math.sqrt(len(d)):.4f})"
    print(line)

with open(out / "sim" / "timings.csv", newline="") as f:
    times = list(csv.DictReader(f))
print("\nPairing time per tournament (wall clock, seconds, mean):")
for v in ["baseline", "no-compatriots", "quota"]:
    t = [float(r["seconds"]) for r in times if r["variant"] == v and r["seconds"]]
    print(f"  {v:<16} {sum(t) / len(t):.3f} (most {max(t):.3f})")
