// Package grundy_test holds TestDependencies, the allowed import graph of
// every package of the repository (both modules) written down as data, in
// the manner of the Go project's go/build/deps_test.go. A new import is a
// new row or a new word in a row, made on purpose and seen in review;
// docs/ARCHITECTURE.md draws the same graph.
package grundy_test

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// modulePath is the import path of the main module; the census module's
// packages sit under it too (modulePath + "/census/...").
const modulePath = "github.com/grundy-go/grundy"

// dependency is the row of one package (named by its directory, relative
// to the repository's root): the module packages, standard library
// packages and third-party modules its non-test files may import, each a
// space-separated list. Files for every platform count (build constraints
// are ignored), so a row holds on every GOOS and GOARCH.
type dependency struct {
	pkg    string
	module string // packages of this repository, by directory
	std    string // standard library packages
	ext    string // third-party modules, by module path
}

// dependencies is the allowed import graph. Keep it sorted by package.
var dependencies = []dependency{
	{"bench/pingpong", "", "flag fmt os runtime sync/atomic time", ""},
	{"census/cmd/grundy-census", "census/pipeline game query", "context encoding/json errors flag fmt io log os strings time", "github.com/apache/beam/sdks/v2"},
	{"census/pipeline", "query", "context fmt os path/filepath reflect", "github.com/apache/beam/sdks/v2"},
	{"cmd/grundy", "game internal/edit query web", "bufio bytes context encoding/json errors fmt io io/fs math net os os/exec os/signal path/filepath regexp runtime runtime/debug strconv strings syscall text/tabwriter time unicode unicode/utf8", "charm.land/bubbletea/v2 github.com/schollz/progressbar/v3 github.com/spf13/cobra github.com/spf13/pflag golang.org/x/term"},
	{"cmd/grundy-verify", "verify", "context errors flag fmt io os os/signal time", ""},
	{"examples", "", "embed", ""},
	{"game", "", "context errors fmt math/bits", ""},
	{"games", "game heap heap/sparse limits periodic solve solve/graphdb solve/tier store", "cmp context errors fmt io io/fs math math/bits os slices sort runtime strconv strings sync syscall time unsafe", ""},
	{"heap", "game heap/octal heap/sparse limits periodic", "context errors fmt math math/bits slices", ""},
	{"heap/census", "game heap heap/octal heap/sparse periodic store", "bufio bytes context encoding/json errors fmt hash/crc64 io maps os path/filepath slices strings sync time", ""},
	{"heap/index", "heap heap/census periodic", "bytes compress/flate context encoding/base64 encoding/binary errors fmt io slices strconv strings sync", ""},
	{"heap/index/gen", "heap/index", "context flag fmt log os time", ""},
	{"heap/octal", "game", "strings", ""},
	{"heap/sparse", "game heap/octal internal/diskalloc limits store", "context encoding/binary errors fmt hash/crc32 hash/crc64 io/fs math/bits os path/filepath runtime slices strings sync sync/atomic time unsafe", "golang.org/x/sys"},
	{"internal/adversarial", "", "", ""},
	{"internal/diskalloc", "", "errors os", "golang.org/x/sys"},
	{"internal/edit", "", "", ""},
	{"internal/graphview", "", "encoding/xml fmt io math slices strings", ""},
	{"internal/killtest", "", "math/rand/v2 os/exec testing time", ""},
	{"internal/regfile", "", "fmt io/fs os syscall", ""},
	{"limits", "", "context errors fmt math runtime runtime/debug runtime/metrics slices sync sync/atomic time unsafe", ""},
	{"periodic", "game", "fmt", ""},
	{"query", "game games heap heap/census heap/index heap/sparse internal/edit internal/graphview internal/regfile limits periodic script solve solve/quotient store verify", "bufio bytes cmp context crypto/sha256 encoding/binary encoding/hex encoding/json errors fmt io io/fs iter math math/bits os path/filepath runtime/metrics slices strconv strings sync time", ""},
	{"script", "game games heap limits periodic solve", "context encoding/binary errors fmt io math slices strconv strings unicode/utf8", "go.starlark.net"},
	{"solve", "game limits", "cmp context encoding/binary errors fmt hash/maphash math math/bits reflect runtime slices strconv strings sync sync/atomic unsafe", ""},
	{"solve/graphdb", "game limits solve store", "context encoding/binary fmt hash/fnv", ""},
	{"solve/quotient", "game limits periodic", "container/heap context encoding/binary encoding/json errors fmt math/bits slices strconv strings", ""},
	{"solve/tier", "game limits solve store", "context errors fmt runtime sync sync/atomic time unsafe", ""},
	{"store", "game internal/diskalloc internal/regfile limits", "bytes context encoding/binary encoding/json errors fmt hash/crc32 hash/fnv io io/fs os path/filepath slices strconv strings sync syscall", "github.com/klauspost/compress golang.org/x/sys"},
	{"verify", "", "bufio bytes compress/flate context crypto/sha256 encoding/base64 encoding/binary encoding/hex errors fmt io math/bits strconv strings", ""},
	{"web", "examples game internal/graphview query", "bytes context embed encoding/json errors fmt io io/fs log math mime net net/http os regexp runtime runtime/debug sort strconv strings sync time", ""},
	{"web/build", "web web/staticsite", "context flag fmt os os/signal strings", ""},
	{"web/staticsite", "query", "bytes context embed encoding/json errors fmt io/fs os os/exec path/filepath regexp strings", ""},
	{"web/wasm", "query web", "encoding/json net/http net/http/httptest os runtime/debug strings syscall/js time", ""},
}

