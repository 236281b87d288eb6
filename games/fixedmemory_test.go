package games

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// The board models hold memory of their own for a request (caches, an
// endgame table, the buffers of their games) besides their engines'
// memos. These tests check that all of it is counted against the
// request's budget: the live heap a request's evaluator adds, measured
// after collections, is at most what the budget accounts for, with a
// slack far below the smallest table (liveSlack).

// liveSlack is what an evaluator may hold beyond what its budget
// accounts for: the structs of its engines, the first memo table of a
// solve.Grundy (8 KiB) before its first search, and what the allocator
// rounds up.
const liveSlack = 32 << 10

// liveHeap returns the bytes of the live heap after two collections (the
// first moves what sync.Pools hold to their victim caches, the second
// frees it).
func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// checkCounted values comps with the evaluator newEval makes for a budget of
// limit bytes (0: no limit) and checks that the live heap the evaluator
// adds is within what the budget accounts for (plus liveSlack) and that
// the budget stays within its limit. A request may stop with the memory
// limit's error; otherwise each value must be want's. The live heap is
// the process's, which what other tests left running may grow, so the
// check fails only when three evaluators in a row pass it. It returns the
// last evaluator.
func checkCounted(t *testing.T, newEval func(*limits.Budget) Evaluator, comps []Component, want []game.Nimber, limit int64) Evaluator {
	t.Helper()
	var e Evaluator
	var excess []string
	for range 3 {
		budget := &limits.Budget{MaxMemory: limit}
		before := liveHeap()
		e = newEval(budget)
		for i, c := range comps {
			v, err := e.Grundy(t.Context(), c)
			if errors.Is(err, limits.ErrMemoryLimit) {
				break
			}
			if err != nil {
				t.Fatalf("%s under %s: %v", c, limits.Bytes(limit), err)
			}
			if v != want[i] {
				t.Fatalf("%s under %s: value %d, want %d", c, limits.Bytes(limit), v, want[i])
			}
		}
		live := liveHeap() - before
		runtime.KeepAlive(e)
		if limit > 0 && budget.Memory() > limit {
			t.Fatalf("under %s the budget accounts for %s", limits.Bytes(limit), limits.Bytes(budget.Memory()))
		}
		counted := budget.Memory()
		if live <= counted+liveSlack {
			return e
		}
		excess = append(excess, fmt.Sprintf("%d bytes of live heap, %d counted", live, counted))
	}
	t.Errorf("under %s the evaluator held more than its budget counts: %s", limits.Bytes(limit), strings.Join(excess, "; "))
	return e
}

// maskBoards returns n boards of w x h of inst (the full board, then sets
// of cells spread by multiplicative hashing) and their values by value,
// which takes a board's mask (bit r*w+c: cell (r, c) is open).
func maskBoards(t *testing.T, inst Instance, w, h, n int, value func(m uint32) game.Nimber) ([]Component, []game.Nimber) {
	t.Helper()
	var comps []Component
	var want []game.Nimber
	for m := uint32(1<<(w*h) - 1); m > 0 && len(comps) < n; m = m * 0x9e3779b1 >> (32 - w*h) {
		c, err := inst.Parse([]string{maskBoard(w, h, m)})
		if err != nil {
			t.Fatal(err)
		}
		comps, want = append(comps, c[0]), append(want, value(m))
	}
	return comps, want
}

// TestCramMemoryCounted checks that Cram's endgame table and
// canonical-form cache are counted when they are held and held only
// within half the limit (holdSpeedup): without a limit and at 2.5 MiB and
// 8 KiB both are, at 1 MiB the cache only, at 64 KiB neither (the memo's
// smallest table still fits), and the values stay the brute force's
// (denseCramValues) either way. The serial search is checked, and the
// parallel one with two workers, each other worker's game (its buffers,
// and its own tables when they fit) counted too.
func TestCramMemoryCounted(t *testing.T) {
	const w, h = 5, 4
	dense := denseCramValues(w, h)
	inst := &cramInstance{symmetry: true}
	comps, want := maskBoards(t, inst, w, h, 200, func(m uint32) game.Nimber { return game.Nimber(dense[m]) })
	for _, tc := range []struct {
		limit          int64
		workers        int
		endgame, cache bool
	}{
		{0, 1, true, true},
		{5<<19 + 8<<10, 1, true, true},
		{1 << 20, 1, false, true},
		{64 << 10, 1, false, false},
		{0, 2, true, true},
		{64 << 10, 2, false, false},
	} {
		t.Run(fmt.Sprintf("%s/%d workers", limits.Bytes(tc.limit), tc.workers), func(t *testing.T) {
			newEval := func(budget *limits.Budget) Evaluator {
				e := inst.Evaluator(budget)
				e.(MultiCore).SetWorkers(tc.workers)
				return e
			}
			e := checkCounted(t, newEval, comps, want, tc.limit).(*cramEval)
			if e.fast == nil {
				t.Fatal("no bitboard engine was made")
			}
			if got := e.bits.endgame != nil; got != tc.endgame {
				t.Errorf("endgame table held: %v, want %v", got, tc.endgame)
			}
			if got := e.bits.cache != nil; got != tc.cache {
				t.Errorf("canonical-form cache held: %v, want %v", got, tc.cache)
			}
			fixed := int64(2 * cramScratchBytes)
			if tc.endgame {
				fixed += cramEndgameBytes
			}
			if tc.cache {
				fixed += canonCacheBytes
			}
			if tc.workers > 1 {
				// The other worker's game: its buffers and, when they
				// fit, its own tables (none is safe for concurrent use).
				fixed += cramScratchBytes
				if tc.endgame {
					fixed += cramEndgameBytes + canonCacheBytes
				}
			}
			if e.fast.Workers() != tc.workers {
				t.Errorf("%d workers, want %d", e.fast.Workers(), tc.workers)
			}
			if got := e.budget.Memory() - e.fast.Held() - e.wide.Held(); got != fixed {
				t.Errorf("the budget counts %d bytes besides the engines' memos, want %d", got, fixed)
			}
		})
	}
}

