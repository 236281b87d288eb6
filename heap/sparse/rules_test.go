package sparse

import (
	"errors"
	"slices"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap/octal"
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
		{"0.160", []uint8{0, 1, 6}, "octal:0.16"}, // trailing zeros dropped
		{"0.", []uint8{0}, "octal:0.0"},           // no moves at all
	} {
		r, err := Octal(c.code)
		if err != nil {
			t.Errorf("Octal(%q): %v", c.code, err)
			continue
		}
		if !slices.Equal(r.Code.Digits, c.digits) || r.Name != c.name || r.Distinct {
			t.Errorf("Octal(%q) = %v %q, want %v %q", c.code, r.Code.Digits, r.Name, c.digits, c.name)
		}
	}
	for _, bad := range []string{"", "octal:", "0.8x", "12.3", "0.[3]", "4.[3]", "2.07", "1.3", "x"} {
		if _, err := Octal(bad); !errors.Is(err, game.ErrInput) {
			t.Errorf("Octal(%q): err %v, want an input error", bad, err)
		}
	}
}

func TestNewRulesNames(t *testing.T) {
	for _, c := range []struct {
		code     octal.Code
		distinct bool
		name     string
	}{
		{octal.Code{Digits: []uint8{4}}, true, "grundy-game"},
		{octal.Code{Digits: []uint8{4, 0, 0}}, true, "grundy-game"}, // the same game, the same name
		{octal.Code{Digits: []uint8{4}}, false, "octal:4.0"},
		{octal.Code{Digits: []uint8{0, 6}}, true, "octal:0.6 (distinct parts)"},
		{octal.Code{Digits: []uint8{0, 7, 7, 0}}, false, "octal:0.77"},
	} {
		r, err := NewRules(c.code, c.distinct)
		if err != nil || r.Name != c.name {
			t.Errorf("NewRules(%v, %v) = %q, %v; want %q", c.code, c.distinct, r.Name, err, c.name)
		}
	}
	if GrundyGame().Name != "grundy-game" || !GrundyGame().Distinct {
		t.Errorf("GrundyGame() = %v", GrundyGame())
	}
}

func TestRulesValidate(t *testing.T) {
	for _, c := range []struct {
		r  Rules
		ok bool
	}{
		{GrundyGame(), true},
		{Rules{Name: "x", Code: octal.Code{Digits: []uint8{0, 16}}}, false},
		{Rules{Name: "", Code: octal.Code{Digits: []uint8{0, 3}}}, false},
		{Rules{Name: "x"}, true}, // the zero code: no moves
		{Rules{Name: "x", Code: octal.Code{Digits: []uint8{3}}}, false},               // d0 may only split
		{Rules{Name: "x", Code: octal.Code{Digits: []uint8{0, 3}, Repeat: 1}}, false}, // repeats forever
		{Rules{Name: "x", Code: octal.Code{Digits: make([]uint8, MaxDigits+1)}}, false},
	} {
		err := c.r.Validate()
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, game.ErrInput)) {
			t.Errorf("%v.Validate() = %v, want ok %v", c.r, err, c.ok)
		}
	}
	if !GrundyGame().Splits() || GrundyGame().Triples() {
		t.Error("Grundy's game splits into two heaps, never three")
	}
}
