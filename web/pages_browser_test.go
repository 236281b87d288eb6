package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPagesSayWhatIsThere walks the pages a new user found stale or
// ambiguous and checks what each now shows: a general game's analysis
// links play and graph; a sum of boards names each board, on the boards
// and in the move list; boards carry the coordinates moves are named by;
// the catalog offers no analyse or play for a game that reads a file; the
// tic-tac-toe game page asks for no value (a 400 in the console); the
// chart's period label sits above the plot; the play page opens on a
// position the newcomer (who moves first) can win: nim 3 4 5, whose nim-sum
// 3 xor 4 xor 5 = 2 is not 0 (Bouton).
func TestBrowserPagesSayWhatIsThere(t *testing.T) {
	b := newBrowser(t)
	b.do("viewport", chromedp.EmulateViewport(1400, 1000))

	b.open("/analyse.html?position=" + url.QueryEscape("tictactoe x../.o./..."))
	b.wait(`#result[data-done="true"]`)
	if links := eval[[]string](b, `[...document.querySelectorAll('#result a')].map(a => a.getAttribute('href'))`); !hasPrefix(links, "play.html?position=") || !hasPrefix(links, "graph.html?position=") {
		t.Errorf("a tic-tac-toe analysis links %v, want play and graph", links)
	}
	if text := b.text(`#result`); strings.Contains(text, "cover impartial") {
		t.Errorf("stale note: %q", text)
	}
	b.shot("analyse-tictactoe")

	b.open("/play.html?position=" + url.QueryEscape("rectangles 3x3 + rectangles ..#/.../#.."))
	b.wait(`#board[data-turn="human"]`)
	titles := eval[[]string](b, `[...document.querySelectorAll('#board .comp-title')].map(e => e.textContent)`)
	if len(titles) != 2 || titles[0] != "rectangles · board 1" || titles[1] != "rectangles · board 2" {
		t.Errorf("board titles %q", titles)
	}
	buttons := eval[[]string](b, `[...document.querySelectorAll('#moves button.move')].map(e => e.textContent)`)
	ones, twos := 0, 0
	for _, l := range buttons {
		switch {
		case strings.HasPrefix(l, "board 1: "):
			ones++
		case strings.HasPrefix(l, "board 2: "):
			twos++
		default:
			t.Errorf("move button %q names no board", l)
		}
	}
	if ones == 0 || twos == 0 {
		t.Errorf("%d moves on board 1, %d on board 2", ones, twos)
	}
	cols := eval[[]string](b, `[...document.querySelectorAll('#board .comp')[0].querySelectorAll('.col-labels span')].map(e => e.textContent)`)
	rows := eval[[]string](b, `[...document.querySelectorAll('#board .comp')[0].querySelectorAll('.row-labels span')].map(e => e.textContent)`)
	if strings.Join(cols, "") != "abc" || strings.Join(rows, "") != "123" {
		t.Errorf("coordinates: columns %q rows %q, want a b c and 1 2 3", cols, rows)
	}
	// The label "a1" is at column a, row 1: the top left cell.
	if top, left := eval[float64](b, `document.querySelector('#board .comp [data-cell="0,0"]').getBoundingClientRect().top`),
		eval[float64](b, `document.querySelector('#board .comp .row-labels span').getBoundingClientRect().top`); top != left {
		t.Errorf("row 1's label at y=%v, the top row at y=%v", left, top)
	}
	b.shot("play-rectangles-sum")

	b.open("/")
	b.wait(`#catalog table`)
	if n := eval[int](b, `document.querySelectorAll('tr[data-game="graph"] a[href^="analyse.html"], tr[data-game="graph"] a[href^="play.html"]').length`); n != 0 {
		t.Errorf("graph:FILE offers %d analyse or play links, which always fail", n)
	}
	if link := b.text(`tr[data-game="octal"] a.game-link`); link != "octal:CODE" {
		t.Errorf("octal's link reads %q, want octal:CODE", link)
	}

	b.open("/game.html?game=tictactoe")
	b.wait(`#move-values`)
	b.noErrors() // a value request for tic-tac-toe would log a 400

	b.open("/game.html?game=kayles")
	b.wait(`#chart[data-drawn="true"]`)
	if pos := eval[string](b, `echarts.getInstanceByDom(document.getElementById('chart')).getOption().series[0].markArea.label.position`); pos != "top" {
		t.Errorf("the period's label is placed %q, inside the plot", pos)
	}

	b.open("/play.html?hint=1")
	b.wait(`#board[data-turn="human"]`)
	if pos := eval[string](b, `document.getElementById('position').value`); pos != "nim 3 4 5" {
		t.Errorf("the play page opens on %q", pos)
	}
	// With hints every move button shows the remoteness of the position it
	// leaves (it once showed r= on some only).
	if missing := eval[[]string](b, `[...document.querySelectorAll('#moves button.move')].filter(x => !/r=\d+/.test(x.textContent)).map(x => x.textContent)`); len(missing) != 0 {
		t.Errorf("move buttons without r=: %q", missing)
	}
	b.noErrors()
}

func hasPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// TestBrowserScriptExamplesRun loads every example of the rule editor's
// menu and runs it as loaded: each sets the verb and the arguments its
// comment shows (tictactoe.star once got "10 11 12"), and each answers
// without an error; the general games through solve.
func TestBrowserScriptExamplesRun(t *testing.T) {
	b := newBrowser(t)
	b.open("/script.html")
	b.wait(`#editor .cm-content`)
	poll(b, "wait for the examples menu", `document.querySelectorAll('#example option[value$=".star"]').length > 0`)
	names := eval[[]string](b, `[...document.querySelectorAll('#example option[value$=".star"]')].map(o => o.value)`)
	if len(names) < 14 {
		t.Fatalf("%d examples in the menu", len(names))
	}
	for _, name := range names {
		b.do("load "+name, chromedp.SetValue(chromedp.CSS(`#example`), name), chromedp.Evaluate[chromedp.Void](`document.getElementById('example').dispatchEvent(new Event('change'))`))
		verb, args := eval[string](b, `document.getElementById('verb').value`), eval[string](b, `document.getElementById('args').value`)
		if args == "" {
			t.Errorf("%s: loaded with no arguments (verb %s)", name, verb)
			continue
		}
		b.do("run "+name, chromedp.Evaluate[chromedp.Void](`document.getElementById('output').replaceChildren()`), chromedp.Click(chromedp.CSS(`#run button[type=submit]`)))
		poll(b, "wait for "+name, `!!document.querySelector('#output .error, #output #result')`)
		if msg := eval[string](b, `document.querySelector('#output .error')?.textContent || ''`); msg != "" {
			t.Errorf("%s: %s %s: %s", name, verb, args, msg)
			b.expectHTTPErrors()
			continue
		}
		want := map[string]string{"value": "value: ", "solve": "outcome: ", "table": "pattern"}[verb]
		if got := b.text(`#output #result`); !strings.Contains(got, want) {
			t.Errorf("%s: %s %s answered %q", name, verb, args, got)
		}
		if name == "tictactoe.star" {
			b.shot("script-solve")
		}
		// The buttons stay buttons: none grows into the editor's space.
		if h := eval[float64](b, `Math.max(...[...document.querySelectorAll('#run button')].map(x => x.getBoundingClientRect().height))`); h > 60 {
			t.Errorf("%s: a button of the run row is %v px high", name, h)
		}
	}
	b.noErrors()
}

// TestBrowserMisereGenusPartial: when the page's limits stop the misère
// genus table (here a server of 20,000 states per request; Kayles to 60
// needs more), the answer is the heaps done: the page charts them and says
// at which heap it stopped, instead of an error over a stale chart.
func TestBrowserMisereGenusPartial(t *testing.T) {
	needChromium(t)
	ts := newTestServer(t, Config{MaxStates: 20000})
	var res struct {
		Genera  []struct{ Heap int }
		Stopped *struct {
			Heap   int
			Reason string
		}
	}
	if status, body := get(t, ts, "/api/table?game=kayles&to=60&misere=1", &res); status != 200 || res.Stopped == nil || len(res.Genera) != res.Stopped.Heap {
		t.Fatalf("status %d: %s", status, body)
	}
	// The server's own limit stopped it, not the quick lane's smaller one
	// that every request tries first (a partial answer there is rerun).
	if !strings.Contains(res.Stopped.Reason, "20000") {
		t.Errorf("stopped by %q, want the server's limit of 20000 states", res.Stopped.Reason)
	}
	b := newBrowserAt(t, ts.URL)
	b.do("viewport", chromedp.EmulateViewport(1400, 1000))
	b.open("/game.html?game=kayles&to=60&misere=1")
	b.wait(`#chart[data-drawn="true"]`)
	b.wait(`#stopped`)
	// The stop depends on what earlier requests left in the server's
	// caches: the page is checked against itself.
	heap, err := strconv.Atoi(eval[string](b, `document.getElementById('stopped').dataset.heap`))
	if err != nil || heap < 1 || heap > 60 {
		t.Fatalf("the page stopped at heap %d (%v)", heap, err)
	}
	if n := eval[string](b, `document.getElementById('chart').dataset.points`); n != strconv.Itoa(heap) {
		t.Errorf("%s points charted, want the %d heaps done", n, heap)
	}
	b.shot("game-kayles-misere-partial")
	b.noErrors()
}

// TestBrowserScriptGraph: the rule editor's "Graph it" draws the game graph
// of a pasted script. Subtraction {1, 2} from a heap of 4 reaches the heaps
// 0..4, one box each, with G(n) = n mod 3 (by induction: the options of n
// are n-1 and n-2, of values the two other residues).
func TestBrowserScriptGraph(t *testing.T) {
	b := newBrowser(t)
	b.do("viewport", chromedp.EmulateViewport(1400, 1000))
	b.open("/script.html")
	b.wait(`#editor .cm-content`)
	src := "def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n"
	b.do("graph it", chromedp.Evaluate[chromedp.Void](`scriptEditor.set(`+strconv.Quote(src)+`)`), chromedp.SetValue(chromedp.CSS(`#verb`), "value"),
		chromedp.SetValue(chromedp.CSS(`#args`), "4"), chromedp.Click(chromedp.CSS(`#graph-it`)))
	b.wait(`#graph[data-drawn="true"]`)
	nodes := eval[[]string](b, `[...document.querySelectorAll('#graph g.node')].map(g => g.dataset.position + '=' + g.dataset.grundy)`)
	if len(nodes) != 5 {
		t.Fatalf("%d boxes, want the heaps 0..4: %v", len(nodes), nodes)
	}
	for _, n := range nodes {
		var heap, g int
		if _, err := fmt.Sscanf(n, "script.star %d=%d", &heap, &g); err != nil || g != heap%3 {
			t.Errorf("box %q, want G(n) = n mod 3", n)
		}
	}
	b.shot("graph-script")
	b.noErrors()
}
