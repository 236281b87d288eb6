package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// grundy runs the CLI in-process and returns stdout, stderr and the exit
// status.
func grundy(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}
