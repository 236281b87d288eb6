package query

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grundy-go/grundy/game"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want string // the position written back
	}{
		{"nim 3 4 5", "nim 3 4 5"},
		{"subtract:1-1 4 + subtract:1-2 6 + subtract:1-3 9", "subtract:1-1 4 + subtract:1-2 6 + subtract:1-3 9"},
		{"subtract:3,1,2 7", "subtract:3,1,2 7"},
		{"divisor 12 + nim 0", "divisor 12 + nim 0"},
	}
	for _, tt := range tests {
		pos, err := ParseString(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := pos.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string // a fragment of the one-line message
	}{
		{"", "empty position"},
		{"foo 3", `unknown game "foo"`},
		{"subtract:0 4", "not a positive integer"},
		{"subtract:3-1 4", `range "3-1" is empty`},
		{"subtract:1,x 4", "is not a number"},
		{"subtract 4", "needs a set"},
		{"subtract: 4", "needs a set"},
		{"nim -3", `heap size "-3"`},
		{"nim x", `heap size "x"`},
		{"nim 99999999999999999999", "heap size 99999999999999999999 is too large"},
		{"divisor 0", "must be at least 1"},
		{"nim 3 +", "dangling '+' at the end"},
		{"+ nim 3", "dangling '+' at the start"},
		{"nim 3 + + nim 4", "twice in a row"},
		{"nim", "no position given"},
		{"nim:3 4", "takes no parameters"},
		{"nim @/nonexistent/heaps", "@/nonexistent/heaps: open /nonexistent/heaps"},
	}
	for _, tt := range tests {
		_, err := Parse(strings.Fields(tt.in), OSFiles(t.Context()))
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", tt.in)
			continue
		}
		if !errors.Is(err, game.ErrInput) {
			t.Errorf("Parse(%q): %v does not wrap ErrInput", tt.in, err)
		}
		if msg := err.Error(); !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
			t.Errorf("Parse(%q) error %q, want one line containing %q", tt.in, msg, tt.want)
		}
	}
}

// TestParseNoFiles checks that parsing with no file access (the web
// explorer's) refuses every way a position names a file, whether or not
// the file exists, while the same words parse with OSFiles.
func TestParseNoFiles(t *testing.T) {
	dir := t.TempDir()
	heaps := filepath.Join(dir, "heaps")
	graph := filepath.Join(dir, "g.txt")
	if err := os.WriteFile(heaps, []byte("3 4 5"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(graph, []byte("a b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, words := range [][]string{{"nim", "@" + heaps}, {"graph:" + graph, "a"}} {
		if _, err := Parse(words, OSFiles(t.Context())); err != nil {
			t.Fatalf("Parse(%q, OSFiles): %v", words, err)
		}
		_, err := Parse(words, nil)
		if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "reads no files") {
			t.Errorf("Parse(%q, nil) = %v, want a refusal", words, err)
		}
		if _, err := ParseString(strings.Join(words, " ")); err == nil {
			t.Errorf("ParseString(%q) read a file", words)
		}
	}
}

func TestParseFileArgs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "heaps")
	if err := os.WriteFile(path, []byte("3 4\n5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pos, err := Parse([]string{"nim", "@" + path, "6"}, OSFiles(t.Context()))
	if err != nil {
		t.Fatal(err)
	}
	if got := pos.String(); got != "nim 3 4 5 6" {
		t.Errorf("got %q", got)
	}
}

// FuzzParse checks that no input makes the position parser panic, and that
// a parsed position writes back to a form that parses to the same string.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"nim 3 4 5", "subtract:1-3 9 + divisor 4", "subtract:2,5,7-9 100", "+", "nim + +", "subtract:-", "divisor 0", "nim 18446744073709551616"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words := strings.Fields(s)
		for _, w := range words {
			if strings.HasPrefix(w, "@") {
				return // file arguments read the disk
			}
		}
		pos, err := Parse(words, nil)
		if err != nil {
			if !errors.Is(err, game.ErrInput) {
				t.Fatalf("Parse(%q): error %v is not an input error", s, err)
			}
			return
		}
		again, err := ParseString(pos.String())
		if err != nil || again.String() != pos.String() {
			t.Fatalf("round trip of %q: %q -> %v", s, pos.String(), err)
		}
	})
}

