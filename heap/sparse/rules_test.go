package sparse

import (
	"errors"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
)

func TestOctal(t *testing.T) {
	for _, c := range []struct {
		code   string
		digits []uint8
		name   string
	}{
		{"0.77", []uint8{0, 7, 7}, "octal:0.77"},
		{".6", []uint8{0, 6}, "octal:0.6"},
		{"octal:0.137", []uint8{0, 1, 3, 7}, "octal:0.137"},
		{"4.07", []uint8{4, 0, 7}, "octal:4.07"},
		{"0.f8", []uint8{0, 15, 8}, "octal:0.F8"},
		{"0.160", []uint8{0, 1, 6, 0}, "octal:0.16"},
	} {
		r, err := Octal(c.code)
		if err != nil {
			t.Errorf("Octal(%q): %v", c.code, err)
			continue
		}
		if !slices.Equal(r.Digits, c.digits) || r.Name != c.name {
			t.Errorf("Octal(%q) = %v %q, want %v %q", c.code, r.Digits, r.Name, c.digits, c.name)
		}
	}
	for _, bad := range []string{"", "0.", "octal:", "0.8x", "12.3", "0.[3]", "2.07", "1.3", "x"} {
		if _, err := Octal(bad); !errors.Is(err, game.ErrInput) {
			t.Errorf("Octal(%q): err %v, want an input error", bad, err)
		}
	}
}

func TestRulesValidate(t *testing.T) {
	for _, c := range []struct {
		r  Rules
		ok bool
	}{
		{GrundyGame(), true},
		{Rules{Name: "x", Digits: []uint8{0, 16}}, false},
		{Rules{Name: "", Digits: []uint8{0, 3}}, false},
		{Rules{Name: "x"}, false},
		{Rules{Name: "x", Digits: make([]uint8, MaxDigits+1)}, false},
	} {
		if err := c.r.Validate(); (err == nil) != c.ok {
			t.Errorf("%v.Validate() = %v, want ok %v", c.r, err, c.ok)
		}
	}
	if !GrundyGame().Splits() || GrundyGame().Triples() {
		t.Error("Grundy's game splits into two heaps, never three")
	}
}
