// Package solve holds grundy's engines. Each engine is a value that owns its
// memo, its [Limits] and its counters; calls take a context.Context first and
// check it regularly. No engine knows any particular game: they see only the
// interfaces of package game.
//
// [Grundy] computes normal-play Grundy values by memoized search with an
// explicit stack (no Go recursion, so chains 10^7 deep work), using the
// Sprague–Grundy theorem: G(p) = mex{ G(o) : o an option of p }, and the
// value of a sum is the nim-sum (XOR) of its components' values. Games that
// are [game.Descending] on integer positions are tabulated densely instead.
package solve
