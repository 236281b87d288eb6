package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/grundy-go/grundy/heap/census"
	"github.com/grundy-go/grundy/verify"
)

// TestMain runs the pipelines of the tests on Prism, in this process.
func TestMain(m *testing.M) { ptest.MainWithDefault(m, "prism") }

// runCensus runs the census pipeline of cfg on Prism and returns the
// records of its directory.
func runCensus(t *testing.T, cfg Config) map[string]census.Record {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	if _, err := Build(s, cfg); err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatalf("census pipeline: %v", err)
	}
	recs, err := census.Load(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// direct is the record of code computed by the library alone, as the
// pipeline should make it.
func direct(t *testing.T, code string, to int64) census.Record {
	t.Helper()
	ctx := context.Background()
	can, rule, err := census.Canonical(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := census.Compute(ctx, can, to, census.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rule != "" {
		rec = census.Equivalent(code, rule, rec)
	}
	return rec
}

// same compares records but for the wall time.
func same(a, b census.Record) bool {
	a.Seconds, b.Seconds = 0, 0
	return a == b
}

// TestTwoDigits runs the census of every code of up to two octal digits
// to 2^14 on Prism and compares every record with the library's direct
// computation, then the published results among them.
func TestTwoDigits(t *testing.T) {
	const to = 1 << 14
	cfg := Config{Digits: 2, To: to, Out: t.TempDir()}
	recs := runCensus(t, cfg)
	codes, err := census.Codes(2, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(codes) {
		t.Fatalf("%d records, want %d", len(recs), len(codes))
	}
	for _, c := range codes {
		got, ok := recs[c]
		if !ok {
			t.Fatalf("no record of %s", c)
		}
		if want := direct(t, c, to); !same(got, want) {
			t.Fatalf("%s: pipeline %+v, library %+v", c, got, want)
		}
	}
	// Kayles 0.77: pre-period 71, period 12; Dawson's Kayles 0.07: 53, 34
	// (Berlekamp, Conway, Guy, Winning Ways vol. 1, ch. 4, Table 7; OEIS
	// A002186, A002187). Subtraction games by hand: 0.3 is S(1), G(n) =
	// n mod 2; 0.33 is S(1,2), G(n) = n mod 3; 0.03 is S(2), G = 0 0 1 1
	// repeating.
	known := []struct {
		code  string
		n0, p int
	}{{"0.77", 71, 12}, {"0.07", 53, 34}, {"0.3", 0, 2}, {"0.33", 0, 3}, {"0.03", 0, 4}}
	for _, k := range known {
		r := recs[k.code]
		if !r.Proven || r.Preperiod != k.n0 || r.Period != k.p || r.Saltus != 0 {
			t.Errorf("%s: %+v, want proven %d, %d", k.code, r, k.n0, k.p)
		}
	}
	if _, err := os.Stat(cfg.Out + "/" + census.TableFile); err != nil {
		t.Fatal(err)
	}
}

// TestCodesAndResume runs a list of codes, then a larger census over the
// same directory: finished records are kept as they were (their wall time
// too), open ones are extended to the new to and equal the library's.
func TestCodesAndResume(t *testing.T) {
	dir := t.TempDir()
	first := runCensus(t, Config{Codes: []string{"0.137", "0.6", "0.77"}, To: 1 << 13, Out: dir})
	// Dawson's chess 0.137: pre-period 52, period 34 (Winning Ways vol. 1,
	// ch. 4, Table 7; OEIS A002187, last exception at n = 51).
	if r := first["0.137"]; !r.Proven || r.Preperiod != 52 || r.Period != 34 {
		t.Fatalf("0.137: %+v", r)
	}
	if r := first["0.6"]; r.Proven || r.To != 1<<13 {
		t.Fatalf("0.6: %+v", r)
	}
	second := runCensus(t, Config{Codes: []string{"0.137", "0.6", "0.77", "0.16"}, To: 1 << 14, Out: dir})
	if second["0.137"] != first["0.137"] || second["0.77"] != first["0.77"] {
		t.Fatalf("finished records changed: %+v -> %+v", first, second)
	}
	for _, c := range []string{"0.6", "0.16"} {
		if want := direct(t, c, 1<<14); !same(second[c], want) {
			t.Fatalf("%s: extended %+v, library %+v", c, second[c], want)
		}
	}
}

// TestLong016 proves 0.16 through the pipeline at to = 2^20: pre-period
// 105351, period 149459 (Flammenkamp, "Sprague-Grundy values of
// octal games", wwwhomes.uni-bielefeld.de/achim/octal.html, entry .16).
// Set GRUNDY_CENSUS_LONG=1 to run it.
func TestLong016(t *testing.T) {
	if os.Getenv("GRUNDY_CENSUS_LONG") == "" {
		t.Skip("set GRUNDY_CENSUS_LONG=1 to run")
	}
	recs := runCensus(t, Config{Codes: []string{"0.16"}, To: 1 << 20, Out: t.TempDir()})
	if r := recs["0.16"]; !r.Proven || r.Preperiod != 105351 || r.Period != 149459 || r.Saltus != 0 {
		t.Fatalf("0.16: %+v", r)
	}
}

// TestCertificates runs the two-digit census with --certificates: every
// proven code has a certificate that package verify (which recomputes
// every value without grundy's engines) accepts, with the record's claim,
// linked from census.md; open codes have none.
func TestCertificates(t *testing.T) {
	dir := t.TempDir()
	recs := runCensus(t, Config{Digits: 2, To: 1 << 12, Out: dir, Certificates: filepath.Join(dir, "certificates")})
	table, err := os.ReadFile(filepath.Join(dir, census.TableFile))
	if err != nil {
		t.Fatal(err)
	}
	proven := 0
	for code, r := range recs {
		if !r.Proven {
			if r.Certificate != "" {
				t.Errorf("%s is open but has a certificate %s", code, r.Certificate)
			}
			continue
		}
		proven++
		want := "certificates/" + code + ".cert"
		if r.Certificate != want || !strings.Contains(string(table), "["+code+"]("+want+")") {
			t.Fatalf("%s: certificate %q, want %q linked from census.md", code, r.Certificate, want)
		}
		f, err := os.Open(filepath.Join(dir, want))
		if err != nil {
			t.Fatal(err)
		}
		c, err := verify.Decode(f, 0)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		if c.Preperiod != r.Preperiod || c.Period != r.Period {
			t.Errorf("%s: certificate claims (%d, %d), the record (%d, %d)", code, c.Preperiod, c.Period, r.Preperiod, r.Period)
		}
		if err := verify.Check(context.Background(), c, nil); err != nil {
			t.Errorf("%s: %v", code, err)
		}
	}
	if proven < 100 {
		t.Errorf("only %d proven codes", proven)
	}
}
