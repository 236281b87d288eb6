package query

import (
	"context"

	"github.com/grundy-go/grundy/heap/census"
)

// The census steps (docs/census.md), for the census module's pipeline,
// which runs them on Apache Beam: list the codes, key each by the simpler
// code it equals, solve each group, keep and save the records. The
// pipeline imports query alone; package heap/census does the work.

// CensusRecord is the census's line for one code: its pattern and
// statistics (the JSON lines of records.jsonl).
type CensusRecord = census.Record

// CensusMember is a code of a census and the rule by which it equals its
// group's code ("" for that code itself).
type CensusMember = census.Member

// CensusOptions tune the computation of a code: where run files go, the
// work allowed a code, the workers.
type CensusOptions = census.Options

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
	return census.Solve(ctx, canonical, members, to, prior, opt)
}

// CensusLoad reads the records of the census directory dir, by code.
func CensusLoad(dir string) (map[string]CensusRecord, error) { return census.Load(dir) }

// CensusKeep writes the records of one group to a file of their own in
// dir, so that a census killed before CensusSave keeps them.
func CensusKeep(dir string, recs []CensusRecord) error { return census.Keep(dir, recs) }

// CensusSave writes the records file and the table of dir atomically.
func CensusSave(dir string, recs []CensusRecord) error { return census.Save(dir, recs) }

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
