package script

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// Default step budgets. A step is one Starlark bytecode instruction or so;
// a modern core runs some 10^7 to 10^8 of them a second.
const (
	DefaultCallSteps = 10_000_000     // per call of a script function
	DefaultRunSteps  = 10_000_000_000 // over the whole life of a script
)

// Limits bound the Starlark work of a script. Zero fields take the defaults.
type Limits struct {
	CallSteps uint64 // steps one call of a script function may take
	RunSteps  uint64 // steps all calls of one loaded script may take together
}

func (l Limits) withDefaults() Limits {
	if l.CallSteps == 0 {
		l.CallSteps = DefaultCallSteps
	}
	if l.RunSteps == 0 {
		l.RunSteps = DefaultRunSteps
	}
	return l
}

type limitsKey struct{}

// WithLimits returns a context carrying script limits: every script used
// with that context (Grundy, MovesToValue, ...) runs under them.
func WithLimits(ctx context.Context, l Limits) context.Context {
	return context.WithValue(ctx, limitsKey{}, l)
}

// limitsFrom returns the limits ctx carries, or the defaults.
func limitsFrom(ctx context.Context) Limits {
	l, _ := ctx.Value(limitsKey{}).(Limits)
	return l.withDefaults()
}

// LimitError reports that a script hit a step budget or a size cap; it is
// a limit (exit status 1), not bad input. Its message names no flag: Step
// says which budget it was, and each face says how to raise it.
type LimitError struct {
	Msg  string
	Step StepBudget // the step budget hit; NoStepBudget for size caps
}

// StepBudget names the step budgets of Limits.
type StepBudget int

// The step budgets.
const (
	NoStepBudget   StepBudget = iota
	CallStepBudget            // Limits.CallSteps: one call of a script function
	RunStepBudget             // Limits.RunSteps: all calls of one script
)

// Error returns the message.
func (e *LimitError) Error() string { return e.Msg }

// LimitReached reports "steps" for a step budget and "size" for a cap on
// the values a script builds, for faces (game.Limited); the message says
// the limit.
func (e *LimitError) LimitReached() (string, int64, int64) {
	if e.Step == NoStepBudget {
		return "size", 0, 0
	}
	return "steps", 0, 0
}

// Script is a game defined by a Starlark file: an impartial game whose
// options are listed by the script's moves(pos), bound to the catalog. It
// implements games.Instance, games.Valued and games.Tabulator (integer
// positions); `grundy solve` solves its sums like those of the built-in
// impartial games. A script that defines result(pos) is wrapped as a
// [General] instead.
//
// Every position the script returns is interned once into an [ID]; each
// position's options are computed by one call of moves and kept as IDs, so
// the engine never calls the script twice for one position. A Script is not
// safe for concurrent use (one Starlark thread runs it).
type Script struct {
	path    string         // the GAME token and the file name in messages
	inst    games.Instance // s, or the *General wrapping s
	thread  *starlark.Thread
	budget  budget
	globals starlark.StringDict
	moves   *starlark.Function
	parse   *starlark.Function
	split   *starlark.Function
	canon   *starlark.Function
	show    *starlark.Function
	result  *starlark.Function

	showFailed bool // show() failed once: positions print in the default form

	limits     Limits
	stepReason string          // "call" or "run" after a step budget stopped a call
	ctx        context.Context // of the operation in progress, or nil

	// Interning: small non-negative ints densely (1 + ID, 0 when new), other
	// ints by map, and the encoded keys of other positions.
	smallInts []ID
	ints      map[int64]ID
	keys      map[string]ID
	vals      []starlark.Value // the position of each ID
	keyBytes  int              // total length of the keys
	buf       []byte

	// Per-ID caches: 1 + offset into the arena, 0 when not computed.
	optOff   []uint32
	opts     []ID // at an offset: k, then k times (m, m IDs)
	splitOff []uint32
	splits   []ID // at an offset: m, then m IDs
	canonOf  []ID // 1 + the canonical ID, 0 when not computed

	results map[ID]resultVal // result(pos) of general games
	scoring bool             // result() has returned a number

	args   starlark.Tuple // the argument tuple of every call
	failed error          // the first script error of the operation in progress

	request *limits.Budget // the budget of the operation in progress
	charged int64          // bytes of interned positions and options accounted

	// sumHint, once set, says that moves returned a list whose elements
	// are of another type than the position (moves((2, 3)) returned
	// [1, 3]): grundy reads such a list as a sum, so a script that meant
	// one position fails later on the parts; its errors then carry the hint.
	sumHint string
}

