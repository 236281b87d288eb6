package games

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// flipBrute values a flip string by the definition, on the string itself:
// G(s) = mex of G over the strings reached by turning one "++" into "--".
// No runs, no heaps, no nim-sums.
type flipBrute map[string]game.Nimber

func (m flipBrute) value(s string) game.Nimber {
	if v, ok := m[s]; ok {
		return v
	}
	seen := map[game.Nimber]bool{}
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '+' && s[i+1] == '+' {
			seen[m.value(s[:i]+"--"+s[i+2:])] = true
		}
	}
	var v game.Nimber
	for seen[v] {
		v++
	}
	m[s] = v
	return v
}

// allFlips returns every string of + and - of length n.
func allFlips(n int) []string {
	out := []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, s := range out {
			next = append(next, s+"+", s+"-")
		}
		out = next
	}
	return out
}

// TestFlipAgainstStrings checks the run-to-Dawson's-Kayles mapping, and the
// winning moves, against the search over strings for every string of up to
// 13 characters.
func TestFlipAgainstStrings(t *testing.T) {
	brute := flipBrute{}
	inst, err := Open("flip")
	if err != nil {
		t.Fatal(err)
	}
	v := inst.(Valued)
	ctx := context.Background()
	for n := 1; n <= 13; n++ {
		for _, s := range allFlips(n) {
			comps, err := inst.Parse([]string{s})
			if err != nil {
				t.Fatal(err)
			}
			ev := v.Evaluator(nil)
			got, err := ev.Grundy(ctx, comps[0])
			if err != nil {
				t.Fatal(err)
			}
			want := brute.value(s)
			if got != want {
				t.Fatalf("flip %s: %d, the search over strings says %d", s, got, want)
			}
			for target := game.Nimber(0); target <= 3; target++ {
				var moves, wantMoves []string
				err := ev.MovesToValue(ctx, comps[0], target, func(o []Component) bool {
					moves = append(moves, o[0].String())
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i+1 < len(s); i++ {
					if s[i] == '+' && s[i+1] == '+' {
						if o := s[:i] + "--" + s[i+2:]; brute.value(o) == target {
							wantMoves = append(wantMoves, o)
						}
					}
				}
				slices.Sort(moves)
				slices.Sort(wantMoves)
				if !slices.Equal(moves, wantMoves) {
					t.Fatalf("flip %s moves to %d: %v, want %v", s, target, moves, wantMoves)
				}
			}
		}
	}
}

func TestFlipExamples(t *testing.T) {
	// By hand (seed 002): "++++" has the moves "+--+" (value 0) and "--++"/
	// "++--" (value 1), so its value is 2; "+++++" reaches "--+++",
	// "+--++", ... of values 1 and 1 (runs 3; 1 and 2): value 0.
	brute := flipBrute{}
	for s, want := range map[string]game.Nimber{"++++": 2, "+++++": 0} {
		if got := brute.value(s); got != want {
			t.Fatalf("brute %s = %d, hand %d", s, got, want)
		}
		p, err := ParseString("flip " + s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p[0].Game.(Valued).Evaluator(nil).Grundy(context.Background(), p[0].Components[0])
		if err != nil || got != want {
			t.Fatalf("flip %s = %d, %v; want %d", s, got, err, want)
		}
	}
	long := strings.Repeat("+", 100000)
	p, err := ParseString("flip " + long)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p[0].Game.(Valued).Evaluator(nil).Grundy(context.Background(), p[0].Components[0]); err != nil {
		t.Fatal(err)
	}
}
