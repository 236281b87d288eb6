package solve

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// TestTable64AgainstMap runs random sequences of stores, look-ups and
// deletions on table64 and on a Go map, storing as the engine does: find
// gives a key's slot, the table grows (before an insertion could pass its
// load limit) or widens (when a key or value does not fit a narrow slot),
// and putAt stores through the slot. Slots kept from earlier finds are
// used again after other keys were stored, as the engine's stack entries
// use theirs, and found again only after growth or a deletion. After
// every step the table and the map hold the same entries, and the lane
// counts are those of the slots. Keys come from three pools: small
// integers, integers equal in their low bits (which share a lane when
// their hashes agree) and arbitrary words.
func TestTable64AgainstMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Narrow runs keep to keys and values that fit one-word slots;
		// the others mix in any word, so the table widens mid-run.
		narrow := rapid.Bool().Draw(t, "narrow")
		keys := []*rapid.Generator[uint64]{
			rapid.Uint64Range(0, 40),
			rapid.Map(rapid.Uint64Range(0, 200), func(x uint64) uint64 { return x << 20 }),
			rapid.Uint64Range(narrowKeys-50, narrowKeys-1),
		}
		values := []*rapid.Generator[uint64]{rapid.Just(uint64(inProgress)), rapid.Uint64Range(0, 5), rapid.Uint64Range(0, maxNarrowValue)}
		if !narrow {
			keys = append(keys, rapid.Uint64())
			values = append(values, rapid.Uint64())
		}
		key, value := rapid.OneOf(keys...), rapid.OneOf(values...)
		table := newTable64()
		model := map[uint64]game.Nimber{}
		slots := map[uint64]uint64{} // the slots of stored keys, from find
		refind := func() {
			for k := range slots {
				slots[k], _, _ = table.find(k)
			}
		}
		steps := rapid.IntRange(1, 3000).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			k := key.Draw(t, "key")
			v := game.Nimber(value.Draw(t, "value"))
			if v == inProgress-1 {
				v = 0 // not a possible value (see stored)
			}
			switch op := rapid.IntRange(0, 9).Draw(t, "op"); {
			case op < 2: // remove
				table.remove(k)
				delete(model, k)
				delete(slots, k)
				refind()
			case op < 5 && len(slots) > 0: // store through a slot found earlier
				k = rapid.SampledFrom(slices.Sorted(maps.Keys(slots))).Draw(t, "stored key")
				if !table.fits(k, v) {
					table.widen()
				}
				table.putAt(slots[k], k, v)
				model[k] = v
			default: // store
				if _, ok := model[k]; !ok && table.full() {
					table.grow()
					refind()
				}
				if !table.fits(k, v) {
					table.widen()
				}
				slot, _, _ := table.find(k)
				table.putAt(slot, k, v)
				model[k], slots[k] = v, slot
			}
			if table.count != len(model) {
				t.Fatalf("step %d: table holds %d entries, map %d", i, table.count, len(model))
			}
			want, in := model[k]
			if got, ok := table.get(k); ok != in || got != want {
				t.Fatalf("step %d: get(%#x) = %d, %v; the map holds %d, %v", i, k, got, ok, want, in)
			}
			checkLanes(t, table)
		}
		for k, v := range model {
			if got, ok := table.get(k); !ok || got != v {
				t.Fatalf("get(%#x) = %d, %v; want %d", k, got, ok, v)
			}
		}
		used := 0
		table.each(func(k uint64, v game.Nimber) {
			used++
			if want, ok := model[k]; !ok || want != v {
				t.Fatalf("key %#x left in the table with %d (the map: %d, %v)", k, v, want, ok)
			}
		})
		if narrow && table.narrow == nil {
			t.Fatalf("the table widened with keys and values that fit")
		}
		if used != len(model) {
			t.Fatalf("%d slots used, %d entries", used, len(model))
		}
	})
}

// checkLanes checks the lane counts of table against its slots and its
// load limit: no lane fuller than room, crowd at least the fullest.
func checkLanes(t *rapid.T, table *table64) {
	var lanes [1 << blockBits]int
	for i := range table.size() {
		if table.narrow != nil && table.narrow[i] != 0 || table.slots != nil && table.slots[i].val != 0 {
			lanes[i&laneMask]++
		}
	}
	if lanes != table.lanes || slices.Max(lanes[:]) > table.crowd || table.crowd > table.room {
		t.Fatalf("lanes %v, counted %v, crowd %d, room %d", lanes, table.lanes, table.crowd, table.room)
	}
}

