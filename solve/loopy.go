package solve

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// LoopyValue is a value of the generalized Sprague–Grundy function γ of a
// loopy impartial game (Smith 1966; Fraenkel and Yesha 1986): either a
// finite nimber, or ∞(K), K the set of finite values among the options
// (Escapes, sorted). Under normal play a position is P iff γ = 0; N iff γ
// is finite and non-zero, or ∞(K) with 0 in K; otherwise it is a draw.
type LoopyValue struct {
	Finite  bool
	Value   game.Nimber   // γ when Finite
	Escapes []game.Nimber // K when not Finite
}

// FiniteValue returns the finite value g.
func FiniteValue(g game.Nimber) LoopyValue { return LoopyValue{Finite: true, Value: g} }

// Infinite returns ∞(K); K is copied, sorted and deduplicated.
func Infinite(k ...game.Nimber) LoopyValue {
	esc := slices.Clone(k)
	slices.Sort(esc)
	return LoopyValue{Escapes: slices.Compact(esc)}
}

// Outcome is the normal-play outcome of a position of value v for the
// player to move.
func (v LoopyValue) Outcome() game.Outcome {
	if v.Finite {
		return game.OutcomeOf(v.Value)
	}
	if slices.Contains(v.Escapes, 0) {
		return game.Win
	}
	return game.Draw
}

// String writes a finite value as its number and ∞(K) as "inf(0,2)".
func (v LoopyValue) String() string {
	if v.Finite {
		return strconv.FormatUint(uint64(v.Value), 10)
	}
	parts := make([]string, len(v.Escapes))
	for i, e := range v.Escapes {
		parts[i] = strconv.FormatUint(uint64(e), 10)
	}
	return "inf(" + strings.Join(parts, ",") + ")"
}

// Equal reports whether two values are the same.
func (v LoopyValue) Equal(w LoopyValue) bool {
	if v.Finite || w.Finite {
		return v.Finite == w.Finite && v.Value == w.Value
	}
	return slices.Equal(v.Escapes, w.Escapes)
}

// SumLoopy returns γ of the sum of two games of values a and b (Smith):
// finite + finite = a XOR b; ∞(K) + b = ∞(K XOR b) for finite b (each
// escape XOR b); ∞ + ∞ = ∞(∅).
func SumLoopy(a, b LoopyValue) LoopyValue {
	switch {
	case a.Finite && b.Finite:
		return FiniteValue(a.Value ^ b.Value)
	case a.Finite:
		a, b = b, a
	case !b.Finite:
		return Infinite()
	}
	k := make([]game.Nimber, len(a.Escapes))
	for i, e := range a.Escapes {
		k[i] = e ^ b.Value
	}
	return Infinite(k...)
}

// Labels of the stage algorithm.
const (
	unlabelled = -1
	infinite   = -2
)

// Loopy computes generalized Sprague–Grundy values of a loopy impartial
// game whose options are single positions (an empty option is a move to a
// terminal zero). It explores the positions reachable from the ones asked
// for, indexes them densely with reverse edges in CSR form, and labels them
// stage by stage (Fraenkel–Yesha), each stage i in O(V+E):
//
//  1. label i every unlabelled u that has no option labelled i and whose
//     options that are unlabelled or ∞ each have an option labelled i
//     (repeated until nothing changes: a counter per u of such options not
//     yet known to reach i, decremented backwards, as in Retro);
//  2. label ∞ every unlabelled u with no option labelled i;
//  3. stop when nothing is unlabelled, else go on with i+1.
//
// An ∞ vertex then has γ = ∞(K), K the finite labels of its options. A
// Loopy is not safe for concurrent use.
type Loopy[P comparable] struct {
	limits.Counter
	game game.Game[P]
	memo map[P]LoopyValue
}

// NewLoopy returns a solver of generalized Sprague–Grundy values for g.
func NewLoopy[P comparable](g game.Game[P], budget *limits.Budget) *Loopy[P] {
	s := &Loopy[P]{game: g, memo: map[P]LoopyValue{}}
	s.Budget = budget
	return s
}

// Value returns γ(p).
func (s *Loopy[P]) Value(ctx context.Context, p P) (LoopyValue, error) {
	vs, err := s.Values(ctx, []P{p})
	if err != nil {
		return LoopyValue{}, err
	}
	return vs[0], nil
}

// Values returns γ of each position, exploring them together.
func (s *Loopy[P]) Values(ctx context.Context, ps []P) ([]LoopyValue, error) {
	out := make([]LoopyValue, len(ps))
	missing := false
	for i, p := range ps {
		v, ok := s.memo[p]
		out[i], missing = v, missing || !ok
	}
	if !missing {
		return out, nil
	}
	if err := s.solve(ctx, ps); err != nil {
		return nil, err
	}
	for i, p := range ps {
		out[i] = s.memo[p]
	}
	return out, nil
}

