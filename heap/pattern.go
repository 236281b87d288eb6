package heap

import (
	"fmt"

	"github.com/grundy-go/grundy/game"
)

// Pattern is an (arithmetic) periodicity of a sequence G: with pre-period
// n0, period p and saltus s,
//
//	G(n+p) = G(n) + s   for every n >= n0,
//
// and n0 is the least n from which the relation always holds (for an
// observed pattern: holds through the last value examined). Saltus 0 is
// plain periodicity. Proven is true only when a theorem, named in Reason,
// shows the relation for every n; otherwise Reason says how far it was
// observed.
type Pattern struct {
	Preperiod int    `json:"preperiod"`
	Period    int    `json:"period"`
	Saltus    int    `json:"saltus"`
	Proven    bool   `json:"proven"`
	Reason    string `json:"reason"`
	// Checked is the number of values G(0..Checked-1) the pattern was found
	// in (and, when proven, checked against).
	Checked int `json:"checked"`
}

// Value extrapolates G(n) for n >= Preperiod from the values of one period:
// base(m) must return G(m) for Preperiod <= m < Preperiod+Period. Only a
// proven pattern makes the result a theorem.
func (p *Pattern) Value(n int, base func(m int) game.Nimber) game.Nimber {
	if n < p.Preperiod {
		return base(n)
	}
	q, r := (n-p.Preperiod)/p.Period, (n-p.Preperiod)%p.Period
	return game.Nimber(int64(base(p.Preperiod+r)) + int64(q)*int64(p.Saltus))
}

// Value is the element type of the sequences Find examines.
type Value interface {
	~uint16 | ~uint32 | ~uint64
}

// Find returns the pattern seen in values (G(0..len-1)), not proven, or nil
// when none is seen. For each period p it computes the saltus s from the
// last period and the least n0 from which G(n+p) = G(n) + s holds through
// the end; it accepts the least p whose periodic stretch covers at least
// three periods and at least half of the values (or 24 values, whichever is
// smaller). The least period with a pre-period inside the data is then the
// least period of the data's tail.
func Find[V Value](values []V) *Pattern { return FindReleasing(values, nil) }

// findWindow is the number of values at the end of the sequence that
// FindReleasing never releases (every period's check starts there), and
// how many periods it tries between releases.
const findWindow = 1 << 23

// FindReleasing is Find for values that live in a memory-mapped file (a run
// file): a search that finds no period reads the last third of the values,
// one per period tried, so every findWindow periods it calls release(lo, hi)
// on the values it has passed, [n-p, n-findWindow), which only the start of
// a long periodic stretch would read again. release only affects memory
// (the values stay readable), so the result is Find's. release may be nil.
func FindReleasing[V Value](values []V, release func(lo, hi int)) *Pattern {
	return findReleasing(values, release, findWindow)
}

// findReleasing is FindReleasing with window in place of findWindow.
func findReleasing[V Value](values []V, release func(lo, hi int), window int) *Pattern {
	n := len(values)
	if n < 3 {
		return nil
	}
	kept := n - window // values[kept:] are never released
	for p := 1; 3*p <= n; p++ {
		if release != nil && p%window == 0 && n-p < kept {
			release(n-p, kept)
			kept = n - p
		}
		s := int64(values[n-1]) - int64(values[n-1-p])
		i := n - 1 - p // G(i+p) = G(i) + s holds for i > i0
		for i >= 0 && int64(values[i+p])-int64(values[i]) == s {
			i--
		}
		n0 := i + 1
		stretch := n - n0 // values in the periodic part
		if stretch >= 3*p && stretch >= min((n+1)/2, 24) {
			return &Pattern{Preperiod: n0, Period: p, Saltus: int(s), Checked: n,
				Reason: fmt.Sprintf("observed over n <= %d, not proven", n-1)}
		}
	}
	return nil
}

