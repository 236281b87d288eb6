package quotient

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
)

// misereGrundy is the misère Grundy value by its definition, written
// independently of the package: 1 for a sum with no move, otherwise the
// mex of its options' values. A sum is a multiset of heaps of a heap game
// plus twos Nim heaps *2 and ones Nim heaps *1 (*2 moves to *1 or to
// nothing, *1 to nothing).
type misereGrundy struct {
	g    game.Game[int]
	memo map[string]int
}

func (b *misereGrundy) value(heaps []int, twos, ones int) int {
	heaps = slices.Clone(heaps)
	slices.Sort(heaps)
	key := string(append(fmt.Appendf(nil, "%d,%d:", twos, ones), heapBytes(heaps)...))
	if v, ok := b.memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	moved := false
	for i, h := range heaps {
		if i > 0 && heaps[i-1] == h {
			continue
		}
		b.g.Options(h, func(option []int) bool {
			moved = true
			next := append(append(slices.Clone(heaps[:i]), heaps[i+1:]...), option...)
			seen[b.value(next, twos, ones)] = true
			return true
		})
	}
	if twos > 0 {
		moved = true
		seen[b.value(heaps, twos-1, ones+1)] = true
		seen[b.value(heaps, twos-1, ones)] = true
	}
	if ones > 0 {
		moved = true
		seen[b.value(heaps, twos, ones-1)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	if !moved {
		v = 1
	}
	b.memo[key] = v
	return v
}

func heapBytes(heaps []int) []byte {
	b := make([]byte, len(heaps))
	for i, h := range heaps {
		b[i] = byte(h)
	}
	return b
}

// nimHeaps returns, for each heap 0..top that is a Nim heap *m as a game,
// m -> that heap (the least one): a heap is *m when its options, with
// heaps *0 dropped and pairs of *1 cancelled (G + *1 + *1 and G are the
// same misère game), are exactly the single heaps *1 .. *(m-1) and the
// empty sum.
func nimHeaps(g game.Game[int], top int) map[int]int {
	value := make([]int, top+1) // -1: not a Nim heap
	heaps := map[int]int{}
	for h := 0; h <= top; h++ {
		values := map[int]bool{}
		nim := true
		g.Options(h, func(option []int) bool {
			var rest []int
			ones := 0
			for _, c := range option {
				switch value[c] {
				case 0:
				case 1:
					ones++
				default:
					rest = append(rest, c)
				}
			}
			switch {
			case len(rest) == 0 && ones%2 == 0:
				values[0] = true
			case len(rest) == 0 && ones%2 == 1:
				values[1] = true
			case len(rest) == 1 && ones%2 == 0 && value[rest[0]] >= 0:
				values[value[rest[0]]] = true
			default:
				nim = false
			}
			return nim
		})
		value[h] = -1
		if nim {
			m := len(values)
			for v := range m {
				nim = nim && values[v]
			}
			if nim {
				value[h] = m
				if _, ok := heaps[m]; !ok {
					heaps[m] = h
				}
			}
		}
	}
	return heaps
}

// TestGenusDigits checks GenusDigits against the misère Grundy values of
// S + k·*2 by the definition, on random sums S of heaps of octal games:
// every digit it reads must be right, for k past the digits too (their
// period 2), and when it reads none some γk must be a value no Nim heap of
// the game has.
func TestGenusDigits(t *testing.T) {
	const top = 12
	for i, code := range []string{"0.77", "0.07", "0.137", "0.75", "0.6", "0.52"} {
		t.Run(code, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(29, uint64(i)))
			c, err := heap.ParseCode(code)
			if err != nil {
				t.Fatal(err)
			}
			g := heap.Octal(c)
			q, err := Compute(context.Background(), g, top, &limits.Budget{MaxStates: 1 << 21})
			if err != nil {
				t.Fatal(err)
			}
			nims := []Nim{{0, 0}}
			known := map[int]bool{0: true}
			for m, h := range nimHeaps(g, top) {
				if m > 0 {
					nims = append(nims, Nim{m, q.Heap(h)})
				}
				known[m] = true
			}
			brute := &misereGrundy{g: g, memo: map[string]int{}}
			read, unread := 0, 0
			for range 300 {
				heaps := make([]int, 1+rng.IntN(3))
				for i := range heaps {
					heaps[i] = rng.IntN(top + 1)
				}
				if total := heaps[0] + heaps[len(heaps)-1]; total > 16 {
					continue
				}
				digits, ok := q.GenusDigits(q.Of(heaps), nims)
				var want []int
				for k := range 6 {
					want = append(want, brute.value(heaps, k, 0))
				}
				if !ok {
					unread++
					if !slices.ContainsFunc(want, func(v int) bool { return !known[v] }) {
						t.Fatalf("%v: no digits read, but γ = %v are all values of Nim heaps %v", heaps, want, nims)
					}
					continue
				}
				read++
				for k, w := range want {
					// Past the digits, the last two alternate.
					i := k
					if i >= len(digits) {
						i = len(digits) - 2 + (k-len(digits)+2)%2
					}
					d := digits[i]
					if int(d) != w {
						t.Fatalf("%v: digits %v, but γ%d = %d by the definition (γ0..γ5 = %v)", heaps, digits, k, w, want)
					}
				}
			}
			t.Logf("%s: %d sums read, %d not (Nim heaps %v)", code, read, unread, nims)
			if read < 50 {
				t.Fatalf("only %d of the sums were read", read)
			}
		})
	}
}

// TestGenusNotOfElement proves that the quotient does not determine the
// genus digits that are not values of its Nim heaps: Kayles' sums 1 + 17
// and 9 + 20 have one element of its quotient, but misère Grundy values 7
// and 6 (by the definition), and Kayles' only Nim heaps are *0 .. *3.
func TestGenusNotOfElement(t *testing.T) {
	g := heap.Octal(mustCode(t, "0.77"))
	q, err := Compute(context.Background(), g, 20, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := q.Of([]int{1, 17}), q.Of([]int{9, 20})
	if a != b {
		t.Fatalf("elements %s and %s differ", q.Format(a), q.Format(b))
	}
	brute := &misereGrundy{g: g, memo: map[string]int{}}
	if v, w := brute.value([]int{1, 17}, 0, 0), brute.value([]int{9, 20}, 0, 0); v != 7 || w != 6 {
		t.Fatalf("misère Grundy values %d and %d, want 7 and 6", v, w)
	}
	var ms []string
	for m := range nimHeaps(g, 20) {
		ms = append(ms, strconv.Itoa(m))
	}
	slices.Sort(ms)
	if got := strings.Join(ms, " "); got != "0 1 2 3" {
		t.Fatalf("Kayles' Nim heaps are %s, want 0 1 2 3", got)
	}
	if _, ok := q.GenusDigits(a, []Nim{{0, 0}, {1, q.Heap(1)}, {2, q.Heap(2)}, {3, q.Heap(3)}}); ok {
		t.Fatal("GenusDigits read digits of 1 + 17")
	}
}
