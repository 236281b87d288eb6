package adversarial

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// grundyBin is the binary under test, built once by TestMain.
var grundyBin string

// repoRoot is the module root (examples/ and docs/ live there).
var repoRoot string

// buildDir is TestMain's temporary directory (binaries built for the tests).
var buildDir string

func TestMain(m *testing.M) { os.Exit(testMain(m)) }

func testMain(m *testing.M) int {
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "adversarial:", err)
		return 1
	}
	repoRoot = root
	dir, err := os.MkdirTemp("", "grundy-adversarial-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "adversarial:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	buildDir = dir
	if p := os.Getenv("GRUNDY_ADVERSARIAL_BIN"); p != "" {
		grundyBin = p
	} else {
		grundyBin = filepath.Join(dir, "grundy")
		if out, err := goBuild(grundyBin, "github.com/grundy-go/grundy/cmd/grundy"); err != nil {
			fmt.Fprintf(os.Stderr, "adversarial: build grundy: %v\n%s", err, out)
			return 1
		}
	}
	return m.Run()
}

// goBuild builds the package pkg (an import path or a file) into out.
func goBuild(out, pkg string) ([]byte, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(goTool, "build", "-o", out, pkg)
	cmd.Dir = repoRoot
	return cmd.CombinedOutput()
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the test directory")
		}
		dir = parent
	}
}

// call is one run of a command.
type call struct {
	args      []string      // the arguments of grundy
	stdin     string        // the standard input ("": empty, /dev/null)
	stdinFile *os.File      // the standard input when set (a pipe the test holds)
	env       []string      // added to the environment
	dir       string        // working directory ("": the test's)
	prefix    []string      // a wrapper such as prlimit, run with grundy as its command
	stdout    *os.File      // the standard output, when not captured
	net       time.Duration // the safety net: the process group is killed after it (0: 20 s)
	// killMiB is the resident size of the process tree past which the
	// memory watchdog kills it, so that a memory bomb cannot take the
	// shared machine down (0: 2 GiB).
	killMiB int64
}

// outcome is what one run did.
type outcome struct {
	code      int // exit status, -1 when ended by a signal
	signal    syscall.Signal
	stdout    string // at most captureLimit bytes of each stream
	stderr    string
	stdoutLen int64 // the whole length written
	stderrLen int64
	wall      time.Duration
	cpu       time.Duration // user + system, the process and its waited-for children
	rssKiB    int64         // peak resident size of the process tree
	// harnessKiB is the test process's resident size when the child
	// started: the child's peak (from wait4) may include up to that much.
	harnessKiB int64
	killed     string // why the harness killed it ("": it ended by itself)
}

func (o outcome) String() string {
	msg := o.stderr
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	s := fmt.Sprintf("exit %d, wall %.2fs, cpu %.2fs, peak RSS %.1f MiB (harness %.0f MiB), stdout %d bytes, stderr %d bytes %q",
		o.code, o.wall.Seconds(), o.cpu.Seconds(), float64(o.rssKiB)/1024, float64(o.harnessKiB)/1024, o.stdoutLen, o.stderrLen, msg)
	if o.signal != 0 {
		s += ", signal " + o.signal.String()
	}
	if o.killed != "" {
		s += ", KILLED by the harness: " + o.killed
	}
	return s
}

const captureLimit = 16 << 20

// capture keeps the first captureLimit bytes written and counts them all.
type capture struct {
	buf bytes.Buffer
	n   int64
}

