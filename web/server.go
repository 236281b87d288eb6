package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// DefaultAddr is where `grundy serve` listens unless told otherwise: the
// loopback interface only, so the explorer is not reachable from the network.
const DefaultAddr = "127.0.0.1:8080"

// Config bounds the work of the server. Zero fields take the defaults of
// [DefaultConfig]. A request may ask for less (`timeout`, `max-states`,
// `max-nodes` parameters) but never for more.
type Config struct {
	Timeout     time.Duration    // the longest a request may compute
	MaxStates   int64            // the most positions one request may expand
	MaxMemory   int64            // the most bytes one request's engines may hold
	MaxTable    int              // the largest `to` of a table
	MaxNodes    int              // the most nodes of a game graph
	MaxBody     int64            // the largest request body (rule scripts), in bytes
	MaxPosition int              // the longest position text, in bytes
	Concurrency int              // the most requests computing at once; others wait
	Databases   *query.Databases // solved games answered from disk (nil: none)
	Logger      *log.Logger      // where failures are logged (nil: the standard logger)
	// InBrowser words the answers for the static build, whose engine runs
	// in the browser: its limits are the page's, not a server's.
	InBrowser bool
}

// DefaultConfig is the configuration of `grundy serve`.
func DefaultConfig() Config {
	return Config{
		Timeout:     10 * time.Second,
		MaxStates:   5_000_000,
		MaxMemory:   512 << 20,
		MaxTable:    1_000_000,
		MaxNodes:    300,
		MaxBody:     64 << 10,
		MaxPosition: 8 << 10,
		Concurrency: runtime.NumCPU(),
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.Timeout <= 0 {
		c.Timeout = d.Timeout
	}
	if c.MaxStates <= 0 {
		c.MaxStates = d.MaxStates
	}
	if c.MaxMemory <= 0 {
		c.MaxMemory = d.MaxMemory
	}
	if c.MaxTable <= 0 {
		c.MaxTable = d.MaxTable
	}
	if c.MaxNodes <= 0 {
		c.MaxNodes = d.MaxNodes
	}
	if c.MaxBody <= 0 {
		c.MaxBody = d.MaxBody
	}
	if c.MaxPosition <= 0 {
		c.MaxPosition = d.MaxPosition
	}
	if c.Concurrency <= 0 {
		c.Concurrency = d.Concurrency
	}
	if c.Logger == nil {
		c.Logger = log.Default()
	}
	return c
}

// Server is the web explorer: the JSON API of docs/web.md under /api/ and
// the embedded pages. It is safe for concurrent use; it keeps no state
// between requests (every request opens its own game instances, so memo
// tables never outlive a request).
type Server struct {
	cfg   Config
	sem   chan struct{} // one token per request computing
	quick chan struct{} // one token per request in the quick lane

	ceiling ceiling // the runtime's memory limit, as requests come and go

	catalogOnce sync.Once
	catalog     []GameEntry // the /api/games answer, built once
	mux         *http.ServeMux
	loop        bool // bound to loopback: only loopback Host headers are served
}

// New returns a server with the limits of cfg.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{
		cfg: cfg, sem: make(chan struct{}, cfg.Concurrency),
		quick: make(chan struct{}, max(8, 2*runtime.NumCPU())),
		mux:   http.NewServeMux(), loop: true,
	}
	s.routes()
	return s
}

