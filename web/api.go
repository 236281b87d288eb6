package web

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// GameEntry is one catalog entry of /api/games: the keys of
// `grundy games --json`.
type GameEntry struct {
	Name string `json:"name"`
	// Form is the name with its parameters' suffix, "octal:CODE"
	// (query.GameInfo.Form), as `grundy games` lists it.
	Form string `json:"form"`
	// ReadsFile is true for a game whose parameter names a file
	// (graph:FILE): the explorer, which reads no files, cannot open it.
	ReadsFile bool   `json:"reads_file,omitempty"`
	Params    string `json:"params,omitempty"`
	Syntax    string `json:"syntax"`
	Kind      string `json:"kind"`
	Rules     string `json:"rules"`
	Example   string `json:"example"`
	// Table is true for games whose positions are single integers, which
	// /api/table tabulates (an explorer addition to the CLI's keys).
	Table bool `json:"table"`
	// GraphNodes is the size of the example's game graph when it fits
	// under the explorer's node cap (0: it does not, or the game's
	// parameter is a file); GraphSuggestion is then a smaller position
	// whose graph fits ("" when none was found quickly).
	GraphNodes      int    `json:"graph_nodes"`
	GraphSuggestion string `json:"graph_suggestion,omitempty"`
}

func (s *Server) games(*request) (any, error) {
	// The catalog is fixed after init: it is built once (opening the
	// examples probes the heap games) and served from memory after.
	s.catalogOnce.Do(func() {
		s.catalog = []GameEntry{}
		for _, spec := range query.Catalog() {
			e := GameEntry{Name: spec.Name, Form: spec.Form(), ReadsFile: spec.ReadsFile, Params: spec.Params, Syntax: spec.Syntax, Kind: spec.Kind, Rules: spec.Rules, Example: spec.Example, Table: spec.Tabulates}
			e.GraphNodes, e.GraphSuggestion = s.graphFit(spec)
			s.catalog = append(s.catalog, e)
		}
	})
	return s.catalog, nil
}

// position parses the `position` parameter, written exactly as on the
// command line. The explorer reads no files: `@FILE` ARGs, script paths and
// games whose parameter is a file are refused (a page elsewhere must not be
// able to make the server read this machine's files); rule scripts are
// pasted into the rule editor instead.
func (s *Server) position(r *request) (query.Position, error) {
	text := r.URL.Query().Get("position")
	words, err := s.positionWords(text)
	if err != nil {
		return nil, err
	}
	return query.Parse(words, nil) // nil: no file access, whatever the words say
}

// positionWords splits a position text into words and refuses file access.
func (s *Server) positionWords(text string) ([]string, error) {
	if strings.TrimSpace(text) == "" {
		return nil, game.Inputf("missing parameter position, e.g. position=nim 3 4 5")
	}
	if len(text) > s.cfg.MaxPosition {
		return nil, s.overLimit("position is %d bytes long, above %s limit of %d", len(text), s.words().limits, s.cfg.MaxPosition)
	}
	words := strings.Fields(text)
	first := true
	for _, w := range words {
		switch {
		case w == "+":
			first = true
			continue
		case strings.HasPrefix(w, "@") && len(w) > 1:
			return nil, game.Inputf("the web explorer reads no files (%s): write the ARGs out", w)
		case first:
			if err := checkGameToken(w); err != nil {
				return nil, err
			}
		}
		first = false
	}
	return words, nil
}

// checkGameToken refuses GAME tokens that would open a file.
func checkGameToken(token string) error {
	name, _, _ := strings.Cut(token, ":")
	spec, ok := query.LookupGame(name)
	if !ok {
		if strings.ContainsAny(token, "/\\") || strings.HasSuffix(token, ".star") {
			return game.Inputf("the web explorer opens no files (%s): paste the script into the rule editor", token)
		}
		return nil // query.Parse reports the unknown game
	}
	if spec.ReadsFile {
		return game.Inputf("the web explorer opens no files (%s): game %s reads its parameter from a file", token, name)
	}
	return nil
}

