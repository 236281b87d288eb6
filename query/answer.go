package query

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// JSONFormat is the layout of an answer's JSON: the CLI's --json indents
// and leaves <, > and & as they are; the web answers on one line with them
// escaped (as encoding/json's Marshal does), so no answer reads as HTML.
type JSONFormat struct {
	Indent     string // one level of indentation; "" writes one line
	EscapeHTML bool
}

// Answer is a verb's result made ready to be written as one JSON document
// followed by a newline (PrepareAnswer).
type Answer struct {
	format JSONFormat
	whole  []byte         // the encoding, when written in one piece
	parts  streamedAnswer // the answer written piece by piece, when whole is nil
}

// streamedAnswer is implemented by answers whose size grows with the
// request (a table's values, a misère table's genera, a quotient's heaps,
// a game graph's nodes and edges): they write their JSON one entry at a
// time, so encoding them holds one entry's encoding, not the whole
// document (which for 10^6 genera is 76 MB on one line and, with the
// encoder's buffer growth and copies, three times that in memory).
type streamedAnswer interface {
	writeJSON(j *jsonWriter)
}

// PrepareAnswer readies v for writing. An answer whose size grows with the
// request is streamed entry by entry when written (its entries already
// count against the budget: the verbs hold them as they build them); any
// other answer (bounded by the limits on positions and moves) is encoded
// whole here and its encoding counts against budget: a *MemoryLimitError,
// before anything is written, when it does not fit. The encoding is then
// held until the request's budget is discarded.
func PrepareAnswer(v any, f JSONFormat, budget *Budget) (*Answer, error) {
	if s := streamed(v); s != nil {
		return &Answer{format: f, parts: s}, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", f.Indent)
	enc.SetEscapeHTML(f.EscapeHTML)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode the answer: %w", err)
	}
	// The encoder's own buffer, recycled, was as large as buf.
	if err := budget.Grow(2 * int64(buf.Cap())); err != nil {
		return nil, fmt.Errorf("the answer's JSON of %d bytes: %w", buf.Len(), err)
	}
	return &Answer{format: f, whole: buf.Bytes()}, nil
}

// streamed returns v as a streamedAnswer when it is one of those answers
// itself (not nil, and not a type that embeds one: its own keys would be
// lost), nil otherwise.
func streamed(v any) streamedAnswer {
	switch r := v.(type) {
	case *TableResult:
		if r != nil {
			return r
		}
	case *MisereTableResult:
		if r != nil {
			return r
		}
	case *QuotientResult:
		if r != nil {
			return r
		}
	case *GraphResult:
		if r != nil {
			return r
		}
	}
	return nil
}

// WriteTo writes the answer's JSON and a newline to w.
func (a *Answer) WriteTo(w io.Writer) (int64, error) {
	if a.parts == nil {
		n, err := w.Write(a.whole)
		return int64(n), err
	}
	cw := &countingWriter{w: w}
	j := newJSONWriter(cw, a.format)
	a.parts.writeJSON(j)
	j.raw("\n")
	return cw.n, j.flush()
}

