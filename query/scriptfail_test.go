package query

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// TestLoopyScriptFailure values, solves and explains a loopy rule script
// whose moves fails at a position the search reaches only after hundreds
// of others (each verb on a freshly loaded script): the engines that list
// its options through a games.Sum (the loopy engine, the retrograde
// solver) must end with the script's error. They used to see the options
// cut short (a script lists none once a call failed) and answer for the
// graph that was left: value printed "∞(0)" with a winning move, solve
// "699 positions solved", both with exit status 0.
func TestLoopyScriptFailure(t *testing.T) {
	const src = `
def moves(n):
    if n == 700:
        fail("no moves at 700")
    return [(n + 1) % 1000, (n + 2) % 1000]
`
	verbs := []struct {
		name string
		run  func(Position) (any, error)
	}{
		{"value", func(pos Position) (any, error) { return Value(t.Context(), pos, nil) }},
		{"solve", func(pos Position) (any, error) { return Solve(t.Context(), pos, nil) }},
		{"explain", func(pos Position) (any, error) { return Explain(t.Context(), pos, ExplainOptions{}, nil) }},
	}
	for _, verb := range verbs {
		inst, err := LoadScript("cycle.star", []byte(src), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		comps, err := inst.Parse([]string{"3"})
		if err != nil {
			t.Fatal(err)
		}
		res, err := verb.run(Position{{Game: inst, Components: comps}})
		if err == nil || !strings.Contains(err.Error(), "no moves at 700") || !errors.Is(err, game.ErrInput) {
			t.Errorf("%s: %+v, error %v; want the script's failure as bad input", verb.name, res, err)
		}
	}
}