// ServeHTTP serves the API and the pages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'")
	if s.loop && !loopbackHost(r.Host) {
		// A page elsewhere that rebinds its DNS name to 127.0.0.1 must not
		// read the explorer's answers.
		writeError(w, http.StatusForbidden, fmt.Errorf("host %q is not a loopback name: open the explorer at http://127.0.0.1 or http://localhost", r.Host))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether the Host header names this machine's loopback
// interface (localhost, 127.0.0.0/8, ::1), with or without a port.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *Server) routes() {
	// endpoints lists the API as it is registered, for the answer to an
	// unknown path.
	var endpoints []string
	api := func(path string, h http.Handler, method string) {
		s.mux.Handle(path, h)
		if method == http.MethodPost {
			path = "POST " + path
		}
		endpoints = append(endpoints, path)
	}
	api("/api/games", s.listing(http.MethodGet, s.games), http.MethodGet)
	api("/api/examples", s.listing(http.MethodGet, s.examples), http.MethodGet)
	api("/api/value", s.api(http.MethodGet, s.value, []string{"position", "misere", "cells"}), http.MethodGet)
	api("/api/table", s.api(http.MethodGet, s.table, []string{"game", "to", "from", "misere"}), http.MethodGet)
	api("/api/solve", s.api(http.MethodGet, s.solve, []string{"position", "misere"}), http.MethodGet)
	api("/api/graph", s.api(http.MethodGet, s.graph, []string{"position", "max-nodes", "misere"}), http.MethodGet)
	api("/api/move", s.api(http.MethodGet, s.move, []string{"position", "misere"}), http.MethodGet)
	api("/api/script", s.scriptAPI(http.MethodPost, s.script), http.MethodPost)
	api("/api/quotient", s.api(http.MethodGet, s.quotient, []string{"game", "to"}), http.MethodGet)
	api("/api/play", s.api(http.MethodPost, s.play, nil), http.MethodPost)
	api("/api/identify", s.api(http.MethodGet, s.identify, []string{"values", "from"}), http.MethodGet)
	api("/api/explain", s.api(http.MethodGet, s.explain, []string{"position", "misere", "depth"}), http.MethodGet)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Errorf("no API endpoint %s (see %s)", r.URL.Path, strings.Join(endpoints, ", ")))
	})
	pages, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	files := http.FileServerFS(pages)
	s.mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/vendor/") {
			w.Header().Set("Cache-Control", "public, max-age=86400")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		files.ServeHTTP(w, r)
	}))
}

// request is what an API handler gets: the validated query parameters and the
// budget of this request, which every engine the handler starts shares.
type request struct {
	*http.Request
	budget   *query.Budget
	maxNodes int
	cfg      Config
}

// statusError is an error with its own HTTP status (a 422 with a message
// of the explorer's own, for one).
type statusError struct {
	status int
	err    error
}

func (e statusError) Error() string { return e.err.Error() }
func (e statusError) Unwrap() error { return e.err }

// wordedError is err with the explorer's own message: its data (kind,
// limit) stay err's.
type wordedError struct {
	msg string
	err error
}

func (e wordedError) Error() string { return e.msg }
func (e wordedError) Unwrap() error { return e.err }

// api wraps a handler: it checks the method and the query parameters
// against allowed (the common `timeout` and `max-states` are always
// allowed), reads a POST body whole, applies the time and state limits,
// runs the handler (in the quick lane, then if need be in a computing
// slot), turns errors into JSON with their status, and turns a panic into
// a 500 (a bug, never bad input).
func (s *Server) api(method string, handle func(*request) (any, error), allowed []string) http.Handler {
	return s.apiLane(method, handle, allowed, true)
}

// scriptAPI is api for rule scripts: they skip the quick lane and compute
// only in a computing slot. One Starlark step can run for seconds (a
// builtin that builds a list of 10^6 elements), past the quick lane's time
// limit, so a script in the quick lane would hold it from cheap requests.
func (s *Server) scriptAPI(method string, handle func(*request) (any, error)) http.Handler {
	return s.apiLane(method, handle, nil, false)
}

// apiLane is api, with the quick lane or without.
func (s *Server) apiLane(method string, handle func(*request) (any, error), allowed []string, quick bool) http.Handler {
	allow := map[string]bool{"timeout": true, "max-states": true}
	for _, a := range allowed {
		allow[a] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				s.cfg.Logger.Printf("grundy serve: panic on %s: %v\n%s", r.URL.String(), p, debug.Stack())
				writeError(w, http.StatusInternalServerError, fmt.Errorf("internal error: %v", p))
			}
		}()
		if r.Method != method && !(method == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", method)
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("%s takes %s, not %s", r.URL.Path, method, r.Method))
			return
		}
		req, err := s.prepare(w, r, allow)
		if err == nil && r.Method == http.MethodPost {
			err = s.readBody(w, r)
		}
		if err != nil {
			s.writeError(w, err, req.timeout)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), req.timeout)
		defer cancel()
		s.compute(ctx, r, req.request, handle, quick, func(ans *query.Answer, err error) {
			if ans == nil {
				s.writeError(w, err, req.timeout)
				return
			}
			// A client that reads its answer too slowly is cut off: an
			// answer from a computing slot is written while the slot is held.
			_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(answerTimeout))
			writeAnswer(w, http.StatusOK, ans)
		})
	})
}