// Layers: faces reach the engines only through query; engines know no
// game. These hold whatever the rows say, so a row cannot quietly let a
// face import an engine.
var (
	// faces are the packages that talk to people: the CLI, the web
	// explorer with its static build and wasm, the census pipeline.
	faces = []string{"cmd/grundy", "web", "web/build", "web/staticsite", "web/wasm", "census/pipeline", "census/cmd/grundy-census"}
	// faceMay is what a face may import besides other faces: the door
	// (query), the vocabulary (game), and leaf helpers that import nothing
	// of the module (the example scripts as data, edit distance for "did
	// you mean", the layout of a drawn graph).
	faceMay = []string{"query", "game", "examples", "internal/edit", "internal/graphview"}
	// engineFamilies import no game, no catalog, no face and not each
	// other: only the model (game), the budget (limits), the pattern
	// finder (periodic), the files on disk (store), internal helpers and
	// their own family.
	engineFamilies = []string{"solve", "heap"}
	engineMay      = []string{"game", "limits", "periodic", "store", "internal/diskalloc"}
)

func TestDependencies(t *testing.T) {
	actual := importsByPackage(t)
	rows := map[string]dependency{}
	for i, d := range dependencies {
		if i > 0 && dependencies[i-1].pkg >= d.pkg {
			t.Errorf("row %q is out of order or repeated", d.pkg)
		}
		rows[d.pkg] = d
	}
	mods := thirdPartyModules(t)
	for _, pkg := range slices.Sorted(maps.Keys(actual)) {
		d, ok := rows[pkg]
		if !ok {
			t.Errorf("package %s has no row in dependencies (deps_test.go)", pkg)
			continue
		}
		module, std, ext := set(d.module), set(d.std), set(d.ext)
		for _, imp := range actual[pkg] {
			switch {
			case imp == modulePath || strings.HasPrefix(imp, modulePath+"/"):
				rel := strings.TrimPrefix(strings.TrimPrefix(imp, modulePath), "/")
				if !module[rel] {
					t.Errorf("%s imports %s, which its row does not allow", pkg, rel)
				}
			case !strings.Contains(strings.Split(imp, "/")[0], "."):
				if !std[imp] {
					t.Errorf("%s imports standard package %s, which its row does not allow", pkg, imp)
				}
			default:
				m := moduleOf(imp, mods)
				if m == "" {
					t.Errorf("%s imports %s, of no module required by a go.mod", pkg, imp)
				} else if !ext[m] {
					t.Errorf("%s imports %s (module %s), which its row does not allow", pkg, imp, m)
				}
			}
		}
	}
	for _, d := range dependencies {
		if _, ok := actual[d.pkg]; !ok {
			t.Errorf("row %s names no package", d.pkg)
		}
	}
	for _, d := range dependencies {
		for _, imp := range strings.Fields(d.module) {
			if msg := layerViolation(d.pkg, imp); msg != "" {
				t.Errorf("row %s allows %s: %s", d.pkg, imp, msg)
			}
		}
	}
}

// layerViolation says why pkg may not import imp whatever its row says, or
// "" when it may.
func layerViolation(pkg, imp string) string {
	if slices.Contains(faces, pkg) {
		if slices.Contains(faces, imp) || slices.Contains(faceMay, imp) {
			return ""
		}
		return "a face imports only query, game, other faces and " + strings.Join(faceMay[2:], ", ")
	}
	for _, fam := range engineFamilies {
		if pkg != fam && !strings.HasPrefix(pkg, fam+"/") {
			continue
		}
		if imp == fam || strings.HasPrefix(imp, fam+"/") || slices.Contains(engineMay, imp) {
			return ""
		}
		return "an engine imports only " + strings.Join(engineMay, ", ") + " and its own family"
	}
	return ""
}

// importsByPackage parses the imports of every non-test Go file of the
// repository, by package directory, ignoring build constraints.
func importsByPackage(t *testing.T) map[string][]string {
	t.Helper()
	imports := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if name := e.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		for _, spec := range f.Imports {
			imp, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			if !slices.Contains(imports[pkg], imp) {
				imports[pkg] = append(imports[pkg], imp)
			}
		}
		if _, ok := imports[pkg]; !ok {
			imports[pkg] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, list := range imports {
		slices.Sort(list)
	}
	return imports
}

// thirdPartyModules returns the module paths the go.mod files of the
// repository require, besides the main module.
func thirdPartyModules(t *testing.T) []string {
	t.Helper()
	var mods []string
	for _, name := range []string{"go.mod", "census/go.mod"} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		inRequire := false
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			switch {
			case len(fields) == 0:
			case fields[0] == "require" && len(fields) > 1 && fields[1] == "(":
				inRequire = true
			case fields[0] == ")":
				inRequire = false
			case fields[0] == "require" && len(fields) >= 3:
				mods = append(mods, fields[1])
			case inRequire && len(fields) >= 2:
				mods = append(mods, fields[0])
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return mods
}

// moduleOf returns the longest module path of mods that holds the package
// imp, or "".
func moduleOf(imp string, mods []string) string {
	best := ""
	for _, m := range mods {
		if (imp == m || strings.HasPrefix(imp, m+"/")) && len(m) > len(best) {
			best = m
		}
	}
	return best
}

func set(list string) map[string]bool {
	s := map[string]bool{}
	for _, w := range strings.Fields(list) {
		s[w] = true
	}
	return s
}
