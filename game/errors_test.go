package game

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// limited is a Limited error, as package limits' errors are.
type limited struct{}

func (limited) Error() string                        { return "state limit reached" }
func (limited) LimitReached() (string, int64, int64) { return "states", 10, 0 }

func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{Inputf("bad heap"), KindInput},
		{&InputError{Token: "x", Err: errors.New("bad heap")}, KindInput},
		{fmt.Errorf("parse: %w", &NotFoundError{What: "game", Name: "nimm"}), KindNotFound},
		{&UnsupportedError{Instead: "solve", Err: errors.New("no Grundy values")}, KindUnsupported},
		{fmt.Errorf("value: %w", limited{}), KindLimit},
		{&LimitError{Resource: "nodes", Limit: 5, Err: errors.New("too many nodes")}, KindLimit},
		{fmt.Errorf("read: %w", context.DeadlineExceeded), KindLimit},
		{errors.New("disk full"), KindFailure},
		{nil, ""},
	} {
		if got := KindOf(c.err); got != c.want {
			t.Errorf("KindOf(%v) = %q, want %q", c.err, got, c.want)
		}
	}
	// The input kinds are bad input: exit status 2, HTTP 400.
	for _, err := range []error{&NotFoundError{}, &UnsupportedError{Err: errors.New("x")}, &InputError{Err: errors.New("x")}} {
		if !errors.Is(err, ErrInput) {
			t.Errorf("%T does not match ErrInput", err)
		}
	}
}
