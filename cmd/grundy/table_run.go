package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// runFlags are the table verb's flags for run files: long sequences
// computed by package sparse straight into a memory-mapped file that a
// killed run continues with --resume (docs/sequences.md).
type runFlags struct {
	resume bool
}

// addRunFlags adds --resume and documents --format run.
func addRunFlags(cmd *cobra.Command, rf *runFlags) {
	f := cmd.Flags()
	f.BoolVar(&rf.resume, "resume", false, "continue the run file --out FILE where a stopped or killed run left it (implies --format run)")
	if fl := f.Lookup("format"); fl != nil {
		fl.Usage += ", or run (a resumable run file, see docs/sequences.md)"
	}
}

// implicitRunTo is the largest N for which --out alone writes a run file:
// past it (a file of more than 8 GiB) the run file must be asked for with
// --format run, up to query.MaxRunTo.
const implicitRunTo = 1 << 32

// wanted reports whether the table goes to a run file: --format run,
// --resume, or --out with a long table (2^28 <= N <= 2^32).
func (rf *runFlags) wanted(cmd *cobra.Command, out, format string, to int) bool {
	implicit := out != "" && !cmd.Flags().Changed("format") && to >= query.RunFileFrom && int64(to) <= implicitRunTo
	return format == "run" || rf.resume || implicit
}

// table computes G(0..to) of the game into the run file out.
func (rf *runFlags) table(cmd *cobra.Command, opts *options, name string, from, to int, out string, stats bool) error {
	if out == "" {
		return usageError{fmt.Errorf("--resume and --format run need --out FILE, the run file")}
	}
	inst, err := query.Open(name, opts.files(cmd))
	if err != nil {
		return err
	}
	ctx, cancel := opts.context(cmd)
	defer cancel()
	budget := opts.plainBudget() // the run has a progress bar of its own
	ro := query.RunOptions{Out: out, Resume: rf.resume, Budget: budget, List: opts.json}
	finish := func() {}
	if !opts.json && isTerminal(cmd.ErrOrStderr()) {
		ro.Progress, finish = runProgress(cmd.ErrOrStderr(), int64(to)+1)
	}
	start, cpuStart := time.Now(), processCPU()
	res, err := query.TableRun(ctx, inst, from, to, ro)
	elapsed, cpu := time.Since(start), processCPU()-cpuStart
	finish()
	var stopped *query.RunStoppedError
	switch {
	case errors.Is(err, query.ErrRunExists):
		return game.Inputf("%s exists: pass --resume to continue its run, or remove it", out)
	case errors.As(err, &stopped):
		return fmt.Errorf("%w: continue with --resume", err)
	case err != nil:
		return err
	}
	defer res.Close()
	speed := tableSpeed{computed: res.Stats.Values - res.Stats.Resumed, elapsed: elapsed, cpu: cpu, stats: &res.Stats, held: budget.Memory()}
	if res.Stats.Resumed >= res.Stats.Values {
		speed.computed = 0 // a finished file, only read
	}
	if opts.json {
		if stats {
			speed.print(cmd.ErrOrStderr()) // stdout holds one JSON document
		}
		return printJSON(cmd.OutOrStdout(), res)
	}
	printRunTable(cmd.OutOrStdout(), res)
	if stats {
		speed.print(cmd.OutOrStdout())
	}
	return nil
}

// printRunTable writes the first values, the summary, the statistics and
// the pattern.
func printRunTable(w io.Writer, res *query.RunTableResult) {
	st := res.Stats
	fmt.Fprintf(w, "%s: G(0..%d) in run file %s", res.Game, res.To, res.File)
	if st.Resumed > 0 {
		fmt.Fprintf(w, " (resumed at n = %d)", st.Resumed)
	}
	fmt.Fprintln(w)
	last := min(res.To, res.From+99)
	for n := range query.Span(res.From, last) {
		if (n-res.From)%20 == 0 {
			if n > res.From {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "%*d:", len(fmt.Sprint(last)), n)
		}
		fmt.Fprintf(w, " %d", res.At(n))
	}
	fmt.Fprintln(w)
	if last < res.To {
		fmt.Fprintf(w, "... %d more values in %s\n", res.To-last, res.File)
	}
	s := res.Summary
	fmt.Fprintf(w, "summary over n = %d..%d: %d values, %d of them 0 (P-positions), largest %d\n", res.From, res.To, s.Count, s.Zeros, s.Max)
	fmt.Fprintf(w, "largest value %d, first at n = %d\n", st.Max, st.ArgMax)
	fmt.Fprintf(w, "rare values (mask %d): %d heap sizes n >= 1, the last n = %d\n", st.Mask, st.Rare, st.LastRare)
	fmt.Fprintf(w, "checksum (CRC-64/ECMA of the values as little-endian uint16): %s\n", st.Checksum)
	if p := res.Pattern; p != nil {
		fmt.Fprintf(w, "pattern: pre-period %d, period %d, saltus %d; %s\n", p.Preperiod, p.Period, p.Saltus, p.Reason)
	} else {
		fmt.Fprintf(w, "pattern: none (no period found up to n = %d)\n", res.To)
	}
}

// runProgress is a progress bar on w: values done, rate, time left, rare
// count and largest value.
func runProgress(w io.Writer, total int64) (func(query.RunProgress), func()) {
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("values"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("values"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	return func(p query.RunProgress) {
			bar.Describe(fmt.Sprintf("values (rare %d, largest %d, %s)", p.Rare, p.Max, p.Mode))
			_ = bar.Set64(p.Done)
		}, func() {
			_ = bar.Finish()
		}
}

// printStats writes the sequence statistics of a long table (one that is
// summarized rather than listed) computed from 0.
func printStats(w io.Writer, res *query.TableResult) {
	if st := res.Stats; st != nil && res.Count() > maxShown {
		fmt.Fprintf(w, "largest value %d, first at n = %d; rare values (mask %d): %d heap sizes n >= 1, the last n = %d\n",
			st.Max, st.ArgMax, st.Mask, st.Rare, st.LastRare)
	}
}
