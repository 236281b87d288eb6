#!/bin/sh
# ab.sh: same-run comparison of two builds (docs/PERFORMANCE.md). It runs
# "BIN ARGS..." for each binary in turn, ROUNDS rounds, alternating so that
# both see the same load, and prints each run's user CPU, wall time and
# peak resident memory (/usr/bin/time), then every benchmark line the run
# printed (test binaries: -test.bench output, states/cpu-s and the like).
#
#   bench/ab.sh ROUNDS BIN_BEFORE BIN_AFTER ARGS...
#
# e.g. the CLI of HEAD against the working tree:
#   git worktree add /tmp/old HEAD && (cd /tmp/old && go build -o /tmp/grundy.before ./cmd/grundy)
#   go build -o /tmp/grundy.after ./cmd/grundy
#   bench/ab.sh 3 /tmp/grundy.before /tmp/grundy.after value rectangles 5x5
# or two test binaries (go test -c -o X ./solve in each tree):
#   bench/ab.sh 3 /tmp/solve.before /tmp/solve.after -test.run XXX -test.bench 'HashedPacked/states=1002001' -test.benchtime 3x
set -eu
if [ $# -lt 3 ]; then
	echo "usage: bench/ab.sh ROUNDS BIN_BEFORE BIN_AFTER ARGS..." >&2
	exit 2
fi
ROUNDS=$1 A=$2 B=$3
shift 3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; $ROUNDS rounds of: BIN $*"
i=1
while [ "$i" -le "$ROUNDS" ]; do
	for bin in "$A" "$B"; do
		/usr/bin/time -f "%U %e %M" -o "$TMP/time" "$bin" "$@" > "$TMP/out" 2>&1 || true
		read -r user wall rss < "$TMP/time"
		printf 'round %d %-28s %7.2f s user %7.2f s wall %8d KB\n' "$i" "$(basename "$bin")" "$user" "$wall" "$rss"
		grep '^Benchmark' "$TMP/out" | sed 's/^/    /' || true
	done
	i=$((i + 1))
done
