package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// newTestServer serves a Server with cfg on loopback for the test's life.
func newTestServer(t testing.TB, cfg Config) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(New(cfg))
	t.Cleanup(ts.Close)
	return ts
}

// get requests path (with its query) and decodes the JSON answer into out
// (when not nil); it returns the status and the raw body.
func get(t testing.TB, ts *httptest.Server, path string, out any) (int, string) {
	t.Helper()
	res, err := ts.Client().Get(ts.URL + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	if strings.HasPrefix(path, "/api/") && !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET %s: content type %q, want JSON", path, res.Header.Get("Content-Type"))
	}
	if out != nil && res.StatusCode == http.StatusOK {
		if err := json.Unmarshal(body, out); err != nil {
			t.Fatalf("GET %s: decode %s: %v", path, body, err)
		}
	}
	return res.StatusCode, string(body)
}

// q builds an API path with the position (or other parameters) escaped.
func q(verb string, kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return "/api/" + verb + "?" + v.Encode()
}

// errorOf decodes an error answer and checks it is one non-empty line.
func errorOf(t *testing.T, body string) string {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error.Message == "" || e.Error.Kind == "" {
		t.Fatalf("error answer %q is not {\"error\": {\"kind\": ..., \"message\": ...}}", body)
	}
	if strings.Contains(e.Error.Message, "\n") {
		t.Errorf("error %q spans lines", e.Error.Message)
	}
	return e.Error.Message
}

// bruteSubtract is G(0..n) of the subtraction game S by the definition:
// G(k) = mex of G(k-s) for s in S, s <= k. Written apart from the engines.
func bruteSubtract(set []int, n int) []int {
	g := make([]int, n+1)
	for k := 0; k <= n; k++ {
		seen := map[int]bool{}
		for _, s := range set {
			if s <= k {
				seen[g[k-s]] = true
			}
		}
		for seen[g[k]] {
			g[k]++
		}
	}
	return g
}

func TestGames(t *testing.T) {
	ts := newTestServer(t, Config{})
	var list []GameEntry
	if code, body := get(t, ts, "/api/games", &list); code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	byName := map[string]GameEntry{}
	for _, g := range list {
		byName[g.Name] = g
		if g.Rules == "" || g.Example == "" || g.Kind == "" {
			t.Errorf("entry %+v is incomplete", g)
		}
	}
	if nim, ok := byName["nim"]; !ok || nim.Kind != "impartial" || nim.Example != "nim 3 4 5" {
		t.Errorf("nim entry %+v", nim)
	}
	if g, ok := byName["graph"]; ok && g.Table {
		t.Errorf("graph:FILE must not be opened to decide its table flag")
	}
}

