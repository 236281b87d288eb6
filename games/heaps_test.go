package games

import (
	"context"
	"errors"
	"slices"
	"strings"
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

// TestDenseTables: nim's table is its closed form, proven; divisor's table
// agrees with the rule searched by hand (n -> n-d, d | n, d < n).
func TestDenseTables(t *testing.T) {
	ctx := context.Background()
	inst, err := Open("nim")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := inst.(Tabulator).Table(ctx, 5, 1e12, nil)
	if err != nil || tab.Pattern == nil || !tab.Pattern.Proven || tab.At(1e12) != 1e12 || tab.At(5) != 5 {
		t.Fatalf("nim table: %+v, %v", tab, err)
	}
	inst, _ = Open("divisor")
	tab, err = inst.(Tabulator).Table(ctx, 1, 200, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]game.Nimber, 201)
	for n := 1; n <= 200; n++ {
		seen := map[game.Nimber]bool{}
		for d := 1; d < n; d++ {
			if n%d == 0 {
				seen[want[n-d]] = true
			}
		}
		for seen[want[n]] {
			want[n]++
		}
		if got := tab.At(n); got != want[n] {
			t.Fatalf("divisor G(%d) = %d, want %d", n, got, want[n])
		}
	}
	if tab.Pattern != nil && tab.Pattern.Proven {
		t.Fatal("a searched table must not claim a proof")
	}
	if _, err := inst.(Tabulator).Table(ctx, 0, 1<<40, nil); !errors.Is(err, game.ErrInput) {
		t.Fatalf("huge divisor table: %v, want an input error", err)
	}
}

func TestParseHeapTooLarge(t *testing.T) {
	for _, arg := range []string{"99999999999999999999", "4611686018427387905"} {
		if _, err := ParseHeap(arg); !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "too large") {
			t.Errorf("ParseHeap(%s): %v", arg, err)
		}
	}
	for _, arg := range []string{"-99999999999999999999", "-1", "x", "1.5"} {
		if _, err := ParseHeap(arg); err == nil || !strings.Contains(err.Error(), "not a non-negative integer") {
			t.Errorf("ParseHeap(%s): %v", arg, err)
		}
	}
	if n, err := ParseHeap("4611686018427387904"); err != nil || n != 1<<62 {
		t.Errorf("2^62: %d, %v", n, err)
	}
}
