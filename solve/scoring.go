package solve

import (
	"context"
	"fmt"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// ScoringGame is a general game that ends with scores (game.Scorer).
type ScoringGame[P comparable] interface {
	game.General[P]
	game.Scorer[P]
}

// Scored is the solved value of a position of a scoring game: the final
// margin of the player to move under perfect play (their total minus the
// opponent's; both maximize their own margin) and the remoteness of the
// principal line: among the best-scoring moves the winner takes the
// shortest line, the loser and a level game the longest.
type Scored struct {
	Score      int64
	Remoteness int
}

// Outcome is Win, Draw or Lose as the score is positive, zero or negative.
func (v Scored) Outcome() game.Outcome {
	switch {
	case v.Score > 0:
		return game.Win
	case v.Score < 0:
		return game.Lose
	}
	return game.Draw
}

// better reports whether a move of value a (for the mover) beats one of
// value b.
func (a Scored) better(b Scored) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if a.Score > 0 {
		return a.Remoteness < b.Remoteness
	}
	return a.Remoteness > b.Remoteness
}

// Minimax solves acyclic scoring games by negamax with a memo: the margin
// of a terminal position is its Score, of any other the best over its
// moves m of -margin(m) (a non-terminal position with no moves scores 0).
// The search uses an explicit stack (no recursion); meeting a position
// that is being searched is a cycle, reported as ErrCycle. Not safe for
// concurrent use.
type Minimax[P comparable] struct {
	limits.Counter
	game  ScoringGame[P]
	memo  map[P]Scored
	open  map[P]bool // positions on the search stack, expanded
	stack []P

	stackCap int // the stack's capacity when memory was last accounted
}

// NewMinimax returns a minimax solver for g with the given limits.
func NewMinimax[P comparable](g ScoringGame[P], budget *limits.Budget) *Minimax[P] {
	s := &Minimax[P]{game: g, memo: map[P]Scored{}, open: map[P]bool{}}
	s.Budget = budget
	return s
}

// Value returns the stored value of p, if p was solved.
func (s *Minimax[P]) Value(p P) (Scored, bool) {
	v, ok := s.memo[p]
	return v, ok
}

// Positions returns the number of positions solved.
func (s *Minimax[P]) Positions() int { return len(s.memo) }

// Solve returns the value of p, solving every position below it.
func (s *Minimax[P]) Solve(ctx context.Context, root P) (Scored, error) {
	s.stack = append(s.stack[:0], root)
	defer clear(s.open)
	for len(s.stack) > 0 {
		top := s.stack[len(s.stack)-1]
		if _, done := s.memo[top]; done {
			s.stack = s.stack[:len(s.stack)-1]
			continue
		}
		if margin, terminal := s.game.Score(top); terminal {
			s.memo[top] = Scored{Score: margin}
			s.stack = s.stack[:len(s.stack)-1]
			continue
		}
		if !s.open[top] {
			if err := s.Step(ctx); err != nil {
				return Scored{}, fmt.Errorf("searched %d positions: %w", s.States, err)
			}
			if s.States%limits.PollEvery == 0 || cap(s.stack) > s.stackCap {
				// Memo and open set entries (key and value, hash-table
				// slack counted as doubling them) and the stack.
				s.stackCap = cap(s.stack)
				var p P
				size := int64(unsafe.Sizeof(p))
				need := int64(len(s.memo))*2*(size+16) + int64(len(s.open))*2*(size+1) + int64(cap(s.stack))*size
				if err := s.Hold(need); err != nil {
					return Scored{}, fmt.Errorf("searched %d positions: %w", s.States, err)
				}
			}
			s.open[top] = true
			var cycle error
			pending := false
			s.game.Moves(top, func(c P) bool {
				if _, done := s.memo[c]; done {
					return true
				}
				if s.open[c] {
					cycle = fmt.Errorf("%w: a scoring game must end, but a position repeats", ErrCycle)
					return false
				}
				s.stack = append(s.stack, c)
				pending = true
				return true
			})
			if cycle != nil {
				return Scored{}, cycle
			}
			if pending {
				continue
			}
		}
		best, any := Scored{}, false
		s.game.Moves(top, func(c P) bool {
			cv := s.memo[c]
			mine := Scored{Score: -cv.Score, Remoteness: cv.Remoteness + 1}
			if !any || mine.better(best) {
				best, any = mine, true
			}
			return true
		})
		s.memo[top] = best
		delete(s.open, top)
		s.stack = s.stack[:len(s.stack)-1]
	}
	return s.memo[root], nil
}
