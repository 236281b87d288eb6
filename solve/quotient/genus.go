package quotient

import (
	"slices"

	"github.com/grundy-go/grundy/game"
)

// Nim is the element of a sum of heaps equal to the Nim heap *M as a
// misère game (a heap whose options are *0 .. *(M-1), say).
type Nim struct {
	M       int
	Element Element
}

// GenusDigits reads the misère part γ0 γ1 γ2 ... of the genus of a sum S
// of heaps whose element is x, from the quotient alone, when it can. nims
// are the Nim heaps known among the sums, each M once; *2 must be one.
//
// γk is the misère Grundy value of S + k·*2, and for every game X and every
// m, X + *m is a misère P-position exactly when the misère Grundy value of
// X is m (docs/misere.md proves it). So γk = m for the one m of nims with
// x·(*2)^k·(*m) in the P-portion, if there is one; if there is none, γk is
// a value no nim heap of the quotient's sums has, which the quotient does
// not determine (two sums of Kayles heaps with one element can have
// different such digits, docs/misere.md), and GenusDigits reports false.
//
// The elements x·(*2)^k repeat from some k = j on, with a period T, and γk
// is a function of that element, so γ repeats with period T from j; Conway's
// genus sequence also has period 2 from some index on, hence period 2 from
// j already (for i >= j, γi = γ(i+NT) for every N; with N large, T even
// gives γi = γ(i+NT) = γ(i+NT+2) = γ(i+2), T odd γi = γ(i+1)). The digits
// returned are γ0 .. γ(j+1), shortened as the genus is printed: while the
// last digit equals the one two places before it, it is dropped (never
// below two digits).
func (q Quotient) GenusDigits(x Element, nims []Nim) ([]game.Nimber, bool) {
	i := slices.IndexFunc(nims, func(n Nim) bool { return n.M == 2 })
	if i < 0 {
		return nil, false
	}
	two := nims[i].Element
	var digits []game.Nimber
	var seen []Element // seen[k]: the element of S + k·*2
	y := x
	start := 0
	for {
		if j := slices.Index(seen, y); j >= 0 {
			start = j
			break
		}
		seen = append(seen, y)
		d, ok := q.misereValue(y, nims)
		if !ok {
			return nil, false
		}
		digits = append(digits, d)
		y = q.Mul(y, two)
	}
	// γ has period T = len(digits) - start from start: extend it to
	// γ0 .. γ(start+1), then shorten it as the genus is printed.
	period := len(digits) - start
	for len(digits) < max(start+2, 2) {
		digits = append(digits, digits[len(digits)-period])
	}
	for len(digits) > 2 && digits[len(digits)-1] == digits[len(digits)-3] {
		digits = digits[:len(digits)-1]
	}
	return digits, true
}

// misereValue returns the misère Grundy value of a sum of element y: the m
// of nims with y·(*m) in the P-portion, and false when there is none.
func (q Quotient) misereValue(y Element, nims []Nim) (game.Nimber, bool) {
	for _, n := range nims {
		if q.InP(q.Mul(y, n.Element)) {
			return game.Nimber(n.M), true
		}
	}
	return 0, false
}
