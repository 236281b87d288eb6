#!/usr/bin/env bash
# Times grundy against the seeds' Python memoized SG() on subtract:1,3,4, in
# one run on one machine, process start included. Usage: bench/compare.sh [N...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/grundy
go build -o "$bin" ./cmd/grundy
for n in "${@:-2000000 10000000}"; do
  for n1 in $n; do
    py=$( { /usr/bin/time -f '%e %M' python3 bench/sg_subtract.py "$n1" >/dev/null; } 2>&1 | tail -1)
    go=$( { /usr/bin/time -f '%e %M' "$bin" value "subtract:1,3,4" "$n1" >/dev/null; } 2>&1 | tail -1)
    echo "N=$n1 python: ${py% *} s ${py#* } KB | grundy: ${go% *} s ${go#* } KB"
  done
done
