package query

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/grundy-go/grundy/games"
	heapgame "github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/script"
)

// This file is the faces' door to the catalog, the position syntax, the
// board views and rule scripts: a face (the CLI, the web explorer, the
// census) imports query and game only, never games, script or an engine
// (TestDependencies holds it).

// Position, Group, Instance and Component are the parsed position a verb
// answers: a sum of groups, each an instance of a game with its components
// (docs/reference.md, "Positions").
type (
	Position  = games.Position
	Group     = games.Group
	Instance  = games.Instance
	Component = games.Component
)

// GameInfo is one game of the catalog as data: what `grundy games` and the
// explorer's catalog list, and the capabilities a face needs to know.
type GameInfo struct {
	Name    string // the name on the command line
	Params  string // what goes after "NAME:", or "" when the game takes none
	Syntax  string // what one ARG (or the ARGs of a group) denote
	Kind    string // impartial, partizan, scoring or loopy
	Rules   string // the rules, in a sentence or two
	Example string // a whole position in CLI syntax
	// ReadsFile is true when the game's parameter names a file
	// (graph:FILE): a face that reads no files refuses the game.
	ReadsFile bool
	// Tabulates is true when the game, with its example's parameters, has
	// positions that are single integers (`grundy table`).
	Tabulates bool

	heapGame bool // HeapGame
}

// KindImpartial is GameInfo.Kind of impartial games (Grundy values).
const KindImpartial = string(games.Impartial)

// Catalog returns the games of the catalog, sorted by name.
func Catalog() []GameInfo {
	infos := make([]GameInfo, len(catalog))
	for i := range catalog {
		infos[i] = catalog[i].info()
	}
	return infos
}

// LookupGame returns the catalog's game called name (without parameters).
func LookupGame(name string) (GameInfo, bool) {
	e, ok := lookup(name)
	if !ok {
		return GameInfo{}, false
	}
	return e.info(), true
}

func (e *entry) info() GameInfo {
	info := GameInfo{Name: e.Name, Params: e.Params, Syntax: e.Syntax, Kind: string(e.Kind),
		Rules: e.Rules, Example: e.Example, ReadsFile: e.OpenFile != nil}
	if !info.ReadsFile {
		if inst, err := e.Open(e.exampleParams()); err == nil {
			info.Tabulates = Tabulates(inst)
			_, info.heapGame = inst.(games.HeapGamer)
		}
	}
	return info
}

// exampleParams returns the parameters the entry's example opens the game
// with ("" when it takes none).
func (e *entry) exampleParams() string {
	first, _, _ := strings.Cut(e.Example, " ")
	_, params, _ := strings.Cut(first, ":")
	return params
}

// Tabulates reports whether inst's positions are single non-negative
// integers whose values `grundy table` lists.
func Tabulates(inst Instance) bool {
	_, ok := inst.(games.Tabulator)
	return ok
}

// WritesRunFiles reports whether the sparse engine computes inst's
// sequence into a run file on disk (TableRun): a table too large for the
// memory can go there.
func WritesRunFiles(inst Instance) bool {
	if sq, ok := inst.(games.Sequenced); ok {
		_, ok := sq.SparseRules()
		return ok
	}
	return false
}

// HasCellValues reports whether some game of pos values its boards cell by
// cell (the value with the token on each cell, such as rook).
func HasCellValues(pos Position) bool {
	for _, g := range pos {
		if v, ok := g.Game.(games.Valued); ok {
			if _, ok := v.Evaluator(nil).(games.CellValuer); ok {
				return true
			}
		}
	}
	return false
}

// TableTooLarge reports whether err is the error of a table whose values
// would not fit in the memory allowed (a face may suggest a run file).
func TableTooLarge(err error) bool {
	var mem *heapgame.MemoryError
	return errors.As(err, &mem)
}

// ScriptLimits are the Starlark step budgets of rule scripts: per call and
// per run of a script (docs/scripts.md); 0 takes the default.
type ScriptLimits struct {
	CallSteps uint64 // steps one call of a script function may take
	RunSteps  uint64 // steps all calls of one loaded script may take together
}

// The default step budgets of rule scripts.
const (
	DefaultScriptCallSteps = script.DefaultCallSteps
	DefaultScriptRunSteps  = script.DefaultRunSteps
)

// WithScriptLimits returns ctx carrying the step budgets of the rule
// scripts a request runs.
func WithScriptLimits(ctx context.Context, l ScriptLimits) context.Context {
	return script.WithLimits(ctx, script.Limits(l))
}

// LoadScript loads a rule script from its source; name is the file name
// its errors cite, out receives its print output.
func LoadScript(name string, src []byte, out io.Writer) (Instance, error) {
	return script.LoadSource(name, src, out)
}

// ScriptBudget names a step budget of ScriptLimits.
type ScriptBudget int

// The step budgets a rule script may be stopped by.
const (
	ScriptNoStepBudget ScriptBudget = iota // none: not stopped by a step budget (a cap on its values, or no script error)
	ScriptCallSteps                        // ScriptLimits.CallSteps
	ScriptRunSteps                         // ScriptLimits.RunSteps
)

// ScriptStepsOf returns the step budget that stopped the rule script err
// reports, for a face to say which of its options raises it.
func ScriptStepsOf(err error) ScriptBudget {
	var steps *script.LimitError
	if !errors.As(err, &steps) {
		return ScriptNoStepBudget
	}
	switch steps.Step {
	case script.CallStepBudget:
		return ScriptCallSteps
	case script.RunStepBudget:
		return ScriptRunSteps
	}
	return ScriptNoStepBudget
}
