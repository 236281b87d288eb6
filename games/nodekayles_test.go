package games

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// nkBrute values a set of vertices of a graph given by its adjacency lists
// by the rules alone: picking vertex v removes v and its neighbours; the
// value is the mex of the options' values. No splitting, no engine.
type nkBrute struct {
	adj  [][]int
	memo map[uint64]game.Nimber
}

func (b *nkBrute) value(left uint64) game.Nimber {
	if v, ok := b.memo[left]; ok {
		return v
	}
	seen := map[game.Nimber]bool{}
	for v := range b.adj {
		if left>>v&1 == 0 {
			continue
		}
		after := left &^ (1 << v)
		for _, u := range b.adj[v] {
			after &^= 1 << u
		}
		seen[b.value(after)] = true
	}
	var g game.Nimber
	for seen[g] {
		g++
	}
	b.memo[left] = g
	return g
}

// newNKBrute returns the brute force of a cycle of n vertices (cycle) or
// of a w x h grid.
func newNKBrute(kind string, w, h int) *nkBrute {
	b := &nkBrute{memo: map[uint64]game.Nimber{}}
	join := func(u, v int) {
		b.adj[u] = append(b.adj[u], v)
		b.adj[v] = append(b.adj[v], u)
	}
	switch kind {
	case "cycle":
		b.adj = make([][]int, w)
		for i := range w {
			join(i, (i+1)%w)
		}
	case "grid":
		b.adj = make([][]int, w*h)
		for r := range h {
			for c := range w {
				if c+1 < w {
					join(r*w+c, r*w+c+1)
				}
				if r+1 < h {
					join(r*w+c, (r+1)*w+c)
				}
			}
		}
	}
	return b
}

func nkValue(t *testing.T, e Evaluator, inst Instance, arg string) game.Nimber {
	t.Helper()
	comps, err := inst.Parse([]string{arg})
	if err != nil {
		t.Fatal(err)
	}
	v, err := e.Grundy(t.Context(), comps[0])
	if err != nil {
		t.Fatalf("%s: %v", arg, err)
	}
	return v
}

// TestNodeKaylesPaths checks paths of 1..64 vertices against the heap
// engine's Dawson's chess (octal 0.137).
func TestNodeKaylesPaths(t *testing.T) {
	inst, err := Open("node-kayles")
	if err != nil {
		t.Fatal(err)
	}
	e := inst.(Valued).Evaluator(nil)
	dc, err := Open("dawson-chess")
	if err != nil {
		t.Fatal(err)
	}
	dcEval := dc.(Valued).Evaluator(nil)
	for n := 1; n <= 64; n++ {
		heaps, err := dc.Parse([]string{fmt.Sprint(n)})
		if err != nil {
			t.Fatal(err)
		}
		want, err := dcEval.Grundy(t.Context(), heaps[0])
		if err != nil {
			t.Fatal(err)
		}
		if got := nkValue(t, e, inst, fmt.Sprintf("path:%d", n)); got != want {
			t.Fatalf("node-kayles path:%d = %d, dawson-chess %d = %d", n, got, n, want)
		}
	}
}

// TestNodeKaylesAgainstBruteForce checks cycles of 3..20 vertices and
// grids up to 16 vertices, whole and with random vertices removed,
// against nkBrute.
func TestNodeKaylesAgainstBruteForce(t *testing.T) {
	inst, err := Open("node-kayles")
	if err != nil {
		t.Fatal(err)
	}
	e := inst.(Valued).Evaluator(nil)
	rng := rand.New(rand.NewPCG(32, 3))
	type graph struct {
		arg  string
		n    int
		kind string
		w, h int
	}
	var graphs []graph
	for n := 3; n <= 20; n++ {
		graphs = append(graphs, graph{fmt.Sprintf("cycle:%d", n), n, "cycle", n, 0})
	}
	for w := 1; w <= 5; w++ {
		for h := 1; h <= 5 && w*h <= 16; h++ {
			graphs = append(graphs, graph{fmt.Sprintf("grid:%dx%d", w, h), w * h, "grid", w, h})
		}
	}
	for _, g := range graphs {
		b := newNKBrute(g.kind, g.w, g.h)
		all := uint64(1)<<g.n - 1
		if got, want := nkValue(t, e, inst, g.arg), b.value(all); got != want {
			t.Fatalf("node-kayles %s = %d, brute force %d", g.arg, got, want)
		}
		for range 20 {
			left := all & (rng.Uint64() | rng.Uint64())
			arg := g.arg
			sep := "/"
			for v := range g.n {
				if left>>v&1 == 0 {
					arg += fmt.Sprintf("%s%d", sep, v+1)
					sep = ","
				}
			}
			comps, err := inst.Parse([]string{arg})
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.Grundy(t.Context(), comps[0])
			if err != nil {
				t.Fatal(err)
			}
			if want := b.value(left); got != want {
				t.Fatalf("node-kayles %s = %d, brute force %d", arg, got, want)
			}
			if again, err := inst.Parse([]string{comps[0].String()}); err != nil || again[0].String() != comps[0].String() {
				t.Fatalf("%s written %s reads back as %v, %v", arg, comps[0], again, err)
			}
		}
	}
}

// TestNodeKaylesFile reads a graph from a file: a 4-cycle with a pendant
// vertex, whose value the brute force gives.
func TestNodeKaylesFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.txt")
	if err := os.WriteFile(file, []byte("# a square and a tail\n1 2\n2 3\n3 4\n4 1\n4 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	nk, _ := OpenNodeKayles("")
	comps, err := nk.Parse(nk.(FileArger).FileArgs(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	pos := Position{{Game: nk, Components: comps}}
	if got := pos[0].Components[0].String(); got != "edges:5:1-2,2-3,3-4,4-1,4-5" {
		t.Fatalf("read %q", got)
	}
	b := &nkBrute{adj: [][]int{{1, 3}, {0, 2}, {1, 3}, {2, 0, 4}, {3}}, memo: map[uint64]game.Nimber{}}
	inst := pos[0].Game
	v, err := inst.(Valued).Evaluator(nil).Grundy(t.Context(), pos[0].Components[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := b.value(31); v != want {
		t.Fatalf("value %d, brute force %d", v, want)
	}
}

// TestNodeKaylesParse checks bad graphs.
func TestNodeKaylesParse(t *testing.T) {
	inst, err := Open("node-kayles")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"path:0", "path:65", "cycle:2", "grid:9x8", "grid:3", "edges:3:1-4", "edges:3:1-1", "tree:4", "path", "path:5/6", "path:5/3-2", "path:5/x"} {
		if _, err := inst.Parse([]string{bad}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
