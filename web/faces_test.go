package web

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy-go/grundy/web/staticsite"
)

// The static build, built once per test binary (the WebAssembly compile
// takes tens of seconds cold) into a temporary folder removed by TestMain.
var static struct {
	once sync.Once
	dir  string
	err  error
}

// TestMain removes the static build after the package's tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if static.dir != "" {
		os.RemoveAll(static.dir)
	}
	os.Exit(code)
}

// staticSite returns the folder of the static build (go run ./web/build),
// building it on first use. It skips the test, with the reason, only when
// the Go toolchain cannot build WebAssembly (a cause outside the
// repository); a build that fails on the repository's code fails the test.
func staticSite(t *testing.T) string {
	t.Helper()
	static.once.Do(func() {
		static.dir, static.err = os.MkdirTemp("", "grundy-static-*")
		if static.err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		// The databases the play tests answer from (Quixo 4x4's, which
		// web/build ships, takes a minute to solve: not here).
		static.err = staticsite.Build(ctx, static.dir, Pages(), staticsite.Options{Databases: []string{"tictactoe", "quixo:3x3"}})
	})
	if errors.Is(static.err, staticsite.ErrToolchain) {
		t.Skipf("static face skipped: the Go toolchain here cannot build WebAssembly: %v", static.err)
	}
	if static.err != nil {
		t.Fatalf("build the static site: %v", static.err)
	}
	return static.dir
}

// forEachFace runs fn against both faces of the explorer: the server
// (`grundy serve`, as a test server) and the static build (the same pages
// with the engine in WebAssembly) served by a plain file server, so no
// server computes anything. base is the URL of the explorer's root,
// without a trailing slash.
func forEachFace(t *testing.T, fn func(t *testing.T, base string)) {
	t.Helper()
	t.Run("server", func(t *testing.T) {
		fn(t, newTestServer(t, Config{}).URL)
	})
	t.Run("static", func(t *testing.T) {
		dir := staticSite(t)
		ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
		t.Cleanup(ts.Close)
		fn(t, ts.URL)
	})
}

// TestFacesAnswer: both faces answer in the browser, the static one with no
// server computing: the value of nim 3 4 5 (3 xor 4 xor 5 = 2: the player
// to move wins) and Kayles' table to 1000, whose pattern (pre-period 71,
// period 12: Guy and Smith 1956; Berlekamp, Conway and Guy, Winning Ways,
// ch. 4) the page finds.
func TestFacesAnswer(t *testing.T) {
	forEachFace(t, func(t *testing.T, base string) {
		b := newBrowserAt(t, base)
		b.open("/index.html") // start the browser: the timing below is the page's alone
		start := time.Now()
		b.open("/analyse.html?position=" + url.QueryEscape("nim 3 4 5"))
		b.wait(`#result[data-done="true"]`)
		// The first answer's time (docs/PERFORMANCE.md): in the static
		// build it includes loading and compiling the engine.
		t.Logf("first answer (nim 3 4 5) %v after navigation", time.Since(start).Round(time.Millisecond))
		if value, outcome := b.text(`#value`), b.text(`#outcome`); value != "G = 2" || !strings.HasPrefix(outcome, "N") {
			t.Errorf("nim 3 4 5: value %q outcome %q, want G = 2 and N", value, outcome)
		}
		start = time.Now()
		b.open("/game.html?game=kayles&to=1000")
		b.wait(`#chart[data-drawn="true"]`)
		t.Logf("kayles to 1000 charted %v after navigation", time.Since(start).Round(time.Millisecond))
		if n := eval[int](b, `+document.getElementById('chart').dataset.points`); n != 1001 {
			t.Errorf("kayles to 1000: %d values drawn, want 1001", n)
		}
		if line := b.text(`#pattern-text`); !strings.Contains(line, "pre-period 71") || !strings.Contains(line, "period 12") {
			t.Errorf("kayles pattern line %q", line)
		}
		b.noErrors()
	})
}