// WriteAnswer writes v to w as PrepareAnswer and Answer.WriteTo do.
func WriteAnswer(w io.Writer, v any, f JSONFormat, budget *Budget) error {
	a, err := PrepareAnswer(v, f, budget)
	if err != nil {
		return err
	}
	_, err = a.WriteTo(w)
	return err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// jsonWriter writes one JSON document piece by piece with the layout
// encoding/json gives it whole: Marshal's (one line) or MarshalIndent's
// with prefix "" (each element of an object or array on its own line,
// indented by its depth; empty ones written {} and []). Each piece that is
// not a container of the stream is encoded by encoding/json and indented
// at its depth, as json.Indent does for the whole document. The first
// write error is kept and ends the writing.
type jsonWriter struct {
	w      *bufio.Writer
	format JSONFormat
	empty  []bool // per open container: nothing written in it yet
	piece  bytes.Buffer
	spaced bytes.Buffer
	enc    *json.Encoder
	err    error
}

func newJSONWriter(w io.Writer, f JSONFormat) *jsonWriter {
	j := &jsonWriter{w: bufio.NewWriterSize(w, 64<<10), format: f}
	j.enc = json.NewEncoder(&j.piece)
	j.enc.SetEscapeHTML(f.EscapeHTML)
	return j
}

func (j *jsonWriter) raw(s string) {
	if j.err == nil {
		_, j.err = j.w.WriteString(s)
	}
}

func (j *jsonWriter) bytes(b []byte) {
	if j.err == nil {
		_, j.err = j.w.Write(b)
	}
}

func (j *jsonWriter) flush() error {
	if j.err == nil {
		j.err = j.w.Flush()
	}
	return j.err
}

// newline starts a line at the current depth (nothing on one line).
func (j *jsonWriter) newline() {
	if j.format.Indent != "" {
		j.raw("\n")
		for range len(j.empty) {
			j.raw(j.format.Indent)
		}
	}
}

// next starts the next member or element of the open container.
func (j *jsonWriter) next() {
	top := len(j.empty) - 1
	if !j.empty[top] {
		j.raw(",")
	}
	j.empty[top] = false
	j.newline()
}

// open starts an object ('{') or array ('[') where a value goes.
func (j *jsonWriter) open(c byte) {
	j.raw(string(c))
	j.empty = append(j.empty, true)
}

// close ends the innermost container with '}' or ']'.
func (j *jsonWriter) close(c byte) {
	empty := j.empty[len(j.empty)-1]
	j.empty = j.empty[:len(j.empty)-1]
	if !empty {
		j.newline()
	}
	j.raw(string(c))
}

// key starts the member name of the open object; its value follows.
func (j *jsonWriter) key(name string) {
	j.next()
	j.raw(strconv.Quote(name)) // the answers' keys are plain ASCII
	if j.format.Indent != "" {
		j.raw(": ")
	} else {
		j.raw(":")
	}
}

// elem starts the next element of the open array; its value follows.
func (j *jsonWriter) elem() { j.next() }

// value writes v, encoded whole by encoding/json, where a value goes.
func (j *jsonWriter) value(v any) {
	if j.err != nil {
		return
	}
	j.piece.Reset()
	if err := j.enc.Encode(v); err != nil {
		j.err = fmt.Errorf("encode the answer: %w", err)
		return
	}
	b := bytes.TrimSuffix(j.piece.Bytes(), []byte("\n"))
	if j.format.Indent == "" || len(b) == 0 || b[0] != '{' && b[0] != '[' {
		j.bytes(b)
		return
	}
	j.spaced.Reset()
	_ = json.Indent(&j.spaced, b, strings.Repeat(j.format.Indent, len(j.empty)), j.format.Indent) // b is valid JSON
	j.bytes(j.spaced.Bytes())
}

// number writes an unsigned integer where a value goes (what
// encoding/json writes for it, without its reflection: a table's values).
func (j *jsonWriter) number(n uint64) {
	var b [20]byte
	j.bytes(strconv.AppendUint(b[:0], n, 10))
}

// field writes the member name: v.
func (j *jsonWriter) field(name string, v any) {
	j.key(name)
	j.value(v)
}

// list writes the member name: [at(0), ..., at(n-1)], each element
// written by at where a value goes; nil writes null (a nil slice).
func (j *jsonWriter) list(name string, n int, at func(i int)) {
	j.key(name)
	if at == nil {
		j.raw("null")
		return
	}
	j.open('[')
	for i := 0; i < n && j.err == nil; i++ {
		j.elem()
		at(i)
	}
	j.close(']')
}

// listed writes the member name: s, its elements encoded whole one by one
// (null for a nil s, as encoding/json writes it).
func listed[T any](j *jsonWriter, name string, s []T) {
	var elem func(i int)
	if s != nil {
		elem = func(i int) { j.value(s[i]) }
	}
	j.list(name, len(s), elem)
}

// writeJSON writes the keys of TableResult's struct tags, the values one
// by one.
func (r *TableResult) writeJSON(j *jsonWriter) {
	j.open('{')
	j.field("game", r.Game)
	j.field("from", r.From)
	j.field("to", r.To)
	var value func(i int)
	if r.Values != nil {
		value = func(i int) { j.number(uint64(r.Values[i])) }
	}
	j.list("values", len(r.Values), value)
	j.field("pattern", r.Pattern)
	j.field("computed", r.Computed)
	j.field("summary", r.Summary)
	j.field("states", r.States)
	if r.Stats != nil {
		j.field("stats", r.Stats)
	}
	j.close('}')
}

// writeJSON writes the keys of MisereTableResult's struct tags, the
// genera one by one.
func (r *MisereTableResult) writeJSON(j *jsonWriter) {
	j.open('{')
	j.field("game", r.Game)
	j.field("from", r.From)
	j.field("to", r.To)
	j.field("misere", r.Misere)
	listed(j, "genera", r.Genera)
	j.field("first_wild", r.FirstWild)
	j.field("states", r.States)
	if r.Stopped != nil {
		j.field("stopped", r.Stopped)
	}
	j.close('}')
}

// writeJSON writes the keys of QuotientResult.MarshalJSON, the heaps'
// elements one by one (each element's normal form is formatted once).
// Like MarshalJSON, whose parts encoding/json's Marshal writes, it escapes
// <, > and & whatever the format says.
func (r *QuotientResult) writeJSON(j *jsonWriter) {
	q := r.q
	j.enc.SetEscapeHTML(true)
	defer j.enc.SetEscapeHTML(j.format.EscapeHTML)
	j.open('{')
	j.field("game", r.Game)
	j.field("to", r.To)
	j.field("states", r.States)
	if r.Rules != "" {
		j.field("rules_sha256", r.Rules)
	}
	j.field("order", q.Order())
	j.field("p_portion", nonNil(r.PPortion()))
	j.field("tame", q.Tame())
	forms := make([]string, q.Order())
	for e := range forms {
		forms[e] = r.Element(e)
	}
	j.list("heaps", q.N()+1, func(h int) { j.value(forms[q.Heap(h)]) })
	gens := r.Generators()
	j.list("generators", len(gens), func(i int) {
		j.value(struct {
			Name string `json:"name"`
			Heap int    `json:"heap"`
		}{gens[i].Name, gens[i].Heap})
	})
	j.field("relations", nonNil(r.Relations()))
	j.field("stable_from", q.StableFrom())
	j.field("pattern", q.Pattern())
	j.close('}')
}

// writeJSON writes the keys of GraphResult's struct tags, the nodes and
// the edges one by one.
func (r *GraphResult) writeJSON(j *jsonWriter) {
	j.open('{')
	j.field("position", r.Position)
	listed(j, "nodes", r.Nodes)
	listed(j, "edges", r.Edges)
	j.close('}')
}
