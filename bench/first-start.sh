#!/usr/bin/env bash
# Time from `npm start` to the first analysis answered (POST /analyze/ingredient_list → 201), in this
# checkout, three kinds of start in alternating rounds (so all see the same machine load):
#   restart  a PGlite folder already prepared (the everyday start)
#   fresh    an empty folder, the prepared database cached (node_modules/.cache/skincare): it is restored
#   cold     an empty folder and an empty cache: the first start of a fresh clone (migrate, seed, cache)
#   bench/first-start.sh [rounds=3] [kinds="restart fresh cold"]
# Prints each run's wall-clock seconds and the server process's CPU seconds at that moment (PGlite runs
# inside it, so its CPU time is all the work; on a loaded machine it says more than the wall clock), then
# the medians per kind.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
kinds=${2:-restart fresh cold}
port=$((20000 + RANDOM % 20000))
ticks=$(getconf CLK_TCK)
work=$(mktemp -d /tmp/first-start.XXXXXX)
trap 'rm -rf "$work"' EXIT
declare -A wall cpu

run() { # folder cache-folder → "wall-seconds cpu-seconds" to the first 201
  local folder=$1 cache=$2
  local start=$(date +%s.%N)
  PREPARED_DB_DIR="$cache" PGLITE_DIR="$folder" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn \
    node_modules/.bin/node --import ./register.mjs src/server.ts >"$work/log" 2>&1 &
  local pid=$!
  until [ "$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' \
    -d '{"ingredient_list": "Aqua, Glycerin, Niacinamide"}' "http://127.0.0.1:$port/analyze/ingredient_list")" = 201 ]; do
    if ! kill -0 $pid 2>/dev/null; then echo "the server exited:" >&2; cat "$work/log" >&2; exit 1; fi
    sleep 0.1
  done
  local end=$(date +%s.%N)
  local used=$(awk -v t="$ticks" '{printf "%.1f", ($14 + $15) / t}' /proc/$pid/stat)
  kill $pid; wait $pid 2>/dev/null || true
  echo "$(echo "$end - $start" | bc) $used"
}

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

mkdir -p "$work/cache"
# The folder every restart reopens, and the cache the fresh starts restore from.
run "$work/seeded" "$work/cache" >/dev/null
for ((r = 1; r <= rounds; r++)); do
  for kind in $kinds; do
    case $kind in
      restart) folder="$work/seeded"; cache="$work/cache" ;;
      fresh) rm -rf "$work/fresh"; folder="$work/fresh"; cache="$work/cache" ;;
      cold) rm -rf "$work/cold" "$work/cold-cache"; mkdir -p "$work/cold-cache"; folder="$work/cold"; cache="$work/cold-cache" ;;
    esac
    read -r w c < <(run "$folder" "$cache")
    wall[$kind]="${wall[$kind]:-} $w"; cpu[$kind]="${cpu[$kind]:-} $c"
    echo "round $r $kind: $w s wall, $c s CPU ($(cut -d' ' -f1 /proc/loadavg) load)"
  done
done
for kind in $kinds; do
  # shellcheck disable=SC2086
  echo "median $kind: $(median ${wall[$kind]}) s wall, $(median ${cpu[$kind]}) s CPU"
done
