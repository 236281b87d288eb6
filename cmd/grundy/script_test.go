package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// valueJSON runs `grundy value ARGS --json` and decodes the parts the script
// tests compare.
type valueJSON struct {
	Grundy       int    `json:"grundy"`
	Outcome      string `json:"outcome"`
	WinningMoves []struct {
		Component     int    `json:"component"`
		PositionAfter string `json:"position_after"`
	} `json:"winning_moves"`
}

func runJSON(t *testing.T, v any, args ...string) {
	t.Helper()
	out, errOut, code := grundy(t, "", append(args, "--json")...)
	if code != 0 {
		t.Fatalf("grundy %v: exit %d: %s", args, code, errOut)
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("grundy %v: %v\n%s", args, err, out)
	}
}

// TestScriptSubtractMatchesBuiltin: `grundy value examples/subtract.star
// ARGS` and `grundy value subtract:1,3,4 ARGS` give the same value, outcome
// and winning moves on random sums (the script is an independent
// implementation of the same rules).
func TestScriptSubtractMatchesBuiltin(t *testing.T) {
	const file = "../../examples/subtract.star"
	rng := rand.New(rand.NewPCG(6, 6))
	args := [][]string{{"10", "11", "12"}}
	for range 40 {
		a := make([]string, 1+rng.IntN(4))
		for i := range a {
			a[i] = fmt.Sprint(rng.IntN(500))
		}
		args = append(args, a)
	}
	for _, a := range args {
		var got, want valueJSON
		runJSON(t, &got, append([]string{"value", file}, a...)...)
		runJSON(t, &want, append([]string{"value", "subtract:1,3,4"}, a...)...)
		if got.Grundy != want.Grundy || got.Outcome != want.Outcome {
			t.Fatalf("%v: script %d %s, built-in %d %s", a, got.Grundy, got.Outcome, want.Grundy, want.Outcome)
		}
		moves := func(v valueJSON, name string) []string {
			var out []string
			for _, m := range v.WinningMoves {
				out = append(out, fmt.Sprint(m.Component, strings.TrimPrefix(m.PositionAfter, name)))
			}
			slices.Sort(out)
			return out
		}
		if g, w := moves(got, file), moves(want, "subtract:1,3,4"); !slices.Equal(g, w) {
			t.Fatalf("%v: winning moves %v, built-in %v", a, g, w)
		}
	}
}

// TestScriptTableMatchesBuiltin: `grundy table examples/grundy.star --to
// 200` equals `grundy table grundy-game --to 200`, and a script table is
// never proven unless the script declares SUBTRACTION.
func TestScriptTableMatchesBuiltin(t *testing.T) {
	type table struct {
		Values  []int `json:"values"`
		Pattern *struct {
			Period int  `json:"period"`
			Proven bool `json:"proven"`
		} `json:"pattern"`
	}
	var got, want table
	runJSON(t, &got, "table", "../../examples/grundy.star", "--to", "200")
	runJSON(t, &want, "table", "grundy-game", "--to", "200")
	if len(got.Values) != 201 || !slices.Equal(got.Values, want.Values) {
		t.Fatalf("script table %v\nbuilt-in %v", got.Values, want.Values)
	}
	if got.Pattern != nil && got.Pattern.Proven {
		t.Errorf("a script's pattern was marked proven: %+v", got.Pattern)
	}
	var sub table
	runJSON(t, &sub, "table", "../../examples/subtract.star", "--to", "50")
	// subtract:1,3,4 has period 7 from 0 (G = 0,1,0,1,2,3,2, ...); the
	// script declares SUBTRACTION = (1, 3, 4), so the theorem applies.
	if sub.Pattern == nil || !sub.Pattern.Proven || sub.Pattern.Period != 7 {
		t.Errorf("subtract.star pattern %+v, want period 7, proven", sub.Pattern)
	}
}

// fileLine matches the FILE:LINE an error must name.
var fileLine = regexp.MustCompile(`bad\.star:[0-9]+`)

