package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// interruptible returns a context that the first interrupt (Ctrl-C,
// SIGTERM, SIGHUP) cancels. Long work polls its context, so it stops at
// its next poll: a run file is checkpointed where it stopped, and the
// command says it was interrupted (exit 1), instead of the process dying
// with the signal and losing the work since the last periodic checkpoint.
//
// A second signal ends the process at once (the signals' default action is
// restored), but only after duplicateWindow: a terminal's Ctrl-C reaches
// the worker twice, from the terminal (one process group) and passed on by
// the supervisor, and that must count as one.
func interruptible() context.Context {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		<-ctx.Done()
		time.Sleep(duplicateWindow)
		stop()
	}()
	return ctx
}

// duplicateWindow is how long after the first interrupt further signals
// are taken for copies of it.
const duplicateWindow = time.Second

// contextReader reads r until ctx is done, then fails with ctx's error, so
// a prompt waiting for a line still ends on Ctrl-C. The read under way when
// ctx ends is abandoned (its goroutine ends with the process).
func contextReader(ctx context.Context, r io.Reader) io.Reader {
	return &ctxReader{ctx: ctx, r: r}
}

type ctxReader struct {
	ctx context.Context
	r   io.Reader
	buf []byte // the reads' buffer: an abandoned read must not write into a caller's p
}

func (c *ctxReader) Read(p []byte) (int, error) {
	// After ctx ends no read starts, so an abandoned read is the last
	// one to use buf.
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if cap(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	type result struct {
		n   int
		err error
	}
	done := make(chan result, 1)
	go func() {
		n, err := c.r.Read(buf)
		done <- result{n, err}
	}()
	select {
	case res := <-done:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
}
