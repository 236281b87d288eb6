package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// pythonVerifier returns the Python verifier of docs/certificates.md: the
// block between the line "```python" and the next "```".
func pythonVerifier(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile("../docs/certificates.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\n```python\n")
	code, _, closed := strings.Cut(rest, "\n```\n")
	if !ok || !closed {
		t.Fatal("docs/certificates.md has no ```python block")
	}
	return code + "\n"
}

// verdict is what a verifier says of one file: "verified", "bad input",
// or "rejected" with the heap named (-1: none).
type verdict struct {
	kind string
	heap int
}

func (v verdict) String() string { return fmt.Sprintf("%s (heap %d)", v.kind, v.heap) }

// goVerdict runs the Go verifier on the file's bytes.
func goVerdict(data []byte) verdict {
	c, err := Decode(bytes.NewReader(data), 0)
	if err != nil {
		return verdict{"bad input", -1}
	}
	var rej *Rejection
	if err := Check(context.Background(), c, nil); errors.As(err, &rej) {
		return verdict{"rejected", rej.Heap}
	} else if err != nil {
		return verdict{err.Error(), -1}
	}
	return verdict{"verified", -1}
}

// TestPythonAgrees runs the Python verifier of the docs on every test
// certificate (the published claims, each tampered one, the committed ones
// but the long, damaged files)
// and expects the Go verifier's verdict and heap on each, and the exit
// status that goes with the worst.
func TestPythonAgrees(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "verify.py")
	if err := os.WriteFile(script, []byte(pythonVerifier(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for i, pub := range published {
		files[fmt.Sprintf("published-%d.cert", i)] = encode(t, sample(t, pub.rules, pub.theorem, pub.n0, pub.p, i))
	}
	for _, pub := range published[:2] {
		for i, tc := range tamperCases(t, pub.rules, pub.theorem, pub.n0, pub.p) {
			files[fmt.Sprintf("tampered-%s-%d.cert", pub.rules[5:], i)] = encode(t, tc.cert)
		}
	}
	for _, k := range committed {
		if data, err := os.ReadFile(filepath.Join("../docs/certificates", k.file)); err != nil {
			t.Fatal(err)
		} else if !k.long {
			files["committed-"+k.file] = data
		}
	}
	good := encode(t, sample(t, "code 0.77", GuySmith, 71, 12, 0))
	files["truncated.cert"] = good[:len(good)/2]
	files["edited.cert"] = bytes.Replace(good, []byte("period 12"), []byte("period 13"), 1)
	files["foreign.cert"] = []byte("PK\x03\x04\n")
	files["empty.cert"] = nil
	args := []string{script}
	want := map[string]verdict{}
	worst := 0
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, path)
		want[path] = goVerdict(data)
		worst = max(worst, map[string]int{"verified": 0, "rejected": 1, "bad input": 2}[want[path].kind])
	}
	cmd := exec.Command(python, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if status := 0; errors.As(err, &exit) {
		status = exit.ExitCode()
		if status != worst {
			t.Errorf("python exits %d, want %d; stderr:\n%s", status, worst, stderr.String())
		}
	} else if err != nil || worst != 0 {
		t.Fatalf("python: %v (want exit %d)", err, worst)
	}
	line := regexp.MustCompile(`^(.*?): (verified|rejected|bad input)(: heap (\d+):)?`)
	got := map[string]verdict{}
	for _, l := range strings.Split(stdout.String()+stderr.String(), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			heap := -1
			if m[4] != "" {
				heap, _ = strconv.Atoi(m[4])
			}
			got[m[1]] = verdict{m[2], heap}
		}
	}
	for path, w := range want {
		if got[path] != w {
			t.Errorf("%s: python says %v, Go %v", filepath.Base(path), got[path], w)
		}
	}
	if len(want) < 30 {
		t.Errorf("only %d certificates compared", len(want))
	}
}
