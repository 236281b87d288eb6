package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docCommand is one `$ grundy ...` line of a fenced block in the docs and the
// output shown below it.
type docCommand struct {
	file  string
	line  int
	args  []string
	want  []string
	want0 []string // the output lines as found in the file
}

// updateDocs rewrites the output shown under each command with what it
// prints now: `go test ./cmd/grundy -run TestDocsExamples -update-docs`.
// Review the diff before committing it.
var updateDocs = flag.Bool("update-docs", false, "rewrite the outputs shown in the docs")

// TestDocsExamples runs every command shown in README.md and docs/*.md and
// compares its output (stdout, then stderr) with the text below it. Only
// whitespace is normalised: runs of blanks fold to one, and blank lines and
// trailing spaces do not count. Commands run from the repository root.
func TestDocsExamples(t *testing.T) {
	t.Chdir("../..")
	files, _ := filepath.Glob("docs/*.md")
	files = append([]string{"README.md"}, files...)
	var cmds []docCommand
	for _, f := range files {
		found, err := docCommands(f)
		if err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, found...)
	}
	if len(cmds) == 0 {
		t.Fatal("no `$ grundy` commands found in the docs")
	}
	fixes := map[string][]docCommand{}
	for _, c := range cmds {
		var out, errOut bytes.Buffer
		run(context.Background(), c.args, strings.NewReader(""), &out, &errOut)
		printed := out.String() + errOut.String()
		got := normalise(printed)
		if want := normalise(strings.Join(c.want, "\n")); got != want && *updateDocs {
			fixed := c
			fixed.want0 = c.want
			fixed.want = strings.Split(strings.TrimRight(printed, "\n"), "\n")
			fixes[c.file] = append(fixes[c.file], fixed)
		} else if got != want {
			t.Errorf("%s:%d: grundy %s\n--- shown in the docs:\n%s\n--- printed:\n%s", c.file, c.line, strings.Join(c.args, " "), want, got)
		}
	}
	for file, fixed := range fixes {
		if err := rewriteOutputs(file, fixed); err != nil {
			t.Fatal(err)
		}
	}
}

// rewriteOutputs replaces the output lines under each command of fixed (in
// file order) with its new output.
func rewriteOutputs(file string, fixed []docCommand) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	for i := len(fixed) - 1; i >= 0; i-- {
		c := fixed[i]
		end := c.line + len(c.want0)
		lines = append(lines[:c.line], append(append([]string{}, c.want...), lines[end:]...)...)
	}
	return os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644)
}

// docCommands extracts the commands of the fenced code blocks of one file.
func docCommands(path string) ([]docCommand, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cmds []docCommand
	var cur *docCommand
	inBlock := false
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inBlock = !inBlock
			if cur != nil {
				cmds = append(cmds, *cur)
				cur = nil
			}
			continue
		}
		if !inBlock {
			continue
		}
		if strings.HasPrefix(line, "$ ") {
			if cur != nil {
				cmds = append(cmds, *cur)
				cur = nil
			}
			if rest, ok := strings.CutPrefix(line, "$ grundy "); ok {
				args, err := shellWords(rest)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %w", path, n, err)
				}
				cur = &docCommand{file: path, line: n, args: args}
			}
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, line)
		}
	}
	return cmds, sc.Err()
}

// shellWords splits a command line as a POSIX shell would for the simple
// forms the docs use: blanks separate words; single and double quotes group.
func shellWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				word.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

func normalise(s string) string {
	var lines []string
	for _, line := range strings.Split(s, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			lines = append(lines, strings.Join(f, " "))
		}
	}
	return strings.Join(lines, "\n")
}

func TestShellWords(t *testing.T) {
	got, err := shellWords(`value flip '++--' "a b" c`)
	if err != nil || strings.Join(got, "|") != "value|flip|++--|a b|c" {
		t.Fatalf("got %q, %v", got, err)
	}
	if _, err := shellWords(`value 'x`); err == nil {
		t.Fatal("unclosed quote accepted")
	}
}
