package census

import (
	"context"
	"errors"
	"fmt"
	"hash/crc64"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/sparse"
	"github.com/grundy-go/grundy/periodic"
)

// Record is the census entry of one code. The statistics are those of
// G(0..To) (sparse.Stats: the mask that makes the rare heap sizes fewest,
// their count and the last, the largest value and its least heap size,
// the CRC-64/ECMA of the values as little-endian uint16); for a proven
// pattern the values past Computed are the pattern's.
type Record struct {
	Code string `json:"code"` // as written in the tables: "0.45", "4.F"
	// Equals names the simpler code whose values this code has, by Rule
	// (empty: the code was computed itself).
	Equals    string  `json:"equals,omitempty"`
	Rule      string  `json:"rule,omitempty"`
	To        int64   `json:"to"`        // the statistics cover G(0..To)
	Computed  int64   `json:"computed"`  // values G(0..Computed-1) the engines computed
	Preperiod int     `json:"preperiod"` // of the pattern seen (proven or observed); 0 with Period 0
	Period    int     `json:"period"`    // 0: no pattern seen
	Saltus    int     `json:"saltus"`
	Proven    bool    `json:"proven"`
	Reason    string  `json:"reason,omitempty"` // the theorem of a proof, or how far a pattern was observed
	Rare      int64   `json:"rare"`
	LastRare  int64   `json:"last_rare"`
	Max       uint16  `json:"max"`
	ArgMax    int64   `json:"argmax"`
	Mask      uint16  `json:"mask"`
	Checksum  string  `json:"checksum"`
	Seconds   float64 `json:"seconds"` // wall time of the computation (0 for an equivalent code)
	// Stopped says why an open code stopped short of the To asked for
	// (a work limit); empty when it reached it.
	Stopped string `json:"stopped,omitempty"`
	// Certificate is the path, relative to the census directory, of the
	// certificate of a proven pattern (docs/certificates.md), when the
	// census wrote one.
	Certificate string `json:"certificate,omitempty"`
}

// Options tune Compute.
type Options struct {
	// RunDir keeps the run files of open codes (one per code, resumed and
	// extended by later calls); "" computes in memory.
	RunDir string
	// MaxWork bounds the engine work (option evaluations, as package
	// sparse counts them) one call spends on the sparse phase of a code;
	// 0: no bound. A code stopped by it is recorded open, with the values
	// of the last pass that finished.
	MaxWork int64
	// ProofBudget is the work heap.Tabulate may spend in the first phase
	// to reach a proof window past the first values (0:
	// heap.DefaultProofBudget).
	ProofBudget float64
	// Workers is the cores each sparse run uses (0: package sparse's
	// default, both).
	Workers int
}

// firstPhase is the last heap size of the first phase: heap.Tabulate
// computes G(0..firstPhase) (or fewer, when a proof comes first), enough
// to prove most small codes.
const firstPhase = 4095

// Compute computes one code to G(0..to) and returns its record.
//
// First heap.Tabulate computes G(0..min(to, 4095)) in doubling passes and
// proves the pattern where the Guy–Smith theorem applies (it may compute
// past to, within ProofBudget, to reach a seen pattern's window). A code
// left open goes to package sparse in doubling passes of G(0..2^m-1),
// through the run file of RunDir when set (resumed: a later call with a
// larger to extends it), checking the pattern and the theorem after each
// pass. A proven code's statistics cover G(0..to) by the pattern; its run
// file, no longer needed, is removed.
func Compute(ctx context.Context, code string, to int64, opt Options) (Record, error) {
	start := time.Now()
	rec, err := compute(ctx, code, to, opt)
	if err != nil {
		return Record{}, fmt.Errorf("census of %s to %d: %w", code, to, err)
	}
	rec.Seconds = time.Since(start).Seconds()
	return rec, nil
}