// LoadSource runs the script src and returns its game: a *Script
// (impartial) or, when the script defines result(pos), a *General; name is
// its GAME token (a file name ending in .star) and out receives its print
// output. Reading the file is the caller's (package query's file access).
func LoadSource(name string, src []byte, out io.Writer) (games.Instance, error) {
	s, err := compile(name, src, out)
	if err != nil {
		return nil, err
	}
	if s.result != nil {
		return s.inst, nil
	}
	return s, nil
}

// fileOptions are the Starlark dialect of scripts: Python-like top-level
// code and while loops, but no recursion (it would grow the Go stack without
// bound; write loops or memoize over positions instead).
var fileOptions = syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true}

// compile runs src as a script named name. The output of the script's print
// calls goes to out.
func compile(name string, src []byte, out io.Writer) (*Script, error) {
	opts := fileOptions
	f, err := opts.Parse(name, src, 0)
	if err != nil {
		var se syntax.Error
		if errors.As(err, &se) {
			return nil, located(name, se.Pos, game.Inputf("%s:%d: syntax error: %s", name, se.Pos.Line, se.Msg))
		}
		return nil, game.Inputf("%s: %w", name, err)
	}
	for _, stmt := range f.Stmts {
		if l, ok := stmt.(*syntax.LoadStmt); ok {
			return nil, located(name, l.Load, game.Inputf("%s:%d: load is not allowed: a script is one self-contained file", name, l.Load.Line))
		}
	}
	s := &Script{path: name, ints: map[int64]ID{}, keys: map[string]ID{}}
	predeclared := sandbox(&s.budget)
	rewriteFile(f)
	prog, err := starlark.FileProgram(f, predeclared.Has)
	if err != nil {
		var list resolve.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			return nil, located(name, list[0].Pos, game.Inputf("%s:%d: %s", name, list[0].Pos.Line, list[0].Msg))
		}
		return nil, game.Inputf("%s: %w", name, err)
	}
	s.thread = &starlark.Thread{
		Name:  name,
		Print: func(_ *starlark.Thread, msg string) { fmt.Fprintf(out, "%s: %s\n", name, msg) },
		Load: func(*starlark.Thread, string) (starlark.StringDict, error) {
			return nil, errors.New("load is not allowed")
		},
		OnMaxSteps: func(t *starlark.Thread) {
			s.stepReason = "call"
			if t.Steps >= s.limits.RunSteps {
				s.stepReason = "run"
			}
			t.Cancel("too many steps")
		},
	}
	s.limits = Limits{}.withDefaults()
	s.setCallBudget()
	globals, err := prog.Init(s.thread, predeclared)
	if err != nil {
		return nil, s.wrap("the top level", nil, err)
	}
	globals.Freeze()
	s.globals = globals
	fns := []struct {
		name string
		dst  **starlark.Function
	}{{"moves", &s.moves}, {"parse", &s.parse}, {"split", &s.split}, {"canon", &s.canon}, {"show", &s.show}, {"result", &s.result}}
	for _, f := range fns {
		fname, dst := f.name, f.dst
		v, ok := globals[fname]
		if !ok {
			continue
		}
		fn, ok := v.(*starlark.Function)
		if !ok {
			return nil, game.Inputf("%s: %s is a %s, not a function", name, fname, v.Type())
		}
		if fn.NumParams() < 1 {
			return nil, located(name, fn.Position(), game.Inputf("%s:%d: %s must take one parameter, the position", name, fn.Position().Line, fname))
		}
		*dst = fn
	}
	if s.moves == nil {
		return nil, game.Inputf("%s: the script defines no moves(pos) function", name)
	}
	s.inst = s
	if s.result != nil {
		s.inst = &General{s}
	}
	return s, nil
}

