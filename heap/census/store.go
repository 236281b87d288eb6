package census

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/store"
)

// The files of a census directory.
const (
	RecordsFile = "records.jsonl" // one Record a line, sorted by code
	TableFile   = "census.md"     // Markdown
	RunsDir     = "runs"          // run files of open codes
	DoneDir     = "done"          // records kept as each group finishes, until Save
)

// Done reports whether rec needs no more work for a census to G(0..to):
// its pattern is proven, or it was computed through to without being
// stopped by a work limit.
func Done(rec Record, to int64) bool {
	return rec.Proven || (rec.To >= to && rec.Stopped == "")
}

// Load reads the records of a census directory, by code: those of the
// records file (none when there is none yet) and, replacing them, those
// kept by Keep since the last Save.
func Load(dir string) (map[string]Record, error) {
	recs, err := loadFile(filepath.Join(dir, RecordsFile))
	if err != nil {
		return nil, err
	}
	kept, err := filepath.Glob(filepath.Join(dir, DoneDir, "*.jsonl"))
	if err != nil {
		return nil, fmt.Errorf("census records: %w", err)
	}
	for _, path := range kept {
		more, err := loadFile(path)
		if err != nil {
			return nil, err
		}
		maps.Copy(recs, more)
	}
	return recs, nil
}

func loadFile(path string) (map[string]Record, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]Record{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("census records: %w", err)
	}
	defer f.Close()
	recs, err := ReadRecords(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return recs, nil
}

// Keep writes the records of one group (a code and the codes equal to it,
// the first record the group's code) to a file of their own in dir, so that
// a census killed before Save keeps them; groups running at the same time
// write different files.
func Keep(dir string, recs []Record) error {
	if len(recs) == 0 {
		return nil
	}
	lines, err := JSONLines(recs)
	if err != nil {
		return err
	}
	name := strings.ReplaceAll(recs[0].Code, ".", "_") + ".jsonl"
	return writeAtomic(filepath.Join(dir, DoneDir, name), lines)
}

// ReadRecords reads JSON lines of records, by code (a later line for a
// code replaces an earlier one).
func ReadRecords(r io.Reader) (map[string]Record, error) {
	recs := make(map[string]Record)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var rec Record
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			return nil, fmt.Errorf("census record line %d: %w", line, err)
		}
		if rec.Code == "" {
			return nil, fmt.Errorf("census record line %d: no code", line)
		}
		recs[rec.Code] = rec
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("census records: %w", err)
	}
	return recs, nil
}

// Sorted returns the records in table order (start, length, digits).
func Sorted(recs map[string]Record) []Record {
	out := make([]Record, 0, len(recs))
	for _, r := range recs {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b Record) int { return compareCodes(a.Code, b.Code) })
	return out
}

// JSONLines writes records as JSON lines, in the order given.
func JSONLines(recs []Record) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return nil, fmt.Errorf("census record %s: %w", r.Code, err)
		}
	}
	return b.Bytes(), nil
}

// Save writes the records (merged over those already in dir, kept ones
// included) to the records file and the Markdown table of dir, each
// replaced atomically (written aside, then renamed), so a census killed
// while saving keeps its former files; then it removes the kept records.
func Save(dir string, recs []Record) error {
	all, err := Load(dir)
	if err != nil {
		return err
	}
	for _, r := range recs {
		all[r.Code] = r
	}
	sorted := Sorted(all)
	lines, err := JSONLines(sorted)
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(dir, RecordsFile), lines); err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(dir, TableFile), []byte(Markdown(sorted))); err != nil {
		return err
	}
	// The records file now holds the kept records.
	if err := os.RemoveAll(filepath.Join(dir, DoneDir)); err != nil {
		return fmt.Errorf("census kept records: %w", err)
	}
	return nil
}

func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("census directory: %w", err)
	}
	if err := store.WriteFile(path, data); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}

// Markdown returns the census table in the shape researchers publish:
// the solved codes sorted by period (then pre-period, then code), with
// pre-period, period and the rare values, each code linked to its
// certificate when it has one; then the open codes with how far
// they were computed and the pattern observed, if any. A code equal to a
// simpler one names it.
func Markdown(recs []Record) string {
	var solved, open []Record
	for _, r := range recs {
		if r.Proven {
			solved = append(solved, r)
		} else {
			open = append(open, r)
		}
	}
	slices.SortStableFunc(solved, func(a, b Record) int {
		if a.Period != b.Period {
			return a.Period - b.Period
		}
		if a.Preperiod != b.Preperiod {
			return a.Preperiod - b.Preperiod
		}
		return compareCodes(a.Code, b.Code)
	})
	slices.SortStableFunc(open, func(a, b Record) int { return compareCodes(a.Code, b.Code) })
	var b strings.Builder
	fmt.Fprintf(&b, "%d codes: %d solved (periodicity proven), %d open.\n\n", len(recs), len(solved), len(open))
	fmt.Fprintf(&b, "### Solved codes, by period\n\n")
	fmt.Fprintf(&b, "| code | pre-period | period | rare | last rare | mask | largest (at) | computed | equals |\n")
	fmt.Fprintf(&b, "|---|--:|--:|--:|--:|--:|--:|--:|---|\n")
	for _, r := range solved {
		code := r.Code
		if r.Certificate != "" {
			code = fmt.Sprintf("[%s](%s)", r.Code, r.Certificate)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d (%d) | %d | %s |\n",
			code, r.Preperiod, r.Period, r.Rare, r.LastRare, r.Mask, r.Max, r.ArgMax, r.Computed, r.Equals)
	}
	fmt.Fprintf(&b, "\n### Open codes\n\n")
	fmt.Fprintf(&b, "| code | computed to | pattern observed | rare | last rare | mask | largest (at) | equals |\n")
	fmt.Fprintf(&b, "|---|--:|---|--:|--:|--:|--:|---|\n")
	for _, r := range open {
		pat := "none"
		if r.Period > 0 {
			pat = fmt.Sprintf("n0 %d, p %d, s %d", r.Preperiod, r.Period, r.Saltus)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %d | %d | %d | %d (%d) | %s |\n",
			r.Code, r.To, pat, r.Rare, r.LastRare, r.Mask, r.Max, r.ArgMax, r.Equals)
	}
	return b.String()
}

// RunsPath is the directory of the run files of the census directory dir.
func RunsPath(dir string) string { return filepath.Join(dir, RunsDir) }
