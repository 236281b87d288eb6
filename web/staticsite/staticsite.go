// Package staticsite builds the explorer as a static site: the pages of
// `grundy serve` with the engine compiled to WebAssembly (web/wasm), so
// the explorer can be published as plain files and opened from any static
// host, with no server computing. `go run ./web/build -o site/` calls
// [Build].
//
// The site holds the pages (every file of web/static), boot.js (marks the
// pages static and starts the engine's worker), engine-worker.js (the Web
// Worker that runs the engine off the page's main thread), wasm_exec.js
// (Go's JavaScript glue, from the Go installation that builds the engine,
// loaded by the worker), grundy.wasm, site-fs.js (the engine's read-only
// file system over the site's files) and the databases of
// Options.Databases under db/ (db/index.json lists their folders), from
// which the engine answers those games' positions without solving. Each HTML page gets boot.js ahead
// of its own scripts, the server's Content-Security-Policy as a meta tag,
// and its root-relative links made relative, so the site also works under a
// sub-path.
package staticsite

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/grundy-go/grundy/query"
)

//go:embed boot.js
var bootJS []byte

//go:embed engine-worker.js
var workerJS []byte

//go:embed site-fs.js
var siteFSJS []byte

// CSP is the Content-Security-Policy of the static site's pages, set by a
// meta tag: the server's (web/server.go) but frame-ancestors, which a meta
// tag cannot set. The engine runs in a same-origin worker (worker-src
// 'self'), so the pages need no 'wasm-unsafe-eval': the worker's policy is
// its own response's, which a plain static host leaves empty.
const CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self'"

// EngineFile is the name of the WebAssembly engine in the site.
const EngineFile = "grundy.wasm"

// ErrToolchain is matched by the errors of Build that come from outside
// the repository: no go command, or a Go installation without wasm_exec.js.
var ErrToolchain = errors.New("go toolchain cannot build WebAssembly")

// Options say how to build.
type Options struct {
	// ModuleDir is the root of the grundy module (the folder of go.mod);
	// empty: the module of the working directory.
	ModuleDir string
	// Go is the go command (empty: "go" on the PATH).
	Go string
	// Databases are the games (catalog specs, "quixo:3x3") solved into
	// databases shipped with the site, compressed as `grundy solve GAME
	// --db DIR` writes them: the in-browser engine answers their
	// positions from them. A folder of the site that already holds a
	// game's database is used as it is (verified as any database is).
	Databases []string
}

// DatabaseDir is the folder of the site that holds its databases, each
// in a folder named by DatabaseFolder, listed in DatabaseIndex.
const (
	DatabaseDir   = "db"
	DatabaseIndex = "index.json"
)

// DatabaseFolder names the folder of the database of the game spec (its
// characters other than letters, digits and '-' replaced by '-':
// "quixo:3x3" is "quixo-3x3").
func DatabaseFolder(spec string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, spec)
}