// setCallBudget arms the step budget for the next call.
func (s *Script) setCallBudget() {
	s.budget.endCall()
	s.stepReason = ""
	limit := s.thread.Steps + s.limits.CallSteps
	if limit < s.thread.Steps { // overflow: no limit per call
		limit = math.MaxUint64
	}
	if limit > s.limits.RunSteps {
		limit = s.limits.RunSteps
	}
	if limit <= s.thread.Steps {
		limit = s.thread.Steps + 1 // stop at the first step
	}
	s.thread.SetMaxExecutionSteps(limit)
}

// call runs fn(arg) under the call budget.
func (s *Script) call(fn *starlark.Function, arg starlark.Value) (starlark.Value, error) {
	if s.ctx == nil {
		// Outside an engine operation (parse, show, Moves) no context can
		// have cancelled the thread: clear a cancellation left by the last
		// operation's error.
		s.thread.Uncancel()
	}
	s.setCallBudget()
	// The arguments are copied into the callee's frame, so one tuple serves
	// every call (calls never nest: scripts cannot call back into grundy).
	if s.args == nil {
		s.args = make(starlark.Tuple, 1)
	}
	s.args[0] = arg
	v, err := starlark.Call(s.thread, fn, s.args, nil)
	s.budget.endCall()
	s.args[0] = nil
	if err != nil {
		return nil, s.wrap(fn.Name(), arg, err)
	}
	return v, nil
}

// wrap describes an error of a call of fn(pos): FILE:LINE, the call, the
// message, and the place as data (SourceError) when the call stack passes
// through the script. Script errors are bad input; budgets and
// cancellation are not.
func (s *Script) wrap(fn string, pos starlark.Value, err error) error {
	var at syntax.Position
	msg := err.Error()
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		msg = ee.Msg
		for i := 0; i < len(ee.CallStack); i++ {
			if p := ee.CallStack.At(i).Pos; p.Filename() == s.path {
				at = p
				break
			}
		}
	}
	where := s.path
	if at.Line > 0 {
		where = fmt.Sprintf("%s:%d", s.path, at.Line)
	}
	if pos != nil {
		where += fmt.Sprintf(": in %s(%s)", fn, brief(pos))
	} else {
		where += ": in " + fn
	}
	err = s.callError(where, msg, err)
	if at.Line > 0 {
		return located(s.path, at, err)
	}
	return err
}

// callError is the error of a call that failed with err, its message msg,
// at where.
func (s *Script) callError(where, msg string, err error) error {
	var size *sizeError
	switch {
	case s.ctx != nil && s.ctx.Err() != nil:
		return fmt.Errorf("%s: %w", where, &limits.StoppedError{Err: s.ctx.Err()})
	case s.stepReason == "call":
		return &LimitError{Msg: fmt.Sprintf("%s: more than %d steps in one call", where, s.limits.CallSteps), Step: CallStepBudget}
	case s.stepReason == "run":
		return &LimitError{Msg: fmt.Sprintf("%s: the script took more than %d steps in all", where, s.limits.RunSteps), Step: RunStepBudget}
	case errors.As(err, &size):
		return &LimitError{Msg: fmt.Sprintf("%s: %s", where, size.Msg)}
	case errors.Is(err, limits.ErrMemoryLimit):
		var mem *limits.MemoryLimitError
		errors.As(err, &mem)
		return fmt.Errorf("%s: %w", where, mem)
	}
	return game.Inputf("%s: %s%s", where, msg, s.hint())
}

