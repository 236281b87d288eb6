package web

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grundy-go/grundy/examples"
)

// chromiumPath is Debian's chromium, which .ci/run installs.
const chromiumPath = "/usr/bin/chromium"

// browser is one headless Chromium page on a test server, collecting the
// console errors and uncaught exceptions of every page it loads.
type browser struct {
	t      *testing.T
	ctx    context.Context
	base   string
	mu     sync.Mutex
	errors []string
}

// newBrowser starts Chromium on a fresh profile against a new test server.
// Without Chromium it skips, except in CI (CI=true), where it fails.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	needChromium(t)
	return newBrowserAt(t, newTestServer(t, Config{}).URL)
}

// needChromium skips the test when Chromium is missing, except in CI
// (CI=true), where it fails.
func needChromium(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser tests need %s in CI (.ci/run installs Debian's chromium): %v", chromiumPath, err)
		}
		t.Skipf("no %s: browser tests skipped (apt-get install chromium)", chromiumPath)
	}
}

// newBrowserAt starts Chromium on a fresh profile against the explorer at
// base (a test server, or the static build on a file server: forEachFace).
func newBrowserAt(t *testing.T, base string) *browser {
	t.Helper()
	needChromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	b := &browser{t: t, ctx: ctx, base: base}
	// Console starts the browser and subscribes to the page's console API
	// calls, uncaught exceptions and browser log entries.
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				b.mu.Lock()
				b.errors = append(b.errors, m.String()+" "+m.URL)
				b.mu.Unlock()
			}
		}
	}()
	return b
}

// do runs actions, failing the test on error.
func (b *browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.shot("failed-" + what)
		b.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.shot("failed-eval")
		b.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// text reads the visible text of the element sel.
func (b *browser) text(sel string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(sel), chromedp.NodeVisible))
	if err != nil {
		b.shot("failed-text")
		b.t.Fatalf("text of %s: %v", sel, err)
	}
	return v
}

// open loads a page of the explorer.
func (b *browser) open(path string) {
	b.t.Helper()
	b.do("open "+path, chromedp.Navigate(b.base+path))
}

