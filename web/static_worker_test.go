package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// workerProbe starts, in a page of the static build, a long request (Lasker's
// Nim to 99999 under a 3 s time limit: about 3 s of the engine's work, then
// a 422 at the limit) followed by two short ones, all through common.js's
// api, and records meanwhile what the page's main thread does: a timer
// every 20 ms, animation frames, and the clicks of a button #probe that
// writes into the page. window.probe holds the times (performance.now()).
const workerProbe = `(async () => {
  const { api } = await import('./common.js');
  const p = { ticks: [], frames: 0, clicks: [], order: [], busyText: '' };
  window.probe = p;
  const timer = setInterval(() => p.ticks.push(performance.now()), 20);
  const frame = () => { p.frames++; if (!p.done) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  const button = document.createElement('button');
  button.id = 'probe';
  button.textContent = 'not clicked';
  button.addEventListener('click', () => { p.clicks.push(performance.now()); button.textContent = 'clicked ' + p.clicks.length; });
  document.body.append(button);
  p.start = performance.now();
  const long = api('table', { game: 'lasker', to: 99999, timeout: '3s' })
    .then(() => 'answered', (e) => e.status + ' ' + e.message)
    .then((r) => { p.order.push('long'); p.long = r; p.end = performance.now(); });
  const nim = api('value', { position: 'nim 3 4 5' }).then((v) => { p.order.push('nim'); p.nim = v.grundy; });
  const games = api('games').then((g) => { p.order.push('games'); p.games = g.length; });
  p.busyText = document.getElementById('static-face')?.textContent || '';
  p.busy = document.documentElement.dataset.engine;
  Promise.all([long, nim, games]).finally(() => { p.done = true; clearInterval(timer); });
  return true;
})()`

// TestStaticWorkerResponsive: the static build's engine computes in a Web
// Worker, so the page's main thread runs during a long request: its timer
// keeps ticking (no gap near the request's length, as when the engine ran
// on the main thread), animation frames are drawn, and a click on a
// button is handled and shown while the request computes. The header says
// "computing in the browser…" while the page waits, and requests are
// answered in the order asked.
func TestStaticWorkerResponsive(t *testing.T) {
	needChromium(t)
	ts := httptest.NewServer(http.FileServer(http.Dir(staticSite(t))))
	t.Cleanup(ts.Close)
	b := newBrowserAt(t, ts.URL)
	b.open("/index.html")
	b.wait(`#catalog table`) // the engine has loaded and answered once
	if !eval[bool](b, `(`+workerProbe+`, true)`) {
		t.Fatal("probe did not start")
	}
	b.do("probe started", chromedp.Poll[chromedp.Void](`window.probe && window.probe.start > 0`, chromedp.WithPollingInterval(10*time.Millisecond)))
	// While the long request computes: the page shows it is busy, and a
	// click is handled.
	time.Sleep(500 * time.Millisecond)
	b.do("click the probe", chromedp.Click(chromedp.CSS(`#probe`)))
	if label := b.text(`#probe`); label != "clicked 1" {
		t.Errorf("after the click the button says %q, want %q", label, "clicked 1")
	}
	b.do("requests answered", chromedp.Poll[chromedp.Void](`window.probe.done === true`, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)))
	p := eval[probeResult](b, `window.probe`)
	took := p.End - p.Start
	t.Logf("long request %.0f ms (%s); %d timer ticks, %d frames, click at +%.0f ms", took, p.Long, len(p.Ticks), p.Frames, first(p.Clicks)-p.Start)
	// The long request must be long, or the test proves nothing.
	if took < 1500 || !strings.HasPrefix(p.Long, "422 time limit of 3s reached") {
		t.Fatalf("the long request took %.0f ms and ended %q: want about 3 s and the time limit's 422", took, p.Long)
	}
	// The timer ran all along: no gap of 500 ms while the engine computed.
	prev, gap := p.Start, 0.0
	for _, tick := range p.Ticks {
		if tick > p.End {
			break
		}
		gap = max(gap, tick-prev)
		prev = tick
	}
	gap = max(gap, p.End-prev)
	if gap > 500 {
		t.Errorf("the page's timer stopped for %.0f ms during a %.0f ms request: the main thread was blocked", gap, took)
	}
	if p.Frames < 10 {
		t.Errorf("%d animation frames during a %.0f ms request", p.Frames, took)
	}
	if len(p.Clicks) != 1 || p.Clicks[0] >= p.End {
		t.Errorf("clicks at %v, want one before the long request's end (%.0f)", p.Clicks, p.End)
	}
	if p.Busy != "busy" || !strings.Contains(p.BusyText, "computing in the browser…") {
		t.Errorf("while waiting: engine %q, badge %q; want busy and \"computing in the browser…\"", p.Busy, p.BusyText)
	}
	if idle, badge := eval[string](b, `document.documentElement.dataset.engine`), b.text(`#static-face`); idle != "idle" || strings.Contains(badge, "…") {
		t.Errorf("after the answers: engine %q, badge %q; want idle", idle, badge)
	}
	if strings.Join(p.Order, ",") != "long,nim,games" || p.Nim != 2 || p.Games < 10 {
		t.Errorf("answers in the order %v (nim 3 4 5 = %d, %d games): want long, nim, games, G = 2 and the catalog", p.Order, p.Nim, p.Games)
	}
	b.noErrors()
}

