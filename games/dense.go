package games

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
	"github.com/grundy-go/grundy/solve"
)

// maxDenseTable is the largest table a dense heap game computes for
// `grundy table`: values are held as uint32 by solve.Grundy, 4 bytes each.
const maxDenseTable = 1 << 27

// denseInstance is a single-heap game tabulated by the core engine's dense
// table (nim, divisor): a Tabulator with an observed pattern, or a proven
// one when the game has a closed form.
type denseInstance struct {
	*Bound[int]
	// closed is the pattern of a closed form, proven by the argument in its
	// Reason; nil when the values are searched.
	closed *periodic.Pattern
}

// Table returns G(from..to): from the closed form when there is one,
// otherwise from the dense table, with the pattern it shows (observed only:
// no periodicity theorem covers these games).
func (d *denseInstance) Table(ctx context.Context, from, to int, budget *limits.Budget) (*Table, error) {
	if from < 0 || to < from {
		return nil, game.Inputf("table range %d..%d is empty or negative", from, to)
	}
	if d.closed != nil {
		valuer := d.Game.(game.Valuer[int])
		return &Table{From: from, To: to, Pattern: d.closed, At: func(n int) game.Nimber {
			v, _ := valuer.Value(n)
			return v
		}}, nil
	}
	if to >= maxDenseTable {
		return nil, game.Inputf("a table of G(0..%d) needs %s of memory (4 bytes a value), more than the %s allowed",
			to, heap.Bytes(4*(float64(to)+1)), heap.Bytes(4*maxDenseTable))
	}
	if err := budget.Grow(8 * (int64(to) + 1)); err != nil {
		return nil, fmt.Errorf("a table of G(0..%d): %w", to, err)
	}
	solver := solve.NewGrundy(d.Game, budget)
	values := make([]game.Nimber, to+1)
	for n := range values {
		v, err := solver.Value(ctx, n)
		if err != nil {
			return nil, fmt.Errorf("G(%d): %w", n, err)
		}
		values[n] = v
	}
	t := ObservedTable(values, from, to)
	t.States = solver.States
	return t, nil
}
