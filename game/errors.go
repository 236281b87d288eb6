package game

import (
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
