// Command grundy-census computes the census of take-and-break codes of up
// to --digits digits to G(0..--to) on Apache Beam, and writes the records
// (records.jsonl) and the table (census.md) to --out:
//
//	grundy-census --digits 3 --to 1048576 --out census-3 [--certificates census-3/certificates]
//
// It runs on Beam's Prism runner inside the process by default; --runner
// flink, spark or dataflow with Beam's flags (--endpoint,
// --environment_type, ...) runs the same pipeline on a cluster
// (docs/census.md). A rerun with the same --out keeps the finished
// records and extends only the open codes, from their run files.
//
// An error is one line on standard error, "grundy-census: MESSAGE", with
// exit status 2 for bad input and 1 otherwise; with --json it is also one
// JSON document on standard output, {"error": {"kind": ..., "message":
// ...}}, as grundy writes it (docs/errors.md).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/grundy-go/grundy/census/pipeline"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

func main() {
	var (
		digits   = flag.Int("digits", 2, "codes of up to this many digits after the point")
		hex      = flag.Bool("hex", false, "hexadecimal digits (0-F, moves leaving three heaps) rather than octal")
		codes    = flag.String("codes", "", "comma-separated codes to run instead of the enumeration (e.g. 0.16,0.137)")
		to       = flag.Int64("to", 1<<14, "compute each code to G(0..to)")
		out      = flag.String("out", "", "census directory: records.jsonl, census.md, run files (required)")
		maxWork  = flag.Int64("max-work", 0, "engine work (option evaluations) a code may spend in this run, 0 for no limit")
		workers  = flag.Int("workers", 0, "cores of each sparse-engine run (0: the engine's default, two)")
		certs    = flag.String("certificates", "", "write a certificate of each proven code to this directory (docs/certificates.md); census.md links them")
		beamHelp = flag.Bool("help-beam", false, "list Apache Beam's flags too (runners, cluster endpoints, environments)")
		asJSON   = flag.Bool("json", false, "on an error, also write it as one JSON document on standard output")
	)
	// Beam registers some hundred flags of its own on the command line;
	// --help shows grundy-census's and points to them.
	flag.Usage = func() { usage(flag.CommandLine.Output(), flag.CommandLine, false) }
	flag.CommandLine.Init(os.Args[0], flag.ContinueOnError)
	if err := flag.CommandLine.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		// The flag package wrote the error and the usage already.
		os.Exit(report(os.Stdout, io.Discard, game.Inputf("%w", err), wantsJSON(os.Args[1:])))
	}
	if *beamHelp {
		usage(os.Stdout, flag.CommandLine, true)
		return
	}
	beam.Init() // a worker binary of a cluster runner stops here
	cfg := pipeline.Config{Digits: *digits, Hex: *hex, To: *to, Out: *out, MaxWork: *maxWork, Workers: *workers, Certificates: *certs}
	if *codes != "" {
		cfg.Codes = strings.Split(*codes, ",")
	}
	if err := check(cfg); err != nil {
		// Bad input: reported before Beam starts (and logs its plan).
		os.Exit(report(os.Stdout, os.Stderr, err, *asJSON))
	}
	if err := run(cfg); err != nil {
		os.Exit(report(os.Stdout, os.Stderr, err, *asJSON))
	}
}

// report words err in one line on stderr and, with asJSON, writes it as
// one JSON document on stdout, {"error": {...}} (query.DescribeError, the
// shape grundy writes); it returns the exit status of the error's kind
// (docs/errors.md): 2 for bad input, a name not found or an unsupported
// question, 1 for anything else.
func report(stdout, stderr io.Writer, err error, asJSON bool) int {
	info := query.DescribeError(err)
	fmt.Fprintln(stderr, "grundy-census: "+info.Message)
	if asJSON {
		doc, _ := json.Marshal(struct {
			Error query.ErrorInfo `json:"error"`
		}{info})
		fmt.Fprintln(stdout, string(doc))
	}
	switch info.Kind {
	case game.KindInput, game.KindNotFound, game.KindUnsupported:
		return 2
	}
	return 1
}

// wantsJSON reports whether a command line that did not parse asks for
// --json (-json, --json=true, ...).
func wantsJSON(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		switch strings.TrimLeft(a, "-") {
		case "json", "json=true", "json=1", "json=t", "json=T", "json=TRUE", "json=True":
			return true
		}
	}
	return false
}

// ownFlags are grundy-census's own flags, in the order --help lists them;
// every other flag of the command line is Beam's.
var ownFlags = []string{"out", "digits", "hex", "codes", "to", "max-work", "workers", "certificates", "json", "help-beam"}

// usage writes the help of the flags of set: grundy-census's own, then a
// pointer to Beam's, or with beam all of Beam's after them.
func usage(w io.Writer, set *flag.FlagSet, beam bool) {
	fmt.Fprintln(w, "Usage: grundy-census --out DIR [--digits K] [--hex] [--codes C,...] [--to N] [flags]")
	fmt.Fprintln(w, "\nThe census of take-and-break codes on Apache Beam (docs/census.md). Flags:")
	own := flag.NewFlagSet("grundy-census", flag.ContinueOnError)
	own.SetOutput(w)
	for _, name := range ownFlags {
		if f := set.Lookup(name); f != nil {
			own.Var(f.Value, f.Name, f.Usage)
			own.Lookup(f.Name).DefValue = f.DefValue
		}
	}
	own.PrintDefaults()
	others := flag.NewFlagSet("beam", flag.ContinueOnError)
	others.SetOutput(w)
	set.VisitAll(func(f *flag.Flag) {
		if own.Lookup(f.Name) == nil {
			others.Var(f.Value, f.Name, f.Usage)
			others.Lookup(f.Name).DefValue = f.DefValue
		}
	})
	n := 0
	others.VisitAll(func(*flag.Flag) { n++ })
	if !beam {
		fmt.Fprintf(w, "\nApache Beam adds %d flags of its own (--runner flink|spark|dataflow, --endpoint, --environment_type, ...): grundy-census --help-beam lists them.\n", n)
		return
	}
	fmt.Fprintf(w, "\nApache Beam's %d flags (--runner flink|spark|dataflow runs the pipeline on a cluster):\n", n)
	others.PrintDefaults()
}

// check validates the flags: those pipeline.Validate checks, named by
// their flags. Its errors wrap game.ErrInput.
func check(cfg pipeline.Config) error {
	if cfg.Out == "" {
		return game.Inputf("--out is required")
	}
	if cfg.To < 0 {
		return game.Inputf("--to %d: want a heap size >= 0", cfg.To)
	}
	if cfg.MaxWork < 0 || cfg.Workers < 0 {
		return game.Inputf("--max-work and --workers: want 0 (no limit, the default) or more")
	}
	if err := pipeline.Validate(cfg); err != nil {
		return game.Inputf("bad input: %w", err)
	}
	return nil
}

func run(cfg pipeline.Config) error {
	to, out := cfg.To, cfg.Out
	p, s := beam.NewPipelineWithRoot()
	if _, err := pipeline.Build(s, cfg); err != nil {
		return err
	}
	start := time.Now()
	if err := beamx.Run(context.Background(), p); err != nil {
		return fmt.Errorf("census pipeline: %w", err)
	}
	log.Printf("census to %d written to %s in %v", to, out, time.Since(start).Round(time.Millisecond))
	return nil
}