// proofWindow returns the end N0 of the window of the periodicity theorem
// for a finite code (see Prove), and false when no theorem applies.
func (r Rules) proofWindow(n0, p int) (int, bool) {
	if !r.Provable() {
		return 0, false
	}
	base := max(n0, 1)
	if r.isSubtraction() {
		base = n0
	}
	end := base
	for k, d := range r.Code.Digits {
		if d&(TakeAll|Take) != 0 {
			end = max(end, base+k)
		}
		if d&Split != 0 {
			end = max(end, 2*base+p+k)
		}
		if d&Split3 != 0 {
			end = max(end, 3*base+2*p+k)
		}
	}
	return end, true
}

// Need returns the number of values G(0..Need-1) Prove needs to prove a
// period p with pre-period n0, and false when no theorem applies.
func (r Rules) Need(n0, p int) (int, bool) {
	end, ok := r.proofWindow(n0, p)
	return end + p, ok
}

// Prove checks pat against values and, when a periodicity theorem applies
// and the values cover its window, returns the proven pattern with the least
// period and least pre-period; otherwise nil. values must be G(0..len-1) of r.
//
// The theorem (Guy and Smith 1956; Winning Ways ch. 4): let r have a finite
// code whose last non-zero digit is dt, and let a move that removes k tokens
// leave j heaps. Write b = max(n0, 1) (b = n0 for subtraction games, whose
// every digit is 3). If G(n+p) = G(n) for n0 <= n < N0, where N0 is the
// largest of b+k (for each k whose digit has bit 1 or 2), 2b+p+k (bit 4)
// and 3b+2p+k (bit 8), then G(n+p) = G(n) for every n >= n0.
// For two-heap octal codes N0 = 2b+p+t, Guy and Smith's window. The
// derivation is in docs/patterns.md.
func (r Rules) Prove(values []uint16, pat *Pattern) *Pattern {
	if pat == nil || pat.Saltus != 0 || !r.Provable() {
		return nil
	}
	n0, p := pat.Preperiod, pat.Period
	end, _ := r.proofWindow(n0, p)
	if end+p > len(values) {
		return nil
	}
	for n := n0; n < end; n++ {
		if values[n+p] != values[n] {
			return nil
		}
	}
	// The least period divides p, and past n0 the values repeat with period
	// p, so g below is G everywhere. A divisor q of p is an eventual period
	// iff G(n+q) = G(n) on [m, n0+p) for some m <= n0 (then, by period p, on
	// all of [m, inf)); if the relation fails at some n >= n0 it fails again
	// at n+p, n+2p, ... Scanning down from n0+p-1 finds the least such m.
	g := func(n int) uint16 {
		if n < n0 {
			return values[n]
		}
		return values[n0+(n-n0)%p]
	}
	best, bestN0 := p, n0
	for q := 1; q < p; q++ {
		if p%q != 0 {
			continue
		}
		i := n0 + p - 1
		for i >= 0 && g(i+q) == g(i) {
			i--
		}
		if i+1 <= n0 {
			best, bestN0 = q, i+1
			break
		}
	}
	reason := r.reason(n0, p, end, len(values))
	if best != p || bestN0 != n0 {
		reason += fmt.Sprintf("; the least period is %d, from n = %d", best, bestN0)
	}
	return &Pattern{Preperiod: bestN0, Period: best, Proven: true, Reason: reason, Checked: len(values)}
}

func (r Rules) reason(wn0, wp, end, checked int) string {
	if r.isSubtraction() {
		return fmt.Sprintf("periodicity theorem for finite subtraction games: G(n) depends only on the max(S) = %d values before it, and G(n+%d) = G(n) for %d <= n < %d (checked through n = %d), so the pattern repeats forever",
			r.Code.Last(), wp, wn0, end, checked-1)
	}
	return fmt.Sprintf("Guy-Smith periodicity theorem (Guy & Smith 1956; Winning Ways ch. 4): code %s has last digit t = %d and moves leave at most %d heaps; G(n+%d) = G(n) for %d <= n < %d (checked through n = %d) implies it for all n >= %d",
		r.Code, r.Code.Last(), r.Code.MaxHeaps(), wp, wn0, end, checked-1, wn0)
}
