// Command grundy-verify checks certificates of periodicity of heap games
// (docs/certificates.md) without trusting grundy's engines: it imports only
// package verify, which imports only the standard library.
//
//	grundy-verify [--max-values N] [--max-options N] FILE...
//
// For each FILE it prints "FILE: verified ..." or "FILE: rejected: ..."
// naming the first heap where the certificate and the recomputation
// disagree or the condition that fails. Exit status: 0 every certificate
// verified, 1 one was rejected (or its check would pass --max-options, or
// was interrupted), 2 bad input
// (a file that is not a certificate of format 1, truncated, damaged or over
// --max-values; a bad flag).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/grundy-go/grundy/verify"
)

// Exit statuses.
const (
	exitVerified = 0
	exitRejected = 1 // also a limit reached or an interrupted check
	exitLimit    = 1
	exitBadInput = 2
)

// defaultMaxOptions bounds a check to some ten minutes of CPU: 10^12
// options, five times the largest certificate of the three-digit census
// (0.56: 2.1*10^11).
const defaultMaxOptions = 1e12

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run verifies the certificates named in args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy-verify", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	maxValues := fs.Int("max-values", verify.DefaultMaxValues, "refuse a certificate with more values (bounds memory: about 20 bytes a value)")
	maxOptions := fs.Float64("max-options", defaultMaxOptions, "stop before a check that visits more options (bounds time: about 0.5 ns an option)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fmt.Fprintln(stdout, "usage: grundy-verify [--max-values N] [--max-options N] FILE...")
			fs.PrintDefaults()
			return exitVerified
		}
		fmt.Fprintf(stderr, "grundy-verify: %v (usage: grundy-verify [--max-values N] [--max-options N] FILE...)\n", err)
		return exitBadInput
	}
	if !(*maxOptions >= 1) {
		fmt.Fprintf(stderr, "grundy-verify: --max-options %g: want at least 1\n", *maxOptions)
		return exitBadInput
	}
	if *maxValues < 1 {
		fmt.Fprintf(stderr, "grundy-verify: --max-values %d: want at least 1\n", *maxValues)
		return exitBadInput
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "grundy-verify: no certificate given (usage: grundy-verify [--max-values N] [--max-options N] FILE...)")
		return exitBadInput
	}
	status := exitVerified
	for _, path := range fs.Args() {
		c, err := read(path, *maxValues)
		if err != nil {
			fmt.Fprintf(stderr, "grundy-verify: %s: %v\n", path, err)
			status = exitBadInput
			continue
		}
		if n := verify.Options(c.Digits, len(c.Values)); n > *maxOptions {
			fmt.Fprintf(stderr, "grundy-verify: %s: checking G(0..%d) visits about %.3g options, more than --max-options %.3g\n", path, len(c.Values)-1, n, *maxOptions)
			status = max(status, exitLimit)
			continue
		}
		err = verify.Check(ctx, c, progress(stderr, path))
		var rej *verify.Rejection
		switch {
		case err == nil:
			fmt.Fprintf(stdout, "%s: verified: %s, pre-period %d, period %d, saltus %d (theorem %s; G(0..%d) recomputed)\n",
				path, c.Rules, c.Preperiod, c.Period, c.Saltus, c.Theorem, len(c.Values)-1)
		case errors.As(err, &rej):
			fmt.Fprintf(stdout, "%s: rejected: %v\n", path, err)
			status = max(status, exitRejected)
		default:
			fmt.Fprintf(stderr, "grundy-verify: %s: %v\n", path, err)
			return max(status, exitRejected)
		}
	}
	return status
}

// read decodes the certificate in the file at path, which must be a
// regular file: a FIFO would block the open, a device never end.
func read(path string, maxValues int) (*verify.Certificate, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		what := "not a regular file"
		if st.IsDir() {
			what = "a directory"
		}
		return nil, fmt.Errorf("is %s, not a certificate", what)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return verify.Decode(f, maxValues)
}

// progress returns a callback that shows the heaps recomputed on a
// terminal, four times a second at most, or nil when w is not a terminal.
func progress(w io.Writer, path string) func(done, total int) {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var last time.Time
	shown := false
	return func(done, total int) {
		if done == total {
			if shown {
				fmt.Fprint(w, "\r\033[K")
			}
			return
		}
		if done == 0 || time.Since(last) < 250*time.Millisecond {
			return
		}
		last, shown = time.Now(), true
		fmt.Fprintf(w, "\r\033[K%s: recomputed G(0..%d) of %d values", path, done-1, total)
	}
}
