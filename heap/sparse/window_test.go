package sparse

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/limits"
)

// TestRunFileWindow runs sequences into run files with a tiny window (1024
// values at each end resident), so that the pages between are dropped from
// memory block after block and every later read of them goes back through
// the mapping to the page cache or the file: the values, the checksum and
// the statistics must be those of the run in memory, also when the run is
// stopped (its context cancelled) and resumed with the tiny window, which reads
// the whole file back (checksum, histogram, rare list) chunk by chunk.
func TestRunFileWindow(t *testing.T) {
	six, _ := Octal("0.6")
	for _, c := range []struct {
		rules Rules
		n     int64
	}{
		{GrundyGame(), 1 << 17}, // last rare heap size 82860: the cold part starts below it
		{six, 1 << 17},          // last rare 20627
	} {
		t.Run(c.rules.Name, func(t *testing.T) {
			mem, err := Run(context.Background(), Config{Rules: c.rules, To: c.n})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			// Uninterrupted, with a tiny window.
			cfg := Config{Rules: c.rules, To: c.n, Out: filepath.Join(dir, "a.bin"), Window: 1024}
			seq := runTo(t, cfg)
			checkSame(t, seq, mem)
			if seq.file.released == 0 {
				t.Error("no page was dropped: the window path did not run")
			}
			seq.Close()
			// Stopped at a third, resumed with the tiny window.
			cfg.Out = filepath.Join(dir, "b.bin")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cfg.Progress = func(p Progress) {
				if p.Done >= c.n/3 {
					cancel()
				}
			}
			var stopped *limits.StoppedError
			if _, err := Run(ctx, cfg); !errors.As(err, &stopped) {
				t.Fatalf("stopped run: %v, want a *limits.StoppedError", err)
			}
			cfg.Progress, cfg.Resume = nil, true
			seq = runTo(t, cfg)
			if seq.Stats.Resumed == 0 || seq.Stats.Resumed > c.n/3+blockSize {
				t.Errorf("resumed at %d, want near %d", seq.Stats.Resumed, c.n/3)
			}
			checkSame(t, seq, mem)
			if seq.file.released == 0 {
				t.Error("no page was dropped on resume")
			}
			seq.Close()
			// A finished file read back for a shorter table: the prefix.
			cfg.To = c.n / 2
			seq = runTo(t, cfg)
			half := &Sequence{Values: mem.Values[:c.n/2+1], Stats: Analyze(mem.Values[:c.n/2+1])}
			checkSame(t, seq, half)
		})
	}
}

// checkSame checks that seq has the values, checksum and statistics of
// want, a run in memory.
func checkSame(t *testing.T, seq, want *Sequence) {
	t.Helper()
	if i := firstDiff(seq.Values, want.Values); i < len(want.Values) || len(seq.Values) != len(want.Values) {
		t.Fatalf("G(%d) differs from the run in memory (lengths %d, %d)", i, len(seq.Values), len(want.Values))
	}
	if seq.Stats.Checksum != want.Stats.Checksum {
		t.Errorf("checksum %s, want %s", seq.Stats.Checksum, want.Stats.Checksum)
	}
	got, exp := seq.Stats, want.Stats
	got.Work, got.Resumed, got.SparseValues = 0, 0, 0
	exp.Work, exp.Resumed, exp.SparseValues = 0, 0, 0
	if got != exp {
		t.Errorf("statistics %+v, want %+v", got, exp)
	}
	if a := Analyze(want.Values); fmt.Sprint(a.Mask, a.Rare, a.LastRare, a.Max, a.ArgMax) != fmt.Sprint(got.Mask, got.Rare, got.LastRare, got.Max, got.ArgMax) {
		t.Errorf("statistics %+v, Analyze says %+v", got, a)
	}
}