// Build writes the static site into dir (created if missing): pages from
// the fs.FS of the explorer's pages (web.Pages()), the engine compiled
// with GOOS=js GOARCH=wasm.
func Build(ctx context.Context, dir string, pages fs.FS, opts Options) error {
	goCmd := opts.Go
	if goCmd == "" {
		goCmd = "go"
	}
	if _, err := exec.LookPath(goCmd); err != nil {
		return fmt.Errorf("%w: %v", ErrToolchain, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if err := copyPages(dir, pages); err != nil {
		return err
	}
	if err := writeDatabases(ctx, dir, opts.Databases); err != nil {
		return err
	}
	for name, data := range map[string][]byte{"boot.js": bootJS, "engine-worker.js": workerJS, "site-fs.js": siteFSJS} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	goroot, err := output(ctx, opts.ModuleDir, nil, goCmd, "env", "GOROOT")
	if err != nil {
		return fmt.Errorf("%w: go env GOROOT: %v", ErrToolchain, err)
	}
	if err := copyWasmExec(goroot, dir); err != nil {
		return err
	}
	abs, err := filepath.Abs(filepath.Join(dir, EngineFile))
	if err != nil {
		return err
	}
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if _, err := output(ctx, opts.ModuleDir, env, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", abs, "github.com/grundy-go/grundy/web/wasm"); err != nil {
		return fmt.Errorf("build the engine (GOOS=js GOARCH=wasm): %w", err)
	}
	return nil
}

// writeDatabases solves each game of specs into its folder of dir/db
// (compressed; a database already there is answered from, not solved
// again), removes the writer's lock file, which readers do not use, and
// writes dir/db/index.json, the list of the folders.
func writeDatabases(ctx context.Context, dir string, specs []string) error {
	root := filepath.Join(dir, DatabaseDir)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", root, err)
	}
	folders := []string{}
	for _, spec := range specs {
		pos, err := query.Parse([]string{spec}, nil)
		if err != nil {
			return fmt.Errorf("database of %s: %w", spec, err)
		}
		folder := DatabaseFolder(spec)
		db := filepath.Join(root, folder)
		if _, err := query.SolveWith(ctx, pos, query.SolveOptions{DB: db}); err != nil {
			return fmt.Errorf("database of %s: %w", spec, err)
		}
		if err := os.Remove(filepath.Join(db, "LOCK")); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("database of %s: %w", spec, err)
		}
		folders = append(folders, folder)
	}
	index, err := json.Marshal(folders)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, DatabaseIndex), append(index, '\n'), 0o644)
}

// output runs a command and returns its trimmed standard output; its
// error carries the command's standard error.
func output(ctx context.Context, dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return "", err
		}
		return "", fmt.Errorf("%w: %s", err, msg)
	}
	return strings.TrimSpace(stdout.String()), nil
}

// copyWasmExec copies Go's wasm_exec.js: lib/wasm since Go 1.24,
// misc/wasm before.
func copyWasmExec(goroot, dir string) error {
	for _, sub := range []string{"lib/wasm", "misc/wasm"} {
		data, err := os.ReadFile(filepath.Join(goroot, sub, "wasm_exec.js"))
		if err == nil {
			return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), data, 0o644)
		}
	}
	return fmt.Errorf("%w: no wasm_exec.js in %s/lib/wasm or %s/misc/wasm", ErrToolchain, goroot, goroot)
}

// rootLink matches a root-relative href or src ("/x", not "//host").
var rootLink = regexp.MustCompile(`((?:href|src)=")/([^/"])`)

// copyPages copies every file of pages into dir, rewriting HTML pages.
func copyPages(dir string, pages fs.FS) error {
	return fs.WalkDir(pages, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dest := filepath.Join(dir, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(dest, 0o755)
		}
		data, err := fs.ReadFile(pages, path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".html") {
			data = StaticPage(data)
		}
		if err := os.WriteFile(dest, data, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", dest, err)
		}
		return nil
	})
}

// StaticPage rewrites one HTML page for the static site: links relative,
// the Content-Security-Policy (CSP) as the head's first tag, and boot.js
// loaded before the page's first script (so the engine starts loading
// before the page asks it anything).
func StaticPage(html []byte) []byte {
	out := rootLink.ReplaceAll(html, []byte("${1}${2}"))
	if bytes.Equal(out, html) && !bytes.Contains(html, []byte("<script")) {
		return out
	}
	insert := func(out []byte, at int, what string) []byte {
		return append(append(append([]byte{}, out[:at]...), what...), out[at:]...)
	}
	if i := bytes.Index(out, []byte("<head>")); i >= 0 {
		out = insert(out, i+len("<head>"), "\n"+`<meta http-equiv="Content-Security-Policy" content="`+CSP+`">`)
	}
	boot := `<script src="boot.js"></script>` + "\n"
	if i := bytes.Index(out, []byte("<script")); i >= 0 {
		return insert(out, i, boot)
	}
	if i := bytes.Index(out, []byte("</head>")); i >= 0 {
		return insert(out, i, boot)
	}
	return out
}
