package heap

import (
	"context"
	"slices"

	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/solve"
)

// SparseRules returns r as the rules of package sparse (the record-speed
// sequence engine: rare/common sparse space, both cores, run files), and
// false when that engine does not run r: a code with a repeating tail, or
// three-heap splits with distinct parts.
func (r Rules) SparseRules() (sparse.Rules, bool) {
	c := r.Code
	if !c.Finite() || len(c.Digits) == 0 || len(c.Digits) > sparse.MaxDigits {
		return sparse.Rules{}, false
	}
	if r.Distinct && c.Classes()&Split3 != 0 {
		return sparse.Rules{}, false
	}
	digits := slices.Clone(c.Digits)
	digits[0] &= Split | Split3 // d0 never takes (Code's invariant)
	// The names match package sparse's own (GrundyGame, Octal), so a run
	// file started by either is resumed by the other.
	sr := sparse.Rules{Digits: digits, Unequal: r.Distinct}
	switch {
	case r.Distinct && len(digits) == 1 && digits[0] == Split:
		sr.Name = sparse.GrundyGame().Name
	case r.Distinct:
		sr.Name = "octal:" + sr.Code() + " (distinct parts)"
	default:
		sr.Name = "octal:" + sr.Code()
	}
	if sr.Validate() != nil {
		return sparse.Rules{}, false
	}
	return sr, true
}

// sparseFrom is the heap size from which Extend hands codes that split
// into two heaps to package sparse: below it the plain scan costs less
// than the engine's set-up.
const sparseFrom = 2048

// extendSparse extends values to G(0..n) with package sparse when it
// applies (ok); the values are the same as Extend's own (the engines are
// cross-checked in both packages' tests).
func extendSparse(ctx context.Context, r Rules, values []uint16, n int, limits solve.Limits) (_ []uint16, ok bool, _ error) {
	sr, ok := r.SparseRules()
	if !ok || !sr.Splits() || sr.Triples() || n < sparseFrom {
		return nil, false, nil
	}
	if limits.MaxStates > 0 && int64(n+1-len(values)) > limits.MaxStates {
		return nil, false, nil // Extend's counter reports the limit
	}
	start := int64(len(values))
	cfg := sparse.Config{Rules: sr, To: int64(n), Known: values}
	if limits.Progress != nil {
		cfg.Progress = func(p sparse.Progress) { limits.Progress(p.Done - start) }
	}
	seq, err := sparse.Run(ctx, cfg)
	if err != nil {
		return nil, true, err
	}
	return seq.Values, true, nil
}
