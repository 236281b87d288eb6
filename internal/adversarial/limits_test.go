package adversarial

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// minStates returns the least --max-states under which grundy answers
// verb position (exit 0; for play, which reads its empty stdin after the
// analysis, "input ended"), by bisection: a run succeeds exactly when the
// limit is at least the states it counts.
func minStates(t *testing.T, verb string, position ...string) int64 {
	t.Helper()
	ok := func(limit int64) bool {
		a := append([]string{"--max-states", strconv.FormatInt(limit, 10), verb}, position...)
		o := run(t, call{args: a, net: 30 * time.Second})
		switch {
		case o.code == 0:
			return true
		case o.code == 2 && verb == "play" && strings.Contains(o.stderr, "input ended"):
			return true
		case o.code == 1 && matchesOne(o.stderr, [][]string{stateLimit}):
			return false
		}
		t.Fatalf("grundy %s: %v", shortArgs(a), o)
		return false
	}
	lo, hi := int64(0), int64(1)<<20 // ok(lo) is false, ok(hi) true
	if !ok(hi) {
		t.Fatalf("%s %v needs more than %d states", verb, position, hi)
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if ok(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// TestStateLimitShared checks that --max-states bounds the whole command,
// not each component (docs/limits.md): --max-states 1500 on divisor 1000 +
// divisor 1000 must fail like divisor 2000 does.
func TestStateLimitShared(t *testing.T) {
	in := newInputs(t)
	alone := minStates(t, "value", "divisor", "1000")
	double := minStates(t, "value", "divisor", "2000")
	script := minStates(t, "value", in.divisor, "1000")
	t.Logf("least --max-states for value: divisor 1000: %d, divisor 2000: %d, examples/divisor.star 1000: %d", alone, double, script)
	// The case is meaningful when divisor 1000 fits in 1500 states
	// and divisor 2000 does not (from a heap of n the move n -> n-1 is
	// always legal, so divisor n reaches every heap 1..n: n states).
	if alone > 1500 || double <= 1500 {
		t.Fatalf("divisor 1000 needs %d states and divisor 2000 %d: the case 1500 does not separate them", alone, double)
	}
	limitFails := expect{codes: []int{1}, msgs: [][]string{stateLimit}, wall: 5 * time.Second}
	for _, position := range []string{"divisor 2000", "divisor 1000 + divisor 1000"} {
		t.Run(position, func(t *testing.T) {
			check(t, call{args: append(args("--max-states 1500 value"), args(position)...)}, limitFails, 1)
		})
	}
	// Two components that share no position (a built-in game and a rule
	// script): each alone fits in max(a, b) states; their sum needs both
	// sets of states, more than max(a, b), so it must stop there.
	t.Run("builtin-and-script", func(t *testing.T) {
		limit := strconv.FormatInt(max(alone, script), 10)
		c := call{args: []string{"--max-states", limit, "value", "divisor", "1000", "+", in.divisor, "1000"}}
		check(t, c, limitFails, 1)
	})
	// explain looks at every option besides valuing them: the limit that
	// stops value stops it too.
	t.Run("explain", func(t *testing.T) {
		check(t, call{args: args("--max-states 1500 explain divisor 1000 + divisor 1000")}, limitFails, 1)
	})
	// The other verbs: the least limit that answers divisor 1000 alone
	// must not answer divisor 1000 + divisor 1000.
	for _, verb := range []string{"solve", "play"} {
		t.Run(verb, func(t *testing.T) {
			least := minStates(t, verb, "divisor", "1000")
			t.Logf("least --max-states for %s divisor 1000: %d", verb, least)
			c := call{args: append([]string{"--max-states", strconv.FormatInt(least, 10), verb}, args("divisor 1000 + divisor 1000")...)}
			check(t, c, limitFails, 1)
		})
	}
}

// TestMaxMemory gives --max-memory budgets that the work needs more than:
// exit 1 naming the limit, with the peak RSS of the process below three
// times the budget plus 100 MiB (the Go runtime, the binary, the input).
// The cases in ruled hold the rule itself (docs/limits.md): the budget
// plus its slack (the larger of 64 MiB and a tenth of it), for the whole
// process tree the harness measures, the supervisor included (the
// runtime's limit reserves room for it: limits.RuntimeLimit).
func TestMaxMemory(t *testing.T) {
	in := newInputs(t)
	bound := func(budgetMiB int64) int64 { return 3*budgetMiB + 100 }
	rule := func(budgetMiB int64) int64 { return budgetMiB + max(64, budgetMiB/10) }
	ruled := map[string]bool{
		// The parse holds the file, its words and the components against
		// the budget as it builds them: refused at 33 MiB of peak RSS
		// (107-123 MiB when the position was built whole first).
		"nim-1e6-heaps": true,
		// The option lists of a script's calls: 124-131 MiB, past the
		// rule, until the option arena's growth was held against the
		// budget before it was made and the pacer made the script wait
		// for the collector (limits.Room); now 112-116 MiB.
		"script-1e6-options": true,
	}
	cases := []struct {
		name      string
		args      []string
		budgetMiB int64
		codes     []int
		msgs      [][]string
		wall      time.Duration
	}{
		{"table-grundy-game-1e8", args("table grundy-game --to 100000000"), 64, []int{1}, [][]string{memoryLimit}, 10 * time.Second},
		{"value-grundy-game-1e8", args("value grundy-game 100000000"), 64, []int{1}, [][]string{memoryLimit}, 10 * time.Second},
		{"misere-kayles-memo", args("value --misere kayles 30 20 + dawson-kayles 40"), 16, []int{1}, [][]string{memoryLimit}, 10 * time.Second},
		// Solved by tiers, the whole game needs 58.8 MiB (the largest tier
		// and its children), refused up front under 32.
		{"solve-quixo-4x4", args("solve quixo:4x4"), 32, []int{1}, [][]string{memoryLimit}, 10 * time.Second},
		// A rule script whose calls return 10^6 options: the move lists are
		// memory the budget must see (under --timeout 5s, the memory limit
		// must come first: without accounting the process passes 1 GiB in
		// about a second).
		{"script-1e6-options", []string{"--timeout", "5s", "value", in.options10, "100000"}, 64, []int{1}, [][]string{memoryLimit}, 6500 * time.Millisecond},
		// 10^6 nim heaps (19 MB of text): answered or refused, in the budget.
		{"nim-1e6-heaps", []string{"value", "nim", "@" + in.bigHeaps}, 32, []int{0, 1}, [][]string{memoryLimit}, 10 * time.Second},
		// The winning moves of a misère 10^5-node forest.
		{"misere-forest-1e5", []string{"--timeout", "3s", "value", "--misere", "forest", "@" + in.forest}, 64, []int{0, 1}, anyLimit, 4500 * time.Millisecond},
		// @FILE of endless files: an ARG is not read without bound.
		{"at-dev-zero", args("--timeout 2s value nim @/dev/zero"), 64, []int{1, 2}, nil, 3500 * time.Millisecond},
		{"at-dev-urandom", args("--timeout 2s value forest @/dev/urandom"), 64, []int{1, 2}, nil, 3500 * time.Millisecond},
		{"graph-file-dev-zero", args("--timeout 2s value graph:/dev/zero x"), 64, []int{1, 2}, nil, 3500 * time.Millisecond},
		{"explain-grundy-game-1e8", args("explain grundy-game 100000000"), 64, []int{1}, [][]string{memoryLimit}, 10 * time.Second},
		{"explain-misere-kayles-memo", args("explain --misere kayles 30 20 + dawson-kayles 40"), 16, []int{1}, [][]string{memoryLimit}, 10 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := append([]string{"--max-memory", fmt.Sprintf("%dMiB", tc.budgetMiB)}, tc.args...)
			e := expect{codes: tc.codes, msgs: tc.msgs, wall: tc.wall, rssMiB: bound(tc.budgetMiB)}
			if ruled[tc.name] {
				e.rssMiB = rule(tc.budgetMiB)
			}
			check(t, call{args: a, net: tc.wall + 5*time.Second, killMiB: 2 * bound(tc.budgetMiB)}, e, 1)
		})
	}
}

// TestLimitFlagsRefused gives the limit flags negative and malformed
// values: exit 2 with one clean line that names the flag.
func TestLimitFlagsRefused(t *testing.T) {
	cases := [][]string{
		args("--max-states -1 value nim 3"),
		args("--max-states=-5 value nim 3"),
		args("--timeout=-1s value nim 3"),
		args("--timeout -1s value nim 3"),
		args("--max-memory -1 value nim 3"),
		args("--max-memory=-1GiB value nim 3"),
		args("--max-memory lots value nim 3"),
		args("value nim 3 --max-states -1"),
		args("value nim 3 --timeout -1"),
		args("table kayles --to 10 --max-memory -5MiB"),
		args("--max-states 1.5 value nim 3"),
		args("--max-states 99999999999999999999 value nim 3"),
		args("--max-states 0x10 value nim 3"),
		args("--timeout 1e9h value nim 3"),
		args("--timeout 9999999999h value nim 3"),
		args("--max-memory 1e30 value nim 3"),
		args("--max-memory NaN value nim 3"),
		args("--max-memory Inf value nim 3"),
		args("--max-memory -0.5KiB value nim 3"),
		{"--max-memory", "", "value", "nim", "3"},
		{"--timeout", "", "value", "nim", "3"},
		{"--timeout", "1\x1b[2Js", "value", "nim", "3"},
		{"--max-memory", "\x1b]0;owned\x07", "value", "nim", "3"},
	}
	for _, a := range cases {
		flag := ""
		for _, w := range a {
			if f, ok := strings.CutPrefix(w, "--"); ok {
				flag = "--" + strings.SplitN(f, "=", 2)[0]
			}
		}
		t.Run(strings.Join(a, "_"), func(t *testing.T) {
			e := expect{codes: []int{2}, msgs: [][]string{{flag}}, wall: 3 * time.Second, rssMiB: 100}
			check(t, call{args: a}, e, 1)
		})
	}
}