// positionPlay reads the position parameter and the misere flag that the
// position verbs share.
func (s *Server) positionPlay(r *request) (query.Position, bool, error) {
	pos, err := s.position(r)
	if err != nil {
		return nil, false, err
	}
	misere, err := flag(r, "misere")
	return pos, misere, err
}

func (s *Server) value(r *request) (any, error) {
	pos, misere, err := s.positionPlay(r)
	if err != nil {
		return nil, err
	}
	cells, err := flag(r, "cells")
	if err != nil {
		return nil, err
	}
	switch {
	case misere && cells:
		return nil, game.Inputf("cell values are normal-play values: drop misere or cells")
	case misere:
		return query.MisereValue(r.Context(), pos, r.budget)
	case cells:
		// Boards valued cell by cell (rook): every cell's value, for the
		// game page's heat map.
		return query.ValueCells(r.Context(), pos, r.budget)
	}
	return query.Value(r.Context(), pos, r.budget)
}

func (s *Server) table(r *request) (any, error) {
	q := r.URL.Query()
	token := strings.TrimSpace(q.Get("game"))
	if token == "" {
		return nil, game.Inputf("missing parameter game, e.g. game=kayles")
	}
	if strings.ContainsAny(token, " \t+") {
		return nil, game.Inputf("game %q is one GAME token, such as kayles or subtract:1-3, with no ARGs", token)
	}
	if err := checkGameToken(token); err != nil {
		return nil, err
	}
	if q.Get("to") == "" {
		return nil, game.Inputf("missing parameter to, e.g. to=100")
	}
	to, err := nonNegativeInt(q.Get("to"), "to")
	if err != nil {
		return nil, err
	}
	from := 0
	if v := q.Get("from"); v != "" {
		if from, err = nonNegativeInt(v, "from"); err != nil {
			return nil, err
		}
	}
	misere, err := flag(r, "misere")
	if err != nil {
		return nil, err
	}
	inst, err := query.Open(token, nil)
	if err != nil {
		return nil, err
	}
	if misere {
		if err := s.checkTableSize(from, to); err != nil {
			return nil, err
		}
		// A limit that stops the table returns the heaps done with the
		// limit's error: the quick lane reruns it with the whole budget,
		// and the answer (answerOf) charts the heaps done and says where
		// it stopped.
		return query.MisereTable(r.Context(), inst, from, to, r.budget)
	}
	return s.tabulate(r, inst, from, to)
}

// tabulate answers a table of inst within the server's size limit.
func (s *Server) tabulate(r *request, inst query.Instance, from, to int) (*query.TableResult, error) {
	if err := s.checkTableSize(from, to); err != nil {
		return nil, err
	}
	return query.Table(r.Context(), inst, from, to, r.budget)
}

// checkTableSize refuses tables of more values than the server allows.
func (s *Server) checkTableSize(from, to int) error {
	if to >= from && to-from >= s.cfg.MaxTable {
		return s.overLimit("table %d..%d has %d values, above %s limit of %d: narrow from..to", from, to, to-from+1, s.words().limits, s.cfg.MaxTable)
	}
	return nil
}

func (s *Server) solve(r *request) (any, error) {
	pos, misere, err := s.positionPlay(r)
	if err != nil {
		return nil, err
	}
	return query.SolveWith(r.Context(), pos, query.SolveOptions{Budget: r.budget, Misere: misere})
}

// ScriptRequest is the JSON body of POST /api/script: a rule script
// (docs/scripts.md) and what to compute with it.
type ScriptRequest struct {
	Script string `json:"script"` // the Starlark source
	Verb   string `json:"verb"`   // "value" (default), "table", "solve" or "graph"
	Args   string `json:"args"`   // value, solve, graph: the ARGs of the position; table: the "to" (or "from to")
}

