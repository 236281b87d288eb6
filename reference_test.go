package grundy_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// resultSources are the files that define the JSON documents of the
// verbs: query's results, the CLI's own documents, the quotient's file.
var resultSources = []string{"query/*.go", "cmd/grundy/*.go", "solve/quotient/json.go"}

// TestReferenceKeys fails on a JSON key of a result that docs/reference.md
// does not list (as `key` in its table of JSON keys).
func TestReferenceKeys(t *testing.T) {
	ref, err := os.ReadFile("docs/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(ref)
	fset := token.NewFileSet()
	for _, pattern := range resultSources {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", pattern, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				field, ok := n.(*ast.Field)
				if !ok || field.Tag == nil {
					return true
				}
				tag, err := strconv.Unquote(field.Tag.Value)
				if err != nil {
					return true
				}
				key, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
				if key != "" && key != "-" && !strings.Contains(doc, "`"+key+"`") {
					t.Errorf("%s: JSON key %q is not listed in docs/reference.md", fset.Position(field.Pos()), key)
				}
				return true
			})
		}
	}
}
