//go:build js && wasm

// Command wasm is the engine of the explorer's static build (`go run
// ./web/build`): the same [web.Server] as `grundy serve`, compiled to
// WebAssembly and called from the pages instead of fetch. It runs in a
// dedicated Web Worker (web/staticsite/engine-worker.js), off the page's
// main thread, and exposes one JavaScript function to the worker,
//
//	grundyServe(method, url, body) -> Promise<{status, body}>
//
// which runs the request through the server's ServeHTTP on an in-memory
// response, so the static pages get the very answers (and errors) of the
// server. Its limits are smaller than the server's (see limits): the
// browser's tab computes one request at a time. Errors at a limit say so
// and point to `grundy serve`.
package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/debug"
	"strings"
	"syscall/js"
	"time"

	"github.com/grundy-go/grundy/query"
	"github.com/grundy-go/grundy/web"
)

// limits are the static build's per-request limits: the engine answers one
// request at a time in the browser (a page waits for its answers, although
// it stays responsive), so requests stop sooner than on the server and
// tables are shorter.
var limits = web.Config{
	Timeout:     5 * time.Second,
	MaxStates:   1_000_000,
	MaxMemory:   256 << 20,
	MaxTable:    100_000,
	MaxNodes:    300,
	MaxBody:     64 << 10,
	MaxPosition: 8 << 10,
	Concurrency: 1,
	InBrowser:   true, // the answers speak of the page's limits, not a server's
}

// memoryLimit is the Go runtime's soft memory limit in the browser: one
// request's budget plus a margin for the runtime, the pages' quick
// answers and garbage. The engines count what they hold against the
// request's budget; the limit asks the collector to keep the whole heap
// near it instead of letting it grow to twice the live data, so the
// engine does not reach WebAssembly's 4 GiB and die. (A WebAssembly
// memory never shrinks: what the heap once reached stays allocated.)
var memoryLimit = limits.MaxMemory + 128<<20

func main() {
	debug.SetMemoryLimit(memoryLimit)
	cfg := limits
	cfg.Databases = databases()
	s := web.New(cfg)
	js.Global().Set("grundyServe", js.FuncOf(func(_ js.Value, args []js.Value) any {
		method, url, body := "GET", "/", ""
		if len(args) > 0 {
			method = args[0].String()
		}
		if len(args) > 1 {
			url = args[1].String()
		}
		if len(args) > 2 && args[2].Type() == js.TypeString {
			body = args[2].String()
		}
		// The answer is a Promise resolved by a goroutine: a js.FuncOf
		// callback must not block.
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, p []js.Value) any {
			resolve := p[0]
			go func() {
				status, text := serve(s, method, url, body)
				resolve.Invoke(map[string]any{"status": status, "body": text})
			}()
			return nil
		})
		defer executor.Release()
		return js.Global().Get("Promise").New(executor)
	}))
	if ready := js.Global().Get("grundyReady"); ready.Type() == js.TypeFunction {
		// The page's watchdog (boot.js) allows a request this long, and a
		// margin, before it ends an engine that neither answers nor dies.
		ready.Invoke(limits.Timeout.Milliseconds())
	}
	select {} // keep the engine alive for the worker's later calls
}

// siteDB is where the engine's file system (web/staticsite's site-fs.js)
// puts the site's folder of databases.
const siteDB = "/db"

// databases opens the databases the site ships (web/staticsite: the
// folders that db/index.json lists), read through the site's file system
// as the engine needs their files. A site without them gives none; one
// that cannot be opened (a damaged manifest) is reported on the console
// and left out, its games solved as without a database.
func databases() *query.Databases {
	b, err := os.ReadFile(siteDB + "/index.json")
	if err != nil {
		return nil
	}
	var folders []string
	if err := json.Unmarshal(b, &folders); err != nil {
		println("grundy: the site's database index is unreadable:", err.Error())
		return nil
	}
	var dirs []string
	for _, f := range folders {
		if f == "" || strings.ContainsAny(f, "/.") {
			println("grundy: the site's database index names", f, "which is not a folder of db/")
			continue
		}
		if _, err := query.OpenDatabases([]string{siteDB + "/" + f}); err != nil {
			println("grundy: the site's database", f, "is left out:", err.Error())
			continue
		}
		dirs = append(dirs, siteDB+"/"+f)
	}
	dbs, err := query.OpenDatabases(dirs)
	if err != nil {
		println("grundy: the site's databases are left out:", err.Error())
		return nil
	}
	return dbs
}

// serve runs one request through s and returns the status and body,
// worded for the in-browser build (web.Config.InBrowser).
func serve(s *web.Server, method, url, body string) (status int, text string) {
	defer func() {
		if p := recover(); p != nil { // a bug: never take the page down
			status, text = http.StatusInternalServerError, `{"error":{"kind":"failure","message":"internal error in the in-browser engine"}}`
		}
	}()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil { // e.g. a raw space in the address: the caller's mistake
		return http.StatusBadRequest, `{"error":{"kind":"input","message":"the request's address is not a valid URL: encode its parameters"}}`
	}
	req.Host = "localhost" // the server answers loopback names only
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}
