package games

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
)

// TestCramParallelProperty checks, on boards rapid draws (a board of up to
// 6 x 4 or 4 x 6 cells and a set of its cells open; shrunk on failure), that
// the engine with two and three workers (solve.Pruned.Parallel), with and
// without the symmetry shortcut, gives denseCramValues's value, and the
// serial engine the same.
func TestCramParallelProperty(t *testing.T) {
	dense := map[[2]int][]uint8{}
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.IntRange(1, 6).Draw(t, "w")
		h := rapid.IntRange(1, 24/max(w, 4)).Draw(t, "h")
		m := rapid.Uint32Range(0, 1<<(w*h)-1).Draw(t, "cells")
		inst := &cramInstance{symmetry: rapid.Bool().Draw(t, "symmetry")}
		table, ok := dense[[2]int{w, h}]
		if !ok {
			table = denseCramValues(w, h)
			dense[[2]int{w, h}] = table
		}
		board := cramMaskBoard(w, h, m)
		for _, workers := range []int{1, 2, 3} {
			e := inst.Evaluator(nil)
			e.(MultiCore).SetWorkers(workers)
			comps, err := inst.Parse([]string{board})
			if err != nil {
				t.Fatal(err)
			}
			v, err := e.Grundy(t.Context(), comps[0])
			if err != nil {
				t.Fatal(err)
			}
			if v != game.Nimber(table[m]) {
				t.Fatalf("%s %s, %d workers: %d, brute force %d", inst.Name(), board, workers, v, table[m])
			}
		}
	})
}

// BenchmarkCramWorkers values empty boards with the serial search and with
// two workers (solve.Pruned.Parallel), each with a fresh engine, and
// reports the states both workers expanded. Its wall time per value is
// what two cores save (GOMAXPROCS=2; docs/PERFORMANCE.md):
//
//	GOMAXPROCS=2 go test ./games -run '^$' -bench CramWorkers -benchtime 3x
func BenchmarkCramWorkers(b *testing.B) {
	published := map[string]int{"6x5": 2, "5x7": 1, "9x4": 1}
	for _, board := range []string{"6x5", "5x7", "9x4"} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", board, workers), func(b *testing.B) {
				inst := &cramInstance{symmetry: true}
				comps, err := inst.Parse([]string{board})
				if err != nil {
					b.Fatal(err)
				}
				var states int64
				for b.Loop() {
					e := inst.Evaluator(nil)
					e.(MultiCore).SetWorkers(workers)
					v, err := e.Grundy(b.Context(), comps[0])
					if err != nil || int(v) != published[board] {
						b.Fatalf("cram %s: %d (%v), published %d", board, v, err, published[board])
					}
					states += e.States()
				}
				b.ReportMetric(float64(states)/float64(b.N), "states/op")
			})
		}
	}
}
