// Package limits holds the budget of one request: the states, memory and
// time that every engine, component and phase of the request share
// ([Budget]), the per-engine count against it ([Counter]) and the errors a
// request stops with when it reaches a limit. It is a leaf: the engines of
// package solve and the heap engines of package heap both import it, and it
// imports nothing of the module.
package limits

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
)

// Budget bounds the work of one request: every engine the request starts,
// every component and every phase (values, winning moves, summaries, the
// computer's move) count against the same Budget, so a limit holds for the
// request as a whole and not per engine. The deadline travels in the
// context passed with each call; a Budget counts states and memory.
//
// A nil *Budget means no limit: its methods then only poll the context.
// A Budget is safe for concurrent use by the workers of one request.
type Budget struct {
	// MaxStates is the most positions the request may expand (0: no limit).
	MaxStates int64
	// MaxMemory is the most bytes the request's engines may hold in the
	// tables they grow (memo, dense tables, move lists, listings), as they
	// account for them with Grow (0: no limit).
	MaxMemory int64
	// MaxDisk is the most bytes of files the request may write to disk
	// (tier databases, run files), checked with AllowDisk before a file's
	// blocks are reserved (0: no limit).
	MaxDisk int64
	// Progress, when not nil, is called about every ProgressEvery states
	// with the number of states expanded so far.
	Progress func(states int64)

	states atomic.Int64
	memory atomic.Int64
}

// ProgressEvery is how many states pass between calls of Budget.Progress.
const ProgressEvery = 1 << 14

// PollEvery is how many states pass between polls of the context: often
// enough that a deadline is honoured within milliseconds even when one
// state costs microseconds (a rule script, a board with many options).
// Engines that count states without a budget poll as often.
const PollEvery = 1 << 8

// States returns the number of states counted so far.
func (b *Budget) States() int64 {
	if b == nil {
		return 0
	}
	return b.states.Load()
}

// Memory returns the number of bytes accounted for so far.
func (b *Budget) Memory() int64 {
	if b == nil {
		return 0
	}
	return b.memory.Load()
}

// Step counts one expanded state. It returns a *StateLimitError past
// MaxStates and, when ctx is done, an error wrapping the context's error.
func (b *Budget) Step(ctx context.Context) error { return b.Steps(ctx, 1) }

// Steps counts n states at once (a dense table's rows, a sequence's values).
func (b *Budget) Steps(ctx context.Context, n int64) error {
	if b == nil {
		return Poll(ctx)
	}
	after := b.states.Add(n)
	if b.MaxStates > 0 && after > b.MaxStates {
		b.states.Add(-n) // the states were not expanded
		return &StateLimitError{Limit: b.MaxStates}
	}
	before := after - n
	if n >= PollEvery || before/PollEvery != after/PollEvery {
		Room(0)
		yield()
		if err := ctx.Err(); err != nil {
			b.states.Add(-n) // not expanded either
			return &StoppedError{States: before, Err: err}
		}
	}
	if b.Progress != nil && (n >= ProgressEvery || before/ProgressEvery != after/ProgressEvery) {
		b.Progress(after)
	}
	return nil
}

// Allow reports, without counting them, whether n more states fit under
// MaxStates: engines that know their size in advance (a dense table, a
// retrograde index) refuse at once instead of failing at the end.
func (b *Budget) Allow(n int64) error {
	if b == nil || b.MaxStates <= 0 {
		return nil
	}
	if n < 0 || b.states.Load()+n > b.MaxStates {
		return &StateLimitError{Limit: b.MaxStates}
	}
	return nil
}

// Grow accounts for bytes more memory held by the request. It returns a
// *MemoryLimitError, and accounts for nothing, when that would pass
// MaxMemory. Engines call it before they allocate, in chunks, where their
// memory grows with the input.
func (b *Budget) Grow(bytes int64) error {
	if b == nil || bytes <= 0 {
		return nil
	}
	after := b.memory.Add(bytes)
	if b.MaxMemory > 0 && (after > b.MaxMemory || after < 0) {
		b.memory.Add(-bytes)
		return &MemoryLimitError{Limit: b.MaxMemory, Need: after}
	}
	paceGrow(bytes)
	return nil
}

