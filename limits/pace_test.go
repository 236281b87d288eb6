package limits

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"testing"
)

// heapFigures reads what the pacer reads: the memory the runtime holds
// (mapped, not released, not free) and the bytes of heap objects.
func heapFigures() (held, objects int64) {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64() - s[2].Value.Uint64()), int64(s[3].Value.Uint64())
}

// sink keeps allocations from being optimized away.
var sink [][]byte

// TestRoom checks the pacer's rules on the test's own heap, with the
// collector off (GOGC=off) so that only the runtime's limit and the pacer
// collect: with no limit Room does nothing; with 64 MiB of garbage on the
// heap and a limit just above it, Room before a 16 MiB allocation collects
// and the garbage is gone; with that memory live instead of garbage, it
// does not collect (a collection would reclaim nothing).
func TestRoom(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	garbage := func() {
		for range 64 {
			sink = append(sink, make([]byte, 1<<20))
		}
		sink = nil
	}
	runtime.GC()

	garbage()
	before := ForcedCollections()
	Room(16 << 20)
	if n := ForcedCollections() - before; n != 0 {
		t.Fatalf("no runtime limit: %d collections forced", n)
	}

	// The limit sits 8 MiB above what the heap holds now, garbage
	// included: 16 MiB more would pass it.
	held, objects := heapFigures()
	debug.SetMemoryLimit(held + 8<<20)
	Room(16 << 20)
	if n := ForcedCollections() - before; n != 1 {
		t.Fatalf("64 MiB of garbage, limit passed: %d collections forced, want 1", n)
	}
	if _, after := heapFigures(); after > objects-32<<20 {
		t.Errorf("heap objects %d MiB after the collection, %d MiB before", after>>20, objects>>20)
	}

	// Live memory at the limit: nothing to reclaim, nothing forced.
	debug.SetMemoryLimit(math.MaxInt64)
	sink = nil
	runtime.GC()
	live := make([][]byte, 64)
	for i := range live {
		live[i] = make([]byte, 1<<20)
	}
	runtime.GC()
	held, _ = heapFigures()
	debug.SetMemoryLimit(held + 8<<20)
	before = ForcedCollections()
	Room(16 << 20)
	if n := ForcedCollections() - before; n != 0 {
		t.Errorf("a live heap at the limit: %d collections forced, want 0", n)
	}
	runtime.KeepAlive(live)
}

// TestGrowSlice checks that GrowSlice grows as slices.Grow does: the same
// length and elements, room for n more, the same array when it has room.
func TestGrowSlice(t *testing.T) {
	for _, tc := range []struct{ len, cap, n int }{{0, 0, 1}, {3, 4, 1}, {3, 4, 2}, {1000, 1000, 1}, {10, 20, 100}} {
		s := make([]int32, tc.len, tc.cap)
		for i := range s {
			s[i] = int32(i)
		}
		got := GrowSlice(s, tc.n)
		want := slices.Grow(slices.Clone(s), tc.n)
		if !slices.Equal(got, want) || cap(got)-len(got) < tc.n {
			t.Errorf("len %d cap %d, %d more: len %d cap %d", tc.len, tc.cap, tc.n, len(got), cap(got))
		}
		if tc.n <= tc.cap-tc.len && &got[:1][0] != &s[:1][0] {
			t.Errorf("len %d cap %d, %d more: a new array though it had room", tc.len, tc.cap, tc.n)
		}
	}
}

// BenchmarkSteps is the cost of counting a state against a budget, with
// the runtime's limit set (the pacer looks at the runtime's figures every
// PollEvery states) and without (it does not).
func BenchmarkSteps(b *testing.B) {
	for _, set := range []bool{false, true} {
		name := "no-runtime-limit"
		if set {
			name = "runtime-limit"
		}
		b.Run(name, func(b *testing.B) {
			if set {
				defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 40))
			}
			budget := &Budget{MaxMemory: 1 << 30}
			ctx := b.Context()
			for b.Loop() {
				if err := budget.Step(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
