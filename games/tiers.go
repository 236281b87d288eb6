package games

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"sort"
	"sync"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/solve/tier"
	"github.com/grundy-go/grundy/store"
)

// PieceTiers is implemented by games of x and o pieces on cells whose
// tiers (tier.Game) hold the boards with given numbers of pieces: Quixo,
// tic-tac-toe. It lets the tier solver solve the tiers with few blank cells
// alone and count their boards by the numbers of each piece.
type PieceTiers[P comparable] interface {
	tier.Game[P]
	// Blanks returns the number of blank cells of p.
	Blanks(p P) int
	// TiersWithBlanks returns every tier whose boards have at most k
	// blank cells.
	TiersWithBlanks(k int) []tier.ID
	// TierParts splits tier t into ranges of ranks whose boards have the
	// same numbers of x and o and the same side to move. Ranges may be
	// listed more than once: a colour-folded tier counts a range of boards
	// with x to move once as such and once as the colour-swapped boards
	// with o to move.
	TierParts(t tier.ID) []TierPart
}

// TierPart is a range of ranks [Lo, Hi) of one tier whose boards hold X
// x's and O o's, with o to move when OToMove is set.
type TierPart struct {
	X, O    int
	OToMove bool
	Lo, Hi  uint64
}

// TierCount counts the boards of one tier with X x's and O o's and the
// side ToMove ("x" or "o") to move by their outcome for the player to move.
type TierCount struct {
	X      int    `json:"x"`
	O      int    `json:"o"`
	ToMove string `json:"to_move"`
	Win    int64  `json:"win"`
	Lose   int64  `json:"lose"`
	Draw   int64  `json:"draw"`
}

// TierOptions configure a TierSolver.
type TierOptions struct {
	// DB is the directory of the game's database of tiers (store; "": a
	// temporary one removed by Close). The tiers it holds complete are
	// used, not solved again.
	DB string
	// ReadOnly opens DB for reading: positions are answered from the
	// tiers it holds, none is solved, and a damaged file is refused. A
	// writer (ReadOnly false) holds DB's lock until Close, creates the
	// database when there is none, and solves again a damaged tier.
	ReadOnly bool
	// Workers split each tier's positions (0: one per core).
	Workers int
	// Compress rewrites the tiers a writer solved in compressed form
	// (zstd blocks of 8- or 16-bit records), each replacing its plain
	// file once every tier the request reaches is solved.
	Compress bool
}

// TierSolvable is implemented by Solvable instances that may have tiers.
type TierSolvable interface {
	Solvable
	// TierSolver returns an engine for one request that solves by tiers
	// (solve/tier), or an input error when the game has none.
	TierSolver(budget *limits.Budget, opts TierOptions) (TierSolver, error)
	// Tiered reports whether the game has tiers (TierSolver then works).
	Tiered() bool
	// TierPositions returns the number of positions of the tiers the
	// position c reaches (0 when the game has no tiers).
	TierPositions(c Component) uint64
}

// TierSolver solves positions of one instance tier by tier, from and to
// the database of one directory. Close releases the files and the lock
// (and removes a temporary directory).
type TierSolver interface {
	Solver
	// Tiers solves every tier with at most blanks blank cells and counts
	// their boards, one record per numbers of x and o and side to move.
	Tiers(ctx context.Context, blanks int) ([]TierCount, error)
	// Blanks returns the number of blank cells of the position c.
	Blanks(c Component) int
	// Stats lists what was done for each tier.
	Stats() []tier.Stat
	// Complete reports whether the database holds every tier the
	// position c reaches.
	Complete(c Component) bool
	Close() error
}

// Tiered reports whether b's game has piece tiers.
func (b *GeneralBound[P]) Tiered() bool {
	_, ok := any(b.Game).(PieceTiers[P])
	return ok
}

// TierPositions returns the number of positions of the tiers c reaches.
func (b *GeneralBound[P]) TierPositions(c Component) uint64 {
	g, ok := any(b.Game).(PieceTiers[P])
	if !ok {
		return 0
	}
	var n uint64
	for _, t := range tier.New(g, nil, tier.Options{}).Order([]tier.ID{g.Tier(b.pos(c))}) {
		n += g.TierSize(t)
	}
	return n
}

