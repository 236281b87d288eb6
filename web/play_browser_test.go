package web

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/query"
)

// listedMove is a move as the play page lists it.
type listedMove struct {
	Label     string `json:"label"`
	Position  string `json:"position"`
	Class     string `json:"cls"`
	Component string `json:"component"`
}

// poll waits until the JavaScript expression expr is true in the page.
func poll(b *browser, what, expr string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(25*time.Second))); err != nil {
		b.shot("failed-" + strings.ReplaceAll(what, " ", "-"))
		b.t.Fatalf("%s: %v", what, err)
	}
}

// historyPoint is a point of the page's value history.
type pagePoint struct {
	Position string `json:"position"`
	Value    string `json:"value"`
	Outcome  string `json:"outcome"`
}

// solved is what the library's solver says of a position: its outcome for
// the player to move and the value the history plots (the Grundy value of
// an impartial position, else the remoteness; "" for a draw).
// oracleDB names, by game ("quixo:4x4"), the database the tests below
// read a game's values from instead of solving it in memory (a game too
// large to solve at every move: TestBrowserPlayQuixo4).
var oracleDB = map[string]string{}

// oracleOptions are the options of the tests' solves of pos.
func oracleOptions(pos query.Position) query.SolveOptions {
	return query.SolveOptions{DB: oracleDB[pos[0].Game.Name()]}
}

