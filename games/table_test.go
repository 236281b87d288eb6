package games

import (
	"context"
	"errors"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

func TestObservedTable(t *testing.T) {
	// A script-like game valued by any engine: subtract:1-2 written by hand,
	// G(n) = n mod 3 (seed 001's induction with i = 2). The pattern is
	// observed, never proven.
	values := make([]game.Nimber, 60)
	for n := range values {
		values[n] = game.Nimber(n % 3)
	}
	tab := ObservedTable(values, 10, 59)
	if p := tab.Pattern; p == nil || p.Period != 3 || p.Preperiod != 0 || p.Proven {
		t.Fatalf("pattern %+v", tab.Pattern)
	}
	if tab.At(58) != 1 || tab.Computed != 60 {
		t.Fatalf("At(58) = %d, computed %d", tab.At(58), tab.Computed)
	}
}

func TestHeapTable(t *testing.T) {
	h := openHeap(t, "kayles")
	tab, err := h.Table(context.Background(), 0, 1_000_000_000_000, nil)
	if err != nil {
		t.Fatal(err)
	}
	// G(10^12) = G(80) = 1: A002186 is periodic with period 12 from 71.
	if !tab.Pattern.Proven || tab.At(1_000_000_000_000) != 1 || tab.Computed > 1024 {
		t.Fatalf("pattern %+v, G(10^12) = %d, computed %d", tab.Pattern, tab.At(1_000_000_000_000), tab.Computed)
	}
	if _, err := h.Table(context.Background(), 5, 2, nil); !errors.Is(err, game.ErrInput) {
		t.Fatalf("empty range: %v", err)
	}
	g := openHeap(t, "grundy-game")
	if _, err := g.Table(context.Background(), 0, 100000, &limits.Budget{MaxStates: 500}); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("state limit: %v", err)
	}
}
