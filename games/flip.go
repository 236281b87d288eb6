package games

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
)

// maxFlip bounds the length of a flip string.
const maxFlip = 1 << 20

// Flip is the flip game (LeetCode 294) on strings of '+' and '-': a move
// turns two adjacent "++" into "--".
//
// The mapping to heaps: a move inside a maximal run of n '+' at offset i
// (0 <= i <= n-2) leaves runs of i and n-2-i, and touches no other run. So a
// run is a heap from which a move removes 2 tokens and leaves nothing (n =
// 2), one non-empty heap (i = 0 or i = n-2) or two non-empty heaps: digit
// d2 = 1+2+4 = 7, every other digit 0, code 0.07 (Dawson's Kayles), and
// the string's value is the nim-sum over its runs of G_0.07(n). (Equally,
// Dawson's chess 0.137 on heaps of n-1, as seed 002 calls it: A002187
// lists G_0.137(n) = G_0.07(n+1).) The tests check this against a search
// over the strings themselves.
type Flip struct {
	runs *HeapGame // Dawson's Kayles, with its proven period 34
}

// Options yields each string with one "++" turned into "--".
func (Flip) Options(s string, yield func([]string) bool) {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '+' && s[i+1] == '+' {
			if !yield([]string{s[:i] + "--" + s[i+2:]}) {
				return
			}
		}
	}
}

// runs calls f with the start and length of each maximal run of '+'.
func runs(s string, f func(start, n int)) {
	for i := 0; i < len(s); {
		if s[i] != '+' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '+' {
			j++
		}
		f(i, j-i)
		i = j
	}
}

// Value is the nim-sum over the runs of '+' of Dawson's Kayles values.
func (g Flip) Value(s string) (game.Nimber, bool) {
	var x game.Nimber
	ok := true
	runs(s, func(_, n int) {
		v, known := g.runs.Value(n)
		x ^= v
		ok = ok && known
	})
	return x, ok
}

// OptionsWithValue yields the moves to strings of value v: a move at
// offset i of a run of n changes the value by G(n) ^ G(i) ^ G(n-2-i).
func (g Flip) OptionsWithValue(_ context.Context, s string, v game.Nimber, _ func(context.Context, string) (game.Nimber, error), yield func([]string) bool) error {
	total, _ := g.Value(s)
	stop := false
	runs(s, func(start, n int) {
		if stop {
			return
		}
		rest := total ^ g.runs.known(n)
		for i := 0; i+2 <= n; i++ {
			if rest^g.runs.known(i)^g.runs.known(n-2-i) != v {
				continue
			}
			at := start + i
			if !yield([]string{s[:at] + "--" + s[at+2:]}) {
				stop = true
				return
			}
		}
	})
	return nil
}

// Format writes the string.
func (Flip) Format(s string) string { return s }

// parseFlip reads one flip string.
func parseFlip(arg string) (string, error) {
	if arg == "" {
		return "", game.Inputf("empty flip string: write it with + and -, e.g. ++++")
	}
	if len(arg) > maxFlip {
		return "", game.Inputf("flip string of %d characters is longer than %d", len(arg), maxFlip)
	}
	if i := strings.IndexFunc(arg, func(r rune) bool { return r != '+' && r != '-' }); i >= 0 {
		return "", game.Inputf("flip string %q has %q at %d: only + and - are allowed", arg, arg[i:i+1], i+1)
	}
	return arg, nil
}

// OpenFlip returns flip, which takes no parameters.
func OpenFlip(string) (Instance, error) {
	code, err := heap.ParseCode("0.07")
	if err != nil {
		return nil, fmt.Errorf("flip: %w", err)
	}
	g := Flip{runs: newHeapGame(heap.Octal(code), nil)}
	if !g.runs.extrapolates() {
		return nil, fmt.Errorf("flip: the period of Dawson's Kayles was not proven by the probe")
	}
	return NewImpartial("flip", game.Game[string](g), parseFlip, g.Format, ""), nil
}
