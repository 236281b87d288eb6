package grundy_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// libraries are the packages whose messages every face words its own way:
// none of their strings may name a command-line flag, which only the CLI
// has (the web has parameters, the static build its own limits).
var libraries = []string{"game", "games", "heap", "limits", "periodic", "query", "script", "solve", "store"}

// flagWord is a flag of the command line: two dashes and a word
// (--max-states, --timeout, --misere; not the "--" of a Flip board).
var flagWord = regexp.MustCompile(`--[a-z][a-z-]*`)

// TestNoFlagNames parses the non-test files of the libraries and fails on
// a string literal that names a flag of the CLI.
func TestNoFlagNames(t *testing.T) {
	fset := token.NewFileSet()
	for _, lib := range libraries {
		err := filepath.WalkDir(lib, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() && e.Name() == "testdata" {
				return filepath.SkipDir
			}
			if e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				if w := flagWord.FindString(lit.Value); w != "" {
					t.Errorf("%s: a library string names the flag %s: %s", fset.Position(lit.Pos()), w, lit.Value)
				}
				return true
			})
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
}
