// Command grundy is the command-line face of the grundy workbench for
// combinatorial games: Grundy values, tables and their patterns, general
// solving, play and game graphs. Run 'grundy --help' for the verbs.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// Exit statuses (docs/reference.md, "Exit statuses").
const (
	exitFailed   = 1 // the computation failed or hit a limit
	exitBadInput = 2 // bad usage or bad input
)

// The command runs as two processes: a supervisor, which starts itself
// again as the worker and waits, and the worker, which does the work. The Go
// runtime ends a process that hits a fatal error (out of memory, a crash in
// a library) or an unrecovered panic with status 2, which here means bad
// input; the supervisor reports such an end as a failure (status 1) with a
// line that says so. The worker's own bad-input status travels as
// workerBadInput, a status the runtime never uses.
const (
	workerEnv      = "GRUNDY_WORKER" // set to "1" in the worker's environment
	workerBadInput = 3
)

func main() {
	if os.Getenv(workerEnv) != "1" {
		if onlyHelp(os.Args[1:]) {
			// Nothing to compute, hence nothing to supervise.
			os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		}
		if status, ok := supervise(os.Args[1:]); ok {
			os.Exit(status)
		}
		// Could not start the worker: work in this process.
		os.Exit(run(interruptible(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	// What the start-up touched stays in the page cache, not in the
	// worker's memory: the work faults back the pages it uses.
	releaseProgramPages()
	status := run(withLifeline(interruptible()), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if status == exitBadInput {
		status = workerBadInput
	}
	os.Exit(status)
}

// supervise runs the command in a worker process with the same arguments,
// streams and environment, and returns its exit status: 0 and 1 as they
// are, workerBadInput as 2, anything else (the runtime's fatal errors and
// panics, a signal) as 1. ok is false when the worker could not start.
func supervise(args []string) (status int, ok bool) {
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), workerEnv+"=1")
	if _, set := os.LookupEnv("GOTRACEBACK"); !set {
		// A crash prints its message, not every goroutine's stack (set
		// GOTRACEBACK to see them).
		cmd.Env = append(cmd.Env, "GOTRACEBACK=none")
	}
	keep, release, err := attachLifeline(cmd)
	if err != nil {
		return 0, false
	}
	defer keep.Close() // after the worker has ended (defers run last in, first out)
	// The kernel's parent-death signal follows the thread that started the
	// worker: keep this goroutine on it until the worker has ended.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var filtered chan struct{}
	if !isTerminal(os.Stderr) {
		// Off a terminal (scripts, pipes, CI), the worker's standard
		// error passes through a filter that drops the runtime's crash
		// report, so the command's error stays the one line below.
		r, w, err := os.Pipe()
		if err != nil {
			return 0, false
		}
		cmd.Stderr = w
		filtered = make(chan struct{})
		go func() {
			defer close(filtered)
			filterCrash(r, os.Stderr)
			r.Close()
		}()
		defer func() {
			w.Close()
			<-filtered
		}()
	}
	// Signals sent to the supervisor are passed on. A terminal's Ctrl-C
	// reaches both processes (one process group), so the worker gets it
	// twice and takes the copy for the same interrupt (interruptible).
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(signals)
	if err := cmd.Start(); err != nil {
		release()
		return 0, false
	}
	release() // the worker holds its own copy of the lifeline's read end
	idle()
	if filtered != nil {
		cmd.Stderr.(*os.File).Close() // the worker holds its own copy
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-signals:
				_ = cmd.Process.Signal(sig)
			case <-done:
				return
			}
		}
	}()
	_ = cmd.Wait()
	close(done)
	if filtered != nil {
		<-filtered // the worker's last lines come before the verdict
	}
	switch code := cmd.ProcessState.ExitCode(); code {
	case 0, exitFailed:
		return code, true
	case workerBadInput:
		return exitBadInput, true
	default:
		what := fmt.Sprintf("status %d", code)
		if ws, isWait := cmd.ProcessState.Sys().(syscall.WaitStatus); isWait && ws.Signaled() {
			switch sig := ws.Signal(); sig {
			case syscall.SIGPIPE, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP:
				// Ended from outside (a closed pipe, Ctrl-C): end the same
				// way, as one process would, and say nothing.
				signal.Reset(sig)
				if self, err := os.FindProcess(os.Getpid()); err == nil {
					_ = self.Signal(sig) // Unix; elsewhere an error, and the status below
				}
				time.Sleep(time.Second) // the signal is delivered meanwhile
				return 128 + int(sig), true
			default:
				what = "signal " + sig.String()
			}
		}
		fmt.Fprintf(os.Stderr, "grundy: the computation failed (the worker process ended with %s: a crash or the machine's memory, not bad input; try a smaller --max-memory)\n", what)
		return exitFailed, true
	}
}

// idle shrinks the supervisor, which from now on only waits, passes
// signals on and copies lines, to the memory that takes: its free heap goes
// back to the system, the collector runs only when the heap has grown by
// idleHeapGrowth (so no periodic collection reads the program's type data
// back in), and the program's pages the start-up touched leave its
// resident set (releaseProgramPages). The worker maps the same program
// file, so those pages are the worker's anyway; a tree of processes summed
// by resident set counted them twice.
func idle() {
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(int64(m.Sys-m.HeapReleased) + idleHeapGrowth)
	releaseProgramPages()
}

// idleHeapGrowth is how much the idle supervisor's memory may grow before
// its collector runs.
const idleHeapGrowth = 4 << 20

// onlyHelp reports whether the command line asks for help or the version
// and nothing else: no word (the usage), a first word "help" (cobra's help
// verb, which prints a verb's help and never runs it), or a first word
// --help, -h or --version. Such a command runs in this process: it has
// no computation to supervise.
func onlyHelp(args []string) bool {
	if len(args) == 0 {
		return true
	}
	switch args[0] {
	case "help", "--help", "-h", "--version":
		return true
	}
	return false
}

// run executes one command line with the given streams and returns the exit
// status. Tests call it in-process.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(escapeNegatives(args, valueFlags(root)))
	root.SetIn(stdin)
	out := &outputWriter{w: stdout}
	root.SetOut(out)
	root.SetErr(stderr)
	cmd, err := root, unknownVerb(root, escapeNegatives(args, valueFlags(root)))
	if err == nil {
		cmd, err = root.ExecuteContextC(ctx)
	}
	if err == nil && out.err != nil {
		// A full disk or a closed pipe under the output: the answer did
		// not reach the user, so the command failed.
		err = fmt.Errorf("write output: %w", out.err)
	}
	if err == nil {
		return 0
	}
	err = explainUsage(root, cmd, args, err)
	msg := oneLine(describe(err))
	fmt.Fprintln(root.ErrOrStderr(), "grundy: "+msg)
	if wantsJSON(cmd) && !out.wrote {
		// One JSON document on stdout, as a result would be: the error as
		// data, worded as on standard error (docs/errors.md). A command
		// that printed its document already (play's record of an
		// unfinished game) keeps it as the one document.
		info := query.DescribeError(err)
		info.Message = msg
		if isUsage(err) && info.Kind != game.KindNotFound && info.Kind != game.KindUnsupported {
			info.Kind = game.KindInput
		}
		_ = printJSON(out, struct {
			Error query.ErrorInfo `json:"error"`
		}{info})
	}
	if isUsage(err) {
		return exitBadInput
	}
	return exitFailed
}