// answerTimeout is the longest a client may take to read an answer (76 MB
// for a misère table of 10^6 heaps) while its computing slot is held.
const answerTimeout = 10 * time.Second

// webJSON is the layout of the explorer's answers: one line, with <, >
// and & escaped so that no answer reads as HTML.
var webJSON = query.JSONFormat{EscapeHTML: true}

// The quick lane: every request first runs with these small limits (or
// its own, when smaller) in a pool of its own, max(8, 2 x cores) wide, so
// a cheap request (most of the explorer's clicks) answers in milliseconds
// however many heavy requests wait for or hold the computing slots. A
// request that reaches a quick limit runs again from the start in a
// computing slot with its whole budget; its time limit counts from its
// arrival, so the quick attempt costs a heavy request at most quickTimeout.
// The lane is wide because each attempt leaves it within quickTimeout: a
// burst of 70 heavy requests passes through it in about a quarter of a
// second, and its memory is at most its width times quickMaxMemory.
const (
	quickTimeout   = 20 * time.Millisecond
	quickMaxStates = 2_000
	quickMaxMemory = 16 << 20
)

// partial reports whether res is an answer that a limit cut short but
// that still holds what was done (a misère genus table stopped at a heap):
// it is sent as the answer, the limit named inside it.
func partial(res any) bool {
	t, ok := res.(*query.MisereTableResult)
	return ok && t != nil && t.Stopped != nil
}

// compute runs handle for r, first in the quick lane, then, when a quick
// limit stopped it, in a computing slot, and calls deliver with the answer
// (or, with a nil answer, the error): from the slot, which is held until
// the answer is written, so that the memory answers hold stays within the
// slots' bound.
// It waits for a slot at most until ctx ends (503 busy).
func (s *Server) compute(ctx context.Context, r *http.Request, req *request, handle func(*request) (any, error), quick bool, deliver func(*query.Answer, error)) {
	if !quick {
		s.inSlot(ctx, r, req, handle, deliver)
		return
	}
	full := req.budget
	select {
	case s.quick <- struct{}{}:
	case <-ctx.Done():
		deliver(nil, errBusy)
		return
	}
	qctx, qcancel := context.WithTimeout(ctx, quickTimeout)
	small := &query.Budget{MaxStates: min(full.MaxStates, quickMaxStates), MaxMemory: min(full.MaxMemory, quickMaxMemory)}
	s.ceiling.add(small.MaxMemory)
	ans, err := s.attempt(qctx, r, req, small, handle)
	s.ceiling.add(-small.MaxMemory)
	quickEnded := qctx.Err() != nil && ctx.Err() == nil
	qcancel()
	switch {
	case quickEnded:
	case errors.Is(err, query.ErrStateLimit) && small.MaxStates < full.MaxStates:
	case errors.Is(err, query.ErrMemoryLimit) && small.MaxMemory < full.MaxMemory:
	default:
		// Answered, or stopped by a limit of its own. The lane's place is
		// given back first: a quick answer holds at most the lane's memory
		// limit, and a client reading it slowly must not hold the lane.
		<-s.quick
		deliver(ans, err)
		return
	}
	<-s.quick
	s.inSlot(ctx, r, req, handle, deliver)
}

// errBusy is the answer of a request that found no computing slot before
// its time limit.
var errBusy = statusError{http.StatusServiceUnavailable, errors.New("the server is busy: try again")}

// inSlot runs handle for r with its whole budget in a computing slot,
// waiting for one at most until ctx ends (503 busy), and delivers its
// answer or error from the slot.
func (s *Server) inSlot(ctx context.Context, r *http.Request, req *request, handle func(*request) (any, error), deliver func(*query.Answer, error)) {
	// A free slot is taken even when the time limit has passed meanwhile
	// (the quick attempt used it up): the request then ends at its time
	// limit, not as busy.
	select {
	case s.sem <- struct{}{}:
	default:
		select {
		case s.sem <- struct{}{}:
		case <-ctx.Done():
			deliver(nil, errBusy)
			return
		}
	}
	defer func() { <-s.sem }()
	s.ceiling.add(req.budget.MaxMemory)
	defer s.ceiling.add(-req.budget.MaxMemory)
	deliver(s.attempt(ctx, r, req, req.budget, handle))
}

