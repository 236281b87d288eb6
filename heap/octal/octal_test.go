package octal

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
)

func mustParse(t testing.TB, s string) Code {
	t.Helper()
	c, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return c
}

func TestParse(t *testing.T) {
	tests := []struct {
		in     string
		digits []uint8
		repeat int
		str    string
	}{
		{"0.77", []uint8{0, 7, 7}, 0, "0.77"},
		{".07", []uint8{0, 0, 7}, 0, "0.07"},
		{"0.137", []uint8{0, 1, 3, 7}, 0, "0.137"},
		{"4.07", []uint8{4, 0, 7}, 0, "4.07"},
		{"0.[3]", []uint8{0, 3}, 1, "0.[3]"},
		{"4.[3]", []uint8{4, 3}, 1, "4.[3]"},
		{"0.1[37]", []uint8{0, 1, 3, 7}, 2, "0.1[37]"},
		{"0.7700", []uint8{0, 7, 7}, 0, "0.77"},      // trailing zeros dropped
		{"0.3[0]", []uint8{0, 3}, 0, "0.3"},          // a zero tail is finite
		{"0.fA8", []uint8{0, 15, 10, 8}, 0, "0.FA8"}, // hexadecimal, either case
		{"4.", []uint8{4}, 0, "4.0"},
		{"0.", []uint8{0}, 0, "0.0"}, // the game without moves
		{" 0.6 ", []uint8{0, 6}, 0, "0.6"},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if !slices.Equal(c.Digits, tt.digits) || c.Repeat != tt.repeat || c.String() != tt.str {
			t.Errorf("Parse(%q) = %v repeat %d %q, want %v repeat %d %q", tt.in, c.Digits, c.Repeat, c, tt.digits, tt.repeat, tt.str)
		}
		if back, err := Parse(c.String()); err != nil || fmt.Sprint(back) != fmt.Sprint(c) {
			t.Errorf("round trip of %q: %v, %v", c, back, err)
		}
		if err := c.Validate(); err != nil {
			t.Errorf("Parse(%q) breaks the invariants: %v", tt.in, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{"", "0.8x", "0.[", "0.[]", "0.]", "0.[3]7", "0.[[3]]", "077", "10.7", "1.7", "2.7", "g.7", "0.7-", "octal:0.7"} {
		_, err := Parse(in)
		if !errors.Is(err, game.ErrInput) {
			t.Errorf("Parse(%q) = %v, want an input error", in, err)
		}
	}
}

func TestNewAndValidate(t *testing.T) {
	for _, c := range []struct {
		digits []uint8
		repeat int
		ok     bool
	}{
		{nil, 0, true},
		{[]uint8{0, 3}, 1, true},
		{[]uint8{0, 16}, 0, false},  // not a hexadecimal digit
		{[]uint8{3, 7}, 0, false},   // d0 would remove nothing
		{[]uint8{0, 3}, 2, false},   // the tail covers d0
		{[]uint8{0, 3}, -1, false},  // negative tail
		{[]uint8{12, 15}, 1, true},  // C.[F]
		{[]uint8{8, 0, 0}, 2, true}, // an all-zero tail is finite
		{[]uint8{4, 0, 0}, 0, true}, // trailing zeros are dropped
		{[]uint8{2}, 0, false},      // d0 = 2 leaves the same heap
		{[]uint8{0, 1, 2, 3}, 3, true},
	} {
		code, err := New(c.digits, c.repeat)
		if (err == nil) != c.ok {
			t.Errorf("New(%v, %d) = %v, %v; want ok %v", c.digits, c.repeat, code, err, c.ok)
			continue
		}
		if err != nil && !errors.Is(err, game.ErrInput) {
			t.Errorf("New(%v, %d): %v does not wrap game.ErrInput", c.digits, c.repeat, err)
		}
		if lit := (Code{Digits: c.digits, Repeat: c.repeat}); (lit.Validate() == nil) != c.ok {
			t.Errorf("Code{%v, %d}.Validate() = %v, want ok %v", c.digits, c.repeat, lit.Validate(), c.ok)
		}
	}
}

func TestDigit(t *testing.T) {
	c := mustParse(t, "0.1[37]")
	want := []uint8{0, 1, 3, 7, 3, 7, 3, 7}
	for k, d := range want {
		if got := c.Digit(k); got != d {
			t.Errorf("Digit(%d) = %d, want %d", k, got, d)
		}
	}
	if c.Finite() || c.Last() != -1 {
		t.Errorf("0.1[37] is infinite")
	}
	k := mustParse(t, "0.137")
	if !k.Finite() || k.Last() != 3 || k.Digit(4) != 0 || k.MaxHeaps() != 2 {
		t.Errorf("0.137: finite %v last %d", k.Finite(), k.Last())
	}
}

func TestRemovals(t *testing.T) {
	for _, c := range []struct {
		code string
		bits uint8
		upTo int
		want []int
	}{
		// 0.137: d1 = 1, d2 = 3, d3 = 7, read off the digits by hand.
		{"0.137", TakeAll, 10, []int{1, 2, 3}},
		{"0.137", Take, 10, []int{2, 3}},
		{"0.137", Split, 10, []int{3}},
		{"0.137", AnyMove, 2, []int{1, 2}},
		{"4.07", Split, 100, []int{0, 2}},
		{"0.F8", Split3, 100, []int{1, 2}},
		{"0.0", AnyMove, 100, []int{}},
		// 0.1[37]: d1 = 1, then 3, 7, 3, 7, ...: Split at k = 3, 5, 7.
		{"0.1[37]", Split, 8, []int{3, 5, 7}},
	} {
		got := mustParse(t, c.code).Removals(c.bits, c.upTo)
		if got == nil || !slices.Equal(got, c.want) {
			t.Errorf("%s.Removals(%d, %d) = %v, want %v", c.code, c.bits, c.upTo, got, c.want)
		}
	}
}

// TestOptions lists options of small heaps, written out by hand from the
// rules of each code.
func TestOptions(t *testing.T) {
	for _, c := range []struct {
		code     string
		distinct bool
		n        int
		want     string
	}{
		// Kayles 0.77 on 4: remove 1 leaving 3 or 1+2; remove 2 leaving 2 or 1+1.
		{"0.77", false, 4, "[[3] [1 2] [2] [1 1]]"},
		// Grundy's game 4.0 distinct on 6: 1+5, 2+4 (3+3 is not a move).
		{"4.0", true, 6, "[[1 5] [2 4]]"},
		{"4.0", false, 6, "[[1 5] [2 4] [3 3]]"},
		// 0.1: only a heap of exactly 1 may be taken.
		{"0.1", false, 1, "[[]]"},
		{"0.1", false, 2, "[]"},
		// 0.8 on 6: remove 1, split 5 into three: 1+1+3, 1+2+2.
		{"0.8", false, 6, "[[1 1 3] [1 2 2]]"},
		{"0.8", true, 7, "[[1 2 3]]"},
		// Nim 0.[3] on 2: take 1 leaving 1, take 2 leaving nothing.
		{"0.[3]", false, 2, "[[1] []]"},
		{"0.77", false, -1, "[]"},
	} {
		r := Rules{Code: mustParse(t, c.code), Distinct: c.distinct}
		got := [][]int{}
		r.Options(c.n, func(o []int) bool {
			got = append(got, slices.Clone(o))
			return true
		})
		if fmt.Sprint(got) != c.want {
			t.Errorf("%v options of %d: %v, want %s", r, c.n, got, c.want)
		}
	}
}