func (c *capture) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	if room := captureLimit - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// run runs grundy once.
func run(t *testing.T, c call) outcome {
	t.Helper()
	net := c.net
	if net == 0 {
		net = 20 * time.Second
	}
	killKiB := c.killMiB << 10
	if killKiB == 0 {
		killKiB = 2 << 20
	}
	argv := append(append([]string{}, c.prefix...), grundyBin)
	argv = append(argv, c.args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), c.env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if c.stdin != "" {
		cmd.Stdin = strings.NewReader(c.stdin)
	}
	if c.stdinFile != nil {
		cmd.Stdin = c.stdinFile
	}
	var stdout, stderr capture
	if c.stdout != nil {
		cmd.Stdout = c.stdout
	} else {
		cmd.Stdout = &stdout
	}
	cmd.Stderr = &stderr
	cmd.WaitDelay = 2 * time.Second

	// The child starts sharing this process's memory (vfork) and Linux
	// carries that memory's high-water mark into the child's peak RSS at
	// exec: return freed memory and reset the mark first, so the child's
	// peak includes at most this process's current (small) resident size.
	debug.FreeOSMemory()
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	harnessKiB := vmRSS(os.Getpid())

	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %v: %v", argv, err)
	}
	pid := cmd.Process.Pid
	var (
		mu     sync.Mutex
		killed string
		peak   int64
		exited = make(chan struct{})
		polled = make(chan struct{})
	)
	go func() {
		defer close(polled)
		deadline := time.NewTimer(net)
		defer deadline.Stop()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-exited:
				return
			case <-deadline.C:
				mu.Lock()
				killed = fmt.Sprintf("safety net after %v", net)
				mu.Unlock()
				_ = syscall.Kill(-pid, syscall.SIGKILL)
				return
			case <-tick.C:
				rss := treeRSS(pid)
				mu.Lock()
				peak = max(peak, rss)
				mu.Unlock()
				if rss > killKiB {
					mu.Lock()
					killed = fmt.Sprintf("memory watchdog at %d MiB resident", rss>>10)
					mu.Unlock()
					_ = syscall.Kill(-pid, syscall.SIGKILL)
					return
				}
			}
		}
	}()
	waitErr := cmd.Wait()
	wall := time.Since(start)
	close(exited)
	<-polled
	// Whatever the group left behind (a worker whose supervisor was killed).
	_ = syscall.Kill(-pid, syscall.SIGKILL)

	errText, errLen := withoutStarlarkWarning(stderr.buf.String(), stderr.n)
	o := outcome{
		code: cmd.ProcessState.ExitCode(), wall: wall,
		stdout: stdout.buf.String(), stdoutLen: stdout.n,
		stderr: errText, stderrLen: errLen,
		killed: killed, rssKiB: peak, harnessKiB: harnessKiB,
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		o.signal = ws.Signal()
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		o.rssKiB = max(o.rssKiB, ru.Maxrss) // KiB on Linux
		o.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) && !errors.Is(waitErr, exec.ErrWaitDelay) {
		t.Fatalf("wait %v: %v", argv, waitErr)
	}
	return o
}

// treeRSS returns the resident KiB of pid and its descendants.
func treeRSS(pid int) int64 {
	var total int64
	stack := []int{pid}
	seen := map[int]bool{}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		total += vmRSS(p)
		tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", p))
		for _, task := range tasks {
			data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", p, task.Name()))
			for _, f := range strings.Fields(string(data)) {
				if child, err := strconv.Atoi(f); err == nil {
					stack = append(stack, child)
				}
			}
		}
	}
	return total
}

func vmRSS(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			fields := strings.Fields(rest)
			if len(fields) > 0 {
				n, _ := strconv.ParseInt(fields[0], 10, 64)
				return n
			}
		}
	}
	return 0
}

// expect is what a case must do.
type expect struct {
	codes []int // the acceptable exit statuses
	// msgs: when the exit status is not 0, the message must contain every
	// string of at least one alternative (case-insensitively). nil: any.
	msgs   [][]string
	wall   time.Duration // most wall time, process start included (0: 10 s)
	rssMiB int64         // most peak resident size of the process tree (0: 256 MiB)
	// stdout, when not nil, checks a successful run's output.
	stdout func(stdout string) error
}

// The message of an exceeded limit names the limit and the flag that
// raises it; timedOut is the rule of --timeout.
var (
	timedOut    = []string{"timed out", "--timeout"}
	stateLimit  = []string{"state limit", "--max-states"}
	memoryLimit = []string{"memory limit", "--max-memory"}
	anyLimit    = [][]string{timedOut, stateLimit, memoryLimit}
)

// maxMessage is the longest message accepted: a line a person reads, not a
// dump of the input.
const maxMessage = 4096

// forbidden never appears in any output: Go panics and runtime dumps, raw
// context errors, fatal signals.
var forbidden = []string{"panic", "goroutine ", "fatal error", "context deadline exceeded", "SIGBUS", "SIGSEGV", "runtime error", "[signal "}

// problems lists how o falls short of e. slow is true when the only
// problem is the wall time of a run that ended by itself (worth a retry on
// a noisy machine).
func (e expect) problems(o outcome) (list []string, slow bool) {
	wall, rss := e.wall, e.rssMiB
	if wall == 0 {
		wall = 10 * time.Second
	}
	if rss == 0 {
		rss = 256
	}
	if o.killed != "" {
		list = append(list, "killed by the harness: "+o.killed)
	}
	if o.signal != 0 {
		list = append(list, "ended by signal "+o.signal.String())
	}
	okCode := false
	for _, c := range e.codes {
		okCode = okCode || c == o.code
	}
	if !okCode {
		list = append(list, fmt.Sprintf("exit status %d, want one of %v", o.code, e.codes))
	}
	for _, bad := range forbidden {
		if strings.Contains(o.stderr, bad) || strings.Contains(o.stdout, bad) {
			list = append(list, fmt.Sprintf("output contains %q", bad))
		}
	}
	if o.code == 0 {
		if o.stderrLen != 0 {
			list = append(list, fmt.Sprintf("success with %d bytes on stderr", o.stderrLen))
		}
		if e.stdout != nil && o.killed == "" {
			if err := e.stdout(o.stdout); err != nil {
				list = append(list, "output: "+err.Error())
			}
		}
	} else if o.killed == "" {
		list = append(list, messageProblems(o)...)
		if e.msgs != nil && !matchesOne(o.stderr, e.msgs) {
			list = append(list, fmt.Sprintf("message lacks %s", describeAlternatives(e.msgs)))
		}
	}
	if o.rssKiB > rss<<10 {
		list = append(list, fmt.Sprintf("peak RSS %.1f MiB, bound %d MiB", float64(o.rssKiB)/1024, rss))
	}
	if o.wall > wall {
		slow = len(list) == 0 && o.killed == ""
		list = append(list, fmt.Sprintf("wall %.2fs, bound %.2fs", o.wall.Seconds(), wall.Seconds()))
	}
	return list, slow
}

