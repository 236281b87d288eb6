package adversarial

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// started is a grundy process started by startGrundy, in a process group
// of its own (the group a terminal would signal on Ctrl-C).
type started struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
	done   chan struct{}
}

func startGrundy(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) *started {
	t.Helper()
	s := &started{cmd: exec.Command(grundyBin, args...), done: make(chan struct{})}
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	s.cmd.Stdin, s.cmd.Stdout, s.cmd.Stderr = stdin, stdout, &s.stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("start grundy %v: %v", args, err)
	}
	go func() {
		_ = s.cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() {
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.done
	})
	return s
}

// wait waits at most limit for the process to end and returns its status.
func (s *started) wait(t *testing.T, limit time.Duration) int {
	t.Helper()
	select {
	case <-s.done:
	case <-time.After(limit):
		t.Fatalf("still running %v after the interrupt; stderr %q", limit, s.stderr.String())
	}
	if ws, ok := s.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Fatalf("ended by %v, not by its own exit; stderr %q", ws.Signal(), s.stderr.String())
	}
	return s.cmd.ProcessState.ExitCode()
}

// reachedOf returns the largest "reached" of the run file's valid header
// slots (see runfile_test.go for the layout): how many values a resume
// keeps.
func reachedOf(t *testing.T, path string) uint64 {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil || len(src) < dataOffset {
		t.Fatalf("read %s: %v (%d bytes)", path, err, len(src))
	}
	var best uint64
	for s := range 2 {
		slot := src[s*slotSize : (s+1)*slotSize]
		if sealed(slot) {
			best = max(best, binary.LittleEndian.Uint64(slot[offReached:]))
		}
	}
	return best
}

// TestInterruptCheckpointsRun interrupts a long run-file table a few
// seconds in, well before its first periodic checkpoint (every 30 s): the
// command must stop within seconds with exit 1 and one line that says it
// was interrupted and how to continue, and the file must keep the values
// computed until the signal (not only the start of the run). The signal
// comes the ways users send it: SIGTERM and SIGINT to the process (kill),
// and SIGINT to its process group (a terminal's Ctrl-C, which reaches the
// supervisor and its worker both).
func TestInterruptCheckpointsRun(t *testing.T) {
	for _, c := range []struct {
		name  string
		sig   syscall.Signal
		group bool
	}{
		{"sigterm", syscall.SIGTERM, false},
		{"sigint", syscall.SIGINT, false},
		{"ctrl-c", syscall.SIGINT, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.run")
			s := startGrundy(t, nil, io.Discard, "table", "grundy-game", "--to", "50000000", "--out", path, "--format", "run")
			time.Sleep(3 * time.Second)
			pid := s.cmd.Process.Pid
			if c.group {
				pid = -pid
			}
			if err := syscall.Kill(pid, c.sig); err != nil {
				t.Fatal(err)
			}
			code := s.wait(t, 15*time.Second)
			msg := strings.TrimSpace(s.stderr.String())
			if code != 1 || strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "interrupted") || !strings.Contains(msg, "--resume") {
				t.Fatalf("exit %d, stderr %q: want exit 1 and one line saying it was interrupted, to continue with --resume", code, msg)
			}
			// Three seconds compute far more than 1000 values (G(0..10^6)
			// take about 2 s on one loaded core); without a checkpoint at
			// the signal the header would still say 1 (the empty start).
			if got := reachedOf(t, path); got < 1000 {
				t.Fatalf("the run file keeps %d values after the interrupt: the work since the start was lost", got)
			}
		})
	}
}

// TestInterruptPrompt interrupts play's plain prompt while it waits for a
// line: Ctrl-C must end it at once (exit 1, one line), not when the next
// line comes.
func TestInterruptPrompt(t *testing.T) {
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer inW.Close() // the prompt never gets a line
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	s := startGrundy(t, inR, outW, "play", "nim", "3", "4", "5")
	inR.Close()
	outW.Close()
	prompted := make(chan bool, 1)
	go func() {
		lines := bufio.NewScanner(outR)
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), "your move") {
				prompted <- true
				break
			}
		}
		_, _ = io.Copy(io.Discard, outR)
	}()
	select {
	case <-prompted:
	case <-time.After(20 * time.Second):
		t.Fatalf("no prompt; stderr %q", s.stderr.String())
	}
	if err := syscall.Kill(-s.cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	code := s.wait(t, 5*time.Second)
	msg := strings.TrimSpace(s.stderr.String())
	if code != 1 || strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "interrupted") {
		t.Fatalf("exit %d, stderr %q: want exit 1 and one line saying it was interrupted", code, msg)
	}
}