// probeResult is window.probe of workerProbe.
type probeResult struct {
	Ticks    []float64 `json:"ticks"`
	Frames   int       `json:"frames"`
	Clicks   []float64 `json:"clicks"`
	Order    []string  `json:"order"`
	Start    float64   `json:"start"`
	End      float64   `json:"end"`
	Long     string    `json:"long"`
	Nim      int       `json:"nim"`
	Games    int       `json:"games"`
	BusyText string    `json:"busyText"`
	Busy     string    `json:"busy"`
}

// first is the first of xs, or 0.
func first(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	return xs[0]
}

// TestStaticWorkerNoEngine: when the engine cannot load (a host that lacks
// grundy.wasm), the worker says so to every request: the catalog shows the
// reason instead of waiting forever, and the page is no longer busy.
func TestStaticWorkerNoEngine(t *testing.T) {
	needChromium(t)
	site := staticSite(t)
	dir := t.TempDir()
	for _, name := range []string{"index.html", "catalog.js", "common.js", "style.css", "favicon.svg", "boot.js", "engine-worker.js", "wasm_exec.js", "site-fs.js"} {
		data, err := os.ReadFile(filepath.Join(site, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(ts.Close)
	b := newBrowserAt(t, ts.URL)
	b.open("/index.html")
	b.wait(`[role=alert]`)
	if msg := b.text(`[role=alert]`); !strings.Contains(msg, "load grundy.wasm: status 404") {
		t.Errorf("the catalog says %q, want the engine's load error", msg)
	}
	if busy := eval[string](b, `document.documentElement.dataset.engine`); busy != "idle" {
		t.Errorf("engine state %q after the error, want idle", busy)
	}
	b.expectHTTPErrors() // the missing grundy.wasm
	b.noErrors()
}

// restartDriver runs the static build's boot.js and engine-worker.js
// under Node, as a page and its Web Worker do: Worker is a worker thread
// whose globals stand in for a browser worker's (self, importScripts,
// fetch of the site's files, onmessage, onerror). It asks nim 3, then
// ends the engine's Go program the way the Go runtime does on a fatal
// error (it prints "fatal error: out of memory", then calls wasm_exec.js's
// runtime.wasmExit with exit code 2), asks nim 3 4 5 of the dead engine
// (the worker gets the end first: a running engine takes no message until
// it answers), then asks nim 3 again. It prints one JSON line: the answers, the failed
// request's message and how long it took, and how many workers were
// started and terminated. With process.argv[3] "hang" the engine hangs
// instead: its worker thread spins forever, as a WebAssembly engine stuck
// in a loop that never polls would, neither answering nor dying.
const restartDriver = `
import { Worker as NodeWorker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import vm from 'node:vm';

const site = process.argv[2];
const inWorker = String.raw` + "`" + `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
globalThis.self = globalThis;
self.postMessage = (m) => parentPort.postMessage(m);
const engines = [];
self.importScripts = (...names) => {
  for (const name of names) vm.runInThisContext(fs.readFileSync(path.join(workerData.site, name), 'utf8'), { filename: name });
  if (globalThis.Go && !globalThis.Go.recorded) {
    const Go = globalThis.Go;
    globalThis.Go = class extends Go { static recorded = true; constructor() { super(); engines.push(this); } };
  }
};
globalThis.fetch = async (name) => new Response(fs.readFileSync(path.join(workerData.site, name)), { headers: { 'Content-Type': 'application/wasm' } });
process.on('uncaughtException', (err) => {
  if (!self.onerror?.(err.message, '', 0, 0, err)) throw err;
});
parentPort.on('message', (m) => {
  if (m === 'hang') for (;;) {}
  if (m !== 'kill') { self.onmessage({ data: m }); return; }
  const go = engines.at(-1);
  console.log('fatal error: out of memory');
  go.mem.setInt32(8, 2, true); // wasmExit(code) reads its argument at sp+8; sp = 0
  go.importObject.gojs['runtime.wasmExit'](0);
});
vm.runInThisContext(fs.readFileSync(path.join(workerData.site, workerData.script), 'utf8'), { filename: workerData.script });
` + "`" + `;

const workers = [];
let terminated = 0;
globalThis.Worker = class {
  constructor(script) {
    this.thread = new NodeWorker(inWorker, { eval: true, workerData: { site, script } });
    this.thread.on('message', (data) => this.onmessage?.({ data }));
    this.thread.on('error', (err) => this.onerror?.({ message: err.message, preventDefault() {} }));
    workers.push(this);
  }
  postMessage(m) { this.thread.postMessage(m); }
  terminate() { terminated++; this.thread.terminate(); }
};
vm.runInThisContext(readFileSync(resolve(site, 'boot.js'), 'utf8'), { filename: 'boot.js' });
const { serve } = globalThis.grundyEngine;
const out = {};
out.first = await serve('GET', '/api/value?position=nim+3');
workers.at(-1).thread.postMessage(process.argv[3]);
const t0 = Date.now();
out.killed = await serve('GET', '/api/value?position=nim+3+4+5').then((r) => 'answered ' + r.status, (e) => e.message);
out.ms = Date.now() - t0;
out.next = await serve('GET', '/api/value?position=nim+3');
out.workers = workers.length;
out.terminated = terminated;
console.log(JSON.stringify(out));
process.exit(0);
`

// TestStaticEngineRestart: when the static build's engine dies (its Go
// program ends, as on "fatal error: out of memory") or hangs (it neither
// answers nor dies), the request it was computing fails with a message
// saying the engine stopped, why, and that it was restarted; the worker is
// terminated, and a fresh one answers the next request. A hung engine is
// stopped by the page's watchdog at the engine's 5 s time limit and 5 s
// more. Run under Node through the site's own boot.js and
// engine-worker.js. (Before the restart, every later request failed with
// "Go program has already exited"; before the watchdog, a hung engine
// held the page's requests forever.)
func TestStaticEngineRestart(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node: the engine's restart is tested under Node")
	}
	dir := staticSite(t)
	script := filepath.Join(t.TempDir(), "restart.mjs")
	if err := os.WriteFile(script, []byte(restartDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		mode        string
		says        []string
		least, most time.Duration // how long the failed request took
	}{
		{"kill", []string{"in-browser engine stopped", "fatal error: out of memory", "restarted"}, 0, 10 * time.Second},
		{"hang", []string{"did not answer within 10 s", "its time limit and 5 s more", "restarted"}, 10 * time.Second, 25 * time.Second},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, script, dir, c.mode)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("node: %v\n%s", err, stderr.String())
			}
			type answer struct {
				Status int    `json:"status"`
				Body   string `json:"body"`
			}
			var res struct {
				First, Next         answer
				Killed              string
				MS                  int64
				Workers, Terminated int
			}
			// The last line is the driver's; the engine's output comes before.
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
				t.Fatalf("node printed %q: %v", out, err)
			}
			// nim 3 is a single heap of 3: its Grundy value is 3.
			for _, a := range []answer{res.First, res.Next} {
				var v struct {
					Grundy int `json:"grundy"`
				}
				if err := json.Unmarshal([]byte(a.Body), &v); a.Status != http.StatusOK || err != nil || v.Grundy != 3 {
					t.Errorf("nim 3 answered %d %s, want 200 and G = 3", a.Status, a.Body)
				}
			}
			for _, want := range c.says {
				if !strings.Contains(res.Killed, want) {
					t.Errorf("the request the engine %sed in ended %q, want it to say %q", c.mode, res.Killed, want)
				}
			}
			if took := time.Duration(res.MS) * time.Millisecond; took < c.least || took > c.most {
				t.Errorf("the failed request took %v, want %v to %v", took, c.least, c.most)
			}
			if res.Workers != 2 || res.Terminated != 1 {
				t.Errorf("%d workers started, %d terminated: want the engine replaced by one fresh worker", res.Workers, res.Terminated)
			}
		})
	}
}

