// Package heap holds grundy's take-and-break heap games: their rules
// written as octal or hexadecimal codes ([Code], [Rules]), the sequence
// engine that tabulates G(0..N) into a flat uint16 array ([Compute],
// [Extend]), the pattern finder ([Find]) with periodicity proofs
// ([Rules.Prove]) and the extrapolation of proven patterns ([Sequence.At]).
//
// A code d0.d1d2... says, digit by digit, what a move that removes k tokens
// from one heap may leave: bit 1 nothing (the heap had exactly k tokens),
// bit 2 one non-empty heap, bit 4 two non-empty heaps, bit 8 three
// non-empty heaps (hexadecimal codes). The digit d0 before the point allows
// moves that remove nothing and split the heap. A bracketed tail repeats
// forever: 0.[3] is Nim, 4.[3] is Lasker's Nim.
//
// The code type, its parser and the walk over a code's moves live in
// package heap/octal, shared with the sparse-space engine (package
// heap/sparse) so that both read the same rules and reproduce the same
// values bit for bit; [Code], [ParseCode], [TakeAll], [Take], [Split] and
// [Split3] are its names here. For each k, [Code.Digit] gives the classes.
//
// [Tabulate] does the whole job of `grundy table`: it computes G(0..N) in
// doubling passes, finds the pattern (pre-period n0, period p, saltus s:
// G(n+p) = G(n)+s for all n >= n0) and, for finite codes, proves it with
// the Guy–Smith periodicity theorem, stopping as soon as the proof holds; a
// proven [Sequence] then answers G(n) for any n. [ValueAt] (and
// [Sequence.Reach], to value many heaps of one game) answers G(n) of a
// single heap the same way, computing nothing past n. The search for a
// proof past the values asked for is bounded by a budget of engine work
// counted as the engines report it, so a code whose sparse-space run is
// cheap (0.16, period 149459) is proven where a plain O(n^2) scan would
// be hopeless. A [Pattern] is
// Proven only with the theorem named in its Reason; otherwise it was only
// observed. The theorem, the exact window checked and its proof are in
// docs/patterns.md.
package heap
