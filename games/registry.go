package games

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Kind classifies games the way the catalog lists them.
type Kind string

// The kinds of the catalog.
const (
	Impartial Kind = "impartial" // both players have the same moves; normal play
	Partizan  Kind = "partizan"  // the players have different moves
	Scoring   Kind = "scoring"   // the game ends with scores
	Loopy     Kind = "loopy"     // play may go on forever
)

// Spec describes one game of the catalog.
type Spec struct {
	Name    string // the name on the command line
	Params  string // what goes after "NAME:", or "" when the game takes none
	Syntax  string // what one ARG (or the ARGs of a group) denote
	Kind    Kind
	Rules   string // the rules, in a sentence or two
	Example string // a whole position in CLI syntax
	// New returns the game with parameters params (the text after the
	// colon; "" when there is none). Errors should wrap game.ErrInput.
	New func(params string) (Instance, error)
	// NewFromFile, when set instead of New, makes a game whose parameter
	// names a file, read through files (graph:FILE). Opening such a game
	// with no file access (files == nil) is refused.
	NewFromFile func(params string, files fs.FS) (Instance, error)
	// View, when set, returns the viewer that draws the game's positions
	// and moves (ViewOf); a game without one gets the generic view, and an
	// instance that is a Viewer itself draws its own.
	View func(Instance) Viewer
}

var (
	registry = map[string]*Spec{}
	loaders  = map[string]func(files fs.FS, path string) (Instance, error){}
)

// OSFiles gives the command line's file access with no deadline; see
// OSFilesContext. Faces that must read no file (the web explorer) pass nil
// instead.
var OSFiles = OSFilesContext(context.Background())

// MaxFileSize is the most bytes a position's file (@FILE, graph:FILE, a
// rule script) may hold: 64 MiB is ten million heaps written out, and a
// bound keeps a file such as /dev/zero from filling the memory.
const MaxFileSize = 64 << 20

// ReadFile reads name through files, at most MaxFileSize bytes; it refuses
// when there is no file access (files == nil). Errors wrap game.ErrInput.
func ReadFile(files fs.FS, name string) ([]byte, error) {
	if files == nil {
		return nil, game.Inputf("%q: this face reads no files", name)
	}
	f, err := files.Open(name)
	if err != nil {
		return nil, game.Inputf("%w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return nil, fmt.Errorf("read %s: %w", name, err) // a limit, not bad input
	}
	if err != nil {
		return nil, game.Inputf("read %s: %w", name, err)
	}
	if len(data) > MaxFileSize {
		return nil, game.Inputf("%s is larger than %d MiB, the most a position's file may hold", name, MaxFileSize>>20)
	}
	return data, nil
}

// readFile is ReadFile naming what the file is in its errors.
func readFile(files fs.FS, name, what string) ([]byte, error) {
	data, err := ReadFile(files, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return data, nil
}

// Register adds s to the catalog and returns its entry, which the game's
// instances return from Spec. It is meant for init functions and panics on
// a duplicate or incomplete spec, which is a programming error.
func Register(s Spec) *Spec {
	if s.Name == "" || (s.New == nil) == (s.NewFromFile == nil) || s.Kind == "" {
		panic("games: incomplete spec " + s.Name)
	}
	if _, dup := registry[s.Name]; dup {
		panic("games: duplicate game " + s.Name)
	}
	registry[s.Name] = &s
	return &s
}

// RegisterLoader makes GAME tokens that end in ext (such as ".star") load a
// game from the file they name, read through files. Like Register it is
// meant for init.
func RegisterLoader(ext string, load func(files fs.FS, path string) (Instance, error)) {
	if _, dup := loaders[ext]; dup {
		panic("games: duplicate loader " + ext)
	}
	loaders[ext] = load
}

// Lookup returns the spec registered under name.
func Lookup(name string) (*Spec, bool) {
	s, ok := registry[name]
	return s, ok
}

// Catalog returns every registered spec, sorted by name.
func Catalog() []*Spec {
	specs := make([]*Spec, 0, len(registry))
	for _, s := range registry {
		specs = append(specs, s)
	}
	sort.Slice(specs, func(i, j int) bool { return specs[i].Name < specs[j].Name })
	return specs
}

// Open returns the game named by a GAME token (see OpenFS), with the
// command line's file access (OSFiles).
func Open(token string) (Instance, error) { return OpenFS(token, OSFiles) }

// OpenFS returns the game named by a GAME token: NAME, NAME:PARAMS, or a
// path with a registered loader's extension. Files a token names (a rule
// script, graph:FILE) are read through files; with files nil such tokens
// are refused, so a face that passes nil reads no file whatever the text.
func OpenFS(token string, files fs.FS) (Instance, error) {
	for ext, load := range loaders {
		if strings.HasSuffix(token, ext) && !strings.Contains(token[:len(token)-len(ext)], ":") {
			if files == nil {
				return nil, game.Inputf("rule script %q: this face reads no files", token)
			}
			return load(files, token)
		}
	}
	name, params, hasParams := strings.Cut(token, ":")
	spec, ok := registry[name]
	if !ok {
		return nil, &game.NotFoundError{What: "game", Name: name, Suggestions: Similar(name)}
	}
	if hasParams && spec.Params == "" {
		return nil, game.Inputf("game %s takes no parameters, got %q", name, params)
	}
	var inst Instance
	var err error
	if spec.NewFromFile != nil {
		inst, err = spec.NewFromFile(params, files)
	} else {
		inst, err = spec.New(params)
	}
	if err != nil {
		return nil, wrapInput(fmt.Errorf("%s: %w", token, err))
	}
	return inst, nil
}

// wrapInput marks err as bad input unless it already is.
func wrapInput(err error) error {
	if err == nil {
		return nil
	}
	return game.Inputf("%w", err)
}
