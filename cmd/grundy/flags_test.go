package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// verbBase is, for each command, the words of a good command line that a
// bad flag is added to (root's persistent flags go on value).
var verbBase = map[string][]string{
	"grundy":                       {"value", "nim", "3"},
	"grundy value":                 {"value", "nim", "3"},
	"grundy solve":                 {"solve", "nim", "3"},
	"grundy table":                 {"table", "kayles"},
	"grundy quotient":              {"quotient", "kayles"},
	"grundy graph":                 {"graph", "nim", "3"},
	"grundy play":                  {"play", "nim", "3"},
	"grundy serve":                 {"serve", "--addr", "127.0.0.1:0"},
	"grundy games":                 {"games"},
	"grundy identify":              {"identify", "0", "1", "1", "2"},
	"grundy help":                  {"help"},
	"grundy completion":            {"completion"},
	"grundy completion bash":       {"completion", "bash"},
	"grundy completion zsh":        {"completion", "zsh"},
	"grundy completion fish":       {"completion", "fish"},
	"grundy completion powershell": {"completion", "powershell"},
	"grundy explain":               {"explain", "nim", "3"},
}

// stringBad holds the bad values of the flags that take free text, which
// no type says how to get wrong.
var stringBad = map[string][]string{
	"format": {"nonsense", "\x1b[31mred\x07"},
	"first":  {"nobody", "\x1b[31mred\x07"},
	"addr":   {"nonsense", "\x1b[31mred\x07", "127.0.0.1:99999"},
	"out":    {"."}, // a directory: it cannot be created as a file
	// Not a directory (nor one that can be made); control bytes.
	"db": {"/dev/null/grundy-db", "\x1b[31mred\x07"},
	// A quotient file needs --misere (refused first), then a file that
	// exists and holds a quotient.
	"quotient": {"no-such-file.json", "\x1b[31mred\x07"},
	// A directory, a file in a directory that does not exist, control bytes.
	"certificate": {".", "/nonexistent/kayles.cert", "\x1b[31mred\x07"},
}

// badValues returns the values flag f must refuse, by its type (and, for
// text flags, by its name).
func badValues(f *pflag.Flag) []string {
	control := "\x1b[31m1\x07"
	switch f.Value.Type() {
	case "bool":
		return []string{"maybe", control}
	case "count", "duration", "size", "int", "uint64":
		return []string{"x", "-1", "-5", "99999999999999999999999", "1.5e", control}
	case "string", "stringArray":
		return stringBad[f.Name]
	}
	return nil
}

// commandTree lists root and every command under it that a user can run
// (hidden commands such as cobra's __complete excluded), with the flags
// cobra adds when it executes (help, version, completion).
func commandTree(root *cobra.Command) []*cobra.Command {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	root.InitDefaultVersionFlag()
	var all []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		c.InitDefaultHelpFlag()
		all = append(all, c)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return all
}

// TestEveryFlagBadValue gives every flag of every command bad values, as
// --name=value and as --name value, and checks the answer: exit status 2,
// nothing on stdout, and on stderr one line that names the flag and has no
// control characters. New flags are covered as they are added: the tree
// is walked; a text flag needs its bad values in stringBad, and a new verb
// its base command in verbBase, or the test fails saying so.
func TestEveryFlagBadValue(t *testing.T) {
	t.Chdir(t.TempDir()) // nothing a refused flag might create lands in the repository
	cases := 0
	for _, c := range commandTree(newRoot()) {
		base, ok := verbBase[c.CommandPath()]
		if !ok {
			t.Errorf("%s: no base command line in verbBase: add one so that its flags are tested", c.CommandPath())
			continue
		}
		visit := func(f *pflag.Flag) {
			bad := badValues(f)
			if len(bad) == 0 {
				t.Errorf("%s --%s (%s): no bad values known: add them to badValues or stringBad", c.CommandPath(), f.Name, f.Value.Type())
				return
			}
			for _, v := range bad {
				forms := [][]string{{"--" + f.Name + "=" + v}}
				if f.Value.Type() != "bool" {
					forms = append(forms, []string{"--" + f.Name, v})
				}
				for _, form := range forms {
					cases++
					checkRefused(t, append(append([]string{}, base...), form...), f.Name)
				}
			}
		}
		c.LocalFlags().VisitAll(visit)
	}
	if cases < 50 {
		t.Fatalf("only %d cases: the command tree was not walked", cases)
	}
}

// TestUnknownFlagEveryVerb: an unknown flag on any command is one line
// with exit status 2 that says where the flags are listed.
func TestUnknownFlagEveryVerb(t *testing.T) {
	for _, c := range commandTree(newRoot()) {
		base, ok := verbBase[c.CommandPath()]
		if !ok {
			continue // reported by TestEveryFlagBadValue
		}
		stderr := checkRefused(t, append(append([]string{}, base...), "--no-such-flag"), "no-such-flag")
		if !strings.Contains(stderr, "--help") {
			t.Errorf("%s: %q does not say where the flags are listed", c.CommandPath(), stderr)
		}
	}
}

