#!/usr/bin/env bash
# Beyond one machine, on real cluster engines (issue 29): the sharded batch of docs/research.md
# run by Slurm and by Dask, merged, and compared with the same plan run unsharded.
#
#   bash benches/cluster.sh            # Slurm, then Dask
#   bash benches/cluster.sh slurm      # only Slurm
#   bash benches/cluster.sh dask       # only Dask
#
# Slurm (needs root): installs Debian's Slurm and MUNGE when missing (apt-get, non-interactive),
# writes a one-node slurm.conf for this host (`slurmd -C`: its CPUs and memory; select/cons_tres
# by CPU, no accounting, ports 16817/16818, no cgroups) and starts munged, slurmctld and slurmd
# as children of this script, their state and logs in target/cluster/slurm; they are stopped when
# the script ends, however it ends. It submits the array job of docs/research.md, the file
# examples/slurm/array.sbatch itself, as 4 tasks of one CPU (its plan with fewer seeds: Dutch 2026
# and 2017 x 200 players x 11 rounds x 24 seeds = 48 units, 12 per shard), then the documented
# merge as a job depending on it (afterok), polls the queue until both are done, checks that
# every task completed, runs the plan unsharded and compares the two results.csv byte for byte.
# Last line: `cluster: slurm 4 shards, merged results.csv identical to the unsharded run (N rows)`.
#
# Dask: a virtual environment target/cluster-venv (dask[distributed] from PyPI, lexpair built
# from ./python with pip, as python/test.sh does), then benches/cluster_dask.py: the same plan as
# 4 tasks (one per shard, lexpair.simulate(..., shard="I/4")) on dask.distributed's LocalCluster
# of 2 worker processes, merged by `lexpair batch merge`, compared with lexpair.simulate
# unsharded, and with Slurm's merge when both ran. On its own, once the venv exists:
# `target/cluster-venv/bin/python benches/cluster_dask.py`.
#
# Outputs go to target/cluster (job/ for Slurm, dask/ for Dask; CARGO_TARGET_DIR is honoured).
# Exit 0 when every merged results.csv is identical to its unsharded run, 1 when one differs, 2
# when a job, a daemon or an installation failed, 3 on bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
what=${1:-all}
case $what in all | slurm | dask) ;; *) echo "cluster: usage: bash benches/cluster.sh [slurm|dask]" >&2; exit 3 ;; esac
target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
export CARGO_TARGET_DIR=$target
cargo build --release --quiet
export PATH=$target/release:$PATH:/usr/sbin:/sbin
work=$target/cluster
shards=4
players=200 rounds=11 seeds=24
plan=(-s dutch-2026 -s dutch-2017 -n "$players" -r "$rounds" -k "$seeds")

