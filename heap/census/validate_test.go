package census

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap/sparse"
)

func TestValidate(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	torn := filepath.Join(dir, "torn")
	good := filepath.Join(dir, "good")
	for _, d := range []string{torn, good} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A records file cut in the middle of its first line.
	if err := os.WriteFile(filepath.Join(torn, RecordsFile), []byte(`{"code":"0.1`), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(dir, "fresh") // does not exist yet: the run makes it
	for _, c := range []struct {
		name        string
		codes       []string
		to          int64
		dir, certs  string
		wantErrPart string // "" : valid
	}{
		{"valid", []string{"0.07", "0.137"}, 1 << 14, fresh, "", ""},
		{"valid existing", []string{"0.07"}, sparse.MaxTo, good, fresh, ""},
		{"bad digit", []string{"0.07", "0.zz"}, 100, fresh, "", `"0.zz"`},
		{"repeating tail", []string{"4.[3]"}, 100, fresh, "", "repeating tail"},
		{"no codes", nil, 100, fresh, "", "no codes"},
		{"negative to", []string{"0.07"}, -1, fresh, "", "out of range"},
		{"huge to", []string{"0.07"}, 1<<63 - 1, fresh, "", "out of range"},
		{"out is a file", []string{"0.07"}, 100, file, "", "not a directory"},
		{"certificates is a file", []string{"0.07"}, 100, fresh, file, "not a directory"},
		{"torn records", []string{"0.07"}, 100, torn, "", "records.jsonl"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(c.codes, c.to, c.dir, c.certs)
			if c.wantErrPart == "" {
				if err != nil {
					t.Fatalf("Validate: %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErrPart) || !errors.Is(err, game.ErrInput) {
				t.Fatalf("Validate: %v, want an input error mentioning %s", err, c.wantErrPart)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("message of more than one line: %q", err)
			}
		})
	}
}
