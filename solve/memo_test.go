package solve

import (
	"context"
	"errors"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
)

// TestTable64AgainstMap runs random sequences of stores, look-ups and
// deletions on table64 and on a Go map, growing the table as the engine
// does (before an insertion that would pass its load limit), and checks
// that they hold the same entries after every step. Keys come from three
// pools: small integers, integers equal in their low bits (which share a
// home slot within their block) and arbitrary words.
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
		steps := rapid.IntRange(1, 3000).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			k := key.Draw(t, "key")
			switch rapid.IntRange(0, 9).Draw(t, "op") {
			case 0, 1: // remove
				table.remove(k)
				delete(model, k)
			default: // store
				v := game.Nimber(value.Draw(t, "value"))
				if v == inProgress-1 {
					v = 0 // not a possible value (see stored)
				}
				if _, ok := model[k]; !ok && table.full() {
					table.grow()
				}
				table.put(k, v)
				model[k] = v
			}
			if table.count != len(model) {
				t.Fatalf("step %d: table holds %d entries, map %d", i, table.count, len(model))
			}
			want, in := model[k]
			if got, ok := table.get(k); ok != in || got != want {
				t.Fatalf("step %d: get(%#x) = %d, %v; the map holds %d, %v", i, k, got, ok, want, in)
			}
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
	small := &Budget{MaxMemory: 1 << 20}
	_, err := NewGrundy[uint64](g, small).Value(ctx, root)
	if !errors.Is(err, ErrMemoryLimit) {
		t.Fatalf("err = %v, want a memory limit", err)
	}
	if small.Memory() > small.MaxMemory {
		t.Fatalf("accounted %d bytes, more than the limit %d", small.Memory(), small.MaxMemory)
	}
	large := &Budget{MaxMemory: 16 << 20}
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