// scriptName is the GAME token of a pasted script: its errors name
// script.star:LINE.
const scriptName = "script.star"

// scriptSteps bound a pasted script's Starlark work (besides the request's
// time and state limits).
var scriptSteps = query.ScriptLimits{CallSteps: query.DefaultScriptCallSteps, RunSteps: 1_000_000_000}

func (s *Server) script(r *request) (any, error) {
	var req ScriptRequest
	if err := decodeBody(r, &req, `a script request {"script": ..., "verb": ..., "args": ...}`); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Script) == "" {
		return nil, game.Inputf("empty script: define moves(pos)")
	}
	inst, err := query.LoadScript(scriptName, []byte(req.Script), io.Discard)
	if err != nil {
		return nil, err
	}
	ctx := query.WithScriptLimits(r.Context(), scriptSteps)
	args := strings.Fields(req.Args)
	switch req.Verb {
	case "", "value":
		comps, err := inst.Parse(args)
		if err != nil {
			return nil, game.Inputf("%s: %w", scriptName, err)
		}
		return query.Value(ctx, query.Position{{Game: inst, Components: comps}}, r.budget)
	case "table":
		from, to := 0, 0
		switch len(args) {
		case 1:
			to, err = nonNegativeInt(args[0], "to")
		case 2:
			if from, err = nonNegativeInt(args[0], "from"); err == nil {
				to, err = nonNegativeInt(args[1], "to")
			}
		default:
			err = game.Inputf("a table takes its range as args: \"TO\" or \"FROM TO\"")
		}
		if err != nil {
			return nil, err
		}
		r.Request = r.Request.WithContext(ctx)
		return s.tabulate(r, inst, from, to)
	case "solve":
		// General, scoring and loopy scripts (result(pos)), and impartial
		// ones as general games: what `grundy solve` answers.
		comps, err := inst.Parse(args)
		if err != nil {
			return nil, game.Inputf("%s: %w", scriptName, err)
		}
		return query.SolveWith(ctx, query.Position{{Game: inst, Components: comps}}, query.SolveOptions{Budget: r.budget})
	case "graph":
		// The game graph of the position, as /api/graph draws one.
		comps, err := inst.Parse(args)
		if err != nil {
			return nil, game.Inputf("%s: %w", scriptName, err)
		}
		g, err := query.Graph(ctx, query.Position{{Game: inst, Components: comps}}, r.budget, r.maxNodes)
		if err != nil {
			return nil, err
		}
		return layoutGraph(g), nil
	}
	return nil, game.Inputf("verb %q: a script runs value, table, solve or graph", req.Verb)
}

// MoveResult is the answer of /api/move: the position's outcome and every
// move with its result for the player who makes it (query.Analysis; the
// page colours them Gamesman's way: win green, lose dark red, draw yellow),
// and Best, the perfect opponent's choice (null when the game is over).
type MoveResult struct {
	*query.Analysis
	Best *query.PlayMove `json:"best"`
}

func (s *Server) move(r *request) (any, error) {
	pos, misere, err := s.positionPlay(r)
	if err != nil {
		return nil, err
	}
	pl := query.NewPlayer(query.PlayOptions{Budget: r.budget, Misere: misere, Databases: s.cfg.Databases})
	defer pl.Close()
	a, err := pl.Analyze(r.Context(), pos)
	if err != nil {
		return nil, s.needDatabase(pos, err)
	}
	best, err := pl.Choose(r.Context(), pos)
	if err != nil {
		return nil, err
	}
	return MoveResult{a, best}, nil
}

// decodeBody reads the JSON body of a POST request (application/json,
// read whole by the api wrapper) into v, refusing unknown fields; shape
// describes the JSON expected.
func decodeBody(r *request, v any, shape string) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return game.Inputf("request body is not %s: %v", shape, err)
	}
	return nil
}