func TestValue(t *testing.T) {
	ts := newTestServer(t, Config{})
	var v struct {
		Position     string
		Grundy       int
		Outcome      string
		WinningMoves []struct {
			From, To      string
			PositionAfter string `json:"position_after"`
		} `json:"winning_moves"`
	}
	if code, body := get(t, ts, q("value", "position", "nim 3 4 5"), &v); code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	// 3 XOR 4 XOR 5 = 2; only heap 3 has 3 XOR 2 = 1 < 3, so the one
	// winning move is 3 -> 1 (4 XOR 2 = 6 > 4, 5 XOR 2 = 7 > 5).
	if v.Grundy != 2 || v.Outcome != "N" || len(v.WinningMoves) != 1 || v.WinningMoves[0].PositionAfter != "nim 1 4 5" {
		t.Errorf("nim 3 4 5: got %+v", v)
	}

	// The sum of subtraction games against the definition.
	g3 := bruteSubtract([]int{1, 2, 3}, 40)
	g27 := bruteSubtract([]int{2, 7}, 40)
	for a := 0; a <= 40; a += 7 {
		for b := 0; b <= 40; b += 5 {
			pos := fmt.Sprintf("subtract:1-3 %d + subtract:2,7 %d", a, b)
			if code, body := get(t, ts, q("value", "position", pos), &v); code != http.StatusOK {
				t.Fatalf("%s: status %d: %s", pos, code, body)
			}
			want := g3[a] ^ g27[b]
			if v.Grundy != want || (v.Outcome == "P") != (want == 0) {
				t.Errorf("%s: grundy %d outcome %s, want %d", pos, v.Grundy, v.Outcome, want)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	ts := newTestServer(t, Config{MaxPosition: 200})
	cases := []struct {
		path string
		want string // a piece of the error message
	}{
		{"/api/value", "missing parameter position"},
		{q("value", "position", "   "), "missing parameter position"},
		{q("value", "position", "nosuchgame 3"), "unknown game"},
		{q("value", "position", "nim x"), "heap size"},
		{q("value", "position", "nim -3"), "heap size"},
		{q("value", "position", "nim 3 +"), "dangling"},
		{q("value", "position", "+ nim 3"), "dangling"},
		{q("value", "position", "nim @/etc/passwd"), "reads no files"},
		{q("value", "position", "/tmp/x.star 3"), "opens no files"},
		{q("value", "position", "mine.star 3"), "opens no files"},
		{q("value", "position", "graph:/etc/hosts a"), "opens no files"},
		{q("value", "position", "nim "+strings.Repeat("1 ", 150)), "limit of 200"},
		{q("value", "position", "nim 3", "colour", "red"), "unknown parameter"},
		{"/api/value?position=nim+3&position=nim+4", "given 2 times"},
		{q("value", "position", "nim 3", "timeout", "soon"), "not a positive duration"},
		{q("value", "position", "nim 3", "timeout", "-1s"), "not a positive duration"},
		{q("value", "position", "nim 3", "timeout", "1h"), "above this server's limit"},
		{q("value", "position", "nim 3", "max-states", "0"), "not a positive integer"},
		{q("value", "position", "nim 3", "max-states", "1e9"), "not a positive integer"},
		{q("value", "position", "nim 3", "max-states", "999999999999"), "above this server's limit"},
		{q("value", "position", "nim 3", "misere", "perhaps"), "not a boolean"},
		{q("move", "position", "nim 3 x"), "heap size"},
		{q("graph", "position", "nim 3", "max-nodes", "-2"), "not a positive integer"},
		{q("graph", "position", "nim 3", "max-nodes", "100000"), "above this server's limit"},
		{q("graph", "position", ""), "missing parameter position"},
	}
	for _, c := range cases {
		code, body := get(t, ts, c.path, nil)
		if code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400 (%s)", c.path, code, body)
			continue
		}
		if msg := errorOf(t, body); !strings.Contains(msg, c.want) {
			t.Errorf("%s: error %q does not mention %q", c.path, msg, c.want)
		}
	}
}

func TestNotFoundAndMethods(t *testing.T) {
	ts := newTestServer(t, Config{})
	if code, body := get(t, ts, "/api/nothing", nil); code != http.StatusNotFound || !strings.Contains(errorOf(t, body), "no API endpoint") {
		t.Errorf("/api/nothing: %d %s", code, body)
	} else {
		// The message lists every endpoint, each of which answers
		// something other than the unknown path's 404.
		msg := errorOf(t, body)
		for _, ep := range []string{"/api/value", "/api/identify", "/api/explain", "POST /api/play", "POST /api/script"} {
			if !strings.Contains(msg, ep) {
				t.Errorf("the unknown path's message %q does not list %s", msg, ep)
			}
		}
	}
	res, err := ts.Client().Post(ts.URL+q("value", "position", "nim 3"), "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed || !strings.Contains(errorOf(t, string(body)), "takes GET") {
		t.Errorf("POST /api/value: %d %s", res.StatusCode, body)
	}
	if code, _ := get(t, ts, "/no-such-page.html", nil); code != http.StatusNotFound {
		t.Errorf("missing page: status %d, want 404", code)
	}
}

func TestHostCheck(t *testing.T) {
	ts := newTestServer(t, Config{})
	for host, want := range map[string]int{
		"evil.example":        http.StatusForbidden,
		"evil.example:8080":   http.StatusForbidden,
		"10.0.0.1:8080":       http.StatusForbidden,
		"localhost:8080":      http.StatusOK,
		"127.0.0.1":           http.StatusOK,
		"127.1.2.3:99":        http.StatusOK,
		"[::1]:8080":          http.StatusOK,
		"LOCALHOST":           http.StatusOK,
		"localhost.evil.test": http.StatusForbidden,
	} {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/games", nil)
		req.Host = host
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %q: status %d, want %d", host, res.StatusCode, want)
		}
	}
}

func TestLimits(t *testing.T) {
	ts := newTestServer(t, Config{MaxStates: 1 << 40, Timeout: 20 * time.Second})
	// A Grundy's-game heap of n needs the values of all smaller heaps: far
	// more than 50 positions, and (O(n^2) work) far more than 1ms.
	// The messages name the API's parameters, never the CLI's flags.
	noFlag := func(msg string) bool { return !strings.Contains(msg, "--") }
	code, body := get(t, ts, q("value", "position", "grundy-game 100000", "max-states", "50"), nil)
	if msg := errorOf(t, body); code != http.StatusUnprocessableEntity || !strings.Contains(msg, "state limit of 50 states reached (the max-states parameter") || !noFlag(msg) {
		t.Errorf("max-states: %d %s, want 422 naming the state limit", code, body)
	}
	code, body = get(t, ts, q("value", "position", "grundy-game 2000000", "timeout", "1ms"), nil)
	if msg := errorOf(t, body); code != http.StatusUnprocessableEntity || !strings.Contains(msg, "time limit of 1ms reached (the timeout parameter") || !noFlag(msg) {
		t.Errorf("timeout: %d %s, want 422 naming the time limit", code, body)
	}
	// The server's own state limit applies without a parameter.
	small := newTestServer(t, Config{MaxStates: 100})
	code, body = get(t, small, q("value", "position", "grundy-game 100000"), nil)
	if msg := errorOf(t, body); code != http.StatusUnprocessableEntity || !strings.Contains(msg, "state limit of 100 states reached") || !noFlag(msg) {
		t.Errorf("server limit: %d %s", code, body)
	}
	// So does its memory limit: a table of G(0..100000) holds 390 KiB.
	tight := newTestServer(t, Config{MaxMemory: 64 << 10})
	code, body = get(t, tight, q("value", "position", "divisor 100000"), nil)
	if msg := errorOf(t, body); code != http.StatusUnprocessableEntity || !strings.Contains(msg, "memory limit of 64.0 KiB reached") ||
		!strings.Contains(msg, "this server's memory limit") || !noFlag(msg) {
		t.Errorf("server memory limit: %d %s", code, body)
	}
	code, body = get(t, ts, q("graph", "position", "nim 5 5 5", "max-nodes", "10"), nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(errorOf(t, body), "more than 10") {
		t.Errorf("graph cap: %d %s", code, body)
	}
}

func TestMove(t *testing.T) {
	ts := newTestServer(t, Config{})
	var m struct {
		Outcome string
		Moves   []struct {
			Position string
			Outcome  string
		}
		Best *struct{ Position string }
	}
	if code, body := get(t, ts, q("move", "position", "nim 1 2"), &m); code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	// nim 1 2 (1 XOR 2 = 3): the moves leave nim 0 2, nim 1 1, nim 1 0;
	// only nim 1 1 (value 0) wins for the mover.
	wins := map[string]string{"nim 0 2": "lose", "nim 1 1": "win", "nim 1 0": "lose"}
	if m.Outcome != "win" || len(m.Moves) != 3 || m.Best == nil || m.Best.Position != "nim 1 1" {
		t.Fatalf("nim 1 2: %+v", m)
	}
	for _, mv := range m.Moves {
		if wins[mv.Position] != mv.Outcome {
			t.Errorf("move to %s: outcome %s, want %s", mv.Position, mv.Outcome, wins[mv.Position])
		}
	}
	if code, body := get(t, ts, q("move", "position", "nim 0 0"), &m); code != http.StatusOK || m.Best != nil || len(m.Moves) != 0 || m.Outcome != "lose" {
		t.Errorf("nim 0 0: %d %s", code, body)
	}
}

func TestGraph(t *testing.T) {
	ts := newTestServer(t, Config{})
	var g struct {
		Nodes []struct {
			ID       int
			Position string
			Grundy   int
			Class    string
		}
		Edges []struct{ From, To int }
	}
	if code, body := get(t, ts, q("graph", "position", "subtract:1-3 6"), &g); code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	want := bruteSubtract([]int{1, 2, 3}, 6)
	if len(g.Nodes) != 7 {
		t.Fatalf("%d nodes, want 7 (heaps 0..6)", len(g.Nodes))
	}
	for _, n := range g.Nodes {
		var heap int
		fmt.Sscanf(n.Position, "subtract:1-3 %d", &heap)
		if n.Grundy != want[heap] || (n.Class == "P") != (want[heap] == 0) {
			t.Errorf("node %s: G=%d %s, want %d", n.Position, n.Grundy, n.Class, want[heap])
		}
	}
	// Heap k has an edge to k-1, k-2, k-3 (those >= 0): 1+2+3*4 = 15 edges.
	if len(g.Edges) != 15 {
		t.Errorf("%d edges, want 15", len(g.Edges))
	}
}

func TestStatic(t *testing.T) {
	ts := newTestServer(t, Config{})
	for path, want := range map[string]string{
		"/":                              "catalog.js",
		"/game.html":                     "game.js",
		"/analyse.html":                  "analyse.js",
		"/graph.html":                    "graph.js",
		"/play.html":                     "play.js",
		"/script.html":                   "script.js",
		"/common.js":                     "export async function api",
		"/vendor/echarts/echarts.min.js": "echarts",
		"/vendor/echarts/VERSION":        "6.1.0",
		"/style.css":                     "--win",
		"/favicon.svg":                   "<svg",
	} {
		code, body := get(t, ts, path, nil)
		if code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("%s: status %d, body lacks %q", path, code, want)
		}
	}
}

// TestNeverServerError throws random position texts at every endpoint: the
// answer is always JSON and never a 500.
func TestNeverServerError(t *testing.T) {
	ts := newTestServer(t, Config{Timeout: 2 * time.Second, MaxStates: 20000})
	words := []string{"nim", "kayles", "subtract:1-3", "subtract:", "subtract:0", "subtract:3-1", "octal:0.77", "octal:0.[", "grundy-game",
		"divisor", "flip", "rook", "forest", "tictactoe", "+", "0", "1", "3", "7", "12", "-1", "-1,0,0,1", "++--+", "o./..", "x.o/...",
		"@x", "x:y", ":", "", "9999999999999999999999", "2x2", "\x00", "é", "%"}
	verbs := []string{"value", "move", "graph", "solve", "table"}
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 6).Draw(rt, "n")
		var parts []string
		for range n {
			parts = append(parts, rapid.SampledFrom(words).Draw(rt, "word"))
		}
		verb := rapid.SampledFrom(verbs).Draw(rt, "verb")
		path := q(verb, "position", strings.Join(parts, " "))
		if verb == "table" {
			path = q(verb, "game", strings.Join(parts, " "), "to", rapid.SampledFrom([]string{"10", "-1", "x", "99999999999"}).Draw(rt, "to"))
		}
		code, body := get(t, ts, path, nil)
		if code >= 500 {
			rt.Fatalf("%s: status %d: %s", path, code, body)
		}
		if code != http.StatusOK {
			var e errorBody
			if json.Unmarshal([]byte(body), &e) != nil || e.Error.Message == "" {
				rt.Fatalf("%s: status %d with no JSON error: %s", path, code, body)
			}
		}
	})
}

