// Command grundy is the command-line face of the grundy workbench for
// combinatorial games: Grundy values, tables and their patterns, general
// solving, play and game graphs. Run 'grundy --help' for the verbs.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// Exit statuses (SPEC section 2).
const (
	exitFailed   = 1 // the computation failed or hit a limit
	exitBadInput = 2 // bad usage or bad input
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line with the given streams and returns the exit
// status. Tests call it in-process.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(escapeNegatives(args))
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	fmt.Fprintln(root.ErrOrStderr(), "grundy: "+oneLine(describe(err)))
	if isUsage(err) {
		return exitBadInput
	}
	return exitFailed
}

// usageError marks errors in the command line itself.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

func isUsage(err error) bool {
	var u usageError
	if errors.As(err, &u) || errors.Is(err, game.ErrInput) {
		return true
	}
	// cobra reports unknown verbs and argument-count errors as plain errors.
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "accepts ", "requires ", "invalid argument"} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}

// describe words the errors users meet most in their terms.
func describe(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out (raise --timeout): " + err.Error()
	case errors.Is(err, solve.ErrStateLimit):
		return err.Error()
	}
	return err.Error()
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// negativeArg matches ARGs such as "-1,0,0,1" that are positions, not flags.
var negativeArg = regexp.MustCompile(`^-[0-9]`)

// escapeNegatives hides position ARGs that start with '-' and a digit from
// the flag parser (SPEC section 1); positionArgs restores them.
func escapeNegatives(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if negativeArg.MatchString(a) {
			a = "\x00" + a
		}
		out[i] = a
	}
	return out
}

func positionArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.TrimPrefix(a, "\x00")
	}
	return out
}
