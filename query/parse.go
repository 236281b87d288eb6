package query

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// Parse reads a position from its words as written on the command line
// (docs/reference.md, "Positions"): groups separated by lone "+" words,
// each a GAME token and its ARGs. An ARG written @FILE is read from FILE,
// and so are the files GAME tokens name (a rule script, graph:FILE),
// through files; nil reads none and refuses such words. Errors wrap
// game.ErrInput.
func Parse(words []string, files fs.FS) (Position, error) {
	return ParseWithin(words, files, nil)
}

// ParseWithin is Parse under the memory limit of the request the position
// is for: what the parse builds is held against budget as it goes (the
// text of each @FILE before it is read, its copy as a string, the words
// split from it, the components of each group before they are made), and
// the parse stops with an error matching ErrMemoryLimit before it takes
// memory past the limit. A position of 10^6 heaps read from a file is so
// refused under a small limit instead of being built whole first. When it
// returns, the parse gives back what it held: the verb that takes the
// position holds the components and their text itself (holdPosition),
// while the file's text and words are garbage by then. A nil budget is
// no limit.
func ParseWithin(words []string, files fs.FS, budget *Budget) (Position, error) {
	held := &limits.Counter{Budget: budget}
	defer held.Free()
	if len(words) == 0 {
		return nil, game.Inputf("empty position: give a game and its arguments, e.g. 'nim 3 4 5'")
	}
	var pos Position
	start := 0
	for i := 0; i <= len(words); i++ {
		if i < len(words) && words[i] != "+" {
			continue
		}
		if i == start {
			where := "at the start"
			if i == len(words) {
				where = "at the end"
			} else if i > 0 {
				where = "twice in a row"
			}
			return nil, game.Inputf("dangling '+' %s of the position", where)
		}
		g, err := parseGroup(words[start:i], files, held)
		if err != nil {
			return nil, err
		}
		pos = append(pos, g)
		start = i + 1
	}
	return pos, nil
}

// ParseString parses a position written as one string, split at spaces (the
// form the web API takes and a typed move), reading no file.
func ParseString(s string) (Position, error) {
	return Parse(strings.Fields(s), nil)
}

// componentBytes is what the parse holds for a component beside the
// length of its ARG (a bound on what the component copies of its text,
// such as a board's cells): the interface value in the group's list (16
// bytes) and the position it boxes (a pointer to its instance and a word,
// 16 bytes, rounded up by the allocator).
const componentBytes = 48

// parseGroup parses one group, holding with held (a running total for the
// whole position) what it reads and builds before it does.
func parseGroup(words []string, files fs.FS, held *limits.Counter) (Group, error) {
	inst, e, err := open(words[0], files)
	if err != nil {
		return Group{}, err
	}
	// hold adds n bytes to the position's running total.
	hold := func(n int64) error { return held.Hold(held.Held() + n) }
	var args []string
	for _, a := range words[1:] {
		if !strings.HasPrefix(a, "@") || len(a) == 1 {
			args = append(args, a)
			continue
		}
		if files == nil {
			return Group{}, game.Inputf("%s: this face reads no files", a)
		}
		data, err := readFileWithin(files, a[1:], hold)
		if err != nil {
			return Group{}, fmt.Errorf("%s: %w", a, err)
		}
		if err := hold(int64(len(data))); err != nil { // the text, copied as a string
			return Group{}, fmt.Errorf("%s: %w", a, err)
		}
		text := string(data)
		if fa, ok := inst.(games.FileArger); ok {
			// A game's own reading (boards, edges) makes what it makes;
			// its words are held once made.
			more := fa.FileArgs(text)
			if err := hold(wordsBytes(len(more))); err != nil {
				return Group{}, fmt.Errorf("%s: %w", a, err)
			}
			args = append(args, more...)
			continue
		}
		n := 0
		for range strings.FieldsSeq(text) {
			n++
		}
		// The words share the text; the list is what is new, and args
		// may be copied once more as it grows.
		if err := hold(2 * wordsBytes(n)); err != nil {
			return Group{}, fmt.Errorf("%s: %d words: %w", a, n, err)
		}
		args = slices.Grow(args, n)
		for w := range strings.FieldsSeq(text) {
			args = append(args, w)
		}
	}
	var argBytes int64
	for _, a := range args {
		argBytes += int64(len(a))
	}
	if err := hold(componentBytes*int64(len(args)) + argBytes); err != nil {
		return Group{}, fmt.Errorf("%s: a position of %d components: %w", inst.Name(), len(args), err)
	}
	comps, err := inst.Parse(args)
	if errors.Is(err, games.ErrNoPosition) && e != nil {
		err = fmt.Errorf("%w (e.g. '%s')", err, e.Example)
	}
	if err != nil {
		return Group{}, wrapInput(fmt.Errorf("%s: %w", inst.Name(), err))
	}
	rules := "defined by the rule script " + inst.Name() // loaded from a file (loaders)
	if e != nil {
		rules = e.Rules
	}
	return Group{Game: inst, Components: comps, Rules: rules}, nil
}

// wordsBytes is what a list of n words holds beside their text: a string
// header each.
func wordsBytes(n int) int64 { return 16 * int64(n) }

// Open returns the game named by a GAME token: NAME, NAME:PARAMS, or a
// path ending in a loader's extension (a rule script, PATH.star). Files a
// token names are read through files; with files nil such tokens are
// refused, so a face that passes nil reads no file whatever the text.
func Open(token string, files fs.FS) (Instance, error) {
	inst, _, err := open(token, files)
	return inst, err
}

// open is Open also returning the catalog entry the game came from (nil
// for a game loaded from a file).
func open(token string, files fs.FS) (games.Instance, *entry, error) {
	for _, l := range loaders {
		if strings.HasSuffix(token, l.ext) && !strings.Contains(token[:len(token)-len(l.ext)], ":") {
			if files == nil {
				return nil, nil, game.Inputf("rule script %q: this face reads no files", token)
			}
			inst, err := l.load(files, token)
			return inst, nil, err
		}
	}
	name, params, hasParams := strings.Cut(token, ":")
	e, ok := lookup(name)
	if !ok {
		return nil, nil, &game.NotFoundError{What: "game", Name: name, Suggestions: SimilarGames(name)}
	}
	if hasParams && e.Params == "" {
		return nil, nil, game.Inputf("game %s takes no parameters, got %q", name, params)
	}
	var inst games.Instance
	var err error
	if e.OpenFile != nil {
		inst, err = e.OpenFile(params, files)
	} else {
		inst, err = e.Open(params)
	}
	if err != nil {
		return nil, nil, wrapInput(fmt.Errorf("%s: %w", token, err))
	}
	return inst, e, nil
}

// wrapInput marks err as bad input unless it already is.
func wrapInput(err error) error {
	if err == nil {
		return nil
	}
	return game.Inputf("%w", err)
}