// dag is a random acyclic game on integer positions 0..len(opts)-1: the
// options of i are sums of 0 to 3 components, each a position below i.
// scale maps a position to its key (scale 1: positions are the keys; a
// power of two: keys that agree in their low bits).
type dag[P ~uint32 | ~uint64] struct {
	opts  [][][]P
	scale P
}

func (g dag[P]) Options(p P, yield func([]P) bool) {
	for _, o := range g.opts[p/g.scale] {
		if !yield(o) {
			return
		}
	}
}

// drawDAG draws the options of a game of n positions.
func drawDAG(t *rapid.T, n int) [][][]int {
	raw := make([][][]int, n)
	for i := 1; i < n; i++ {
		k := rapid.IntRange(0, 6).Draw(t, "options")
		for j := 0; j < k; j++ {
			raw[i] = append(raw[i], rapid.SliceOfN(rapid.IntRange(0, i-1), 0, 3).Draw(t, "option"))
		}
	}
	return raw
}

// dagOf builds the game of raw on positions of type P, position i as i*scale.
func dagOf[P ~uint32 | ~uint64](raw [][][]int, scale P) dag[P] {
	g := dag[P]{opts: make([][][]P, len(raw)), scale: scale}
	for i, opts := range raw {
		for _, o := range opts {
			scaled := make([]P, len(o))
			for c, x := range o {
				scaled[c] = P(x) * scale
			}
			g.opts[i] = append(g.opts[i], scaled)
		}
	}
	return g
}

// definition values every position of a drawn game bottom up from the
// definition: G(i) = mex over the options of the XOR of their parts.
func definition(raw [][][]int) []game.Nimber {
	values := make([]game.Nimber, len(raw))
	for i, opts := range raw {
		seen := map[game.Nimber]bool{}
		for _, o := range opts {
			var x game.Nimber
			for _, c := range o {
				x ^= values[c]
			}
			seen[x] = true
		}
		for seen[values[i]] {
			values[i]++
		}
	}
	return values
}

// TestIntegerMemoAgreesWithMap values random acyclic games on uint32
// positions (interned IDs) and on uint64 positions with equal low bits
// (the table's worst case) with the integer table, with the previous map
// memo, and from the definition, on every position in a random order
// through one engine (so later questions meet a populated memo).
func TestIntegerMemoAgreesWithMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "positions")
		raw := drawDAG(t, n)
		ids, wide := dagOf[uint32](raw, 1), dagOf[uint64](raw, 1<<36)
		want := definition(raw)
		ctx := context.Background()
		engines := map[string]func(int) (game.Nimber, error){}
		table32, map32 := NewGrundy[uint32](ids, nil), withMapMemo(NewGrundy[uint32](ids, nil))
		table64, map64 := NewGrundy[uint64](wide, nil), withMapMemo(NewGrundy[uint64](wide, nil))
		if table32.table == nil || table64.table == nil {
			t.Fatal("integer positions are not memoized in the integer table")
		}
		engines["table uint32"] = func(i int) (game.Nimber, error) { return table32.Value(ctx, uint32(i)) }
		engines["map uint32"] = func(i int) (game.Nimber, error) { return map32.Value(ctx, uint32(i)) }
		engines["table uint64"] = func(i int) (game.Nimber, error) { return table64.Value(ctx, uint64(i)<<36) }
		engines["map uint64"] = func(i int) (game.Nimber, error) { return map64.Value(ctx, uint64(i)<<36) }
		// Keys past 2^56 from position from on: the narrow table widens
		// mid-search. The game's options without a callback (SumAppender).
		from := rapid.IntRange(0, n).Draw(t, "wide from")
		high := highDAG{dagOf[uint64](raw, 1), from}
		wideTable := NewGrundy[uint64](high, nil)
		engines["table uint64 past 2^56"] = func(i int) (game.Nimber, error) { return wideTable.Value(ctx, high.key(i)) }
		sums := NewGrundy[uint64](appendingDAG{table64Game(wide)}, nil)
		if sums.sums == nil {
			t.Fatal("the engine does not use AppendSums")
		}
		engines["table uint64 AppendSums"] = func(i int) (game.Nimber, error) { return sums.Value(ctx, uint64(i)<<36) }
		order := rapid.Permutation(rangeOf(n)).Draw(t, "order")
		for _, i := range order {
			for name, value := range engines {
				if got, err := value(i); err != nil || got != want[i] {
					t.Fatalf("%s: G(%d) = %d, %v; the definition gives %d", name, i, got, err, want[i])
				}
			}
		}
		if widened := wideTable.table.slots != nil; widened != (from < n) {
			t.Fatalf("table wide: %v, with %d of %d positions past 2^56", widened, n-from, n)
		}
		if table32.Memoized() != map32.Memoized() || table64.Memoized() != map64.Memoized() {
			t.Fatalf("memoized %d and %d positions, the map memo %d and %d",
				table32.Memoized(), table64.Memoized(), map32.Memoized(), map64.Memoized())
		}
	})
}

