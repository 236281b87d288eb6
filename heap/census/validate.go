package census

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
)

// Validate checks the input of a census run before any work starts, so a
// mistake is one line, not a failure deep in a pipeline: every code parses
// as a finite code, to is a heap size a run file holds (0..sparse.MaxTo),
// dir and certs (when not "") are directories or do not exist yet, and the
// records already in dir read back whole (a torn records file is refused,
// not overwritten). Errors wrap game.ErrInput.
func Validate(codes []string, to int64, dir, certs string) error {
	if len(codes) == 0 {
		return game.Inputf("no codes to run")
	}
	for _, code := range codes {
		c, err := heap.ParseCode(code)
		if err != nil {
			return game.Inputf("census code %q: %w", code, err)
		}
		if !c.Finite() {
			return game.Inputf("census code %q: a census code has no repeating tail", code)
		}
	}
	if to < 0 || to > sparse.MaxTo {
		return game.Inputf("heap size %d out of range 0..%d", to, int64(sparse.MaxTo))
	}
	if dir == "" {
		return game.Inputf("no census directory given")
	}
	for _, d := range []string{dir, certs} {
		if d == "" {
			continue
		}
		st, err := os.Stat(d)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return game.Inputf("%w", err)
		case !st.IsDir():
			return game.Inputf("%s is not a directory", d)
		}
	}
	if _, err := Load(dir); err != nil {
		return game.Inputf("%w (%s: move it away to start afresh)", err, filepath.Join(dir, RecordsFile))
	}
	return nil
}
