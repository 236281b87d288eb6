package heap

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/limits"
)

// SparseRules returns r as the rules of package sparse (the record-speed
// sequence engine: rare/common sparse space, both cores, run files), and
// false when that engine does not run r: a code with a repeating tail or
// with more than sparse.MaxDigits digits. The rules carry package sparse's
// canonical name (sparse.NewRules), so a run file started through either
// package is resumed by the other.
func (r Rules) SparseRules() (sparse.Rules, bool) {
	sr, err := sparse.NewRules(r.Code, r.Distinct)
	return sr, err == nil
}

// sparseFrom is the heap size from which Extend hands codes that split
// into two heaps to package sparse: below it the plain scan costs less
// than the engine's set-up.
const sparseFrom = 2048

// extendSparse extends values to G(0..n) with package sparse when it
// applies (ok); the values are the same as Extend's own (the engines are
// cross-checked in both packages' tests). The run counts its states and
// charges its memory (the new values, its scratch space) to budget. work is
// the engine's own count (pair evaluations, plus one per value); with
// maxWork > 0 the run stops with errWorkLimit past it. A new array has room
// for capacity values; values whose array has room for G(0..n) are extended
// in place (extend's callers own the room past len(values): Reach clips).
// extend checked n against MaxValues.
func extendSparse(ctx context.Context, r Rules, values []uint16, n int, budget *limits.Budget, maxWork int64, capacity int) (_ []uint16, work int64, ok bool, _ error) {
	sr, ok := r.SparseRules()
	if !ok || !sr.Splits() || sr.Triples() || n < sparseFrom {
		return nil, 0, false, nil
	}
	seq, err := sparse.Run(ctx, sparse.Config{Rules: sr, To: int64(n), Known: values, InPlace: true, Capacity: int64(capacity),
		MaxMemory: math.MaxInt64, Budget: budget, MaxWork: maxWork})
	if errors.Is(err, sparse.ErrWorkLimit) {
		return nil, 0, true, fmt.Errorf("G(0..%d): %w", n, errWorkLimit)
	}
	if err != nil {
		return nil, 0, true, err
	}
	return seq.Values, seq.Stats.Work + int64(n+1-len(values)), true, nil
}