func solved(t *testing.T, text string) (outcome, value string) {
	t.Helper()
	pos, err := query.ParseString(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	ctx := context.Background()
	impartial := true
	for _, g := range pos {
		if _, ok := g.Game.(games.Valued); !ok {
			impartial = false
		}
	}
	if impartial {
		v, err := query.Value(ctx, pos, nil)
		if err != nil {
			t.Fatalf("value of %s: %v", text, err)
		}
		return game.OutcomeOf(v.Grundy).String(), strconv.FormatUint(uint64(v.Grundy), 10)
	}
	res, err := query.SolveWith(ctx, pos, oracleOptions(pos))
	if err != nil {
		t.Fatalf("solve %s: %v", text, err)
	}
	if res.Remoteness == nil {
		return res.Outcome.String(), ""
	}
	return res.Outcome.String(), strconv.Itoa(*res.Remoteness)
}

// solvedScore is the solver's final margin of a scoring position for its
// mover, nil for other games.
func solvedScore(t *testing.T, text string) *int64 {
	t.Helper()
	pos, err := query.ParseString(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	if pos[0].Game.Kind() != games.Scoring {
		return nil
	}
	res, err := query.SolveWith(context.Background(), pos, query.SolveOptions{})
	if err != nil {
		t.Fatalf("solve %s: %v", text, err)
	}
	return res.Score
}

// rowSum is the sum of the numbers of an ends row.
func rowSum(t *testing.T, text string) int64 {
	t.Helper()
	var sum int64
	for _, w := range strings.Fields(text)[1:] {
		v, err := strconv.ParseInt(w, 10, 64)
		if err != nil {
			t.Fatalf("row %q: %v", text, err)
		}
		sum += v
	}
	return sum
}

// moveOutcomes are the outcomes of the moves of a position for the player
// making them, by the position they leave, from the library: the opposite
// of the value's outcome after the move for impartial games, the solver's
// move values (query.SolveWith) for the others. In a scoring game the
// solver's margin counts from the position, so the outcome is the sign of
// the mover's lead (points so far less the opponent's) plus that margin.
func moveOutcomes(t *testing.T, text string, lead int64) map[string]string {
	t.Helper()
	pos, err := query.ParseString(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	res, err := query.SolveWith(context.Background(), pos, oracleOptions(pos))
	if err != nil {
		t.Fatalf("solve %s: %v", text, err)
	}
	out := map[string]string{}
	for _, m := range res.Moves {
		out[m.Position] = m.Outcome.String()
		if m.Score != nil {
			out[m.Position] = signOutcome(lead + *m.Score)
		}
	}
	return out
}

// fastest returns the positions left by the best moves of the position
// text (the fastest win, the slowest loss) when its game is read from a
// database (oracleDB), nil otherwise: in a large loopy game, a human who
// takes any winning move may go round in circles to a draw by repetition.
func fastest(t *testing.T, text string) map[string]bool {
	t.Helper()
	pos, err := query.ParseString(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	if oracleDB[pos[0].Game.Name()] == "" {
		return nil
	}
	res, err := query.SolveWith(context.Background(), pos, oracleOptions(pos))
	if err != nil {
		t.Fatalf("solve %s: %v", text, err)
	}
	out := map[string]bool{}
	for _, m := range res.Moves {
		out[m.Position] = m.Best
	}
	return out
}

// signOutcome is the result of a final margin.
func signOutcome(margin int64) string {
	switch {
	case margin > 0:
		return "win"
	case margin < 0:
		return "lose"
	}
	return "draw"
}

// leadOf is, in a game of ends, the lead of the player to move after the
// moves of record (the positions they left) from start: their cards taken
// less the opponent's, each move's cards being what it took off the row.
// It is 0 for other games.
func leadOf(t *testing.T, start string, record []string) int64 {
	t.Helper()
	if solvedScore(t, start) == nil {
		return 0
	}
	var totals [2]int64
	prev := start
	for i, p := range record {
		totals[i%2] += rowSum(t, prev) - rowSum(t, p)
		prev = p
	}
	m := len(record) % 2
	return totals[m] - totals[1-m]
}

// cellOf reads a cell name of a move label ("b3": column b, row 3) as
// "ROW,COL" from 0.
func cellOf(t *testing.T, name string) string {
	t.Helper()
	if len(name) < 2 || name[0] < 'a' || name[0] > 'z' {
		t.Fatalf("cell name %q", name)
	}
	r, err := strconv.Atoi(name[1:])
	if err != nil {
		t.Fatalf("cell name %q: %v", name, err)
	}
	return fmt.Sprintf("%d,%d", r-1, int(name[0]-'a'))
}

// playCase is a game played by clicks.
type playCase struct {
	name, position string
	// undoAt is the human turn (from 0) at which a worse move is made,
	// answered, taken back with undo, redone, and taken back again.
	undoAt int
	// want is the game's last line against the perfect opponent when the
	// human always picks a move of the best outcome: the start's outcome
	// for the human (grundy solve: see TestBrowserPlayGames).
	want string
	// first makes the human always pick the first listed move instead of
	// the best; want is then the larger total's winner (a scoring game).
	first bool
}

// TestBrowserPlayGames plays a whole game of each board game by clicks on
// its board against the perfect opponent, the human always picking a move
// of the best hinted outcome (after one worse move, taken back with undo),
// and checks every hint, the end, and the value history's points against
// the library's solver (query.SolveWith, what `grundy solve` prints, and
// query.Value for impartial games).
//
// The results against perfect play follow from the starts' outcomes, as
// `grundy solve` prints them: tictactoe xo./.../... is a win for x, the
// mover (remoteness 5); quixo:3x3 a win for x (remoteness 7); ends 3 9 1 2
// a win by 7 for the mover; cards 1,2 3,4 a loss for the mover
// (remoteness 14); rook ..../.#../..../o... a win (remoteness 3). For
// rectangles, cram, chomp and node-kayles the expected winner is taken from the solver
// at run time.
func TestBrowserPlayGames(t *testing.T) {
	cases := []playCase{
		{"tictactoe", "tictactoe xo./.../...", 1, "winner: human", false},
		{"quixo", "quixo:3x3", 1, "winner: human", false},
		{"ends", "ends 3 9 1 2", 0, "winner: human", false},
		{"cards", "cards 1,2 3,4", 1, "winner: computer", false},
		{"rook", "rook ..../.#../..../o...", 0, "winner: human", false},
		{"rectangles", "rectangles 3x2 + rectangles 2x1", 0, "", false},
		{"cram", "cram 4x3 + cram .../.#.", 0, "", false},
		{"chomp", "chomp 4x3", 0, "", false},
		{"node-kayles", "node-kayles grid:3x3 + node-kayles path:5", 0, "", false},
		// The human always takes the left end and falls behind: 3 against
		// 9, 1 against 2, 7 against 4 (the computer's replies are the
		// solver's). On "1 2 7 4", worth +2 to its mover alone, the human
		// is 6 behind and loses by 4: the hints must count the points
		// taken. The game ends 11 to 15.
		{"ends behind", "ends 3 9 1 2 7 4", -1, "", true},
	}
	forEachFace(t, func(t *testing.T, base string) {
		b := newBrowserAt(t, base)
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { playByClicks(t, b, c) })
		}
		b.noErrors()
	})
}

func playByClicks(t *testing.T, b *browser, c playCase) {
	b.t = t
	outcome, _ := solved(t, c.position)
	want := c.want
	if want == "" {
		want = map[string]string{"win": "winner: human", "lose": "winner: computer", "draw": "result: draw"}[outcome]
	}
	b.open("/play.html?hint=1&position=" + url.QueryEscape(c.position))
	b.do("viewport", chromedp.EmulateViewport(1400, 1000))
	turnDone := func(moves int) {
		t.Helper()
		// The record has moves lines after "start:", and the page waits
		// for the human or the game is over.
		expr := fmt.Sprintf(`(() => { const t = document.getElementById('board').dataset.turn;
			return t === 'error' || ((t === 'human' || t === 'over') && document.querySelectorAll('#log div').length >= %d + 1); })()`, moves)
		poll(b, "wait for the turn", expr)
		if state := eval[string](b, `document.getElementById('board').dataset.turn`); state == "error" {
			t.Fatalf("the page failed: %s", b.text(`#status`))
		}
	}
	played := func() int { return eval[int](b, `document.querySelectorAll('#log div').length`) - 1 }
	record := func() []string {
		var r []string
		for _, l := range eval[[]string](b, `[...document.querySelectorAll('#log div')].map(d => d.textContent)`)[1:] {
			if who, pos, ok := strings.Cut(l, ": "); ok && (who == "human" || who == "computer") {
				r = append(r, pos)
			}
		}
		return r
	}
	behind := false // a scoring position won alone was lost in the game
	position := func() string {
		lines := eval[[]string](b, `[...document.querySelectorAll('#log div')].map(d => d.textContent)`)
		last := lines[len(lines)-1]
		_, pos, _ := strings.Cut(last, ": ")
		return pos
	}
	click := func(m listedMove) {
		t.Helper()
		comp := fmt.Sprintf(`#board [data-component="%s"]`, m.Component)
		sel := fmt.Sprintf(`%s [data-move=%q]`, comp, m.Label)
		if eval[bool](b, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
			b.do("click "+m.Label, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
			return
		}
		// Two cells: a Quixo cube and its end ("a1→c1"), a rectangle's
		// corners ("a1–b2"); one cell of a rectangle is clicked twice.
		names := strings.FieldsFunc(m.Label, func(r rune) bool { return r == '→' || r == '–' })
		if len(names) == 1 {
			names = append(names, names[0])
		}
		for _, n := range names {
			cell := fmt.Sprintf(`%s [data-cell="%s"]`, comp, cellOf(t, n))
			b.do("click "+cell, chromedp.Click(chromedp.CSS(cell), chromedp.NodeVisible))
		}
	}
	turnDone(0)
	for turn := 0; ; turn++ {
		if turn > 40 {
			t.Fatal("no end after 40 human moves")
		}
		if eval[string](b, `document.getElementById('board').dataset.turn`) == "over" {
			break
		}
		if turn == 1 {
			b.shot("play-" + c.name)
		}
		before := position()
		if before == "" {
			before = c.position
		}
		moves := eval[[]listedMove](b, `[...document.querySelectorAll('#moves button.move')].map(x => ({label: x.dataset.move, position: x.dataset.position, cls: x.className, component: x.dataset.component}))`)
		if len(moves) == 0 {
			t.Fatal("the human is to move and no move is listed")
		}
		// Every hint is the move's outcome for its maker as the library's
		// solver values it, counting in a scoring game the points taken;
		// so is the status line's verdict and final margin.
		bestMove, worst := moves[0], moves[0]
		rank := map[string]int{"win": 3, "draw": 2, "lose": 1}
		lead := leadOf(t, c.position, record())
		outcomes := moveOutcomes(t, before, lead)
		if score := solvedScore(t, before); score != nil {
			status := b.text(`#result`)
			want := fmt.Sprintf("human to move: %s, ", signOutcome(lead+*score))
			if !strings.HasPrefix(status, want) || !strings.HasSuffix(status, fmt.Sprintf(", final margin %d", lead+*score)) {
				t.Errorf("at %s, %d ahead: status %q, want %q… and final margin %d", before, lead, status, want, lead+*score)
			}
			behind = behind || lead < 0 && *score > 0
		}
		for _, m := range moves {
			hint := strings.TrimSpace(strings.TrimPrefix(m.Class, "move"))
			if wantHint := outcomes[m.Position]; hint != wantHint {
				t.Errorf("move %s (to %s) hinted %q, want %q", m.Label, m.Position, hint, wantHint)
			}
			if rank[hint] > rank[strings.TrimSpace(strings.TrimPrefix(bestMove.Class, "move"))] {
				bestMove = m
			}
			if rank[hint] < rank[strings.TrimSpace(strings.TrimPrefix(worst.Class, "move"))] {
				worst = m
			}
		}
		for _, m := range moves {
			if fastest(t, before)[m.Position] {
				bestMove = m // a game read from a database: its best move, not only a winning one
				break
			}
		}
		n := played()
		if turn == c.undoAt && worst.Position != bestMove.Position {
			// A worse move, the computer's answer, then undo: the page is
			// back at before; redo plays both again; undo once more.
			click(worst)
			turnDone(n + 1)
			if got := position(); got == before {
				t.Fatalf("the move %s did not change the position", worst.Label)
			}
			after := position()
			back := played()
			b.do("undo", chromedp.Click(chromedp.CSS(`#undo`), chromedp.NodeVisible))
			poll(b, "wait for undo", fmt.Sprintf(`document.querySelectorAll('#log div').length === %d + 1 && document.getElementById('board').dataset.turn === 'human'`, n))
			if got := position(); got != before && !(n == 0 && got == "") {
				t.Errorf("undo left %q, want %q", got, before)
			}
			b.do("redo", chromedp.Click(chromedp.CSS(`#redo`), chromedp.NodeVisible))
			turnDone(back)
			if got := position(); got != after {
				t.Errorf("redo left %q, want %q", got, after)
			}
			b.do("undo again", chromedp.Click(chromedp.CSS(`#undo`), chromedp.NodeVisible))
			poll(b, "wait for undo", fmt.Sprintf(`document.querySelectorAll('#log div').length === %d + 1 && document.getElementById('board').dataset.turn === 'human'`, n))
		}
		if c.first {
			bestMove = moves[0]
		}
		click(bestMove)
		turnDone(n + 1)
	}
	lines := eval[[]string](b, `[...document.querySelectorAll('#log div')].map(d => d.textContent)`)
	if c.first {
		// The larger total wins: the human moved first, so at the end
		// (even or odd moves) the human's lead is leadOf's, or its
		// opposite when the computer is the one "to move".
		lead := leadOf(t, c.position, record())
		if len(record())%2 == 1 {
			lead = -lead
		}
		want = map[string]string{"win": "winner: human", "lose": "winner: computer", "draw": "result: draw"}[signOutcome(lead)]
		if !behind {
			t.Errorf("the human was never behind on a position worth a win alone: the case tests nothing")
		}
	}
	if last := lines[len(lines)-1]; last != want {
		t.Errorf("the game ended %q, want %q; record:\n%s", last, want, strings.Join(lines, "\n"))
	}
	if res := b.text(`#result`); !strings.Contains(res, want) {
		t.Errorf("result %q, want %q", res, want)
	}
	// The value history: one point per position, the start first, each
	// at the solver's value and outcome.
	var positions []string
	positions = append(positions, c.position)
	for _, l := range lines[1:] {
		if who, pos, ok := strings.Cut(l, ": "); ok && (who == "human" || who == "computer") {
			positions = append(positions, pos)
		}
	}
	points := eval[[]pagePoint](b, `[...document.querySelectorAll('#history circle.point')].map(c => ({position: c.dataset.position, value: c.dataset.value, outcome: c.dataset.outcome}))`)
	if len(points) != len(positions) {
		t.Fatalf("%d history points, want %d (one per position of the record)", len(points), len(positions))
	}
	// In a scoring game (ends) the outcome counts the points made: the
	// mover's margin is the solver's margin from the position plus their
	// points less the opponent's, each move's points being what it took
	// off the row.
	var totals [2]int64
	for i, p := range points {
		o, v := solved(t, positions[i])
		if score := solvedScore(t, positions[i]); score != nil {
			margin := *score + totals[i%2] - totals[1-i%2]
			o = map[bool]string{true: "win", false: "lose"}[margin > 0]
			if margin == 0 {
				o = "draw"
			}
			if i+1 < len(positions) {
				totals[i%2] += rowSum(t, positions[i]) - rowSum(t, positions[i+1])
			}
		}
		if p.Outcome != o || p.Value != v {
			t.Errorf("history point %d (%s): %s at %q, want %s at %q (the solver's)", i, positions[i], p.Outcome, p.Value, o, v)
		}
	}
	b.shot("play-" + c.name + "-end")
	b.noErrors()
}

// TestBrowserPlayScript plays a rule script as the rule editor opens it:
// the source in sessionStorage 'grundy.script', the page at
// /play.html?script=1&position=ARGS. examples/tictactoe.star shows its
// boards as rows joined by '/', so the generic view draws a grid: x (to
// move: both have two marks) completes the diagonal at the bottom right
// and wins.
func TestBrowserPlayScript(t *testing.T) {
	src, err := os.ReadFile("../examples/tictactoe.star")
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	b.open("/play.html")
	b.wait(`#board`)
	eval[bool](b, fmt.Sprintf(`sessionStorage.setItem('grundy.script', %s), true`, strconv.Quote(string(src))))
	b.open("/play.html?hint=1&script=1&position=" + url.QueryEscape("xo./.x./o.."))
	b.wait(`#board[data-turn="human"]`)
	if mark := b.text(`#board [data-cell="0,0"]`); mark != "✕" {
		t.Errorf("cell 0,0 shows %q, want ✕ (x)", mark)
	}
	if hint := eval[string](b, `document.querySelector('#board [data-cell="2,2"]').className`); !strings.Contains(hint, "win") {
		t.Errorf("cell 2,2 hint %q, want win", hint)
	}
	b.do("win", chromedp.Click(chromedp.CSS(`#board [data-cell="2,2"]`), chromedp.NodeVisible))
	b.wait(`#board[data-turn="over"]`)
	if log := b.text(`#log`); !strings.Contains(log, "human: script.star xo./.x./o.x") || !strings.HasSuffix(strings.TrimSpace(log), "winner: human") {
		t.Errorf("script game log %q", log)
	}
	b.noErrors()
}

// TestBrowserPlayCircles plays circles by a click inside a circle: the
// point at the centre of the circle 0,1,1, which contains no other circle,
// hits it (and every circle around it: 1,0,3 and 3,0,6); the record shows
// the position the list names for that move.
func TestBrowserPlayCircles(t *testing.T) {
	b := newBrowser(t)
	b.open("/play.html?hint=1&position=" + url.QueryEscape("circles 0,1,1 1,0,3 2,-1,1 6,0,1 3,0,6 12,1,1 13,0,3 14,-1,1"))
	b.do("viewport", chromedp.EmulateViewport(1400, 1000))
	b.wait(`#board[data-turn="human"]`)
	b.shot("play-circles")
	want := eval[string](b, `document.querySelector('#moves button[data-move="hit 0,1,1"]').dataset.position`)
	if want != "circles 2,-1,1 6,0,1 12,1,1 13,0,3 14,-1,1" {
		t.Errorf("hitting 0,1,1 leaves %q", want)
	}
	b.do("hit", chromedp.Click(chromedp.CSS(`#board circle[data-move="hit 0,1,1"]`), chromedp.NodeVisible))
	poll(b, "wait for the move", `document.querySelectorAll('#log div').length >= 2`)
	if line := eval[string](b, `document.querySelectorAll('#log div')[1].textContent`); line != "human: "+want {
		t.Errorf("record line %q, want human: %s", line, want)
	}
	b.noErrors()
}
