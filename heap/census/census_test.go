package census

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/heap/sparse"
)

// reference returns G(0..n) of code by package sparse's Reference, the
// obvious mex over every option, written apart from the engines.
func reference(t testing.TB, code string, n int) []uint16 {
	t.Helper()
	r, err := sparse.Octal(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sparse.Reference(r, n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCodes(t *testing.T) {
	tests := []struct {
		digits int
		hex    bool
		want   int
		first  []string
	}{
		// d1 in 0..7 and d0 in {0, 4}: 8 codes a start, "0.0" the game
		// without moves and "4.0" the split of a heap into two.
		{1, false, 16, []string{"0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "4.0"}},
		// 8^2 digit strings a start; "0.10" is "0.1", so each code once.
		{2, false, 128, []string{"0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.01"}},
		{3, false, 1024, nil},
		{1, true, 32, []string{"0.0", "0.1"}},
		{2, true, 512, nil},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.digits, tt.hex), func(t *testing.T) {
			codes, err := Codes(tt.digits, tt.hex)
			if err != nil {
				t.Fatal(err)
			}
			if len(codes) != tt.want {
				t.Fatalf("%d codes, want %d", len(codes), tt.want)
			}
			if !slices.Equal(codes[:len(tt.first)], tt.first) {
				t.Fatalf("first codes %v, want %v", codes[:len(tt.first)], tt.first)
			}
			seen := map[string]bool{}
			for _, c := range codes {
				if seen[c] {
					t.Fatalf("%s listed twice", c)
				}
				seen[c] = true
				if _, err := sparse.Octal(c); err != nil {
					t.Fatalf("%s: %v", c, err)
				}
			}
		})
	}
	if _, err := Codes(0, false); err == nil {
		t.Fatal("Codes(0) succeeded")
	}
}

// TestCanonicalSound checks the take-all rule on every code of up to two
// hexadecimal digits (every octal code of two digits among them): a code
// and the code Canonical maps it to have the same G(0..200) by the
// reference mex, and a code the rule leaves alone differs from the code
// without any one of its take-all bits.
func TestCanonicalSound(t *testing.T) {
	ctx := context.Background()
	codes, err := Codes(2, true)
	if err != nil {
		t.Fatal(err)
	}
	const n = 200
	reduced := 0
	for _, c := range codes {
		can, rule, err := Canonical(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		g := reference(t, c, n)
		if can == c {
			if rule != "" {
				t.Fatalf("%s maps to itself by rule %q", c, rule)
			}
			continue
		}
		reduced++
		if !strings.HasPrefix(rule, RuleTakeAll) {
			t.Fatalf("%s -> %s by rule %q", c, can, rule)
		}
		if h := reference(t, can, n); !slices.Equal(g, h) {
			t.Fatalf("%s -> %s: values differ: %v vs %v", c, can, g[:20], h[:20])
		}
		if again, rule2, _ := Canonical(ctx, can); again != can || rule2 != "" {
			t.Fatalf("%s -> %s -> %s: not idempotent", c, can, again)
		}
	}
	if reduced == 0 {
		t.Fatal("no code reduced: the rule never applies")
	}
	// By hand: under 0.26 heap 1 has no move (G = 0), so heap 2 reaches
	// heap 1 and G(2) = mex{0} = 1 != 0: the take-all move of d2 in 0.27
	// adds nothing, 0.27 = 0.26. Under 0.1 heap 1's only move is take-all
	// (G(1) = 1), without it G(1) = 0: 0.1 stays.
	for _, tt := range []struct{ code, want string }{{"0.27", "0.26"}, {"0.67", "0.66"}, {"0.1", "0.1"}, {"0.77", "0.77"}, {"0.07", "0.07"}} {
		if got, _, _ := Canonical(ctx, tt.code); got != tt.want {
			t.Errorf("Canonical(%s) = %s, want %s", tt.code, got, tt.want)
		}
	}
}

// TestKnown checks published results. Kayles 0.77: pre-period 71, period
// 12; Dawson's Kayles 0.07: 53, 34; Dawson's chess 0.137: 52, 34
// (Berlekamp, Conway, Guy, Winning Ways vol. 1, ch. 4, Table 7, and OEIS
// A002186, A002187: 0.137's last exception is n = 51, 0.07 is shifted by
// one). Subtraction games by hand: 0.333 is S(1,2,3), G(n) = n mod 4
// (pre-period 0, period 4); 0.3 is S(1), G(n) = n mod 2; 0.03 is S(2),
// G = 0 0 1 1 repeating (period 4); 0.0003 is S(4), period 8.
func TestKnown(t *testing.T) {
	tests := []struct {
		code  string
		n0, p int
	}{
		{"0.77", 71, 12},
		{"0.07", 53, 34},
		{"0.137", 52, 34},
		{"0.333", 0, 4},
		{"0.3", 0, 2},
		{"0.03", 0, 4},
		{"0.0003", 0, 8},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			rec, err := Compute(context.Background(), tt.code, 1<<12, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !rec.Proven || rec.Preperiod != tt.n0 || rec.Period != tt.p || rec.Saltus != 0 {
				t.Fatalf("%+v, want proven %d, %d", rec, tt.n0, tt.p)
			}
			checkAgainstReference(t, rec)
		})
	}
}

// checkAgainstReference compares every field of rec that depends on the
// values with the reference values G(0..rec.To).
func checkAgainstReference(t *testing.T, rec Record) {
	t.Helper()
	code := rec.Code
	if rec.Equals != "" {
		code = rec.Equals
	}
	g := reference(t, code, int(rec.To))
	st := sparse.Analyze(g)
	want := fmt.Sprintf("%016x", sparse.Checksum(g))
	if rec.Checksum != want || rec.Rare != st.Rare || rec.LastRare != st.LastRare || rec.Max != st.Max || rec.ArgMax != st.ArgMax || rec.Mask != st.Mask {
		t.Fatalf("%s: record %+v, reference statistics %+v checksum %s", rec.Code, rec, st, want)
	}
	if rec.Period > 0 {
		for n := rec.Preperiod; n+rec.Period < len(g); n++ {
			if int(g[n+rec.Period]) != int(g[n])+rec.Saltus {
				t.Fatalf("%s: G(%d) = %d, G(%d) = %d: not the pattern %d, %d, %d", rec.Code, n, g[n], n+rec.Period, g[n+rec.Period], rec.Preperiod, rec.Period, rec.Saltus)
			}
		}
		if n := rec.Preperiod - 1; rec.Proven && n >= 0 && n+rec.Period < len(g) && int(g[n+rec.Period]) == int(g[n])+rec.Saltus {
			t.Fatalf("%s: pre-period %d is not the least", rec.Code, rec.Preperiod)
		}
	}
}

// TestComputeTwoDigits computes every code of up to two octal digits to
// 3000 (past the first phase for the open ones) and compares each record
// with the reference values.
func TestComputeTwoDigits(t *testing.T) {
	codes, err := Codes(2, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		rec, err := Compute(context.Background(), c, 3000, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rec.Code != c || rec.To != 3000 {
			t.Fatalf("%s: record %+v", c, rec)
		}
		checkAgainstReference(t, rec)
	}
}

// TestSparsePhase takes open codes through the sparse phase (past 4095)
// in memory and through run files, resumed and extended by a larger to,
// and compares the records with the reference values.
func TestSparsePhase(t *testing.T) {
	if testing.Short() {
		t.Skip("reference values to 12000")
	}
	ctx := context.Background()
	dir := t.TempDir()
	// 0.6 and 4.44 show no pattern in their first 2^14 values, 0.16 is
	// proven only near 10^6.
	for _, code := range []string{"0.6", "4.44", "0.16"} {
		mem, err := Compute(ctx, code, 12000, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstReference(t, mem)
		first, err := Compute(ctx, code, 9000, Options{RunDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstReference(t, first)
		if _, err := os.Stat(RunFile(dir, code)); first.Proven || err != nil {
			t.Fatalf("%s: open record %+v, run file: %v", code, first, err)
		}
		ext, err := Compute(ctx, code, 12000, Options{RunDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		ext.Seconds, mem.Seconds = 0, 0
		if ext != mem {
			t.Fatalf("%s: extended from the run file %+v, in memory %+v", code, ext, mem)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.run")); len(m) != 3 {
		t.Fatalf("run files %v, want three", m)
	}
}

// TestWorkLimit stops an open code at a work limit: the record keeps the
// last pass that finished and says why it stopped; Done is false, and a
// second call resumes the run file.
func TestWorkLimit(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	rec, err := Compute(ctx, "0.6", 1<<16, Options{RunDir: dir, MaxWork: 2e7})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Stopped == "" || rec.To >= 1<<16 || Done(rec, 1<<16) {
		t.Fatalf("record %+v: want stopped short of 65536", rec)
	}
	checkAgainstReference(t, rec)
	more, err := Compute(ctx, "0.6", 1<<16, Options{RunDir: dir, MaxWork: 2e7})
	if err != nil {
		t.Fatal(err)
	}
	if more.To <= rec.To {
		t.Fatalf("second call reached %d, first %d", more.To, rec.To)
	}
}

func TestSolveAndStore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	recs, err := Solve(ctx, "0.26", []Member{{Code: "0.26"}, {Code: "0.27", Rule: "take-all: x"}}, 500, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[1].Code != "0.27" || recs[1].Equals != "0.26" || recs[1].Checksum != recs[0].Checksum {
		t.Fatalf("records %+v", recs)
	}
	checkAgainstReference(t, recs[1])
	if err := Keep(dir, recs); err != nil {
		t.Fatal(err)
	}
	if kept, err := Load(dir); err != nil || len(kept) != 2 {
		t.Fatalf("kept records %+v, %v", kept, err)
	}
	if err := Save(dir, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, DoneDir)); !os.IsNotExist(err) {
		t.Fatalf("kept records left after Save: %v", err)
	}
	back, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || back["0.27"] != recs[1] {
		t.Fatalf("loaded %+v", back)
	}
	// A prior record Done for the census is kept as it is.
	prior := map[string]Record{"0.26": recs[0]}
	again, err := Solve(ctx, "0.26", nil, 400, prior, Options{})
	if err != nil || again[0] != recs[0] {
		t.Fatalf("Solve with a prior record: %+v, %v", again, err)
	}
	md, err := os.ReadFile(filepath.Join(dir, TableFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "| 0.27 | ") || !strings.Contains(string(md), "| 0.26 |") {
		t.Fatalf("table:\n%s", md)
	}
	if _, err := ReadRecords(strings.NewReader(`{"code":"0.1","bogus":1}`)); err == nil {
		t.Fatal("unknown field accepted")
	}
}

// TestLong016 proves 0.16 at to = 2^20: pre-period 105351, period 149459
// (Flammenkamp, "Sprague-Grundy values of octal games", octal.html, the
// entry of .16). Set GRUNDY_CENSUS_LONG=1 to run it (a few seconds on two
// cores).
func TestLong016(t *testing.T) {
	if os.Getenv("GRUNDY_CENSUS_LONG") == "" {
		t.Skip("set GRUNDY_CENSUS_LONG=1 to run")
	}
	rec, err := Compute(context.Background(), "0.16", 1<<20, Options{RunDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Proven || rec.Preperiod != 105351 || rec.Period != 149459 || rec.Saltus != 0 {
		t.Fatalf("0.16: %+v", rec)
	}
	t.Logf("0.16: %+v", rec)
}