// checkRefused runs args and checks that they are refused as bad usage in
// one clean line that mentions name; it returns that line.
func checkRefused(t *testing.T, args []string, name string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, args, strings.NewReader(""), &out, &errOut)
	stderr := errOut.String()
	switch {
	case code != exitBadInput:
		t.Errorf("%q: exit %d, want %d; stderr %q", args, code, exitBadInput, stderr)
	case out.Len() != 0:
		t.Errorf("%q: wrote %q on stdout", args, out.String())
	case strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || !strings.HasPrefix(stderr, "grundy: "):
		t.Errorf("%q: stderr is not one line: %q", args, stderr)
	case strings.IndexFunc(strings.TrimSuffix(stderr, "\n"), unicode.IsControl) >= 0:
		t.Errorf("%q: control characters in %q", args, stderr)
	case !strings.Contains(stderr, name):
		t.Errorf("%q: %q does not name --%s", args, stderr, name)
	}
	return stderr
}

// TestFlagMessages checks the wording of typical flag errors: what is
// wrong, what is expected and where to look.
func TestFlagMessages(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"value", "--max-states", "-1", "nim", "3"}, `grundy: --max-states: "-1" is negative: give a count of states, or 0 for no limit (see 'grundy value --help')`},
		{[]string{"value", "--timeout=-1s", "nim", "3"}, `--timeout: "-1s" is negative`},
		{[]string{"value", "--json=maybe", "nim", "3"}, `--json: "maybe" is not true or false (--json alone means true)`},
		{[]string{"graph", "nim", "3", "--max-nodes", "x"}, `--max-nodes: "x" is not a whole number (see 'grundy graph --help')`},
		{[]string{"value", "nim", "3", "--script-steps", "-1"}, `--script-steps: "-1" is not a whole number >= 0`},
		{[]string{"value", "--max-states"}, `--max-states needs a value: stop after expanding this many positions (0: no limit)`},
		{[]string{"value", "--jsn", "nim", "3"}, `unknown flag --jsn (did you mean --json? see 'grundy value --help')`},
		// The docs write misère with its accent; the flag has none.
		{[]string{"value", "--misère", "nim", "1", "2"}, `unknown flag --misère (did you mean --misere? see 'grundy value --help')`},
		// A position that starts with '-' and no digit is taken for flags:
		// the message writes the command line again with '--'.
		{[]string{"value", "flip", "-++"}, `"-++" is not a flag: a position that starts with '-' goes after '--', as in 'grundy value -- flip -++'`},
		{[]string{"value", "flip", "-++", "--json", "+-"}, `as in 'grundy value --json -- flip -++ +-'`},
		{[]string{"value", "--max-states", "10", "flip", "--+"}, `as in 'grundy value --max-states 10 -- flip --+'`},
		{[]string{"valu", "nim", "3"}, `unknown verb "valu" (did you mean value? see 'grundy --help' for the verbs)`},
		{[]string{"nim", "3", "4"}, `"nim" is a game, not a verb: say what to compute, as in 'grundy value nim 3 4'`},
		{[]string{"serve", "extra"}, `grundy serve takes no argument "extra" (see 'grundy serve --help')`},
	}
	for _, tt := range tests {
		_, stderr, code := grundy(t, "", tt.args...)
		if code != exitBadInput || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want it to contain %q", tt.args, code, stderr, tt.want)
		}
	}
	// The rewritten command line works.
	out, stderr, code := grundy(t, "", "value", "--json", "--", "flip", "-++", "+-")
	if code != 0 || !strings.Contains(out, `"position": "flip -++ +-"`) {
		t.Errorf("value --json -- flip -++ +-: exit %d, %q, %s", code, stderr, out)
	}
}

// TestVersion: --version prints the module's version from the build
// information, "(devel)" for a build from a clone (as the tests are).
func TestVersion(t *testing.T) {
	out, stderr, code := grundy(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "grundy (devel)") || !strings.Contains(out, "built with go1.") || strings.Count(out, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	// With --json, before or after: one JSON document, the same facts.
	for _, args := range [][]string{{"--version", "--json"}, {"--json", "--version"}} {
		out, stderr, code := grundy(t, "", args...)
		var v struct{ Version, Go string }
		if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.Version != "(devel)" || !strings.HasPrefix(v.Go, "go1.") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q (%v)", args, code, out, stderr, err)
		}
	}
}

// TestHelpHasExamples: every verb's help shows examples, and no flag's
// default is printed twice.
func TestHelpHasExamples(t *testing.T) {
	for _, c := range commandTree(newRoot()) {
		if c.Name() == "help" || c.HasParent() && c.Parent().Name() == "completion" || c.Name() == "completion" {
			continue // cobra's own commands
		}
		args := append(strings.Fields(strings.TrimPrefix(c.CommandPath(), "grundy")), "--help")
		out, _, code := grundy(t, "", args...)
		if code != 0 || !strings.Contains(out, "Examples:\n  grundy ") {
			t.Errorf("grundy %s: exit %d, no examples:\n%s", strings.Join(args, " "), code, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.Count(line, "(default ") > 1 {
				t.Errorf("grundy %s: %q", strings.Join(args, " "), line)
			}
		}
	}
}