// starlarkWarning ends the line go.starlark.net logs at start-up when it
// cannot reserve the 4 GiB of address space (PROT_NONE, no memory) in
// which it represents small integers (starlark/int_posix64.go). The
// dependency has no option to turn the reservation off, and under an
// address-space limit below 4 GiB it falls back to a slower integer form
// and logs this once in each process (the supervisor and the worker). It is
// the one line the harness allows besides the command's own: the known
// exception to "nothing reserves address space at start-up", written down
// in the closing note.
const starlarkWarning = "Starlark failed to allocate 4GB address space: cannot allocate memory. Integer performance may suffer."

// withoutStarlarkWarning drops starlarkWarning lines from stderr text.
func withoutStarlarkWarning(text string, n int64) (string, int64) {
	if !strings.Contains(text, starlarkWarning) {
		return text, n
	}
	var kept []string
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.Contains(line, starlarkWarning) {
			n -= int64(len(line))
			continue
		}
		kept = append(kept, line)
	}
	return strings.Join(kept, ""), n
}

// messageProblems checks the failure message: one line on stderr,
// "grundy: ..." with no control characters, of a readable length.
func messageProblems(o outcome) []string {
	var list []string
	line, ok := strings.CutSuffix(o.stderr, "\n")
	switch {
	case o.stderrLen == 0:
		return []string{"failure with nothing on stderr"}
	case !ok:
		list = append(list, "message does not end in a newline")
	}
	if n := strings.Count(line, "\n"); n > 0 {
		list = append(list, fmt.Sprintf("stderr has %d lines, want 1", n+1))
	}
	if !strings.HasPrefix(line, "grundy: ") {
		list = append(list, "message does not start with \"grundy: \"")
	}
	if o.stderrLen > maxMessage {
		list = append(list, fmt.Sprintf("message of %d bytes, more than %d", o.stderrLen, maxMessage))
	}
	if !utf8.ValidString(line) && o.stderrLen <= captureLimit {
		list = append(list, "message is not valid UTF-8")
	}
	for i, r := range line {
		if r != '\n' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0)) {
			list = append(list, fmt.Sprintf("control character %U at byte %d of the message", r, i))
			break
		}
	}
	return list
}

func matchesOne(s string, alternatives [][]string) bool {
	s = strings.ToLower(s)
	for _, alt := range alternatives {
		all := true
		for _, want := range alt {
			all = all && strings.Contains(s, strings.ToLower(want))
		}
		if all {
			return true
		}
	}
	return false
}

func describeAlternatives(alternatives [][]string) string {
	var parts []string
	for _, alt := range alternatives {
		parts = append(parts, fmt.Sprintf("%q", alt))
	}
	return strings.Join(parts, " or ")
}

// check runs c up to tries times, retrying only a run whose sole problem is
// its wall time (the machine is shared and noisy), and reports the best.
func check(t *testing.T, c call, e expect, tries int) outcome {
	t.Helper()
	var best outcome
	var bestProblems []string
	for try := 1; try <= max(tries, 1); try++ {
		o := run(t, c)
		list, slow := e.problems(o)
		if try == 1 || o.wall < best.wall {
			best, bestProblems = o, list
		}
		if !slow {
			best, bestProblems = o, list
			break
		}
		t.Logf("try %d too slow: %v", try, o)
	}
	report(t, c, best, bestProblems)
	return best
}

// report logs the measurement of a case and fails it with its problems.
// "RESULT" lines make the report of a -v run easy to collect.
func report(t *testing.T, c call, o outcome, list []string) {
	t.Helper()
	verdict := "PASS"
	if len(list) > 0 {
		verdict = "FAIL"
	}
	t.Logf("RESULT %s %s: grundy %s: %v", verdict, t.Name(), shortArgs(c.args), o)
	for _, p := range list {
		t.Errorf("grundy %s: %s", shortArgs(c.args), p)
	}
}

func shortArgs(args []string) string {
	s := strings.Join(args, " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return strconv.QuoteToGraphic(s)
}

// writeFile writes data to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// args splits a command line written with single spaces.
func args(s string) []string { return strings.Fields(s) }

// withTimeout inserts --timeout d after the verb (args[0]).
func withTimeout(d string, a []string) []string {
	out := []string{a[0], "--timeout", d}
	return append(out, a[1:]...)
}
