package query

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	heapgame "github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/solve"
)

// MaxListed is the most values a TableResult lists in Values (and so in
// its JSON); longer tables are summarized and streamed with WriteValues.
const MaxListed = 1 << 20

// MaxWritten is the most values WriteValues writes (1 GiB as text of small
// values, 2 GiB as uint16).
const MaxWritten = 1 << 30

// TableResult is the answer of `grundy table` (SPEC section 3).
type TableResult struct {
	Game    string            `json:"game"`
	From    int               `json:"from"`
	To      int               `json:"to"`
	Values  []game.Nimber     `json:"values"`  // G(From..To); nil when more than MaxListed
	Pattern *heapgame.Pattern `json:"pattern"` // null when none is seen
	// Computed is how many values G(0..Computed-1) the engine computed; the
	// values past them follow from the proven pattern.
	Computed int          `json:"computed"`
	Summary  TableSummary `json:"summary"`
	States   int64        `json:"states"`
	// Stats are the sequence statistics (largest value and where, rare
	// values and mask: docs/sequences.md) of G(0..To) when it was all
	// computed from 0 (From 0, no extrapolation); nil otherwise.
	Stats *sparse.Stats `json:"stats,omitempty"`

	table *games.Table
}

// TableSummary describes G(From..To) without listing it.
type TableSummary struct {
	Count int64       `json:"count"` // values in From..To
	Zeros int64       `json:"zeros"` // P-positions: heaps of value 0
	Max   game.Nimber `json:"max"`   // the largest value
}

// Count returns the number of values in From..To.
func (r *TableResult) Count() int64 { return int64(r.To) - int64(r.From) + 1 }

// At returns G(n) for From <= n <= To.
func (r *TableResult) At(n int) game.Nimber { return r.table.At(n) }

// Table tabulates G(from..to) of a game whose positions are single integers
// (games.Tabulator) and reports the pattern: proven where a theorem applies,
// observed otherwise.
func Table(ctx context.Context, inst games.Instance, from, to int, budget *solve.Budget) (*TableResult, error) {
	tab, ok := inst.(games.Tabulator)
	if !ok {
		return nil, game.Inputf("%s positions are not single integers, so it has no table (tables cover heap games and integer-positioned scripts)", inst.Name())
	}
	if from < 0 || to < 0 {
		return nil, game.Inputf("table range %d..%d: heap sizes are never negative", from, to)
	}
	if to < from {
		return nil, game.Inputf("table range %d..%d is empty: --from must not exceed --to", from, to)
	}
	t, err := tab.Table(ctx, from, to, budget)
	if err != nil {
		return nil, fmt.Errorf("table of %s: %w", inst.Name(), err)
	}
	res := &TableResult{Game: inst.Name(), From: from, To: to, Pattern: t.Pattern, Computed: t.Computed, States: t.States, table: t}
	if res.Count() <= MaxListed {
		res.Values = make([]game.Nimber, 0, res.Count())
		for n := from; n <= to; n++ {
			res.Values = append(res.Values, t.At(n))
		}
	}
	res.Summary = summarize(t)
	if from == 0 && t.Computed > to && res.Summary.Max <= heapgame.MaxValue {
		st := sparse.AnalyzeAt(int64(to)+1, func(n int64) uint16 { return uint16(t.At(int(n))) })
		res.Stats = &st
	}
	return res, nil
}

// summarize counts zeros and finds the largest value of t's range: directly
// over the computed values, and for the extrapolated part of a proven
// periodic pattern (G(n) = G(n0 + (n-n0) mod p)) by whole periods.
func summarize(t *games.Table) TableSummary {
	s := TableSummary{Count: int64(t.To) - int64(t.From) + 1}
	add := func(v game.Nimber, times int64) {
		if v == 0 {
			s.Zeros += times
		}
		if times > 0 {
			s.Max = max(s.Max, v)
		}
	}
	direct := t.To // last n counted one by one
	p := t.Pattern
	periodic := p != nil && p.Proven && p.Saltus == 0 && t.To >= t.Computed
	if periodic {
		direct = min(t.To, max(t.From, p.Preperiod)+p.Period-1)
	}
	for n := t.From; n <= direct; n++ {
		add(t.At(n), 1)
	}
	if periodic && direct < t.To {
		// n in (direct, To]: each residue class of the period appears
		// floor or ceil times; count class c = n0 + (n-n0) mod p.
		start := direct + 1
		length := int64(t.To - start + 1)
		whole, rest := length/int64(p.Period), length%int64(p.Period)
		for i := 0; i < p.Period; i++ {
			times := whole
			if int64(i) < rest {
				times++
			}
			add(t.At(start+i), times)
		}
	}
	return s
}

// WriteValues writes G(From..To) to w, one decimal value per line, or with
// binary as raw little-endian uint16 (values above 65535 fail).
func (r *TableResult) WriteValues(w io.Writer, binaryFormat bool) error {
	if r.Count() > MaxWritten {
		return game.Inputf("writing G(%d..%d) takes %d values, more than the %d allowed", r.From, r.To, r.Count(), MaxWritten)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf [20]byte
	for n := r.From; n <= r.To; n++ {
		v := r.At(n)
		if binaryFormat {
			if v > heapgame.MaxValue {
				return fmt.Errorf("G(%d) = %d does not fit in uint16: use --format text", n, v)
			}
			binary.LittleEndian.PutUint16(buf[:2], uint16(v))
			if _, err := bw.Write(buf[:2]); err != nil {
				return err
			}
			continue
		}
		line := strconv.AppendUint(buf[:0], uint64(v), 10)
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}
