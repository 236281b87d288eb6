package games

import (
	"fmt"
	"testing"
)

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
