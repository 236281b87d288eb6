package games

import "fmt"

// MoveRuler is implemented by instances whose rules make a component's
// options in kinds the rules name ("take 2, leave one heap"), so that an
// explanation lists the options grouped as the rules make them. MoveRule
// returns the kind of move that leads from c to the sum option, "" when
// it cannot say (the option is then listed without a kind). MoveRuleOf is
// the helper with the plain fallback.
type MoveRuler interface {
	MoveRule(c Component, option []Component) string
}

// MoveRuleOf returns the kind of the move from c to option in inst when
// inst names its kinds (MoveRuler), "" otherwise.
func MoveRuleOf(inst Instance, c Component, option []Component) string {
	if r, ok := inst.(MoveRuler); ok {
		return r.MoveRule(c, option)
	}
	return ""
}

// heapRuler is implemented by games on heap sizes that name the kind of a
// move from a heap of n to the heaps of option.
type heapRuler interface {
	heapRule(n int, option []int) string
}

// MoveRule names the move by the take-and-break rules: the tokens taken
// and the heaps left.
func (h *heapInstance) MoveRule(c Component, option []Component) string {
	return ruleOfHeaps(h.hg, h.pos(c), heapsOf(h.Bound, option))
}

// MoveRule names the move when the game on heaps names its kinds (nim:
// "take k"; divisor: "take d, a divisor of n").
func (d *denseInstance) MoveRule(c Component, option []Component) string {
	return ruleOfHeaps(d.Game, d.pos(c), heapsOf(d.Bound, option))
}

func ruleOfHeaps(g any, n int, heaps []int) string {
	if r, ok := g.(heapRuler); ok && heaps != nil {
		return r.heapRule(n, heaps)
	}
	return ""
}

func heapsOf(b *Bound[int], option []Component) []int {
	heaps := make([]int, len(option))
	for i, c := range option {
		p, ok := c.(Pos[int])
		if !ok || p.bound != b {
			return nil
		}
		heaps[i] = p.P
	}
	return heaps
}

// heapRule names a take-and-break move: k = n - (the heaps left) tokens
// taken, leaving nothing, one heap, or splitting what is left into two or
// three heaps. Grundy's game (no token taken) only splits.
func (g *HeapGame) heapRule(n int, heaps []int) string {
	left := 0
	for _, h := range heaps {
		left += h
	}
	k := n - left
	if k == 0 {
		return fmt.Sprintf("split into %d heaps", len(heaps))
	}
	switch len(heaps) {
	case 0:
		return fmt.Sprintf("take %d, leave nothing", k)
	case 1:
		return fmt.Sprintf("take %d, leave one heap", k)
	default:
		return fmt.Sprintf("take %d, leave %d heaps", k, len(heaps))
	}
}

// heapRule names a Nim move by the tokens it takes.
func (Nim) heapRule(n int, heaps []int) string {
	if len(heaps) != 1 {
		return ""
	}
	return fmt.Sprintf("take %d", n-heaps[0])
}

// heapRule names a divisor move by the divisor taken.
func (Divisor) heapRule(n int, heaps []int) string {
	if len(heaps) != 1 {
		return ""
	}
	return fmt.Sprintf("take %d, a divisor of %d", n-heaps[0], n)
}
