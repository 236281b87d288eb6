package query

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// naiveHeap is one heap of the oracle's sums. The rules are written here
// from their definitions, independently of the catalog's code:
// kayles knocks down 1 or 2 adjacent pins of a row, dawson-kayles exactly 2
// (either may split the row in two), grundy-game splits a heap into two
// unequal non-empty heaps, subtract:1,3,4 takes 1, 3 or 4, nim takes any,
// divisor takes a proper divisor of the heap.
type naiveHeap struct {
	game string
	n    int
}

func naiveOptions(h naiveHeap) [][]naiveHeap {
	var out [][]naiveHeap
	row := func(widths ...int) {
		for _, w := range widths {
			for left := 0; left+w <= h.n; left++ {
				out = append(out, []naiveHeap{{h.game, left}, {h.game, h.n - w - left}})
			}
		}
	}
	switch h.game {
	case "nim":
		for k := 0; k < h.n; k++ {
			out = append(out, []naiveHeap{{h.game, k}})
		}
	case "kayles", "octal:0.77": // Kayles is the octal game 0.77 (Winning Ways, ch. 4)
		row(1, 2)
	case "dawson-kayles":
		row(2)
	case "grundy-game":
		for a := 1; a < h.n-a; a++ {
			out = append(out, []naiveHeap{{h.game, a}, {h.game, h.n - a}})
		}
	case "kayles-jump": // kayles, and a row of 2 may also become a dead row of 40
		if h.n < 40 {
			row(1, 2)
		}
		if h.n == 2 {
			out = append(out, []naiveHeap{{h.game, 40}})
		}
	case "divisor": // take d tokens, d a divisor of n with d < n
		for d := 1; d < h.n; d++ {
			if h.n%d == 0 {
				out = append(out, []naiveHeap{{h.game, h.n - d}})
			}
		}
	case "subtract:1,3,4":
		for _, s := range []int{1, 3, 4} {
			if s <= h.n {
				out = append(out, []naiveHeap{{h.game, h.n - s}})
			}
		}
	}
	return out
}

// naiveMisere decides whole sums by the definition of misère play: the
// player who cannot move wins, otherwise the mover wins when some move
// leaves a position the opponent loses.
type naiveMisere map[string]bool

