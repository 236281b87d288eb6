package query

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	heapgame "github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/periodic"
)

// Run files (docs/sequences.md): a long sequence computed by the sparse
// engine straight into a memory-mapped file that a stopped or killed run
// continues.
const (
	// RunFileFrom is the table length from which `--out` writes a run file
	// by itself: a run file holds a long table on disk, with only its ends
	// resident, where an in-memory table holds 2 bytes a value (up to what
	// the request's memory budget allows, heapgame.MaxValues).
	RunFileFrom = heapgame.MaxLength
	// MaxRunTo is the largest heap a run file holds.
	MaxRunTo = sparse.MaxTo
)

// RunProgress is what a run reports after each block of positions.
type RunProgress struct {
	Done  int64  // values final so far (G(0..Done-1))
	Total int64  // values wanted (to+1)
	Rare  int    // rare heap sizes so far, under Mask
	Max   uint16 // largest value so far
	Mask  uint16 // the mask in force
	Mode  string // the engine of the next block: "plain" or "sparse"
}

// ErrRunExists is matched by the error of a run that would overwrite an
// existing run file without Resume.
var ErrRunExists = sparse.ErrExists

// RunTableResult is the answer of a table written to a run file: the table
// keys of docs/reference.md, "JSON keys" (values only when at most
// MaxListed), the summary and the sequence statistics.
type RunTableResult struct {
	Game     string       `json:"game"`
	From     int          `json:"from"`
	To       int          `json:"to"`
	Values   []uint16     `json:"values"`
	Pattern  *Pattern     `json:"pattern"`
	Computed int64        `json:"computed"`
	Summary  TableSummary `json:"summary"`
	Stats    TableStats   `json:"stats"`
	File     string       `json:"file"`

	all []uint16 // G(0..To), mapped from the file until Close
	seq *sparse.Sequence
}

// At returns G(n) for 0 <= n <= To.
func (r *RunTableResult) At(n int) uint16 { return r.all[n] }

// Close unmaps the run file.
func (r *RunTableResult) Close() error { return r.seq.Close() }

// RunOptions configure TableRun.
type RunOptions struct {
	Out      string // the run file
	Resume   bool   // continue the run in Out instead of starting one
	Budget   *Budget
	Progress func(RunProgress) // called after each block (nil: none)
	// List fills Values when the table has at most MaxListed values.
	List bool
}

// TableRun computes G(0..to) of inst, a games.Sequenced heap game, into the
// run file opts.Out, checkpointing as it goes, and summarizes G(from..to).
// A run stopped by a limit keeps its values up to the last checkpoint.
func TableRun(ctx context.Context, inst games.Instance, from, to int, opts RunOptions) (*RunTableResult, error) {
	if from < 0 || to < 0 || to < from {
		return nil, game.Inputf("table range %d..%d: heap sizes are never negative and from must not exceed to", from, to)
	}
	sq, ok := inst.(games.Sequenced)
	if !ok {
		return nil, game.Inputf("%s: run files hold the sequences of take-and-break heap games (octal codes, grundy-game)", inst.Name())
	}
	rules, ok := sq.SparseRules()
	if !ok {
		return nil, game.Inputf("%s: the sequence engine runs finite codes only (no repeating tail, no three-heap splits into distinct parts)", inst.Name())
	}
	cfg := sparse.Config{Rules: rules, To: int64(to), Out: opts.Out, Resume: opts.Resume, Budget: opts.Budget}
	if progress := opts.Progress; progress != nil {
		cfg.Progress = func(p sparse.Progress) {
			progress(RunProgress{Done: p.Done, Total: p.Total, Rare: p.Rare, Max: p.Max, Mask: p.Mask, Mode: p.Mode.String()})
		}
	}
	seq, err := sparse.Run(ctx, cfg)
	if err != nil {
		if errors.Is(err, game.ErrInput) {
			return nil, err
		}
		if _, statErr := os.Stat(opts.Out); statErr == nil {
			return nil, &RunStoppedError{File: opts.Out, Err: err}
		}
		return nil, err
	}
	res := &RunTableResult{Game: inst.Name(), From: from, To: to, Computed: int64(to) + 1,
		Stats: statsOf(seq.Stats), File: opts.Out, all: seq.Values, seq: seq}
	// The pattern search reads the last third of the values: released as
	// it goes, so a long run file is not left resident.
	res.Pattern = patternOf(periodic.FindReleasing(seq.Values, func(lo, hi int) { seq.Release(int64(lo), int64(hi)) }))
	seq.Release(0, int64(to)+1)
	res.Summary.Count = uint64(to-from) + 1
	// The summary reads every value: in chunks, each released after it,
	// so a long run file is not left resident.
	const chunk = 1 << 23
	for lo := from; lo <= to; lo += chunk {
		hi := min(lo+chunk, to+1)
		for _, v := range seq.Values[lo:hi] {
			if v == 0 {
				res.Summary.Zeros++
			}
			res.Summary.Max = max(res.Summary.Max, game.Nimber(v))
		}
		seq.Release(int64(lo), int64(hi))
	}
	if opts.List && res.Summary.Count <= uint64(MaxListed) {
		res.Values = seq.Values[from : to+1]
	}
	return res, nil
}

// RunStoppedError reports a run that stopped (a limit, a full disk) with
// its run file in place: the file keeps every value up to its last
// checkpoint, and a resumed run continues from there.
type RunStoppedError struct {
	File string
	Err  error
}

func (e *RunStoppedError) Error() string {
	return fmt.Sprintf("%v (the run file %s keeps every value up to its last checkpoint)", e.Err, e.File)
}

func (e *RunStoppedError) Unwrap() error { return e.Err }
