package solve

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"pgregory.net/rapid"
)

// twoCores makes the scheduler use two cores for the test (Parallel does
// nothing on one), restoring the setting after it.
func twoCores(t testing.TB) {
	old := runtime.GOMAXPROCS(2)
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
}

// TestParallelAgreesWithDefinition values random acyclic games with a
// helper that starts on the first state of every search, through the
// three ways the engine records options (Options, SumAppender, Appender),
// on every position in a random order, against the definition.
func TestParallelAgreesWithDefinition(t *testing.T) {
	twoCores(t)
	helped := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 2000).Draw(t, "positions")
		raw := drawDAG(t, n)
		single := make([][][]int, n) // the same game cut to single components
		for i, opts := range raw {
			for _, o := range opts {
				if len(o) > 0 {
					single[i] = append(single[i], o[:1])
				}
			}
		}
		want, wantSingle := definition(raw), definition(single)
		g, gs := dagOf[uint64](raw, 1<<36), dagOf[uint64](single, 1<<36)
		ctx := context.Background()
		type engine struct {
			s    *Grundy[uint64]
			want []game.Nimber
		}
		engines := map[string]engine{}
		add := func(name string, newGame func() game.Game[uint64], want []game.Nimber) {
			s := NewGrundy(newGame(), nil)
			s.Parallel(newGame, 0)
			engines[name] = engine{s, want}
		}
		add("Options", func() game.Game[uint64] { return g }, want)
		add("AppendSums", func() game.Game[uint64] { return appendingDAG{g} }, want)
		add("Appender", func() game.Game[uint64] { return singleDAG{gs} }, wantSingle)
		// Keys past 2^56 from position from on: the table widens mid-search.
		high := highDAG{dagOf[uint64](raw, 1), rapid.IntRange(0, n).Draw(t, "wide from")}
		add("past 2^56", func() game.Game[uint64] { return high }, want)
		for _, i := range rapid.Permutation(rangeOf(n)).Draw(t, "order") {
			for name, e := range engines {
				key := uint64(i) << 36
				if name == "past 2^56" {
					key = high.key(i)
				}
				if got, err := e.s.Value(ctx, key); err != nil || got != e.want[i] {
					t.Fatalf("%s: G(%d) = %d, %v; the definition gives %d", name, i, got, err, e.want[i])
				}
			}
		}
		for _, e := range engines {
			if e.s.par == nil || e.s.par.cancel != nil {
				t.Fatal("the helper is not configured, or still runs after the search")
			}
			if e.s.shared != nil {
				helped++
			}
		}
	})
	if helped == 0 {
		t.Error("no search started its helper")
	}
}

// TestHelperPublishesDefinition runs the helper's side alone to the end:
// an engine that reverses every position's options and publishes to a
// shared table large enough to lose nothing. Every value it publishes, and
// every value it returns, is the definition's.
func TestHelperPublishesDefinition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 1000).Draw(t, "positions")
		raw := drawDAG(t, n)
		want := definition(raw)
		for _, g := range []game.Game[uint64]{dagOf[uint64](raw, 1<<36), appendingDAG{dagOf[uint64](raw, 1<<36)}} {
			s := NewGrundy(g, nil)
			s.shared, s.reversed = new(sharedRef), true
			s.shared.Store(newShared(16))
			for _, i := range rapid.Permutation(rangeOf(n)).Draw(t, "order") {
				if got, err := s.Value(context.Background(), uint64(i)<<36); err != nil || got != want[i] {
					t.Fatalf("%T reversed: G(%d) = %d, %v; the definition gives %d", g, i, got, err, want[i])
				}
			}
			published := 0
			for i := range n {
				if v, ok := s.shared.Load().get(uint64(i) << 36); ok {
					published++
					if v != want[i] {
						t.Fatalf("published G(%d) = %d; the definition gives %d", i, v, want[i])
					}
				}
			}
			if published != s.Memoized() {
				t.Fatalf("%d values published of the %d found", published, s.Memoized())
			}
		}
	})
}

// TestReverseOptions: the recorded options of an entry, reversed, are the
// same options (as multisets of components) in the opposite order.
func TestReverseOptions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		opts := rapid.SliceOfN(rapid.SliceOfN(rapid.Uint64Range(1, 50), 0, 4), 0, 8).Draw(t, "options")
		pad := rapid.IntRange(0, 5).Draw(t, "arena before")
		s := &Grundy[uint64]{arena: make([]uint64, pad), bounds: make([]bound, pad)}
		e := &entry[uint64]{arena: int32(pad), bounds: int32(pad), single: true}
		for _, o := range opts {
			if len(o) != 1 {
				e.single = false
			}
		}
		for _, o := range opts {
			s.arena = append(s.arena, o...)
			if !e.single {
				s.bounds = append(s.bounds, bound{end: int32(len(s.arena))})
			}
		}
		s.reverseOptions(e)
		start := e.arena
		for i := range opts {
			var got []uint64
			if e.single {
				got = s.arena[start : start+1]
			} else {
				got = s.arena[start:s.bounds[e.bounds+int32(i)].end]
			}
			start += int32(len(got))
			wantOpt := opts[len(opts)-1-i]
			if !sameMultiset(got, wantOpt) {
				t.Fatalf("option %d after reversal: %v, want %v (options %v)", i, got, wantOpt, opts)
			}
		}
		if int(start) != len(s.arena) {
			t.Fatalf("reversed options end at %d, the arena at %d", start, len(s.arena))
		}
	})
}

func sameMultiset(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[uint64]int{}
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
	}
	for _, c := range count {
		if c != 0 {
			return false
		}
	}
	return true
}

