package game

// General is a two-player game of perfect information on positions of type
// P: partizan, scoring or loopy. A position carries everything the rules
// need, the side to move included where it matters (tic-tac-toe reads it off
// the board; Quixo stores it). Solvers see only this interface and the
// optional ones below.
//
// Moves calls yield with each position the player to move can reach in one
// move, stopping early if yield returns false. Result reports whether the
// rules end the game at p and, if so, the outcome for the player to move
// (Win, Lose or Draw); Moves is not called for such a terminal position. A
// position that is not terminal by Result and has no moves is lost by the
// player to move (normal play).
type General[P comparable] interface {
	Moves(p P, yield func(P) bool)
	Result(p P) (o Outcome, terminal bool)
}

// Scorer is implemented by scoring games. Score reports, for a terminal
// position, the final margin of the player to move (their total minus the
// opponent's); the outcome is Win, Draw or Lose as the margin is positive,
// zero or negative. Without it a game is played for win/lose/draw only.
type Scorer[P comparable] interface {
	Score(p P) (margin int64, terminal bool)
}

// Parenter is implemented by games that can undo moves. Parents calls yield
// once for each move (q, m) of the game whose result is p, with q; a
// position reached from q by two different moves is yielded twice. Parents
// may yield terminal positions (they are then ignored). Retrograde solvers
// use it instead of storing reverse edges; without it they store them.
type Parenter[P comparable] interface {
	Parents(p P, yield func(P) bool)
}

// Indexer is implemented by games whose positions have a dense perfect
// index: every position maps to an index in [0, Size()), and Position(i) is
// a position with index i. Two positions may share an index only if they are
// equivalent (same outcome, same remoteness, moves in bijection that
// preserves indices); Quixo, for one, maps a board with o to move onto the
// colour-swapped board with x to move. Solvers then keep an array indexed by
// position instead of a hash table, and explore no graph.
type Indexer[P comparable] interface {
	Size() uint64
	Index(p P) uint64
	Position(i uint64) P
}

// MoveCounter is implemented by games that count the moves of a position
// faster than by making them. NumMoves(p) must equal the number of
// positions Moves yields for a non-terminal p. Without it solvers count
// through Moves.
type MoveCounter[P comparable] interface {
	NumMoves(p P) int
}
