package limits

import (
	"context"
	"errors"
	"testing"
)

// TestBudget checks the counting of a budget by hand: MaxStates states
// pass and the next fails without being counted; Allow refuses what would
// not fit; Grow and Release account memory; Renew restarts the states and
// keeps the memory; a nil budget only polls the context.
func TestBudget(t *testing.T) {
	ctx := context.Background()
	b := &Budget{MaxStates: 3, MaxMemory: 100}
	if err := b.Steps(ctx, 3); err != nil {
		t.Fatal(err)
	}
	var sl *StateLimitError
	if err := b.Step(ctx); !errors.As(err, &sl) || sl.Limit != 3 || !errors.Is(err, ErrStateLimit) || b.States() != 3 {
		t.Fatalf("the fourth state: %v, %d states counted", err, b.States())
	}
	if err := b.Allow(1); !errors.Is(err, ErrStateLimit) {
		t.Fatalf("Allow(1) at the limit: %v", err)
	}
	if err := b.Grow(60); err != nil {
		t.Fatal(err)
	}
	var ml *MemoryLimitError
	if err := b.Grow(50); !errors.As(err, &ml) || ml.Limit != 100 || ml.Need != 110 || b.Memory() != 60 {
		t.Fatalf("Grow past the limit: %v, %d bytes held", err, b.Memory())
	}
	b.Renew()
	if b.States() != 0 || b.Memory() != 60 {
		t.Fatalf("after Renew: %d states, %d bytes", b.States(), b.Memory())
	}
	b.Release(60)
	if b.Memory() != 0 {
		t.Fatalf("after Release: %d bytes", b.Memory())
	}
	var none *Budget
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := none.Steps(ctx, 1<<40); err != nil {
		t.Fatalf("a nil budget counts nothing: %v", err)
	}
	if err := none.Step(cancelled); !errors.Is(err, context.Canceled) || !IsLimit(err) {
		t.Fatalf("a nil budget polls the context: %v", err)
	}
}

// TestLimitReached checks the data faces read off each limit error.
func TestLimitReached(t *testing.T) {
	deadline, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	<-deadline.Done()
	for _, c := range []struct {
		err           interface{ LimitReached() (string, int64, int64) }
		resource      string
		limit, needed int64
	}{
		{&StateLimitError{Limit: 7}, "states", 7, 0},
		{&MemoryLimitError{Limit: 1 << 20, Need: 3 << 20}, "memory", 1 << 20, 3 << 20},
		{&StoppedError{Err: deadline.Err()}, "time", 0, 0},
		{&StoppedError{Err: context.Canceled}, "interrupt", 0, 0},
	} {
		r, l, n := c.err.LimitReached()
		if r != c.resource || l != c.limit || n != c.needed {
			t.Errorf("%v: %s %d %d, want %s %d %d", c.err, r, l, n, c.resource, c.limit, c.needed)
		}
	}
}
