package query

import (
	"context"
	"io"
	"testing"
)

// The computer's choice (the retrograde solver over the whole positions
// that decide the remoteness, play_remoteness.go) against the naive
// whole-sum search of the tests' oracle, on the same positions, each run
// from a fresh Player.
var choosePositions = []struct {
	name string
	sum  []pile
}{
	{"nim_5_6_7_8_won", []pile{{nil, 5}, {nil, 6}, {nil, 7}, {nil, 8}}},
	{"nim_4_5_6_7_lost", []pile{{nil, 4}, {nil, 5}, {nil, 6}, {nil, 7}}},
	{"subtract_9_10_11_12", []pile{{[]int{1, 3, 4}, 9}, {[]int{1, 3, 4}, 10}, {[]int{1, 3, 4}, 11}, {[]int{1, 3, 4}, 12}}},
}

func BenchmarkChoose(b *testing.B) {
	for _, c := range choosePositions {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				pos, err := ParseString(pilesString(c.sum))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := NewPlayer(PlayOptions{}).Choose(context.Background(), pos); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNaiveSearch(b *testing.B) {
	for _, c := range choosePositions {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				o := &oracle{memo: map[string][2]int{}}
				o.solve(c.sum)
			}
		})
	}
}

// BenchmarkGraphSVG builds and draws the graph of nim 5 6 7 (196 nodes up
// to the order of heaps).
func BenchmarkGraphSVG(b *testing.B) {
	pos, _ := ParseString("nim 5 6 7")
	for b.Loop() {
		g, err := Graph(context.Background(), pos, nil, 1000)
		if err != nil {
			b.Fatal(err)
		}
		if err := g.WriteSVG(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
