// Package periodic finds the (arithmetic) periodicity of a sequence of
// values: a pre-period n0, a period p and a saltus s with
// G(n+p) = G(n) + s for every n >= n0 examined. It is a leaf that both the
// heap engines (package heap, which proves patterns for their rules) and the
// quotient engine (package solve/quotient) use, so neither imports the other.
package periodic

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