// TierSolver returns the tier engine of b's game when it has piece tiers.
func (b *GeneralBound[P]) TierSolver(budget *limits.Budget, opts TierOptions) (TierSolver, error) {
	g, ok := any(b.Game).(PieceTiers[P])
	if !ok {
		return nil, game.Inputf("%s has no tiers to solve by", b.name)
	}
	ts := &tierSolver[P]{GeneralBound: b, g: g, dir: opts.DB, compress: opts.Compress}
	if ts.dir == "" {
		dir, err := os.MkdirTemp("", "grundy-tiers-")
		if err != nil {
			return nil, fmt.Errorf("tier files: %w", err)
		}
		ts.dir, ts.temp = dir, true
	}
	var err error
	if opts.ReadOnly {
		ts.db, err = store.Open(ts.dir, tier.Identity(b.name))
	} else {
		ts.db, err = store.OpenWriter(ts.dir, tier.Identity(b.name))
	}
	if err != nil {
		if ts.temp {
			os.RemoveAll(ts.dir)
		}
		return nil, err
	}
	ts.s = tier.New(g, budget, tier.Options{DB: ts.db, Workers: opts.Workers})
	return ts, nil
}

// tierSolver is the TierSolver of a GeneralBound game.
type tierSolver[P comparable] struct {
	*GeneralBound[P]
	g    PieceTiers[P]
	s    *tier.Solver[P]
	db   *store.DB
	dir  string
	temp bool
	// compress: rewrite the solved tiers compressed (TierOptions.Compress).
	compress bool
}

// solve solves the tiers reachable from roots, then compresses them when
// asked.
func (ts *tierSolver[P]) solve(ctx context.Context, roots []tier.ID) error {
	if err := ts.s.Solve(ctx, roots); err != nil {
		return err
	}
	if ts.compress {
		return ts.s.Compress(ctx, roots)
	}
	return nil
}

func (ts *tierSolver[P]) Complete(c Component) bool {
	return len(ts.s.Missing([]tier.ID{ts.g.Tier(ts.pos(c))})) == 0
}

func (ts *tierSolver[P]) Stats() []tier.Stat { return ts.s.Stats }

func (ts *tierSolver[P]) Blanks(c Component) int { return ts.g.Blanks(ts.pos(c)) }

func (ts *tierSolver[P]) Close() error {
	err := ts.s.Close()
	if cerr := ts.db.Close(); err == nil {
		err = cerr
	}
	if ts.temp {
		if rerr := os.RemoveAll(ts.dir); err == nil {
			err = rerr
		}
	}
	return err
}

// Solve solves every tier c reaches, then values c and its moves from the
// tier files.
func (ts *tierSolver[P]) Solve(ctx context.Context, c Component) (*Solution, error) {
	p := ts.pos(c)
	root := []tier.ID{ts.g.Tier(p)}
	if err := ts.solve(ctx, root); err != nil {
		return nil, err
	}
	v, err := ts.s.Value(p)
	if err != nil {
		return nil, err
	}
	sol := &Solution{Value: v}
	for _, t := range ts.s.Order(root) {
		counts, err := ts.s.Counts(t)
		if err != nil {
			return nil, err
		}
		sol.States += int64(ts.g.TierSize(t))
		sol.Counts.Win += counts.Win
		sol.Counts.Lose += counts.Lose
		sol.Counts.Draw += counts.Draw
	}
	if _, terminal := ts.Game.Result(p); terminal {
		return sol, nil
	}
	ts.Game.Moves(p, func(child P) bool {
		var cv solve.Value
		if cv, err = ts.s.Value(child); err != nil {
			return false
		}
		sol.Moves = append(sol.Moves, MoveValue{To: GeneralPos[P]{ts.GeneralBound, child}, Value: cv, Best: IsBest(v, cv)})
		return true
	})
	return sol, err
}