func TestTable(t *testing.T) {
	ts := newTestServer(t, Config{MaxTable: 5000})
	var tab struct {
		Game    string
		From    int
		To      int
		Values  []int
		Pattern *struct {
			Preperiod, Period, Saltus int
			Proven                    bool
		}
	}
	if code, body := get(t, ts, q("table", "game", "subtract:2,3,7", "to", "100", "from", "10"), &tab); code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	want := bruteSubtract([]int{2, 3, 7}, 100)
	if tab.From != 10 || tab.To != 100 || len(tab.Values) != 91 {
		t.Fatalf("range %d..%d with %d values", tab.From, tab.To, len(tab.Values))
	}
	for i, v := range tab.Values {
		if v != want[10+i] {
			t.Errorf("G(%d) = %d, want %d", 10+i, v, want[10+i])
		}
	}
	// The brute force's own period: the least p with G(n+p) = G(n) over
	// the second half of the table.
	p := 1
	for ; p < 50; p++ {
		ok := true
		for n := 50; n+p <= 100; n++ {
			ok = ok && want[n+p] == want[n]
		}
		if ok {
			break
		}
	}
	if tab.Pattern == nil || tab.Pattern.Period != p || !tab.Pattern.Proven {
		t.Errorf("pattern %+v, want period %d proven (finite subtraction set)", tab.Pattern, p)
	}

	// Every catalog entry's table flag agrees with the endpoint.
	var list []GameEntry
	get(t, ts, "/api/games", &list)
	for _, g := range list {
		token := g.Name
		if first, _, _ := strings.Cut(g.Example, " "); strings.HasPrefix(first, g.Name+":") {
			token = first
		}
		if strings.Contains(strings.ToLower(g.Params), "file") {
			continue
		}
		code, body := get(t, ts, q("table", "game", token, "to", "10"), nil)
		if (code == http.StatusOK) != g.Table {
			t.Errorf("%s: table flag %v but /api/table answers %d %s", token, g.Table, code, body)
		}
	}

	for _, c := range []struct{ path, want string }{
		{q("table", "to", "10"), "missing parameter game"},
		{q("table", "game", "kayles"), "missing parameter to"},
		{q("table", "game", "kayles", "to", "-1"), "not a non-negative integer"},
		{q("table", "game", "kayles", "to", "x"), "not a non-negative integer"},
		{q("table", "game", "kayles", "to", "10", "from", "11"), "empty"},
		{q("table", "game", "kayles 3", "to", "10"), "no ARGs"},
		{q("table", "game", "octal:0.8x", "to", "10"), "octal"},
		{q("table", "game", "kayles", "to", "100000"), "limit of 5000"},
		{q("table", "game", "tictactoe", "to", "10"), "no table"},
		{q("table", "game", "x.star", "to", "10"), "opens no files"},
	} {
		code, body := get(t, ts, c.path, nil)
		if code != http.StatusBadRequest || !strings.Contains(errorOf(t, body), c.want) {
			t.Errorf("%s: %d %s, want 400 mentioning %q", c.path, code, body, c.want)
		}
	}
	// Past the state limit: 422.
	code, body := get(t, ts, q("table", "game", "grundy-game", "to", "4000", "max-states", "100"), nil)
	if code != http.StatusUnprocessableEntity {
		t.Errorf("table state limit: %d %s", code, body)
	}
}

