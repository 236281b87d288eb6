package sparse

import (
	"context"
	"testing"
)

// Benchmarks of docs/PERFORMANCE.md. The plain scans to 2^20 take
// minutes; they run only with GRUNDY_LONG=1, so that
//
//	GRUNDY_LONG=1 go test ./heap/sparse -run '^$' -bench . -benchtime 1x
//
// measures sparse and plain in the same run.

func benchRun(b *testing.B, r Rules, n int64, mode Mode, workers int) {
	var seq *Sequence
	for b.Loop() {
		var err error
		seq, err = Run(context.Background(), Config{Rules: r, To: n, Mode: mode, Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(seq.Stats.Rare), "rare")
	b.ReportMetric(float64(seq.Stats.Max), "max")
	b.ReportMetric(float64(seq.Stats.Work)/float64(n), "work/value")
}

func benchGame(b *testing.B, r Rules) {
	cases := []struct {
		name    string
		n       int64
		mode    Mode
		workers int
		long    bool
	}{
		{"sparse/1core/2^20", 1 << 20, Sparse, 1, false},
		{"sparse/2cores/2^20", 1 << 20, Sparse, 2, false},
		{"auto/2cores/2^20", 1 << 20, Auto, 2, false},
		{"plain/2cores/2^16", 1 << 16, Plain, 2, false},
		{"plain/2cores/2^20", 1 << 20, Plain, 2, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			if c.long && !longTests {
				b.Skip("GRUNDY_LONG=1")
			}
			benchRun(b, r, c.n, c.mode, c.workers)
		})
	}
}

func BenchmarkGrundyGame(b *testing.B) { benchGame(b, GrundyGame()) }

func BenchmarkOctal6(b *testing.B) {
	r, _ := Octal("0.6")
	benchGame(b, r)
}

func BenchmarkOctal16(b *testing.B) {
	r, _ := Octal("0.16")
	b.Run("auto/2cores/2^19", func(b *testing.B) { benchRun(b, r, 1<<19, Auto, 2) })
}

// BenchmarkNoSparseSpace shows the automatic choice on games with no
// sparse space: auto should cost about what plain costs.
func BenchmarkNoSparseSpace(b *testing.B) {
	for _, code := range []string{"0.07", "0.04", "0.06", "0.007"} {
		r, _ := Octal(code)
		for _, m := range []Mode{Auto, Plain, Sparse} {
			b.Run(code+"/"+m.String()+"/2^14", func(b *testing.B) { benchRun(b, r, 1<<14, m, 2) })
		}
	}
}

// BenchmarkSmall runs Grundy's game and 0.6 to 2^16 on one worker: short
// enough to count instructions with callgrind, which are steady whatever
// the machine's load (docs/PERFORMANCE.md):
//
//	go test -c ./heap/sparse
//	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind ./sparse.test -test.run '^$' -test.bench BenchmarkSmall -test.benchtime 1x
func BenchmarkSmall(b *testing.B) {
	six, _ := Octal("0.6")
	for _, r := range []Rules{GrundyGame(), six} {
		b.Run(r.Name, func(b *testing.B) { benchRun(b, r, 1<<16, Sparse, 1) })
	}
}
