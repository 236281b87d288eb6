package main

import (
	"strings"
	"testing"
)

// TestOnlyHelp checks which command lines run without a worker process:
// those that print help or the version and compute nothing. Each of them,
// run, prints help or the version and succeeds, or (a word cobra's help
// does not take) fails on its usage, printing nothing.
func TestOnlyHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--help"}, true},
		{[]string{"-h"}, true},
		{[]string{"--version"}, true},
		{[]string{"help"}, true},
		{[]string{"help", "value"}, true},
		{[]string{"help", "value", "nim", "3"}, true},
		{[]string{"--help", "value"}, true},
		{[]string{"--help", "value", "nim", "3"}, true}, // "unknown command nim"
		// Everything else goes to a worker, also a verb's help (as it
		// may be a flag's value, --quotient --help).
		{[]string{"value", "--help"}, false},
		{[]string{"value", "nim", "3"}, false},
		{[]string{"--json", "help"}, false},
		{[]string{"--max-states", "-h"}, false},
		{[]string{"value", "--quotient", "--help", "nim", "3"}, false},
		{[]string{"bogus"}, false},
	} {
		if got := onlyHelp(c.args); got != c.want {
			t.Errorf("onlyHelp(%q) = %v, want %v", c.args, got, c.want)
		}
		if !c.want {
			continue
		}
		stdout, stderr, code := grundy(t, "", c.args...)
		help := code == 0 && stderr == "" && (strings.Contains(stdout, "Usage:") || strings.HasPrefix(stdout, "grundy "))
		usage := code != 0 && stdout == "" && strings.Count(stderr, "\n") == 1
		if !help && !usage {
			t.Errorf("grundy %q: status %d, stderr %q, stdout %.80q: want help, the version or a usage error", c.args, code, stderr, stdout)
		}
	}
}