# Seconds since $1 (from `date +%s.%N`), one decimal.
since() { echo "$1 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }'; }

# Data rows of a CSV file.
rows() { echo $(($(wc -l < "$1") - 1)); }

# Compares a merged results.csv with its unsharded run; exits 1 when they differ.
same() { # LABEL MERGED UNSHARDED
  if ! cmp -s "$2" "$3"; then
    echo "cluster: $1: $2 differs from $3:" >&2
    diff "$2" "$3" | head -20 >&2
    exit 1
  fi
}

pids=()
jobs_submitted=()
stop_slurm() {
  if [ ${#jobs_submitted[@]} -gt 0 ]; then
    scancel "${jobs_submitted[@]}" 2> /dev/null || true
    jobs_submitted=()
    sleep 1
  fi
  local k
  for ((k = ${#pids[@]} - 1; k >= 0; k--)); do
    kill "${pids[k]}" 2> /dev/null || true
    wait "${pids[k]}" 2> /dev/null || true
  done
  pids=()
}
trap stop_slurm EXIT
trap 'exit 2' INT TERM

slurm() {
  # The merge job docs/research.md shows, submitted below after the array job of the same page.
  local merge_job='lexpair batch merge -o out/all out/shard-* --plot out/all/plots'
  if ! grep -qF -- "--wrap '$merge_job'" docs/research.md; then
    echo "cluster: docs/research.md no longer shows the merge job this bench submits: --wrap '$merge_job'" >&2
    exit 2
  fi
  [ "$(id -u)" = 0 ] || { echo "cluster: the Slurm part runs its daemons as root; run it as root" >&2; exit 2; }
  if ! command -v slurmctld > /dev/null || ! command -v slurmd > /dev/null || ! command -v sbatch > /dev/null \
    || ! command -v munged > /dev/null; then
    echo "cluster: installing Debian's slurm-wlm and munge" >&2
    { DEBIAN_FRONTEND=noninteractive apt-get update -q \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge; } \
      > "$target/cluster-apt.log" 2>&1 || { tail -20 "$target/cluster-apt.log" >&2; exit 2; }
  fi
  local s=$work/slurm host node
  rm -rf "$work/slurm" "$work/job"
  mkdir -p "$s/state" "$s/spool" "$s/log" "$s/munge" "$work/job/logs"
  chmod 755 "$work" "$s" "$s/munge" # munged: its socket's folder open to all, none writable by others
  host=$(hostname -s)
  node=$(slurmd -C | head -1) # NodeName=HOST CPUs=... RealMemory=...
  [[ $node == "NodeName=$host "* ]] || { echo "cluster: slurmd -C: $node" >&2; exit 2; }

  mungekey --create --keyfile="$s/munge/munge.key"
  munged -F --socket="$s/munge/socket" --key-file="$s/munge/munge.key" --pid-file="$s/munge/pid" \
    --seed-file="$s/munge/seed" --log-file="$s/log/munged.log" 2> "$s/log/munged.out" &
  pids+=($!)

  cat > "$s/slurm.conf" << EOF
ClusterName=lexpair
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$s/munge/socket
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/log/slurmctld.log
SlurmdLogFile=$s/log/slurmd.log
MailProg=/bin/true
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
DependencyParameters=kill_invalid_depend
ReturnToService=2
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$s/slurm.conf
  local k
  for ((k = 0; k < 50; k++)); do [ -S "$s/munge/socket" ] && break; sleep 0.2; done
  slurmctld -D 2> "$s/log/slurmctld.out" &
  pids+=($!)
  slurmd -D 2> "$s/log/slurmd.out" &
  pids+=($!)
  for ((k = 0; k < 60; k++)); do
    [ "$(sinfo -h -n "$host" -o %T 2> /dev/null)" = idle ] && break
    sleep 0.5
  done
  if [ "$(sinfo -h -n "$host" -o %T 2> /dev/null)" != idle ]; then
    echo "cluster: the one-node cluster did not come up; logs in $s/log:" >&2
    tail -5 "$s"/log/*.log >&2 || true
    exit 2
  fi
  echo "cluster: slurm $(sinfo -V | awk '{ print $2 }'), one node $node"

  # The documented array job, 4 tasks of one CPU, then the documented merge after it.
  cd "$work/job"
  local t0 array merge
  t0=$(date +%s.%N)
  array=$(sbatch --parsable --array=1-$shards --cpus-per-task=1 --export=ALL,SHARDS=$shards \
    --output=logs/shard-%a.out "$root/examples/slurm/array.sbatch" "${plan[@]}")
  jobs_submitted+=("$array")
  merge=$(sbatch --parsable --dependency=afterok:"$array" --output=logs/merge.out --wrap "$merge_job")
  jobs_submitted+=("$merge")
  # Polls the queue (without accounting, squeue lists pending, running and completing jobs).
  while squeue -h -j "$array,$merge" 2> /dev/null | grep -q .; do
    [ "$(since "$t0" | cut -d. -f1)" -lt 900 ] || { echo "cluster: jobs still running after 900 s" >&2; exit 2; }
    sleep 0.5
  done
  local slurm_s done_tasks merge_state
  slurm_s=$(since "$t0")
  jobs_submitted=()
  # slurmctld keeps finished jobs for MinJobAge (300 s): every task and the merge completed, exit 0.
  done_tasks=$(scontrol -o show job "$array" | grep -c 'JobState=COMPLETED .*ExitCode=0:0' || true)
  merge_state=$(scontrol -o show job "$merge" | grep -o 'JobState=[A-Z_]*' || true)
  if [ "$done_tasks" != "$shards" ] || [ "$merge_state" != JobState=COMPLETED ]; then
    echo "cluster: $done_tasks of $shards array tasks completed, merge $merge_state:" >&2
    { scontrol -o show job "$array"; scontrol -o show job "$merge"; } \
      | awk '{ l = ""; for (i = 1; i <= NF; i++) if ($i ~ /^(ArrayJobId|ArrayTaskId|JobState|Reason|ExitCode)=/) l = l " " $i
               print " " l }' >&2 || true
    tail -n 5 logs/*.out >&2 || true
    exit 2
  fi
  local i n units=()
  for ((i = 1; i <= shards; i++)); do
    n=0
    [ -f "out/shard-$i/units.jsonl" ] && n=$(wc -l < "out/shard-$i/units.jsonl")
    units+=("$n")
    if [ "$n" -eq 0 ]; then
      echo "cluster: array task $i wrote no unit; its log:" >&2
      cat "logs/shard-$i.out" >&2 || true
      exit 2
    fi
  done
  if [ ! -f out/all/results.csv ]; then
    echo "cluster: the merge job wrote no out/all/results.csv; its log:" >&2
    cat logs/merge.out >&2 || true
    exit 2
  fi
  echo "cluster: slurm array job $array (tasks 1-$shards: ${units[*]} units), merge job $merge after it: $slurm_s s from submission to merged"
  stop_slurm
  echo "cluster: slurm stopped"

  t0=$(date +%s.%N)
  lexpair batch simulate "${plan[@]}" -j 2 -q -o unsharded
  echo "cluster: the same plan unsharded (-j 2): $(since "$t0") s"
  same slurm "$work/job/out/all/results.csv" "$work/job/unsharded/results.csv"
  echo "cluster: slurm $shards shards, merged results.csv identical to the unsharded run ($(rows out/all/results.csv) rows)"
  cd "$root"
}

dask() {
  local venv=$target/cluster-venv
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip
  "$venv/bin/python" -m pip install -q "dask[distributed]" ./python
  local also=()
  [ "$what" = all ] && also=(--compare "$work/job/out/all/results.csv")
  "$venv/bin/python" benches/cluster_dask.py --shards "$shards" --players "$players" --rounds "$rounds" \
    --seeds "$seeds" --out "$work/dask" "${also[@]}"
}

case $what in
  all)
    slurm
    dask
    ;;
  slurm) slurm ;;
  dask) dask ;;
esac