// badResult describes a result of fn(pos) that the game cannot use; it
// names the line of fn's definition.
func (s *Script) badResult(fn *starlark.Function, pos starlark.Value, format string, args ...any) error {
	return located(s.path, fn.Position(), game.Inputf("%s:%d: %s(%s) %s%s", s.path, fn.Position().Line, fn.Name(), brief(pos), fmt.Sprintf(format, args...), s.hint()))
}

// SourceError is an error at a place of a script's source: the file and
// the line and column from 1 (game.Located), for a face to point at. Its
// message is the wrapped error's, which names the place too.
type SourceError struct {
	File         string
	Line, Column int
	Err          error
}

func (e *SourceError) Error() string { return e.Err.Error() }
func (e *SourceError) Unwrap() error { return e.Err }

// Location returns the file, line and column of the error.
func (e *SourceError) Location() (file string, line, column int) {
	return e.File, e.Line, e.Column
}

// located marks err as an error at the place at of the script file.
func located(file string, at syntax.Position, err error) error {
	return &SourceError{File: file, Line: int(at.Line), Column: int(at.Col), Err: err}
}

// hint is the note errors carry once moves has returned a list that looks
// meant as one position (sumHint), or "".
func (s *Script) hint() string {
	if s.sumHint == "" {
		return ""
	}
	return " (hint: " + s.sumHint + ")"
}

// noteSum records the sum hint the first time moves(pos) returns a list
// option whose first element is not of pos's type.
func (s *Script) noteSum(pos starlark.Value, sum *starlark.List) {
	if s.sumHint != "" || sum.Len() == 0 || sum.Index(0).Type() == pos.Type() {
		return
	}
	parts := make(starlark.Tuple, sum.Len())
	for i := range parts {
		parts[i] = sum.Index(i)
	}
	s.sumHint = fmt.Sprintf("moves(%s) returned the list %s as an option, which is a sum of %d positions, one per element; "+
		"if the option is one position, return the tuple %s", brief(pos), brief(sum), sum.Len(), brief(parts))
}