// Release gives back bytes accounted for by Grow.
func (b *Budget) Release(bytes int64) {
	if b == nil || bytes <= 0 {
		return
	}
	b.memory.Add(-bytes)
}

// Renew starts the next question of a long session on the same budget:
// the state count restarts from zero while the memory the session's engines
// still hold stays accounted. A game played out (the computer's moves, the
// hints) renews its budget at each question, so MaxStates bounds each one.
func (b *Budget) Renew() {
	if b != nil {
		b.states.Store(0)
	}
}

// Slack is what a process may hold past the memory limit of the requests
// it runs: the garbage the collector has not reclaimed yet, the runtime's
// own memory, the program's code: the larger of 64 MiB and a tenth of
// limit.
func Slack(limit int64) int64 { return max(64<<20, limit/10) }

// RuntimeLimit is the soft memory limit a face gives the Go runtime
// (debug.SetMemoryLimit) when the requests it runs may hold limit bytes:
// limit and its Slack, less 32 MiB for what the runtime's limit does not
// cover, so that the process's resident size stays within limit plus
// Slack. That is the program's code, which the CLI's supervisor and its
// worker each map (11-13 MiB resident in each as it starts; then the
// supervisor keeps 5.5 MiB and the worker lets go of what only its
// start-up touched, docs/limits.md), and what the heap passes the limit by
// before the pacer (Room) makes the program wait for the collector. A
// request that makes garbage fast keeps the heap at the runtime's limit,
// so the reserve must hold all of that: with 24 MiB a rule script's tree
// sat at 317 MiB under a 256 MiB budget, against the rule's 320. The
// collector works harder as the heap nears the limit; docs/limits.md
// measures what that costs.
func RuntimeLimit(limit int64) int64 { return limit + Slack(limit) - 32<<20 }

// Poll returns an error wrapping the context's error when ctx is done. On
// js/wasm it first lets the scheduler run, so that a deadline's timer can
// fire between polls.
func Poll(ctx context.Context) error {
	yield()
	if err := ctx.Err(); err != nil {
		return &StoppedError{Err: err}
	}
	return nil
}

// ErrStateLimit is matched (errors.Is) by the error an engine returns when it
// reaches Budget.MaxStates.
var ErrStateLimit = errors.New("state limit reached")

// ErrMemoryLimit is matched (errors.Is) by the error an engine returns when
// it would pass Budget.MaxMemory.
var ErrMemoryLimit = errors.New("memory limit reached")

// StateLimitError reports that a request stopped at its state limit. Its
// message names no flag: each face says how to raise the limit.
type StateLimitError struct {
	Limit int64 // the limit in force
}

func (e *StateLimitError) Error() string {
	return fmt.Sprintf("state limit of %d states reached", e.Limit)
}

// LimitReached reports the resource, the limit and (not known) the need,
// for faces (game.Limited).
func (e *StateLimitError) LimitReached() (string, int64, int64) { return "states", e.Limit, 0 }

// Is makes errors.Is(err, ErrStateLimit) true.
func (e *StateLimitError) Is(target error) bool { return target == ErrStateLimit }

// MemoryLimitError reports that a request stopped at its memory limit.
type MemoryLimitError struct {
	Limit int64 // the limit in force, in bytes
	Need  int64 // the bytes the request would have held
}

func (e *MemoryLimitError) Error() string {
	if e.Need > e.Limit+e.Limit/10 {
		return fmt.Sprintf("memory limit of %s reached (the work needed at least %s)", Bytes(e.Limit), Bytes(e.Need))
	}
	return fmt.Sprintf("memory limit of %s reached", Bytes(e.Limit))
}

// LimitReached reports the resource, the limit and the bytes needed, for
// faces (game.Limited).
func (e *MemoryLimitError) LimitReached() (string, int64, int64) { return "memory", e.Limit, e.Need }

// Is makes errors.Is(err, ErrMemoryLimit) true.
func (e *MemoryLimitError) Is(target error) bool { return target == ErrMemoryLimit }

