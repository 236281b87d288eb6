package games

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/solve/tier"
	"github.com/grundy-go/grundy/store"
)

// TestQuixoTierRanks checks that Rank and Unrank are inverse bijections on
// every tier of Quixo 3x3 and 4x4 (4x4: every 97th rank), that the tiers'
// sizes add up to 3^(n*n), and that Unrank lands in its tier.
func TestQuixoTierRanks(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		g := NewQuixo(n)
		var total uint64
		for _, tr := range g.TiersWithBlanks(n * n) {
			size := g.TierSize(tr)
			total += size
			step := uint64(1)
			if n == 4 {
				step = 97
			}
			for r := uint64(0); r < size; r += step {
				p := g.Unrank(tr, r)
				if g.Tier(p) != tr || g.Rank(tr, p) != r {
					t.Fatalf("%dx%d tier %s rank %d: unrank %v has tier %s rank %d", n, n, g.TierName(tr), r, p, g.TierName(g.Tier(p)), g.Rank(tr, p))
				}
				// The colour-swapped board with o to move has the same rank.
				if q := (QuixoPos{X: p.O, O: p.X, OToMove: true}); g.Rank(tr, q) != r {
					t.Fatalf("%dx%d: colour fold changes the rank of %v", n, n, p)
				}
			}
		}
		if total != g.Size() {
			t.Errorf("%dx%d: tiers hold %d boards, want 3^%d = %d", n, n, total, n*n, g.Size())
		}
	}
}

