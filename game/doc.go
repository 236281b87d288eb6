// Package game is grundy's model of two-player combinatorial games.
//
// An impartial game is anything that can list the options of a position:
// [Game] has the single method Options. An option is a sum of zero or more
// independent components (Nim's option is one heap, a Grundy's-game split is
// two heaps, a move that removes a heap entirely is the empty sum), so the
// model covers take-and-break games without special cases.
//
// Optional capabilities are separate small interfaces, found by type
// assertion, each with a safe fallback when absent:
//
//   - [Splitter]: a position is a sum of independent parts (a board with
//     walls, a row with gaps). Without it the position is one component.
//   - [Canonicalizer]: a canonical representative under the game's
//     symmetries, so equivalent positions share one memo entry. Without it
//     each position is its own class.
//   - [Descending]: integer positions whose options are all smaller, so a
//     solver may tabulate 0..n densely instead of hashing.
//
// The package also holds the nimber arithmetic the engines use: [Mex],
// the nim-sum of a sum (XOR, by the Sprague–Grundy theorem), and the
// [Outcome] classes.
package game
