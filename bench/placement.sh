#!/bin/sh
# placement.sh: same-run comparison of two builds on two cores, each pair
# of runs labelled by where the host has put the machine's two cores. The
# cache line round trip (bench/pingpong) is measured before, between and
# after the two runs; a pair is "near" when all three are under 200 ns,
# "far" when all three are over, "mixed" otherwise (the host moved the
# cores meanwhile: not comparable). The order of the two builds alternates.
#
#   bench/placement.sh ROUNDS BIN_A BIN_B ARGS...
#
# e.g. bench/placement.sh 40 /tmp/grundy.before /tmp/grundy.after table grundy-game --to 2097152
# Run it from the repository's root (it builds ./bench/pingpong).
set -eu
if [ $# -lt 3 ]; then
	echo "usage: bench/placement.sh ROUNDS BIN_A BIN_B ARGS..." >&2
	exit 2
fi
ROUNDS=$1 A=$2 B=$3
shift 3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
go build -o "$TMP/pingpong" ./bench/pingpong
place() { if [ "$1" -gt 200 ]; then echo far; else echo near; fi; }
run() {
	bin=$1
	shift
	GOMAXPROCS=2 /usr/bin/time -f "%U %e" -o "$TMP/time" "$bin" "$@" > /dev/null 2>&1 || true
	echo "$(basename "$bin") user $(cut -d' ' -f1 "$TMP/time") wall $(cut -d' ' -f2 "$TMP/time")"
}
i=1
while [ "$i" -le "$ROUNDS" ]; do
	if [ $((i % 2)) = 0 ]; then first=$A second=$B; else first=$B second=$A; fi
	p1=$("$TMP/pingpong")
	r1=$(run "$first" "$@")
	p2=$("$TMP/pingpong")
	r2=$(run "$second" "$@")
	p3=$("$TMP/pingpong")
	label=mixed
	if [ "$(place "$p1")" = "$(place "$p2")" ] && [ "$(place "$p2")" = "$(place "$p3")" ]; then
		label=$(place "$p1")
	fi
	echo "$label ($p1 $p2 $p3 ns): $r1 | $r2"
	i=$((i + 1))
done
