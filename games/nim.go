package games

import (
	"context"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/periodic"
)

// Nim is the game of Nim on one heap: take any positive number of tokens.
// A heap of n is the nimber *n: its options are the heaps 0..n-1, whose
// values are 0..n-1 by induction, so its value is mex{0..n-1} = n.
type Nim struct{}

// Options yields the heaps 0..n-1.
func (Nim) Options(n int, yield func([]int) bool) {
	var buf [1]int
	for k := n - 1; k >= 0; k-- {
		buf[0] = k
		if !yield(buf[:]) {
			return
		}
	}
}

// Descending marks that every option is a smaller heap.
func (Nim) Descending() {}

// NimHeap reports that every position is a Nim heap (game.NimHeap).
func (Nim) NimHeap(n int) (int, bool) { return n, true }

// Value is the closed form G(n) = n.
func (Nim) Value(n int) (game.Nimber, bool) { return game.Nimber(n), true }

// OptionsWithValue yields the one option of value v, the heap v, if v < n.
func (Nim) OptionsWithValue(_ context.Context, n int, v game.Nimber, _ func(context.Context, int) (game.Nimber, error), yield func([]int) bool) error {
	if v < game.Nimber(n) {
		yield([]int{int(v)})
	}
	return nil
}

// nimPattern is Nim's closed form G(n) = n as a pattern: G(n+1) = G(n) + 1
// from n = 0, arithmetic periodicity with period 1 and saltus 1.
var nimPattern = &periodic.Pattern{Preperiod: 0, Period: 1, Saltus: 1, Proven: true,
	Reason: "closed form G(n) = n: the options of a heap of n are the heaps 0..n-1, of values 0..n-1 by induction, whose mex is n"}

// AppendOptions appends the heaps n-1..0.
func (Nim) AppendOptions(n int, dst []int) []int {
	for k := n - 1; k >= 0; k-- {
		dst = append(dst, k)
	}
	return dst
}

// OpenNim returns nim, which takes no parameters.
func OpenNim(string) (Instance, error) {
	return &denseInstance{
		Bound:  NewImpartial("nim", gameOf(Nim{}), ParseHeap, FormatHeap, "0"),
		closed: nimPattern,
	}, nil
}
