// Package script loads games defined by Starlark rule scripts (*.star).
//
// A script defines moves(pos), returning a list of options; an option is a
// position, or a list of positions meaning a sum of independent components
// (the empty list: the move leaves nothing). Optional: parse(arg), split(pos),
// canon(pos), show(pos), and result(pos) for general games (docs/scripts.md).
// Positions are hashable Starlark values (int, string, bytes, bool, None,
// float, tuples of these); each is interned once into a dense [ID], and
// the options of each position are computed by one call of moves and kept
// as IDs, so the Grundy engine (solve.Grundy over IDs) memoizes by ID and
// never calls the script twice for one position.
//
// Scripts are sandboxed: no load, no file, network or clock (the Starlark
// core has none), a step budget per call and per run ([Limits], carried by
// the context), cancellation when the context ends, a cap on the size of the
// values a script builds (see sandbox.go), no recursion. Errors name the
// script's file and line and the call that failed, e.g.
// "nim.star:4: in moves(7): ...". Errors in the script are bad input
// (game.ErrInput); budgets and caps are limits ([LimitError]).
//
// [LoadSource] runs a script's source and returns a games.Instance: a
// games.Valued for an impartial script, a games.Solvable (solved by
// retrograde analysis) for a script with result. Package query reads the
// file of a GAME token ending in ".star" and loads it so, so a script's
// path works as a GAME in any position (query.ParseString("rules.star 12 +
// nim 3")). The user's guide to scripts is docs/scripts.md.
package script
