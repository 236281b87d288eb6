package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/verify"
)

// certificate writes the certificate of the subtraction game {1, 2, 3}
// (G(n) = n mod 4, by hand: a heap of n reaches n-1, n-2, n-3) with the
// given period claim and returns its path.
func certificate(t *testing.T, name string, period int) string {
	t.Helper()
	c := &verify.Certificate{Rules: "subtraction 1,2,3", Digits: []uint8{0, 3, 3, 3}, Theorem: verify.SubtractionTheorem, Period: period}
	for n := range 16 {
		c.Values = append(c.Values, uint32(n%4))
	}
	var b bytes.Buffer
	if err := verify.Encode(&b, c); err != nil {
		t.Fatal(err)
	}
	return write(t, name, b.Bytes())
}

func write(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRun checks the verdicts, the exit statuses and that every bad input
// gets one line on stderr.
func TestRun(t *testing.T) {
	good := certificate(t, "good.cert", 4)
	wrong := certificate(t, "wrong.cert", 8) // a period, not the least
	data, _ := os.ReadFile(good)
	truncated := write(t, "truncated.cert", data[:len(data)-10])
	foreign := write(t, "foreign.cert", []byte("\x7fELF\x02\x01\x01"))
	huge := filepath.Join(t.TempDir(), "huge.cert")
	if f, err := os.Create(huge); err != nil {
		t.Fatal(err)
	} else {
		f.Truncate(1 << 40) // a sparse terabyte of zero bytes: no line feed
		f.Close()
	}
	cases := []struct {
		args   []string
		status int
		stdout string // a part of stdout, "" for none
		stderr string // a part of the one line on stderr, "" for none
	}{
		{[]string{good}, 0, "verified: subtraction 1,2,3, pre-period 0, period 4", ""},
		{[]string{wrong}, 1, "rejected: period 8 is not the least", ""},
		{[]string{good, wrong}, 1, "rejected", ""},
		{[]string{truncated}, 2, "", "the file ends early (truncated)"},
		{[]string{foreign}, 2, "", "not a grundy certificate"},
		{[]string{huge}, 2, "", "not a grundy certificate"},
		{[]string{filepath.Dir(good)}, 2, "", "is a directory"},
		{[]string{os.DevNull}, 2, "", "is not a regular file"},
		{[]string{good + ".missing"}, 2, "", "no such file"},
		{[]string{"--max-values", "10", good}, 2, "", "more values than the 10 allowed"},
		{[]string{"--max-values", "0", good}, 2, "", "want at least 1"},
		{[]string{"--max-options", "20", good}, 1, "", "more than --max-options 20"},
		{[]string{"--max-options", "0", good}, 2, "", "want at least 1"},
		{[]string{"--max-options", "NaN", good}, 2, "", "want at least 1"},
		{[]string{"--max-values", "many", good}, 2, "", "invalid value"},
		{[]string{"--colour", good}, 2, "", "flag provided but not defined"},
		{nil, 2, "", "no certificate given"},
		{[]string{wrong, truncated}, 2, "rejected", "truncated"},
	}
	for _, tc := range cases {
		var stdout, stderr bytes.Buffer
		status := run(context.Background(), tc.args, &stdout, &stderr)
		if status != tc.status || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("grundy-verify %q: exit %d, stdout %q, stderr %q; want exit %d, %q, %q",
				tc.args, status, stdout.String(), stderr.String(), tc.status, tc.stdout, tc.stderr)
		}
		if tc.stderr != "" && strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("grundy-verify %q: stderr is not one line: %q", tc.args, stderr.String())
		}
	}
}

// TestInterrupted checks that a cancelled check stops with exit 1.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if status := run(ctx, []string{certificate(t, "good.cert", 4)}, &stdout, &stderr); status != 1 || !strings.Contains(stderr.String(), "canceled") {
		t.Errorf("exit %d, stderr %q; want 1 and the cancellation", status, stderr.String())
	}
}
