package games

import (
	"context"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
)

// Tabulator is implemented by instances whose positions are single
// non-negative integers (heap games, integer-positioned rule scripts): the
// capability behind `grundy table`.
type Tabulator interface {
	Instance
	// Table returns G(from..to), 0 <= from <= to, and the pattern the values
	// show. An implementation computes as far as it needs and may answer
	// beyond that from a proven pattern; a table too large to compute fails
	// with an error wrapping game.ErrInput that says the memory it would
	// need. Long work polls ctx and counts states and memory against budget.
	Table(ctx context.Context, from, to int, budget *limits.Budget) (*Table, error)
}

// Sequenced is implemented by heap games whose sequence the sparse engine
// computes into a run file (`grundy table --format run`): finite codes.
type Sequenced interface {
	Instance
	// SparseRules returns the rules for package sparse, false when the
	// engine does not run this game.
	SparseRules() (sparse.Rules, bool)
}

// Table is the answer of a Tabulator: G(n) for From <= n <= To, and the
// pattern seen. Values G(0..Computed-1) were computed; any value past them
// comes from a proven Pattern.
type Table struct {
	From, To int
	// Computed is how many values G(0..Computed-1) were computed.
	Computed int
	// Pattern is the pattern seen, nil when none. It is Proven only when a
	// theorem applies (never for rule scripts: see ObservedTable).
	Pattern *periodic.Pattern
	// At returns G(n) for From <= n <= To.
	At func(n int) game.Nimber
	// States is the number of positions the engine expanded.
	States int64
}

// ObservedTable makes the Table of values = G(0..len-1) computed by any
// engine, for from <= to < len(values): the pattern is found by periodic.Find
// and is only observed, never proven (no theorem covers an arbitrary game).
// Rule scripts with integer positions implement Tabulator with it.
func ObservedTable(values []game.Nimber, from, to int) *Table {
	return &Table{
		From: from, To: to, Computed: len(values),
		Pattern: periodic.Find(values),
		At:      func(n int) game.Nimber { return values[n] },
	}
}
