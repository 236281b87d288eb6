//go:build unix

package pipeline

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/heap/census"
	"github.com/grundy-go/grundy/internal/killtest"
)

// killConfig is the census the kill test runs into dir: codes that prove
// early and late, and one left open.
func killConfig(dir string) Config {
	return Config{Codes: []string{"0.137", "0.6", "0.77", "0.16", "0.007"}, To: 1 << 16, Out: dir}
}

// TestCensusKill runs a census in child processes (this test binary, the
// pipeline on Prism) SIGKILLed at random moments of the first half of a
// clean child's time, again and again on one directory, each followed by a
// rerun, then runs it to the end: the records are those of an
// uninterrupted census (but for their wall times), and every other file of
// the directory (the codes' run files) is byte for byte the clean one's.
// GRUNDY_CENSUS_KILLS sets the number of kills (default 4).
func TestCensusKill(t *testing.T) {
	if dir := os.Getenv("GRUNDY_CENSUS_CHILD"); dir != "" {
		runCensus(t, killConfig(dir)) // the child: killed, or finishes
		return
	}
	kills := 4
	if v, err := strconv.Atoi(os.Getenv("GRUNDY_CENSUS_KILLS")); err == nil && v >= 0 {
		kills = v
	}
	clean := t.TempDir()
	want := runCensus(t, killConfig(clean))
	child := func(dir string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCensusKill$")
		cmd.Env = append(os.Environ(), "GRUNDY_CENSUS_CHILD="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	begin := time.Now()
	if err := child(t.TempDir()).Wait(); err != nil {
		t.Fatalf("a clean child: %v", err)
	}
	childTime := time.Since(begin)
	dir := t.TempDir()
	landed := killtest.Repeat(t, kills, childTime, func() *exec.Cmd { return child(dir) })
	got := runCensus(t, killConfig(dir))
	if len(got) != len(want) {
		t.Fatalf("%d records after the kills, want %d", len(got), len(want))
	}
	for code, w := range want {
		if !same(got[code], w) {
			t.Errorf("%s after %d kills: %+v, uninterrupted %+v", code, landed, got[code], w)
		}
	}
	files := func(d string) map[string][]byte {
		out := map[string][]byte{}
		filepath.WalkDir(d, func(path string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			name := strings.TrimPrefix(path, d)
			if b, err := os.ReadFile(path); err == nil && filepath.Base(path) != census.RecordsFile && filepath.Base(path) != census.TableFile {
				out[name] = b
			}
			return nil
		})
		return out
	}
	a, b := files(clean), files(dir)
	for name, w := range a {
		if !bytes.Equal(b[name], w) {
			t.Errorf("%s differs from the uninterrupted census's", name)
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s is left after the kills", name)
		}
	}
	t.Logf("%d of %d kills landed during a census (a clean child takes %v); %d records and %d other files (%v) as an uninterrupted census's", landed, kills, childTime.Round(time.Millisecond), len(got), len(a), slices.Sorted(maps.Keys(a)))
}