// TestSharedTable: a look-up finds only values that were published for
// that key, under concurrent writers that overwrite each other's entries
// (a table far too small for the keys); a key published and not since
// pushed out of its bucket is found.
func TestSharedTable(t *testing.T) {
	table := newShared(6) // 8 buckets of 8 slots
	valueOf := func(k uint64) game.Nimber { return game.Nimber(k * 7 % 253) }
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				k := uint64(i*4+w)%5000 + 1
				table.put(k, valueOf(k))
				for _, q := range []uint64{k, k + 1, k * 3} {
					if v, ok := table.get(q); ok && v != valueOf(q) {
						t.Errorf("get(%d) = %d, published %d", q, v, valueOf(q))
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	// One writer: the last key put into a bucket is there.
	fresh := newShared(10)
	for k := uint64(1); k < 3000; k++ {
		fresh.put(k, valueOf(k))
		if v, ok := fresh.get(k); !ok || v != valueOf(k) {
			t.Fatalf("get(%d) right after put: %d, %v", k, v, ok)
		}
	}
	if _, ok := fresh.get(1 << 40); ok {
		t.Fatal("found a key never published")
	}
}

// TestHelperHonoursLimits: a search with a helper that stops at the state
// limit, the time limit or a cancellation returns the limit's error, the
// helper is stopped and its memory given back, and the engine can search
// again.
func TestHelperHonoursLimits(t *testing.T) {
	twoCores(t)
	newGame := func() game.Game[uint64] {
		return packedPair{pair{subtraction{1, 3, 4}, subtraction{1, 2}}, new([1]uint64)}
	}
	root := uint64(3000)<<32 | 3000 // about 9 million states: no case may finish first
	cases := []struct {
		name   string
		budget *limits.Budget
		ctx    func() (context.Context, context.CancelFunc)
		want   func(error) bool
	}{
		{"states", &limits.Budget{MaxStates: 50000}, func() (context.Context, context.CancelFunc) { return context.WithCancel(context.Background()) },
			func(err error) bool { return errors.Is(err, limits.ErrStateLimit) }},
		{"time", &limits.Budget{}, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 20*time.Millisecond)
		},
			func(err error) bool { return errors.Is(err, context.DeadlineExceeded) }},
		{"memory", &limits.Budget{MaxMemory: 10 << 20}, func() (context.Context, context.CancelFunc) { return context.WithCancel(context.Background()) },
			func(err error) bool { return errors.Is(err, limits.ErrMemoryLimit) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewGrundy(newGame(), c.budget)
			s.Parallel(newGame, 0)
			ctx, cancel := c.ctx()
			defer cancel()
			_, err := s.Value(ctx, root)
			if !c.want(err) {
				t.Fatalf("error %v", err)
			}
			if s.par != nil && s.par.cancel != nil {
				t.Fatal("the helper still runs")
			}
			if c.budget.Memory() != s.Held() {
				t.Fatalf("budget holds %d bytes, the engine %d: the helper kept memory", c.budget.Memory(), s.Held())
			}
			if c.budget.MaxStates > 0 && c.budget.States() > c.budget.MaxStates {
				t.Fatalf("%d states counted, limit %d", c.budget.States(), c.budget.MaxStates)
			}
			if c.budget.MaxStates > 0 && s.States > c.budget.MaxStates {
				t.Fatalf("engine and helper expanded %d states, limit %d", s.States, c.budget.MaxStates)
			}
		})
	}
}

// paced is a game whose Options sleeps 100µs every 256 calls: a helper
// playing it publishes values while the main engine does most of the
// work, whatever the machine's timing.
type paced struct {
	game.Game[uint64]
	calls *int
}

func (g paced) Options(p uint64, yield func([]uint64) bool) {
	if *g.calls++; *g.calls%256 == 0 {
		time.Sleep(100 * time.Microsecond)
	}
	g.Game.Options(p, yield)
}

// TestHelperGrowsShared: on a search larger than the smallest shared
// table (about 810,000 positions of a sum of two subtraction games, played
// as one game), the shared table grows with the main engine's memo while
// the helper works, and the value is the nim-sum of the two heaps' values
// from the definition (naiveValue). The helper is paced: a helper as fast
// as the main engine may value the root's options first, and the main
// engine, reading them from the shared table, then memoizes too few
// positions to grow it (CI saw this).
func TestHelperGrowsShared(t *testing.T) {
	twoCores(t)
	left, right := subtraction{1, 3, 4}, subtraction{1, 2}
	newGame := func() game.Game[uint64] { return packedPair{pair{left, right}, new([1]uint64)} }
	budget := &limits.Budget{}
	s := NewGrundy(newGame(), budget)
	s.Parallel(func() game.Game[uint64] { return paced{newGame(), new(int)} }, 0)
	for _, ab := range [][2]int{{900, 899}, {901, 900}} {
		got, err := s.Value(context.Background(), uint64(ab[0])<<32|uint64(ab[1]))
		if want := naiveValue(left, ab[0]) ^ naiveValue(right, ab[1]); err != nil || got != want {
			t.Fatalf("G(%d, %d) = %d, %v; want %d", ab[0], ab[1], got, err, want)
		}
	}
	if s.shared == nil || len(s.shared.Load().slots) <= 1<<minSharedBits {
		t.Fatal("the shared table did not grow")
	}
	if n := len(s.shared.Load().slots); n < s.table.size() {
		t.Fatalf("shared table of %d slots, memo of %d", n, s.table.size())
	}
	if budget.Memory() != s.Held() || s.Held() < s.footprint() {
		t.Fatalf("budget holds %d bytes, the engine %d, its footprint %d", budget.Memory(), s.Held(), s.footprint())
	}
}
