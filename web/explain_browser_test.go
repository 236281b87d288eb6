package web

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grundy-go/grundy/query"
)

// explainOf is query.Explain of a position, the numbers the panel must
// show.
func explainOf(t *testing.T, position string) *query.Explanation {
	t.Helper()
	pos, err := query.ParseString(position)
	if err != nil {
		t.Fatal(err)
	}
	x, err := query.Explain(context.Background(), pos, query.ExplainOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// openExplain opens the Explain panel of the page on screen and waits for
// its answer. On the analyse page it waits for the analysis first: the
// panel below it moves when the analysis is drawn, and a click must not
// miss it.
func openExplain(b *browser) {
	b.t.Helper()
	if eval[bool](b, `document.getElementById('result') !== null && location.pathname.endsWith('analyse.html')`) {
		b.wait(`#result[data-done="true"]`)
	}
	b.do("open the explain panel", chromedp.Click(chromedp.CSS(`#explain summary`), chromedp.NodeVisible))
	b.wait(`#explain-body[data-done="true"]`)
}

func atoiList(t *testing.T, s []string) []int {
	t.Helper()
	out := make([]int, len(s))
	for i, v := range s {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("not a number %q in %v", v, s)
		}
		out[i] = n
	}
	return out
}

// TestBrowserExplain opens the Explain panel on both faces for nim,
// kayles (a row of 10^18 read off its period), tic-tac-toe and the game of
// taking from both ends (on the play page, with the margin so far), and
// checks its numbers against query.Explain.
func TestBrowserExplain(t *testing.T) {
	forEachFace(t, func(t *testing.T, base string) {
		b := newBrowserAt(t, base)
		for _, position := range []string{"nim 3 4 5", "kayles 10 + kayles 1000000000000000000"} {
			b.open("/analyse.html?position=" + url.QueryEscape(position))
			openExplain(b)
			want := explainOf(t, position).Impartial
			values := atoiList(t, eval[[]string](b, `[...document.querySelectorAll('#explain-components > li')].map(li => li.dataset.value)`))
			reasons := eval[[]string](b, `[...document.querySelectorAll('#explain-components > li')].map(li => li.dataset.reason)`)
			bits := eval[[]string](b, `[...document.querySelectorAll('#explain-xor td.bits')].map(td => td.textContent)`)
			sum := eval[string](b, `document.querySelector('#explain-xor tr.sum').dataset.value`)
			moves := eval[[]string](b, `[...document.querySelectorAll('#explain-moves li')].map(li => li.dataset.component + ':' + li.dataset.from + '>' + li.dataset.to)`)
			if len(values) != len(want.Components) || sum != fmt.Sprint(want.Grundy) || len(bits) != len(want.XOR.Rows)+1 || bits[len(bits)-1] != want.XOR.SumBits {
				t.Fatalf("%s: values %v, bits %v, sum %s; query %+v", position, values, bits, sum, want.XOR)
			}
			for i, c := range want.Components {
				if values[i] != int(c.Value) || reasons[i] != c.Reason || bits[i] != want.XOR.Rows[i].Bits {
					t.Errorf("%s: component %d shows %d (%s, %s), query %d (%s, %s)", position, i, values[i], reasons[i], bits[i], c.Value, c.Reason, want.XOR.Rows[i].Bits)
				}
			}
			if len(moves) != len(want.WinningMoves) {
				t.Fatalf("%s: %d winning moves shown, query %d", position, len(moves), len(want.WinningMoves))
			}
			for i, m := range want.WinningMoves {
				if w := fmt.Sprintf("%d:%d>%d", m.Component, m.From, m.To); moves[i] != w {
					t.Errorf("%s: winning move %d shows %s, query %s", position, i, moves[i], w)
				}
			}
			b.shot("explain-" + position[:4])
		}
		// nim 3 4 5: heap 3 (component 0) from 3 to 3 XOR 2 = 1.
		b.open("/analyse.html?position=" + url.QueryEscape("nim 3 4 5"))
		openExplain(b)
		if moves := eval[[]string](b, `[...document.querySelectorAll('#explain-moves li')].map(li => li.textContent)`); len(moves) != 1 || moves[0] != "component 1 (nim 3): from 3 to 3 XOR 2 = 1, by take 2: nim 1" {
			t.Errorf("nim 3 4 5: winning moves %q", moves)
		}

		// Tic-tac-toe: the best line and each first move, with remoteness.
		const ttt = "tictactoe xo./.x./..."
		b.open("/analyse.html?position=" + url.QueryEscape(ttt))
		openExplain(b)
		g := explainOf(t, ttt).General
		line := eval[[]string](b, `[...document.querySelectorAll('#explain-line li')].map(li => li.dataset.position + '|' + li.dataset.outcome + '|' + li.dataset.remoteness)`)
		if len(line) != len(g.Line) {
			t.Fatalf("%s: line %v, query %+v", ttt, line, g.Line)
		}
		for i, s := range g.Line {
			if w := fmt.Sprintf("%s|%s|%s", s.Position, s.Outcome, remotenessText(s.Remoteness)); line[i] != w {
				t.Errorf("%s: step %d shows %s, query %s", ttt, i, line[i], w)
			}
		}
		choices := eval[[]string](b, `[...document.querySelectorAll('#explain-choices li')].map(li => li.dataset.position + '|' + li.dataset.outcome + '|' + li.dataset.remoteness)`)
		if len(choices) != len(g.Choices) {
			t.Fatalf("%s: choices %v, query %+v", ttt, choices, g.Choices)
		}
		for i, c := range g.Choices {
			if w := fmt.Sprintf("%s|%s|%s", c.Position, c.Outcome, remotenessText(c.Remoteness)); choices[i] != w {
				t.Errorf("%s: first move %d shows %s, query %s", ttt, i, choices[i], w)
			}
		}
		b.shot("explain-tictactoe")

		// Both ends, on the play page: each choice's margin, then, after a
		// move and the reply, the margin so far added to the margin to come.
		const ends = "ends 3 9 1 2 8 4"
		b.open("/play.html?position=" + url.QueryEscape(ends))
		b.wait(`#board[data-turn="human"]`)
		openExplain(b)
		checkEnds(t, b, ends)
		b.do("take an end", chromedp.Click(chromedp.CSS(`#moves button.move`), chromedp.NodeVisible))
		b.wait(`#board[data-turn="human"], #board[data-turn="over"]`)
		b.wait(`#explain-body[data-done="true"] #explain-margin`)
		now := eval[string](b, `document.querySelector('#explain-line li').dataset.position`)
		come := checkEnds(t, b, now)
		totals := eval[[]int](b, `[...document.querySelectorAll('#totals .total')].map(x => +x.textContent.split(': ')[1])`)
		margin := b.text(`#explain-margin`)
		if len(totals) != 2 {
			t.Fatalf("totals %v", totals)
		}
		so := totals[0] - totals[1] // the human moved first and is to move again
		if want := fmt.Sprintf("Margin so far for the player to move: %s; to come under best play: %s; in all: %s.", signed(so), signed(int(come)), signed(so+int(come))); margin != want {
			t.Errorf("margin line %q, want %q", margin, want)
		}
		b.shot("explain-ends")
		b.noErrors()
	})
}

// checkEnds checks the panel's margins of an ends position against query
// and returns the margin to come.
func checkEnds(t *testing.T, b *browser, position string) int64 {
	t.Helper()
	g := explainOf(t, position).General
	scores := eval[[]string](b, `[...document.querySelectorAll('#explain-choices li')].map(li => li.dataset.position + '|' + li.dataset.score)`)
	if len(scores) != len(g.Choices) {
		t.Fatalf("%s: choices %v, query %+v", position, scores, g.Choices)
	}
	for i, c := range g.Choices {
		if w := fmt.Sprintf("%s|%d", c.Position, *c.Score); scores[i] != w {
			t.Errorf("%s: choice %d shows %s, query %s", position, i, scores[i], w)
		}
	}
	return *g.Score
}

func remotenessText(r *int) string {
	if r == nil {
		return ""
	}
	return strconv.Itoa(*r)
}

func signed(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}
