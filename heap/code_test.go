package heap

import (
	"errors"
	"fmt"
	"testing"

	"github.com/grundy-go/grundy/game"
)

func TestParseCode(t *testing.T) {
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
		{" 0.6 ", []uint8{0, 6}, 0, "0.6"},
	}
	for _, tt := range tests {
		c, err := ParseCode(tt.in)
		if err != nil {
			t.Errorf("ParseCode(%q): %v", tt.in, err)
			continue
		}
		if fmt.Sprint(c.Digits) != fmt.Sprint(tt.digits) || c.Repeat != tt.repeat || c.String() != tt.str {
			t.Errorf("ParseCode(%q) = %v repeat %d %q, want %v repeat %d %q", tt.in, c.Digits, c.Repeat, c, tt.digits, tt.repeat, tt.str)
		}
		if back, err := ParseCode(c.String()); err != nil || fmt.Sprint(back) != fmt.Sprint(c) {
			t.Errorf("round trip of %q: %v, %v", c, back, err)
		}
	}
}

func TestParseCodeErrors(t *testing.T) {
	for _, in := range []string{"", "0.8x", "0.[", "0.[]", "0.]", "0.[3]7", "0.[[3]]", "077", "10.7", "1.7", "2.7", "g.7", "0.7-"} {
		_, err := ParseCode(in)
		if !errors.Is(err, game.ErrInput) {
			t.Errorf("ParseCode(%q) = %v, want an input error", in, err)
		}
	}
}

func TestDigit(t *testing.T) {
	c := mustCode(t, "0.1[37]")
	want := []uint8{0, 1, 3, 7, 3, 7, 3, 7}
	for k, d := range want {
		if got := c.Digit(k); got != d {
			t.Errorf("Digit(%d) = %d, want %d", k, got, d)
		}
	}
	if c.Finite() || c.Last() != -1 {
		t.Errorf("0.1[37] is infinite")
	}
	k := mustCode(t, "0.137")
	if !k.Finite() || k.Last() != 3 || k.Digit(4) != 0 || k.MaxHeaps() != 2 {
		t.Errorf("0.137: finite %v last %d", k.Finite(), k.Last())
	}
}
