package query

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// censusKeys are the keys of a census record, in the order records.jsonl
// writes them: the census's output format, which a renamed field or tag
// must not change silently.
var censusKeys = []string{"code", "equals", "rule", "to", "computed", "preperiod", "period", "saltus",
	"proven", "reason", "rare", "last_rare", "max", "argmax", "mask", "checksum", "seconds", "stopped",
	"certificate"}

// TestCensusRecordKeys pins the JSON keys of a census record: CensusRecord
// marshals to censusKeys, docs/census.md lists exactly them, and the
// records file that CensusSave writes (heap/census's encoding) holds the
// same line byte for byte and reads back the same record.
func TestCensusRecordKeys(t *testing.T) {
	rec := CensusRecord{Code: "4.07", Equals: "0.07", Rule: "take-all", To: 1 << 14, Computed: 4096,
		Preperiod: 8, Period: 34, Saltus: 1, Proven: true, Reason: "Guy–Smith", Rare: 3, LastRare: 70,
		Max: 9, ArgMax: 51, Mask: 32, Checksum: "0123456789abcdef", Seconds: 1.5, Stopped: "work limit",
		Certificate: "certs/4.07.cert"}
	v := reflect.ValueOf(rec)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("the test record leaves %s zero, so omitempty could hide its key", v.Type().Field(i).Name)
		}
	}
	line, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := objectKeys(t, line); !slices.Equal(got, censusKeys) {
		t.Errorf("CensusRecord's keys\n%v\nwant\n%v", got, censusKeys)
	}

	doc, err := os.ReadFile("../docs/census.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(doc), "`DIR/records.jsonl`")
	table, _, _ = strings.Cut(table, "\n\n`DIR/census.md`")
	var documented []string
	for _, row := range strings.Split(table, "\n") {
		if first, ok := strings.CutPrefix(row, "| `"); ok {
			first, _, _ = strings.Cut("`"+first, " |")
			for _, m := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(first, -1) {
				documented = append(documented, m[1])
			}
		}
	}
	slices.Sort(documented)
	want := slices.Sorted(slices.Values(censusKeys))
	if !slices.Equal(documented, want) {
		t.Errorf("docs/census.md lists the keys\n%v\nwant\n%v", documented, want)
	}

	dir := t.TempDir()
	if err := CensusSave(dir, []CensusRecord{rec}); err != nil {
		t.Fatal(err)
	}
	saved, err := os.ReadFile(filepath.Join(dir, "records.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(saved, append(line, '\n')) {
		t.Errorf("records.jsonl holds\n%s\nwant\n%s", saved, line)
	}
	loaded, err := CensusLoad(dir)
	if err != nil {
		t.Fatal(err)
	}
	if loaded[rec.Code] != rec || len(loaded) != 1 {
		t.Errorf("CensusLoad read %+v, want %+v", loaded, rec)
	}
}

// objectKeys returns the keys of the JSON object data, in order.
func objectKeys(t *testing.T, data []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	var keys []string
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}
