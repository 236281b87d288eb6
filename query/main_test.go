package query

import (
	"flag"
	"os"
	"testing"
)

// TestMain raises rapid's default of 100 cases per property to thousands,
// unless -rapid.checks is given.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("rapid.checks"); f != nil && f.Value.String() == "100" {
		_ = f.Value.Set("3000")
	}
	os.Exit(m.Run())
}