// highDAG is a dag on uint64 whose positions from from on have bit 63 set.
type highDAG struct {
	d    dag[uint64]
	from int
}

func (g highDAG) key(i int) uint64 {
	if i >= g.from {
		return uint64(i) | 1<<63
	}
	return uint64(i)
}

func (g highDAG) Options(p uint64, yield func([]uint64) bool) {
	for _, o := range g.d.opts[p&^(1<<63)] {
		keys := make([]uint64, len(o))
		for c, x := range o {
			keys[c] = g.key(int(x))
		}
		if !yield(keys) {
			return
		}
	}
}

// table64Game is dag[uint64] under another name, so appendingDAG can embed it.
type table64Game = dag[uint64]

// appendingDAG is a dag with SumAppender.
type appendingDAG struct{ table64Game }

func (g appendingDAG) AppendSums(p uint64, parts []uint64, ends []int32) ([]uint64, []int32) {
	for _, o := range g.opts[p/g.scale] {
		parts = append(parts, o...)
		ends = append(ends, int32(len(parts)))
	}
	return parts, ends
}

// TestAppenderAgreesWithOptions values random acyclic games whose options
// are single components through game.Appender (no callback) and through
// Options, and from the definition.
func TestAppenderAgreesWithOptions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "positions")
		raw := drawDAG(t, n)
		for i, opts := range raw {
			for j, o := range opts {
				raw[i][j] = o[:min(len(o), 1)]
				if len(o) == 0 {
					raw[i][j] = []int{rapid.IntRange(0, i-1).Draw(t, "single")}
				}
			}
		}
		want := definition(raw)
		g := dagOf[uint64](raw, 1<<36)
		fast, slow := NewGrundy[uint64](singleDAG{g}, nil), NewGrundy[uint64](g, nil)
		if fast.single == nil {
			t.Fatal("the engine does not use AppendOptions")
		}
		ctx := context.Background()
		for _, i := range rapid.Permutation(rangeOf(n)).Draw(t, "order") {
			a, err1 := fast.Value(ctx, uint64(i)<<36)
			b, err2 := slow.Value(ctx, uint64(i)<<36)
			if err1 != nil || err2 != nil || a != want[i] || b != want[i] {
				t.Fatalf("G(%d) = %d, %v (Appender) and %d, %v (Options); want %d", i, a, err1, b, err2, want[i])
			}
		}
	})
}

// singleDAG is a dag of single-component options with game.Appender.
type singleDAG struct{ table64Game }

func (g singleDAG) AppendOptions(p uint64, dst []uint64) []uint64 {
	for _, o := range g.opts[p/g.scale] {
		dst = append(dst, o[0])
	}
	return dst
}

