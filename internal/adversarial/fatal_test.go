package adversarial

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Exit status 2 means bad input; the Go runtime also ends a process with 2
// on a fatal error (out of memory) or an unrecovered panic. These tests
// force runtime failures with a small address-space limit (RLIMIT_AS, set
// by util-linux prlimit, since SysProcAttr cannot set it) and check that
// grundy does not report them as bad input.

// prlimitTool returns the path of prlimit or skips the test.
func prlimitTool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is not installed")
	}
	return p
}

// startsUnder reports whether bin args... exits 0 under RLIMIT_AS limit.
func startsUnder(prlimit string, limit int64, bin string, a ...string) bool {
	cmd := exec.Command(prlimit, fmt.Sprintf("--as=%d", limit), "--", bin)
	cmd.Args = append(cmd.Args, a...)
	return cmd.Run() == nil
}

// helloWorld builds a Go hello-world program with the same toolchain: the
// baseline of what the Go runtime alone needs.
func helloWorld(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := writeFile(t, dir, "hello.go", "package main\n\nfunc main() { println(\"hello\") }\n")
	hello := filepath.Join(dir, "hello")
	if out, err := goBuild(hello, src); err != nil {
		t.Fatalf("build hello world: %v\n%s", err, out)
	}
	return hello
}

// TestStartupAddressSpace runs "value nim 3 4 5" under address-space
// limits of 2 and 4 GiB, where a Go hello world starts (the Go runtime's
// own needs are not monotone in the limit, so the test uses only limits
// where the baseline starts). Issue 14: nothing reserves gigabytes of
// address space at start-up for features the command does not use; here a
// command that needs a few MiB must answer with nothing on stderr.
func TestStartupAddressSpace(t *testing.T) {
	prlimit := prlimitTool(t)
	hello := helloWorld(t)
	for _, gib := range []int64{2, 4} {
		t.Run(fmt.Sprintf("%dGiB", gib), func(t *testing.T) {
			as := gib << 30
			if !startsUnder(prlimit, as, hello) {
				t.Skipf("a Go hello world does not start under RLIMIT_AS %d GiB", gib)
			}
			c := call{prefix: []string{prlimit, fmt.Sprintf("--as=%d", as), "--"}, args: args("value nim 3 4 5")}
			check(t, c, expect{codes: []int{0}, wall: 5 * time.Second}, 1)
		})
	}
}

// TestRuntimeFatalIsNotBadInput runs memory bombs with no memory budget
// that holds them, under a 2 GiB address-space limit: the Go runtime runs
// out of memory in the middle of the work ("fatal error: out of memory",
// which the runtime ends with status 2). The exit status must be 1 with
// one clear line, never 2.
func TestRuntimeFatalIsNotBadInput(t *testing.T) {
	prlimit := prlimitTool(t)
	in := newInputs(t)
	const as = 2 << 30
	if !startsUnder(prlimit, as, grundyBin, "value", "nim", "3") {
		t.Skip("grundy does not start under RLIMIT_AS 2 GiB (see TestStartupAddressSpace)")
	}
	cases := []struct {
		name string
		args []string
	}{
		// Move lists of 10^6 options a call, no memory budget.
		{"script-options-no-budget", []string{"--max-memory", "0", "--timeout", "20s", "value", in.options10, "100000"}},
		// The same with the default budget (4 GiB, more than the limit).
		{"script-options-default-budget", []string{"--timeout", "20s", "value", in.options10, "100000"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := call{prefix: []string{prlimit, fmt.Sprintf("--as=%d", as), "--"}, args: tc.args, net: 30 * time.Second, killMiB: 3000}
			check(t, c, expect{codes: []int{1}, wall: 25 * time.Second, rssMiB: as >> 20}, 1)
		})
	}
}
