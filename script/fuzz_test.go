package script_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/script"
)

// FuzzScript loads arbitrary sources and values or solves a position with
// small budgets: whatever the script does, the result is a value or an
// error, never a panic or a hang. Seeds: the examples.
func FuzzScript(f *testing.F) {
	files, _ := filepath.Glob(examples + "*.star")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src), "3")
	}
	f.Add("def moves(n):\n    return [n - 1, (n, [n])] if n else []\n", "4")
	f.Fuzz(func(t *testing.T, src, arg string) {
		inst, err := script.LoadSource("fuzz.star", []byte(src), io.Discard)
		if err != nil {
			return
		}
		comps, err := inst.Parse([]string{arg})
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		ctx = script.WithLimits(ctx, script.Limits{CallSteps: 100_000, RunSteps: 2_000_000})
		budget := &limits.Budget{MaxStates: 5000}
		switch g := inst.(type) {
		case games.Valued:
			e := g.Evaluator(budget)
			if _, err := e.Grundy(ctx, comps[0]); err == nil {
				_ = e.MovesToValue(ctx, comps[0], 0, func([]games.Component) bool { return true })
			}
			_ = comps[0].String()
		case games.Solvable:
			_, _ = g.Solver(budget).Solve(ctx, comps[0])
		}
	})
}
