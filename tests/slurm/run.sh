#!/bin/bash
# Runs examples/census.sbatch on a real single-node Slurm started here, on loopback only:
# munged, slurmctld and slurmd with their own configuration, sockets and state in a temporary
# folder, then the job array (3 shards of forests1..=7), the merge, and a query answered from
# the merged cache, compared with the same query run whole. Needs Debian's slurm-wlm and munge
# (`apt-get install slurm-wlm munge`) and root (slurmd starts jobs as their user).
#
#   bash tests/slurm/run.sh [path/to/hackenbook]     (default: target/release/hackenbook)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "${1:-$here/target/release/hackenbook}")
for tool in munged slurmctld slurmd sbatch squeue; do
  command -v "$tool" >/dev/null || { echo "slurm test: $tool is not installed" >&2; exit 2; }
done
[ -x "$bin" ] || { echo "slurm test: no binary at $bin (cargo build --release)" >&2; exit 2; }
work=$(mktemp -d /tmp/hackenbook-slurm.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work"/{munge,state,spool,project/essays,logs}
chmod 700 "$work/munge"

# munge: a fresh key, a socket of its own.
mungekey --create --keyfile="$work/munge/key" --force
munged --force --socket="$work/munge/socket" --key-file="$work/munge/key" \
  --pid-file="$work/munge/pid" --log-file="$work/munge/log" --seed-file="$work/munge/seed"
pids+=("$(cat "$work/munge/pid")")

# Slurm: one node, 127.0.0.1, ports of its own.
mem=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)
cat > "$work/slurm.conf" <<CONF
ClusterName=hackenbook
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -i >"$work/logs/slurmctld.out" 2>&1 & pids+=($!)
slurmd -D -N localhost >"$work/logs/slurmd.out" 2>&1 & pids+=($!)
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -qx idle && break
  sleep 1
done
sinfo -h -o %T | grep -qx idle || { echo "slurm test: the node never came up" >&2; tail -20 "$work"/logs/*; exit 1; }

# The job array, then the merge once every task has finished.
cd "$work"
array=$(sbatch --parsable --array=1-3 --mem=200M --chdir="$work" \
  --output="$work/logs/shard-%a.log" \
  --export=ALL,CENSUS=forests7,SHARDS=3,HACKENBOOK="$bin",ROOT="$work/project",OUT="$work/shards" \
  "$here/examples/census.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$work" \
  --output="$work/logs/merge.log" \
  --wrap "'$bin' --root '$work/project' census merge forests7 $work/shards/census-forests7-*-of-3.json")
for _ in $(seq 300); do
  [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
  sleep 1
done
cat "$work"/logs/shard-*.log "$work/logs/merge.log"
state=$(sacct -n -X -j "$merge" -o State 2>/dev/null | head -1 | tr -d ' ' || true)
grep -q "^merged 3 shards of \`forests7\`" "$work/logs/merge.log" \
  || { echo "slurm test: the merge did not run (${state:-no accounting})" >&2; exit 1; }

# A build of the project reads the merged census from its cache: same answer as a whole run.
query="smallest forests7 where blue != red and sign != majority"
from_cache=$("$bin" --root "$work/project" census "$query")
whole=$("$bin" --root "$work/fresh" census "$query")
[ "$from_cache" = "$whole" ] || { echo "slurm test: $from_cache ≠ $whole" >&2; exit 1; }
ls "$work/project/.hackenbook-cache/"census-*.json >/dev/null
echo "slurm test: 3 array tasks and the merge ran on Slurm; '$query' → $from_cache (as run whole)"
