package web

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/query"
	"github.com/grundy-go/grundy/web/staticsite"
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
		samePlay(t, turn, got, want)
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

// samePlay fails the test unless got has want's outcome, remoteness and
// moves (each with its position, outcome and remoteness).
func samePlay(t *testing.T, turn int, got, want PlayState) {
	t.Helper()
	if got.Outcome != want.Outcome || remoteness(got.Remoteness) != remoteness(want.Remoteness) || len(got.Moves) != len(want.Moves) {
		t.Fatalf("turn %d at %s: %v in %d with %d moves, solving says %v in %d with %d", turn, got.Position,
			got.Outcome, remoteness(got.Remoteness), len(got.Moves), want.Outcome, remoteness(want.Remoteness), len(want.Moves))
	}
	for i, m := range got.Moves {
		if w := want.Moves[i]; m.Position != w.Position || m.Outcome != w.Outcome || remoteness(m.Remoteness) != remoteness(w.Remoteness) {
			t.Fatalf("turn %d, move %d: %s %v %d, solving says %s %v %d", turn, i, m.Position, m.Outcome, remoteness(m.Remoteness), w.Position, w.Outcome, remoteness(w.Remoteness))
		}
	}
}

// TestStaticEngineDatabase plays Quixo 3x3 through the static build's
// engine (under Node) from the database the site ships: each position of
// a game (the moves of a solving server's computer for both sides) gets
// the outcome, remoteness and moves the solving server gives, and the
// engine loaded the database's manifest and tier files. With every tier
// file of a copy of the site's databases damaged (a byte flipped in its
// middle), every answer is a refusal naming a damaged file: the engine
// answers from the database, never by solving around it, and never wrong.
func TestStaticEngineDatabase(t *testing.T) {
	solving := newTestServer(t, Config{})
	var requests [][3]string
	var want []PlayState
	played := []string{}
	for turn := 0; ; turn++ {
		req := PlayRequest{Position: "quixo:3x3", Played: played}
		var st PlayState
		if code, body := postPlay(t, solving, req, &st); code != 200 {
			t.Fatalf("turn %d, solving: status %d: %s", turn, code, body)
		}
		body, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		requests, want = append(requests, [3]string{"POST", "/api/play", string(body)}), append(want, st)
		if len(st.Moves) == 0 || st.Ending != nil {
			break
		}
		var next PlayState
		if code, body := postPlay(t, solving, PlayRequest{Position: "quixo:3x3", Played: played, Computer: true}, &next); code != 200 {
			t.Fatalf("turn %d, the computer's move: status %d: %s", turn, code, body)
		}
		played = next.Played
	}
	answers, loaded := runEngineWith(t, engineOptions{Full: true}, requests)
	for turn, a := range answers {
		var got PlayState
		if a.Status != 200 || json.Unmarshal([]byte(a.Body), &got) != nil {
			t.Fatalf("turn %d: the static engine answered %d %s", turn, a.Status, a.Body)
		}
		samePlay(t, turn, got, want[turn])
	}
	tiers := 0
	for _, f := range loaded {
		if strings.HasPrefix(f, "db/quixo-3x3/") && strings.HasSuffix(f, ".tierz") {
			tiers++
		}
	}
	if !slices.Contains(loaded, "db/quixo-3x3/MANIFEST") || tiers == 0 {
		t.Errorf("the engine loaded %v: want the Quixo 3x3 database's manifest and tier files", loaded)
	}
	t.Logf("%d positions answered from the site's database (%d of its tier files loaded)", len(answers), tiers)

	// Every tier file damaged.
	src := filepath.Join(staticSite(t), "db")
	copyDir := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".tierz") {
			b[len(b)/2] ^= 0x10
		}
		dest := filepath.Join(copyDir, "db", strings.TrimPrefix(path, src))
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dest, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	answers, _ = runEngineWith(t, engineOptions{DB: copyDir, Full: true}, requests)
	for turn, a := range answers {
		if a.Status == 200 || !strings.Contains(a.Body, "damaged") || !strings.Contains(a.Body, ".tierz") {
			t.Errorf("turn %d, every tier damaged: %d %s, want a refusal naming a damaged tier file", turn, a.Status, a.Body)
		}
	}
}

