// Package game is grundy's model of two-player combinatorial games.
//
// An impartial game is anything that can list the options of a position:
// [Game] has the single method Options. An option is a sum of zero or more
// independent components (Nim's option is one heap, a Grundy's-game split is
// two heaps, a move that removes a heap entirely is the empty sum), so the
// model covers take-and-break games without special cases. Under normal
// play a position with no options is lost by the player to move, and the
// Sprague–Grundy theorem gives every position of a finite game a value, its
// nimber: G(p) = mex{ G(o) : o an option of p }, the value of a sum being
// the nim-sum (XOR) of its components' values; p is lost by the player to
// move exactly when G(p) = 0. The engines of package solve compute it.
//
// Defining a game takes one method (seed 004's stick game, take 1 to 3):
//
//	type Sticks struct{}
//
//	func (Sticks) Options(n int, yield func(option []int) bool) {
//		for take := 1; take <= 3 && take <= n; take++ {
//			if !yield([]int{n - take}) {
//				return
//			}
//		}
//	}
//
// and solve.NewGrundy[int](Sticks{}, nil).Value(ctx, 16) is 0.
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
//     solver may tabulate 0..n densely instead of hashing; [Appender] lists
//     single-component options into a buffer for that hot loop.
//   - [Valuer]: a closed form for some positions. Without it, search.
//   - [Targeter]: the options of a given value, so winning moves in huge
//     positions need not enumerate every option.
//   - [Formatter]: positions printed in the CLI syntax instead of %v.
//
// Games that are not impartial (partizan, scoring, or loopy with draws)
// implement [General] instead: Moves lists the positions reachable in one
// move, and Result ends the game by its own rules. Their optional
// interfaces are [Scorer] (a final margin), [Parenter] (moves undone, for
// retrograde analysis), [Indexer] (a dense perfect index of positions) and
// [MoveCounter].
//
// The package also holds the nimber arithmetic the engines use ([Nimber],
// [Mex], [MexSet], [NimSum]), the [Outcome] of a position for the player to
// move (Lose < Draw < Win; Class gives P, D, N), and [ErrInput], which marks
// every error caused by bad user input (make one with [Inputf]).
package game