func compute(ctx context.Context, code string, to int64, opt Options) (Record, error) {
	if to < 0 || to > sparse.MaxTo {
		return Record{}, game.Inputf("heap size %d out of range 0..%d", to, int64(sparse.MaxTo))
	}
	c, err := heap.ParseCode(code)
	if err != nil {
		return Record{}, err
	}
	rules := heap.Octal(c)
	proofBudget := opt.ProofBudget
	if proofBudget <= 0 {
		proofBudget = heap.DefaultProofBudget
	}
	seq, err := heap.Tabulate(ctx, rules, int(min(to, firstPhase)), nil, proofBudget)
	if err != nil {
		return Record{}, err
	}
	if seq.Proven() || to <= firstPhase {
		rec, err := provenRecord(c.String(), seq, to)
		if err == nil && seq.Proven() {
			err = removeRun(opt.RunDir, c.String())
		}
		return rec, err
	}
	return sparsePhase(ctx, rules, to, opt)
}

// sparsePhase computes G(0..to) with package sparse in doubling passes,
// stopping at a proof, at to, or at the work limit.
func sparsePhase(ctx context.Context, rules heap.Rules, to int64, opt Options) (Record, error) {
	sr, ok := rules.SparseRules()
	if !ok {
		return Record{}, fmt.Errorf("the sparse engine does not run %s", rules)
	}
	name := rules.Code.String()
	out := ""
	if opt.RunDir != "" {
		if err := os.MkdirAll(opt.RunDir, 0o755); err != nil {
			return Record{}, fmt.Errorf("run directory: %w", err)
		}
		out = RunFile(opt.RunDir, name)
	}
	var known []uint16 // in-memory runs: the values of the last pass
	var spent int64
	// pass runs G(0..n); on success it returns a copy of the values
	// the record needs (all of them, or with a proof the pattern's prefix).
	last := int64(-1) // the end of the last pass that finished
	var rec Record
	var stopped string
	for n := int64(firstPhase+1)*2 - 1; ; n = 2*n + 1 {
		n = min(n, to)
		cfg := sparse.Config{Rules: sr, To: n, Workers: opt.Workers, Out: out, Resume: out != ""}
		if out == "" {
			cfg.Known = known
		}
		if opt.MaxWork > 0 {
			cfg.MaxWork = max(opt.MaxWork-spent, 1)
		}
		s, err := sparse.Run(ctx, cfg)
		if errors.Is(err, sparse.ErrWorkLimit) && last >= 0 {
			stopped = fmt.Sprintf("work limit %d reached computing G(0..%d)", opt.MaxWork, n)
			break
		}
		if errors.Is(err, sparse.ErrWorkLimit) {
			// Not one pass finished: record the first phase's values.
			seq, terr := heap.Tabulate(ctx, rules, firstPhase, nil, 0)
			if terr != nil {
				return Record{}, terr
			}
			rec, rerr := provenRecord(name, seq, firstPhase)
			rec.Stopped = fmt.Sprintf("work limit %d reached computing G(0..%d)", opt.MaxWork, n)
			return rec, rerr
		}
		if err != nil {
			return Record{}, err
		}
		spent += s.Stats.Work + (n + 1 - s.Stats.Resumed)
		pat := periodic.Find(s.Values)
		proven := rules.Prove(s.Values, pat)
		if proven != nil {
			pat = proven
		}
		rec = openRecord(name, s, pat)
		if proven != nil {
			keep := min(int64(len(s.Values)), int64(proven.Preperiod+proven.Period))
			hs := &heap.Sequence{Rules: rules, Values: append([]uint16(nil), s.Values[:keep]...), Pattern: proven}
			computed := int64(len(s.Values))
			if err := s.Close(); err != nil {
				return Record{}, err
			}
			r, err := provenRecord(name, hs, to)
			r.Computed = computed
			if err == nil {
				err = removeRun(opt.RunDir, name)
			}
			return r, err
		}
		if out == "" {
			known = s.Values
		}
		if err := s.Close(); err != nil {
			return Record{}, err
		}
		last = n
		if n >= to {
			break
		}
	}
	rec.Stopped = stopped
	return rec, nil
}

