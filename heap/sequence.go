package heap

import (
	"context"
	"fmt"
	"slices"

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
// fails with a *MemoryError (bad input).
func Tabulate(ctx context.Context, r Rules, to int, budget *solve.Budget, proofBudget float64) (*Sequence, error) {
	if to < 0 {
		return nil, game.Inputf("negative heap size %d", to)
	}
	seq := &Sequence{Rules: r}
	if err := seq.grow(ctx, to, budget, proofBudget, true); err != nil {
		return nil, err
	}
	return seq, nil
}

// Reach extends s until At(n) answers: it computes G(0..n), or fewer
// values when a pattern is proven on the way, exactly as Tabulate would,
// but it computes nothing past n for a proof (a proof is needed only for
// n that memory cannot reach, n >= MaxLength; it is sought within
// DefaultProofBudget). The values already in s are kept.
//
// Reach never writes into the array s.Values referred to when it was
// called: a Sequence shared by several goroutines (a game's probe) may be
// copied and the copy extended by one of them.
func (s *Sequence) Reach(ctx context.Context, n int, budget *solve.Budget) error {
	if n < 0 {
		return game.Inputf("negative heap size %d", n)
	}
	if _, ok := s.At(n); ok {
		return nil
	}
	s.Values = slices.Clip(s.Values) // Extend must copy before it appends
	return s.grow(ctx, n, budget, DefaultProofBudget, false)
}

// ValueAt returns G(n) for one heap of n under r, as fast as Tabulate finds
// it: for a code whose pattern is proven within DefaultProofBudget (Kayles,
// Dawson's Kayles, subtraction games) from the proof's few values for any
// n up to math.MaxInt64; otherwise from G(0..n), computed by Extend (the
// sparse-space engine on both cores for codes that split, such as Grundy's
// game). States and memory count against budget. A heap too large for
// memory without a proof fails with a *MemoryError (bad input).
//
// Valuing many heaps of one game, keep a Sequence and call Reach: the
// values computed for one heap serve the next.
func ValueAt(ctx context.Context, r Rules, n int, budget *solve.Budget) (game.Nimber, error) {
	s := &Sequence{Rules: r}
	if err := s.Reach(ctx, n, budget); err != nil {
		return 0, fmt.Errorf("G(%d) of %s: %w", n, r, err)
	}
	v, _ := s.At(n)
	return v, nil
}

// grow extends s in doubling passes until G(to) is known (computed, or
// from a pattern proven on the way) and, with pastTo, further within
// proofBudget to reach the proof window of a periodic pattern seen.
func (s *Sequence) grow(ctx context.Context, to int, budget *solve.Budget, proofBudget float64, pastTo bool) error {
	r := s.Rules
	if err := r.Code.Validate(); err != nil {
		return fmt.Errorf("rules %s: %w", r, err)
	}
	horizon := 0 // the most values a proof search may compute
	if r.Provable() {
		horizon = min(r.Horizon(proofBudget), MaxLength)
	}
	if to >= MaxLength && horizon == 0 {
		return &MemoryError{N: to}
	}
	// First pass: G(0..to), or for a provable code at least the first 256
	// values (within the proof budget), enough to see and prove the classic
	// patterns; later passes double. Values already held are kept.
	n := min(to, MaxLength-1)
	if r.Provable() {
		n = max(min(n, 255), min(horizon, 255))
	}
	n = max(n, len(s.Values)-1)
	for {
		var err error
		s.Values, err = Extend(ctx, r, s.Values, n, budget)
		if err != nil {
			return err
		}
		s.Pattern = Find(s.Values)
		if proven := r.Prove(s.Values, s.Pattern); proven != nil {
			s.Pattern = proven
			return nil
		}
		covered := to < len(s.Values)
		next := -1 // the next n to compute through, -1: done
		switch {
		case !covered && n < MaxLength-1:
			next = min(2*n+1, to, MaxLength-1)
			if s.Pattern != nil && s.Pattern.Saltus == 0 {
				if need, ok := r.Need(s.Pattern.Preperiod, s.Pattern.Period); ok && need-1 > n && need-1 < next {
					next = need - 1 // jump straight to the proof window
				}
			}
		case (pastTo || !covered) && s.Pattern != nil && s.Pattern.Saltus == 0:
			if need, ok := r.Need(s.Pattern.Preperiod, s.Pattern.Period); ok && need-1 > n && need <= horizon {
				next = need - 1
			}
		}
		if next < 0 {
			break
		}
		if to >= MaxLength && next >= horizon {
			return &MemoryError{N: to}
		}
		n = next
	}
	if to >= len(s.Values) {
		return &MemoryError{N: to}
	}
	return nil
}
