package query

import (
	"context"

	"github.com/grundy-go/grundy/heap/census"
)

// The census steps (docs/census.md), for the census module's pipeline,
// which runs them on Apache Beam: list the codes, key each by the simpler
// code it equals, solve each group, keep and save the records. The
// pipeline imports query alone; package heap/census does the work.
//
// The types below are query's own: each converts to and from its
// heap/census twin (a Go conversion, which compiles only while the two
// have the same fields), and TestCensusRecordKeys holds the records file
// that heap/census writes to the keys of CensusRecord.

// CensusRecord is the census's line for one code: its pattern and
// statistics (one a line of records.jsonl; the keys are those of
// docs/census.md, "What it writes").
type CensusRecord struct {
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

// CensusMember is a code of a census and the rule by which it equals its
// group's code ("" for that code itself).
type CensusMember struct {
	Code string `json:"code"`
	Rule string `json:"rule,omitempty"`
}

// CensusOptions tune the computation of a code.
type CensusOptions struct {
	// RunDir keeps the run files of open codes, resumed by later calls;
	// "" computes in memory.
	RunDir string
	// MaxWork bounds the engine work (option evaluations) one call spends
	// on the sparse phase of a code; 0: no bound. A code stopped by it is
	// recorded open.
	MaxWork int64
	// ProofBudget is the work the first phase may spend to reach a proof
	// window past the first values (0: the default).
	ProofBudget float64
	// Workers is the cores each sparse run uses (0: both).
	Workers int
}

// CensusCodes lists the octal codes of the census: digits digits after the
// point, hexadecimal digits when hex is set.
func CensusCodes(digits int, hex bool) ([]string, error) { return census.Codes(digits, hex) }

// CensusCanonical returns the simplest code whose values code has, and the
// rule that says why.
func CensusCanonical(ctx context.Context, code string) (canonical, rule string, err error) {
	return census.Canonical(ctx, code)
}

// CensusSolve returns the records of the code canonical and of the members
// equal to it, computing canonical's unless prior holds it done to to.
func CensusSolve(ctx context.Context, canonical string, members []CensusMember, to int64, prior map[string]CensusRecord, opt CensusOptions) ([]CensusRecord, error) {
	ms := make([]census.Member, len(members))
	for i, m := range members {
		ms[i] = census.Member(m)
	}
	var engPrior map[string]census.Record
	if prior != nil {
		engPrior = make(map[string]census.Record, len(prior))
		for code, r := range prior {
			engPrior[code] = census.Record(r)
		}
	}
	recs, err := census.Solve(ctx, canonical, ms, to, engPrior, census.Options(opt))
	if err != nil {
		return nil, err
	}
	return censusRecords(recs), nil
}

// CensusLoad reads the records of the census directory dir, by code.
func CensusLoad(dir string) (map[string]CensusRecord, error) {
	recs, err := census.Load(dir)
	if err != nil {
		return nil, err
	}
	out := make(map[string]CensusRecord, len(recs))
	for code, r := range recs {
		out[code] = CensusRecord(r)
	}
	return out, nil
}

// CensusKeep writes the records of one group to a file of their own in
// dir, so that a census killed before CensusSave keeps them.
func CensusKeep(dir string, recs []CensusRecord) error { return census.Keep(dir, engineRecords(recs)) }

// CensusSave writes the records file and the table of dir atomically.
func CensusSave(dir string, recs []CensusRecord) error { return census.Save(dir, engineRecords(recs)) }

// censusRecords converts heap/census's records to query's.
func censusRecords(recs []census.Record) []CensusRecord {
	out := make([]CensusRecord, len(recs))
	for i, r := range recs {
		out[i] = CensusRecord(r)
	}
	return out
}

// engineRecords converts query's records to heap/census's.
func engineRecords(recs []CensusRecord) []census.Record {
	out := make([]census.Record, len(recs))
	for i, r := range recs {
		out[i] = census.Record(r)
	}
	return out
}

// CensusRunsPath is the directory of the run files of the census directory
// dir.
func CensusRunsPath(dir string) string { return census.RunsPath(dir) }

// CensusValidate checks the input of a census run before any work starts:
// the codes, the heap size to, the census directory dir and the
// certificates directory certs ("" for none), and the records already in
// dir. Errors wrap game.ErrInput.
func CensusValidate(codes []string, to int64, dir, certs string) error {
	return census.Validate(codes, to, dir, certs)
}
