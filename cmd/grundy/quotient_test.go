package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValueQuotientFile runs `value --misere --quotient FILE` on a file
// written by `quotient --json`: the answer is the quotient's (method
// "quotient") and, for a sum the on-the-fly path also answers, the same
// outcome and moves; a file for another game, too short, or not a
// quotient's JSON is one line of bad input (exit 2).
func TestValueQuotientFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "kayles.json")
	out, errOut, code := grundy(t, "", "quotient", "kayles", "--to", "20", "--json")
	if code != 0 {
		t.Fatalf("quotient: exit %d: %s", code, errOut)
	}
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(out[:len(out)/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	cached, errOut, code := grundy(t, "", "value", "--misere", "--quotient", file, "kayles", "20", "17", "13")
	if code != 0 {
		t.Fatalf("value --quotient: exit %d: %s", code, errOut)
	}
	fly, _, _ := grundy(t, "", "value", "--misere", "kayles", "20", "17", "13")
	if !strings.Contains(cached, "method: quotient") || cached != fly {
		t.Fatalf("from the file:\n%s\non the fly:\n%s", cached, fly)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"value", "--misere", "--quotient", file, "dawson-kayles", "5", "6"}, "holds the misère quotient of kayles, not of dawson-kayles"},
		{[]string{"value", "--misere", "--quotient", file, "kayles", "21", "6"}, "up to 20 only, not the heap 21"},
		{[]string{"value", "--misere", "--quotient", bad, "kayles", "5", "6"}, "not a quotient's JSON"},
		{[]string{"value", "--misere", "--quotient", filepath.Join(dir, "none.json"), "kayles", "5"}, "no such file"},
		{[]string{"value", "--quotient", file, "kayles", "5"}, "add --misere"},
	} {
		out, errOut, code := grundy(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line saying %q", c.args, code, out, errOut, c.want)
		}
	}
}
