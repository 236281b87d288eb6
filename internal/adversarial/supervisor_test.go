package adversarial

import (
	"io"
	"os"
	"runtime"
	"testing"
	"time"
)

// supervisorIdleKiB bounds the resident memory of the grundy process a user
// started while its worker works: it waits, passes signals on and copies
// the worker's error lines, and it leaves the program's pages it touched
// starting to the page cache (docs/limits.md, "The process's own memory").
// It held 12.1-12.8 MB before, all of the program's start-up; 5.5 MB since
// (2026-11-28).
const supervisorIdleKiB = 8 << 10

// TestSupervisorMemory starts a command whose worker waits for its
// standard input and measures the supervisor beside it: within two seconds
// its resident memory falls to supervisorIdleKiB and stays there.
func TestSupervisorMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the process's pages are released on Linux only")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	s := startGrundy(t, r, io.Discard, "--timeout", "30s", "value", "nim", "@/dev/stdin")
	r.Close() // the processes hold their own copies
	supervisor := s.cmd.Process.Pid
	worker := waitChild(t, supervisor, 5*time.Second)
	start := time.Now()
	var rss int64
	for rss = vmRSS(supervisor); rss > supervisorIdleKiB; rss = vmRSS(supervisor) {
		if time.Since(start) > 2*time.Second {
			t.Fatalf("supervisor: %d KiB resident 2 s after its worker started (bound %d KiB)", rss, supervisorIdleKiB)
		}
		time.Sleep(10 * time.Millisecond)
	}
	settled := time.Since(start)
	peak := rss
	for range 50 { // half a second more: it stays down
		peak = max(peak, vmRSS(supervisor))
		time.Sleep(10 * time.Millisecond)
	}
	if peak > supervisorIdleKiB {
		t.Errorf("supervisor: %d KiB resident while its worker waits (bound %d KiB)", peak, supervisorIdleKiB)
	}
	t.Logf("RESULT supervisor %d KiB (within the bound %v after its worker was seen), worker %d KiB", peak, settled.Round(time.Millisecond), vmRSS(worker))
}
