package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestTableRunFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bin")
	out, errOut, code := grundy(t, "", "table", "grundy-game", "--to", "5000", "--out", path, "--format", "run")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// G(0..19) of Grundy's game, OEIS A002188.
	for _, want := range []string{"in run file " + path, " 0: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3", "rare values (mask ", "checksum (CRC-64/ECMA"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Extend it, as JSON, and check the values against the in-memory table.
	out, errOut, code = grundy(t, "", "--json", "table", "grundy-game", "--to", "8000", "--out", path, "--resume")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Values []int `json:"values"`
		Stats  struct {
			Resumed int64  `json:"resumed"`
			Mask    int    `json:"mask"`
			Rare    int64  `json:"rare"`
			Sum     string `json:"checksum"`
		} `json:"stats"`
		Pattern *struct{} `json:"pattern"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Stats.Resumed != 5001 || len(res.Values) != 8001 || res.Stats.Mask == 0 || res.Pattern != nil {
		t.Errorf("resumed %d, %d values, mask %d, pattern %v", res.Stats.Resumed, len(res.Values), res.Stats.Mask, res.Pattern)
	}
	mem, errOut, code := grundy(t, "", "--json", "table", "grundy-game", "--to", "8000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var memRes struct {
		Values []int `json:"values"`
	}
	json.Unmarshal([]byte(mem), &memRes)
	for n := range memRes.Values {
		if memRes.Values[n] != res.Values[n] {
			t.Fatalf("run file G(%d) = %d, table %d", n, res.Values[n], memRes.Values[n])
		}
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) != 4096+2*8001 {
		t.Errorf("run file: %d bytes, %v", len(data), err)
	}
}

func TestTableRunFileErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bin")
	if _, errOut, code := grundy(t, "", "table", "grundy-game", "--to", "100", "--out", path, "--format", "run"); code != 0 {
		t.Fatal(errOut)
	}
	junk := filepath.Join(dir, "junk.bin")
	os.WriteFile(junk, []byte("0\n1\n2\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"table", "grundy-game", "--to", "100", "--out", path, "--format", "run"}, "exists: pass --resume"},
		{[]string{"table", "kayles", "--to", "100", "--out", path, "--resume"}, "holds a run of grundy-game, not octal:0.77"},
		{[]string{"table", "grundy-game", "--to", "100", "--out", junk, "--resume"}, "not a grundy run file"},
		{[]string{"table", "lasker", "--to", "100", "--out", filepath.Join(dir, "l.bin"), "--resume"}, "finite codes only"},
		{[]string{"table", "nim", "--to", "100", "--out", filepath.Join(dir, "n.bin"), "--resume"}, "take-and-break heap games"},
		{[]string{"table", "grundy-game", "--to", "100", "--resume"}, "need --out FILE"},
		{[]string{"table", "grundy-game", "--to", "2199023255553", "--out", filepath.Join(dir, "big.bin"), "--format", "run"}, "out of range"}, // 2^41+1: past sparse.MaxTo
	} {
		_, errOut, code := grundy(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("grundy %s: exit %d, %q; want exit 2 and %q", strings.Join(c.args, " "), code, errOut, c.want)
		}
	}
}

// TestTableStats: --stats ends the text with the values computed, the rate
// and the rare count; with --json the line goes to stderr and stdout stays
// one JSON document. A finished run file read back computes nothing.
func TestTableStats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.bin")
	for _, c := range []struct {
		args     []string
		json     bool
		computed string
	}{
		{[]string{"table", "grundy-game", "--to", "5000", "--stats"}, false, "stats: 5001 values computed in "},
		{[]string{"--json", "table", "grundy-game", "--to", "5000", "--stats"}, true, "stats: 5001 values computed in "},
		{[]string{"table", "grundy-game", "--to", "5000", "--stats", "--out", path, "--format", "run"}, false, "stats: 5001 values computed in "},
		{[]string{"--json", "table", "grundy-game", "--to", "5000", "--stats", "--out", path, "--resume"}, true, "stats: 0 values computed in "},
	} {
		out, errOut, code := grundy(t, "", c.args...)
		if code != 0 {
			t.Fatalf("grundy %s: exit %d: %s", strings.Join(c.args, " "), code, errOut)
		}
		line := out
		if c.json {
			line = errOut
			if !json.Valid([]byte(out)) {
				t.Errorf("grundy %s: stdout is not one JSON document:\n%s", strings.Join(c.args, " "), out)
			}
		}
		wants := []string{c.computed, " values per second", "; rare ", "(mask "}
		if runtime.GOOS == "linux" && !strings.HasPrefix(c.computed, "stats: 0 ") {
			// getrusage reports the CPU time: the per-core rate is shown.
			wants = append(wants, " s of CPU, ", " values per CPU second)")
		}
		for _, want := range wants {
			if !strings.Contains(line, want) {
				t.Errorf("grundy %s: lacks %q:\n%s", strings.Join(c.args, " "), want, line)
			}
		}
	}
}
