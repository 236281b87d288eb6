package script_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/query"
	"github.com/grundy-go/grundy/script"
	"github.com/grundy-go/grundy/solve/quotient"
)

type heapGameTo interface {
	HeapGameTo(ctx context.Context, to int, budget *limits.Budget) (game.Game[int], error)
}

// scriptQuotient computes the misère quotient of a script to heap to.
func scriptQuotient(t *testing.T, inst games.Instance, to int) *quotient.Quotient {
	t.Helper()
	g, err := inst.(heapGameTo).HeapGameTo(context.Background(), to, nil)
	if err != nil {
		t.Fatalf("%s: %v", inst.Name(), err)
	}
	q, err := quotient.Compute(context.Background(), g, to, nil)
	if err != nil {
		t.Fatalf("%s: %v", inst.Name(), err)
	}
	return q
}

// presentation is a quotient's JSON without its pattern (a script's is
// observed, a catalog game's may be proven).
func presentation(t *testing.T, q *quotient.Quotient) string {
	t.Helper()
	data, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "pattern")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestScriptQuotientTwins: the example scripts that play a catalog game
// (docs/scripts.md lists the twins) have that game's misère quotient: the
// same presentation, P-portion and element of every heap. The script's
// options come from Starlark and the catalog's from Go, written apart.
func TestScriptQuotientTwins(t *testing.T) {
	for _, c := range []struct {
		file, game string
		to         int
	}{
		{"subtract.star", "subtract:1,3,4", 30},
		{"grundy.star", "grundy-game", 20},
		{"nim.star", "nim", 17},
		{"divisor.star", "divisor", 14},
	} {
		t.Run(c.file, func(t *testing.T) {
			inst, err := query.Open("../examples/"+c.file, query.OSFiles(context.Background()))
			if err != nil {
				t.Fatal(err)
			}
			got := scriptQuotient(t, inst, c.to)
			twin, err := query.Open(c.game, query.OSFiles(context.Background()))
			if err != nil {
				t.Fatal(err)
			}
			g, ok := twin.(games.HeapGamer).HeapGame()
			if !ok {
				t.Fatalf("%s is not a heap game", c.game)
			}
			want, err := quotient.Compute(context.Background(), g, c.to, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := presentation(t, got), presentation(t, want); a != b {
				t.Fatalf("%s: %s\n%s: %s", c.file, a, c.game, b)
			}
		})
	}
}

// paritySrc is a rule script with no catalog twin: take 1 or 2 tokens
// from a heap; from an odd heap the rest stays one heap, from an even heap
// it must be split into two non-empty heaps.
const paritySrc = `
def moves(n):
    out = []
    for k in (1, 2):
        rest = n - k
        if rest < 0:
            continue
        if n % 2 == 1:
            out.append(rest)
        else:
            for a in range(1, rest // 2 + 1):
                out.append([a, rest - a])
    return out
`

// parityOptions are the options of paritySrc, written from its comment.
func parityOptions(n int) [][]int {
	var out [][]int
	for _, k := range []int{1, 2} {
		rest := n - k
		switch {
		case rest < 0:
		case n%2 == 1:
			out = append(out, []int{rest})
		default:
			for a := 1; 2*a <= rest; a++ {
				out = append(out, []int{a, rest - a})
			}
		}
	}
	return out
}

// naiveMisere is the misère outcome by the definition: a sum with no move
// is won by the player to move; otherwise the player to move wins when some
// move leaves a sum the opponent loses. Sums are keyed by their sorted
// non-empty heaps (a heap of 0 has no move and changes nothing).
type naiveMisere map[string]bool

func (memo naiveMisere) wins(sum []int) bool {
	var heaps []int
	for _, h := range sum {
		if h > 0 {
			heaps = append(heaps, h)
		}
	}
	slices.Sort(heaps)
	key := fmt.Sprint(heaps)
	if w, ok := memo[key]; ok {
		return w
	}
	w, moved := false, false
	for i, h := range heaps {
		for _, o := range parityOptions(h) {
			moved = true
			next := append(append(slices.Clone(heaps[:i]), o...), heaps[i+1:]...)
			if !memo.wins(next) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	memo[key] = w || !moved
	return memo[key]
}

// TestScriptQuotientNaive checks the quotient of a script with no catalog
// twin (paritySrc, wild) to heap 12 against the naive misère search on
// every sum of up to three heaps <= 12.
func TestScriptQuotientNaive(t *testing.T) {
	inst, err := script.LoadSource("parity.star", []byte(paritySrc), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	const top = 12
	q := scriptQuotient(t, inst, top)
	if q.Tame() {
		t.Fatalf("parity.star to %d is tame; the test wants a wild quotient", top)
	}
	memo := naiveMisere{}
	count := 0
	for a := 0; a <= top; a++ {
		for b := a; b <= top; b++ {
			for c := b; c <= top; c++ {
				for _, sum := range [][]int{{a}, {a, b}, {a, b, c}} {
					count++
					if got, want := q.InP(q.Of(sum)), !memo.wins(sum); got != want {
						t.Fatalf("parity.star %v: quotient says P-position %v, naive search %v", sum, got, want)
					}
				}
			}
		}
	}
	t.Logf("order %d, %d sums checked", q.Order(), count)
}

// TestScriptQuotientErrors: a script whose game is not a heap game is
// refused with one line of bad input saying why.
func TestScriptQuotientErrors(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"tuple positions", "def moves(pos):\n    w, h = pos\n    return []\n", "are its positions integers?"},
		{"string option", "def moves(n):\n    return ['x'] if n > 0 else []\n", `returned "x", not an integer`},
		{"not smaller", "def moves(n):\n    return [n] if n > 2 else []\n", "moves(3) returned the heap 3"},
		{"negative", "def moves(n):\n    return [[0, -1]] if n == 4 else []\n", "moves(4) returned the heap -1"},
		{"split", "def moves(n):\n    return list(range(n))\n\ndef split(n):\n    return [n] if n < 5 else [1, n - 1]\n", "split(5) returned 2 components"},
		{"result", "def moves(n):\n    return list(range(n))\n\ndef result(n):\n    return 'win'\n", "defines result(pos)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			inst, err := script.LoadSource("bad.star", []byte(c.src), io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			_, err = inst.(heapGameTo).HeapGameTo(context.Background(), 10, nil)
			if err == nil || !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("err = %v, want one line of bad input saying %q", err, c.want)
			}
		})
	}
	// A limit is a limit, not bad input.
	inst, err := query.Open("../examples/tokens.star", query.OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	_, err = inst.(heapGameTo).HeapGameTo(context.Background(), 1000, &limits.Budget{MaxStates: 5000})
	if !errors.Is(err, limits.ErrStateLimit) || errors.Is(err, game.ErrInput) {
		t.Fatalf("err = %v, want the state limit", err)
	}
}

// heapNamer is the script's access to its heaps for value --misere.
type heapNamer interface {
	Heap(c games.Component) (int, bool)
	HeapComponent(n int) (games.Component, error)
}

// TestScriptHeap: Heap reads the integer of a parsed position and
// HeapComponent makes the same position from the integer, whatever the
// script's parse; positions that are not non-negative integers, and
// components of another script, have no heap.
func TestScriptHeap(t *testing.T) {
	load := func(path string) games.Instance {
		t.Helper()
		inst, err := query.Open(path, query.OSFiles(context.Background()))
		if err != nil {
			t.Fatal(err)
		}
		return inst
	}
	grundy, divisor, cutting := load("../examples/grundy.star"), load("../examples/divisor.star"), load("../examples/cutting.star")
	comps, err := grundy.Parse([]string{"7", "0", "-3"})
	if err != nil {
		t.Fatal(err)
	}
	h := grundy.(heapNamer)
	for i, want := range []int{7, 0, -1} {
		n, ok := h.Heap(comps[i])
		if ok != (want >= 0) || ok && n != want {
			t.Fatalf("Heap(%s) = %d, %v; want %d", comps[i], n, ok, want)
		}
	}
	c, err := h.HeapComponent(7)
	if err != nil || c.Key() != comps[0].Key() || c.String() != "7" {
		t.Fatalf("HeapComponent(7) = %v (key %v), %v; want the position 7 (key %v)", c, c.Key(), err, comps[0].Key())
	}
	if _, err := h.HeapComponent(-1); err == nil || !errors.Is(err, game.ErrInput) {
		t.Fatalf("HeapComponent(-1): err = %v, want bad input", err)
	}
	// divisor.star's parse refuses 0, but a heap of 0 is still the integer.
	if _, err := divisor.Parse([]string{"0"}); err == nil {
		t.Fatal("divisor.star parsed 0")
	}
	d := divisor.(heapNamer)
	if c, err := d.HeapComponent(0); err != nil {
		t.Fatal(err)
	} else if n, ok := d.Heap(c); !ok || n != 0 {
		t.Fatalf("divisor.star: Heap(HeapComponent(0)) = %d, %v", n, ok)
	}
	if _, ok := d.Heap(comps[0]); ok {
		t.Fatal("divisor.star read a heap of grundy.star's")
	}
	pair, err := cutting.Parse([]string{"3,4"})
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := cutting.(heapNamer).Heap(pair[0]); ok {
		t.Fatalf("cutting.star 3,4 read as the heap %d", n)
	}
}