// StoppedError reports that a request's context ended (its deadline passed
// or it was cancelled) while an engine worked. It wraps the context's error,
// so errors.Is(err, context.DeadlineExceeded) tells a time-out.
type StoppedError struct {
	States int64 // states counted when it stopped (0: not known)
	Err    error // the context's error
}

func (e *StoppedError) Error() string {
	what := "stopped"
	if errors.Is(e.Err, context.DeadlineExceeded) {
		what = "time limit reached"
	}
	if e.States > 0 {
		return fmt.Sprintf("%s after %d states", what, e.States)
	}
	return what
}

func (e *StoppedError) Unwrap() error { return e.Err }

// LimitReached reports "time" for a deadline and "interrupt" for a
// cancellation, for faces (game.Limited).
func (e *StoppedError) LimitReached() (string, int64, int64) {
	if errors.Is(e.Err, context.DeadlineExceeded) {
		return "time", 0, 0
	}
	return "interrupt", 0, 0
}

// ErrDiskLimit is matched (errors.Is) by the error of a request whose
// files would pass Budget.MaxDisk.
var ErrDiskLimit = errors.New("disk limit reached")

// DiskLimitError reports that a request's files would pass its disk limit;
// it states the bytes they need.
type DiskLimitError struct {
	Limit int64 // the limit in force, in bytes
	Need  int64 // the bytes the files need
}

func (e *DiskLimitError) Error() string {
	return fmt.Sprintf("disk limit of %s reached (the files need %s)", Bytes(e.Limit), Bytes(e.Need))
}

// LimitReached reports the resource, the limit and the bytes needed, for
// faces (game.Limited).
func (e *DiskLimitError) LimitReached() (string, int64, int64) { return "disk", e.Limit, e.Need }

// Is makes errors.Is(err, ErrDiskLimit) true.
func (e *DiskLimitError) Is(target error) bool { return target == ErrDiskLimit }

// AllowDisk refuses up front files of bytes bytes more than MaxDisk allows
// (a *DiskLimitError), before any of their blocks is reserved.
func (b *Budget) AllowDisk(bytes int64) error {
	if b == nil || b.MaxDisk <= 0 || bytes <= b.MaxDisk {
		return nil
	}
	return &DiskLimitError{Limit: b.MaxDisk, Need: bytes}
}

// IsLimit reports whether err is a request's limit (states, memory, disk,
// time or cancellation) rather than a failure or bad input.
func IsLimit(err error) bool {
	return errors.Is(err, ErrStateLimit) || errors.Is(err, ErrMemoryLimit) || errors.Is(err, ErrDiskLimit) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// Bytes writes a byte count with a binary unit ("1.5 GiB").
func Bytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n), 0
	for f >= unit && i < 6 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGTPE"[i-1])
}

// Counter counts the states of one engine against the Budget of the request
// it works for. Engines embed one: States is the engine's own count (what
// it reports as positions solved), while the Budget holds the request's.
type Counter struct {
	Budget *Budget
	States int64 // states this engine expanded
	held   int64 // bytes accounted for with the budget by Hold
}

// Hold accounts with the budget for the engine holding need bytes in all:
// growth past what it held before is charged, and a *MemoryLimitError
// returned when it does not fit. Engines call it where their tables grow.
func (c *Counter) Hold(need int64) error {
	if need <= c.held {
		return nil
	}
	if err := c.Budget.Grow(need - c.held); err != nil {
		return err
	}
	c.held = need
	return nil
}

// Held returns the bytes the engine holds against the budget (what Hold
// charged and Free has not given back).
func (c *Counter) Held() int64 { return c.held }

// Free gives back everything the engine held (when it is discarded while
// the request goes on).
func (c *Counter) Free() {
	c.Budget.Release(c.held)
	c.held = 0
}

// Step counts one state of the engine against the request's budget.
func (c *Counter) Step(ctx context.Context) error {
	if err := c.Budget.Step(ctx); err != nil {
		return err
	}
	c.States++
	return nil
}