// TestScriptErrorsCLI: scripts with an infinite loop, unbounded recursion,
// a 10^9-element list, a syntax error, or a move that returns a non-hashable
// value each fail with one line naming FILE:LINE, exit 1 or 2, promptly.
func TestScriptErrorsCLI(t *testing.T) {
	cases := []struct {
		name, src string
		code      int
		want      string
	}{
		{"infinite loop", "def moves(n):\n    x = 0\n    while True:\n        x += 1\n", 1, "bad.star:4: in moves(3): more than 10000000 steps in one call"},
		{"unbounded recursion", "def f(n):\n    return f(n + 1)\n\ndef moves(n):\n    return [f(n)]\n", 2, "bad.star:2: in moves(3): function f called recursively"},
		{"10^9-element list", "def moves(n):\n    return [0] * 1000000000\n", 1, "bad.star:2: in moves(3): list repeated 1000000000 times"},
		{"syntax error", "def moves(n):\n    return [n -]\n", 2, "bad.star:2: syntax error"},
		{"non-hashable move", "def moves(n):\n    return [{'heap': n - 1}] if n else []\n", 2, "bad.star:1: moves(3) returned as option 1 a dict, which cannot be a position"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "bad.star")
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			out, errOut, code := grundy(t, "", "value", path, "3")
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, errOut)
			}
			if out != "" || strings.Count(errOut, "\n") != 1 || !fileLine.MatchString(errOut) || !strings.Contains(errOut, c.want) {
				t.Errorf("stderr %q, want one line containing %q", errOut, c.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestScriptStepsFlag: --script-call-steps and --script-steps reach the
// script, and --timeout stops a long call.
func TestScriptStepsFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.star")
	src := "def moves(n):\n    x = 0\n    for i in range(1000):\n        x += i\n    return [n - 1] if n else []\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := grundy(t, "", "value", path, "3", "--script-call-steps", "500"); code != 1 || !strings.Contains(errOut, "more than 500 steps in one call") {
		t.Errorf("call budget: exit %d %q", code, errOut)
	}
	if _, errOut, code := grundy(t, "", "value", path, "50", "--script-steps", "20000"); code != 1 || !strings.Contains(errOut, "more than 20000 steps in all") {
		t.Errorf("run budget: exit %d %q", code, errOut)
	}
	if out, errOut, code := grundy(t, "", "value", path, "50"); code != 0 || !strings.Contains(out, "value: 0") {
		t.Errorf("default budgets: exit %d %q %q", code, out, errOut)
	}
	loop := "def moves(n):\n    x = 0\n    while True:\n        x += 1\n"
	if err := os.WriteFile(path, []byte(loop), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, errOut, code := grundy(t, "", "value", path, "3", "--script-call-steps", "100000000000", "--timeout", "200ms")
	if code != 1 || !strings.Contains(errOut, "timed out") || !fileLine.MatchString(errOut) {
		t.Errorf("timeout: exit %d %q", code, errOut)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("timeout took %v", d)
	}
}

// TestScriptSolveMatchesBuiltin: general games written as scripts (with
// result()) solve like the built-in ones, whose ARGs they share.
func TestScriptSolveMatchesBuiltin(t *testing.T) {
	type solved struct {
		Outcome    string `json:"outcome"`
		Remoteness *int   `json:"remoteness"`
		Score      *int64 `json:"score"`
		BestMoves  []string
	}
	for _, c := range []struct{ file, builtin string }{
		{"cards.star", "cards"},
		{"ends.star", "ends"},
		{"tictactoe.star", "tictactoe"},
	} {
		args := map[string][]string{"cards": {"1,2", "3,4"}, "ends": {"3", "9", "1", "2", "7"}, "tictactoe": {"x.o/.x./..o"}}[c.builtin]
		var got, want solved
		runJSON(t, &got, append([]string{"solve", "../../examples/" + c.file}, args...)...)
		runJSON(t, &want, append([]string{"solve", c.builtin}, args...)...)
		same := got.Outcome == want.Outcome && (got.Remoteness == nil) == (want.Remoteness == nil) &&
			(got.Remoteness == nil || *got.Remoteness == *want.Remoteness) &&
			(got.Score == nil) == (want.Score == nil) && (got.Score == nil || *got.Score == *want.Score)
		if !same {
			t.Errorf("%s %v: script %+v, built-in %+v", c.file, args, got, want)
		}
	}
}
