package heap

import (
	"fmt"

	"github.com/grundy-go/grundy/periodic"
)

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
func (r Rules) Prove(values []uint16, pat *periodic.Pattern) *periodic.Pattern {
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
	return &periodic.Pattern{Preperiod: bestN0, Period: best, Proven: true, Reason: reason, Checked: len(values)}
}

func (r Rules) reason(wn0, wp, end, checked int) string {
	if r.isSubtraction() {
		return fmt.Sprintf("periodicity theorem for finite subtraction games: G(n) depends only on the max(S) = %d values before it, and G(n+%d) = G(n) for %d <= n < %d (checked through n = %d), so the pattern repeats forever",
			r.Code.Last(), wp, wn0, end, checked-1)
	}
	return fmt.Sprintf("Guy-Smith periodicity theorem (Guy & Smith 1956; Winning Ways ch. 4): code %s has last digit t = %d and moves leave at most %d heaps; G(n+%d) = G(n) for %d <= n < %d (checked through n = %d) implies it for all n >= %d",
		r.Code, r.Code.Last(), r.Code.MaxHeaps(), wp, wn0, end, checked-1, wn0)
}
