package sparse

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// smallDisk mounts a tmpfs of size bytes in a new directory and returns
// it; the test is skipped when that is not possible (not root, no mount).
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	dir := filepath.Join(t.TempDir(), "small")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("mount tmpfs: %v: %s", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// checkFull checks that err is the error of a run file that does not fit:
// not bad input (exit 1, not 2), naming the file and the system's reason.
func checkFull(t *testing.T, err error, path string) {
	t.Helper()
	if err == nil {
		t.Fatal("a run file larger than the disk was written without an error")
	}
	if !errors.Is(err, syscall.ENOSPC) || errors.Is(err, game.ErrInput) ||
		!strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("error %q: want a failure (not bad input) naming %s and \"no space left on device\"", err, path)
	}
}

// TestRunFileDiskFull runs sequences whose run files do not fit on a 1 MiB
// tmpfs: the run must fail with an error, never die of SIGBUS (stores
// through the mapping into blocks the file system cannot provide), and the
// file must stay resumable.
func TestRunFileDiskFull(t *testing.T) {
	dir := smallDisk(t, "1m")

	// A new file of 2^20 values (2 MiB) does not fit: an error, and no
	// file left behind to block the next attempt.
	big := filepath.Join(dir, "big.bin")
	_, err := Run(context.Background(), runFileConfig(big, 1<<20))
	checkFull(t, err, big)
	if _, err := os.Stat(big); !os.IsNotExist(err) {
		t.Errorf("the failed run left %s behind: %v", big, err)
	}

	// A run that fits, then a resume to a size that does not.
	path := filepath.Join(dir, "g.bin")
	runTo(t, runFileConfig(path, 3000)).Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), runFileConfig(path, 1<<20))
	checkFull(t, err, path)
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Fatalf("the failed resume changed the run file (%d bytes, was %d)", len(after), len(before))
	}

	// The file still resumes: in place to a size that fits, and on a
	// larger disk to the size that did not fit here.
	want, err := Reference(GrundyGame(), 20000)
	if err != nil {
		t.Fatal(err)
	}
	seq := runTo(t, runFileConfig(path, 3000))
	if i := firstDiff(seq.Values, want); i <= 3000 || seq.Stats.Resumed != 3001 {
		t.Fatalf("resume in place: G(%d) differs, resumed %d", i, seq.Stats.Resumed)
	}
	seq.Close()
	moved := filepath.Join(t.TempDir(), "g.bin")
	if err := os.WriteFile(moved, after, 0o644); err != nil {
		t.Fatal(err)
	}
	seq = runTo(t, runFileConfig(moved, 20000))
	if i := firstDiff(seq.Values, want); i <= 20000 || seq.Stats.Resumed != 3001 {
		t.Fatalf("resume on a larger disk: G(%d) differs, resumed %d", i, seq.Stats.Resumed)
	}
}

// TestRunFileFilledWhileOpen fills the disk after the run file was created
// and resumed: the blocks were allocated when the file was, so the run
// completes although the disk has no space left.
func TestRunFileFilledWhileOpen(t *testing.T) {
	dir := smallDisk(t, "1m")
	path := filepath.Join(dir, "g.bin")
	const n = 60000
	cfg := runFileConfig(path, n) // 120 KB of values
	cfg.Resume = false
	f, err := createRun(path, cfg.Rules.Name, cfg.To+1, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.close()
	// Fill what is left of the disk.
	filler, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	for {
		if _, err := filler.Write(chunk); err != nil {
			break
		}
	}
	filler.Close()
	seq := runTo(t, runFileConfig(path, n))
	want, err := Compute(context.Background(), GrundyGame(), n) // the in-memory run, no file
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(seq.Values, want); i <= n {
		t.Fatalf("G(%d) = %d in the run file, %d in memory", i, seq.Values[i], want[i])
	}
}
