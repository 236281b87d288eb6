package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/census/pipeline"
	"github.com/grundy-go/grundy/game"
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

// TestReport: an error is one line on standard error and, with --json,
// one JSON document {"error": {...}} on standard output, as grundy writes
// it; bad input exits 2, anything else 1.
func TestReport(t *testing.T) {
	for _, c := range []struct {
		err     error
		status  int
		kind    string
		message string
	}{
		{check(pipeline.Config{}), 2, game.KindInput, "--out is required"},
		{check(pipeline.Config{Out: t.TempDir(), To: -1}), 2, game.KindInput, "--to -1: want a heap size >= 0"},
		{fmt.Errorf("census pipeline: %w", errors.New("worker lost")), 1, game.KindFailure, "census pipeline: worker lost"},
		{fmt.Errorf("census pipeline: %w", context.DeadlineExceeded), 1, game.KindLimit, "census pipeline: context deadline exceeded"},
	} {
		for _, asJSON := range []bool{false, true} {
			var stdout, stderr bytes.Buffer
			if got := report(&stdout, &stderr, c.err, asJSON); got != c.status {
				t.Errorf("%v: exit status %d, want %d", c.err, got, c.status)
			}
			if want := "grundy-census: " + c.message + "\n"; stderr.String() != want {
				t.Errorf("%v: stderr %q, want %q", c.err, stderr.String(), want)
			}
			if !asJSON {
				if stdout.Len() != 0 {
					t.Errorf("%v: without --json, stdout %q", c.err, stdout.String())
				}
				continue
			}
			var doc struct {
				Error struct{ Kind, Message string }
			}
			dec := json.NewDecoder(&stdout)
			if err := dec.Decode(&doc); err != nil || doc.Error.Kind != c.kind || doc.Error.Message != c.message || dec.More() {
				t.Errorf("%v: stdout %q (%v), want one document of kind %s", c.err, stdout.String(), err, c.kind)
			}
		}
	}
}

func TestWantsJSON(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"--json", "--bogus"}, true},
		{[]string{"-json=true", "--bogus"}, true},
		{[]string{"--bogus", "--json=false"}, false},
		{[]string{"--", "--json"}, false},
		{[]string{"--out", "json"}, false},
		{[]string{"--out", "json", "--json"}, true},
	} {
		if got := wantsJSON(c.args); got != c.want {
			t.Errorf("wantsJSON(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}
