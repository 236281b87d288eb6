#!/bin/sh
# bench.sh: package sparse against the C baseline rarecommon.c, in one run
# (docs/PERFORMANCE.md, issue 16). Not run by go test.
#
#   heap/sparse/testdata/bench.sh [N] [GRUNDY_BEFORE]
#
# N defaults to 4194304 (2^22). For Grundy's game and 0.6 it times, with
# /usr/bin/time (user CPU, wall, max RSS): the C baseline (gcc -O2, one
# thread); `grundy table GAME --to N` of this tree on one core
# (GOMAXPROCS=1) and on two; and, when GRUNDY_BEFORE names an older grundy
# binary, the same two commands of it. Then it checks that every engine's
# values have the C baseline's checksum (CRC-64/ECMA of G(0..N)).
set -eu
N=${1:-4194304}
BEFORE=${2:-}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
gcc -O2 -o "$TMP/rarecommon" "$ROOT/heap/sparse/testdata/rarecommon.c"
(cd "$ROOT" && go build -o "$TMP/grundy" ./cmd/grundy)
echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, N = $N"
timed() { # label command...
	label=$1
	shift
	/usr/bin/time -f "%U %e %M" -o "$TMP/time" "$@" > "$TMP/out" 2>&1
	set -- $(cat "$TMP/time")
	printf '%-34s %7.2f s user %7.2f s wall %7d KB\n' "$label" "$1" "$2" "$3"
}
for game in grundy-game octal:0.6; do
	timed "$game C (1 thread)" "$TMP/rarecommon" "$game" "$N"
	want=$(sed -n 's/.*checksum \([0-9a-f]*\).*/\1/p' "$TMP/out")
	timed "$game grundy, 1 core" env GOMAXPROCS=1 "$TMP/grundy" table "$game" --to "$N"
	timed "$game grundy, 2 cores" "$TMP/grundy" table "$game" --to "$N"
	if [ -n "$BEFORE" ]; then
		timed "$game before, 1 core" env GOMAXPROCS=1 "$BEFORE" table "$game" --to "$N"
		timed "$game before, 2 cores" "$BEFORE" table "$game" --to "$N"
	fi
	for bin in "$TMP/grundy" $BEFORE; do
		rm -f "$TMP/values.bin"
		"$bin" table "$game" --to "$N" --out "$TMP/values.bin" --format bin > /dev/null
		got=$("$TMP/rarecommon" --crc "$TMP/values.bin")
		if [ "$got" = "$want" ]; then
			echo "$game $(basename "$bin"): checksum $got, the C baseline's"
		else
			echo "$game $(basename "$bin"): checksum $got, the C baseline's is $want" >&2
			exit 1
		fi
	done
done
