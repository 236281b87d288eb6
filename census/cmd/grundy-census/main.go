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
		digits  = flag.Int("digits", 2, "codes of up to this many digits after the point")
		hex     = flag.Bool("hex", false, "hexadecimal digits (0-F, moves leaving three heaps) rather than octal")
		codes   = flag.String("codes", "", "comma-separated codes to run instead of the enumeration (e.g. 0.16,0.137)")
		to      = flag.Int64("to", 1<<14, "compute each code to G(0..to)")
		out     = flag.String("out", "", "census directory: records.jsonl, census.md, run files (required)")
		maxWork = flag.Int64("max-work", 0, "engine work (option evaluations) a code may spend in this run, 0 for no limit")
		workers = flag.Int("workers", 0, "cores of each sparse-engine run (0: the engine's default, two)")
		certs   = flag.String("certificates", "", "write a certificate of each proven code to this directory (docs/certificates.md); census.md links them")
	)
	flag.Parse()
	beam.Init() // a worker binary of a cluster runner stops here
	if err := run(*digits, *hex, *codes, *to, *out, *maxWork, *workers, *certs); err != nil {
		fmt.Fprintln(os.Stderr, "grundy-census:", err)
		os.Exit(1)
	}
}

func run(digits int, hex bool, codes string, to int64, out string, maxWork int64, workers int, certs string) error {
	if out == "" {
		return fmt.Errorf("--out is required")
	}
	if to < 0 {
		return fmt.Errorf("--to %d: want a heap size >= 0", to)
	}
	cfg := pipeline.Config{Digits: digits, Hex: hex, To: to, Out: out, MaxWork: maxWork, Workers: workers, Certificates: certs}
	if codes != "" {
		cfg.Codes = strings.Split(codes, ",")
	}
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
