package query

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
)

// Parse reads a position from its words as written on the command line
// (docs/reference.md, "Positions"): groups separated by lone "+" words,
// each a GAME token and its ARGs. An ARG written @FILE is read from FILE,
// and so are the files GAME tokens name (a rule script, graph:FILE),
// through files; nil reads none and refuses such words. Errors wrap
// game.ErrInput.
func Parse(words []string, files fs.FS) (Position, error) {
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
		g, err := parseGroup(words[start:i], files)
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

func parseGroup(words []string, files fs.FS) (Group, error) {
	inst, e, err := open(words[0], files)
	if err != nil {
		return Group{}, err
	}
	var args []string
	for _, a := range words[1:] {
		if !strings.HasPrefix(a, "@") || len(a) == 1 {
			args = append(args, a)
			continue
		}
		if files == nil {
			return Group{}, game.Inputf("%s: this face reads no files", a)
		}
		data, err := ReadFile(files, a[1:])
		if err != nil {
			return Group{}, fmt.Errorf("%s: %w", a, err)
		}
		if fa, ok := inst.(games.FileArger); ok {
			args = append(args, fa.FileArgs(string(data))...)
		} else {
			args = append(args, strings.Fields(string(data))...)
		}
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
