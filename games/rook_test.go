package games

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// bruteRook values the token on cell (r, c) by memoized recursion straight
// from the rules: its options are the free cells reached going up or right
// before a wall.
func bruteRook(rows []string, r, c int, memo map[[2]int]game.Nimber) game.Nimber {
	if v, ok := memo[[2]int{r, c}]; ok {
		return v
	}
	var opts []game.Nimber
	for rr := r - 1; rr >= 0 && rows[rr][c] != '#'; rr-- {
		opts = append(opts, bruteRook(rows, rr, c, memo))
	}
	for cc := c + 1; cc < len(rows[r]) && rows[r][cc] != '#'; cc++ {
		opts = append(opts, bruteRook(rows, r, cc, memo))
	}
	v := game.Mex(opts...)
	memo[[2]int{r, c}] = v
	return v
}

func randomRookRows(r *rand.Rand, w, h int, wall float64) []string {
	rows := make([]string, h)
	for i := range rows {
		var b strings.Builder
		for range w {
			if r.Float64() < wall {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[i] = b.String()
	}
	return rows
}

func TestRookAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 1))
	for trial := 0; trial < 2000; trial++ {
		w, h := 1+r.IntN(12), 1+r.IntN(12)
		rows := randomRookRows(r, w, h, r.Float64()*0.5)
		// Put the token on a random free cell (make one if needed).
		tr, tc := r.IntN(h), r.IntN(w)
		rows[tr] = rows[tr][:tc] + "o" + rows[tr][tc+1:]
		b, err := ParseRook(strings.Join(rows, "/"))
		if err != nil {
			t.Fatal(err)
		}
		vals, err := b.Values(context.Background(), &limits.Counter{})
		if err != nil {
			t.Fatal(err)
		}
		memo := map[[2]int]game.Nimber{}
		for i, cell := range b.Cells {
			if cell == '#' {
				continue
			}
			if want := bruteRook(rows, i/w, i%w, memo); game.Nimber(vals[i]) != want {
				t.Fatalf("board %s cell (%d,%d): value %d, brute force %d", b, i/w, i%w, vals[i], want)
			}
		}
	}
}

// On an empty board the token at row r, column c is a sum of two Nim heaps,
// r (cells above) and W-1-c (cells to the right): value r ^ (W-1-c).
func TestRookEmptyBoardIsNim(t *testing.T) {
	const w, h = 70, 90 // values beyond one 64-bit word
	b := RookBoard{W: w, H: h, Cells: []byte(strings.Repeat(".", w*h)), Token: 0}
	vals, err := b.Values(context.Background(), &limits.Counter{})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vals {
		r, c := i/w, i%w
		if want := uint32(r ^ (w - 1 - c)); v != want {
			t.Fatalf("cell (%d,%d): %d, want %d", r, c, v, want)
		}
	}
}

func TestRookLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 2))
	rows := randomRookRows(r, 1000, 1000, 0.2)
	rows[999] = "o" + rows[999][1:]
	arg := strings.Join(rows, "/")
	// Parse and value, the best of three runs (the 2 cores are shared).
	best := time.Hour
	for try := 0; try < 3 && best > timeScale*time.Second; try++ {
		begin := time.Now()
		inst := &rookInstance{}
		comps, err := inst.Parse([]string{arg})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := inst.Evaluator(nil).Grundy(context.Background(), comps[0]); err != nil {
			t.Fatal(err)
		}
		best = min(best, time.Since(begin))
	}
	if best > timeScale*time.Second {
		t.Errorf("1000x1000 board took %v", best)
	}
}

func TestParseRookErrors(t *testing.T) {
	for _, tt := range []struct{ arg, msg string }{
		{"o./.o", "two tokens"},
		{"../..", "no token"},
		{"o../..", "rows differ in length"},
		{"o.x/...", "not a cell"},
		{"o.//..", "empty row"},
	} {
		_, err := ParseRook(tt.arg)
		if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseRook(%q) = %v, want an input error with %q", tt.arg, err, tt.msg)
		}
	}
}

func BenchmarkRook(b *testing.B) {
	r := rand.New(rand.NewPCG(23, 3))
	rows := randomRookRows(r, 1000, 1000, 0.2)
	rows[999] = "o" + rows[999][1:]
	board, err := ParseRook(strings.Join(rows, "/"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("1000x1000/table", func(b *testing.B) {
		for b.Loop() {
			if _, err := board.Values(context.Background(), &limits.Counter{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("1000x1000/memo-recursion", func(b *testing.B) {
		for b.Loop() {
			memo := map[[2]int]game.Nimber{}
			for i := 0; i < len(rows); i += 100 { // recursion depth stays modest row by row
				bruteRook(rows, i, 0, memo)
			}
			bruteRook(rows, 999, 0, memo)
		}
	})
}
