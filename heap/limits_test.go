package heap

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// TestMaxValues: codes package sparse runs are held in memory up to what
// the request's memory limit allows (2 bytes a value), past MaxLength;
// other codes, and requests with no memory limit, stop at MaxLength.
func TestMaxValues(t *testing.T) {
	grundy, six := GrundyGame(), Octal(mustCode(t, "0.6"))
	for _, c := range []struct {
		name   string
		rules  Rules
		budget *limits.Budget
		want   int
	}{
		{"grundy-game, 4 GiB", grundy, &limits.Budget{MaxMemory: 4 << 30}, 2 << 30},
		{"0.6, 8 GiB", six, &limits.Budget{MaxMemory: 8 << 30}, 4 << 30},
		{"0.6, 64 MiB (never below MaxLength)", six, &limits.Budget{MaxMemory: 64 << 20}, MaxLength},
		{"grundy-game, no memory limit", grundy, &limits.Budget{}, MaxLength},
		{"grundy-game, no budget", grundy, nil, MaxLength},
		{"nim (infinite code: plain scan)", Octal(mustCode(t, "0.[3]")), &limits.Budget{MaxMemory: 4 << 30}, MaxLength},
		{"0.F8 (three heaps: plain scan)", Octal(mustCode(t, "0.F8")), &limits.Budget{MaxMemory: 4 << 30}, MaxLength},
		{"0.3 (no split: plain scan)", Octal(mustCode(t, "0.3")), &limits.Budget{MaxMemory: 4 << 30}, MaxLength},
	} {
		if got := MaxValues(c.rules, c.budget); got != c.want {
			t.Errorf("%s: MaxValues = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestPastMaxLength: Grundy's game to 2^29 is no longer refused as too
// long for memory when the budget allows 1 GiB of values; the run starts
// and stops at the state limit (checked before anything is allocated).
// Past the memory limit it is refused with the limit in the message.
func TestPastMaxLength(t *testing.T) {
	r := GrundyGame()
	b := &limits.Budget{MaxMemory: 4 << 30, MaxStates: 1000}
	_, err := Tabulate(context.Background(), r, 1<<29, b, DefaultProofBudget)
	var mem *MemoryError
	if !errors.Is(err, limits.ErrStateLimit) || errors.As(err, &mem) {
		t.Errorf("G(0..2^29) under 4 GiB and 1000 states: %v, want the state limit", err)
	}
	if b.Memory() != 0 {
		t.Errorf("%d bytes held after a refused run", b.Memory())
	}
	_, err = Tabulate(context.Background(), r, 3<<30, &limits.Budget{MaxMemory: 4 << 30}, DefaultProofBudget)
	if !errors.As(err, &mem) || !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "6.0 GiB of memory") || !strings.Contains(err.Error(), "4 GiB allowed") {
		t.Errorf("G(0..3*2^30) under 4 GiB: %v, want a *MemoryError naming 6.0 GiB and the 4 GiB allowed", err)
	}
}