// TestQuixoTierParents checks TierParents against Moves on Quixo 3x3: q is
// yielded as a parent of p in tier t exactly as many times as q has a move
// to p, for every board q of every tier (brute force over all moves).
func TestQuixoTierParents(t *testing.T) {
	g := NewQuixo(3)
	type edge struct{ q, p uint64 }
	want := map[edge]int{}
	tiers := g.TiersWithBlanks(9)
	for _, tr := range tiers {
		for r := range g.TierSize(tr) {
			q := g.Unrank(tr, r)
			g.Moves(q, func(p QuixoPos) bool {
				want[edge{g.Index(q), g.Index(p)}]++
				return true
			})
		}
	}
	got := map[edge]int{}
	for _, tp := range tiers {
		for r := range g.TierSize(tp) {
			p := g.Unrank(tp, r)
			for _, tr := range append([]tier.ID{tp}, tiers...) {
				g.TierParents(p, tr, func(q QuixoPos) bool {
					if g.Tier(q) != tr {
						t.Fatalf("parent %v of %v is not in tier %s", q, p, g.TierName(tr))
					}
					got[edge{g.Index(q), g.Index(p)}]++
					return true
				})
			}
		}
	}
	// Each tier was visited twice for p's own tier (once as tp, once in
	// tiers): halve those.
	for e, n := range got {
		q, p := g.Position(e.q), g.Position(e.p)
		if g.Tier(q) == g.Tier(p) {
			got[e] = n / 2
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d parent edges, want %d", len(got), len(want))
	}
	for e, n := range want {
		if got[e] != n {
			t.Fatalf("edge %v -> %v: %d parents, want %d", g.Position(e.q), g.Position(e.p), got[e], n)
		}
	}
}

// tierSolve solves every tier of g into a new directory with the given
// number of workers.
func tierSolve[P comparable](t *testing.T, g PieceTiers[P], name string, workers int, dir string) *tier.Solver[P] {
	t.Helper()
	db := tierDB(t, name, dir)
	s := tier.New(g, nil, tier.Options{DB: db, Workers: workers})
	if err := s.Solve(context.Background(), g.TiersWithBlanks(64)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db.Close() // before the test compares the files: it empties LOCK
	return s
}

// tierCompress rewrites the tiers of the database of game name in dir
// compressed, as solve --db does.
func tierCompress[P comparable](t *testing.T, g PieceTiers[P], name, dir string) {
	t.Helper()
	db := tierDB(t, name, dir)
	s := tier.New(g, nil, tier.Options{DB: db})
	if err := s.Compress(context.Background(), g.TiersWithBlanks(64)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db.Close()
}

// tierDB opens the tier database of the game name in dir for writing
// until the test ends.
func tierDB(t testing.TB, name, dir string) *store.DB {
	t.Helper()
	db, err := store.OpenWriter(dir, tier.Identity(name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// listed returns the number of tiers the database of game name in dir
// lists as complete.
func listed(t *testing.T, name, dir string) int {
	t.Helper()
	db, err := store.Open(dir, tier.Identity(name))
	if err != nil {
		t.Fatal(err)
	}
	return len(db.Parts())
}

// TestTierQuixoEqualsRetro: the tier solver (1 and 2 workers) gives every
// board of Quixo 3x3 the outcome and remoteness solve.Retro gives it
// (Retro indexes all 3^9 boards seen from the mover), and so 2x2.
func TestTierQuixoEqualsRetro(t *testing.T) {
	for _, n := range []int{2, 3} {
		compareQuixo(t, n)
	}
}

// TestTierQuixo4x4EqualsRetro is the same on all 3^16 boards of 4x4 (about
// 3 minutes on 2 busy cores: set GRUNDY_TIER4=1).
func TestTierQuixo4x4EqualsRetro(t *testing.T) {
	if os.Getenv("GRUNDY_TIER4") == "" {
		t.Skip("set GRUNDY_TIER4=1 to compare every board of Quixo 4x4")
	}
	compareQuixo(t, 4)
}

func compareQuixo(t *testing.T, n int) {
	g := NewQuixo(n)
	retro := solve.NewRetro(game.General[QuixoPos](g), nil)
	if err := retro.Solve(context.Background(), QuixoPos{}); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		s := tierSolve(t, g, "quixo", workers, t.TempDir())
		var counts solve.Counts
		for i := range g.Size() {
			p := g.Position(i)
			want, _ := retro.Value(p)
			got, err := s.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%dx%d, %d workers: %v is %+v, retro says %+v", n, n, workers, g.FormatQuixo(p), got, want)
			}
			switch got.Outcome {
			case game.Win:
				counts.Win++
			case game.Lose:
				counts.Lose++
			default:
				counts.Draw++
			}
		}
		if counts != retro.Counts() {
			t.Errorf("%dx%d: counts %+v, retro %+v", n, n, counts, retro.Counts())
		}
	}
}

// TestTierTicTacToeEqualsRetro: every board of every tier of tic-tac-toe
// (reachable in play or not) gets the value solve.Retro finds exploring
// from it; Retro explores from the empty board first, then from each board
// it did not reach.
func TestTierTicTacToeEqualsRetro(t *testing.T) {
	g := TicTacToe{}
	s := tierSolve(t, g, "tictactoe", 2, t.TempDir())
	from := solve.NewRetro(game.General[TicTacToePos](g), nil)
	if err := from.Solve(context.Background(), TicTacToePos{}); err != nil {
		t.Fatal(err)
	}
	boards := 0
	for _, tr := range g.TiersWithBlanks(9) {
		for r := range g.TierSize(tr) {
			p := g.Unrank(tr, r)
			want, ok := from.Value(p)
			if !ok {
				other := solve.NewRetro(game.General[TicTacToePos](g), nil)
				if err := other.Solve(context.Background(), p); err != nil {
					t.Fatal(err)
				}
				want, _ = other.Value(p)
			}
			got, err := s.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%s: %+v, retro says %+v", FormatTicTacToe(p), got, want)
			}
			boards++
		}
	}
	// Boards with k marks, (k+1)/2 x's: sum over k of C(9,k) C(k,(k+1)/2)
	// = 1+9+72+252+756+1260+1680+1260+630+126 = 6046.
	if boards != 6046 {
		t.Errorf("%d boards in the tiers, want 6046", boards)
	}
}

// tierFiles reads every tier file of dir.
func tierFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	out := map[string][]byte{}
	for _, name := range names {
		if strings.HasSuffix(name, ".tmp") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(name)] = b
	}
	return out
}

// TestTierResume stops a Quixo 3x3 solve partway (a state limit after some
// tiers), resumes it with a new solver on the same directory, and checks
// the files are byte for byte those of an uninterrupted run; the resumed
// tiers are not solved again.
func TestTierResume(t *testing.T) {
	g := NewQuixo(3)
	clean := t.TempDir()
	tierSolve(t, g, "quixo:3x3", 2, clean)
	want := tierFiles(t, clean)

	dir := t.TempDir()
	for _, stop := range []int64{3000, 9000} {
		budget := &limits.Budget{MaxStates: stop}
		db := tierDB(t, "quixo:3x3", dir)
		s := tier.New(g, budget, tier.Options{DB: db, Workers: 2})
		// Allow refuses up front when the whole remainder does not fit,
		// so solve the tiers from the fullest board down, one at a time,
		// until the budget stops one midway.
		var err error
		for _, tr := range s.Order(g.TiersWithBlanks(9)) {
			if err = s.Solve(context.Background(), []tier.ID{tr}); err != nil {
				break
			}
		}
		s.Close()
		db.Close()
		if !errors.Is(err, limits.ErrStateLimit) {
			t.Fatalf("stop at %d states: %v, want a state limit", stop, err)
		}
		if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) != 0 {
			t.Errorf("a stopped tier left %v", tmp)
		}
	}
	partial := listed(t, "quixo:3x3", dir)
	if partial == 0 || partial == len(want)-2 {
		t.Fatalf("%d of %d tiers before the resume: the test stops nothing", partial, len(want))
	}
	// A kill leaves the tier being written as NAME.tmp, in any state:
	// garbage ones for every tier not done are overwritten, not read.
	for name := range want {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			if err := os.WriteFile(filepath.Join(dir, name+".tmp"), []byte("torn by a kill"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	s := tierSolve(t, g, "quixo:3x3", 1, dir)
	resumed := 0
	for _, st := range s.Stats {
		if st.Resumed {
			resumed++
		}
	}
	if resumed != partial {
		t.Errorf("resumed %d tiers, want the %d already on disk", resumed, partial)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) != 0 {
		t.Errorf("the resume left %v", tmp)
	}
	got := tierFiles(t, dir)
	if len(got) != len(want) {
		t.Fatalf("%d tier files, want %d", len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("%s differs from the uninterrupted run's", name)
		}
	}
}

// TestQuixoEnumerate: Enumerate yields Unrank's boards, in order, over
// ranges that start and end anywhere, across the two parts of a tier.
func TestQuixoEnumerate(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		g := NewQuixo(n)
		for _, tr := range g.TiersWithBlanks(n * n) {
			size := g.TierSize(tr)
			for _, rg := range [][2]uint64{{0, size}, {size / 3, size/2 + 7}, {size / 2, size}, {size - 1, size}} {
				lo, hi := rg[0], min(rg[1], size)
				if n == 4 && hi-lo > 5000 {
					hi = lo + 5000
				}
				next := lo
				g.Enumerate(tr, lo, hi, func(r uint64, p QuixoPos) bool {
					if r != next || p != g.Unrank(tr, r) {
						t.Fatalf("%dx%d tier %s: rank %d (want %d) board %v, Unrank %v", n, n, g.TierName(tr), r, next, p, g.Unrank(tr, r))
					}
					next++
					return true
				})
				if next != hi && lo < hi {
					t.Fatalf("%dx%d tier %s [%d, %d): stopped at %d", n, n, g.TierName(tr), lo, hi, next)
				}
			}
		}
	}
}

// TestQuixoAppendParentRanks checks the ranked un-moves of
// AppendParentRanks against TierParents and Rank, as multisets, on every
// board of Quixo 3x3, every 97th board of 4x4 and about 2000 boards of
// each 5x5 tier with 0-3 or 22-25 cubes, for every tier asked; and on 5x5
// (cells beyond the 16 of the tables) that Unrank and Rank are inverse.
func TestQuixoAppendParentRanks(t *testing.T) {
	for _, n := range []int{3, 4, 5} {
		g := NewQuixo(n)
		tiers := g.TiersWithBlanks(n * n)
		if n == 5 {
			var some []tier.ID
			for _, tr := range tiers {
				if hi, lo := splitTier(tr); hi+lo <= 3 || hi+lo >= 22 {
					some = append(some, tr)
				}
			}
			tiers = some
		}
		for _, src := range tiers {
			step := uint64(1)
			switch n {
			case 4:
				step = 97
			case 5:
				step = g.TierSize(src)/2000 | 1
			}
			for r := uint64(0); r < g.TierSize(src); r += step {
				if p := g.Unrank(src, r); g.Tier(p) != src || g.Rank(src, p) != r {
					t.Fatalf("%dx%d tier %s rank %d: unrank %v ranks %d", n, n, g.TierName(src), r, p, g.Rank(src, p))
				}
			}
		}
		var buf []uint32
		checked := 0
		for _, src := range tiers {
			step := uint64(1)
			switch n {
			case 4:
				step = 97
			case 5:
				step = g.TierSize(src)/2000 | 1
			}
			for r := uint64(0); r < g.TierSize(src); r += step {
				p := g.Unrank(src, r)
				for _, tr := range tiers {
					var want []uint32
					g.TierParents(p, tr, func(q QuixoPos) bool {
						want = append(want, uint32(g.Rank(tr, q)))
						return true
					})
					buf = g.AppendParentRanks(buf[:0], src, r, tr)
					got := append([]uint32(nil), buf...)
					sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
					sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
					if len(got) != len(want) {
						t.Fatalf("%dx%d %s rank %d, parents in %s: %v, want %v", n, n, g.TierName(src), r, g.TierName(tr), got, want)
					}
					for i := range got {
						if got[i] != want[i] {
							t.Fatalf("%dx%d %s rank %d, parents in %s: %v, want %v", n, n, g.TierName(src), r, g.TierName(tr), got, want)
						}
					}
					checked += len(got)
				}
			}
		}
		if checked == 0 {
			t.Fatalf("%dx%d: no parent checked", n, n)
		}
	}
}
