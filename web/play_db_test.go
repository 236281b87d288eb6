package web

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/query"
)

// TestPlayAPIDatabase plays Quixo 3x3 to its end through /api/play, the
// computer moving for both sides, on a server that answers from a
// database under a limit of 10 states (solving the game needs 19,683),
// and checks every position's outcome, remoteness and moves against a
// server that solves in memory. Without a database, Quixo 4x4 says the
// commands that make and serve one.
func TestPlayAPIDatabase(t *testing.T) {
	dbs := quixo3Database(t)
	fromDB := newTestServer(t, Config{MaxStates: 10, Databases: dbs})
	solving := newTestServer(t, Config{})
	req := PlayRequest{Position: "quixo:3x3", Played: []string{}}
	for turn := 0; ; turn++ {
		var got, want PlayState
		if code, body := postPlay(t, fromDB, req, &got); code != 200 {
			t.Fatalf("turn %d, from the database: status %d: %s", turn, code, body)
		}
		if code, body := postPlay(t, solving, req, &want); code != 200 {
			t.Fatalf("turn %d, solving: status %d: %s", turn, code, body)
		}
		if got.Outcome != want.Outcome || remoteness(got.Remoteness) != remoteness(want.Remoteness) || len(got.Moves) != len(want.Moves) {
			t.Fatalf("turn %d at %s: %v in %d with %d moves, solving says %v in %d with %d", turn, got.Position,
				got.Outcome, remoteness(got.Remoteness), len(got.Moves), want.Outcome, remoteness(want.Remoteness), len(want.Moves))
		}
		for i, m := range got.Moves {
			if w := want.Moves[i]; m.Position != w.Position || m.Outcome != w.Outcome || remoteness(m.Remoteness) != remoteness(w.Remoteness) {
				t.Fatalf("turn %d, move %d: %s %v %d, solving says %s %v %d", turn, i, m.Position, m.Outcome, remoteness(m.Remoteness), w.Position, w.Outcome, remoteness(w.Remoteness))
			}
		}
		if turn == 0 && (got.Outcome.String() != "win" || remoteness(got.Remoteness) != 7) {
			t.Errorf("the empty board: %v in %d, want a win in 7", got.Outcome, remoteness(got.Remoteness))
		}
		if len(got.Moves) == 0 || got.Ending != nil {
			if turn < 7 {
				t.Errorf("the game ended after %d moves, before the remoteness of 7", turn)
			}
			break
		}
		req.Played, req.Computer = got.Played, true
		if turn > 0 && got.Choice == nil {
			t.Fatalf("turn %d: no computer move", turn)
		}
	}

	code, body := postPlay(t, solving, PlayRequest{Position: "quixo:4x4"}, nil)
	if code != 422 || !strings.Contains(body, "grundy solve quixo:4x4 --db DIR") || !strings.Contains(body, "grundy serve --db DIR") {
		t.Errorf("quixo:4x4 without a database: %d %s", code, body)
	}
}

// remoteness is *r, or -1 for none.
func remoteness(r *int) int {
	if r == nil {
		return -1
	}
	return *r
}

// TestBrowserPlayDatabase plays Quixo 3x3 by clicks in the explorer of a
// server that answers from a database under a limit of 10 states (solving
// needs 19,683): every hint and the end are checked against the library's
// solver as in TestBrowserPlayGames.
func TestBrowserPlayDatabase(t *testing.T) {
	needChromium(t)
	dbs := quixo3Database(t)
	b := newBrowserAt(t, newTestServer(t, Config{MaxStates: 10, Databases: dbs}).URL)
	playByClicks(t, b, playCase{"quixo from a database", "quixo:3x3", 1, "winner: human", false})
	b.noErrors()
}

// quixo3Database solves Quixo 3x3 into a new database and opens it for a
// server.
func quixo3Database(t *testing.T) *query.Databases {
	t.Helper()
	dir := t.TempDir()
	pos, err := query.Parse([]string{"quixo:3x3"}, query.OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := query.SolveWith(context.Background(), pos, query.SolveOptions{DB: dir}); err != nil {
		t.Fatal(err)
	}
	dbs, err := query.OpenDatabases([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	return dbs
}