// engineDriver runs the static build's engine under Node and sends it the
// requests of process.argv[3] (a JSON list of [method, url, body]) one
// after the other, as the page's worker does; for each it prints one JSON
// line: the status, the milliseconds, the start and the end of the body,
// and the engine's WebAssembly memory in MiB after the answer.
const engineDriver = `
const path = require('node:path'), fs = require('node:fs');
const site = process.argv[2];
const opts = JSON.parse(process.argv[4] || '{}');
require(path.join(site, 'wasm_exec.js'));
// The site's databases, as engine-worker.js gives them (from opts.db, a
// folder holding db/, when set); each file loaded is told on stderr.
require(path.join(site, 'site-fs.js')).installSiteFS(globalThis.fs, async (p) => {
  console.error(JSON.stringify({ loaded: p }));
  try { return new Uint8Array(fs.readFileSync(path.join(opts.db || site, p))); } catch { return null; }
});
const ready = new Promise((resolve) => { globalThis.grundyReady = resolve; });
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(path.join(site, 'grundy.wasm')), go.importObject).then(async ({ instance }) => {
  go.run(instance);
  await ready;
  for (const [method, url, body] of JSON.parse(process.argv[3])) {
    const t0 = Date.now();
    const r = await globalThis.grundyServe(method, url, body);
    const mib = instance.exports.mem.buffer.byteLength / (1 << 20);
    console.log(JSON.stringify({ status: r.status, ms: Date.now() - t0, body: opts.full ? r.body : r.body.slice(0, 400), tail: r.body.slice(-400), mib }));
  }
  process.exit(0);
});
`