func rangeOf(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// TestTableMemoryLimit: the integer table accounts for each growth before
// it allocates, so a search stops with a memory limit error holding no
// more than the budget, and the same search fits a larger budget.
func TestTableMemoryLimit(t *testing.T) {
	g := packedPair{pair{subtraction{1, 3, 4}, subtraction{1, 2}}, new([1]uint64)}
	const n = 300 // 90,601 states: a table of 2^17 slots, 2 MiB
	root := uint64(n)<<32 | n
	ctx := context.Background()
	small := &limits.Budget{MaxMemory: 1 << 20}
	_, err := NewGrundy[uint64](g, small).Value(ctx, root)
	if !errors.Is(err, limits.ErrMemoryLimit) {
		t.Fatalf("err = %v, want a memory limit", err)
	}
	if small.Memory() > small.MaxMemory {
		t.Fatalf("accounted %d bytes, more than the limit %d", small.Memory(), small.MaxMemory)
	}
	large := &limits.Budget{MaxMemory: 16 << 20}
	s := NewGrundy[uint64](g, large)
	v, err := s.Value(ctx, root)
	if want := []game.Nimber{0, 1, 0, 1, 2, 3, 2}[n%7] ^ game.Nimber(n%3); err != nil || v != want {
		t.Fatalf("G = %d, %v; want %d", v, err, want)
	}
	if held := large.Memory(); held < s.table.bytes() {
		t.Fatalf("accounted %d bytes, less than the table's %d", held, s.table.bytes())
	}
}

// TestNoAllocationPerPosition: a search on integer positions allocates
// only when a table grows (doublings of the memo, the stack and the
// arena), never per position.
func TestNoAllocationPerPosition(t *testing.T) {
	g := packedPair{pair{subtraction{1, 3, 4}, subtraction{1, 2}}, new([1]uint64)}
	const n = 300 // 90,601 states
	allocs := testing.AllocsPerRun(2, func() {
		if _, err := NewGrundy[uint64](g, nil).Value(context.Background(), uint64(n)<<32|n); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 100 {
		t.Fatalf("%.0f allocations for %d states", allocs, (n+1)*(n+1))
	}
}

// TestLargeValues values random acyclic games in which every position
// has every smaller one as an option (so G(i) >= i, past the 64 values of
// the scan's word and the 253 of a narrow slot: the table widens
// mid-search), plus random options of two components, through Options,
// game.Appender (when every option is one component) and AppendSums,
// against the definition.
func TestLargeValues(t *testing.T) {
	twoCores(t)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 300).Draw(t, "positions")
		pairs := rapid.Bool().Draw(t, "pairs")
		raw := make([][][]int, n)
		for i := range raw {
			for j := range i {
				raw[i] = append(raw[i], []int{j})
			}
			if pairs && i > 0 && rapid.Bool().Draw(t, "pair") {
				raw[i] = append(raw[i], []int{rapid.IntRange(0, i-1).Draw(t, "a"), rapid.IntRange(0, i-1).Draw(t, "b")})
			}
		}
		want := definition(raw)
		g := dagOf[uint64](raw, 1<<36)
		engines := map[string]*Grundy[uint64]{
			"Options":    NewGrundy[uint64](g, nil),
			"AppendSums": NewGrundy[uint64](appendingDAG{g}, nil),
		}
		if !pairs {
			engines["Appender"] = NewGrundy[uint64](singleDAG{g}, nil)
		}
		// With a helper from the first state: the main engine stops it
		// when its table widens, the helper stops when its own does.
		helped := NewGrundy[uint64](appendingDAG{g}, nil)
		helped.Parallel(func() game.Game[uint64] { return appendingDAG{g} }, 0)
		engines["AppendSums with a helper"] = helped
		ctx := context.Background()
		for _, i := range rapid.Permutation(rangeOf(n)).Draw(t, "order") {
			for name, s := range engines {
				if got, err := s.Value(ctx, uint64(i)<<36); err != nil || got != want[i] {
					t.Fatalf("%s: G(%d) = %d, %v; the definition gives %d", name, i, got, err, want[i])
				}
			}
		}
	})
}

// TestGrowthMidSearch values random acyclic games of 20,000 positions
// whose options lie at most 40 below them, so the search runs deep and the
// integer table grows with thousands of entries on the stack (whose slots
// are found again), from the top position and then every other one, with
// options of one or two components and of one, against the definition.
func TestGrowthMidSearch(t *testing.T) {
	const n = 20000
	for seed := range uint64(3) {
		r := rand.New(rand.NewPCG(seed, 16))
		raw, single := make([][][]int, n), make([][][]int, n)
		for i := 1; i < n; i++ {
			for range 1 + r.IntN(3) {
				o := make([]int, 1+r.IntN(2))
				for c := range o {
					o[c] = max(0, i-1-r.IntN(40))
				}
				raw[i] = append(raw[i], o)
				single[i] = append(single[i], o[:1])
			}
		}
		ctx := context.Background()
		for name, c := range map[string]struct {
			raw [][][]int
			g   func(dag[uint64]) game.Game[uint64]
		}{
			"Options":    {raw, func(d dag[uint64]) game.Game[uint64] { return d }},
			"AppendSums": {raw, func(d dag[uint64]) game.Game[uint64] { return appendingDAG{d} }},
			"Appender":   {single, func(d dag[uint64]) game.Game[uint64] { return singleDAG{d} }},
		} {
			want := definition(c.raw)
			s := NewGrundy(c.g(dagOf[uint64](c.raw, 1)), nil)
			for i := n - 1; i >= 0; i-- {
				if got, err := s.Value(ctx, uint64(i)); err != nil || got != want[i] {
					t.Fatalf("seed %d, %s: G(%d) = %d, %v; the definition gives %d", seed, name, i, got, err, want[i])
				}
			}
			if s.table.size() < 1<<14 {
				t.Fatalf("seed %d, %s: the table did not grow (%d slots)", seed, name, s.table.size())
			}
		}
	}
}
