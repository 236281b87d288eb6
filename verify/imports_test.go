package verify

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps the checker independent of grundy's engines: package
// verify (its tests included) imports only the standard library, and
// cmd/grundy-verify only that and package verify.
func TestImports(t *testing.T) {
	allowed := map[string]string{
		".":                    "",
		"../cmd/grundy-verify": "github.com/grundy-go/grundy/verify",
	}
	for dir, own := range allowed {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		for _, f := range files {
			ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range ast.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				first, _, _ := strings.Cut(path, "/")
				if path != own && strings.Contains(first, ".") {
					t.Errorf("%s imports %s: the verifier imports only the standard library", f, path)
				}
			}
		}
	}
}