func TestHeapBadInput(t *testing.T) {
	for _, pos := range []string{"octal:0.8x 3", "octal: 3", "octal 3", "octal:0.[ 3", "kayles -3", "kayles x", "octal:1.7 2", "kayles:0.7 3", "flip +-x", "flip"} {
		_, err := ParseString(pos)
		if !errors.Is(err, game.ErrInput) {
			t.Errorf("%q: %v, want an input error", pos, err)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error spans lines: %q", pos, err)
		}
	}
}

// TestParseRules: the parser gives each group the rules of its GAME token
// (the catalog's words, a rule script's path), and a move keeps them.
func TestParseRules(t *testing.T) {
	nim, _ := LookupGame("nim")
	kayles, _ := LookupGame("kayles")
	script := filepath.Join("..", "examples", "nim.star")
	pos, err := Parse([]string{"nim", "3", "+", "kayles", "4", "+", script, "2"}, OSFiles(t.Context()))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{nim.Rules, kayles.Rules, "defined by the rule script " + script}
	for i, g := range pos {
		if g.Rules != want[i] || g.Rules == "" {
			t.Errorf("group %d (%s): rules %q, want %q", i, g, g.Rules, want[i])
		}
	}
	after := pos.Replace(1, nil)
	if after[1].Rules != kayles.Rules {
		t.Errorf("after a move in %s: rules %q, want %q", pos[1], after[1].Rules, kayles.Rules)
	}
}

// countingFS is a file system of one file that counts the bytes read from
// it.
type countingFS struct {
	fstest.MapFS
	read *int64
}

func (c countingFS) Open(name string) (fs.File, error) {
	f, err := c.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	return countingFile{f, c.read}, nil
}

type countingFile struct {
	fs.File
	read *int64
}

func (f countingFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	*f.read += int64(n)
	return n, err
}

// TestParseWithin parses a file of 10^4 heaps under memory budgets: below
// the file's size nothing of it is read; the accounting stays within a
// factor of two of what an unlimited parse allocates (measured by the
// runtime, not by the parser's own figures), so a budget of half that is
// refused and one of twice that answers; what the parse held is given back
// when it returns.
func TestParseWithin(t *testing.T) {
	var text strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&text, "%d\n", 10000000000+i)
	}
	size := int64(text.Len())
	var read int64
	files := countingFS{fstest.MapFS{"heaps": {Data: []byte(text.String())}}, &read}
	words := []string{"nim", "1", "@heaps", "+", "kayles", "7"}

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	want, err := Parse(words, files)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := int64(after.TotalAlloc - before.TotalAlloc)
	t.Logf("file %d bytes; an unlimited parse allocated %d bytes", size, alloc)

	tests := []struct {
		name    string
		limit   int64
		refused bool
		read    int64 // bytes of the file read (-1: any)
	}{
		{"under the file's size", size - 1, true, 0},
		{"half of what the parse allocates", alloc / 2, true, -1},
		{"twice what the parse allocates", 2 * alloc, false, size},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			read = 0
			budget := &Budget{MaxMemory: tc.limit}
			pos, err := ParseWithin(words, files, budget)
			if tc.refused {
				if !errors.Is(err, ErrMemoryLimit) || errors.Is(err, game.ErrInput) {
					t.Fatalf("limit %d: got %v, want a memory limit (not bad input)", tc.limit, err)
				}
			} else if err != nil {
				t.Fatalf("limit %d: %v", tc.limit, err)
			} else if pos.String() != want.String() {
				t.Fatalf("limit %d: parsed %.60q..., Parse gives %.60q...", tc.limit, pos.String(), want.String())
			}
			if tc.read >= 0 && read != tc.read {
				t.Errorf("limit %d: read %d bytes of the file, want %d", tc.limit, read, tc.read)
			}
			if m := budget.Memory(); m != 0 {
				t.Errorf("limit %d: the budget still holds %d bytes after the parse", tc.limit, m)
			}
		})
	}
}
