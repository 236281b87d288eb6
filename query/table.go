package query

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"iter"
	"math"
	"strconv"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	heapgame "github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/periodic"
)

// MaxListed is the most values a TableResult lists in Values (and so in
// its JSON); longer tables are summarized and streamed with WriteValues.
const MaxListed = 1 << 20

// MaxWritten is the most values WriteValues writes (1 GiB as text of small
// values, 2 GiB as uint16).
const MaxWritten = 1 << 30

// TableResult is the answer of `grundy table` (docs/reference.md, "JSON keys").
type TableResult struct {
	Game    string        `json:"game"`
	From    int           `json:"from"`
	To      int           `json:"to"`
	Values  []game.Nimber `json:"values"`  // G(From..To); nil when more than MaxListed
	Pattern *Pattern      `json:"pattern"` // null when none is seen
	// Computed is how many values G(0..Computed-1) the engine computed; the
	// values past them follow from the proven pattern.
	Computed int          `json:"computed"`
	Summary  TableSummary `json:"summary"`
	States   int64        `json:"states"`
	// Stats are the sequence statistics (largest value and where, rare
	// values and mask: docs/sequences.md) of G(0..To) when it was all
	// computed from 0 (From 0, no extrapolation); nil otherwise.
	Stats *TableStats `json:"stats,omitempty"`

	table *games.Table
}

// Pattern is the (arithmetic) periodicity a sequence of values shows:
// G(n+Period) = G(n) + Saltus for every n >= Preperiod, Preperiod the
// least such n. Proven is true when a theorem, named in Reason, shows it
// for every n; otherwise Reason says how far it was observed. Checked is
// the number of values G(0..Checked-1) it was found in.
type Pattern struct {
	Preperiod int    `json:"preperiod"`
	Period    int    `json:"period"`
	Saltus    int    `json:"saltus"`
	Proven    bool   `json:"proven"`
	Reason    string `json:"reason"`
	Checked   int    `json:"checked"`
}

// patternOf returns the result form of an engine's pattern (nil for nil).
func patternOf(p *periodic.Pattern) *Pattern {
	if p == nil {
		return nil
	}
	return &Pattern{Preperiod: p.Preperiod, Period: p.Period, Saltus: p.Saltus, Proven: p.Proven, Reason: p.Reason, Checked: p.Checked}
}

// TableStats are the statistics of a sequence G(0..Values-1)
// (docs/sequences.md): the largest value and where it first occurs, the
// rare values under the mask that makes them fewest, and a checksum.
type TableStats struct {
	Values       int64  `json:"values"`                  // G(0..Values-1) computed
	Max          uint16 `json:"max"`                     // largest value
	ArgMax       int64  `json:"argmax"`                  // least heap size with the largest value
	Rare         int64  `json:"rare"`                    // heap sizes with a rare value
	LastRare     int64  `json:"last_rare"`               // largest heap size with a rare value
	Mask         uint16 `json:"mask"`                    // the mask making rare heap sizes fewest
	Checksum     string `json:"checksum"`                // CRC-64/ECMA of the values as little-endian uint16, hex
	SparseValues int64  `json:"sparse_values,omitempty"` // values computed by the sparse engine in this run
	Resumed      int64  `json:"resumed,omitempty"`       // values taken from the run file (0: fresh run)
	Work         int64  `json:"work,omitempty"`          // option evaluations done in this run (pairs, mostly)
}

// statsOf returns the result form of the sparse engine's statistics.
func statsOf(st sparse.Stats) TableStats { return TableStats(st) }

// TableSummary describes G(From..To) without listing it.
type TableSummary struct {
	Count uint64      `json:"count"` // values in From..To (2^63 for 0..math.MaxInt64)
	Zeros int64       `json:"zeros"` // P-positions: heaps of value 0
	Max   game.Nimber `json:"max"`   // the largest value
}

// Count returns the number of values in From..To (at most math.MaxInt64:
// 0..math.MaxInt64 holds one more).
func (r *TableResult) Count() int64 { return count(r.From, r.To) }

