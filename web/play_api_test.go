package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/query"
)

// postPlay sends a play request and decodes the answer into out (when the
// status is 200); it returns the status and the raw body.
func postPlay(t *testing.T, ts *httptest.Server, req PlayRequest, out *PlayState) (int, string) {
	t.Helper()
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ts.Client().Post(ts.URL+"/api/play", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode == http.StatusOK && out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("decode %s: %v", raw, err)
		}
	}
	return res.StatusCode, string(raw)
}

// TestPlayAPI checks the replay of records: the end of each game (worked
// out by hand in the comments), the views, and refused records.
func TestPlayAPI(t *testing.T) {
	ts := newTestServer(t, Config{})
	t.Run("ends totals", func(t *testing.T) {
		// Player 0 takes 3 then 2 (5), player 1 takes 9 then 1 (10).
		var st PlayState
		if code, body := postPlay(t, ts, PlayRequest{Position: "ends 3 9 1 2", Played: []string{"ends 9 1 2", "ends 1 2", "ends 1", "ends"}}, &st); code != 200 {
			t.Fatalf("status %d: %s", code, body)
		}
		if st.Ending == nil || st.Ending.Draw || st.Ending.Winner != 1 || st.Totals != [2]int64{5, 10} || len(st.History) != 5 {
			t.Errorf("ending %+v totals %v history %d points, want player 1 winning 10 to 5 over 5 points", st.Ending, st.Totals, len(st.History))
		}
		// Player 1 faces 9 1 2 with 3 points against them. The margin
		// from there is d(9 1 2) = max(9 - d(1 2), 2 - d(9 1)) with
		// d(1 2) = max(1 - 2, 2 - 1) = 1 and d(9 1) = max(9 - 1, 1 - 9) =
		// 8: max(8, -6) = 8. Their margin in the game: 8 - 3 = 5, a win.
		if p := st.History[1]; p.Score == nil || *p.Score != 8 || p.Margin == nil || *p.Margin != 5 || p.Outcome.String() != "win" {
			t.Errorf("history point 1 %+v, want score 8, margin 5, win", p)
		}
		if st.History[0].Move != "left 3" || st.History[1].Move != "left 9" || st.History[2].Move != "right 2" {
			t.Errorf("moves %q %q %q", st.History[0].Move, st.History[1].Move, st.History[2].Move)
		}
	})
	t.Run("ends counts the points taken", func(t *testing.T) {
		// Player 0 took 3, player 1 took 9: player 0, 6 behind on "1 2",
		// makes at most 1 more than player 1 from there (take 2, leave 1),
		// so loses by 5; taking 1 instead leaves 2 and loses by 7. The
		// position alone (its score, +1) would say a win.
		var st PlayState
		if code, body := postPlay(t, ts, PlayRequest{Position: "ends 3 9 1 2", Played: []string{"ends 9 1 2", "ends 1 2"}}, &st); code != 200 {
			t.Fatalf("status %d: %s", code, body)
		}
		if st.Score == nil || *st.Score != -5 || st.Outcome.String() != "lose" || st.Mover != 0 {
			t.Errorf("mover %d: %v, margin %v; want player 0 losing by 5", st.Mover, st.Outcome, st.Score)
		}
		want := map[string]int64{"ends 2": -7, "ends 1": -5}
		for _, m := range st.Moves {
			if w, ok := want[m.Position]; !ok || m.Score == nil || *m.Score != w || m.Outcome.String() != "lose" {
				t.Errorf("move to %s: %v, margin %v; want lose by %d", m.Position, m.Outcome, m.Score, -w)
			}
		}
		if p := st.History[2]; p.Score == nil || *p.Score != 1 || p.Margin == nil || *p.Margin != -5 || p.Outcome.String() != "lose" {
			t.Errorf("history point 2 %+v, want score 1, margin -5, lose", p)
		}
	})
	t.Run("computer", func(t *testing.T) {
		var st PlayState
		if code, body := postPlay(t, ts, PlayRequest{Position: "tictactoe", Played: []string{"tictactoe x../.../..."}, Computer: true}, &st); code != 200 {
			t.Fatalf("status %d: %s", code, body)
		}
		if len(st.Played) != 2 || st.Choice == nil || st.Played[1] != st.Choice.Position || st.Position != st.Choice.Position || st.Mover != 0 {
			t.Fatalf("played %v choice %+v position %s mover %d", st.Played, st.Choice, st.Position, st.Mover)
		}
		// x's corner opening is answered by o in the centre: the only
		// reply that does not lose (every other one loses to x's play;
		// see TestPlayTicTacToeAgreesWithMinimax in query).
		if st.Position != "tictactoe x../.o./..." {
			t.Errorf("o answered %s, want the centre", st.Position)
		}
		if len(st.Moves) != 7 || len(st.Groups) != 1 || st.Groups[0].Components[0].Kind != games.ViewGrid {
			t.Errorf("%d moves, groups %+v", len(st.Moves), st.Groups)
		}
		for _, m := range st.Moves {
			if len(m.View.Clicks) != 1 {
				t.Errorf("move %s has clicks %v, want one cell", m.Position, m.View.Clicks)
			}
		}
	})
	for _, tt := range []struct {
		name string
		req  PlayRequest
		code int
		msg  string
	}{
		{"not a move", PlayRequest{Position: "nim 3", Played: []string{"nim 4"}}, 400, "nim 4 is not one move from nim 3"},
		{"after the end", PlayRequest{Position: "nim 1", Played: []string{"nim 0", "nim 0"}}, 400, "the game was over"},
		{"bad start", PlayRequest{Position: "nim x"}, 400, "heap size"},
		{"a file", PlayRequest{Position: "nim @/etc/passwd"}, 400, "reads no files"},
		{"general in a sum", PlayRequest{Position: "tictactoe + nim 1"}, 400, "not in a sum"},
		{"bad script", PlayRequest{Script: "def moves(n):\n  return oops\n", Position: "3"}, 400, "script.star:2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, body := postPlay(t, ts, tt.req, nil)
			if code != tt.code || !strings.Contains(body, tt.msg) {
				t.Errorf("status %d body %s, want %d with %q", code, body, tt.code, tt.msg)
			}
		})
	}
}

