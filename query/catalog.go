package query

import "strings"

// Form is a catalog game's name as a position writes it, with the short
// name of its parameters when it takes some: "octal:CODE", "graph:FILE",
// "nim". The faces' listings head each game with it.
func (g GameInfo) Form() string {
	if p := g.ParamsName(); p != "" {
		return g.Name + ":" + p
	}
	return g.Name
}

// ParamsName is the short name of a game's parameters, the word before the
// colon of Params ("CODE" for octal), or "" when it takes none.
func (g GameInfo) ParamsName() string {
	if g.Params == "" {
		return ""
	}
	name, _, _ := strings.Cut(g.Params, ":")
	return strings.TrimSpace(name)
}

// NeedsParams reports whether a game is written only with its parameters
// ("octal:0.77", never "octal"): it takes some, and they are not optional
// (an optional one is shown in brackets, "[nosymmetry]").
func (g GameInfo) NeedsParams() bool {
	return g.Params != "" && !strings.HasPrefix(g.Params, "[")
}

// HeapGame reports whether the game, opened with its example's parameters,
// is a heap game (games.HeapGamer): `quotient` applies to it. A game whose
// parameter is a file is not opened.
func (g GameInfo) HeapGame() bool { return g.heapGame }
