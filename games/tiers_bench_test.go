package games

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/grundy-go/grundy/solve/tier"
)

// BenchmarkTierQuixo4 solves the tiers of Quixo 4x4 with at most
// GRUNDY_TIER_BLANKS blank cells (default 5) on 1 and 2 workers.
func BenchmarkTierQuixo4(b *testing.B) {
	k := 5
	if v, err := strconv.Atoi(os.Getenv("GRUNDY_TIER_BLANKS")); err == nil {
		k = v
	}
	g := NewQuixo(4)
	for _, workers := range []int{1, 2} {
		b.Run(strconv.Itoa(workers)+"workers", func(b *testing.B) {
			var n uint64
			for b.Loop() {
				s := tier.New(g, nil, tier.Options{DB: tierDB(b, "quixo:4x4", b.TempDir()), Workers: workers})
				if err := s.Solve(context.Background(), g.TiersWithBlanks(k)); err != nil {
					b.Fatal(err)
				}
				n = 0
				for _, st := range s.Stats {
					n += st.Positions
				}
				s.Close()
			}
			b.ReportMetric(float64(n), "positions")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/position")
		})
	}
}
