package main

import (
	"strings"
	"testing"
	"time"
)

// TestCramTimeout: a Cram board far beyond a second (7 x 7) stops at
// --timeout with exit 1 and one line that says how far the search got, in
// about the time given (generous: the machine is shared).
func TestCramTimeout(t *testing.T) {
	start := time.Now()
	out, errOut, code := grundy(t, "", "value", "cram", "7x7", "--timeout", "1s")
	if code != exitFailed || out != "" || !strings.Contains(errOut, "time limit reached after") || !strings.Contains(errOut, " states") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d and one line naming the states searched", code, out, errOut, exitFailed)
	}
	if elapsed := time.Since(start); elapsed > 10*time.Second {
		t.Errorf("stopped after %v, want about 1 s", elapsed)
	}
}