// postScript sends a script request and returns the status and body.
func postScript(t *testing.T, ts *httptest.Server, body string) (int, string) {
	t.Helper()
	res, err := ts.Client().Post(ts.URL+"/api/script", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}

func scriptJSON(src, verb, args string) string {
	b, _ := json.Marshal(ScriptRequest{Script: src, Verb: verb, Args: args})
	return string(b)
}

func TestScript(t *testing.T) {
	ts := newTestServer(t, Config{MaxBody: 4096, Timeout: 5 * time.Second})
	sub := "def moves(n):\n    return [n - k for k in (1, 2, 3) if k <= n]\n"
	var v struct {
		Grundy  int
		Outcome string
	}
	code, body := postScript(t, ts, scriptJSON(sub, "value", "10 11 12"))
	if code != http.StatusOK {
		t.Fatalf("value: %d %s", code, body)
	}
	json.Unmarshal([]byte(body), &v)
	g := bruteSubtract([]int{1, 2, 3}, 12)
	if want := g[10] ^ g[11] ^ g[12]; v.Grundy != want {
		t.Errorf("script value %d, want %d", v.Grundy, want)
	}
	var tab struct{ Values []int }
	code, body = postScript(t, ts, scriptJSON(sub, "table", "5 12"))
	if code != http.StatusOK {
		t.Fatalf("table: %d %s", code, body)
	}
	json.Unmarshal([]byte(body), &tab)
	if fmt.Sprint(tab.Values) != fmt.Sprint(g[5:13]) {
		t.Errorf("script table %v, want %v", tab.Values, g[5:13])
	}

	for _, c := range []struct {
		body   string
		status int
		want   string
	}{
		{scriptJSON("def moves(n):\n    return [n - 1\n", "value", "3"), 400, "script.star:"},
		{scriptJSON("def moves(n):\n    return [n - 1, nothing]\n", "value", "3"), 400, "script.star:2"},
		{scriptJSON("def moves(n):\n    while True:\n        n += 1\n", "value", "3"), 422, "steps in one call (a limit of the explorer)"},
		{scriptJSON(sub, "value", "x"), 400, "script.star"},
		{scriptJSON(sub, "draw", "3"), 400, "value, table, solve or graph"},
		{scriptJSON(sub, "table", "1 2 3"), 400, "FROM TO"},
		{scriptJSON("", "value", "3"), 400, "empty script"},
		{`{"script": 3}`, 400, "not a script request"},
		{`{"script": "x", "extra": 1}`, 400, "not a script request"},
		{`not json`, 400, "not a script request"},
		{scriptJSON(strings.Repeat("# padding\n", 500)+sub, "value", "3"), 413, "limit of 4096 bytes"},
	} {
		code, body := postScript(t, ts, c.body)
		if code != c.status || !strings.Contains(errorOf(t, body), c.want) {
			t.Errorf("%.60q: %d %s, want %d mentioning %q", c.body, code, body, c.status, c.want)
		}
	}
	// The place in the script is data of the error: the rule editor marks
	// the line from it (line 2, column 20: the undefined name).
	_, body = postScript(t, ts, scriptJSON("def moves(n):\n    return [n - 1, nothing]\n", "value", "3"))
	var place struct {
		Error struct {
			File         string
			Line, Column int
		}
	}
	if err := json.Unmarshal([]byte(body), &place); err != nil || place.Error.File != "script.star" || place.Error.Line != 2 || place.Error.Column != 20 {
		t.Errorf("the error's place: %s, want script.star line 2 column 20", body)
	}
	// JSON only, so other sites cannot post without a preflight; a fetch
	// of an untyped Blob sends no Content-Type at all.
	for _, ct := range []string{"text/plain", "", "application/jsonx", "application/json; charset=utf-8"} {
		req, err := http.NewRequest(http.MethodPost, ts.URL+"/api/script", strings.NewReader(scriptJSON(sub, "value", "3")))
		if err != nil {
			t.Fatal(err)
		}
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		want := http.StatusUnsupportedMediaType
		if strings.HasPrefix(ct, "application/json;") {
			want = http.StatusOK
		}
		if res.StatusCode != want {
			t.Errorf("Content-Type %q: status %d, want %d", ct, res.StatusCode, want)
		}
	}
}

func TestSolveAndMisere(t *testing.T) {
	ts := newTestServer(t, Config{})
	var s struct {
		Outcome   string
		BestMoves []string `json:"best_moves"`
	}
	// Tic-tac-toe is a draw with best play (Winning Ways, ch. 22).
	if code, body := get(t, ts, q("solve", "position", "tictactoe ........."), &s); code != http.StatusOK || s.Outcome != "draw" {
		t.Errorf("tictactoe: %d %s", code, body)
	}
	// nim 1 2 3 has value 0: lost for the mover under normal play.
	if code, body := get(t, ts, q("solve", "position", "nim 1 2 3"), &s); code != http.StatusOK || s.Outcome != "lose" {
		t.Errorf("solve nim 1 2 3: %d %s", code, body)
	}
	var v struct {
		Outcome string
		Misere  bool
	}
	// Misère: from nim 1 the mover must take the last token and loses; from
	// nim 1 1 the mover takes one and the opponent must take the last.
	for pos, want := range map[string]string{"nim 1": "P", "nim 1 1": "N"} {
		if code, body := get(t, ts, q("value", "position", pos, "misere", "1"), &v); code != http.StatusOK || v.Outcome != want || !v.Misere {
			t.Errorf("misère %s: %d %s, want %s", pos, code, body, want)
		}
	}
	var mt struct{ Genera []struct{ Heap int } }
	if code, body := get(t, ts, q("table", "game", "kayles", "to", "10", "misere", "1"), &mt); code != http.StatusOK || len(mt.Genera) != 11 {
		t.Errorf("misère table: %d %s", code, body)
	}
	code, body := get(t, ts, q("solve", "position", "tictactoe ......... + nim 3"), nil)
	if code != http.StatusBadRequest {
		t.Errorf("partizan game in a sum: %d %s, want 400", code, body)
	}
}