// brief is a short form of a value for messages.
func brief(v starlark.Value) string {
	if size(v, 200) > 200 {
		return "<" + v.Type() + " too large to show>"
	}
	s := v.String()
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// intern returns the ID of position v, adding it if new.
func (s *Script) intern(v starlark.Value) (ID, error) {
	if i, ok := v.(starlark.Int); ok {
		if n, ok := i.Int64(); ok {
			return s.internInt(n, v)
		}
	}
	key, err := encode(s.buf[:0], v, 0)
	s.buf = key
	if err != nil {
		return 0, err
	}
	if key[0] == tagInt { // an integral float
		n, _ := binary.Varint(key[1:])
		return s.internInt(n, starlark.MakeInt64(n))
	}
	if id, ok := s.keys[string(key)]; ok {
		return id, nil
	}
	if s.keyBytes += len(key); s.keyBytes > maxKeyBytes {
		return 0, &LimitError{Msg: fmt.Sprintf("%s: the positions take more than %d MiB, the memory limit of a script game", s.path, maxKeyBytes>>20)}
	}
	id, err := s.add(v)
	if err == nil {
		s.keys[string(key)] = id
	}
	return id, err
}

// maxDenseInt bounds the integers interned through the dense slice.
const maxDenseInt = 1 << 26

func (s *Script) internInt(n int64, v starlark.Value) (ID, error) {
	if n >= 0 && n < maxDenseInt {
		if n < int64(len(s.smallInts)) {
			if id := s.smallInts[n]; id != 0 {
				return id - 1, nil
			}
		} else {
			grown := make([]ID, max(n+1, 2*int64(len(s.smallInts)), 1024))
			copy(grown, s.smallInts)
			s.smallInts = grown
		}
		id, err := s.add(v)
		if err == nil {
			s.smallInts[n] = id + 1
		}
		return id, err
	}
	if id, ok := s.ints[n]; ok {
		return id, nil
	}
	id, err := s.add(v)
	if err == nil {
		s.ints[n] = id
	}
	return id, err
}

// Memory caps of one script: the distinct positions it may meet (each
// costs some 250 bytes with its options and memo entry), and the bytes of
// the encoded keys of its non-integer positions.
const (
	maxIDs      = 1 << 24
	maxKeyBytes = 1 << 30
)

func (s *Script) add(v starlark.Value) (ID, error) {
	if len(s.vals) >= maxIDs {
		return 0, &LimitError{Msg: fmt.Sprintf("%s: more than %d distinct positions, the memory limit of a script game", s.path, maxIDs)}
	}
	v.Freeze()
	id := ID(len(s.vals))
	s.vals = append(s.vals, v)
	s.optOff = append(s.optOff, 0)
	if s.split != nil {
		s.splitOff = append(s.splitOff, 0)
	}
	if s.canon != nil {
		s.canonOf = append(s.canonOf, 0)
	}
	return id, nil
}

// charge accounts with the operation's budget for the memory the script's
// caches hold: the option lists, the interned positions (a Starlark value
// and its bookkeeping, some 200 bytes each) and their encoded keys. It
// charges in steps of 1 MiB, so most calls cost a comparison.
func (s *Script) charge() error {
	need := int64(cap(s.opts))*4 + int64(len(s.vals))*200 + int64(s.keyBytes)
	if need < s.charged+1<<20 {
		return nil
	}
	if err := s.request.Grow(need - s.charged); err != nil {
		return fmt.Errorf("%s: %d positions interned: %w", s.path, len(s.vals), err)
	}
	s.charged = need
	return nil
}

// growArena makes room in the option arena for n more entries (most
// options take two). A full arena grows by a quarter, as append would
// grow it, but the new array is held against the operation's budget
// before it is made, with the old one while it is copied: it is the
// largest thing a script allocates at once (100 MB for 10^5 options to
// each of 250 positions), and the budget's Grow first makes room for it
// under the runtime's memory limit (limits.Room).
func (s *Script) growArena(n int) error {
	old := cap(s.opts)
	if len(s.opts)+n <= old {
		return nil
	}
	next := max(len(s.opts)+n, old+old/4)
	if err := s.request.Grow(4 * int64(next)); err != nil {
		return fmt.Errorf("%s: %d positions interned: %w", s.path, len(s.vals), err)
	}
	grown := make([]ID, len(s.opts), next)
	copy(grown, s.opts)
	s.opts = grown
	// The old array is garbage now; charge counts the new one from here.
	s.request.Release(4 * int64(old))
	s.charged += 4 * int64(next-old)
	return nil
}

// fail records the first error of an operation; the engine then sees no
// more options and the operation returns the error.
func (s *Script) fail(err error) {
	if s.failed == nil {
		s.failed = err
	}
}

// sequence returns the elements of a list or tuple result of fn(pos).
func (s *Script) sequence(fn *starlark.Function, pos, res starlark.Value) ([]starlark.Value, error) {
	switch r := res.(type) {
	case *starlark.List:
		out := make([]starlark.Value, r.Len())
		for i := range out {
			out[i] = r.Index(i)
		}
		return out, nil
	case starlark.Tuple:
		return r, nil
	}
	return nil, s.badResult(fn, pos, "returned a %s, not a list", res.Type())
}

// options returns the arena offset of p's options, computing them with one
// call of moves(p) the first time.
func (s *Script) options(p ID) (int, bool) {
	if off := s.optOff[p]; off != 0 {
		return int(off - 1), true
	}
	if s.failed != nil {
		return 0, false
	}
	if err := s.charge(); err != nil {
		s.fail(err)
		return 0, false
	}
	pos := s.vals[p]
	res, err := s.call(s.moves, pos)
	if err != nil {
		s.fail(err)
		return 0, false
	}
	list, err := s.sequence(s.moves, pos, res)
	if err != nil {
		s.fail(err)
		return 0, false
	}
	start := len(s.opts)
	if uint64(start+len(list)) >= 1<<32-1 {
		s.fail(&LimitError{Msg: fmt.Sprintf("%s: the options of all positions take more than 2^32 entries", s.path)})
		return 0, false
	}
	if err := s.growArena(1 + 2*len(list)); err != nil {
		s.fail(err)
		return 0, false
	}
	s.opts = append(s.opts, ID(len(list)))
	for i, opt := range list {
		if sum, ok := opt.(*starlark.List); ok {
			s.noteSum(pos, sum)
			s.opts = append(s.opts, ID(sum.Len()))
			for j := 0; j < sum.Len(); j++ {
				id, err := s.intern(sum.Index(j))
				if err != nil {
					s.opts = s.opts[:start]
					s.fail(s.convErr(s.moves, pos, err, "returned as component %d of option %d", j+1, i+1))
					return 0, false
				}
				s.opts = append(s.opts, id)
			}
			continue
		}
		id, err := s.intern(opt)
		if err != nil {
			s.opts = s.opts[:start]
			s.fail(s.convErr(s.moves, pos, err, "returned as option %d", i+1))
			return 0, false
		}
		s.opts = append(s.opts, 1, id)
	}
	s.optOff[p] = uint32(start + 1)
	return start, true
}

// convErr is the error of a value fn(pos) returned that could not be
// interned: a memory limit as it is, anything else as bad input.
func (s *Script) convErr(fn *starlark.Function, pos starlark.Value, err error, format string, args ...any) error {
	var le *LimitError
	if errors.As(err, &le) {
		return err
	}
	return s.badResult(fn, pos, "%s %s", fmt.Sprintf(format, args...), describe(err))
}

func describe(err error) string {
	var np *notPosition
	if errors.As(err, &np) {
		return np.what
	}
	return err.Error()
}

// forOptions calls yield with each option of p (a slice of the arena, valid
// during the call).
func (s *Script) forOptions(p ID, yield func([]ID) bool) {
	start, ok := s.options(p)
	if !ok {
		return
	}
	k := int(s.opts[start])
	i := start + 1
	for range k {
		m := int(s.opts[i])
		if !yield(s.opts[i+1 : i+1+m : i+1+m]) {
			return
		}
		i += 1 + m
	}
}

// splitOf appends the components of p by split(p) to dst.
func (s *Script) splitOf(p ID, dst []ID) []ID {
	if s.split == nil || s.failed != nil {
		return append(dst, p)
	}
	if off := s.splitOff[p]; off != 0 {
		m := int(s.splits[off-1])
		return append(dst, s.splits[off:int(off)+m]...)
	}
	pos := s.vals[p]
	res, err := s.call(s.split, pos)
	if err == nil {
		var list []starlark.Value
		if list, err = s.sequence(s.split, pos, res); err == nil {
			start := len(s.splits)
			s.splits = append(s.splits, ID(len(list)))
			for i, c := range list {
				id, ierr := s.intern(c)
				if ierr != nil {
					s.splits = s.splits[:start]
					err = s.convErr(s.split, pos, ierr, "returned as component %d", i+1)
					break
				}
				s.splits = append(s.splits, id)
			}
			if err == nil {
				s.splitOff[p] = uint32(start + 1)
				return append(dst, s.splits[start+1:]...)
			}
		}
	}
	s.fail(err)
	return append(dst, p)
}

// canonOfID returns the representative of p by canon(p). The result is
// taken to be its own representative (canon is idempotent).
func (s *Script) canonOfID(p ID) ID {
	if s.canon == nil || s.failed != nil {
		return p
	}
	if c := s.canonOf[p]; c != 0 {
		return c - 1
	}
	pos := s.vals[p]
	res, err := s.call(s.canon, pos)
	if err != nil {
		s.fail(err)
		return p
	}
	c, err := s.intern(res)
	if err != nil {
		s.fail(s.convErr(s.canon, pos, err, "returned"))
		return p
	}
	s.canonOf[p] = c + 1
	if s.canonOf[c] == 0 {
		s.canonOf[c] = c + 1
	}
	return c
}

// format writes p as one ARG: show(p) if the script defines it (and it has
// not failed), else the default form (an integer; integers joined by commas for a tuple of
// integers; a string as itself; any other value as Starlark writes it).
func (s *Script) format(p ID) string {
	pos := s.vals[p]
	if s.show != nil && !s.showFailed {
		if res, err := s.call(s.show, pos); err == nil {
			if str, ok := res.(starlark.String); ok {
				return string(str)
			}
		}
		// A broken show is not called again: each failing call may cost
		// a whole step budget, and positions print in the default form.
		s.showFailed = true
	}
	return defaultShow(pos)
}

func defaultShow(v starlark.Value) string {
	switch v := v.(type) {
	case starlark.String:
		return string(v)
	case starlark.Tuple:
		parts := make([]string, len(v))
		for i, x := range v {
			n, ok := x.(starlark.Int)
			if !ok {
				return v.String()
			}
			parts[i] = n.String()
		}
		if len(parts) == 1 {
			return parts[0] + ","
		}
		return strings.Join(parts, ",")
	}
	return v.String()
}

// defaultParse reads an integer, or integers joined by commas as a tuple
// ("3,5" is (3, 5); "7," is (7,)).
func defaultParse(arg string) (starlark.Value, error) {
	arg = strings.TrimSpace(arg)
	if !strings.Contains(arg, ",") {
		n, err := strconv.ParseInt(arg, 10, 64)
		if err != nil {
			return nil, err
		}
		return starlark.MakeInt64(n), nil
	}
	fields := strings.Split(arg, ",")
	if fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	t := make(starlark.Tuple, len(fields))
	for i, f := range fields {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, err
		}
		t[i] = starlark.MakeInt64(n)
	}
	return t, nil
}

