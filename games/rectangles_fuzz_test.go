package games

import (
	"errors"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// FuzzBoardParsers: the parsers of the board and shape games never panic,
// fail only with input errors, and what they accept prints back to text
// that parses to the same position.
func FuzzBoardParsers(f *testing.F) {
	for _, s := range []string{"3x3", "..#/.../#..", "o../.#./...", "-1,0,0,1", "empty", "0,0,5", "1,2,-1",
		"a b\nb c\n# c\n", "x", "3x", "/", "o", "-1,-1,1,2", "1000000000,0,1", "a b c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(what string, err error) {
			if err != nil && !errors.Is(err, game.ErrInput) {
				t.Fatalf("%s(%q): error %v is not an input error", what, s, err)
			}
		}
		if b, err := ParseRectBoard(s); err == nil {
			if b2, err := ParseRectBoard(b.String()); err != nil || b2.String() != b.String() {
				t.Fatalf("rectangles %q prints as %q", s, b.String())
			}
		} else {
			check("ParseRectBoard", err)
		}
		if b, err := ParseRook(s); err == nil {
			if b2, err := ParseRook(b.String()); err != nil || b2.Token != b.Token {
				t.Fatalf("rook %q prints as %q", s, b.String())
			}
		} else {
			check("ParseRook", err)
		}
		if fo, err := ParseForest(s); err == nil {
			if f2, err := ParseForest(fo.String()); err != nil || f2.String() != fo.String() {
				t.Fatalf("forest %q prints as %q", s, fo.String())
			}
		} else {
			check("ParseForest", err)
		}
		if c, err := ParseCircle(s); err == nil {
			if c2, err := ParseCircle(c.String()); err != nil || c2 != c {
				t.Fatalf("circle %q prints as %q", s, c.String())
			}
		} else {
			check("ParseCircle", err)
		}
		_, err := ParseGraph("fuzz", s)
		check("ParseGraph", err)
	})
}
