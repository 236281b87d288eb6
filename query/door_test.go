package query

import (
	"io"
	"testing"
)

// TestScriptStepsOf: a rule script stopped by its per-call step budget,
// by its per-run budget, or not by a step budget at all.
func TestScriptStepsOf(t *testing.T) {
	const src = "def moves(n):\n    for i in range(n):\n        pass\n    return [n - 1] if n > 0 else []\n"
	tests := []struct {
		limits ScriptLimits
		heap   string
		want   ScriptBudget
	}{
		{ScriptLimits{CallSteps: 100, RunSteps: 1 << 30}, "1000", ScriptCallSteps},
		{ScriptLimits{CallSteps: 1 << 20, RunSteps: 10000}, "1000", ScriptRunSteps},
		{ScriptLimits{}, "10", ScriptNoStepBudget},
	}
	for _, tt := range tests {
		inst, err := LoadScript("steps.star", []byte(src), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		comps, err := inst.Parse([]string{tt.heap})
		if err != nil {
			t.Fatal(err)
		}
		ctx := WithScriptLimits(t.Context(), tt.limits)
		_, err = Value(ctx, Position{{Game: inst, Components: comps}}, nil)
		if got := ScriptStepsOf(err); got != tt.want {
			t.Errorf("%+v, heap %s: ScriptStepsOf(%v) = %d, want %d", tt.limits, tt.heap, err, got, tt.want)
		}
	}
}

// TestCatalogHeapGame: the catalog says which games are heap games (the
// quotient applies) without being asked by name again.
func TestCatalogHeapGame(t *testing.T) {
	want := map[string]bool{"kayles": true, "dawson-kayles": true, "octal": true, "grundy-game": true,
		"rectangles": false, "rook": false, "graph": false}
	for name, heap := range want {
		info, ok := LookupGame(name)
		if !ok {
			t.Fatalf("no game %s", name)
		}
		if info.HeapGame() != heap {
			t.Errorf("%s: HeapGame() = %v, want %v", name, info.HeapGame(), heap)
		}
	}
}
