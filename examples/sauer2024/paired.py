"""The Sauer-Cseh-Lenzner experiment of docs/research.md, from Python: simulated tournaments
with known true strengths, Kendall's tau between the final standings and the strength order,
each system and formulation variant compared seed by seed with the 2026 Dutch system.

    pip install ./python pandas          # once, from the repository root
    python examples/sauer2024/paired.py [SEEDS] [OUT]     # default 30 seeds into target/sauer2024-py

Resumable: run it again after an interruption and finished tournaments are skipped.
"""

import math
import sys
from pathlib import Path

import pandas as pd

import lexpair

HERE = Path(__file__).resolve().parent
SEEDS = int(sys.argv[1]) if len(sys.argv) > 1 else 30
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("target/sauer2024-py")

rows = lexpair.simulate(
    ["dutch-2026", "dutch-2017", "dubov-2026", "lim"],
    OUT / "rounds-9",
    players=120,
    ratings="1400-2600",
    rounds=9,
    seeds=SEEDS,
    draw_rate=0.3,
    white_advantage=35,
    models=[
        ("dutch-2017", HERE / "dutch-2017-no-c7.model"),
        ("dutch-2026", HERE / "dutch-2026-no-colours.model"),
        ("dutch-2026", HERE / "dutch-2026-floats-before-colours.model"),
    ],
)
df = pd.DataFrame(rows)
failed = df[df["status"] != "ok"]
if len(failed):
    sys.exit(f"{len(failed)} tournaments failed:\n{failed[['system', 'variant', 'seed', 'error']]}")

df["group"] = [
    s if v == "default" else f"{s} + {v.removeprefix(s + '-')}" for s, v in zip(df["system"], df["variant"])
]
metric = "kendall_tau_tiebroken"
wide = df.pivot(index="seed", columns="group", values=metric)
baseline = "dutch-2026"


print(f"{metric}: mean over {SEEDS} seeds, and minus {baseline} on the same seed (95% CI)")
print(f"{'variant':<44} {'mean':>7} {'diff':>8} {'95% CI':>20}")
for group in sorted(wide.columns):
    mean = wide[group].mean()
    if group == baseline:
        print(f"{group:<44} {mean:7.4f} {'':>8} {'(baseline)':>20}")
        continue
    d = (wide[group] - wide[baseline]).dropna()
    diff, low, high = lexpair.mean_ci(list(d)) or (math.nan, math.nan, math.nan)
    print(f"{group:<44} {mean:7.4f} {diff:+8.4f} [{low:+.4f}, {high:+.4f}]")

files = lexpair.plot(OUT / "rounds-9", OUT / "rounds-9" / "plots")
print(f"{len(files)} plots and index.html in {OUT / 'rounds-9' / 'plots'}")