// solve explores everything reachable from roots and labels it. γ of a
// vertex depends only on the positions reachable from it, so values
// already in the memo stay valid; they are recomputed with the rest.
func (s *Loopy[P]) solve(ctx context.Context, roots []P) error {
	index := map[P]int32{}
	var pos []P
	const terminal = 0 // vertex 0 is the empty position (value 0)
	var zero P
	pos = append(pos, zero)
	add := func(p P) (int32, error) {
		if i, ok := index[p]; ok {
			return i, nil
		}
		if len(pos) >= 1<<31-1 {
			return 0, fmt.Errorf("more than 2^31 positions")
		}
		i := int32(len(pos))
		index[p] = i
		pos = append(pos, p)
		return i, nil
	}
	for _, r := range roots {
		if _, err := add(r); err != nil {
			return err
		}
	}
	off := []int32{0, 0} // the empty position has no options
	var succ []int32
	failer, _ := any(s.game).(game.Failer)
	for u := 1; u < len(pos); u++ {
		if err := s.Step(ctx); err != nil {
			return fmt.Errorf("explored %d positions: %w", len(pos)-1, err)
		}
		var err error
		polled := len(succ)
		s.game.Options(pos[u], func(option []P) bool {
			// A position can have 10^5 options, each new and each
			// expanded in turn: the context is polled every
			// optionsPerPoll options, not only every PollEvery positions.
			if len(succ)-polled >= optionsPerPoll {
				polled = len(succ)
				if err = limits.Poll(ctx); err != nil {
					err = fmt.Errorf("explored %d positions: %w", len(pos)-1, err)
					return false
				}
			}
			var v int32
			switch len(option) {
			case 0:
				v = terminal
			case 1:
				if v, err = add(option[0]); err != nil {
					return false
				}
			default:
				err = fmt.Errorf("an option of %v is a sum of %d games: generalized Sprague-Grundy values here need options of one game", pos[u], len(option))
				return false
			}
			if len(succ) == cap(succ) {
				succ = limits.GrowSlice(succ, 1) // room for the new array first
			}
			succ = append(succ, v)
			return true
		})
		if err == nil && failer != nil {
			err = failer.Err() // the options were cut short
		}
		if err != nil {
			return err
		}
		if len(succ) >= 1<<31-1 {
			return fmt.Errorf("explored %d positions: more than 2^31 moves", len(pos)-1)
		}
		off = append(off, int32(len(succ)))
		// The index map and positions, then per position the offsets, the
		// stage labels and counters (about 24 bytes), per move an edge
		// each way (8 bytes): accounted as the graph grows.
		if len(succ)-polled >= optionsPerPoll {
			if err := limits.Poll(ctx); err != nil {
				return fmt.Errorf("explored %d positions: %w", len(pos)-1, err)
			}
		}
		if u%256 == 0 || len(succ)-len(off) > 1<<16 || len(succ)-polled >= optionsPerPoll {
			var zero P
			need := int64(len(pos))*(3*int64(unsafe.Sizeof(zero))+8+24) + int64(len(succ))*8
			if err := s.Hold(need); err != nil {
				return fmt.Errorf("explored %d positions: %w", len(pos)-1, err)
			}
		}
	}
	label, err := labelStages(ctx, off, succ)
	if err != nil {
		return err
	}
	for u := 1; u < len(pos); u++ {
		if label[u] >= 0 {
			s.memo[pos[u]] = FiniteValue(game.Nimber(label[u]))
			continue
		}
		var k []game.Nimber
		for _, v := range succ[off[u]:off[u+1]] {
			if label[v] >= 0 {
				k = append(k, game.Nimber(label[v]))
			}
		}
		s.memo[pos[u]] = Infinite(k...)
	}
	return nil
}

// optionsPerPoll is how many options the loopy engine lists between polls
// of the context and of its memory, whatever the number of positions.
const optionsPerPoll = 1024

// labelStages runs the stage algorithm on the graph whose vertex u has the
// options succ[off[u]:off[u+1]]; it returns each vertex's finite label or
// infinite.
func labelStages(ctx context.Context, off, succ []int32) ([]int64, error) {
	n := len(off) - 1
	// Reverse edges, CSR.
	poff := make([]int32, n+2)
	for _, v := range succ {
		poff[v+2]++
	}
	for i := 2; i < len(poff); i++ {
		poff[i] += poff[i-1]
	}
	pred := make([]int32, len(succ))
	for u := range n {
		for _, v := range succ[off[u]:off[u+1]] {
			pred[poff[v+1]] = int32(u)
			poff[v+1]++
		}
	}
	label := make([]int64, n)
	for u := range label {
		label[u] = unlabelled
	}
	open := func(v int32) bool { return label[v] == unlabelled || label[v] == infinite }
	cnt := make([]int32, n)
	reachesI := make([]bool, n) // has an option labelled i
	left := n
	var queue []int32
	for i := int64(0); left > 0; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clear(reachesI)
		queue = queue[:0]
		for u := range n {
			if label[u] != unlabelled {
				continue
			}
			c := int32(0)
			for _, v := range succ[off[u]:off[u+1]] {
				if open(v) {
					c++
				}
			}
			cnt[u] = c
		}
		for u := range n {
			if label[u] == unlabelled && cnt[u] == 0 {
				label[u] = i
				queue = append(queue, int32(u))
			}
		}
		for head := 0; head < len(queue); head++ {
			u := queue[head]
			left--
			for _, p := range pred[poff[u]:poff[u+1]] {
				if reachesI[p] {
					continue
				}
				reachesI[p] = true
				if !open(p) {
					continue
				}
				for _, q := range pred[poff[p]:poff[p+1]] {
					if label[q] != unlabelled {
						continue
					}
					if cnt[q]--; cnt[q] == 0 && !reachesI[q] {
						label[q] = i
						queue = append(queue, q)
					}
				}
			}
		}
		for u := range n {
			if label[u] == unlabelled && !reachesI[u] {
				label[u] = infinite
				left--
			}
		}
	}
	return label, nil
}