// ceiling keeps the Go runtime's memory limit at what the requests
// computing now may hold: the memory limit of each (a computing slot's
// per-request limit, a quick place's quickMaxMemory) plus the slack of one
// request (query.RuntimeMemoryLimit). The collector then reclaims one request's
// garbage near that request's own limit, not near the limit of every slot
// at once: alone, a request keeps the process within its limit plus its
// slack, and all slots and quick places busy keep it within slots x
// per-request limit + quick places x quickMaxMemory + the slack.
type ceiling struct {
	mu    sync.Mutex
	on    bool  // the server owns the runtime's limit (ListenAndServe)
	slack int64 // the slack of one request, less what the limit does not cover
	held  int64 // the memory limits of the requests computing now
}

// start makes c own the runtime's limit, for requests whose memory limit
// is perRequest.
func (c *ceiling) start(perRequest int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.on, c.slack = true, query.RuntimeMemoryLimit(perRequest)-perRequest
	debug.SetMemoryLimit(c.held + c.slack)
}

// add counts a request's memory limit in (n > 0) or out (n < 0).
func (c *ceiling) add(n int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.held += n
	if c.on {
		debug.SetMemoryLimit(c.held + c.slack)
	}
}

// attempt runs handle once on ctx with budget and readies its answer, whose
// encoding counts against budget (query.PrepareAnswer). It returns a nil
// answer with the error of a request that failed, and both the answer and
// the error when a limit cut the answer short but it still holds what was
// done (partial).
func (s *Server) attempt(ctx context.Context, r *http.Request, req *request, budget *query.Budget, handle func(*request) (any, error)) (*query.Answer, error) {
	run := *req
	run.Request = r.WithContext(ctx)
	run.budget = budget
	if run.Request.Body != nil {
		// Each attempt reads the body read whole by readBody afresh.
		if body, ok := r.Body.(*bodyBytes); ok {
			run.Request.Body = &bodyBytes{Reader: bytes.NewReader(body.data), data: body.data}
		}
	}
	res, err := handle(&run)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil && !partial(res) {
		return nil, err
	}
	ans, perr := query.PrepareAnswer(res, webJSON, budget)
	if perr != nil {
		return nil, perr
	}
	return ans, err
}

// bodyTimeout is the longest a client may take to send a POST body (at
// most MaxBody bytes); slow clients are cut off before they take a slot.
const bodyTimeout = 5 * time.Second

// bodyBytes is a request body read whole.
type bodyBytes struct {
	*bytes.Reader
	data []byte
}

func (*bodyBytes) Close() error { return nil }

// readBody reads the body of a POST request whole, within bodyTimeout and
// the server's size limit, before the request takes a quick or computing
// slot: a client sending a byte a second holds only its own connection.
// Only application/json is accepted (415 otherwise), so a page elsewhere
// cannot post to the explorer without a CORS preflight, which it refuses.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		if ct == "" {
			ct = "no Content-Type"
		}
		return statusError{http.StatusUnsupportedMediaType, fmt.Errorf("send the request body as JSON (Content-Type application/json), not %s", ct)}
	}
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
	data, err := io.ReadAll(r.Body) // prepare limited it to MaxBody
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		return statusError{http.StatusRequestTimeout, fmt.Errorf("read the request body (at most %d bytes within %s): %w", s.cfg.MaxBody, bodyTimeout, err)}
	}
	_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
	r.Body = &bodyBytes{Reader: bytes.NewReader(data), data: data}
	return nil
}