// wantsJSON reports whether the command line asked for --json.
func wantsJSON(cmd *cobra.Command) bool {
	f := cmd.Flags().Lookup("json")
	if f == nil {
		f = cmd.Root().PersistentFlags().Lookup("json")
	}
	return f != nil && f.Value.String() == "true"
}

// usageError marks errors in the command line itself.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u) || errors.Is(err, game.ErrInput)
}

// describe words the errors users meet most in their terms: the engines'
// limit errors name no flag, so the CLI says which flag raises the limit.
func describe(err error) string {
	var tiers *query.NeedTiersError
	var notFound *game.NotFoundError
	var unsupported *game.UnsupportedError
	switch {
	case errors.As(err, &unsupported) && unsupported.Instead != "":
		return err.Error() + ": use 'grundy " + unsupported.Instead + "'"
	case errors.As(err, &notFound):
		return err.Error() + " (" + didYouMean(notFound.Suggestions) + "the catalog: 'grundy games')"
	case errors.As(err, &tiers) && tiers.ByTiers:
		return err.Error() + " (its largest tier does not fit: solve only the tiers with at most K blank cells with --blanks-at-most K, or raise --max-memory)"
	case errors.As(err, &tiers):
		return err.Error() + " (too large to solve in memory: solve its tiers from files on disk with --blanks-at-most K, the tiers with at most K blank cells, or all of them with --tiers)"
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out (raise --timeout): " + err.Error()
	case errors.Is(err, query.ErrGraphTooLarge):
		return err.Error() + " (raise --max-nodes, or draw a smaller position)"
	case errors.Is(err, query.ErrStateLimit):
		return err.Error() + " (raise --max-states)"
	case errors.Is(err, query.ErrMemoryLimit):
		return err.Error() + " (raise --max-memory)"
	case errors.Is(err, query.ErrDiskLimit):
		return err.Error() + " (raise --max-disk)"
	case errors.Is(err, context.Canceled):
		return "interrupted: " + err.Error()
	}
	switch query.ScriptStepsOf(err) {
	case query.ScriptCallSteps:
		return err.Error() + " (raise --script-call-steps)"
	case query.ScriptRunSteps:
		return err.Error() + " (raise --script-steps)"
	}
	return err.Error()
}

