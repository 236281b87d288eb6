package solve

import (
	"context"
	"errors"
	"fmt"
)

// Limits bound the work of an engine. The zero value means no limit.
type Limits struct {
	// MaxStates is the most positions an engine may expand (0: no limit).
	MaxStates int64
	// Progress, when not nil, is called every ProgressEvery states with the
	// number of states expanded so far.
	Progress func(states int64)
}

// ProgressEvery is how many states pass between calls of Limits.Progress and
// between checks of the context.
const ProgressEvery = 1 << 14

// ErrStateLimit is matched (errors.Is) by the error an engine returns when it
// reaches Limits.MaxStates.
var ErrStateLimit = errors.New("state limit reached")

// StateLimitError reports that an engine stopped at its state limit.
type StateLimitError struct {
	Limit int64 // the limit in force
}

func (e *StateLimitError) Error() string {
	return fmt.Sprintf("state limit of %d states reached (raise --max-states)", e.Limit)
}

// Is makes errors.Is(err, ErrStateLimit) true.
func (e *StateLimitError) Is(target error) bool { return target == ErrStateLimit }

// Counter counts expanded states against Limits and polls the context.
// Engines embed one; its zero value with zero Limits never stops.
type Counter struct {
	Limits Limits
	States int64 // states expanded so far
}

// Step counts one state. It returns a *StateLimitError past the limit, and
// the context's error (wrapped with the state count) when it is done.
func (c *Counter) Step(ctx context.Context) error {
	c.States++
	if c.Limits.MaxStates > 0 && c.States > c.Limits.MaxStates {
		return &StateLimitError{Limit: c.Limits.MaxStates}
	}
	if c.States%ProgressEvery == 0 {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped after %d states: %w", c.States, err)
		}
		if c.Limits.Progress != nil {
			c.Limits.Progress(c.States)
		}
	}
	return nil
}
