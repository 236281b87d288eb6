package adversarial

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKilledParentEndsWorker kills the grundy process a user started with
// SIGKILL, which it cannot pass on to its worker, while the worker
// computes, serves or writes a run file: within a second no process of the
// tree may remain (the worker dies with its parent, by its lifeline).
func TestKilledParentEndsWorker(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
	}{
		{"value", args("--timeout 30s value rectangles 6x6")},
		{"serve", args("serve --addr 127.0.0.1:0")},
		{"table-run", []string{"table", "grundy-game", "--to", "50000000", "--out", filepath.Join(dir, "g.run"), "--format", "run"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := startGrundy(t, nil, io.Discard, c.args...)
			parent := s.cmd.Process.Pid
			worker := waitChild(t, parent, 5*time.Second)
			time.Sleep(300 * time.Millisecond) // the worker is at work
			if err := syscall.Kill(parent, syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			killed := time.Now()
			for alive(worker) {
				if time.Since(killed) > time.Second {
					_ = syscall.Kill(worker, syscall.SIGKILL)
					t.Fatalf("worker %d still running %v after its parent was killed", worker, time.Since(killed))
				}
				time.Sleep(5 * time.Millisecond)
			}
			t.Logf("RESULT PASS %s: worker gone %v after SIGKILL of its parent", t.Name(), time.Since(killed).Round(time.Millisecond))
		})
	}
}

// waitChild returns the pid of the first child of parent, waiting at most
// limit for it to start.
func waitChild(t *testing.T, parent int, limit time.Duration) int {
	t.Helper()
	start := time.Now()
	for time.Since(start) < limit {
		// Each thread lists the children it started.
		tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", parent))
		for _, task := range tasks {
			data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", parent, task.Name()))
			if f := strings.Fields(string(data)); len(f) > 0 {
				if pid, err := strconv.Atoi(f[0]); err == nil {
					return pid
				}
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("process %d started no worker within %v", parent, limit)
	return 0
}

// alive reports whether pid is a running process: a zombie (dead, not yet
// reaped by whoever adopted it) is not.
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command name, which is in parentheses.
	i := strings.LastIndexByte(string(data), ')')
	return i < 0 || i+2 >= len(data) || data[i+2] != 'Z'
}
