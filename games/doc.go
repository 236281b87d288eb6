// Package games is grundy's built-in catalog, one file per game, each
// registered by name at init, and the parser of positions written in the
// CLI syntax (SPEC section 1):
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
package games