// TestBrowserPlayQuixo4 plays a whole Quixo 4x4 game by clicks in the
// explorer, the human taking a best move each turn (and once a worse one,
// undone), on a server answering from the database GRUNDY_DB_QUIXO4 under
// a limit of 10 states, and in the static build with that database among
// the site's: every hint and the end are checked against the database
// (the tier engine's values, which TestTierQuixo4x4EqualsRetro checks
// against solve.Retro). Skipped without the variable.
func TestBrowserPlayQuixo4(t *testing.T) {
	needChromium(t)
	src := os.Getenv("GRUNDY_DB_QUIXO4")
	if src == "" {
		t.Skip("set GRUNDY_DB_QUIXO4 to a Quixo 4x4 database to play it in the browser")
	}
	oracleDB["quixo:4x4"] = src
	t.Cleanup(func() { delete(oracleDB, "quixo:4x4") })
	c := playCase{"quixo 4x4 from a database", "quixo:4x4", 2, "winner: human", false}
	t.Run("server", func(t *testing.T) {
		dbs, err := query.OpenDatabases([]string{src})
		if err != nil {
			t.Fatal(err)
		}
		b := newBrowserAt(t, newTestServer(t, Config{MaxStates: 10, Databases: dbs}).URL)
		playByClicks(t, b, c)
		b.noErrors()
	})
	t.Run("static", func(t *testing.T) {
		// The static build's files, with the Quixo 4x4 database added to
		// its databases.
		site, dir := staticSite(t), t.TempDir()
		entries, err := os.ReadDir(site)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != staticsite.DatabaseDir {
				if err := os.Symlink(filepath.Join(site, e.Name()), filepath.Join(dir, e.Name())); err != nil {
					t.Fatal(err)
				}
			}
		}
		dbDir := filepath.Join(dir, staticsite.DatabaseDir)
		var folders []string
		for _, spec := range []string{"tictactoe", "quixo:3x3", "quixo:4x4"} {
			folder := staticsite.DatabaseFolder(spec)
			from := filepath.Join(site, staticsite.DatabaseDir, folder)
			if spec == "quixo:4x4" {
				from = src
			}
			if err := os.MkdirAll(dbDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(from, filepath.Join(dbDir, folder)); err != nil {
				t.Fatal(err)
			}
			folders = append(folders, folder)
		}
		index, _ := json.Marshal(folders)
		if err := os.WriteFile(filepath.Join(dbDir, staticsite.DatabaseIndex), index, 0o644); err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
		t.Cleanup(ts.Close)
		b := newBrowserAt(t, ts.URL)
		playByClicks(t, b, c)
		b.noErrors()
	})
}

// TestStaticEngineQuixo4 plays a whole Quixo 4x4 game through the static
// build's engine (under Node) from a Quixo 4x4 database laid out as
// web/build ships it, every position checked against a server answering
// from the same database: GRUNDY_DB_QUIXO4=DIR (made by grundy solve
// quixo:4x4 --db DIR). Skipped without it (the database takes a minute
// to make).
func TestStaticEngineQuixo4(t *testing.T) {
	src := os.Getenv("GRUNDY_DB_QUIXO4")
	if src == "" {
		t.Skip("set GRUNDY_DB_QUIXO4 to a Quixo 4x4 database to play it in the static build")
	}
	dbs, err := query.OpenDatabases([]string{src})
	if err != nil {
		t.Fatal(err)
	}
	server := newTestServer(t, Config{MaxStates: 10, Databases: dbs})
	site := t.TempDir()
	dest := filepath.Join(site, staticsite.DatabaseDir, staticsite.DatabaseFolder("quixo:4x4"))
	if err := os.MkdirAll(dest, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "LOCK" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dest, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	index := filepath.Join(site, staticsite.DatabaseDir, staticsite.DatabaseIndex)
	if err := os.WriteFile(index, []byte(`["quixo-4x4"]`), 0o644); err != nil {
		t.Fatal(err)
	}
	var requests [][3]string
	var want []PlayState
	played := []string{}
	for turn := 0; ; turn++ {
		req := PlayRequest{Position: "quixo:4x4", Played: played}
		var st PlayState
		if code, body := postPlay(t, server, req, &st); code != 200 {
			t.Fatalf("turn %d, the server: status %d: %s", turn, code, body)
		}
		body, _ := json.Marshal(req)
		requests, want = append(requests, [3]string{"POST", "/api/play", string(body)}), append(want, st)
		if len(st.Moves) == 0 || st.Ending != nil {
			break
		}
		var next PlayState
		if code, body := postPlay(t, server, PlayRequest{Position: "quixo:4x4", Played: played, Computer: true}, &next); code != 200 {
			t.Fatalf("turn %d, the computer's move: status %d: %s", turn, code, body)
		}
		played = next.Played
	}
	answers, loaded := runEngineWith(t, engineOptions{DB: site, Full: true}, requests)
	slowest, times := 0, []int{}
	for turn, a := range answers {
		var got PlayState
		if a.Status != 200 || json.Unmarshal([]byte(a.Body), &got) != nil {
			t.Fatalf("turn %d: the static engine answered %d %s", turn, a.Status, a.Body)
		}
		samePlay(t, turn, got, want[turn])
		slowest, times = max(slowest, a.MS), append(times, a.MS)
	}
	slices.Sort(times)
	t.Logf("a Quixo 4x4 game of %d positions answered in the static engine from the database (%d files loaded): median %d ms, slowest %d ms",
		len(answers), len(loaded), times[len(times)/2], slowest)
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
//
// The same game is played in the static build, whose engine answers from
// the database the site ships (TestStaticEngineDatabase shows it reads it).
func TestBrowserPlayDatabase(t *testing.T) {
	needChromium(t)
	t.Run("server", func(t *testing.T) {
		dbs := quixo3Database(t)
		b := newBrowserAt(t, newTestServer(t, Config{MaxStates: 10, Databases: dbs}).URL)
		playByClicks(t, b, playCase{"quixo from a database", "quixo:3x3", 1, "winner: human", false})
		b.noErrors()
	})
	t.Run("static", func(t *testing.T) {
		ts := httptest.NewServer(http.FileServer(http.Dir(staticSite(t))))
		t.Cleanup(ts.Close)
		b := newBrowserAt(t, ts.URL)
		playByClicks(t, b, playCase{"quixo from the site's database", "quixo:3x3", 1, "winner: human", false})
		b.noErrors()
	})
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