// wait waits until the element sel is visible.
func (b *browser) wait(sel string) {
	b.t.Helper()
	b.do("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// shot saves a PNG screenshot of the page under $GRUNDY_SCREENSHOTS (or the
// test's temporary folder) and returns its path.
func (b *browser) shot(name string) string {
	dir := os.Getenv("GRUNDY_SCREENSHOTS")
	if dir == "" {
		dir = b.t.TempDir()
	}
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
	}
	return path
}

// expectHTTPErrors forgets the console's "Failed to load resource" lines,
// which Chromium logs for every API answer with an error status: call it
// after a step that asks for one on purpose.
func (b *browser) expectHTTPErrors() {
	b.mu.Lock()
	defer b.mu.Unlock()
	kept := b.errors[:0]
	for _, e := range b.errors {
		if !strings.Contains(e, "Failed to load resource") {
			kept = append(kept, e)
		}
	}
	b.errors = kept
}

// noErrors fails the test if any page logged an error so far.
func (b *browser) noErrors() {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.errors {
		b.t.Errorf("page error: %s", e)
	}
	b.errors = nil
}

func TestBrowserCatalogAndChart(t *testing.T) {
	b := newBrowser(t)
	b.open("/")
	b.wait(`#catalog table`)
	names := eval[[]string](b, `[...document.querySelectorAll('#catalog tbody tr')].map(r => r.dataset.game)`)
	for _, want := range []string{"nim", "kayles", "subtract"} {
		if !contains(names, want) {
			t.Errorf("catalog lacks %s: %v", want, names)
		}
	}
	b.shot("catalog")
	b.do("open kayles", chromedp.Click(chromedp.CSS(`tr[data-game="kayles"] a.game-link`), chromedp.NodeVisible))
	b.wait(`#chart[data-drawn="true"]`)
	// Kayles is octal 0.77: pre-period 71, period 12 (Guy and Smith 1956;
	// Berlekamp, Conway and Guy, Winning Ways, ch. 4: the last exceptional
	// values are at n = 70). The page must draw the table to n >= 83 so
	// the period shows, and mark both on the chart itself.
	chart := `echarts.getInstanceByDom(document.getElementById('chart')).getOption().series[0]`
	marks := eval[[]string](b, chart+`.markArea.data.map(a => a[0].name + ':' + a[0].xAxis + '-' + a[1].xAxis)`)
	if points := eval[int](b, `+document.getElementById('chart').dataset.points`); points < 84 {
		t.Errorf("chart has %d points, want the table to n >= 83", points)
	}
	if !contains(marks, "pre-period:0-71") || !contains(marks, "period 12:71-83") {
		t.Errorf("chart marks %v, want pre-period 0-71 and period 12 at 71-83", marks)
	}
	if line := b.text(`#pattern-text`); !strings.Contains(line, "pre-period 71") || !strings.Contains(line, "period 12") || !strings.Contains(line, "proven") {
		t.Errorf("pattern line %q", line)
	}
	b.shot("kayles")
	b.noErrors()
}

func TestBrowserAnalyse(t *testing.T) {
	b := newBrowser(t)
	b.open("/analyse.html?position=" + url.QueryEscape("nim 3 4 5"))
	b.wait(`#result[data-done="true"]`)
	value, outcome := b.text(`#value`), b.text(`#outcome`)
	winning := eval[[]string](b, `[...document.querySelectorAll('#winning li.winning')].map(li => li.textContent)`)
	all := eval[[]string](b, `[...document.querySelectorAll('#all-moves li.winning')].map(li => li.textContent)`)
	// 3 XOR 4 XOR 5 = 2; the one winning move is 3 -> 1 (see TestValue).
	if value != "G = 2" || !strings.HasPrefix(outcome, "N") {
		t.Errorf("value %q outcome %q", value, outcome)
	}
	if len(winning) != 1 || !strings.Contains(winning[0], "nim 1 4 5") || len(all) != 1 || !strings.Contains(all[0], "nim 3 → nim 1") {
		t.Errorf("winning moves %q, highlighted moves %q", winning, all)
	}
	if green := eval[int](b, `document.querySelectorAll('.heap[data-component="0"] .token.win').length`); green != 2 {
		t.Errorf("%d tokens of heap 3 marked, want the 2 the winning move takes", green)
	}
	b.shot("analyse-nim-3-4-5")
	b.noErrors()
}

func TestBrowserPlayNim(t *testing.T) {
	b := newBrowser(t)
	// nim 1 2 3 is a P-position (1 XOR 2 XOR 3 = 0): the human moves first
	// and must lose against perfect play, whatever they do.
	b.open("/play.html?hint=1&position=" + url.QueryEscape("nim 1 2 3"))
	for turn := 0; ; turn++ {
		if turn > 10 {
			t.Fatal("the game did not end in 10 human moves (6 tokens)")
		}
		b.wait(`#board[data-turn="human"], #board[data-turn="over"], #board[data-turn="error"]`)
		if state := eval[string](b, `document.getElementById('board').dataset.turn`); state != "human" {
			break
		}
		if turn == 1 {
			b.shot("play-nim")
		}
		// Every move from a P-position leaves value != 0 (it changes one
		// heap, so the XOR): with hints on, each must be coloured a loss.
		for _, h := range eval[[]string](b, `[...document.querySelectorAll('#moves button.move')].map(x => x.className)`) {
			if !strings.Contains(h, "lose") {
				t.Errorf("turn %d: move hint %q, want lose (the position is P)", turn, h)
			}
		}
		heaps := eval[[]int](b, `[...document.querySelectorAll('.heap')].map(h => h.querySelectorAll('.token').length)`)
		if x := xor(heaps); x != 0 {
			t.Errorf("turn %d: the human faces heaps %v of value %d, want a P-position", turn, heaps, x)
		}
		// Take the last token of the first non-empty heap.
		k := 0
		for k < len(heaps) && heaps[k] == 0 {
			k++
		}
		sel := fmt.Sprintf(`.heap[data-component="%d"] .token[data-token="%d"]`, k, heaps[k]-1)
		b.do("move", chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
		b.wait(`#board[data-turn="computer"], #board[data-turn="over"]`)
	}
	result, log := b.text(`#result`), b.text(`#log`)
	if !strings.Contains(result, "winner: computer") || !strings.HasSuffix(strings.TrimSpace(log), "winner: computer") {
		t.Errorf("result %q, log %q: want the computer to win", result, log)
	}
	b.shot("play-nim-end")
	b.noErrors()
}

func TestBrowserGraph(t *testing.T) {
	b := newBrowser(t)
	b.open("/graph.html?position=" + url.QueryEscape("subtract:1-3 6"))
	b.wait(`#graph[data-drawn="true"]`)
	nodes := eval[[]string](b, `[...document.querySelectorAll('#graph .node')].map(n => n.dataset.position + '|' + [...n.querySelectorAll('text')].map(t => t.textContent).join('\n'))`)
	want := bruteSubtract([]int{1, 2, 3}, 6)
	if len(nodes) != 7 {
		t.Fatalf("%d nodes drawn, want 7: %v", len(nodes), nodes)
	}
	for _, n := range nodes {
		pos, label, _ := strings.Cut(n, "|")
		k, err := strconv.Atoi(strings.TrimPrefix(pos, "subtract:1-3 "))
		if err != nil || label != fmt.Sprintf("%d\nG=%d", k, want[k]) {
			t.Errorf("node %q: want label %d / G=%d", n, k, want[k])
		}
	}
	b.shot("graph-subtract")
	// Past the cap the page says so instead of drawing, and offers a
	// smaller position whose graph fits.
	b.open("/graph.html?max-nodes=10&position=" + url.QueryEscape("nim 5 5 5"))
	b.wait(`#capped`)
	if small := eval[string](b, `document.getElementById('smaller')?.textContent || ''`); !strings.HasPrefix(small, "nim ") {
		t.Errorf("no smaller nim position suggested past the cap: %q", small)
	}
	b.shot("graph-capped")
	b.expectHTTPErrors()
	b.noErrors()
}

// graphGeometry measures the drawn graph in the page: how many node boxes
// there are, how many pairs overlap, how many boxes lie (even partly)
// outside the graph's visible box or the window, and how many label lines
// are wider than their box.
const graphGeometry = `(() => {
  const g = document.getElementById('graph').getBoundingClientRect();
  const nodes = [...document.querySelectorAll('#graph .node')];
  const rs = nodes.map(n => n.querySelector('rect').getBoundingClientRect());
  let overlaps = 0, outside = 0, clipped = 0;
  for (let i = 0; i < rs.length; i++) {
    const a = rs[i];
    if (a.left < g.left || a.right > g.right || a.top < g.top || a.bottom > g.bottom || a.right > innerWidth || a.bottom > innerHeight || a.left < 0 || a.top < 0) outside++;
    for (let j = i + 1; j < rs.length; j++) {
      const b = rs[j];
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
    }
    for (const t of nodes[i].querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (r.left < a.left || r.right > a.right || r.top < a.top || r.bottom > a.bottom) clipped++;
    }
  }
  return [rs.length, overlaps, outside, clipped];
})()`

// TestBrowserGraphReadable: the graph of tic-tac-toe xo./.x./o.. (75
// positions, the unreadable example) is drawn with no two boxes
// overlapping, every box inside the visible area and every label inside its
// box, labelled with outcomes (a general game: no Grundy values), on both
// faces.
func TestBrowserGraphReadable(t *testing.T) {
	forEachFace(t, func(t *testing.T, base string) {
		b := newBrowserAt(t, base)
		b.open("/graph.html?position=" + url.QueryEscape("tictactoe xo./.x./o.."))
		b.wait(`#graph[data-drawn="true"]`)
		b.do("scroll to the graph", chromedp.ScrollIntoView(chromedp.CSS(`#graph`)))
		geo := eval[[]int](b, graphGeometry)
		if geo[0] != 75 || geo[1] != 0 || geo[2] != 0 || geo[3] != 0 {
			t.Errorf("tictactoe graph: %d nodes (want 75), %d overlapping pairs, %d outside the visible area, %d labels clipped", geo[0], geo[1], geo[2], geo[3])
		}
		labels := eval[string](b, `[...document.querySelectorAll('#label-by option')].map(o => o.textContent).join('|') + '|' + document.getElementById('legend').textContent`)
		if strings.Contains(labels, "Grundy") || !strings.Contains(labels, "draw") {
			t.Errorf("tictactoe labels and legend %q: want outcomes with draws, no Grundy values", labels)
		}
		// Zooming in keeps the boxes apart.
		b.do("zoom in", chromedp.Click(chromedp.CSS(`#zoom-in`)))
		if geo := eval[[]int](b, graphGeometry); geo[1] != 0 {
			t.Errorf("after zooming in: %d overlapping pairs", geo[1])
		}
		if base != "" && strings.Contains(t.Name(), "server") {
			b.do("fit", chromedp.Click(chromedp.CSS(`#zoom-fit`)))
			b.shot("graph-tictactoe")
		}
		b.noErrors()
	})
}

func TestBrowserScriptEditor(t *testing.T) {
	b := newBrowser(t)
	b.open("/script.html")
	b.wait(`#editor .cm-content`)
	scripts, err := fs.Glob(examples.Scripts, "*.star")
	if err != nil {
		t.Fatal(err)
	}
	// The menu fills once /api/examples answers.
	poll(b, "wait for the examples menu", `document.querySelectorAll('#example option[value$=".star"]').length > 0`)
	if n := eval[int](b, `document.querySelectorAll('#example option[value$=".star"]').length`); n != len(scripts) || n < 14 {
		t.Errorf("the examples menu offers %d scripts, want the %d of examples/", n, len(scripts))
	}
	// Loading an example puts its source in the editor, highlighted.
	b.do("load nim.star", chromedp.SetValue(chromedp.CSS(`#example`), "nim.star"), chromedp.Evaluate[chromedp.Void](`document.getElementById('example').dispatchEvent(new Event('change'))`))
	if src := eval[string](b, `scriptEditor.get()`); !strings.Contains(src, "def moves(n):") || !strings.Contains(src, "range(n)") {
		t.Errorf("nim.star not loaded: %q", src)
	}
	if tokens := eval[int](b, `document.querySelectorAll('#editor .cm-line span').length`); tokens == 0 {
		t.Errorf("no highlighted tokens in the editor")
	}
	b.shot("script-example")
	// A name the script never defines, on line 3: the error names the line
	// and the editor marks it.
	bad := "# take one or two\ndef moves(n):\n    return [n - k for k in STEPS if k <= n]\n"
	b.do("run a bad script", chromedp.Evaluate[chromedp.Void](`scriptEditor.set(`+strconv.Quote(bad)+`)`), chromedp.Click(chromedp.CSS(`#run button[type=submit]`)))
	b.wait(`#error-lines`)
	if msg := b.text(`#output .error`); !strings.Contains(msg, "script.star:3") {
		t.Errorf("error %q does not name script.star:3", msg)
	}
	if lines := eval[string](b, `document.getElementById('error-lines').dataset.lines`); lines != "3" {
		t.Errorf("marked lines %q, want 3", lines)
	}
	b.wait(`#editor .cm-lint-marker-error`)
	b.shot("script-error")
	b.expectHTTPErrors()
	// The fixed script: subtraction {1, 2} has G(n) = n mod 3 (by
	// induction: the options of n are n-1, n-2, of values the two other
	// residues), so its table shows period 3, drawn as the chart.
	good := "def moves(n):\n    return [n - k for k in (1, 2) if k <= n]\n"
	b.do("run a table", chromedp.Evaluate[chromedp.Void](`scriptEditor.set(`+strconv.Quote(good)+`)`), chromedp.SetValue(chromedp.CSS(`#verb`), "table"),
		chromedp.SetValue(chromedp.CSS(`#args`), "30"), chromedp.Click(chromedp.CSS(`#run button[type=submit]`)))
	b.wait(`#chart[data-drawn="true"]`)
	if line := b.text(`#pattern-text`); !strings.Contains(line, "period 3") {
		t.Errorf("pattern line %q", line)
	}
	cells := eval[[]string](b, `[...document.querySelectorAll('#values-table td')].map(td => td.dataset.n + '=' + td.textContent)`)
	if len(cells) != 31 {
		t.Errorf("table of numbers has %d values, want 31", len(cells))
	}
	for _, c := range cells {
		var n, g int
		if _, err := fmt.Sscanf(c, "%d=%d", &n, &g); err != nil || g != n%3 {
			t.Errorf("table cell %q, want G(n) = n mod 3", c)
		}
	}
	if zeros := eval[string](b, `document.getElementById('chart').dataset.zeros`); zeros != "11" {
		t.Errorf("%s zeros marked, want 11 (n = 0, 3, ..., 30)", zeros)
	}
	b.shot("script-chart")
	b.do("show the numbers", chromedp.Click(chromedp.CSS(`#view-toggle`)))
	b.wait(`#values-table`)
	b.shot("script-table")
	b.noErrors()
}

func TestBrowserPlayBoards(t *testing.T) {
	b := newBrowser(t)
	// Rook on .#../..../o... (token bottom left): moving it to the top-left
	// corner leaves a token that can move neither up (the edge) nor right
	// (the # next to it), so the computer cannot move and the human wins.
	b.open("/play.html?hint=1&position=" + url.QueryEscape("rook .#../..../o..."))
	b.wait(`#board[data-turn="human"]`)
	if hint := eval[string](b, `document.querySelector('.cell[data-r="0"][data-c="0"]').className`); !strings.Contains(hint, "win") {
		t.Errorf("top-left cell hint %q, want win", hint)
	}
	b.do("rook move", chromedp.Click(chromedp.CSS(`.cell[data-r="0"][data-c="0"]`), chromedp.NodeVisible))
	b.wait(`#board[data-turn="over"]`)
	if log := b.text(`#log`); !strings.Contains(log, "human: rook o#../..../....") || !strings.HasSuffix(strings.TrimSpace(log), "winner: human") {
		t.Errorf("rook game log %q", log)
	}
	b.shot("play-rook")
	// Rectangles 1x2: crossing both cells (two corner clicks) ends the game.
	b.open("/play.html?position=" + url.QueryEscape("rectangles .."))
	b.wait(`#board[data-turn="human"]`)
	b.do("rectangle", chromedp.Click(chromedp.CSS(`.cell[data-r="0"][data-c="0"]`)), chromedp.Click(chromedp.CSS(`.cell[data-r="0"][data-c="1"]`)))
	b.wait(`#board[data-turn="over"]`)
	if log := b.text(`#log`); !strings.HasSuffix(strings.TrimSpace(log), "winner: human") {
		t.Errorf("rectangles game log %q", log)
	}
	b.noErrors()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func xor(heaps []int) int {
	x := 0
	for _, h := range heaps {
		x ^= h
	}
	return x
}