// openRecord is the record of computed values G(0..len-1) with the
// pattern seen in them (nil: none).
func openRecord(code string, s *sparse.Sequence, pat *periodic.Pattern) Record {
	st := s.Stats
	r := Record{Code: code, To: st.Values - 1, Computed: st.Values,
		Rare: st.Rare, LastRare: st.LastRare, Max: st.Max, ArgMax: st.ArgMax, Mask: st.Mask, Checksum: st.Checksum}
	setPattern(&r, pat)
	return r
}

func setPattern(r *Record, pat *periodic.Pattern) {
	if pat == nil {
		return
	}
	r.Preperiod, r.Period, r.Saltus, r.Proven, r.Reason = pat.Preperiod, pat.Period, pat.Saltus, pat.Proven, pat.Reason
}

// provenRecord is the record of seq over G(0..to): seq must cover to by
// its values or by a proven pattern.
func provenRecord(code string, seq *heap.Sequence, to int64) (Record, error) {
	at := func(n int64) uint16 {
		v, _ := seq.At(int(n)) // covered: checked below for to, so for every n <= to
		return uint16(v)
	}
	if _, ok := seq.At(int(to)); !ok {
		return Record{}, fmt.Errorf("G(%d) of %s is neither computed nor proven", to, code)
	}
	if seq.Proven() && seq.Pattern.Saltus != 0 {
		return Record{}, fmt.Errorf("proven pattern of %s has a saltus", code)
	}
	st := sparse.AnalyzeAt(to+1, at)
	r := Record{Code: code, To: to, Computed: int64(len(seq.Values)),
		Rare: st.Rare, LastRare: st.LastRare, Max: st.Max, ArgMax: st.ArgMax, Mask: st.Mask,
		Checksum: fmt.Sprintf("%016x", checksumAt(to+1, at))}
	setPattern(&r, seq.Pattern)
	return r, nil
}

// crcTable is the CRC-64/ECMA table, made on first use (as sparse's).
var crcTable = sync.OnceValue(func() *crc64.Table { return crc64.MakeTable(crc64.ECMA) })

// checksumAt is sparse.Checksum of at(0), ..., at(count-1), streamed.
func checksumAt(count int64, at func(n int64) uint16) uint64 {
	var crc uint64
	buf := make([]byte, 0, 1<<14)
	for n := int64(0); n < count; n++ {
		v := at(n)
		buf = append(buf, byte(v), byte(v>>8))
		if len(buf) == cap(buf) {
			crc = crc64.Update(crc, crcTable(), buf)
			buf = buf[:0]
		}
	}
	return crc64.Update(crc, crcTable(), buf)
}

// RunFile is the run file of code in dir: the code with the point
// written as "_" ("0_16.run").
func RunFile(dir, code string) string {
	return filepath.Join(dir, strings.ReplaceAll(code, ".", "_")+".run")
}

func removeRun(dir, code string) error {
	if dir == "" {
		return nil
	}
	if err := os.Remove(RunFile(dir, code)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove run file: %w", err)
	}
	return nil
}

// Equivalent returns the record of code from the record of the code it
// equals by rule: the same values, so the same pattern and statistics.
func Equivalent(code, rule string, of Record) Record {
	r := of
	r.Code, r.Equals, r.Rule, r.Seconds = code, of.Code, rule, 0
	r.Certificate = "" // of's certifies of's rules, not code's
	return r
}

// Member is a code of a census and the rule by which it equals the code
// its group is computed for ("" for that code itself).
type Member struct {
	Code string `json:"code"`
	Rule string `json:"rule,omitempty"`
}

// Solve returns the records of the code canonical and of the members equal
// to it: canonical's record from prior when it is Done for to, otherwise
// computed by Compute; each other member gets Equivalent of it. The
// record of canonical comes first.
func Solve(ctx context.Context, canonical string, members []Member, to int64, prior map[string]Record, opt Options) ([]Record, error) {
	base, ok := prior[canonical]
	if !ok || !Done(base, to) || base.Equals != "" {
		var err error
		if base, err = Compute(ctx, canonical, to, opt); err != nil {
			return nil, err
		}
	}
	recs := []Record{base}
	for _, m := range members {
		if m.Code != canonical {
			recs = append(recs, Equivalent(m.Code, m.Rule, base))
		}
	}
	return recs, nil
}
