package verify

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// committed are the certificates kept in docs/certificates/, each of a
// claim the repository's docs cite from the literature: Kayles 0.77
// (71, 12; OEIS A002186, Winning Ways vol. 1, ch. 4, Table 7), Dawson's
// Kayles 0.07 (53, 34) and Dawson's chess 0.137 (52, 34) (Winning Ways,
// Table 7; OEIS A002187), and 0.16 (105351, 149459; Flammenkamp's tables
// of octal games, entry .16). long marks the ones whose check takes
// minutes (0.16: 509,622 values, about 6.5*10^10 options).
var committed = []struct {
	file  string
	rules string
	n0, p int
	long  bool
}{
	{"0.77.cert", "code 0.77", 71, 12, false},
	{"0.07.cert", "code 0.07", 53, 34, false},
	{"0.137.cert", "code 0.137", 52, 34, false},
	{"0.16.cert", "code 0.16", 105351, 149459, true},
}

// TestCommitted checks that the committed certificates claim the
// published figures and verify. The long ones run with
// GRUNDY_VERIFY_LONG=1 (docs/certificates.md gives their cost).
func TestCommitted(t *testing.T) {
	files, err := filepath.Glob("../docs/certificates/*.cert")
	if err != nil || len(files) != len(committed) {
		t.Fatalf("docs/certificates holds %d certificates, want the %d listed here: %v", len(files), len(committed), err)
	}
	for _, k := range committed {
		f, err := os.Open(filepath.Join("../docs/certificates", k.file))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Decode(f, 0)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", k.file, err)
		}
		if c.Rules != k.rules || c.Preperiod != k.n0 || c.Period != k.p || c.Saltus != 0 {
			t.Errorf("%s: %s (%d, %d, %d), want %s (%d, %d, 0)", k.file, c.Rules, c.Preperiod, c.Period, c.Saltus, k.rules, k.n0, k.p)
		}
		if k.long && os.Getenv("GRUNDY_VERIFY_LONG") == "" {
			continue
		}
		if err := Check(context.Background(), c, nil); err != nil {
			t.Errorf("%s: %v", k.file, err)
		}
	}
}
