package query

import (
	"context"
	"testing"
)

// BenchmarkSolveSum solves sums of impartial games by retrograde analysis
// over every whole sum reachable (games.Sum.General), under normal and
// misère play.
func BenchmarkSolveSum(b *testing.B) {
	for _, c := range []struct {
		name, pos string
		misere    bool
	}{
		{"nim_4_5_6_7", "nim 4 5 6 7", false},
		{"kayles_7_8_+_nim_3_4", "kayles 7 8 + nim 3 4", false},
		{"misere_kayles_7_8_+_nim_3_4", "kayles 7 8 + nim 3 4", true},
	} {
		b.Run(c.name, func(b *testing.B) {
			pos, err := ParseString(c.pos)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := SolveWith(context.Background(), pos, SolveOptions{Misere: c.misere}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMisereSearch answers a misère position that needs the search
// over sums of components (two wild Kayles rows) with its winning moves.
func BenchmarkMisereSearch(b *testing.B) {
	pos, err := ParseString("kayles 12 7 + kayles 5")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := MisereValue(context.Background(), pos, nil); err != nil {
			b.Fatal(err)
		}
	}
}
