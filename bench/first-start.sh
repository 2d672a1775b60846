#!/usr/bin/env bash
# The first `npm start` on an empty embedded database, two checkouts in alternating rounds:
#   bench/first-start.sh <old checkout> <new checkout> [rounds=3]
# Each run: a fresh PGlite folder, the server started as `npm start` starts it, timed until
# GET /health answers (migrations, the knowledge base and the demo catalog loaded), then stopped.
# Prints each run's wall-clock seconds and the server process's CPU seconds at that moment (PGlite
# runs inside it, so its CPU time is all the work; on a loaded machine it says more than the wall
# clock), and the medians; rounds alternate old/new so both see the same machine load.
set -euo pipefail
old=$(cd "$1" && pwd); new=$(cd "$2" && pwd); rounds=${3:-3}
port=$((20000 + RANDOM % 20000))
declare -a times_old times_new cpu_old cpu_new
ticks=$(getconf CLK_TCK)

run() { # dir → "wall-seconds cpu-seconds" to the first answer of /health
  local dir=$1 data
  data=$(mktemp -d /tmp/first-start.XXXXXX)
  local start=$(date +%s.%N)
  (cd "$dir" && PGLITE_DIR="$data/pglite" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn exec node --import ./register.mjs src/server.ts) >"$data/log" 2>&1 &
  local pid=$!
  until curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1; do
    if ! kill -0 $pid 2>/dev/null; then echo "server in $dir exited:" >&2; cat "$data/log" >&2; exit 1; fi
    sleep 0.1
  done
  local end=$(date +%s.%N)
  local cpu=$(awk -v t="$ticks" '{printf "%.1f", ($14 + $15) / t}' /proc/$pid/stat)
  kill $pid; wait $pid 2>/dev/null || true
  rm -rf "$data"
  echo "$(echo "$end - $start" | bc) $cpu"
}

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

for ((r = 1; r <= rounds; r++)); do
  read -r w c < <(run "$old"); times_old+=("$w"); cpu_old+=("$c"); echo "round $r old: $w s wall, $c s CPU"
  read -r w c < <(run "$new"); times_new+=("$w"); cpu_new+=("$c"); echo "round $r new: $w s wall, $c s CPU"
done
echo "median old $(median "${times_old[@]}") s wall, $(median "${cpu_old[@]}") s CPU; new $(median "${times_new[@]}") s wall, $(median "${cpu_new[@]}") s CPU"
