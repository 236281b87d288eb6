package solve

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// TestSumMemo puts random sums, short and long, into a sumMemo and a Go
// map beside it, until the memo has split its first segment over a hundred
// times and doubled its directory: every key put reads back its last value
// and keys never put are absent.
func TestSumMemo(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 120))
	memo := newSumMemo()
	type entry struct {
		key []int32
		val uint32
	}
	want := map[string]entry{}
	key := func() []int32 {
		n := rng.IntN(12)
		if rng.IntN(20_000) == 0 {
			n = arenaLen + rng.IntN(10) // a key longer than an arena
		}
		k := make([]int32, n)
		for i := range k {
			k[i] = rng.Int32N(50)
		}
		slices.Sort(k)
		return k
	}
	for range 300_000 {
		k, v := key(), rng.Uint32()
		memo.Put(k, v)
		want[string(appendKey(nil, k))] = entry{k, v}
	}
	if memo.Len() != len(want) {
		t.Fatalf("%d entries, want %d", memo.Len(), len(want))
	}
	if len(memo.segs) < 100 || memo.depth < 7 || len(memo.keys) < 3 {
		t.Fatalf("%d segments, directory depth %d, %d arenas: too few to test", len(memo.segs), memo.depth, len(memo.keys))
	}
	for _, e := range want {
		if got, ok := memo.Get(e.key); !ok || got != e.val {
			t.Fatalf("key %v: got %d %v, want %d", e.key, got, ok, e.val)
		}
	}
	for range 10_000 {
		k := append(key(), 50+rng.Int32N(1000)) // an id never put
		if v, ok := memo.Get(k); ok {
			t.Fatalf("key %v never put: got %d", k, v)
		}
	}
}

// TestSumMemoBytes: the live heap a memo holds is what Bytes says (what
// the engine counts against the request's memory), within 10%, at several
// sizes.
func TestSumMemoBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	key := make([]int32, 0, 16)
	for _, n := range []int{50_000, 200_000, 600_000} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		memo := newSumMemo()
		for i := range n {
			key = key[:0]
			for range 1 + rng.IntN(10) {
				key = append(key, rng.Int32N(100))
			}
			key = append(key, int32(i)) // distinct
			memo.Put(key, uint32(i))
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		live := int64(after.HeapAlloc) - int64(before.HeapAlloc)
		ratio := float64(live) / float64(memo.Bytes())
		t.Logf("%d entries: %d bytes live, %d counted (%.3f), %d segments", n, live, memo.Bytes(), ratio, len(memo.segs))
		if ratio < 0.9 || ratio > 1.1 {
			t.Errorf("%d entries: %d bytes live, %d counted (%.3f)", n, live, memo.Bytes(), ratio)
		}
		runtime.KeepAlive(memo)
	}
}