// filterCrash copies the worker's standard error from r to w line by line
// until a line of the Go runtime's crash report ("fatal error:",
// "panic:", "runtime:", "goroutine ") starts; the rest is read and dropped.
func filterCrash(r io.Reader, w io.Writer) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	crashed := false
	for sc.Scan() {
		line := sc.Text()
		for _, p := range []string{"fatal error:", "panic:", "runtime:", "goroutine ", "SIGBUS", "SIGSEGV"} {
			crashed = crashed || strings.HasPrefix(line, p)
		}
		if !crashed {
			fmt.Fprintln(w, line)
		}
	}
	_, _ = io.Copy(io.Discard, r)
}

// oneLine folds an error message to one line for the terminal: runs of
// white space become one space, control characters are written as Go
// escapes (a file name or a script's message may hold any byte), and a
// message longer than maxMessage keeps its start and its end around an
// ellipsis (an error may quote a position of 10^5 heaps).
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for _, r := range s {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == utf8.RuneError {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	s = b.String()
	if len(s) > maxMessage {
		head, tail := s[:maxMessage*3/4], s[len(s)-maxMessage/4:]
		for !utf8.ValidString(head) {
			head = head[:len(head)-1]
		}
		for !utf8.ValidString(tail) {
			tail = tail[1:]
		}
		s = head + " … " + tail
	}
	return s
}

// maxMessage is the longest error line the CLI prints, in bytes.
const maxMessage = 1000

// outputWriter passes the command's output on and keeps the first write
// error, which cobra's printing functions ignore.
type outputWriter struct {
	w     io.Writer
	err   error
	wrote bool // something was written (a --json document, a partial record)
}

func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	o.wrote = o.wrote || n > 0
	if err != nil {
		o.err = err
	}
	return n, err
}

// negativeArg matches ARGs such as "-1,0,0,1" that are positions, not flags.
var negativeArg = regexp.MustCompile(`^-[0-9]`)

// escapeNegatives hides position ARGs that start with '-' and a digit from
// the flag parser (docs/reference.md, "Positions"); positionArgs restores
// them. A word that follows a flag taking a value (--max-states -5) is that
// flag's value and is left alone, so the flag itself judges it.
func escapeNegatives(args []string, takesValue map[string]bool) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if negativeArg.MatchString(a) && !(i > 0 && takesValue[args[i-1]]) {
			a = "\x00" + a
		}
		out[i] = a
	}
	return out
}

// valueFlags returns the spellings (--name, -n) of every flag of root and
// its commands that takes a value (all but the booleans).
func valueFlags(root *cobra.Command) map[string]bool {
	names := map[string]bool{}
	add := func(f *pflag.Flag) {
		if f.Value.Type() == "bool" {
			return
		}
		names["--"+f.Name] = true
		if f.Shorthand != "" {
			names["-"+f.Shorthand] = true
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(add)
		c.PersistentFlags().VisitAll(add)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return names
}

func positionArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.TrimPrefix(a, "\x00")
	}
	return out
}
