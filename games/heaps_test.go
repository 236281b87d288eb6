package games

import (
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// TestAppendOptionsMatchesOptions: the allocation-free option list of each
// single-heap game lists exactly the options of Options.
func TestAppendOptionsMatchesOptions(t *testing.T) {
	set, _ := ParseSet("2,5,7-9")
	for name, g := range map[string]game.Game[int]{"nim": Nim{}, "subtract": Subtraction{Set: set}, "divisor": Divisor{}} {
		appender := g.(game.Appender[int])
		for n := 0; n <= 300; n++ {
			var want []int
			g.Options(n, func(o []int) bool {
				if len(o) != 1 {
					t.Fatalf("%s %d: option %v is not one heap", name, n, o)
				}
				want = append(want, o[0])
				return true
			})
			got := appender.AppendOptions(n, nil)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s %d: AppendOptions %v, Options %v", name, n, got, want)
			}
		}
	}
}

// TestDivisorOptions checks the divisor game's moves against the rule
// written out: n -> n-d for 1 <= d < n with d | n.
func TestDivisorOptions(t *testing.T) {
	for n := 1; n <= 200; n++ {
		var want []int
		for d := 1; d < n; d++ {
			if n%d == 0 {
				want = append(want, n-d)
			}
		}
		got := Divisor{}.AppendOptions(n, nil)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("divisor %d: %v, want %v", n, got, want)
		}
	}
}
