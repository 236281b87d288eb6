package query

import (
	"context"
	"errors"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
)

// TestTableSummary checks the summary of extrapolated ranges (whole periods
// counted at once) against counting value by value.
func TestTableSummary(t *testing.T) {
	for _, name := range []string{"dawson-kayles", "kayles", "subtract:2,3,7"} {
		inst, err := Open(name, OSFiles(context.Background()))
		if err != nil {
			t.Fatal(err)
		}
		rapid.Check(t, func(rt *rapid.T) {
			from := rapid.IntRange(0, 3000).Draw(rt, "from")
			to := rapid.IntRange(from, 6000).Draw(rt, "to")
			res, err := Table(context.Background(), inst, from, to, nil)
			if err != nil {
				rt.Fatal(err)
			}
			var want TableSummary
			for n := from; n <= to; n++ {
				v := res.At(n)
				want.Count++
				if v == 0 {
					want.Zeros++
				}
				want.Max = max(want.Max, v)
			}
			if res.Summary != want {
				rt.Fatalf("%s %d..%d: summary %+v, counted %+v", name, from, to, res.Summary, want)
			}
			if len(res.Values) != to-from+1 || res.Values[0] != res.At(from) {
				rt.Fatalf("values: %d listed", len(res.Values))
			}
		})
	}
}

func TestTableNotTabulable(t *testing.T) {
	inst, err := Open("flip", OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Table(context.Background(), inst, 0, 10, nil); !errors.Is(err, game.ErrInput) {
		t.Fatalf("flip: %v", err)
	}
}
