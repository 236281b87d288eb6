package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Ends is the scoring game of the seed notes: a row of integers; the player
// to move takes the leftmost or the rightmost number and adds it to their
// total; when the row is empty the larger total wins (equal totals: a
// draw). It is solved by the O(n^2) interval recurrence
//
//	d(l, r) = max(a[l] - d(l+1, r), a[r] - d(l, r-1)),  d(empty) = 0,
//
// d being the margin (own total minus the opponent's, from here on) of the
// player to move: taking a[l] leaves the opponent the row l+1..r, where
// they get margin d(l+1, r). Rows are kept one length at a time, so memory
// is O(n).
type Ends struct{}

// MaxEnds bounds the length of a row: 2*10^4 numbers are 2*10^8 steps of
// the recurrence, a fraction of a second to a few seconds.
const MaxEnds = 20000

// maxEndsValue bounds each number so that no total overflows int64.
const maxEndsValue = 1 << 40

// endsPos is a row: the component of an ends group.
type endsPos struct {
	inst *Ends
	row  []int64
}

func (c endsPos) Instance() Instance { return c.inst }
func (c endsPos) Key() any           { return c.String() }
func (c endsPos) String() string     { return strings.Join(formatRow(c.row), " ") }

func formatRow(row []int64) []string {
	args := make([]string, len(row))
	for i, v := range row {
		args[i] = strconv.FormatInt(v, 10)
	}
	return args
}

// Name returns the GAME token.
func (*Ends) Name() string { return "ends" }

// Kind says the game is scoring.
func (*Ends) Kind() Kind { return Scoring }

// Viewer returns the viewer of the game's board.
func (*Ends) Viewer() Viewer { return endsViewer{} }

// Parse reads the row: all the ARGs, integers (commas also separate). No
// ARG is the empty row: the game is over, level.
func (e *Ends) Parse(args []string) ([]Component, error) {
	var row []int64
	for _, a := range args {
		for _, f := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' }) {
			v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil || v > maxEndsValue || v < -maxEndsValue {
				return nil, game.Inputf("ends: %q is not an integer of at most 2^40 in size", f)
			}
			row = append(row, v)
		}
	}
	if len(row) > MaxEnds {
		return nil, game.Inputf("ends: a row of %d numbers is longer than the %d the O(n^2) solver takes", len(row), MaxEnds)
	}
	return []Component{endsPos{e, row}}, nil
}

// Format writes the row.
func (*Ends) Format(group []Component) []string {
	var args []string
	for _, c := range group {
		args = append(args, formatRow(c.(endsPos).row)...)
	}
	return args
}

// EndsMargins returns d(0, n-1) for the row, and the margins of the two
// rows one shorter, d(1, n-1) and d(0, n-2) (both 0 when n == 1). It checks
// ctx once per length.
func EndsMargins(ctx context.Context, row []int64) (whole, dropLeft, dropRight int64, err error) {
	n := len(row)
	if n == 0 {
		return 0, 0, 0, nil
	}
	// cur[l] = d(l, l+length-1) for the current length.
	cur := make([]int64, n)
	prev := make([]int64, n)
	copy(cur, row)
	for length := 2; length <= n; length++ {
		if err := ctx.Err(); err != nil {
			return 0, 0, 0, err
		}
		cur, prev = prev, cur
		for l := 0; l+length <= n; l++ {
			r := l + length - 1
			cur[l] = max(row[l]-prev[l+1], row[r]-prev[l])
		}
	}
	if n == 1 {
		return cur[0], 0, 0, nil
	}
	return cur[0], prev[1], prev[0], nil
}

// Solver returns the row's interval DP as a Solver counting against budget.
func (e *Ends) Solver(budget *limits.Budget) Solver { return endsSolver{e, budget} }

type endsSolver struct {
	ends   *Ends
	budget *limits.Budget
}

func (s endsSolver) Solve(ctx context.Context, c Component) (*Solution, error) {
	return s.ends.Solve(ctx, c, s.budget)
}

// Solve solves the row: the margin of the player to move, the outcome from
// its sign, remoteness n (every number is taken, so a level game has a
// remoteness too), and the two moves.
func (e *Ends) Solve(ctx context.Context, c Component, budget *limits.Budget) (*Solution, error) {
	row := c.(endsPos).row
	n := len(row)
	intervals := int64(n) * int64(n+1) / 2
	if err := budget.Allow(intervals); err != nil {
		return nil, fmt.Errorf("the row has %d intervals: %w", intervals, err)
	}
	if err := budget.Steps(ctx, intervals); err != nil {
		return nil, err
	}
	whole, dropLeft, dropRight, err := EndsMargins(ctx, row)
	if err != nil {
		return nil, err
	}
	score := solve.Scored{Score: whole, Remoteness: n}
	sol := &Solution{Value: solve.Value{Outcome: score.Outcome(), Remoteness: n}, Score: &whole, States: int64(n) * int64(n+1) / 2}
	moves := []struct {
		taken int64
		rest  []int64
		d     int64
	}{{0, nil, 0}, {0, nil, 0}}
	if n > 0 {
		moves[0].taken, moves[0].rest, moves[0].d = row[0], row[1:], dropLeft
		moves[1].taken, moves[1].rest, moves[1].d = row[n-1], row[:n-1], dropRight
	}
	if n == 1 {
		moves = moves[:1]
	}
	if n == 0 {
		moves = nil
	}
	for _, m := range moves {
		// The opponent's final margin, counted from this position: their
		// margin on the rest less the number just taken.
		opp := m.d - m.taken
		v := solve.Scored{Score: opp, Remoteness: n - 1}
		mv := MoveValue{To: endsPos{e, m.rest}, Value: solve.Value{Outcome: v.Outcome(), Remoteness: n - 1}, Score: &opp, Best: -opp == whole}
		sol.Moves = append(sol.Moves, mv)
	}
	return sol, nil
}

// OpenEnds returns ends, which takes no parameters.
func OpenEnds(string) (Instance, error) { return &Ends{}, nil }