// Tiers solves the tiers with at most blanks blank cells and counts them.
func (ts *tierSolver[P]) Tiers(ctx context.Context, blanks int) ([]TierCount, error) {
	tiers := ts.g.TiersWithBlanks(blanks)
	if err := ts.solve(ctx, tiers); err != nil {
		return nil, err
	}
	var out []TierCount
	for _, t := range tiers {
		for _, part := range ts.g.TierParts(t) {
			c, err := ts.s.Count(t, part.Lo, part.Hi)
			if err != nil {
				return nil, err
			}
			side := "x"
			if part.OToMove {
				side = "o"
			}
			out = append(out, TierCount{X: part.X, O: part.O, ToMove: side, Win: c.Win, Lose: c.Lose, Draw: c.Draw})
		}
	}
	// Most pieces first, then most x, o to move first.
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.X+a.O != b.X+b.O {
			return a.X+a.O > b.X+b.O
		}
		if a.X != b.X {
			return a.X > b.X
		}
		return a.ToMove < b.ToMove
	})
	return out, nil
}

// binom[n][k] is the binomial coefficient C(n, k) for n, k <= 32.
var binom = func() (b [33][33]uint64) {
	for n := range b {
		b[n][0] = 1
		for k := 1; k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return b
}()

// rankTables are the tables of the combinatorial ranking of boards
// (rankPieces and its inverse), 0.8 MB in all. They are made on first use
// (ranks), not when the program starts: the supervisor process of the CLI
// and every request but a tier solver's never rank a board, and a table
// made at start-up would be in each process's memory for nothing.
type rankTables struct {
	// cnsByte[c][j][b] is the share of byte c of a set in its
	// combinatorial rank when j set bits lie below it: the sum of
	// C(8c+i, j+m+1) over the set bits i of b, m of them below i.
	cnsByte [4][33][256]uint32
	// pextByte[m][v] packs the bits of v under the set bits of m into the
	// low bits, in order (the PEXT instruction on one byte); pdepByte[m][v]
	// deposits the low bits of v, in order, on the set bits of m (PDEP),
	// its inverse on the bits of m.
	pextByte, pdepByte [256][256]uint8
	// rankLow16[m] is the combinatorial rank of the 16-bit set m.
	rankLow16 [1 << 16]uint32
	// binomT[k][n] is C(n, k): the column of one k contiguous, for the
	// scans of unrankSubset.
	binomT [33][33]uint64
	// subsets16[subsetStart[j]+r] is the j-subset of {0..15} of rank r:
	// the 16-bit masks of j bits in increasing order, which is the order
	// of ranks.
	subsetStart [17]uint32
	subsets16   [1 << 16]uint16
}

// ranks returns the ranking tables, made by the first call.
var ranks = sync.OnceValue(newRankTables)

func newRankTables() *rankTables {
	t := new(rankTables)
	for c := range 4 {
		for j := range 33 {
			for b := range 256 {
				var sum uint64
				m := 0
				for i := range 8 {
					if b>>i&1 != 0 {
						if j+m+1 <= 32 {
							sum += binom[8*c+i][j+m+1]
						}
						m++
					}
				}
				t.cnsByte[c][j][b] = uint32(sum)
			}
		}
	}
	// Bit i of m, the k-th set bit, moves v's bit i to bit k (pext) and
	// v's bit k to bit i (pdep).
	for m := range 256 {
		for v := range 256 {
			k := 0
			for i := range 8 {
				if m>>i&1 != 0 {
					t.pextByte[m][v] |= uint8(v>>i&1) << k
					t.pdepByte[m][v] |= uint8(v>>k&1) << i
					k++
				}
			}
		}
	}
	for m := range t.rankLow16 {
		t.rankLow16[m] = t.cnsByte[0][0][m&255] + t.cnsByte[1][bits.OnesCount8(uint8(m))][m>>8]
	}
	for n := range 33 {
		for k := range 33 {
			t.binomT[k][n] = binom[n][k]
		}
	}
	next := 0
	for j := range 17 {
		t.subsetStart[j] = uint32(next)
		for m := range 1 << 16 {
			if bits.OnesCount16(uint16(m)) == j {
				t.subsets16[next] = uint16(m)
				next++
			}
		}
	}
	return t
}

// rankPieces numbers the boards whose pieces are on the cells of occ, of
// which the cells of mine are one player's, among all boards of n cells with
// as many pieces of each: the combinatorial number system (Knuth, TAOCP
// 7.2.1.3) ranks occ among the k-subsets of the n cells and mine among the
// a-subsets of occ's k cells (mine compressed to k bits, as by PEXT), and
// rank = rank(occ)*C(k, a) + rank(mine). Both ranks are sums over the set
// bits, taken a byte at a time from tables (cnsByte, pextByte).
func (t *rankTables) rankPieces(occ, mine uint32) uint64 {
	return t.rankSet(occ)*binom[bits.OnesCount32(occ)][bits.OnesCount32(mine)] + t.rankSet(t.pext(occ, mine))
}

// pext packs the bits of mine under the set bits of occ into the low bits,
// in order (the PEXT instruction), a byte at a time from pextByte.
func (t *rankTables) pext(occ, mine uint32) uint32 {
	sub := uint32(t.pextByte[occ&255][mine&255])
	k := bits.OnesCount32(occ & 255)
	for c := 8; c < 32 && occ>>c != 0; c += 8 {
		ob := occ >> c & 255
		sub |= uint32(t.pextByte[ob][mine>>c&255]) << k
		k += bits.OnesCount32(ob)
	}
	return sub
}

// rankSet is the combinatorial rank of the set of bits of m (m < 2^25),
// the sum of C(c, j) over its j-th smallest element c: the low 16 bits
// from one table, the high bits from a table by the count below them.
func (t *rankTables) rankSet(m uint32) uint64 {
	lo := m & 0xffff
	r := uint64(t.rankLow16[lo])
	if hi := m >> 16; hi != 0 {
		r += uint64(t.cnsByte[2][bits.OnesCount32(lo)][hi&255])
		if hi >>= 8; hi != 0 {
			r += uint64(t.cnsByte[3][bits.OnesCount32(m&0xffffff)][hi&255])
		}
	}
	return r
}

// unrankPieces is the inverse of rankPieces for boards of n cells with a
// pieces of one player and b of the other.
func (t *rankTables) unrankPieces(r uint64, n, a, b int) (occ, mine uint32) {
	k := a + b
	per := binom[k][a]
	r1, r2 := r/per, r%per
	occ = t.unrankSubset(r1, n, k)
	return occ, t.deposit(t.unrankSubset(r2, k, a), occ)
}

// deposit returns the cells of occ whose order among occ's cells (in
// increasing order) is a bit of sub (PDEP), a byte of occ at a time.
func (t *rankTables) deposit(sub, occ uint32) uint32 {
	var mine uint32
	for c := 0; c < 4 && sub != 0; c++ {
		ob := occ >> (8 * c) & 255
		mine |= uint32(t.pdepByte[ob][sub&255]) << (8 * c)
		sub >>= bits.OnesCount32(ob)
	}
	return mine
}

// nextSet returns the next set of as many bits in increasing order, which
// is the order of combinatorial ranks (Gosper's hack; x != 0).
func nextSet(x uint32) uint32 {
	c := x & -x
	r := x + c
	return (r^x)>>2/c | r
}

// enumeratePieces calls yield with the boards of ranks from..to-1 of the
// boards of n cells with a pieces of one player and b of the other, as
// unrankPieces gives them, stepping from one to the next instead of
// unranking each.
func (t *rankTables) enumeratePieces(from, to uint64, n, a, b int, yield func(r uint64, occ, mine uint32) bool) {
	if from >= to {
		return
	}
	k := a + b
	per := binom[k][a]
	r2 := from % per
	occ := t.unrankSubset(from/per, n, k)
	sub := t.unrankSubset(r2, k, a)
	for r := from; r < to; r++ {
		if !yield(r, occ, t.deposit(sub, occ)) {
			return
		}
		if r2++; r2 == per {
			r2, sub = 0, 1<<a-1
			if occ != 0 {
				occ = nextSet(occ)
			}
		} else {
			sub = nextSet(sub)
		}
	}
}

// unrankSubset returns the k-subset of {0..n-1} of rank r in the
// combinatorial number system: the largest c with C(c, k) <= r is its
// largest element, and so on down; once the elements left are below 16,
// the subset of {0..15} of their rank comes from a table (the j-subsets of
// a smaller set come first in this order, so the rank is the same).
func (t *rankTables) unrankSubset(r uint64, n, k int) uint32 {
	var mask uint32
	c := n - 1
	for j := k; j >= 1; j-- {
		if c < 16 {
			return mask | uint32(t.subsets16[t.subsetStart[j]+uint32(r)])
		}
		col := &t.binomT[j]
		for col[c] > r {
			c--
		}
		mask |= 1 << c
		r -= col[c]
		c--
	}
	return mask
}