// parseArg reads one ARG as a position ID.
func (s *Script) parseArg(arg string) (ID, error) {
	if s.parse == nil {
		v, err := defaultParse(arg)
		if err != nil {
			return 0, game.Inputf("%q is not an integer or integers joined by commas (define parse(arg) in %s to read other positions)", arg, s.path)
		}
		return s.intern(v)
	}
	s.failed = nil
	res, err := s.call(s.parse, starlark.String(arg))
	if err != nil {
		return 0, err
	}
	id, err := s.intern(res)
	if err != nil {
		return 0, s.convErr(s.parse, starlark.String(arg), err, "returned")
	}
	return id, nil
}

// run performs one operation of the engine under ctx: the limits it carries,
// cancellation of the Starlark thread when ctx ends, and the first script
// error in place of the engine's result (the engine's memo is then
// discarded, since it valued positions whose options were cut short).
//
// A script error discards what the engines learnt during op (options cut
// short may have been recorded): reset, when not nil, is then called to
// start the caller's engine afresh.
func (s *Script) run(ctx context.Context, budget *limits.Budget, op func() error, reset func()) error {
	s.limits = limitsFrom(ctx)
	s.ctx = ctx
	s.request = budget
	s.budget.request = budget
	s.thread.Uncancel()
	stop := context.AfterFunc(ctx, func() { s.thread.Cancel("the computation was stopped") })
	err := op()
	stop()
	s.ctx = nil
	s.budget.request = nil
	if s.failed != nil {
		err = s.failed
		s.failed = nil
		if reset != nil {
			reset()
		}
	}
	return err
}

// view is the script as a game.Game[ID] for the solve engines.
type view struct{ s *Script }

// Options yields the options of p from the cache.
func (v view) Options(p ID, yield func([]ID) bool) { v.s.forOptions(p, yield) }

// Split appends the components of p by the script's split.
func (v view) Split(p ID, dst []ID) []ID { return v.s.splitOf(p, dst) }

// Canon returns the representative of p by the script's canon.
func (v view) Canon(p ID) ID { return v.s.canonOfID(p) }

// Format writes p by the script's show.
func (v view) Format(p ID) string { return v.s.format(p) }