// TestStaticEngineBombs: the static build's engine answers the wide-sum
// move (nim with 2700 heaps of 1) within its limits, ends the Starlark
// string bomb (10^6 copies of a 10^6-character string) at a limit of the
// script with the limit's message, and then answers nim 3. The engine's
// WebAssembly memory, which never shrinks, stays under the runtime's limit
// (web/wasm: the request's 256 MiB + 128 MiB): the wide-sum move, asked
// first, reached 651-812 MiB before play's analysis counted its sums (and
// once 4 GiB, where the engine died), and 45-48 MiB after, answered in
// 2.5-3.7 s at a load of 18 on 2 cores (a machine slower still may end it
// at the 5 s time limit, which the test accepts); the string bomb 170 MiB.
func TestStaticEngineBombs(t *testing.T) {
	upper := "def moves(n):\n    big = \"x\" * 1000000\n    keep = []\n    for i in range(1000000):\n        keep.append(big.upper())\n    return []\n"
	bomb, _ := json.Marshal(ScriptRequest{Script: upper, Verb: "value", Args: "3"})
	answers := runEngine(t, [][3]string{
		{"GET", "/api/move?position=nim" + strings.Repeat("+1", 2700), ""},
		{"POST", "/api/script", string(bomb)},
		{"GET", "/api/value?position=nim+3", ""},
	})
	const memoryCap = 256 + 128 // MiB
	for _, a := range answers[:2] {
		if a.MS > 15000 {
			t.Errorf("%s answered after %d ms, past its 5 s time limit", a.Body, a.MS)
		}
		if a.MiB > memoryCap {
			t.Errorf("after %s the engine's memory is %.0f MiB, over %d MiB", a.Body, a.MiB, memoryCap)
		}
	}
	// 2700 heaps of 1 XOR to 0: every move loses, and the computer, whose
	// remoteness search of 2700 heaps passes its size, takes the first.
	wide := answers[0]
	t.Logf("the wide-sum move: %d after %d ms, %.0f MiB", wide.Status, wide.MS, wide.MiB)
	want := `"position":"nim 0` + strings.Repeat(" 1", 2699) + `","outcome":"lose","grundy":1}}`
	switch {
	case wide.Status == http.StatusUnprocessableEntity && strings.Contains(wide.Body, "time limit of 5s reached"):
		t.Logf("the wide-sum move reached the time limit: %s", wide.Body)
	case wide.Status != http.StatusOK || !strings.HasSuffix(want, strings.TrimSpace(wide.Tail)):
		t.Errorf("the wide-sum move answered %d %s...%s, want 200 and the best move ending %s", wide.Status, wide.Body, wide.Tail, want[len(want)-80:])
	}
	bombed := answers[1]
	t.Logf("the string bomb: %d after %d ms, %.0f MiB", bombed.Status, bombed.MS, bombed.MiB)
	if bombed.Status != http.StatusUnprocessableEntity || !strings.Contains(bombed.Body, "This page computes in your browser") {
		t.Errorf("the string bomb answered %d %s, want 422 at a limit of the page", bombed.Status, bombed.Body)
	}
	// nim 3 is a single heap of 3: its Grundy value is 3.
	var v struct {
		Grundy int `json:"grundy"`
	}
	if a := answers[2]; a.Status != http.StatusOK || json.Unmarshal([]byte(a.Body), &v) != nil || v.Grundy != 3 {
		t.Errorf("nim 3 after the bombs answered %d %s, want 200 and G = 3", a.Status, a.Body)
	}
}