// count returns the number of integers in from..to, 0 <= from <= to,
// saturating at math.MaxInt64.
func count(from, to int) int64 {
	if d := uint64(to) - uint64(from) + 1; d <= math.MaxInt64 {
		return int64(d)
	}
	return math.MaxInt64
}

// Span yields from, from+1, ..., to: a loop over a range that may end at
// math.MaxInt64, where n <= to would always hold and n++ wrap around.
func Span(from, to int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if from > to {
			return
		}
		for n := from; yield(n) && n != to; n++ {
		}
	}
}

// At returns G(n) for From <= n <= To.
func (r *TableResult) At(n int) game.Nimber { return r.table.At(n) }

// Table tabulates G(from..to) of a game whose positions are single integers
// (games.Tabulator) and reports the pattern: proven where a theorem applies,
// observed otherwise.
func Table(ctx context.Context, inst games.Instance, from, to int, budget *limits.Budget) (*TableResult, error) {
	tab, ok := inst.(games.Tabulator)
	if !ok {
		return nil, game.Inputf("%s positions are not single integers, so it has no table (tables cover heap games and integer-positioned scripts)", inst.Name())
	}
	if from < 0 || to < 0 {
		return nil, game.Inputf("table range %d..%d: heap sizes are never negative", from, to)
	}
	if to < from {
		return nil, game.Inputf("table range %d..%d is empty: from must not exceed to", from, to)
	}
	t, err := tab.Table(ctx, from, to, budget)
	if err != nil {
		return nil, fmt.Errorf("table of %s: %w", inst.Name(), err)
	}
	res := &TableResult{Game: inst.Name(), From: from, To: to, Pattern: patternOf(t.Pattern), Computed: t.Computed, States: t.States, table: t}
	if res.Count() <= MaxListed {
		// The list (8 bytes a value) counts against the request (its JSON
		// is written value by value).
		if err := budget.Grow(res.Count() * 8); err != nil {
			return nil, fmt.Errorf("table of %s: the %d values listed: %w", inst.Name(), res.Count(), err)
		}
		res.Values = make([]game.Nimber, 0, res.Count())
		for n := range Span(from, to) {
			res.Values = append(res.Values, t.At(n))
		}
	}
	res.Summary = summarize(t)
	if from == 0 && t.Computed > to && res.Summary.Max <= heapgame.MaxValue {
		st := sparse.AnalyzeAt(int64(to)+1, func(n int64) uint16 { return uint16(t.At(int(n))) })
		stats := statsOf(st)
		res.Stats = &stats
	}
	return res, nil
}

// summarize counts zeros and finds the largest value of t's range: directly
// over the computed values, and for the extrapolated part of a proven
// periodic pattern (G(n) = G(n0 + (n-n0) mod p)) by whole periods.
func summarize(t *games.Table) TableSummary {
	s := TableSummary{Count: uint64(t.To) - uint64(t.From) + 1}
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
	extrapolated := p != nil && p.Proven && t.To >= t.Computed
	// The first whole period from max(From, Preperiod), if To reaches it.
	first := t.To
	if extrapolated {
		if f := max(t.From, p.Preperiod); f <= t.To-(p.Period-1) {
			first = f + p.Period - 1
		}
	}
	switch {
	case extrapolated && p.Saltus > 0:
		// Arithmetic periodicity: G(n+p) = G(n) + s, s > 0. Past the
		// first period from max(From, Preperiod) every value exceeds one
		// in it, so no zero lies there, and the largest value is in the
		// last period: count directly over both ends.
		for n := range Span(t.From, first) {
			add(t.At(n), 1)
		}
		if first < t.To {
			for n := range Span(max(first+1, t.To-(p.Period-1)), t.To) {
				add(t.At(n), 1)
			}
		}
		return s
	case extrapolated && p.Saltus == 0:
		direct = first
	}
	for n := range Span(t.From, direct) {
		add(t.At(n), 1)
	}
	if extrapolated && direct < t.To {
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
			if times == 0 {
				break // start+i is past To (and may not even be an int)
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
	for n := range Span(r.From, r.To) {
		v := r.At(n)
		if binaryFormat {
			if v > heapgame.MaxValue {
				return fmt.Errorf("G(%d) = %d does not fit in the 16-bit binary format: write the table as text", n, v)
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