func sumKey(sum []naiveHeap) string {
	parts := make([]string, 0, len(sum))
	for _, h := range sum {
		if h.n > 0 {
			parts = append(parts, h.game+strconv.Itoa(h.n))
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

func (memo naiveMisere) wins(sum []naiveHeap) bool {
	k := sumKey(sum)
	if w, ok := memo[k]; ok {
		return w
	}
	w, moved := false, false
	for i, h := range sum {
		for _, o := range naiveOptions(h) {
			moved = true
			next := append(append(slices.Clone(sum[:i]), o...), sum[i+1:]...)
			if !memo.wins(next) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	memo[k] = w || !moved
	return memo[k]
}

// writeSum writes a sum in CLI syntax, one group per heap.
func writeSum(sum []naiveHeap) string {
	groups := make([]string, len(sum))
	for i, h := range sum {
		groups[i] = fmt.Sprintf("%s %d", h.game, h.n)
	}
	return strings.Join(groups, " + ")
}

// parseAfter reads a position_after back into heaps.
func parseAfter(t *testing.T, s string) []naiveHeap {
	t.Helper()
	var sum []naiveHeap
	for _, g := range strings.Split(s, " + ") {
		f := strings.Fields(g)
		for _, a := range f[1:] {
			n, err := strconv.Atoi(a)
			if err != nil {
				t.Fatalf("position_after %q: %v", s, err)
			}
			sum = append(sum, naiveHeap{f[0], n})
		}
	}
	return sum
}

func checkMisere(t *testing.T, memo naiveMisere, sum []naiveHeap, res *MisereResult) {
	t.Helper()
	want := game.Lose.Class()
	if memo.wins(sum) {
		want = game.Win.Class()
	}
	if res.Outcome != want {
		t.Fatalf("%s: misère outcome %s by %s, naive search says %s", res.Position, res.Outcome, res.Method, want)
	}
	terminal := true
	for _, h := range sum {
		terminal = terminal && len(naiveOptions(h)) == 0
	}
	// A misère N-position has a winning move unless it has no move at all
	// (then the player to move has already won).
	if (want == game.Win.Class() && !terminal) != (len(res.WinningMoves) > 0) {
		t.Fatalf("%s: outcome %s with %d winning moves", res.Position, want, len(res.WinningMoves))
	}
	listed := map[string]bool{}
	for _, m := range res.WinningMoves {
		after := parseAfter(t, m.PositionAfter)
		if memo.wins(after) {
			t.Fatalf("%s: winning move to %s leaves a naive N-position", res.Position, m.PositionAfter)
		}
		listed[sumKey(after)] = true
	}
	// Every naive winning move is listed (compared as the positions they
	// leave, since symmetric moves of a row leave the same heaps).
	for i, h := range sum {
		for _, o := range naiveOptions(h) {
			next := append(append(slices.Clone(sum[:i]), o...), sum[i+1:]...)
			if !memo.wins(next) && !listed[sumKey(next)] {
				t.Fatalf("%s: the winning move to %s is not listed", res.Position, writeSum(next))
			}
		}
	}
}

// TestMisereNimClosedForm checks the misère Nim rule and its winning moves
// on every position of up to 4 heaps of size <= 7 against the naive search,
// and that the number of winning moves is the naive count.
func TestMisereNimClosedForm(t *testing.T) {
	ctx := context.Background()
	memo := naiveMisere{}
	var rec func(sum []naiveHeap, from int)
	count := 0
	rec = func(sum []naiveHeap, from int) {
		if len(sum) > 0 {
			count++
			words := []string{"nim"}
			for _, h := range sum {
				words = append(words, strconv.Itoa(h.n))
			}
			pos, err := Parse(words, OSFiles(context.Background()))
			if err != nil {
				t.Fatal(err)
			}
			res, err := MisereValue(ctx, pos, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Method != "tame" {
				t.Fatalf("%s: method %s", res.Position, res.Method)
			}
			checkMisere(t, memo, sum, res)
			wins := 0
			for i, h := range sum {
				for _, o := range naiveOptions(h) {
					next := append(append(slices.Clone(sum[:i]), o...), sum[i+1:]...)
					if !memo.wins(next) {
						wins++
					}
				}
			}
			if len(res.WinningMoves) != wins {
				t.Fatalf("%s: %d winning moves, naive count %d", res.Position, len(res.WinningMoves), wins)
			}
		}
		if len(sum) == 4 {
			return
		}
		for n := from; n <= 7; n++ {
			rec(append(slices.Clone(sum), naiveHeap{"nim", n}), n)
		}
	}
	rec(nil, 0)
	if count != 494 { // multisets of 1..4 sizes from 0..7: C(8,1)+C(9,2)+C(10,3)+C(11,4) = 8+36+120+330
		t.Fatalf("checked %d positions", count)
	}
}

// TestMisereRandomCatalogSums checks misère outcomes and winning moves of
// random small sums of catalog games against the naive search.
func TestMisereRandomCatalogSums(t *testing.T) {
	names := []string{"nim", "kayles", "dawson-kayles", "grundy-game", "subtract:1,3,4"}
	maxN := map[string]int{"nim": 6, "kayles": 8, "dawson-kayles": 10, "grundy-game": 12, "subtract:1,3,4": 12}
	for _, n := range names {
		name, _, _ := strings.Cut(n, ":")
		if _, ok := LookupGame(name); !ok {
			t.Fatalf("game %s is not in the catalog", name)
		}
	}
	ctx := context.Background()
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(8, 13))
	methods := map[string]int{}
	for range 2000 {
		sum := make([]naiveHeap, 1+r.IntN(3))
		budget := 16
		for i := range sum {
			g := names[r.IntN(len(names))]
			n := r.IntN(min(maxN[g], budget) + 1)
			budget -= n
			sum[i] = naiveHeap{g, n}
		}
		methods[valueAndCheck(t, ctx, memo, sum).Method]++
	}
	t.Logf("methods: %v", methods)
	for _, m := range []string{"tame", "genus", "search", "quotient"} {
		if methods[m] == 0 {
			t.Errorf("method %s never used", m)
		}
	}
}

// TestMisereByQuotient checks value --misere on sums of one wild heap game,
// which it answers by the game's misère quotient, against the naive
// misère search written separately in this file: the outcome and every
// winning move, on 600 random sums of up to 5 heaps.
func TestMisereByQuotient(t *testing.T) {
	names := []string{"kayles", "dawson-kayles", "grundy-game"}
	maxN := map[string]int{"kayles": 9, "dawson-kayles": 11, "grundy-game": 13}
	ctx := context.Background()
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(17, 5))
	quotients := 0
	for range 600 {
		g := names[r.IntN(len(names))]
		sum := make([]naiveHeap, 1+r.IntN(5))
		budget := 22
		for i := range sum {
			n := r.IntN(min(maxN[g], budget) + 1)
			budget -= n
			sum[i] = naiveHeap{g, n}
		}
		if valueAndCheck(t, ctx, memo, sum).Method == "quotient" {
			quotients++
		}
	}
	// Sums whose heaps are all tame go to misère Nim's rule instead.
	if quotients < 80 {
		t.Errorf("the quotient answered %d of the 600 sums, want at least 80", quotients)
	}
}

// valueAndCheck answers `value --misere` on sum and checks the outcome and
// every winning move against the naive search (checkMisere).
func valueAndCheck(t *testing.T, ctx context.Context, memo naiveMisere, sum []naiveHeap) *MisereResult {
	t.Helper()
	pos, err := ParseString(writeSum(sum))
	if err != nil {
		t.Fatal(err)
	}
	res, err := MisereValue(ctx, pos, nil)
	if err != nil {
		t.Fatalf("%s: %v", writeSum(sum), err)
	}
	checkMisere(t, memo, sum, res)
	return res
}

// TestMisereSameGameByMoves checks that groups of one heap game under two
// names (kayles and octal:0.77) are answered by one quotient: the groups
// play the same game because their moves are the same, whatever their
// names. Every answer is checked against the naive search.
func TestMisereSameGameByMoves(t *testing.T) {
	ctx := context.Background()
	memo := naiveMisere{}
	r := rand.New(rand.NewPCG(29, 3))
	quotients := 0
	for range 150 {
		sum := []naiveHeap{{"kayles", 1 + r.IntN(9)}, {"octal:0.77", 1 + r.IntN(9)}}
		if r.IntN(2) == 0 {
			sum = append(sum, naiveHeap{"kayles", r.IntN(6)})
		}
		if valueAndCheck(t, ctx, memo, sum).Method == "quotient" {
			quotients++
		}
	}
	if quotients < 20 {
		t.Errorf("the quotient answered %d of the 150 sums of kayles and octal:0.77, want at least 20", quotients)
	}
}

func TestMisereErrors(t *testing.T) {
	ctx := context.Background()
	pos, err := ParseString("kayles 30 31 + dawson-kayles 32")
	if err != nil {
		t.Fatal(err)
	}
	_, err = MisereValue(ctx, pos, &limits.Budget{MaxStates: 1000})
	if !errors.Is(err, limits.ErrStateLimit) || !strings.Contains(err.Error(), "stopped after 1000 states") {
		t.Fatalf("err = %v, want the state limit with the state count", err)
	}
	pos, err = ParseString("tictactoe x........")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MisereValue(ctx, pos, nil); !errors.Is(err, game.ErrInput) {
		t.Fatalf("partizan game: err = %v, want bad input", err)
	}
}

// TestMisereOracle checks the API that `grundy play --misere` uses: the
// oracle answers positions and keeps its memo between calls.
func TestMisereOracle(t *testing.T) {
	ctx := context.Background()
	m := NewMisere(nil)
	memo := naiveMisere{}
	for _, s := range []string{"kayles 12", "kayles 12 + kayles 1", "kayles 12 + nim 2", "kayles 7 + dawson-kayles 9", "nim 1 1 1"} {
		pos, err := ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		o, _, err := m.Outcome(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		sum := parseAfter(t, pos.String())
		if want := memo.wins(sum); (o == game.Win) != want {
			t.Fatalf("%s: oracle %v, naive win=%v", s, o, want)
		}
		moves, _, err := m.WinningMoves(ctx, pos, 3)
		if err != nil {
			t.Fatal(err)
		}
		if (o == game.Win) != (len(moves) > 0) || len(moves) > 3 {
			t.Fatalf("%s: %v with %d winning moves (limit 3)", s, o, len(moves))
		}
	}
}

// TestMisereHugeNim: Nim heaps of any size, alone or beside tame components.
// Kayles 3 and 4 have normal values 3 and 1 (OEIS A002186) and are tame;
// with a heap of 2 or more the sum plays as in normal play, so the one
// winning move takes the big heap to 3 XOR 1 = 2 (no Kayles move can reach
// value 10^9).
func TestMisereHugeNim(t *testing.T) {
	for _, c := range []struct {
		position string
		moves    []string
	}{
		{"nim 1000000000 + kayles 3 4", []string{"nim 2 + kayles 3 4"}},
		// Nim-sum s = 10^9 XOR 999999999 XOR 3 = 1020; the heaps XOR s are
		// 999999996 (< 10^9: a move), 1000000003 and 1023 (larger: none).
		{"nim 1000000000 999999999 3", []string{"nim 999999996 999999999 3"}},
	} {
		pos, err := ParseString(c.position)
		if err != nil {
			t.Fatal(err)
		}
		res, err := MisereValue(context.Background(), pos, &limits.Budget{MaxStates: 10_000})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range res.WinningMoves {
			got = append(got, m.PositionAfter)
		}
		if res.Method != "tame" || res.Outcome != game.Win.Class() || !slices.Equal(got, c.moves) {
			t.Errorf("%s: %s by %s, moves %q; want N by tame, %q", c.position, res.Outcome, res.Method, got, c.moves)
		}
	}
}

// Misère Nim with three heaps of 1: the player to move takes one, the
// opponent another, and the mover must take the last one and lose.
func ExampleMisereValue() {
	pos, err := ParseString("nim 1 1 1")
	if err != nil {
		panic(err)
	}
	res, err := MisereValue(context.Background(), pos, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Outcome, res.Method, res.Genus)
	// Output: P tame 1^031
}

// TestMisereMemoryLimit checks that the misère search, which has no state
// limit of its own, stops at the request's memory budget (the CLI's default
// --max-memory is what bounds it) instead of growing until it is killed.
func TestMisereMemoryLimit(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	pos, err := ParseString("kayles 30 31 + dawson-kayles 32")
	if err != nil {
		t.Fatal(err)
	}
	_, err = MisereValue(ctx, pos, &limits.Budget{MaxMemory: 1 << 20})
	if !errors.Is(err, limits.ErrMemoryLimit) || !strings.Contains(err.Error(), "memory limit of 1.0 MiB reached") {
		t.Fatalf("err = %v, want the memory limit of 1 MiB", err)
	}
}

// TestMisereTableStopsWithItsPart: a limit that stops a misère table
// leaves the heaps done, marked with where it stopped, and the same genera
// as an unlimited table of those heaps.
func TestMisereTableStopsWithItsPart(t *testing.T) {
	inst, err := Open("kayles", OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := MisereTable(ctx, inst, 0, 60, &limits.Budget{MaxStates: 20000})
	if !errors.Is(err, limits.ErrStateLimit) || res == nil || res.Stopped == nil {
		t.Fatalf("err %v, result %+v: want the state limit with a part", err, res)
	}
	h := res.Stopped.Heap
	if h < 5 || h > 60 || len(res.Genera) != h || !strings.Contains(res.Stopped.Reason, "state limit") {
		t.Fatalf("stopped %+v with %d genera", res.Stopped, len(res.Genera))
	}
	full, err := MisereTable(ctx, inst, 0, h-1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(full.Genera, res.Genera) || full.Stopped != nil {
		t.Errorf("the part differs from an unlimited table of heaps 0..%d", h-1)
	}
}

// TestMisereTableByQuotient: the genera read off a heap game's misère
// quotient (where it determines them) are those the genus search finds
// alone, on every heap both reach within a state limit, with the quotient
// computed from the start and as MisereTable does (after quotientAfter
// states of search), for games whose quotients are small (Kayles), grow
// fast (Dawson's Kayles and Dawson's chess stop at the quotient's bound
// and serve the heaps they reached) and a few octal codes; the quotient
// spares a part of Kayles' search, and costs at most as much again when it
// does not help.
func TestMisereTableByQuotient(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game string
		to   int
	}{
		{"kayles", 45}, {"octal:0.77", 40}, {"dawson-kayles", 40}, {"octal:0.07", 40}, {"octal:0.137", 40},
		{"dawson-chess", 36}, {"octal:0.75", 40}, {"octal:0.6", 40}, {"octal:0.52", 40}, {"grundy-game", 30},
	} {
		t.Run(tc.game, func(t *testing.T) {
			inst, err := Open(tc.game, OSFiles(ctx))
			if err != nil {
				t.Fatal(err)
			}
			table := func(after int64) *MisereTableResult {
				res, err := misereTable(ctx, inst, 0, tc.to, &limits.Budget{MaxStates: 200_000}, after)
				if err != nil && !limits.IsLimit(err) {
					t.Fatal(err)
				}
				return res
			}
			search, early, late := table(-1), table(0), table(quotientAfter)
			for _, read := range []*MisereTableResult{early, late} {
				n := min(len(search.Genera), len(read.Genera))
				if n < 20 {
					t.Fatalf("only %d heaps reached both ways", n)
				}
				for i := range n {
					if search.Genera[i] != read.Genera[i] {
						t.Fatalf("heap %d: %+v by search, %+v off the quotient", i, search.Genera[i], read.Genera[i])
					}
				}
			}
			t.Logf("%s: %d heaps by search in %d states; off the quotient %d in %d (from the start), %d in %d (after %d states)",
				tc.game, len(search.Genera), search.States, len(early.Genera), early.States, len(late.Genera), late.States, quotientAfter)
			if len(late.Genera) == len(search.Genera) && late.States > max(2*search.States, search.States+quotientAfter) {
				t.Errorf("the quotient took %d states, the search alone %d", late.States, search.States)
			}
			if tc.game == "kayles" && (late.States >= search.States || early.States >= search.States) {
				t.Errorf("Kayles: the quotient took %d and %d states, the search alone %d", early.States, late.States, search.States)
			}
		})
	}
}

// TestMisereMemoryCounted: what a misère genus table counts against the
// request's memory follows the heap it holds, and the table makes little
// garbage. At every progress call of a Kayles table (every
// limits.ProgressEvery states) the collector runs and the live heap grown
// since the start (runtime.MemStats.HeapAlloc after runtime.GC, the
// engine's tables being the only thing the test keeps) is compared with the
// budget's count: from 2 MiB counted on, the live heap must lie between
// 0.75 and 1.25 times the count. The memo lives in a few large
// pointer-free blocks and the search reuses its scratch, so the collector
// has little to mark and the heap little to hold beyond the live data while
// it does (the Kayles table to 120 under a 4 GiB limit passed the limit's
// slack while each collection marked tens of millions of memo keys and
// genera, and the search allocated 25 times what it kept): the live heap
// holds fewer objects than a quarter of the states expanded (3 before), and
// the bytes allocated over the table are at most twice those counted at its
// end. Without the quotient (every sum searched and memoized) and with it.
func TestMisereMemoryCounted(t *testing.T) {
	ctx := context.Background()
	inst, err := Open("kayles", OSFiles(ctx))
	if err != nil {
		t.Fatal(err)
	}
	for _, after := range []int64{-1, quotientAfter} {
		runtime.GC()
		var base, ms runtime.MemStats
		runtime.ReadMemStats(&base)
		b := &limits.Budget{}
		var worst string
		samples := 0
		b.Progress = func(int64) {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			counted, live := b.Memory(), int64(ms.HeapAlloc)-int64(base.HeapAlloc)
			objects := float64(int64(ms.HeapObjects)-int64(base.HeapObjects)) / float64(b.States())
			if objects > 0.25 {
				worst = fmt.Sprintf("%.2f live objects a state", objects)
			}
			if counted < 2<<20 {
				return
			}
			samples++
			ratio := float64(live) / float64(counted)
			if ratio < 0.75 || ratio > 1.25 {
				worst = fmt.Sprintf("%d bytes live against %d counted (%.2f)", live, counted, ratio)
			}
			t.Logf("quotient after %d: %d states, %d bytes live, %d counted (%.2f), %.3f live objects a state",
				after, b.States(), live, counted, ratio, objects)
		}
		if _, err := misereTable(ctx, inst, 0, 50, b, after); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&ms)
		allocated := int64(ms.TotalAlloc - base.TotalAlloc)
		t.Logf("quotient after %d: %d bytes allocated, %d counted", after, allocated, b.Memory())
		if allocated > 2*b.Memory() {
			worst = fmt.Sprintf("%d bytes allocated for %d counted", allocated, b.Memory())
		}
		if samples < 2 || worst != "" {
			t.Errorf("quotient after %d: %d samples; %s", after, samples, worst)
		}
	}
}
