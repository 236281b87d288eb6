package sparse

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLongRun continues a long run of a game in a run file, for the figures
// in docs/sequences.md. It runs only when GRUNDY_LONGRUN is set to
// GAME:N:FILE, e.g.
//
//	GRUNDY_LONGRUN=grundy-game:1073741824:/tmp/run.bin nice -n 19 ./sparse.test -test.run LongRun -test.v -test.timeout 0
//
// It resumes FILE if it exists, checkpoints every 30 s, and on SIGINT or
// SIGTERM checkpoints and stops; the statistics go to stdout.
func TestLongRun(t *testing.T) {
	spec := os.Getenv("GRUNDY_LONGRUN")
	if spec == "" {
		t.Skip("set GRUNDY_LONGRUN=GAME:N:FILE to run")
	}
	parts := strings.SplitN(spec, ":", 3)
	if len(parts) != 3 {
		t.Fatalf("GRUNDY_LONGRUN=%q: want GAME:N:FILE", spec)
	}
	r, err := rulesByName(parts[0])
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	lastLog := start
	seq, err := Run(ctx, Config{Rules: r, To: n, Out: parts[2], Resume: true,
		Progress: func(p Progress) {
			if time.Since(lastLog) >= time.Minute {
				lastLog = time.Now()
				fmt.Printf("%s done %d of %d rare %d max %d mask %d mode %v\n",
					time.Now().UTC().Format(time.TimeOnly), p.Done, p.Total, p.Rare, p.Max, p.Mask, p.Mode)
			}
		}})
	if errors.Is(err, context.Canceled) {
		fmt.Printf("stopped after %v, checkpointed: %v\n", time.Since(start).Round(time.Second), err)
		return
	}
	if err != nil {
		t.Fatalf("after %v: %v", time.Since(start).Round(time.Second), err)
	}
	defer seq.Close()
	fmt.Printf("finished in %v: %+v\n", time.Since(start).Round(time.Second), seq.Stats)
}

// rulesByName maps a test's game name to rules.
func rulesByName(name string) (Rules, error) {
	if name == "grundy-game" {
		return GrundyGame(), nil
	}
	return Octal(name)
}
