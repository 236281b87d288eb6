package heap

import (
	"context"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// Sequence is a computed prefix G(0..len(Values)-1) of a heap game and the
// pattern it shows. When Pattern is proven, At answers for every heap.
type Sequence struct {
	Rules   Rules
	Values  []uint16
	Pattern *Pattern // nil: none seen
}

// At returns G(n): computed, or extrapolated from a proven pattern; false
// when neither applies.
func (s *Sequence) At(n int) (game.Nimber, bool) {
	if n >= 0 && n < len(s.Values) {
		return game.Nimber(s.Values[n]), true
	}
	if n < 0 || s.Pattern == nil || !s.Pattern.Proven {
		return 0, false
	}
	return s.Pattern.Value(n, func(m int) game.Nimber { return game.Nimber(s.Values[m]) }), true
}

// Proven reports whether the sequence has a proven pattern.
func (s *Sequence) Proven() bool { return s.Pattern != nil && s.Pattern.Proven }

// DefaultProofBudget is the engine work (option evaluations, see Rules.Cost)
// Tabulate may spend past the values asked for to reach a proof: about a
// second on one core.
const DefaultProofBudget = 4e8

// Tabulate computes the values of r that G(0..to) needs, finds their pattern
// and proves it where a theorem applies. It computes in doubling steps and
// stops as soon as a pattern is proven, so a table far beyond the proof
// (to = 10^12 for Kayles) costs only the proof's values. Past to it computes
// only to reach the window of a pattern already seen, within proofBudget
// engine work. When to cannot be reached in memory and no proof is found it
// fails with a *MemoryError.
func Tabulate(ctx context.Context, r Rules, to int, limits solve.Limits, proofBudget float64) (*Sequence, error) {
	if to < 0 {
		return nil, game.Inputf("negative heap size %d", to)
	}
	seq := &Sequence{Rules: r}
	horizon := 0 // the most values a proof search may compute
	if r.Provable() {
		horizon = min(r.Horizon(proofBudget), MaxLength)
	}
	if to >= MaxLength && horizon == 0 {
		return nil, &MemoryError{N: to}
	}
	// First pass: G(0..to), or for a provable code at least the first 256
	// values (within the proof budget), enough to see and prove the classic
	// patterns; later passes double.
	n := min(to, MaxLength-1)
	if r.Provable() {
		n = max(min(n, 255), min(horizon, 255))
	}
	for {
		var err error
		seq.Values, err = Extend(ctx, r, seq.Values, n, limits)
		if err != nil {
			return nil, err
		}
		seq.Pattern = Find(seq.Values)
		if proven := r.Prove(seq.Values, seq.Pattern); proven != nil {
			seq.Pattern = proven
			return seq, nil
		}
		next := -1 // the next n to compute through, -1: done
		switch {
		case n < to && n < MaxLength-1:
			next = min(2*n+1, to, MaxLength-1)
			if seq.Pattern != nil && seq.Pattern.Saltus == 0 {
				if need, ok := r.Need(seq.Pattern.Preperiod, seq.Pattern.Period); ok && need-1 > n && need-1 < next {
					next = need - 1 // jump straight to the proof window
				}
			}
		case seq.Pattern != nil && seq.Pattern.Saltus == 0:
			if need, ok := r.Need(seq.Pattern.Preperiod, seq.Pattern.Period); ok && need-1 > n && need <= horizon {
				next = need - 1
			}
		}
		if next < 0 {
			break
		}
		if to >= MaxLength && next >= horizon {
			return nil, &MemoryError{N: to}
		}
		n = next
	}
	if to >= len(seq.Values) {
		return nil, &MemoryError{N: to}
	}
	return seq, nil
}