// engineAnswer is one line of engineDriver's.
type engineAnswer struct {
	Status int     `json:"status"`
	MS     int     `json:"ms"`
	Body   string  `json:"body"`
	Tail   string  `json:"tail"`
	MiB    float64 `json:"mib"`
}

// runEngine sends requests, each [method, url, body], one after the other
// to the static build's engine under Node (the test is skipped without
// node) and returns its answers, one per request.
func runEngine(t *testing.T, requests [][3]string) []engineAnswer {
	t.Helper()
	answers, _ := runEngineWith(t, engineOptions{}, requests)
	return answers
}

// engineOptions are engineDriver's: DB, a folder holding the db/ the
// engine reads instead of the site's; Full, whole bodies.
type engineOptions struct {
	DB   string `json:"db,omitempty"`
	Full bool   `json:"full,omitempty"`
}

// runEngineWith is runEngine with the driver's options; it also returns
// the files of the site's databases the engine loaded, in order.
func runEngineWith(t *testing.T, opts engineOptions, requests [][3]string) ([]engineAnswer, []string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node: the static build's engine is tested under Node")
	}
	dir := staticSite(t)
	script := filepath.Join(t.TempDir(), "engine.cjs")
	if err := os.WriteFile(script, []byte(engineDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := json.Marshal(requests)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	optsJSON, err := json.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, node, script, dir, string(list), string(optsJSON))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var answers []engineAnswer
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var a engineAnswer
		if err := json.Unmarshal([]byte(line), &a); err == nil {
			answers = append(answers, a)
		}
	}
	if len(answers) != len(requests) {
		t.Fatalf("node printed %q: want %d answers", out, len(requests))
	}
	var loaded []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		var l struct{ Loaded string }
		if err := json.Unmarshal([]byte(line), &l); err == nil && l.Loaded != "" {
			loaded = append(loaded, l.Loaded)
		}
	}
	return answers, loaded
}

// TestStaticEngineRawURL: an address the page would have encoded but a
// direct caller did not (a raw space) is answered, and one that is no URL
// is refused as bad input, not a 500 from a panic in the engine
// (httptest.NewRequest panicked on both).
func TestStaticEngineRawURL(t *testing.T) {
	answers := runEngine(t, [][3]string{{"GET", "/api/value?position=nim 3", ""}, {"GET", "/api/%zz", ""}})
	// An address that is no URL at all is the caller's bad input.
	if bad := answers[1]; bad.Status != http.StatusBadRequest || !strings.Contains(bad.Body, "not a valid URL") {
		t.Errorf("/api/%%zz answered %d %s, want 400 naming the address", bad.Status, bad.Body)
	}
	a := answers[0]
	// nim 3 is a single heap of 3: its Grundy value is 3.
	var v struct {
		Grundy int `json:"grundy"`
	}
	if a.Status != http.StatusOK || json.Unmarshal([]byte(a.Body), &v) != nil || v.Grundy != 3 {
		t.Errorf("nim 3 with a raw space answered %d %s, want 200 and G = 3", a.Status, a.Body)
	}
}
