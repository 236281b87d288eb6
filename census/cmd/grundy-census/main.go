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
package main

import (
	"context"
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
	)
	// Beam registers some hundred flags of its own on the command line;
	// --help shows grundy-census's and points to them.
	flag.Usage = func() { usage(flag.CommandLine.Output(), flag.CommandLine, false) }
	flag.Parse()
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
		// Bad input: one line and exit status 2, before Beam starts (and
		// logs its plan).
		fmt.Fprintln(os.Stderr, "grundy-census:", err)
		os.Exit(2)
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "grundy-census:", err)
		os.Exit(1)
	}
}

// ownFlags are grundy-census's own flags, in the order --help lists them;
// every other flag of the command line is Beam's.
var ownFlags = []string{"out", "digits", "hex", "codes", "to", "max-work", "workers", "certificates", "help-beam"}

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
// their flags.
func check(cfg pipeline.Config) error {
	if cfg.Out == "" {
		return fmt.Errorf("--out is required")
	}
	if cfg.To < 0 {
		return fmt.Errorf("--to %d: want a heap size >= 0", cfg.To)
	}
	if cfg.MaxWork < 0 || cfg.Workers < 0 {
		return fmt.Errorf("--max-work and --workers: want 0 (no limit, the default) or more")
	}
	if err := pipeline.Validate(cfg); err != nil {
		return fmt.Errorf("bad input: %w", err)
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
