package query

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/script"
)

// entry is one game of the catalog: its description (what GameInfo gives
// the faces) and the constructor of its model in package games. The
// catalog is this data; games registers nothing.
type entry struct {
	Name    string // the name on the command line
	Params  string // what goes after "NAME:", or "" when the game takes none
	Syntax  string // what one ARG (or the ARGs of a group) denote
	Kind    games.Kind
	Rules   string // the rules, in a sentence or two
	Example string // a whole position in CLI syntax
	// Open returns the game with parameters params (the text after the
	// colon; "" when there is none). Errors should wrap game.ErrInput.
	Open func(params string) (games.Instance, error)
	// OpenFile, set instead of Open, makes a game whose parameter names a
	// file, read through files (graph:FILE). Opening such a game with no
	// file access (files == nil) is refused.
	OpenFile func(params string, files fs.FS) (games.Instance, error)
}

// catalog is every game of the catalog, sorted by name.
var catalog = sortedCatalog(append([]entry{
	{
		Name:    "cards",
		Syntax:  "a1,a2 b1,b2 [y]: the hand of the player to move, the opponent's, and optionally the card the opponent made last (no y: no move yet)",
		Kind:    games.Loopy,
		Rules:   "Each player holds two cards 0..9; the mover replaces one of their cards c by (c + y) mod 10, y the card the opponent made on their last move (0 before any move); whoever makes a 0 wins.",
		Example: "cards 1,2 3,4",
		Open:    games.OpenCards,
	},
	{
		Name:    "chomp",
		Syntax:  "a bar per ARG: WxH (W columns, H rows, each at most 15), or the column heights from the poisoned corner, not increasing (4,4,2)",
		Kind:    games.Impartial,
		Rules:   "Pick a square of the bar and eat it with every square below it and to its right; the top-left square is poisoned: whoever cannot pick another square loses.",
		Example: "chomp 4x3",
		Open:    games.OpenChomp,
	},
	{
		Name:    "circles",
		Syntax:  "one position: a circle x,y,r per ARG (integers, r >= 1); circles may nest or touch but never cross",
		Kind:    games.Impartial,
		Rules:   "A move picks a point and removes every circle containing it; whoever cannot move loses (TopCoder SRM 561 CirclesGame).",
		Example: "circles 0,1,1 1,0,3 2,-1,1 6,0,1 3,0,6 12,1,1 13,0,3 14,-1,1",
		Open:    games.OpenCircles,
	},
	{
		Name:    "cram",
		Params:  "[nosymmetry]",
		Syntax:  "a board per ARG: rows of open '.' and taken '#' cells joined by '/' (e.g. ..#/.../...), or WxH for an empty board; cram:nosymmetry searches the components that a half turn maps onto themselves (no open centre cell) instead of answering 0",
		Kind:    games.Impartial,
		Rules:   "Place a domino on two adjacent open cells; whoever cannot move loses.",
		Example: "cram 4x3 + cram ..#/.../#..",
		Open:    games.OpenCram,
	},
	{
		Name:    "divisor",
		Syntax:  "heap sizes >= 1 (one heap per ARG)",
		Kind:    games.Impartial,
		Rules:   "From a heap of n take d tokens, where d divides n and d < n; whoever cannot move loses.",
		Example: "divisor 12",
		Open:    games.OpenDivisor,
	},
	{
		Name:    "ends",
		Syntax:  "the row of integers, one number per ARG (all ARGs form one row)",
		Kind:    games.Scoring,
		Rules:   "Take the leftmost or the rightmost number of the row; when the row is empty the larger total wins (equal totals: draw).",
		Example: "ends 3 9 1 2",
		Open:    games.OpenEnds,
	},
	{
		Name:    "flip",
		Syntax:  "strings of + and - (one string per ARG; a one-cell string is written +-)",
		Kind:    games.Impartial,
		Rules:   "Turn two adjacent + into --; whoever cannot move loses (LeetCode 294). Each run of n + is a heap n of Dawson's Kayles (0.07).",
		Example: "flip ++++-++",
		Open:    games.OpenFlip,
	},
	{
		Name:    "forest",
		Syntax:  "a rooted forest per ARG: a parent list, -1 for a root, e.g. -1,0,0,1 (nodes 0..n-1); 'empty' for no nodes",
		Kind:    games.Impartial,
		Rules:   "A move picks a node and deletes it and all its ancestors; whoever cannot move loses.",
		Example: "forest -1,0,0,1",
		Open:    games.OpenForest,
	},
	{
		Name:    "graph",
		Params:  "FILE: an edge list, one 'u v' edge per line or a lone 'u' for a node with no edges; '#' starts a comment",
		Syntax:  "the node of each token (one token per ARG)",
		Kind:    games.Impartial,
		Rules:   "Slide one token along an edge of the directed graph; whoever cannot move loses. Tokens may share a node.",
		Example: "graph:docs/boards-graph.txt start right",
		OpenFile: func(params string, files fs.FS) (games.Instance, error) {
			if params == "" {
				return nil, game.Inputf("graph needs a file, e.g. graph:moves.txt")
			}
			data, err := readFile(files, params, "graph file")
			if err != nil {
				return nil, err
			}
			return games.OpenGraph(params, data)
		},
	},
	{
		Name:    "grundy-game",
		Syntax:  "heap sizes (one heap per ARG)",
		Kind:    games.Impartial,
		Rules:   "Split one heap into two non-empty heaps of different sizes; whoever cannot move loses. (Code 4.0 with distinct parts: no periodicity theorem applies.)",
		Example: "grundy-game 9",
		Open:    games.OpenGrundyGame,
	},
	{
		Name:    "nim",
		Syntax:  "heap sizes (one heap per ARG)",
		Kind:    games.Impartial,
		Rules:   "Take any positive number of tokens from one heap; whoever takes the last token wins.",
		Example: "nim 3 4 5",
		Open:    games.OpenNim,
	},
	{
		Name:    "node-kayles",
		Syntax:  "a graph per ARG, at most 64 vertices: path:N, cycle:N, grid:WxH or edges:N:U-V,U-V,...; after '/', the vertices removed (path:10/3-5); @FILE reads edges 'U V', one a line",
		Kind:    games.Impartial,
		Rules:   "Pick a vertex and remove it with its neighbours; whoever cannot move loses.",
		Example: "node-kayles path:10 + node-kayles grid:3x3",
		Open:    games.OpenNodeKayles,
	},
	{
		Name:    "octal",
		Params:  "CODE: a take-and-break code d0.d1d2... in octal or hexadecimal digits; digit dk's bits say that removing k tokens may leave 0 heaps (1), 1 heap (2), 2 non-empty heaps (4), 3 non-empty heaps (8); d0 (before the point) allows splitting without removing; a bracketed tail repeats forever (0.[3] is Nim, 4.[3] Lasker's Nim)",
		Syntax:  "heap sizes (one heap per ARG)",
		Kind:    games.Impartial,
		Rules:   "Remove k tokens from one heap and leave what digit dk of the code allows; whoever cannot move loses.",
		Example: "octal:0.77 10",
		Open: func(params string) (games.Instance, error) {
			if params == "" {
				return nil, game.Inputf("octal needs a code, e.g. octal:0.77")
			}
			return games.OpenOctal("octal:"+params, params)
		},
	},
	{
		Name:    "quixo",
		Params:  "NxN: the board size, 2x2 to 5x5 (5x5, the real game, is solved only tier by tier, from files on disk: docs/solve.md)",
		Syntax:  "the board as rows of x, o, . joined by /, then the side to move (x or o); no ARG: the empty board, x to move",
		Kind:    games.Loopy,
		Rules:   "Take a border cube that is blank or yours, turn it to your symbol and push it back in at another end of its row or column; a line of your symbol wins, completing a line of the opponent's loses.",
		Example: "quixo:3x3",
		Open:    games.OpenQuixo,
	},
	{
		Name:    "rectangles",
		Syntax:  "a board per ARG: rows of open '.' and crossed '#' cells joined by '/' (e.g. ..#/.../...), or WxH for an empty board",
		Kind:    games.Impartial,
		Rules:   "Cross out any axis-aligned rectangle of open cells; whoever crosses the last cell wins.",
		Example: "rectangles 3x3 + rectangles ..#/.../#..",
		Open:    games.OpenRectangles,
	},
	{
		Name:    "rook",
		Syntax:  "a board per ARG: rows top to bottom of free '.', blocked '#' and one token 'o', joined by '/' (e.g. ..o/.#./...)",
		Kind:    games.Impartial,
		Rules:   "Move the token one or more free cells straight up or straight right, not through '#'; whoever cannot move loses.",
		Example: "rook .#../..../o...",
		Open:    games.OpenRook,
	},
	{
		Name:    "subtract",
		Params:  "S: the amounts that may be taken, a comma-separated list of positive integers and ranges (1-3, 1,3,4, 2,5,7-9)",
		Syntax:  "heap sizes (one heap per ARG)",
		Kind:    games.Impartial,
		Rules:   "Take s tokens from one heap, for some s in S; whoever cannot move loses.",
		Example: "subtract:1-3 10",
		Open:    games.OpenSubtract,
	},
	{
		Name:    "tictactoe",
		Syntax:  "one 3x3 board of x, o, . in row order, rows optionally joined by / (no ARG: the empty board)",
		Kind:    games.Partizan,
		Rules:   "x and o take turns marking an empty cell, x first; three in a row wins; a full board is a draw.",
		Example: "tictactoe x.o/.x./..o",
		Open:    games.OpenTicTacToe,
	},
}, octalAliases([]octalAlias{
	{"kayles", "0.77", "Kayles (octal 0.77): knock down one pin or two adjacent pins from a row; a row may split in two"},
	{"dawson-kayles", "0.07", "Dawson's Kayles (octal 0.07): knock down two adjacent pins from a row; the rest may split in two"},
	{"dawson-chess", "0.137", "Dawson's chess (octal 0.137): take 1 token from a heap of 1, or 2 leaving at most one heap, or 3 leaving up to two heaps"},
	{"lasker", "4.[3]", "Lasker's Nim (4.[3]): take any positive number from one heap, or split a heap into two non-empty heaps"},
})...))

