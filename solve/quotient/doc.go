// Package quotient computes misère quotients of heap games, after Plambeck
// ("Taming the wild in impartial combinatorial games", Integers 5, 2005)
// and Plambeck and Siegel ("Misère quotients for impartial games", JCTA
// 2008, arXiv math/0609825).
//
// Under misère play (the player who makes the last move loses) the
// Sprague–Grundy theory fails: a sum's outcome is not a function of its
// parts' Grundy values. The misère quotient restores a finite arithmetic
// for one game at a time: the sums of heaps 0..N, modulo
// indistinguishability (two sums are identified when adding any third sum
// to either gives the same misère outcome), form a commutative monoid Q;
// the images of the P-positions form its P-portion. Once Q is known, the
// outcome of any sum is one product of its heaps' elements and one
// look-up, for any number of heaps.
//
// [Compute] builds Q heap by heap as a presentation (generators,
// relations, the normal form of every element) and returns a [Quotient]:
// [Quotient.Of], [Quotient.InP] and [Quotient.WinningMoves] answer sums;
// [Quotient.Tame] says whether Q is misère Nim's, [Quotient.Pattern] how
// the heaps' elements repeat (proven for finite codes by the misère form of
// the Guy–Smith theorem). Every quotient Compute returns has passed a
// verification theorem (stated in verify.go), so its answers are exact.
// Kayles' quotient is finite (order 40 for all heaps); Dawson's chess's
// grows fast and some games' are infinite: the budget stops the work, and
// the error names the heap reached and the partial quotient's order. A Quotient is saved and loaded
// as JSON ([Quotient.MarshalJSON], [Unmarshal]); [Quotient.Check] re-runs
// the verification against a game, so a loaded file is trusted only after
// it.
//
// The chapter docs/quotients.md explains the method on misère Nim, Kayles
// and Dawson's chess.
package quotient
