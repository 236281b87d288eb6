package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/verify"
)

func TestTableText(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		// Kayles: A002186 "From n=71 on, the sequence is periodic with period 12".
		{[]string{"table", "kayles", "--to", "100"}, []string{"kayles: G(0..100)", "pattern: pre-period 71, period 12, saltus 0; proven: Guy-Smith", " 71:  7  4  1  2  8  1  4  7  2  1  8  2"}},
		// Dawson's Kayles: A002187 shifted by one (period 34, last exception 52).
		{[]string{"table", "dawson-kayles", "--to", "200"}, []string{"pattern: pre-period 53, period 34, saltus 0; proven"}},
		// subtract:2,3,7: 0 0 1 1 2 repeating (hand check in heap's tests).
		{[]string{"table", "subtract:2,3,7", "--to", "14"}, []string{" 0:  0  0  1  1  2\n 5:  0  0  1  1  2\n10:  0  0  1  1  2\n", "period 5, saltus 0; proven: periodicity theorem for finite subtraction games"}},
		{[]string{"table", "lasker", "--to", "100"}, []string{"pattern: pre-period 1, period 4, saltus 4 (arithmetic periodic); observed over n <= 100, not proven"}},
		{[]string{"table", "grundy-game", "--to", "1000"}, []string{"pattern: none (no period found up to n = 1000)"}},
		{[]string{"table", "kayles", "--from", "999999999990", "--to", "1000000000000"}, []string{"kayles: G(999999999990..1000000000000)", "computed G(0..255)"}},
		{[]string{"table", "dawson-kayles", "--to", "1000000000000"}, []string{"... 999999999", "summary over n = 0..1000000000000: 1000000000001 values"}},
	}
	for _, tt := range tests {
		out, errOut, code := grundy(t, "", tt.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errOut)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, out)
			}
		}
	}
}

// TestTableSummaryCounts checks the summary's count of zeros for a big
// range against a count made by walking the listed values of a smaller
// one: subtract:2,3,7 has G = 0 0 1 1 2 repeating, two zeros in five.
func TestTableSummaryCounts(t *testing.T) {
	out, _, code := grundy(t, "", "table", "subtract:2,3,7", "--to", "999999999999")
	// 10^12 values = 2*10^11 periods of 5, each with two zeros.
	if code != 0 || !strings.Contains(out, "1000000000000 values, 400000000000 of them 0 (P-positions), largest 2") {
		t.Fatalf("summary: exit %d\n%s", code, out)
	}
}

type tableJSON struct {
	Game    string   `json:"game"`
	From    int      `json:"from"`
	To      int      `json:"to"`
	Values  []uint64 `json:"values"`
	Pattern *struct {
		Preperiod int    `json:"preperiod"`
		Period    int    `json:"period"`
		Saltus    int    `json:"saltus"`
		Proven    bool   `json:"proven"`
		Reason    string `json:"reason"`
	} `json:"pattern"`
}

func tableJSONOf(t *testing.T, args ...string) tableJSON {
	t.Helper()
	out, errOut, code := grundy(t, "", append(args, "--json")...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	var res tableJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return res
}

func TestTableJSON(t *testing.T) {
	res := tableJSONOf(t, "table", "kayles", "--from", "5", "--to", "20")
	// A002186 a(5..20).
	want := []uint64{4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}
	if res.Game != "kayles" || res.From != 5 || res.To != 20 || len(res.Values) != len(want) {
		t.Fatalf("got %+v", res)
	}
	for i := range want {
		if res.Values[i] != want[i] {
			t.Fatalf("values %v, want %v", res.Values, want)
		}
	}
	if p := res.Pattern; p == nil || p.Preperiod != 71 || p.Period != 12 || !p.Proven || !strings.Contains(p.Reason, "Guy-Smith") {
		t.Fatalf("pattern %+v", res.Pattern)
	}
	if g := tableJSONOf(t, "table", "grundy-game", "--to", "300"); g.Pattern != nil || len(g.Values) != 301 {
		t.Fatalf("grundy-game: pattern %+v, %d values", g.Pattern, len(g.Values))
	}
	out, _, _ := grundy(t, "", "table", "grundy-game", "--to", "10", "--json")
	if !strings.Contains(out, `"pattern": null`) {
		t.Fatalf("pattern is not null:\n%s", out)
	}
}

func TestTableOut(t *testing.T) {
	dir := t.TempDir()
	text, bin := filepath.Join(dir, "v.txt"), filepath.Join(dir, "v.bin")
	res := tableJSONOf(t, "table", "dawson-chess", "--to", "500")
	if _, errOut, code := grundy(t, "", "table", "dawson-chess", "--to", "500", "--out", text); code != 0 {
		t.Fatal(errOut)
	}
	if _, errOut, code := grundy(t, "", "table", "dawson-chess", "--to", "500", "--out", bin, "--format", "bin"); code != 0 {
		t.Fatal(errOut)
	}
	lines, _ := os.ReadFile(text)
	raw, _ := os.ReadFile(bin)
	fields := strings.Fields(string(lines))
	if len(fields) != 501 || len(raw) != 2*501 {
		t.Fatalf("%d lines, %d bytes", len(fields), len(raw))
	}
	for i, f := range fields {
		v, _ := strconv.ParseUint(f, 10, 64)
		if v != res.Values[i] || uint64(binary.LittleEndian.Uint16(raw[2*i:])) != res.Values[i] {
			t.Fatalf("value %d: text %d, bin %d, json %d", i, v, binary.LittleEndian.Uint16(raw[2*i:]), res.Values[i])
		}
	}
}

func TestTableBadInput(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"table", "octal:0.8x"}, 2, "not an octal or hexadecimal digit"},
		{[]string{"table", "octal:"}, 2, "octal needs a code"},
		{[]string{"table", "octal:0.["}, 2, "never closed"},
		{[]string{"table", "grundy-game", "--to", "1000000000000"}, 2, "needs 1.8 TiB of memory"},
		{[]string{"table", "kayles", "--to", "-5"}, 2, "negative"},
		{[]string{"table", "kayles", "--from", "10", "--to", "5"}, 2, "empty"},
		{[]string{"table", "kayles", "--to", "1000000000000", "--json"}, 2, "--json lists every value"},
		{[]string{"table", "kayles", "--to", "1000000000000", "--out", "/dev/null"}, 2, "more than"},
		{[]string{"table", "kayles", "--format", "xml"}, 2, "--format"},
		{[]string{"table", "flip"}, 2, "not single integers"},
		{[]string{"table"}, 2, "needs one GAME"},
		{[]string{"value", "kayles", "-3"}, 2, "heap size"},
		{[]string{"table", "grundy-game", "--to", "100000", "--max-states", "1000"}, 1, "state limit of 1000 states reached (raise --max-states)"},
		{[]string{"table", "grundy-game", "--to", "100000", "--max-memory", "100KiB"}, 1, "memory limit of 100.0 KiB reached"},
		{[]string{"table", "grundy-game", "--to", "1000000", "--timeout", "50ms"}, 1, "timed out (raise --timeout)"},
		{[]string{"table", "grundy-game", "--to", "1000000", "--timeout", "50ms"}, 1, "time limit reached"},
	}
	for _, tt := range tests {
		_, errOut, code := grundy(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q on one line", tt.args, code, errOut, tt.code, tt.want)
		}
	}
}

