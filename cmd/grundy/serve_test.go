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
	if code != 0 || !strings.HasPrefix(out.String(), "grundy explorer on http://127.0.0.1:") || !strings.HasSuffix(out.String(), "/ (Ctrl-C stops it)\ngrundy explorer stopped\n") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestServeEveryInterface: on 0.0.0.0 (every interface) the explorer
// announces an address a browser opens, localhost, not http://[::]:PORT/.
func TestServeEveryInterface(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"serve", "--addr", "0.0.0.0:0"}, strings.NewReader(""), &out, &errOut)
	first, _, _ := strings.Cut(out.String(), "\n")
	if code != 0 || !strings.HasPrefix(first, "grundy explorer on http://localhost:") || !strings.HasSuffix(first, "/ and every address of this machine (Ctrl-C stops it)") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}
