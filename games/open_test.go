package games

import (
	"fmt"
	"strings"
)

// The package's tests open games by the names positions write them with;
// the catalog that maps names to constructors is package query's, which
// this package cannot import, so testGames maps the names the tests use.
var testGames = map[string]func(params string) (Instance, error){
	"cards": OpenCards, "chomp": OpenChomp, "circles": OpenCircles, "cram": OpenCram,
	"divisor": OpenDivisor, "ends": OpenEnds, "flip": OpenFlip, "forest": OpenForest,
	"grundy-game": OpenGrundyGame, "nim": OpenNim, "node-kayles": OpenNodeKayles,
	"quixo": OpenQuixo, "rectangles": OpenRectangles, "rook": OpenRook,
	"subtract": OpenSubtract, "tictactoe": OpenTicTacToe,
	"octal":         func(code string) (Instance, error) { return OpenOctal("octal:"+code, code) },
	"kayles":        func(string) (Instance, error) { return OpenOctal("kayles", "0.77") },
	"dawson-kayles": func(string) (Instance, error) { return OpenOctal("dawson-kayles", "0.07") },
	"dawson-chess":  func(string) (Instance, error) { return OpenOctal("dawson-chess", "0.137") },
	"lasker":        func(string) (Instance, error) { return OpenOctal("lasker", "4.[3]") },
}

// Open returns the game of a GAME token NAME or NAME:PARAMS of testGames.
func Open(token string) (Instance, error) {
	name, params, _ := strings.Cut(token, ":")
	open, ok := testGames[name]
	if !ok {
		return nil, fmt.Errorf("no test game %q", name)
	}
	return open(params)
}

// ParseString reads a position GROUP + GROUP + ... of testGames' games.
func ParseString(s string) (Position, error) {
	var pos Position
	for _, group := range strings.Split(s, " + ") {
		words := strings.Fields(group)
		if len(words) == 0 {
			return nil, fmt.Errorf("empty group in %q", s)
		}
		inst, err := Open(words[0])
		if err != nil {
			return nil, err
		}
		comps, err := inst.Parse(words[1:])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", words[0], err)
		}
		pos = append(pos, Group{Game: inst, Components: comps})
	}
	return pos, nil
}
