package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair: what is written to the returned
// terminal (the slave side) is read from master.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	master = os.NewFile(uintptr(fd), "/dev/ptmx")
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		master.Close()
		t.Skipf("unlock pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		master.Close()
		t.Skipf("pseudo-terminal number: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		t.Skipf("open pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close(); master.Close() })
	return master, tty
}

// runOnTerminal runs grundy with standard error on a pseudo-terminal cols
// columns wide and returns what the terminal received.
func runOnTerminal(t *testing.T, cols int, args ...string) (stderr string, code int) {
	t.Helper()
	master, tty := openPTY(t)
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: uint16(cols)}); err != nil {
		t.Skipf("terminal size: %v", err)
	}
	var got bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, _ = io.Copy(&got, master) // ends with an error once tty is closed
	}()
	var out bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(""), &out, tty)
	tty.Close()
	wg.Wait()
	return got.String(), code
}

// TestProgressOnTerminal: a verb that runs over a second shows its
// progress line on a terminal (what it does, the states and their rate,
// the memory), and clears it before its answer; a quick one shows none,
// and so do --json and a standard error that is not a terminal.
// rectangles 6x5 takes half a minute, so --timeout 1500ms ends it after
// the line has appeared (at 1 s) and been redrawn.
func TestProgressOnTerminal(t *testing.T) {
	long := []string{"value", "--timeout", "1500ms", "rectangles", "6x5"}
	got, code := runOnTerminal(t, 160, long...)
	if code != exitFailed {
		t.Fatalf("exit %d, want %d (the time limit): %q", code, exitFailed, got)
	}
	line := "\rvalue rectangles 6x5: 1s, "
	if !strings.Contains(got, line) || !strings.Contains(got, " states (") || !strings.Contains(got, "/s), ") ||
		!strings.Contains(got, " held, ") || !strings.Contains(got, " in use\x1b[K") {
		t.Errorf("no progress line %q… on the terminal:\n%q", line, got)
	}
	// Cleared before the error, which starts its own line.
	if !strings.Contains(got, "\r\x1b[Kgrundy: timed out") {
		t.Errorf("the progress line is not cleared before the error:\n%q", got)
	}
	for _, args := range [][]string{
		append([]string{"--json"}, long...),
		{"value", "nim", "3", "4", "5"},
	} {
		if got, _ := runOnTerminal(t, 160, args...); strings.Contains(got, "states (") {
			t.Errorf("%v: a progress line on the terminal:\n%q", args, got)
		}
	}
	// On a narrow terminal the line is cut, what it does first, so that
	// a redrawn line never wraps.
	got, _ = runOnTerminal(t, 50, long...)
	for _, l := range strings.Split(got, "\r") {
		l = strings.TrimSuffix(l, "\x1b[K")
		if n := utf8.RuneCountInString(l); strings.Contains(l, " states (") && n > 49 {
			t.Errorf("a line of %d characters on a terminal of 50: %q", n, l)
		}
	}
	if _, errOut, _ := grundy(t, "", long...); strings.Contains(errOut, "states (") || strings.Contains(errOut, "\r") {
		t.Errorf("a progress line off a terminal:\n%q", errOut)
	}
}

// TestCramProgressOnTerminal: the pruned search of a long Cram board shows
// the progress line too, and --timeout ends it.
func TestCramProgressOnTerminal(t *testing.T) {
	got, code := runOnTerminal(t, 160, "value", "--timeout", "1500ms", "cram", "7x7")
	if code != exitFailed {
		t.Fatalf("exit %d, want %d (the time limit): %q", code, exitFailed, got)
	}
	if line := "\rvalue cram 7x7: 1s, "; !strings.Contains(got, line) || !strings.Contains(got, " states (") {
		t.Errorf("no progress line %q… on the terminal:\n%q", line, got)
	}
}
