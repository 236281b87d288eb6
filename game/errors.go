package game

import (
	"context"
	"errors"
	"fmt"
)

// ErrInput marks errors caused by bad user input: a malformed position, an
// unknown game, a rule script that does not load. Faces map it to exit
// status 2 or HTTP 400; test for it with errors.Is.
var ErrInput = errors.New("bad input")

type inputError struct{ err error }

func (e inputError) Error() string        { return e.err.Error() }
func (e inputError) Unwrap() error        { return e.err }
func (e inputError) Is(target error) bool { return target == ErrInput }

// Inputf formats an error that wraps ErrInput; like fmt.Errorf, a %w verb
// also wraps its operand. The message is the formatted text alone.
func Inputf(format string, args ...any) error {
	return inputError{fmt.Errorf(format, args...)}
}

// The kinds of error a face reports (docs/errors.md). Faces map KindInput,
// KindNotFound and KindUnsupported to exit status 2 or HTTP 400, KindLimit
// and KindFailure to exit status 1 or HTTP 422.
const (
	KindInput       = "input"       // bad input: a malformed position or option
	KindNotFound    = "not_found"   // a name that names nothing (NotFoundError)
	KindUnsupported = "unsupported" // a question the game does not answer (UnsupportedError)
	KindLimit       = "limit"       // a limit of the request was reached (Limited)
	KindFailure     = "failure"     // anything else: a computation or a file that failed
)

// Limited is implemented by errors that report a limit of the request:
// the resource ("states", "memory", "disk", "time", "nodes", "steps"), the limit in
// force (0 when not known: a deadline) and what the work needed (0 when
// not known). Package limits' errors implement it; faces say how to raise
// the limit in their own words (a CLI flag, a web parameter).
type Limited interface {
	error
	LimitReached() (resource string, limit, needed int64)
}

// LimitError is a Limited error built outside package limits: a graph
// with more nodes than allowed, a table larger than the memory allowed.
type LimitError struct {
	Resource string // what ran out: "states", "memory", "time", "nodes", ...
	Limit    int64  // the limit in force (0: not known)
	Needed   int64  // what the work needed (0: not known)
	Err      error  // the message, naming no face's option
}

func (e *LimitError) Error() string { return e.Err.Error() }
func (e *LimitError) Unwrap() error { return e.Err }

// LimitReached implements Limited.
func (e *LimitError) LimitReached() (string, int64, int64) { return e.Resource, e.Limit, e.Needed }

// NotFoundError reports a name that names nothing (an unknown game), with
// the names close to it. It matches ErrInput.
type NotFoundError struct {
	What        string   // what was looked for: "game"
	Name        string   // the name given
	Suggestions []string // close names, for "did you mean"
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("unknown %s %q", e.What, e.Name)
}

// Is makes errors.Is(err, ErrInput) true.
func (e *NotFoundError) Is(target error) bool { return target == ErrInput }

// UnsupportedError reports a question the game does not answer, with the
// verb or option that answers it instead. It matches ErrInput.
type UnsupportedError struct {
	Err     error  // what is not supported, and why
	Instead string // the verb to use instead ("solve"), or ""
}

func (e *UnsupportedError) Error() string        { return e.Err.Error() }
func (e *UnsupportedError) Unwrap() error        { return e.Err }
func (e *UnsupportedError) Is(target error) bool { return target == ErrInput }

// InputError is bad input with the word at fault, for a face to point at.
// It matches ErrInput.
type InputError struct {
	Token string // the word or option at fault ("" when not one word)
	Err   error
}

func (e *InputError) Error() string        { return e.Err.Error() }
func (e *InputError) Unwrap() error        { return e.Err }
func (e *InputError) Is(target error) bool { return target == ErrInput }

// Located is implemented by errors that point into a source file (a rule
// script's): Location returns the file and the line and column, from 1, of
// the fault (column 0 when not known). A face shows the place from these
// fields, never by reading the message.
type Located interface {
	Location() (file string, line, column int)
}

// KindOf classifies err for a face: one of the Kind constants. A context's
// deadline or cancellation is a limit (of time).
func KindOf(err error) string {
	var (
		nf *NotFoundError
		un *UnsupportedError
		li Limited
	)
	switch {
	case err == nil:
		return ""
	case errors.As(err, &li), errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return KindLimit
	case errors.As(err, &nf):
		return KindNotFound
	case errors.As(err, &un):
		return KindUnsupported
	case errors.Is(err, ErrInput):
		return KindInput
	}
	return KindFailure
}