// TestPlayAPIRepetition plays a Quixo cycle found by search three times
// round: the start's third occurrence ends the game as a draw, and a move
// after it is refused.
func TestPlayAPIRepetition(t *testing.T) {
	const start = "quixo:3x3 xo./.../... x"
	pos, err := query.ParseString(start)
	if err != nil {
		t.Fatal(err)
	}
	// A cycle of 4 moves back to the start, by depth-first search over the
	// engine's moves.
	ctx := context.Background()
	pl := query.NewPlayer(query.PlayOptions{})
	var cycle []string
	var search func(p games.Position, path []string) bool
	search = func(p games.Position, path []string) bool {
		if len(path) == 4 {
			if p.String() == pos.String() {
				cycle = append([]string(nil), path...)
				return true
			}
			return false
		}
		a, err := pl.Analyze(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range a.Moves {
			if search(m.After(), append(path, m.Position)) {
				return true
			}
		}
		return false
	}
	if !search(pos, nil) {
		t.Fatal("no 4-move cycle back to the start")
	}
	ts := newTestServer(t, Config{})
	played := append(append([]string(nil), cycle...), cycle...) // the start occurs 3 times
	var st PlayState
	if code, body := postPlay(t, ts, PlayRequest{Position: start, Played: played}, &st); code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	if st.Ending == nil || !st.Ending.Draw || !st.Ending.Repetition {
		t.Errorf("after the cycle twice: ending %+v, want a draw by repetition", st.Ending)
	}
	// Once round: the start has occurred twice, the game goes on.
	if code, body := postPlay(t, ts, PlayRequest{Position: start, Played: cycle}, &st); code != 200 || st.Ending != nil {
		t.Errorf("after the cycle once: status %d ending %+v (%s)", code, st.Ending, body)
	}
	code, body := postPlay(t, ts, PlayRequest{Position: start, Played: append(played, cycle[0])}, nil)
	if code != 400 || !strings.Contains(body, "ended by repetition") {
		t.Errorf("a move after the draw: status %d %s", code, body)
	}
}

// nimRemoteness is the remoteness of a Nim position (Smith: 0 with no
// move; a win hurries to a lost position, a loss delays), by plain
// recursion over every move, and whether the player to move wins.
func nimRemoteness(heaps []int, memo map[string][2]int) (r int, win bool) {
	key := fmt.Sprint(heaps)
	if v, ok := memo[key]; ok {
		return v[0], v[1] == 1
	}
	best, won := -1, false
	for i, h := range heaps {
		for k := 0; k < h; k++ {
			next := slices.Clone(heaps)
			next[i] = k
			nr, nwin := nimRemoteness(next, memo)
			switch {
			case !nwin && (!won || nr < best):
				best, won = nr, true
			case nwin && !won && nr > best:
				best = nr
			}
		}
	}
	r = best + 1
	memo[key] = [2]int{r, map[bool]int{true: 1}[won]}
	return r, won
}

// TestPlayAPIRemoteness: every move of a small Nim position carries the
// remoteness of the position it leaves (the page shows r= on every move
// button), checked against the plain recursion; and a move with none (a
// tic-tac-toe draw) leaves the key out instead of -1, in /api/play and
// /api/move alike.
func TestPlayAPIRemoteness(t *testing.T) {
	ts := newTestServer(t, Config{})
	memo := map[string][2]int{}
	for _, start := range [][]int{{1, 2, 3}, {2, 3}, {1, 1, 4}, {3, 5, 6}} {
		text := "nim"
		for _, h := range start {
			text += " " + strconv.Itoa(h)
		}
		var st PlayState
		if code, body := postPlay(t, ts, PlayRequest{Position: text}, &st); code != 200 {
			t.Fatalf("%s: status %d: %s", text, code, body)
		}
		for _, m := range st.Moves {
			var heaps []int
			for _, f := range strings.Fields(m.Position)[1:] {
				h, _ := strconv.Atoi(f)
				heaps = append(heaps, h)
			}
			want, _ := nimRemoteness(heaps, memo)
			if m.Remoteness == nil || *m.Remoteness != want {
				t.Errorf("%s: move to %s has remoteness %v, want %d", text, m.Position, m.Remoteness, want)
			}
		}
	}
	var st PlayState
	code, body := postPlay(t, ts, PlayRequest{Position: "tictactoe"}, &st)
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	res, err := ts.Client().Get(ts.URL + "/api/move?position=tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	move, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for what, raw := range map[string]string{"/api/play": body, "/api/move": string(move)} {
		if strings.Contains(raw, `"remoteness":-1`) {
			t.Errorf("%s: remoteness -1 in %s", what, raw)
		}
	}
	// Every first move of tic-tac-toe draws (Winning Ways, ch. 22): no
	// remoteness key at all.
	var moves struct {
		Moves []map[string]any `json:"moves"`
	}
	if err := json.Unmarshal([]byte(body), &moves); err != nil || len(moves.Moves) != 9 {
		t.Fatalf("%v: %d moves", err, len(moves.Moves))
	}
	for _, m := range moves.Moves {
		if _, ok := m["remoteness"]; ok || m["outcome"] != "draw" {
			t.Errorf("move %v: want a draw with no remoteness key", m)
		}
	}
}