// listing wraps a handler that computes nothing (the catalog): it answers
// at once, never waiting for a computing slot, so a page stays usable
// while heavy requests compute.
func (s *Server) listing(method string, handle func(*request) (any, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && !(method == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", method)
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("%s takes %s, not %s", r.URL.Path, method, r.Method))
			return
		}
		req, err := s.prepare(w, r, map[string]bool{})
		if err != nil {
			s.writeError(w, err, req.timeout)
			return
		}
		req.Request = r
		res, err := handle(req.request)
		if err != nil {
			s.writeError(w, err, req.timeout)
			return
		}
		writeJSON(w, http.StatusOK, res)
	})
}

type prepared struct {
	*request
	timeout time.Duration
}

// prepare validates the common parameters of r.
func (s *Server) prepare(w http.ResponseWriter, r *http.Request, allow map[string]bool) (prepared, error) {
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	}
	q := r.URL.Query()
	for name, vals := range q {
		if !allow[name] {
			return prepared{}, game.Inputf("unknown parameter %q", name)
		}
		if len(vals) > 1 {
			return prepared{}, game.Inputf("parameter %q given %d times", name, len(vals))
		}
	}
	p := prepared{request: &request{cfg: s.cfg, maxNodes: s.cfg.MaxNodes}, timeout: s.cfg.Timeout}
	p.budget = &query.Budget{MaxStates: s.cfg.MaxStates, MaxMemory: s.cfg.MaxMemory}
	if v := q.Get("timeout"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return prepared{}, game.Inputf("timeout %q is not a positive duration such as 2s or 500ms", v)
		}
		if d > s.cfg.Timeout {
			return prepared{}, s.overLimit("timeout %s is above %s limit of %s", d, s.words().limits, s.cfg.Timeout)
		}
		p.timeout = d
	}
	if v := q.Get("max-states"); v != "" {
		n, err := positiveInt(v, "max-states")
		if err != nil {
			return prepared{}, err
		}
		if int64(n) > s.cfg.MaxStates {
			return prepared{}, s.overLimit("max-states %d is above %s limit of %d", n, s.words().limits, s.cfg.MaxStates)
		}
		p.budget.MaxStates = int64(n)
	}
	if v := q.Get("max-nodes"); v != "" {
		n, err := positiveInt(v, "max-nodes")
		if err != nil {
			return prepared{}, err
		}
		if n > s.cfg.MaxNodes {
			return prepared{}, s.overLimit("max-nodes %d is above %s limit of %d", n, s.words().limits, s.cfg.MaxNodes)
		}
		p.maxNodes = n
	}
	return p, nil
}

// positiveInt parses a positive decimal parameter.
func positiveInt(v, name string) (int, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 || n > 1<<53 {
		return 0, game.Inputf("%s %q is not a positive integer", name, v)
	}
	return int(n), nil
}

// nonNegativeInt parses a non-negative decimal parameter.
func nonNegativeInt(v, name string) (int, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > 1<<53 {
		return 0, game.Inputf("%s %q is not a non-negative integer", name, v)
	}
	return int(n), nil
}

// flag parses a boolean parameter: absent, "", "0", "false" are false; "1",
// "true" are true.
func flag(r *request, name string) (bool, error) {
	v, ok := r.URL.Query()[name]
	if !ok {
		return false, nil
	}
	switch strings.ToLower(v[0]) {
	case "", "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, game.Inputf("%s %q is not a boolean (1 or 0)", name, v[0])
}

// statusOf maps an error to its HTTP status: bad input 400, a limit hit or a
// failed computation 422, or the status the error carries.
func statusOf(err error) int {
	var se statusError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &se):
		return se.status
	case errors.As(err, &mb):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, game.ErrInput):
		return http.StatusBadRequest
	}
	return http.StatusUnprocessableEntity
}

// words are the phrases that differ between the server and the static
// build, whose engine runs in the browser.
type words struct {
	limits   string // whose limits: "this server's"
	explorer string // the explorer: "this explorer"
}

func (s *Server) words() words {
	if s.cfg.InBrowser {
		return words{limits: "the in-browser", explorer: "the in-browser explorer"}
	}
	return words{limits: "this server's", explorer: "this explorer"}
}

// configLimitError is bad input that asks for more than a limit of the
// explorer's configuration (a longer position, a larger table).
type configLimitError struct{ error }

func (e configLimitError) Unwrap() error { return e.error }

