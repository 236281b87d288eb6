package main

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

// TestUsage: --help lists grundy-census's own flags in a screenful and
// points to Beam's, which --help-beam lists (Beam registers them on the
// command line when its packages load, as in the binary).
func TestUsage(t *testing.T) {
	set := flag.NewFlagSet("test", flag.ContinueOnError)
	for _, name := range ownFlags {
		set.String(name, "", "own flag "+name)
	}
	flag.CommandLine.VisitAll(func(f *flag.Flag) { set.Var(f.Value, f.Name, f.Usage) })
	var short, long bytes.Buffer
	usage(&short, set, false)
	usage(&long, set, true)
	for _, name := range ownFlags {
		if !strings.Contains(short.String(), "  -"+name+" ") {
			t.Errorf("--help lacks -%s:\n%s", name, short.String())
		}
	}
	if n := strings.Count(short.String(), "\n"); n > 30 || strings.Contains(short.String(), "  -runner ") || !strings.Contains(short.String(), "--help-beam lists them") {
		t.Errorf("--help: %d lines, or Beam's flags in it:\n%s", n, short.String())
	}
	if !strings.Contains(long.String(), "  -runner ") || strings.Count(long.String(), "\n") < 60 {
		t.Errorf("--help-beam lacks Beam's flags:\n%s", long.String())
	}
}
