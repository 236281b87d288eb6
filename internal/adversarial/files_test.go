package adversarial

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestFilesThatBlock names files that are not regular files where a
// regular file is expected (a FIFO with no writer, whose open or read
// would wait for ever, a directory, a device): each is refused at once in
// one line, exit 2. The standard input is read as a file under the
// request's deadline: a pipe that never writes ends with --timeout, exit 1,
// within the rule's slack.
func TestFilesThatBlock(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"f", "f.star"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	notRegular := [][]string{{"not a regular file"}}
	cases := []struct {
		name string
		args []string
		e    expect
	}{
		{"fifo-arg", args("--timeout 1s value nim @f"), expect{codes: []int{2}, msgs: [][]string{{"@f", "named pipe", "not a regular file"}}, wall: time.Second}},
		{"fifo-graph", args("--timeout 1s value graph:f"), expect{codes: []int{2}, msgs: notRegular, wall: time.Second}},
		{"fifo-script", args("--timeout 1s value f.star 3"), expect{codes: []int{2}, msgs: notRegular, wall: time.Second}},
		{"fifo-quotient", args("--timeout 1s value --misere --quotient f kayles 3"), expect{codes: []int{2}, msgs: notRegular, wall: time.Second}},
		{"fifo-table", args("--timeout 1s table f.star --to 10"), expect{codes: []int{2}, msgs: notRegular, wall: time.Second}},
		{"fifo-play", args("--timeout 1s play --first computer nim @f"), expect{codes: []int{2}, msgs: notRegular, wall: time.Second}},
		{"directory-arg", []string{"value", "nim", "@" + dir}, expect{codes: []int{2}, msgs: [][]string{{"a directory", "not a regular file"}}, wall: time.Second}},
		{"device-arg", args("value nim @/dev/zero"), expect{codes: []int{2}, msgs: [][]string{{"device", "not a regular file"}}, wall: time.Second}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			check(t, call{args: c.args, dir: dir, net: 10 * time.Second}, c.e, 3)
		})
	}
}

// TestSilentStdin reads @/dev/stdin from a pipe that never writes (the
// shell's 'sleep 30 | grundy ...'): --timeout 1s ends it with exit 1 within
// 1.5 s (D + max(10%, 0.5 s)), and SIGTERM ends it at once.
func TestSilentStdin(t *testing.T) {
	t.Run("timeout", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		defer w.Close() // held open: the pipe never ends
		e := expect{codes: []int{1}, msgs: [][]string{timedOut}, wall: 1500 * time.Millisecond}
		check(t, call{args: args("--timeout 1s value nim @/dev/stdin"), stdinFile: r, net: 10 * time.Second}, e, 3)
	})
	t.Run("sigterm", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		defer w.Close()
		s := startGrundy(t, r, io.Discard, "value", "nim", "@/dev/stdin")
		time.Sleep(500 * time.Millisecond)
		sent := time.Now()
		if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := s.wait(t, 2*time.Second); code != 1 {
			t.Fatalf("exit %d after SIGTERM, want 1; stderr %q", code, s.stderr.String())
		}
		t.Logf("RESULT PASS %s: ended %v after SIGTERM: %q", t.Name(), time.Since(sent).Round(time.Millisecond), s.stderr.String())
	})
}

// TestFIFOInDatabase puts FIFOs where a tier database keeps its manifest
// and its tier files: opening one for reading would wait for a writer for
// ever (a FIFO named like a tier file ran 11 minutes and ignored SIGTERM).
// A FIFO tier file is damage, solved again; a FIFO manifest is refused in
// one line. Both end at once.
func TestFIFOInDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	run(t, call{args: []string{"solve", "tictactoe", "--tiers", "--db", db}, net: 60 * time.Second})
	tiers, _ := filepath.Glob(filepath.Join(db, "*.tier*"))
	if len(tiers) == 0 {
		t.Fatalf("no tier files in %s", db)
	}
	for _, path := range tiers {
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	t.Run("tier-files", func(t *testing.T) {
		check(t, call{args: []string{"--timeout", "5s", "solve", "tictactoe", "--tiers", "--db", db}}, expect{codes: []int{0, 1, 2}, wall: 5500 * time.Millisecond}, 3)
	})
	manifest := filepath.Join(db, "MANIFEST")
	if err := os.Remove(manifest); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(manifest, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("manifest", func(t *testing.T) {
		e := expect{codes: []int{1, 2}, msgs: [][]string{notRegularFile}, wall: time.Second}
		check(t, call{args: []string{"--timeout", "5s", "solve", "tictactoe", "--tiers", "--db", db}}, e, 3)
	})
}

// notRegularFile is what a refusal of a FIFO says.
var notRegularFile = []string{"not a regular file"}
