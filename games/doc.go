// Package games is grundy's built-in catalog, one file per game, each
// registered by name at init, and the parser of positions written in the
// CLI syntax (docs/reference.md, "Positions"):
//
//	POSITION  := GROUP ( "+" GROUP )*
//	GROUP     := GAME ARG*
//	GAME      := NAME | NAME ":" PARAMS | PATH.star
//
// A [Spec] describes a game and makes an [Instance] (the game with its
// parameters fixed); an instance parses the ARGs of a group into
// [Component]s. Impartial games written against package game are bound to
// the catalog by [NewImpartial], which also gives them a memoizing
// solve.Grundy engine. The catalog is read-only once init has run.
//
// [Catalog], [Lookup] and [Open] find games: Open("kayles"),
// Open("subtract:1-3"), or the path of a rule script once a loader for its
// extension is registered ([RegisterLoader]; importing package script adds
// ".star"). [Parse] and [ParseString] read a whole position into a
// [Position], one [Group] per game. What an instance can do is found by type
// assertion:
//
//   - [Valued]: impartial games, with normal-play Grundy values, their
//     moves and the moves to a given value (the winning moves of a sum are
//     the moves of a component of value g to g XOR the sum's value).
//   - [Solvable]: general games (partizan, scoring, loopy), solved whole as
//     one position: outcome, remoteness, score and the value of every move.
//
// Package query builds the answers of the CLI verbs on these (query.Value
// for `grundy value`). Bad input (an unknown game, a malformed ARG) is an
// error wrapping game.ErrInput.
package games
