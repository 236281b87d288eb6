package query

import (
	"context"
	"errors"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve/quotient"
)

// MisereTable computes a heap game's misère quotient once its genus search
// has expanded quotientAfter states, spending on it at most as many states
// as the search has (and a quarter of what the request has left): a small
// table is not slowed down, and the work of a large one at most doubles
// when the quotient does not help. Kayles' quotient of heaps 0..120 takes
// about 3,000 states; Dawson's chess's grows without end and stops at that
// bound, its partial quotient (of the heaps it reached) still serving the
// smaller heaps.
const quotientAfter = 1 << 14

// quotientReader reads the genus of sums of heaps of one heap game off its
// misère quotient (a solve.GenusReader): a component's element is its
// heap's, for the heaps the quotient covers, and the digits of a sum are
// quotient.Quotient.GenusDigits of the product of its elements.
type quotientReader struct {
	q    *quotient.Quotient
	sum  *games.Sum
	inst games.Instance
	// The Nim heaps known when digits was filled, and the digits read for
	// each element then (nil: not readable). The engine's Nim heaps only
	// grow; when they do the cache starts again.
	known  int // len of the engine's map of Nim heaps
	nims   []quotient.Nim
	digits map[quotient.Element][]game.Nimber
}

func (r *quotientReader) Element(id games.ComponentID) (uint32, bool) {
	if r.sum.Game(id) != r.inst {
		return 0, false
	}
	n, ok := heapOf(r.inst, r.sum.Component(id))
	if !ok || !r.q.Covers(n) {
		return 0, false
	}
	return uint32(r.q.Heap(n)), true
}

func (r *quotientReader) Digits(es []uint32, nims map[int]uint32) ([]game.Nimber, bool) {
	x := quotient.Element(0)
	for _, e := range es {
		x = r.q.Mul(x, quotient.Element(e))
	}
	if r.digits == nil || r.known != len(nims) {
		// The empty sum, the identity 0, is *0.
		r.known = len(nims)
		r.nims = []quotient.Nim{{M: 0, Element: 0}}
		for m, e := range nims {
			if m != 0 {
				r.nims = append(r.nims, quotient.Nim{M: m, Element: quotient.Element(e)})
			}
		}
		r.digits = map[quotient.Element][]game.Nimber{}
	}
	d, ok := r.digits[x]
	if !ok {
		d, _ = r.q.GenusDigits(x, r.nims)
		r.digits[x] = d
	}
	return d, d != nil
}

// readQuotient lets m's engine read genera off the misère quotient of
// inst's heaps 0..to when inst is a heap game of the catalog: the quotient
// is computed within the request's budget, in at most limit states and a
// quarter of the states the request has left (charged to the request); a
// quotient stopped by that bound serves the heaps it reached. It returns the states the quotient took, and fails
// only when the context is done; with no quotient the genus search alone
// answers.
func (m *Misere) readQuotient(ctx context.Context, inst games.Instance, to int, limit int64) (int64, error) {
	hg, ok := inst.(games.HeapGamer)
	if !ok {
		return 0, nil
	}
	g, ok := hg.HeapGame()
	if !ok {
		return 0, nil
	}
	b := m.req.budget
	own := &limits.Budget{MaxStates: limit}
	if b != nil {
		if b.MaxStates > 0 {
			own.MaxStates = min(own.MaxStates, (b.MaxStates-b.States())/4)
		}
		if b.MaxMemory > 0 {
			own.MaxMemory = b.MaxMemory - b.Memory()
		}
	}
	if own.MaxStates <= 0 || own.MaxMemory < 0 {
		return 0, nil
	}
	q, err := quotient.Compute(ctx, g, to, own)
	states := own.States()
	if err := b.Steps(ctx, states); err != nil {
		return states, err
	}
	var stop *quotient.StopError
	switch {
	case err == nil:
	case errors.As(err, &stop) && stop.Partial != nil && !errors.Is(err, ctx.Err()):
		q = stop.Partial
	default:
		return states, limits.Poll(ctx)
	}
	// The engine keeps the quotient's tables: its multiplication table
	// and the heaps' elements, 4 bytes each.
	if b.Grow(4*int64(q.Order())*int64(q.Order())+4*int64(q.N()+1)) != nil {
		return states, nil
	}
	m.engine.ReadGenus(&quotientReader{q: q, sum: m.sum, inst: inst})
	return states, nil
}