// TestRectanglesMemoryCounted is TestCramMemoryCounted for the rectangles
// game: its canonical-form cache and its helper's game (a buffer and a
// cache, when a second core lets the helper run) are counted when held,
// and held only within half the limit. The values are checked against
// bruteRectTable's.
func TestRectanglesMemoryCounted(t *testing.T) {
	old := runtime.GOMAXPROCS(2) // the engine's helper needs two
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
	const w, h = 4, 4
	table := bruteRectTable(w, h)
	inst := newRectangles()
	comps, want := maskBoards(t, inst, w, h, 100, func(m uint32) game.Nimber { return table[m] })
	for _, tc := range []struct {
		limit         int64
		cache, helper bool
	}{
		{0, true, true},
		{1 << 20, true, false},
		{64 << 10, false, false},
	} {
		t.Run(limits.Bytes(tc.limit), func(t *testing.T) {
			newEval := func(b *limits.Budget) Evaluator { return inst.evaluator(b, 0) } // the helper at once
			e := checkCounted(t, newEval, comps, want, tc.limit).(*rectanglesEval)
			if e.fast == nil {
				t.Fatal("no bitboard engine was made")
			}
			fixed := int64(bitsScratchBytes)
			if tc.cache {
				fixed += canonCacheBytes
			}
			if tc.helper {
				fixed += bitsScratchBytes + canonCacheBytes
			}
			if got := e.budget.Memory() - e.fast.Held() - e.solver.Held(); got != fixed {
				t.Errorf("the budget counts %d bytes besides the engines' memos, want %d", got, fixed)
			}
		})
	}
}

func TestHoldSpeedup(t *testing.T) {
	for _, tc := range []struct {
		limit, held, n int64
		want           bool
	}{
		{0, 0, 1 << 30, true},
		{1 << 20, 0, 512 << 10, true},
		{1 << 20, 1, 512 << 10, false},
		{1 << 20, 256 << 10, 256 << 10, true},
		{1 << 20, 256 << 10, 256<<10 + 1, false},
	} {
		t.Run(fmt.Sprint(tc.limit, tc.held, tc.n), func(t *testing.T) {
			b := &limits.Budget{MaxMemory: tc.limit}
			if err := b.Grow(tc.held); err != nil {
				t.Fatal(err)
			}
			if got := holdSpeedup(b, tc.n); got != tc.want {
				t.Fatalf("holdSpeedup: %v, want %v", got, tc.want)
			}
			if want := tc.held + map[bool]int64{true: tc.n}[tc.want]; b.Memory() != want {
				t.Fatalf("the budget counts %d, want %d", b.Memory(), want)
			}
		})
	}
}

// TestNodeKaylesMemoryCounted checks that Node-Kayles counts what its
// engines hold for a request of many different graphs (one engine a
// graph), among them graphs with every vertex removed, which no engine
// searches. The values are checked against nkBrute.
func TestNodeKaylesMemoryCounted(t *testing.T) {
	const n = 10
	r := rand.New(rand.NewPCG(29, 1))
	inst := &nodeKaylesInstance{}
	var comps []Component
	var want []game.Nimber
	for i := range 300 {
		b := &nkBrute{adj: make([][]int, n), memo: map[uint64]game.Nimber{}}
		var edges []string
		for u := range n {
			for v := u + 1; v < n; v++ {
				if r.IntN(4) == 0 {
					edges = append(edges, fmt.Sprintf("%d-%d", u+1, v+1))
					b.adj[u] = append(b.adj[u], v)
					b.adj[v] = append(b.adj[v], u)
				}
			}
		}
		arg, left := fmt.Sprintf("edges:%d:%s", n, strings.Join(edges, ",")), uint64(1<<n-1)
		if i%2 == 0 {
			arg, left = arg+fmt.Sprintf("/1-%d", n), 0
		}
		c, err := inst.Parse([]string{arg})
		if err != nil {
			t.Fatal(err)
		}
		comps, want = append(comps, c[0]), append(want, b.value(left))
	}
	for _, limit := range []int64{0, 1 << 20, 64 << 10} {
		t.Run(limits.Bytes(limit), func(t *testing.T) {
			checkCounted(t, inst.Evaluator, comps, want, limit)
		})
	}
}
