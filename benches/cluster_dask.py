"""The sharded batch of benches/cluster.sh driven from Python by a real task engine: Dask's
LocalCluster (dask.distributed, from PyPI), one task per shard, each task calling
``lexpair.simulate(..., shard="I/N")`` in a worker process, the shards merged by ``lexpair batch
merge``, the merged results.csv compared byte for byte with ``lexpair.simulate`` unsharded.

    bash benches/cluster.sh dask                              # makes the venv, then runs this
    target/cluster-venv/bin/python benches/cluster_dask.py    # the venv made, from anywhere
    ... cluster_dask.py --shards 4 --workers 2 --players 200 --rounds 11 --seeds 24 --out DIR

The venv holds dask[distributed] and the lexpair package (pip install ./python); the merge is
the command line's (LEXPAIR, else $CARGO_TARGET_DIR/release/lexpair, else
target/release/lexpair). ``--compare FILE`` also compares the merged results.csv with FILE (the
Slurm run's merge). Exit 0 when identical, 1 when not, 2 when a task or the merge failed.
"""

import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

SYSTEMS = ["dutch-2026", "dutch-2017"]
ROOT = Path(__file__).resolve().parent.parent


def run_shard(out, index, count, plan):
    """One Dask task: shard index/count of the plan into out; its unit count and process id."""
    import lexpair

    rows = lexpair.simulate(SYSTEMS, out, jobs=1, shard=f"{index}/{count}", **plan)
    failed = [r for r in rows if r["status"] != "ok"]
    if failed:
        raise RuntimeError(f"shard {index}/{count}: {len(failed)} units failed: {failed[0].get('error')}")
    return len(rows), os.getpid()


def rows(csv):
    with open(csv) as f:
        return sum(1 for _ in f) - 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2, help="worker processes of the LocalCluster")
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seeds", type=int, default=24)
    ap.add_argument("--out", type=Path, default=None, help="default: TARGET/cluster/dask")
    ap.add_argument("--compare", type=Path, default=None, help="another merged results.csv")
    args = ap.parse_args()

    import dask
    import lexpair
    from dask.distributed import Client, LocalCluster

    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    cli = os.environ.get("LEXPAIR", str(target / "release" / "lexpair"))
    out = (args.out or target / "cluster" / "dask").resolve()
    shutil.rmtree(out, ignore_errors=True)
    plan = {"players": args.players, "rounds": args.rounds, "seeds": args.seeds}
    n = args.shards

    t0 = time.monotonic()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        t1 = time.monotonic()
        futures = [client.submit(run_shard, str(out / f"shard-{i}"), i, n, plan, pure=False, key=f"shard-{i}")
                   for i in range(1, n + 1)]
        try:
            done = client.gather(futures)
        except Exception as e:  # a task's exception, raised again here
            print(f"cluster: dask: a task failed: {e}", file=sys.stderr)
            return 2
        t_tasks = time.monotonic() - t1
    shard_dirs = [str(out / f"shard-{i}") for i in range(1, n + 1)]
    t2 = time.monotonic()  # the cluster closed
    merged = subprocess.run([cli, "batch", "merge", "-q", "-o", str(out / "all"), *shard_dirs])
    if merged.returncode != 0:
        print(f"cluster: dask: {cli} batch merge failed (exit {merged.returncode})", file=sys.stderr)
        return 2
    t3 = time.monotonic()
    units = " ".join(str(u) for u, _ in done)
    workers = len({pid for _, pid in done})
    print(f"cluster: dask {dask.__version__} LocalCluster, {args.workers} worker processes: {n} tasks "
          f"({units} units) on {workers} processes in {t_tasks:.1f} s, cluster start {t1 - t0:.1f} s, "
          f"merge {t3 - t2:.1f} s")

    t4 = time.monotonic()
    lexpair.simulate(SYSTEMS, out / "unsharded", jobs=args.workers, **plan)
    print(f"cluster: the same plan unsharded (lexpair.simulate, jobs={args.workers}): {time.monotonic() - t4:.1f} s")

    merged_csv, unsharded_csv = out / "all" / "results.csv", out / "unsharded" / "results.csv"
    for other, label in [(unsharded_csv, "the unsharded run")] + (
            [(args.compare, "Slurm's merge")] if args.compare else []):
        if not filecmp.cmp(merged_csv, other, shallow=False):
            print(f"cluster: dask: {merged_csv} differs from {other} ({label})", file=sys.stderr)
            return 1
    also = " and to Slurm's merge" if args.compare else ""
    print(f"cluster: dask {n} shards, merged results.csv identical to the unsharded run{also} "
          f"({rows(merged_csv)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
