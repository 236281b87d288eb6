// Package sparse computes nim-sequences G(0..N) of take-and-break heap games
// at record speed: the rare/common ("sparse space") algorithm of Winning
// Ways, Flammenkamp and Beling on both cores, values in a flat uint16 array
// (memory-mapped above a threshold), and runs that can be killed at any
// moment and resumed from fsync'd checkpoints.
//
// The sparse-space theorem. Fix a non-zero mask m and call a value v common
// when popcount(v & m) is odd and rare otherwise. Parity of popcount(v & m)
// is additive under XOR, so the XOR of two common values is rare: a common
// value among the two-heap options of n can only come from a pair with
// exactly one rare part. Keeping the list R of rare-valued positions, the
// common values among the options of n are found exactly in O(|R|) steps;
// the remaining question, whether the rare values below the least missing
// common value are all present, is settled by a pair scan that stops as
// soon as they are (usually after a handful of pairs). The result is exact
// for every mask; the mask only changes the speed, and is chosen
// automatically by a Walsh-Hadamard transform of the value histogram.
//
// Every engine here is checked in the tests against [Reference], the
// obvious O(N^2) mex over all options, kept deliberately simple.
package sparse
