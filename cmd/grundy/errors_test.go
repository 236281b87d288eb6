package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestErrorJSON checks that with --json an error is one JSON document on
// standard output, {"error": {"kind": ..., "message": ...}}, with the exit
// status the error has without --json (docs/errors.md).
func TestErrorJSON(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		kind   string
	}{
		{[]string{"value", "nimm", "3", "--json"}, exitBadInput, "not_found"},
		{[]string{"--timeout", "1ms", "--json", "value", "rectangles", "6x6"}, exitFailed, "limit"},
		{[]string{"value", "nim", "x", "--json"}, exitBadInput, "input"},
		{[]string{"--json", "frobnicate"}, exitBadInput, "input"},
		{[]string{"graph", "kayles", "12", "--max-nodes", "5", "--json"}, exitFailed, "limit"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(context.Background(), c.args, strings.NewReader(""), &stdout, &stderr)
		var doc struct {
			Error struct {
				Kind    string `json:"kind"`
				Message string `json:"message"`
			} `json:"error"`
		}
		dec := json.NewDecoder(&stdout)
		if err := dec.Decode(&doc); err != nil || dec.More() {
			t.Errorf("%q: stdout %q is not one JSON document (%v)", c.args, stdout.String(), err)
			continue
		}
		if status != c.status || doc.Error.Kind != c.kind || doc.Error.Message == "" {
			t.Errorf("%q: status %d, error %+v; want status %d, kind %s", c.args, status, doc.Error, c.status, c.kind)
		}
		if want := "grundy: " + doc.Error.Message + "\n"; stderr.String() != want {
			t.Errorf("%q: stderr %q, want the same message %q", c.args, stderr.String(), want)
		}
	}
	// Without --json, an error prints nothing on stdout.
	var stdout, stderr bytes.Buffer
	if status := run(context.Background(), []string{"value", "nimm", "3"}, strings.NewReader(""), &stdout, &stderr); status != exitBadInput || stdout.Len() != 0 {
		t.Errorf("value nimm 3: status %d, stdout %q", status, stdout.String())
	}
}
