package query

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/store"
)

// sameSolve fails the test unless got has want's outcome, remoteness and
// moves.
func sameSolve(t *testing.T, what string, got, want *SolveResult) {
	t.Helper()
	g := fmt.Sprintf("%v %v", got.Outcome, remotenessOf(got.Remoteness))
	w := fmt.Sprintf("%v %v", want.Outcome, remotenessOf(want.Remoteness))
	for _, m := range got.Moves {
		g += fmt.Sprintf(" | %s %v %d %v", m.Position, m.Outcome, remotenessOf(m.Remoteness), m.Best)
	}
	for _, m := range want.Moves {
		w += fmt.Sprintf(" | %s %v %d %v", m.Position, m.Outcome, remotenessOf(m.Remoteness), m.Best)
	}
	if g != w {
		t.Fatalf("%s: %s\nsolving in memory: %s", what, g, w)
	}
}

func remotenessOf(r *int) int {
	if r == nil {
		return -1
	}
	return *r
}

// TestGraphDatabase: a loopy game without tiers (cards) solved into a
// database answers its position and every position it reaches, under a
// limit of one state (so without solving), as solve.Retro in memory does,
// through solve and through play; a damaged table is refused by play,
// naming it, and written again by solve; the database of another game is
// refused.
func TestGraphDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	parse := func(words ...string) Position {
		t.Helper()
		pos, err := Parse(words, OSFiles(ctx))
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}
	root := parse("cards", "5,9", "2,1", "1")
	want, err := SolveWith(ctx, root, SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := SolveWith(ctx, root, SolveOptions{DB: dir})
	if err != nil {
		t.Fatal(err)
	}
	sameSolve(t, "the first solve into the database", got, want)
	// Every position the root reaches, from the database alone, breadth
	// first (the first hundred).
	seen := map[string]bool{root.String(): true}
	queue := []Position{root}
	for len(queue) > 0 && len(seen) < 100 {
		p := queue[0]
		queue = queue[1:]
		mem, err := SolveWith(ctx, p, SolveOptions{})
		if err != nil {
			t.Fatal(err)
		}
		db, err := SolveWith(ctx, p, SolveOptions{DB: dir, Budget: &Budget{MaxStates: 1}})
		if err != nil {
			t.Fatalf("%s from the database: %v", p, err)
		}
		sameSolve(t, p.String(), db, mem)
		for _, m := range mem.Moves {
			if !seen[m.Position] {
				seen[m.Position] = true
				queue = append(queue, m.After)
			}
		}
	}
	t.Logf("%d positions answered from the database", len(seen))

	// Cards numbers all its positions (a game.Indexer): one solve holds
	// them all, and any other position is answered from the database.
	other := parse("cards", "3,4", "6,8", "8")
	mem, _ := SolveWith(ctx, other, SolveOptions{})
	db, err := SolveWith(ctx, other, SolveOptions{DB: dir, Budget: &Budget{MaxStates: 1}})
	if err != nil {
		t.Fatalf("%s: %v", other, err)
	}
	sameSolve(t, other.String(), db, mem)

	// Play reads the database: answered under one state.
	dbs, err := OpenDatabases([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlayer(PlayOptions{Budget: &Budget{MaxStates: 1}, Databases: dbs})
	if _, err := pl.Analyze(ctx, other); err != nil {
		t.Errorf("play from the database: %v", err)
	}
	pl.Close()

	// A damaged table: play refuses naming it, solve writes it again.
	table := filepath.Join(dir, "positions.graph")
	b, err := os.ReadFile(table)
	if err != nil {
		t.Fatal(err)
	}
	for i := store.HeaderSize; i+100 < len(b); i += store.BlockSize {
		b[i+100] ^= 1 // every block
	}
	os.WriteFile(table, b, 0o644)
	pl = NewPlayer(PlayOptions{Budget: &Budget{MaxStates: 1}, Databases: dbs})
	if _, err := pl.Analyze(ctx, other); !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), "positions.graph") {
		t.Errorf("play from a damaged table: %v", err)
	}
	pl.Close()
	if _, err := SolveWith(ctx, other, SolveOptions{DB: dir}); err != nil {
		t.Fatalf("solve into a damaged table: %v", err)
	}
	db, err = SolveWith(ctx, root, SolveOptions{DB: dir, Budget: &Budget{MaxStates: 1}})
	if err != nil {
		t.Fatalf("after the repair: %v", err)
	}
	sameSolve(t, "after the repair", db, want)

	// Another game's database.
	ttt := t.TempDir()
	solveInto(t, "tictactoe", ttt)
	var mm *store.MismatchError
	if _, err := SolveWith(ctx, root, SolveOptions{DB: ttt}); !errors.As(err, &mm) || !errors.Is(err, game.ErrInput) {
		t.Errorf("cards from a tic-tac-toe database: %v", err)
	}
}
