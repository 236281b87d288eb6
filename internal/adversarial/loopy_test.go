package adversarial

import (
	"testing"
	"time"
)

// TestLoopyWideOptions runs a loopy rule script whose every position has
// 10^5 options, each a new position (moves(n) = list(range(100000))): the
// loopy engine lists options by the hundred thousand between two
// positions, so it polls its context and its memory every 1024 options.
// The case ran 22 s under --timeout 2s, at 994 MB, when the engine polled
// only every 256 positions.
func TestLoopyWideOptions(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "wide.star", "def moves(n):\n    return list(range(100000))\n")
	cases := []struct {
		name string
		args []string
		e    expect
	}{
		// With no memory limit but the default, the process reached 994 MB
		// before the fix; now 129-270 MiB, as the discarded lists wait for
		// the collector (measured on quiet and busy machines): 512 MiB
		// tells the two apart without depending on the collector's pace.
		{"timeout", []string{"--timeout", "2s", "value", script, "3"}, expect{codes: []int{1}, msgs: [][]string{timedOut}, wall: 2500 * time.Millisecond, rssMiB: 512}},
		// The engine's live heap stays within the budget; what the
		// process holds past it is each call's discarded list and the
		// option arena's growth. It peaked at 323-404 MiB of the process
		// tree on a quiet machine until the runtime's limit reserved
		// room for the code of both processes, the pacer (limits.Room)
		// made the script wait for the collector past that limit and
		// the arena's growth was held against the budget before it was
		// made; now 196-309 MiB (23 runs, load 5-10): the rule, 256 MiB
		// and its slack of 64.
		{"memory", []string{"--max-memory", "256MiB", "--timeout", "5s", "value", script, "3"}, expect{codes: []int{1}, msgs: anyLimit, wall: 5500 * time.Millisecond, rssMiB: 256 + 64}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			check(t, call{args: c.args, net: 30 * time.Second}, c.e, 3)
		})
	}
}
