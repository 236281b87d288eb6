package query

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// solveInto solves the game spec into the database dir.
func solveInto(t testing.TB, spec, dir string) {
	t.Helper()
	pos, err := Parse([]string{spec}, OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := SolveWith(context.Background(), pos, SolveOptions{DB: dir}); err != nil {
		t.Fatal(err)
	}
}

// TestDatabases: OpenDatabases reads each database's game, refuses a
// directory without one and two of one game; Require names the game a
// database holds when it is not the position's.
func TestDatabases(t *testing.T) {
	ttt, ttt2, empty := t.TempDir(), t.TempDir(), t.TempDir()
	solveInto(t, "tictactoe", ttt)
	solveInto(t, "tictactoe", ttt2)
	if _, err := OpenDatabases([]string{empty}); !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "holds no database") {
		t.Errorf("an empty directory: %v", err)
	}
	if _, err := OpenDatabases([]string{ttt, ttt2}); !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "both databases of tictactoe") {
		t.Errorf("two of one game: %v", err)
	}
	dbs, err := OpenDatabases([]string{ttt})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := Parse([]string{"quixo:3x3"}, OSFiles(context.Background()))
	if err := dbs.Require(q); !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), "holds the game tictactoe, not quixo:3x3") {
		t.Errorf("require quixo:3x3: %v", err)
	}
	if !dbs.Holds("tictactoe") || dbs.Holds("quixo:3x3") || DatabaseGame(q) != "quixo:3x3" {
		t.Errorf("Holds, DatabaseGame")
	}
	if nim, _ := Parse([]string{"nim", "3"}, OSFiles(context.Background())); DatabaseGame(nim) != "" {
		t.Errorf("nim can be kept in a database")
	}
}

// BenchmarkSolveFromDB answers a Quixo position with every move's value
// from a database, as `grundy solve POSITION --db DIR` does: Quixo 3x3
// solved into a temporary database, or Quixo 4x4 from the database
// GRUNDY_DB_QUIXO4 names (made by grundy solve quixo:4x4 --db DIR).
func BenchmarkSolveFromDB(b *testing.B) {
	spec, args := "quixo:3x3", []string{"quixo:3x3", "x.o/.x./o..", "o"}
	dir := os.Getenv("GRUNDY_DB_QUIXO4")
	if dir != "" {
		spec, args = "quixo:4x4", []string{"quixo:4x4", "xxxo/xxxo/xx.o/o...", "x"}
	} else {
		dir = b.TempDir()
		solveInto(b, spec, dir)
	}
	pos, err := Parse(args, OSFiles(context.Background()))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		res, err := SolveWith(context.Background(), pos, SolveOptions{DB: dir, Budget: &Budget{MaxStates: 1}})
		if err != nil || len(res.Moves) == 0 {
			b.Fatal(err)
		}
	}
}
