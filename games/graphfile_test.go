package games

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// bruteTokens values a whole position of several tokens (the unsplit sum) by
// search over the tuples of token nodes, straight from the rules.
func bruteTokens(succ [][]int, tokens []int, memo map[string]game.Nimber) game.Nimber {
	key := fmt.Sprint(tokens)
	if v, ok := memo[key]; ok {
		return v
	}
	var opts []game.Nimber
	for i, u := range tokens {
		for _, v := range succ[u] {
			next := append([]int(nil), tokens...)
			next[i] = v
			opts = append(opts, bruteTokens(succ, next, memo))
		}
	}
	g := game.Mex(opts...)
	memo[key] = g
	return g
}

// reachesCycle reports whether a cycle is reachable from u, by depth-first
// search with colours.
func reachesCycle(succ [][]int, u int, colour []int) bool {
	if colour[u] == 1 {
		return true
	}
	if colour[u] == 2 {
		return false
	}
	colour[u] = 1
	for _, v := range succ[u] {
		if reachesCycle(succ, v, colour) {
			return true
		}
	}
	colour[u] = 2
	return false
}

func TestGraphAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 1))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + r.IntN(9)
		succ := make([][]int, n)
		var text strings.Builder
		fmt.Fprintf(&text, "# random graph %d\n", trial)
		cyclic := r.IntN(3) == 0
		for u := 0; u < n; u++ {
			fmt.Fprintf(&text, "n%d\n", u)
			for v := 0; v < n; v++ {
				if (v > u || cyclic) && r.IntN(3) == 0 {
					succ[u] = append(succ[u], v)
					fmt.Fprintf(&text, "n%d n%d  # edge\n", u, v)
				}
			}
		}
		g, err := ParseGraph("test", text.String())
		if err != nil {
			t.Fatal(err)
		}
		inst := &graphInstance{name: "graph:test", graph: g}
		tokens := []int{r.IntN(n), r.IntN(n)}
		args := []string{fmt.Sprintf("n%d", tokens[0]), fmt.Sprintf("n%d", tokens[1])}
		comps, err := inst.Parse(args)
		if err != nil {
			t.Fatal(err)
		}
		loopy := false
		for _, u := range tokens {
			loopy = loopy || reachesCycle(succ, u, make([]int, n))
		}
		var total game.Nimber
		var gerr error
		ev := inst.Evaluator(nil)
		for _, c := range comps {
			v, err := ev.Grundy(context.Background(), c)
			if err != nil {
				gerr = err
				break
			}
			total ^= v
		}
		if loopy {
			var ce *CycleError
			if !errors.Is(gerr, solve.ErrCycle) || !errors.As(gerr, &ce) {
				t.Fatalf("graph %q tokens %v: want a cycle error, got %v", text.String(), tokens, gerr)
			}
			// The reported edge is on a cycle: B reaches A.
			a, _ := strconv.Atoi(strings.TrimPrefix(ce.A, "n"))
			b, _ := strconv.Atoi(strings.TrimPrefix(ce.B, "n"))
			if !contains(succ[a], b) || !reaches(succ, b, a, make([]bool, n)) {
				t.Fatalf("graph %q: %s -> %s is not an edge on a cycle", text.String(), ce.A, ce.B)
			}
			continue
		}
		if gerr != nil {
			t.Fatal(gerr)
		}
		if want := bruteTokens(succ, tokens, map[string]game.Nimber{}); total != want {
			t.Fatalf("graph %q tokens %v: value %d, brute force %d", text.String(), tokens, total, want)
		}
	}
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func reaches(succ [][]int, from, to int, seen []bool) bool {
	if from == to {
		return true
	}
	seen[from] = true
	for _, v := range succ[from] {
		if !seen[v] && reaches(succ, v, to, seen) {
			return true
		}
	}
	return false
}

func TestParseGraphErrors(t *testing.T) {
	_, err := ParseGraph("g.txt", "a b\n# fine\nb c d\n")
	if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "g.txt line 3") {
		t.Errorf("bad line: %v", err)
	}
	if _, err := ParseGraph("g.txt", "# nothing\n\n"); !errors.Is(err, game.ErrInput) {
		t.Errorf("no nodes: %v", err)
	}
}

func TestGraphFileInstance(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.txt")
	// a -> b -> c, a -> c: G(c) = 0, G(b) = 1, G(a) = mex{1, 0} = 2.
	if err := os.WriteFile(path, []byte("a b\nb c\na c\nlonely\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := OpenGraph(path, data)
	if err != nil {
		t.Fatal(err)
	}
	comps, err := inst.Parse([]string{"a", "lonely", "b"})
	if err != nil {
		t.Fatal(err)
	}
	pos := Position{{Game: inst, Components: comps}}
	ev := pos[0].Game.(Valued).Evaluator(nil)
	var total game.Nimber
	for _, c := range pos[0].Components {
		v, err := ev.Grundy(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		total ^= v
	}
	if total != 3 { // 2 xor 0 xor 1
		t.Errorf("a + lonely + b = %d, want 3", total)
	}
	if _, err := inst.Parse([]string{"zz"}); !errors.Is(err, game.ErrInput) {
		t.Errorf("unknown node: %v", err)
	}
}
