package script_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/script"
)

// class is how an error must be classified: bad input (exit 2) or a limit
// (exit 1).
type class int

const (
	input class = iota
	limit
)

// valueErr loads src as bad.star, values the position arg, and returns the
// error of the first step that fails.
func valueErr(ctx context.Context, src, arg string) error {
	inst, err := script.LoadSource("bad.star", []byte(src), io.Discard)
	if err != nil {
		return err
	}
	comps, err := inst.Parse([]string{arg})
	if err != nil {
		return err
	}
	e := inst.(games.Valued).Evaluator(nil)
	if _, err := e.Grundy(ctx, comps[0]); err != nil {
		return err
	}
	return e.MovesToValue(ctx, comps[0], 0, func([]games.Component) bool { return true })
}

// TestSandboxErrors runs scripts that misbehave in each way the sandbox
// guards against: each fails quickly with a one-line error naming the file
// and line, classified as bad input or as a limit.
func TestSandboxErrors(t *testing.T) {
	cases := []struct {
		name, src, arg string
		class          class
		want           []string // substrings of the message
	}{
		{"infinite loop", "def moves(n):\n    x = 0\n    while True:\n        x += 1\n", "5", limit,
			[]string{"bad.star:4", "in moves(5)", "more than 10000000 steps in one call"}},
		{"unbounded recursion", "def f(n):\n    return f(n + 1)\n\ndef moves(n):\n    return [f(n)]\n", "5", input,
			[]string{"bad.star:2", "in moves(5)", "called recursively"}},
		{"10^9-element list", "def moves(n):\n    x = [0] * 1000000000\n    return []\n", "5", limit,
			[]string{"bad.star:2", "in moves(5)", "1000000000 elements"}},
		{"10^9-element list reversed", "def moves(n):\n    return 1000000000 * [n]\n", "5", limit,
			[]string{"bad.star:2", "1000000000 elements"}},
		{"list of a huge range", "def moves(n):\n    return list(range(1000000000))\n", "5", limit,
			[]string{"bad.star:2", "range of 1000000000 elements"}},
		{"syntax error", "def moves(n):\n    return [n -]\n", "5", input,
			[]string{"bad.star:2", "syntax error"}},
		{"non-hashable option", "def moves(n):\n    return [{}] if n else []\n", "5", input,
			[]string{"bad.star:1", "moves(5)", "option 1", "a dict, which cannot be a position"}},
		{"non-hashable component", "def moves(n):\n    return [[n - 1, [1]]] if n else []\n", "5", input,
			[]string{"bad.star:1", "component 2 of option 1", "a list"}},
		{"doubling string", "def moves(n):\n    s = 'ab'\n    for i in range(64):\n        s = s + s\n    return []\n", "5", limit,
			[]string{"bad.star:4", "concatenation"}},
		{"doubling list in place", "def moves(n):\n    s = [1, 2]\n    for i in range(64):\n        s += s\n    return []\n", "5", limit,
			[]string{"bad.star:4", "concatenation"}},
		{"squaring integer", "def moves(n):\n    x = 3\n    for i in range(64):\n        x = x * x\n    return []\n", "5", limit,
			[]string{"bad.star:4", "product"}},
		{"join amplification", "def moves(n):\n    s = 'x' * 1000000\n    return [len(s.join(['a'] * 1000000))]\n", "5", limit,
			[]string{"bad.star:3", "joined string"}},
		{"replace amplification", "def moves(n):\n    s = 'x' * 1000000\n    return [len(s.replace('', s))]\n", "5", limit,
			[]string{"bad.star:3", "replaced string"}},
		{"format amplification", "def moves(n):\n    s = 'x' * 1000000\n    return [len('{}{}{}'.format(s, s, s))]\n", "5", limit,
			[]string{"bad.star:3", "formatted string"}},
		{"percent amplification", "def moves(n):\n    s = 'x' * 1000000\n    return [len('%s%s' % (s, s))]\n", "5", limit,
			[]string{"bad.star:3", "formatted string"}},
		// (t, t) sixty times: 2^60 leaves in 60 tuples; hashing it as a
		// dict key would visit every leaf in Go code no budget reaches.
		{"shared tuple", "def moves(n):\n    t = n\n    for i in range(60):\n        t = (t, t)\n    seen = {t: True}\n    return []\n", "5", limit,
			[]string{"bad.star:4", "nested elements"}},
		{"extend loop", "def moves(n):\n    l = []\n    b = [0] * 1000000\n    for i in range(100):\n        l.extend(b)\n    return []\n", "5", limit,
			[]string{"bad.star:5", "list"}},
		{"method value", "def moves(n):\n    j = ('x' * 1000000).join\n    return [len(j(['a'] * 1000000))]\n", "5", limit,
			[]string{"bad.star:3", "joined string"}},
		{"many large lists", "def moves(n):\n    keep = []\n    for i in range(1000):\n        keep.append([0] * 1000000)\n    return []\n", "5", limit,
			[]string{"bad.star:4", "limit per call"}},
		{"printing a huge nested value", "def moves(n):\n    l = [[0] * 1000] * 1000\n    return [len(str(l))]\n", "5", limit,
			[]string{"bad.star:3", "str()"}},
		{"string grown one piece at a time", "def moves(n):\n    s = ''\n    while True:\n        s = s + 'xyz'\n", "5", limit,
			[]string{"bad.star:4", "limit per call"}},
		{"list grown one piece at a time", "def moves(n):\n    l = []\n    while True:\n        l += [n, n, n]\n", "5", limit,
			[]string{"bad.star:4", "concatenation would have 1048578 elements"}},
		{"load", "load('other.star', 'x')\ndef moves(n):\n    return []\n", "5", input,
			[]string{"bad.star:1", "load is not allowed"}},
		{"undefined name", "def moves(n):\n    return [m]\n", "5", input,
			[]string{"bad.star:2", "undefined: m"}},
		{"no moves", "def move(n):\n    return []\n", "5", input,
			[]string{"bad.star", "defines no moves(pos)"}},
		{"moves returns an int", "def moves(n):\n    return n\n", "5", input,
			[]string{"bad.star:1", "moves(5) returned a int, not a list"}},
		{"error in a deeper position", "def moves(n):\n    if n == 2:\n        fail('no moves from', n)\n    return [n - 1] if n else []\n", "5", input,
			[]string{"bad.star:3", "in moves(2)", "no moves from 2"}},
		{"error at top level", "X = 1 // 0\ndef moves(n):\n    return []\n", "5", input,
			[]string{"bad.star:1", "in the top level", "division by zero"}},
		{"bad parse", "def parse(a):\n    return [a]\ndef moves(n):\n    return []\n", "5", input,
			[]string{"bad.star:1", "parse(\"5\") returned a list"}},
		{"default parse", "def moves(n):\n    return []\n", "five", input,
			[]string{"\"five\" is not an integer"}},
		{"cycle", "def moves(n):\n    return [1 - n]\n", "0", limit,
			[]string{"cycle"}},
		{"split error", "def split(p):\n    return [p, {}]\ndef moves(n):\n    return [n - 1] if n else []\n", "5", input,
			[]string{"bad.star:1", "split(5)", "component 2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			err := valueErr(context.Background(), c.src, c.arg)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") {
				t.Errorf("message has several lines: %q", msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
			if got := errors.Is(err, game.ErrInput); got != (c.class == input) {
				t.Errorf("errors.Is(err, ErrInput) = %v for %q", got, msg)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestTimeout checks that a script stuck in one long call stops when the
// context ends, with an error wrapping context.DeadlineExceeded.
func TestTimeout(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	ctx = script.WithLimits(ctx, script.Limits{CallSteps: 1 << 62})
	start := time.Now()
	err := valueErr(ctx, "def moves(n):\n    x = 0\n    while True:\n        x += 1\n", "3")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if !strings.Contains(err.Error(), "bad.star:") {
		t.Errorf("message %q does not name the script", err)
	}
}

// TestRunSteps checks the budget over all calls: each call is cheap, but
// together they exceed it.
func TestRunSteps(t *testing.T) {
	ctx := script.WithLimits(context.Background(), script.Limits{RunSteps: 20000})
	err := valueErr(ctx, "def moves(n):\n    return [n - 1] if n else []\n", "100000")
	var le *script.LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "more than 20000 steps in all") {
		t.Fatalf("err = %v, want the run budget", err)
	}
}

// TestStateLimit checks that --max-states reaches script games.
func TestStateLimit(t *testing.T) {
	inst, err := script.LoadSource("s.star", []byte("def moves(n):\n    return [n - 1] if n else []\n"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	comps, _ := inst.Parse([]string{"1000"})
	v := inst.(games.Valued)
	budget := &limits.Budget{MaxStates: 100}
	e := v.Evaluator(budget)
	if _, err := e.Grundy(context.Background(), comps[0]); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("err = %v, want the state limit", err)
	}
	// The engine stays usable after an error, once its budget allows more.
	budget.MaxStates = 0
	g, err := e.Grundy(context.Background(), comps[0])
	if err != nil || g != 0 {
		t.Fatalf("G(1000) = %d, %v; want 0 (a chain of even length)", g, err)
	}
	// So does the script, for the engine of another request.
	g, err = v.Evaluator(nil).Grundy(context.Background(), comps[0])
	if err != nil || g != 0 {
		t.Fatalf("G(1000) with a new engine = %d, %v; want 0 (a chain of even length)", g, err)
	}
}

// TestOnceCall checks that the script is called once per position however
// often the engine asks (memoized options), by counting calls in a global
// the script cannot mutate... so the count is kept by print.
func TestOnceCall(t *testing.T) {
	var out strings.Builder
	src := "def moves(n):\n    print(n)\n    return [n - s for s in (1, 2) if s <= n]\n"
	inst, err := script.LoadSource("c.star", []byte(src), &out)
	if err != nil {
		t.Fatal(err)
	}
	comps, _ := inst.Parse([]string{"30", "29", "30"})
	v := inst.(games.Valued).Evaluator(nil)
	for _, c := range comps {
		if _, err := v.Grundy(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		if err := v.MovesToValue(context.Background(), c, 0, func([]games.Component) bool { return true }); err != nil {
			t.Fatal(err)
		}
	}
	calls := strings.Count(out.String(), "\n")
	if calls != 31 {
		t.Errorf("moves was called %d times for the 31 positions 0..30", calls)
	}
}

// TestPositionKinds checks that positions of every hashable kind work and
// that values equal under Starlark's == are one position.
func TestPositionKinds(t *testing.T) {
	// From "start" the options are equal values in different forms; each
	// leads to a terminal position. 1 and 1.0 are equal, so they are one
	// position: G(start) = mex{G(1), G((1, "a")), G(None), G(True)} = 1.
	src := `
def parse(a):
    return a

def moves(p):
    if p == "start":
        return [1, 1.0, (1, "a"), (1.0, "a"), None, True, b"x", 2.5]
    return []
`
	inst, err := script.LoadSource("k.star", []byte(src), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	comps, _ := inst.Parse([]string{"start"})
	v := inst.(games.Valued)
	var options []string
	v.Moves(comps[0], func(o []games.Component) bool {
		options = append(options, o[0].String())
		return true
	})
	if len(options) != 8 {
		t.Fatalf("options %v", options)
	}
	keys := map[any]bool{}
	v.Moves(comps[0], func(o []games.Component) bool {
		keys[o[0].Key()] = true
		return true
	})
	if len(keys) != 6 {
		t.Errorf("%d distinct keys among %v, want 6 (1 == 1.0, (1, \"a\") == (1.0, \"a\"))", len(keys), options)
	}
}
