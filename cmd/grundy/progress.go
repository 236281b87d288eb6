package main

import (
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/grundy-go/grundy/query"
)

// progressDelay is how long a verb runs before its progress line appears:
// a quick answer shows none.
const progressDelay = time.Second

// progressEvery is how often the progress line is redrawn.
const progressEvery = 250 * time.Millisecond

// showProgress starts the progress line of the request counted by budget
// on the command's standard error: after progressDelay, redrawn in place,
// "value rectangles 6x5: 138716 states, ... 2s" (query.Progress). It
// shows nothing when standard error is not a terminal (scripts, pipes,
// logs) or with --json. The returned function clears the line and stops.
func (o *options) showProgress(cmd *cobra.Command, budget *query.Budget) (done func()) {
	w := cmd.ErrOrStderr()
	if o.json || !isTerminal(w) {
		return func() {}
	}
	what := strings.Join(append([]string{cmd.Name()}, cmd.Flags().Args()...), " ")
	width := terminalWidth(w)
	shown := false
	stop := query.WatchProgress(what, budget, progressDelay, progressEvery, func(p query.Progress) {
		shown = true
		// The counts are what changes: when the line is too wide, what
		// the command does is cut first.
		counts := p.Counts()
		line := cutLine(p.What, width-1-len(": ")-utf8.RuneCountInString(counts)) + ": " + counts
		io.WriteString(w, "\r"+cutLine(line, width-1)+"\x1b[K")
	})
	return func() {
		stop()
		if shown {
			io.WriteString(w, "\r\x1b[K") // the answer starts on a clean line
		}
	}
}

// terminalWidth is the width of the terminal w writes to (80 when it
// cannot be read).
func terminalWidth(w io.Writer) int {
	f, ok := unwrapOutput(w).(*os.File)
	if !ok {
		return 80
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return 80
	}
	width := 80
	_ = rc.Control(func(fd uintptr) {
		if c, _, err := term.GetSize(int(fd)); err == nil && c > 0 {
			width = c
		}
	})
	return width
}

// cutLine shortens s to at most n characters, ending it with "…" when cut,
// so a redrawn line never wraps.
func cutLine(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
