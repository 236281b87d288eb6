package query

import (
	"context"
	"errors"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// ErrorInfo is an error as data, the "error" object of a face's JSON
// (docs/errors.md): its kind (game.KindOf), the message a face words, and
// what the kind carries. Faces fill Message with their own words (how to
// raise a limit is a flag on the command line, a parameter on the web).
type ErrorInfo struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Token is the word at fault of bad input, when one is.
	Token string `json:"token,omitempty"`
	// Resource, Limit and Needed describe a limit reached: "states",
	// "memory", "time", "nodes", "steps", "size" or "interrupt"; the limit
	// in force and what the work needed (0: not known).
	Resource string `json:"resource,omitempty"`
	Limit    int64  `json:"limit,omitempty"`
	Needed   int64  `json:"needed,omitempty"`
	// Instead is the verb that answers an unsupported question.
	Instead string `json:"instead,omitempty"`
	// Suggestions are the names close to one not found.
	Suggestions []string `json:"suggestions,omitempty"`
	// File, Line and Column are the place in a source file (a rule
	// script) an error points to (game.Located); Column is 0 when not
	// known.
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// DescribeError returns err as data, its message the library's on one line.
func DescribeError(err error) ErrorInfo {
	info := ErrorInfo{Kind: game.KindOf(err), Message: strings.Join(strings.Fields(err.Error()), " ")}
	var (
		in *game.InputError
		nf *game.NotFoundError
		un *game.UnsupportedError
		li game.Limited
	)
	if errors.As(err, &li) {
		info.Resource, info.Limit, info.Needed = li.LimitReached()
	} else if info.Kind == game.KindLimit {
		info.Resource = "time"
		if !errors.Is(err, context.DeadlineExceeded) {
			info.Resource = "interrupt"
		}
	}
	if errors.As(err, &in) {
		info.Token = in.Token
	}
	if errors.As(err, &nf) {
		info.Suggestions = nf.Suggestions
		info.Token = nf.Name
	}
	if errors.As(err, &un) {
		info.Instead = un.Instead
	}
	var at game.Located
	if errors.As(err, &at) {
		info.File, info.Line, info.Column = at.Location()
	}
	return info
}
