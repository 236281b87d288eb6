package query

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// TestAnswerStreamedLikeEncoding checks that the answers written piece by
// piece (tables, misère tables, quotients, graphs) are byte for byte what
// encoding/json writes for them whole: the web's one line with HTML
// escaped (Marshal) and the CLI's indented document (an Encoder with
// SetIndent "  " and no HTML escaping), on real answers of every shape
// (empty lists, nil lists, omitted keys, a stopped table) and on answers
// whose strings need escaping.
func TestAnswerStreamedLikeEncoding(t *testing.T) {
	ctx := context.Background()
	open := func(token string) Instance {
		t.Helper()
		inst, err := Open(token, nil)
		if err != nil {
			t.Fatal(err)
		}
		return inst
	}
	var answers []any
	add := func(v any, err error) {
		t.Helper()
		if err != nil && game.KindOf(err) != game.KindLimit {
			t.Fatal(err)
		}
		answers = append(answers, v)
	}
	add(Table(ctx, open("kayles"), 0, 100, nil))
	add(Table(ctx, open("nim"), 9223372036854775800, 9223372036854775807, nil))
	add(Table(ctx, open("subtract:1-3"), 5, 5, nil))
	add(Table(ctx, open("nim"), 0, MaxListed, nil)) // values nil: written null
	add(MisereTable(ctx, open("kayles"), 0, 12, nil))
	add(MisereTable(ctx, open("nim"), 3, 3, nil))
	add(MisereTable(ctx, open("kayles"), 0, 40, &Budget{MaxStates: 3000})) // stopped part way
	add(MisereTable(ctx, open("kayles"), 30, 40, &Budget{MaxStates: 1}))   // stopped at once: no genera
	add(Quotient(ctx, open("kayles"), 30, nil))
	add(Quotient(ctx, open("nim"), 0, nil))
	add(Quotient(ctx, open("subtract:1-3"), 50, nil))
	add(Quotient(ctx, open("octal:0.75"), 20, nil))
	for _, words := range []string{"kayles 5", "nim 2 1", "tictactoe x.o/.../...", "ends 3 1 2"} {
		pos, err := Parse(strings.Fields(words), nil)
		if err != nil {
			t.Fatal(err)
		}
		add(Graph(ctx, pos, nil, 0))
	}
	answers = append(answers,
		&GraphResult{Position: "a <b> & \"c\" é \u2028", Nodes: []GraphNode{{Position: "<&>", Label: "x"}}, Edges: []GraphEdge{}},
		&GraphResult{Position: "empty"},
		&MisereTableResult{Game: "<script>", Genera: []HeapGenus{{Genus: "&"}}, Stopped: &TableStop{Reason: "a <b>"}},
		(*TableResult)(nil),
	)
	for i, v := range answers {
		whole, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		check(t, i, v, JSONFormat{EscapeHTML: true}, append(whole, '\n'))
		var indented bytes.Buffer
		enc := json.NewEncoder(&indented)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		check(t, i, v, JSONFormat{Indent: "  "}, indented.Bytes())
	}
}

func check(t *testing.T, i int, v any, f JSONFormat, want []byte) {
	t.Helper()
	var got bytes.Buffer
	if err := WriteAnswer(&got, v, f, nil); err != nil {
		t.Fatalf("answer %d (%T): %v", i, v, err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		g, w := got.String(), string(want)
		at := 0
		for at < min(len(g), len(w)) && g[at] == w[at] {
			at++
		}
		t.Errorf("answer %d (%T), format %+v: differs from encoding/json at byte %d of %d:\n got %q\nwant %q",
			i, v, f, at, len(w), g[max(0, at-40):min(len(g), at+40)], w[max(0, at-40):min(len(w), at+40)])
	}
}

// TestAnswerCounted checks that an answer encoded whole counts against the
// request's memory limit: refused, before anything is written, when its
// encoding does not fit, and held against the budget when it does.
func TestAnswerCounted(t *testing.T) {
	res := &ValueResult{Position: strings.Repeat("nim 1 + ", 1000), WinningMoves: []Move{}}
	small := &Budget{MaxMemory: 4 << 10}
	_, err := PrepareAnswer(res, JSONFormat{}, small)
	if !errors.Is(err, ErrMemoryLimit) || game.KindOf(err) != game.KindLimit {
		t.Fatalf("8 KB answer under a 4 KiB limit: %v, want the memory limit", err)
	}
	if small.Memory() != 0 {
		t.Errorf("a refused answer holds %d bytes", small.Memory())
	}
	large := &Budget{MaxMemory: 1 << 20}
	a, err := PrepareAnswer(res, JSONFormat{}, large)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	n, err := a.WriteTo(&out)
	if err != nil || n != int64(out.Len()) {
		t.Fatalf("WriteTo: %d bytes, %v (wrote %d)", n, err, out.Len())
	}
	if held := large.Memory(); held < int64(out.Len()) {
		t.Errorf("an answer of %d bytes holds %d bytes of the budget", out.Len(), held)
	}
}

// TestAnswerEmbedding checks that an answer embedding a streamed one (the
// web's graph answer adds a layout to a GraphResult) keeps its own keys.
func TestAnswerEmbedding(t *testing.T) {
	v := struct {
		*GraphResult
		Layout string `json:"layout"`
	}{&GraphResult{Position: "nim 1", Nodes: []GraphNode{}, Edges: []GraphEdge{}}, "drawn"}
	whole, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	check(t, 0, v, JSONFormat{EscapeHTML: true}, append(whole, '\n'))
}