func TestValueHugeHeaps(t *testing.T) {
	out, errOut, code := grundy(t, "", "value", "kayles", "1000000000000", "--json")
	if code != 0 {
		t.Fatal(errOut)
	}
	var res struct {
		Grundy       int `json:"grundy"`
		WinningMoves []struct {
			To string `json:"to"`
		} `json:"winning_moves"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	// G(10^12) = G(80) = 1 (A002186, period 12 from 71); a winning move
	// removes one pin at the end: kayles 999999999999 has G(83) = ... the
	// first listed moves are splits checked in package games.
	if res.Grundy != 1 || len(res.WinningMoves) == 0 {
		t.Fatalf("kayles 10^12: %+v", res)
	}
	out, _, code = grundy(t, "", "value", "subtract:1,3,4", "1000000000000")
	// subtract:1,3,4 has period 7: G = 0 1 0 1 2 3 2 (Winning Ways ch. 4);
	// 10^12 mod 7 = 1, so G = 1.
	if code != 0 || !strings.Contains(out, "value: 1\n") {
		t.Fatalf("subtract:1,3,4 10^12:\n%s", out)
	}
}

// TestTableCertificate writes certificates of proven patterns and checks
// them with package verify (which recomputes every value without the
// engines); a pattern not proven writes nothing and says why.
func TestTableCertificate(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ game, to, rules string }{
		{"kayles", "100", "code 0.77"}, // A002186: (71, 12); G(0..167) tabulated again
		{"dawson-kayles", "300", "code 0.07"},
		{"subtract:2,3,7", "20", "subtraction 2,3,7"},
		{"octal:4.7", "100", "code 4.7"},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tc.game, ":", "-")+".cert")
		out, errOut, code := grundy(t, "", "table", tc.game, "--to", tc.to, "--certificate", path)
		if code != 0 || !strings.Contains(out, "wrote certificate "+path) {
			t.Fatalf("%s: exit %d: %s%s", tc.game, code, out, errOut)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := verify.Decode(f, 0)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.game, err)
		}
		if c.Rules != tc.rules {
			t.Errorf("%s: rules %q, want %q", tc.game, c.Rules, tc.rules)
		}
		if err := verify.Check(context.Background(), c, nil); err != nil {
			t.Errorf("%s: %v", tc.game, err)
		}
	}
	path := filepath.Join(dir, "open.cert")
	for _, args := range [][]string{
		{"table", "octal:0.6", "--to", "50", "--certificate", path},
		{"table", "lasker", "--to", "50", "--certificate", path},
		{"table", "grundy-game", "--to", "50", "--certificate", path},
	} {
		_, errOut, code := grundy(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "no certificate") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a certificate was written for a pattern not proven: %v", err)
	}
	if _, errOut, code := grundy(t, "", "table", "kayles", "--misere", "--certificate", path); code != 2 || !strings.Contains(errOut, "--certificate") {
		t.Errorf("--misere --certificate: exit %d: %s", code, errOut)
	}
}
