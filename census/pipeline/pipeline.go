// Package pipeline wires the census of take-and-break codes (the census
// steps of package query) into an Apache Beam pipeline, so
// that the same census runs in one process on Beam's Prism runner or on a
// cluster (Flink, Spark, Dataflow) through Beam's portable runners.
//
// The pipeline only wires library functions; every step is one call:
//
//	codes (query.CensusCodes, on the driver)
//	  -> canonical code and rule of each (query.CensusCanonical)
//	  -> GroupByKey on the canonical code
//	  -> the records of each group (query.CensusSolve; with Certificates, a
//	     certificate of each proven code, query.CodeCertificate; query.CensusKeep
//	     writes them)
//	  -> one group of all records (query.CensusSave: records.jsonl, census.md)
//
// The census directory (Config.Out) must be visible to every worker: the
// run files of open codes and the records kept per group live there.
package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/grundy-go/grundy/query"
)

// Config is one census run.
type Config struct {
	Digits  int      // codes of up to Digits digits after the point
	Hex     bool     // hexadecimal digits (0-F) rather than octal
	Codes   []string // the codes to run instead of an enumeration (nil: enumerate)
	To      int64    // G(0..To) for each code
	Out     string   // the census directory
	MaxWork int64    // engine work a code may spend in one run (0: none)
	Workers int      // cores of each sparse-engine run (0: the engine's default)
	// Certificates is the directory that receives a certificate of each
	// proven code (query.CodeCertificate), "" for none.
	Certificates string
}

func init() {
	register.DoFn3x1[context.Context, string, func(string, query.CensusMember), error](&canonicalFn{})
	register.Emitter2[string, query.CensusMember]()
	register.DoFn4x1[context.Context, string, func(*query.CensusMember) bool, func(query.CensusRecord), error](&solveFn{})
	register.Iter1[query.CensusMember]()
	register.Emitter1[query.CensusRecord]()
	register.DoFn3x1[int, func(*query.CensusRecord) bool, func(int), error](&saveFn{})
	register.Iter1[query.CensusRecord]()
	register.Emitter1[int]()
	register.Function1x2(oneKey)
	beam.RegisterType(reflect.TypeOf((*query.CensusMember)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*query.CensusRecord)(nil)).Elem())
}

// Validate checks cfg before a pipeline is built: the digits, every code,
// the heap size, the census and certificates directories, and the records
// already in the census directory (query.CensusValidate). Its errors are
// the user's input (wrapping game.ErrInput).
func Validate(cfg Config) error {
	codes := cfg.Codes
	if codes == nil {
		var err error
		if codes, err = query.CensusCodes(cfg.Digits, cfg.Hex); err != nil {
			return err
		}
	}
	return query.CensusValidate(codes, cfg.To, cfg.Out, cfg.Certificates)
}

// Build adds the census to the pipeline of s and returns the number of
// records saved (one element).
func Build(s beam.Scope, cfg Config) (beam.PCollection, error) {
	codes := cfg.Codes
	if codes == nil {
		var err error
		if codes, err = query.CensusCodes(cfg.Digits, cfg.Hex); err != nil {
			return beam.PCollection{}, err
		}
	}
	if len(codes) == 0 {
		return beam.PCollection{}, fmt.Errorf("census: no codes")
	}
	if cfg.Out == "" {
		return beam.PCollection{}, fmt.Errorf("census: no output directory")
	}
	s = s.Scope("census")
	col := beam.CreateList(s, codes)
	keyed := beam.ParDo(s, &canonicalFn{}, col)
	groups := beam.GroupByKey(s, keyed)
	recs := beam.ParDo(s, &solveFn{To: cfg.To, Out: cfg.Out, MaxWork: cfg.MaxWork, Workers: cfg.Workers, Certificates: cfg.Certificates}, groups)
	all := beam.GroupByKey(s, beam.ParDo(s, oneKey, recs))
	return beam.ParDo(s, &saveFn{Out: cfg.Out}, all), nil
}

// canonicalFn keys each code by the code it equals (query.CensusCanonical).
type canonicalFn struct{}

func (f *canonicalFn) ProcessElement(ctx context.Context, code string, emit func(string, query.CensusMember)) error {
	can, rule, err := query.CensusCanonical(ctx, code)
	if err != nil {
		return err
	}
	emit(can, query.CensusMember{Code: code, Rule: rule})
	return nil
}

// solveFn computes a group (query.CensusSolve), writes the certificates of its
// proven codes when asked, and keeps its records in the census directory
// (query.CensusKeep).
type solveFn struct {
	To           int64  `json:"to"`
	Out          string `json:"out"`
	MaxWork      int64  `json:"max_work"`
	Workers      int    `json:"workers"`
	Certificates string `json:"certificates"`

	prior map[string]query.CensusRecord
}

func (f *solveFn) Setup() error {
	var err error
	f.prior, err = query.CensusLoad(f.Out)
	return err
}

func (f *solveFn) ProcessElement(ctx context.Context, code string, members func(*query.CensusMember) bool, emit func(query.CensusRecord)) error {
	var ms []query.CensusMember
	var m query.CensusMember
	for members(&m) {
		ms = append(ms, m)
	}
	recs, err := query.CensusSolve(ctx, code, ms, f.To, f.prior, query.CensusOptions{
		RunDir: query.CensusRunsPath(f.Out), MaxWork: f.MaxWork, Workers: f.Workers})
	if err != nil {
		return err
	}
	if f.Certificates != "" {
		for i := range recs {
			if err := certify(ctx, &recs[i], f.Certificates, f.Out); err != nil {
				return err
			}
		}
	}
	if err := query.CensusKeep(f.Out, recs); err != nil {
		return err
	}
	for _, r := range recs {
		emit(r)
	}
	return nil
}

// certify writes the certificate of a proven record's pattern to
// dir/CODE.cert, tabulating the code itself (an equivalent code's
// certificate is of its own rules), and records its path relative to the
// census directory out, for the links of census.md.
func certify(ctx context.Context, rec *query.CensusRecord, dir, out string) error {
	rec.Certificate = ""
	if !rec.Proven || rec.Saltus != 0 {
		return nil
	}
	c, err := query.CodeCertificate(ctx, rec.Code, int(max(rec.Computed-1, 0)), nil)
	if err != nil {
		return fmt.Errorf("certificate of %s: %w", rec.Code, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("certificates directory: %w", err)
	}
	path := filepath.Join(dir, rec.Code+".cert")
	if err := query.WriteCertificate(path, c); err != nil {
		return err
	}
	rec.Certificate = path
	if abs, err := filepath.Abs(path); err == nil {
		if absOut, err := filepath.Abs(out); err == nil {
			if rel, err := filepath.Rel(absOut, abs); err == nil {
				rec.Certificate = filepath.ToSlash(rel)
			}
		}
	}
	return nil
}

// oneKey keys every record by 0, to gather them in one group.
func oneKey(r query.CensusRecord) (int, query.CensusRecord) { return 0, r }

// saveFn writes the records file and the table (query.CensusSave).
type saveFn struct {
	Out string `json:"out"`
}

func (f *saveFn) ProcessElement(_ int, recs func(*query.CensusRecord) bool, emit func(int)) error {
	var all []query.CensusRecord
	var r query.CensusRecord
	for recs(&r) {
		all = append(all, r)
	}
	if err := query.CensusSave(f.Out, all); err != nil {
		return err
	}
	emit(len(all))
	return nil
}
