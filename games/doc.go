// Package games holds the models of grundy's built-in games, one file per
// game, and the types of a parsed position (docs/reference.md,
// "Positions"): a [Position] is a sum of [Group]s, each an [Instance] (a
// game with its parameters fixed) and its [Component]s. The catalog that
// names the games, the parser of the CLI syntax, "did you mean" and the
// file access are package query's (the faces' door); this package
// registers nothing. Each game exports its constructor (OpenNim,
// OpenOctal, OpenQuixo, ...), which the catalog lists as data.
//
// Impartial games written against package game are bound by
// [NewImpartial], general ones by [NewGeneral]. What an instance can do is
// a capability it declares, found by type assertion:
//
//   - [Valued]: impartial games, with normal-play Grundy values, their
//     moves and the moves to a given value (the winning moves of a sum are
//     the moves of a component of value g to g XOR the sum's value).
//   - [Solvable]: general games (partizan, scoring, loopy), solved whole as
//     one position: outcome, remoteness, score and the value of every move.
//   - [Drawer]: a board of its own ([ViewOf] falls back to the generic
//     view), [HeapGamer], [Tabulator], [FileArger], [MoveNamer] and the
//     others beside them.
//
// Package query builds the answers of the CLI verbs on these (query.Value
// for `grundy value`). Bad input (a malformed ARG) is an error wrapping
// game.ErrInput.
package games