// overLimit is the configLimitError of a request over one of the
// explorer's limits; its message names the limit with s.words().limits.
func (s *Server) overLimit(format string, args ...any) error {
	return configLimitError{game.Inputf(format, args...)}
}

// describe words an error for the user in the explorer's terms: a limit
// says which parameter raises it and up to what (no library message names
// a parameter).
func (s *Server) describe(err error, timeout time.Duration) string {
	var mb *http.MaxBytesError
	var cfg configLimitError
	var notFound *game.NotFoundError
	var unsupported *game.UnsupportedError
	w := s.words()
	msg := oneLine(err.Error())
	switch {
	case errors.As(err, &notFound) && len(notFound.Suggestions) > 0:
		msg += " (did you mean " + strings.Join(notFound.Suggestions, " or ") + "? see the catalog)"
	case errors.As(err, &unsupported) && unsupported.Instead != "":
		msg += ": use " + unsupported.Instead + " (/api/" + unsupported.Instead + ")"
	case errors.As(err, &mb):
		msg = fmt.Sprintf("request body larger than %s limit of %d bytes", w.limits, mb.Limit)
	case errors.Is(err, context.DeadlineExceeded):
		msg = fmt.Sprintf("time limit of %s reached (the timeout parameter, at most %s limit): %s", timeout, w.limits, msg)
	case errors.Is(err, query.ErrStateLimit):
		msg += fmt.Sprintf(" (the max-states parameter, at most %s limit)", w.limits)
	case errors.Is(err, query.ErrMemoryLimit):
		msg += fmt.Sprintf(" (%s memory limit per request)", w.limits)
	case query.ScriptStepsOf(err) != query.ScriptNoStepBudget:
		msg += " (a limit of the explorer)"
	}
	if s.cfg.InBrowser && (game.KindOf(err) == game.KindLimit || errors.As(err, &cfg) || errors.As(err, &mb)) {
		msg += ". This page computes in your browser with smaller limits than the server: run `grundy serve` for bigger computations"
	}
	return msg
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// errorBody is the JSON of every error answer (docs/errors.md): the error
// as data, its message worded by the explorer.
type errorBody struct {
	Error query.ErrorInfo `json:"error"`
}

// writeError answers err with its status (statusOf) and its data, worded
// by s.describe.
func (s *Server) writeError(w http.ResponseWriter, err error, timeout time.Duration) {
	info := query.DescribeError(err)
	info.Message = s.describe(err, timeout)
	writeJSON(w, statusOf(err), errorBody{info})
}

// writeError answers an error of the HTTP layer (a method, a host, a
// path) with status.
func writeError(w http.ResponseWriter, status int, err error) {
	info := query.DescribeError(err)
	info.Kind = game.KindInput
	if status >= 500 {
		info.Kind = game.KindFailure
	}
	writeJSON(w, status, errorBody{info})
}

// writeJSON answers v (an error, the catalog) with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	ans, err := query.PrepareAnswer(v, webJSON, nil)
	if err != nil {
		status = http.StatusInternalServerError
		ans, _ = query.PrepareAnswer(errorBody{query.ErrorInfo{Kind: game.KindFailure, Message: err.Error()}}, webJSON, nil)
	}
	writeAnswer(w, status, ans)
}

// writeAnswer writes ans with status.
func writeAnswer(w http.ResponseWriter, status int, ans *query.Answer) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = ans.WriteTo(w)
}

// ListenAndServe serves the explorer on addr until ctx is done, then shuts
// down gracefully. ready, when not nil, is called with the bound address
// once the listener is open.
func ListenAndServe(ctx context.Context, addr string, cfg Config, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	s := New(cfg)
	if os.Getenv("GOMEMLIMIT") == "" {
		// The engines count what they hold against each request's limit;
		// the collector is asked to keep the whole heap (garbage, the
		// runtime) within the limits of the requests computing plus a
		// slack, instead of letting it grow to twice the live data.
		s.ceiling.start(s.cfg.MaxMemory)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
		s.loop = false // serving the network on purpose: any Host
	}
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       bodyTimeout + 5*time.Second,
		WriteTimeout:      s.cfg.Timeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          s.cfg.Logger,
	}
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(shut)
	}
}