// octalAlias is a classic take-and-break code with a name of its own.
type octalAlias struct{ name, code, rules string }

// octalAliases are the catalog entries of the aliases.
func octalAliases(as []octalAlias) []entry {
	es := make([]entry, len(as))
	for i, a := range as {
		es[i] = entry{
			Name:    a.name,
			Syntax:  "heap sizes (one heap per ARG)",
			Kind:    games.Impartial,
			Rules:   a.rules + "; whoever cannot move loses.",
			Example: a.name + " 10",
			Open:    func(string) (games.Instance, error) { return games.OpenOctal(a.name, a.code) },
		}
	}
	return es
}

// sortedCatalog sorts the entries by name; a duplicate or incomplete entry
// is a programming error and panics.
func sortedCatalog(es []entry) []entry {
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.Name, b.Name) })
	for i, e := range es {
		if e.Name == "" || (e.Open == nil) == (e.OpenFile == nil) || e.Kind == "" {
			panic("query: incomplete catalog entry " + e.Name)
		}
		if i > 0 && es[i-1].Name == e.Name {
			panic("query: duplicate catalog entry " + e.Name)
		}
	}
	return es
}

// lookup returns the catalog's entry called name (without parameters).
func lookup(name string) (*entry, bool) {
	i, ok := slices.BinarySearchFunc(catalog, name, func(e entry, name string) int { return strings.Compare(e.Name, name) })
	if !ok {
		return nil, false
	}
	return &catalog[i], true
}

// loaders are the GAME tokens that name a file holding a game: a path
// ending in ext, loaded from the file read through files.
var loaders = []struct {
	ext  string
	load func(files fs.FS, path string) (games.Instance, error)
}{
	{".star", loadScript},
}

// loadScript reads and runs the rule script at path; its print output goes
// to standard error, each line prefixed by path.
func loadScript(files fs.FS, path string) (games.Instance, error) {
	src, err := ReadFile(files, path)
	if err != nil {
		return nil, fmt.Errorf("read script: %w", err)
	}
	return script.LoadSource(path, src, os.Stderr)
}
