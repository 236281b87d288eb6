// Package solve holds grundy's engines. Each engine is a value that owns its
// memo and its [limits.Counter] against the request's [limits.Budget]; calls
// take a context.Context first and check it regularly. No engine knows any
// particular game: they see only the interfaces of package game. Engines are
// not safe for concurrent use.
//
// [Grundy] computes normal-play Grundy values by memoized search with an
// explicit stack (no Go recursion, so chains 10^7 deep work), using the
// Sprague–Grundy theorem: G(p) = mex{ G(o) : o an option of p }, and the
// value of a sum is the nim-sum (XOR) of its components' values. Games that
// are [game.Descending] on integer positions are tabulated densely instead.
// It splits positions ([game.Splitter]) and memoizes one entry per symmetry
// class ([game.Canonicalizer]); a position reachable from itself is an error
// matching [ErrCycle].
//
// The other engines answer what Grundy values cannot:
//
//   - [Retro]: any [game.General] game, partizan or loopy, by retrograde
//     analysis in O(V+E): win, lose or draw for the player to move, with the
//     remoteness (moves to the end under best play) and the best moves.
//     Positions neither side can force are draws.
//   - [Loopy]: impartial games with cycles, by the generalized Sprague–Grundy
//     function γ (Smith; Fraenkel and Yesha): a finite value or ∞(K), and
//     [SumLoopy] adds them.
//   - [Minimax]: finite scoring games ([ScoringGame]): the final margin of
//     the player to move under perfect play ([Scored]).
//   - [Misere]: misère play (the last mover loses), where values do not add:
//     tame sums by misère Nim's rule, one wild component by its [Genus],
//     anything else by search over sums.
//
// Work is bounded by the request's [limits.Budget]: MaxStates positions (past
// it an error matching [limits.ErrStateLimit], a [*limits.StateLimitError]),
// MaxMemory bytes and the context's deadline or cancellation, polled every
// [limits.PollEvery] states by [limits.Counter.Step].
package solve
