package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

func TestServeAddr(t *testing.T) {
	if _, stderr, code := grundy(t, "", "serve", "--addr", "nonsense"); code != exitBadInput || !strings.Contains(stderr, "not HOST:PORT") {
		t.Errorf("bad --addr: exit %d, %q", code, stderr)
	}
}

// TestServeStops starts the explorer on a free loopback port and checks it
// announces its address and shuts down cleanly when its context ends.
func TestServeStops(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), &out, &errOut)
	if code != 0 || !strings.HasPrefix(out.String(), "grundy explorer on http://127.0.0.1:") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}