// TestBrowserPages opens every page of the explorer except play (tested
// with its own pages) on both faces, waits until each has answered, checks
// that no page logs a console error and that every cell and move control
// carries its data-cell or data-move attribute, and saves a screenshot of
// each page of the server face (1400x1000) under $GRUNDY_SCREENSHOTS.
func TestBrowserPages(t *testing.T) {
	pages := []struct{ name, path, ready string }{
		{"catalog", "/", `#catalog table`},
		{"game-kayles", "/game.html?game=kayles&to=120", `#quotient-order`},
		{"game-kayles-misere", "/game.html?game=kayles&to=30&misere=1", `#chart[data-drawn="true"]`},
		{"game-rook", "/game.html?game=rook", `#heatmap[data-drawn="true"]`},
		{"game-tictactoe", "/game.html?game=tictactoe", `#move-values`},
		{"analyse-nim", "/analyse.html?position=" + url.QueryEscape("nim 3 4 5"), `#result[data-done="true"]`},
		{"graph-rectangles", "/graph.html?position=" + url.QueryEscape("rectangles 2x2"), `#graph[data-drawn="true"]`},
		{"graph-quixo-capped", "/graph.html?position=" + url.QueryEscape("quixo:3x3"), `#capped`},
		{"script", "/script.html", `#editor .cm-content`},
	}
	forEachFace(t, func(t *testing.T, base string) {
		b := newBrowserAt(t, base)
		server := strings.HasSuffix(t.Name(), "/server")
		for _, p := range pages {
			b.open(p.path)
			b.wait(p.ready)
			// Controls that are cells or moves carry their coordinates.
			if bad := eval[int](b, `[...document.querySelectorAll('.cell, #cell-values > div')].filter(c => !/^\d+,\d+$/.test(c.dataset.cell || '')).length +
				[...document.querySelectorAll('ul.moves li, #move-values tr[class]')].filter(m => !m.dataset.move).length`); bad != 0 {
				t.Errorf("%s: %d cells or moves without data-cell or data-move", p.name, bad)
			}
			if leak := eval[string](b, `(document.body.innerText.match(/\b(null|undefined|NaN)\b|\[object /) || [''])[0]`); leak != "" {
				t.Errorf("%s: the page shows %q", p.name, leak)
			}
			// The static build says it computes in the browser.
			if badge := eval[bool](b, `!!document.getElementById('static-face')`); badge == server {
				t.Errorf("%s: static-build badge shown %v on the %s face", p.name, badge, map[bool]string{true: "server", false: "static"}[server])
			}
			if server {
				b.shot(p.name)
			} else if p.name == "game-kayles" {
				b.shot("static-" + p.name)
			}
			b.expectHTTPErrors() // the capped graph is a 422 on purpose
			b.noErrors()
		}
	})
}

// TestStaticEngineTimeLimit: the time limit holds in the WebAssembly engine,
// which has no preemption (solve/yield_js.go): the Grundy game's table to
// 99999, seconds of work there, stops near 50 ms with the limit's message.
// (Built without the yield, the engine answered this request in full after
// 3.7 s, and a 20 ms table of lasker ran for 320 s.)
func TestStaticEngineTimeLimit(t *testing.T) {
	res := runEngine(t, [][3]string{{"GET", "/api/table?game=grundy-game&to=99999&timeout=50ms", ""}})[0]
	if res.Status != http.StatusUnprocessableEntity || !strings.Contains(res.Body, "time limit of 50ms reached") || !strings.Contains(res.Body, "grundy serve") {
		t.Errorf("status %d, body %s: want 422 at the time limit, pointing to grundy serve", res.Status, res.Body)
	}
	// 50 ms of computing, then the answer; generous for a loaded machine.
	if res.MS > 2000 {
		t.Errorf("the engine answered after %d ms: the 50 ms limit did not hold", res.MS)
	}
}
