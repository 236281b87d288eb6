package heap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
)

// Sequence is a computed prefix G(0..len(Values)-1) of a heap game and the
// pattern it shows. When Pattern is proven, At answers for every heap.
type Sequence struct {
	Rules   Rules
	Values  []uint16
	Pattern *periodic.Pattern // nil: none seen
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

// DefaultProofBudget is the engine work Tabulate may spend past the values
// asked for to reach a proof: option evaluations as the engine doing the
// work counts them (a few hundred a value for the sparse engine on a code
// with a sparse space, n/2 a value for the plain scan of pairs), about a
// second on one core. It takes 0.16 to its proof (period 149459 from
// 105351: about 2.4*10^8 evaluations for 980984 values).
const DefaultProofBudget = 4e8

// Tabulate computes the values of r that G(0..to) needs, finds their pattern
// and proves it where a theorem applies. It computes in doubling steps and
// stops as soon as a pattern is proven, so a table far beyond the proof
// (to = 10^12 for Kayles) costs only the proof's values. Past to it computes
// only to reach the window of a pattern already seen, within proofBudget
// engine work. When to cannot be reached in memory and no proof is found it
// fails with a *MemoryError (bad input).
func Tabulate(ctx context.Context, r Rules, to int, budget *limits.Budget, proofBudget float64) (*Sequence, error) {
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
// n that memory cannot reach, n >= MaxValues; it is sought within
// DefaultProofBudget). The values already in s are kept.
//
// Reach never writes into the array s.Values referred to when it was
// called: a Sequence shared by several goroutines (a game's probe) may be
// copied and the copy extended by one of them.
func (s *Sequence) Reach(ctx context.Context, n int, budget *limits.Budget) error {
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
func ValueAt(ctx context.Context, r Rules, n int, budget *limits.Budget) (game.Nimber, error) {
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
//
// The passes that compute values past to (every pass when to >= MaxValues,
// which memory cannot hold) are a search for a proof: together they may do
// at most proofBudget work in the engines' own count (extend's work:
// pair evaluations, which for codes that split are the sparse engine's
// few per value, not the plain scan's n/2). A pass is started only when
// the work predicted from the passes before it fits what is left
// (passCosts), and it is stopped when its real work passes it.
func (s *Sequence) grow(ctx context.Context, to int, budget *limits.Budget, proofBudget float64, pastTo bool) error {
	r := s.Rules
	if err := r.Code.Validate(); err != nil {
		return fmt.Errorf("rules %s: %w", r, err)
	}
	provable := r.Provable()
	limit := MaxValues(r, budget) // values memory may hold
	if to >= limit && !provable {
		return memoryError(to, limit)
	}
	costs := passCosts{rules: r}
	var spent float64 // work of the passes past to
	// fits reports whether the pass computing G(n+1..next) past to may
	// start within the proof budget.
	fits := func(n, next int) bool {
		return spent+costs.predict(n, next) <= proofBudget
	}
	// First pass: G(0..to), or for a provable code at least the first 256
	// values (within the proof budget), enough to see and prove the classic
	// patterns; later passes double. Values already held are kept.
	n := min(to, limit-1)
	if provable {
		n = min(n, 255)
		if fits(max(len(s.Values)-1, 0), 255) {
			n = 255
		}
	}
	n = max(n, len(s.Values)-1)
	for {
		var maxWork int64 // 0: a pass the table needs, not limited
		past := to >= limit || n > to
		if past {
			maxWork = int64(max(proofBudget-spent, 1))
		}
		// A pass within a factor of 16 of to allocates room for G(0..to),
		// which the table needs unless a proof comes first: the passes up
		// to it then extend the array in place, so the values are held
		// once (2 bytes each) with at most the earlier passes' arrays,
		// less than 1/4 byte a value of to, as garbage, rather than copied
		// pass after pass (0.6 to 2^24 held 68 MB at most with a factor
		// of 4). The budget is charged for the room at once.
		capacity := 0
		if !past && to < limit && to/16 <= n {
			capacity = to + 1
		}
		from := len(s.Values)
		values, work, err := extend(ctx, r, s.Values, n, budget, maxWork, capacity)
		if errors.Is(err, errWorkLimit) {
			break // the proof budget is spent: s.Values as before the pass
		}
		if err != nil {
			return err
		}
		s.Values = values
		costs.add(from, len(values), work)
		if past {
			spent += float64(work)
		}
		s.Pattern = periodic.Find(s.Values)
		if proven := r.Prove(s.Values, s.Pattern); proven != nil {
			s.Pattern = proven
			return nil
		}
		covered := to < len(s.Values)
		next := -1 // the next n to compute through, -1: done
		switch {
		case !covered && n < limit-1:
			next = min(2*n+1, to, limit-1)
			if s.Pattern != nil && s.Pattern.Saltus == 0 {
				if need, ok := r.Need(s.Pattern.Preperiod, s.Pattern.Period); ok && need-1 > n && need-1 < next {
					next = need - 1 // jump straight to the proof window
				}
			}
		case (pastTo || !covered) && s.Pattern != nil && s.Pattern.Saltus == 0:
			if need, ok := r.Need(s.Pattern.Preperiod, s.Pattern.Period); ok && need-1 > n && need <= limit && fits(n, need-1) {
				next = need - 1
			}
		}
		if next < 0 {
			break
		}
		if to >= limit && !fits(n, next) {
			break // no proof within the budget
		}
		n = next
	}
	if to >= len(s.Values) {
		return memoryError(to, limit)
	}
	return nil
}

// passCosts predicts the work of a pass of grow from the passes measured
// before it. Per-value work is modelled as a power of the heap size,
// c*h^e: e = 0 for the sparse engine on a code with a sparse space (a few
// rare heaps and pairs a value, 0.16's 245), 1 for the plain scan of pairs,
// 2 for triples. e is measured from the two last passes (clamped to
// [0, 2]); with one pass it is the plain scan's, MaxHeaps-1, and before any
// pass the prediction is Rules.Cost's.
type passCosts struct {
	rules Rules
	last  [2]passCost // the last two passes, last[1] the newest
	count int
}

// passCost is one measured pass: G(from..to-1) computed with work work.
type passCost struct {
	from, to int
	work     float64
}

// add records a pass that computed G(from..to-1) with work work; passes of
// fewer than 64 values (too short to time the engine) are not recorded.
func (c *passCosts) add(from, to int, work int64) {
	if to-from < 64 || work <= 0 {
		return
	}
	c.last[0], c.last[1] = c.last[1], passCost{from, to, float64(work)}
	c.count++
}

// predict returns the work of computing G(n+1..next).
func (c *passCosts) predict(n, next int) float64 {
	if next <= n {
		return 0
	}
	if c.count == 0 {
		return c.rules.Cost(next) - c.rules.Cost(n)
	}
	p := c.last[1]
	e := float64(max(c.rules.Code.MaxHeaps()-1, 0))
	if c.count >= 2 {
		q := c.last[0]
		rateP, rateQ := p.work/float64(p.to-p.from), q.work/float64(q.to-q.from)
		midP, midQ := float64(p.from+p.to)/2, float64(q.from+q.to)/2
		if midP > midQ {
			e = math.Log(rateP/rateQ) / math.Log(midP/midQ)
		}
	}
	e = min(max(e, 0), 2)
	// The integral of c*h^e over the pass, scaled by the last pass's.
	integral := func(a, b int) float64 {
		return math.Pow(float64(b), e+1) - math.Pow(float64(a), e+1)
	}
	return p.work * integral(n+1, next+1) / integral(p.from, p.to)
}
