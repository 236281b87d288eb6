package adversarial

import (
	"testing"
	"time"
)

// TestStarlarkOperatorBombs runs rule scripts whose single Starlark steps
// copy or scan a large value: upper() of a 10^6-character string, a slice
// of a 10^6-element list, and 'in' over it, each a million times. The
// sandbox charges what such operations copy to the call's allocation (and
// the request's memory) and what they scan to the call's steps, so each
// stops at a limit within seconds and within --max-memory plus the
// runtime's slack. (upper() passed 3 GB in 12 s, the slices 1.6 GB in
// 10 s, and 'in' ran past 25 s, when each counted as one step.)
func TestStarlarkOperatorBombs(t *testing.T) {
	dir := t.TempDir()
	bombs := map[string]string{
		"upper": "def moves(n):\n    big = \"x\" * 1000000\n    keep = []\n    for i in range(1000000):\n        keep.append(big.upper())\n    return []\n",
		"slice": "def moves(n):\n    big = list(range(1000000))\n    keep = []\n    for i in range(1000000):\n        keep.append(big[i % 2:])\n    return []\n",
		"in":    "def moves(n):\n    big = list(range(1000000))\n    c = 0\n    for i in range(1000000):\n        if -1 in big:\n            c += 1\n    return []\n",
	}
	limit := [][]string{{"steps", "--script-call-steps"}, memoryLimit, timedOut}
	for name, src := range bombs {
		script := writeFile(t, dir, name+".star", src)
		t.Run(name, func(t *testing.T) {
			e := expect{codes: []int{1}, msgs: limit, wall: 5 * time.Second, rssMiB: 256 + 64}
			check(t, call{args: []string{"--max-memory", "256MiB", "--timeout", "20s", "value", script, "3"}, net: 30 * time.Second}, e, 3)
		})
		t.Run(name+"-memory", func(t *testing.T) {
			// With the step budget out of the way, the memory and time
			// limits hold.
			e := expect{codes: []int{1}, msgs: [][]string{memoryLimit, timedOut}, wall: 5500 * time.Millisecond, rssMiB: 64 + 64}
			check(t, call{args: []string{"--max-memory", "64MiB", "--timeout", "5s", "--script-call-steps", "1000000000000", "value", script, "3"}, net: 30 * time.Second}, e, 3)
		})
	}
}
