package quotient

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// BenchmarkCompute builds the quotient of Kayles and of Dawson's Kayles up
// to heap n from scratch.
func BenchmarkCompute(b *testing.B) {
	for _, c := range []struct {
		name, code string
		ns         []int
	}{
		{"kayles", "0.77", []int{40, 100, 200}},
		{"dawson-kayles", "0.07", []int{20, 26, 30}},
	} {
		r := heap.Octal(mustCode(b, c.code))
		for _, n := range c.ns {
			b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
				var q *Quotient
				budget := &limits.Budget{}
				for b.Loop() {
					var err error
					if q, err = Compute(context.Background(), r, n, budget); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(q.Order()), "order")
				b.ReportMetric(float64(budget.States())/float64(b.N), "states/op")
			})
			// The same quotient from its JSON: Unmarshal, then Check
			// against the rules (the cache file's path).
			b.Run(fmt.Sprintf("%s/n=%d/file", c.name, n), func(b *testing.B) {
				q, err := Compute(context.Background(), r, n, nil)
				if err != nil {
					b.Fatal(err)
				}
				data, err := json.Marshal(q)
				if err != nil {
					b.Fatal(err)
				}
				budget := &limits.Budget{}
				for b.Loop() {
					q, err := Unmarshal(data)
					if err != nil {
						b.Fatal(err)
					}
					if err := q.Check(context.Background(), r, budget); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(budget.States())/float64(b.N), "states/op")
			})
		}
	}
}

// BenchmarkOf multiplies out a sum of 10^6 random Kayles heaps <= 40 (the
// quotient computed once), and finds its winning moves.
func BenchmarkOf(b *testing.B) {
	r := heap.Octal(mustCode(b, "0.77"))
	q, err := Compute(context.Background(), r, 40, nil)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	heaps := make([]int, 1_000_000)
	for i := range heaps {
		heaps[i] = rng.IntN(41)
	}
	b.Run("of/heaps=1e6", func(b *testing.B) {
		for b.Loop() {
			q.Of(heaps)
		}
	})
	b.Run("winning-moves/heaps=1e6", func(b *testing.B) {
		for b.Loop() {
			q.WinningMoves(heaps, r, func(Move) bool { return true })
		}
	})
}

// BenchmarkSums answers the misère outcome of the same sums three ways in
// one run: the quotient (computed from scratch up to the largest heap, then
// one product), the quotient of a cache file (its JSON read with Unmarshal
// and verified with Check against the game, as `value --misere --quotient
// FILE` does, then one product) and the search engine solve.Misere (a
// fresh engine per sum, as `value --misere` runs it). "kayles 30 20 10" is
// the example.
func BenchmarkSums(b *testing.B) {
	for _, c := range []struct {
		name, code string
		heaps      []int
	}{
		{"kayles-12-7", "0.77", []int{12, 7}},
		{"kayles-20-17-13", "0.77", []int{20, 17, 13}},
		{"kayles-30-20-10", "0.77", []int{30, 20, 10}},
		{"dawson-kayles-20-14-9", "0.07", []int{20, 14, 9}},
	} {
		r := heap.Octal(mustCode(b, c.code))
		top := 0
		for _, h := range c.heaps {
			top = max(top, h)
		}
		var viaQuotient, viaFile, viaSearch game.Outcome
		ranQuotient, ranFile, ranSearch := false, false, false
		b.Run(c.name+"/quotient", func(b *testing.B) {
			for b.Loop() {
				q, err := Compute(context.Background(), r, top, nil)
				if err != nil {
					b.Fatal(err)
				}
				viaQuotient = q.Outcome(c.heaps)
			}
			ranQuotient = true
		})
		b.Run(c.name+"/file", func(b *testing.B) {
			q, err := Compute(context.Background(), r, top, nil)
			if err != nil {
				b.Fatal(err)
			}
			data, err := json.Marshal(q)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				q, err := Unmarshal(data)
				if err != nil {
					b.Fatal(err)
				}
				if err := q.Check(context.Background(), r, nil); err != nil {
					b.Fatal(err)
				}
				viaFile = q.Outcome(c.heaps)
			}
			ranFile = true
		})
		b.Run(c.name+"/search", func(b *testing.B) {
			budget := &limits.Budget{}
			for b.Loop() {
				m := solve.NewMisere[int](r, budget)
				o, _, err := m.Outcome(context.Background(), c.heaps)
				if err != nil {
					b.Fatal(err)
				}
				viaSearch = o
			}
			ranSearch = true
			b.ReportMetric(float64(budget.States())/float64(b.N), "states/op")
		})
		if ranQuotient && ranSearch && viaQuotient != viaSearch {
			b.Fatalf("%s: quotient says %v, search %v", c.name, viaQuotient, viaSearch)
		}
		if ranFile && ranSearch && viaFile != viaSearch {
			b.Fatalf("%s: cache file says %v, search %v", c.name, viaFile, viaSearch)
		}
	}
}
