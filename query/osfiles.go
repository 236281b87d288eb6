package query

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/internal/regfile"
	"github.com/grundy-go/grundy/limits"
)

// MaxFileSize is the most bytes a position's file (@FILE, graph:FILE, a
// rule script) may hold: 64 MiB is ten million heaps written out, and a
// bound keeps a file such as /dev/zero from filling the memory.
const MaxFileSize = 64 << 20

// ReadFile reads name through files, at most MaxFileSize bytes; it refuses
// when there is no file access (files == nil: a face that reads no files).
// Errors wrap game.ErrInput.
func ReadFile(files fs.FS, name string) ([]byte, error) {
	return readFileWithin(files, name, func(int64) error { return nil })
}

// readFileWithin is ReadFile calling hold with the bytes the file takes
// before it reads them where its size is known (a regular file), after it
// read them otherwise; hold's error stops the read and is returned as it
// is (a memory limit is no bad input).
func readFileWithin(files fs.FS, name string, hold func(bytes int64) error) ([]byte, error) {
	var held int64
	if files == nil {
		return nil, game.Inputf("%q: this face reads no files", name)
	}
	f, err := files.Open(name)
	if err != nil {
		return nil, game.Inputf("%w", err)
	}
	defer f.Close()
	var buf []byte
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > 0 {
		if info.Size() > MaxFileSize {
			return nil, tooLarge(name)
		}
		// The size is known: held before the bytes are read, and read
		// into one buffer of that size (growing from nothing would take
		// about twice as much).
		size := info.Size()
		if err := hold(size); err != nil {
			return nil, err
		}
		held = size
		buf = make([]byte, 0, size+bytes.MinRead)
	}
	b := bytes.NewBuffer(buf)
	_, err = b.ReadFrom(io.LimitReader(f, MaxFileSize+1))
	data := b.Bytes()
	if err == nil && int64(len(data)) > held {
		// Read from a stream (the standard input) or a file that grew.
		err = hold(int64(len(data)) - held)
		if err != nil {
			return nil, err
		}
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return nil, fmt.Errorf("read %s: %w", name, err) // a limit, not bad input
	}
	if err != nil {
		return nil, game.Inputf("read %s: %w", name, err)
	}
	if len(data) > MaxFileSize {
		return nil, tooLarge(name)
	}
	return data, nil
}

// tooLarge refuses the file name for passing MaxFileSize.
func tooLarge(name string) error {
	return game.Inputf("%s is larger than %d MiB, the most a position's file may hold", name, MaxFileSize>>20)
}

// readFile is ReadFile naming what the file is in its errors.
func readFile(files fs.FS, name, what string) ([]byte, error) {
	data, err := ReadFile(files, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return data, nil
}

// OSFiles gives the command line's file access for one request:
// names are paths of the operating system, absolute or relative to the
// working directory (not the slash-separated names fs.ValidPath accepts).
//
// A name must be a regular file or the standard input. Anything else (a
// FIFO, a socket, a device, a directory) is refused when it is opened, in
// one line that says what it is: such a file can block a read forever or
// never end. The file is opened without blocking (O_NONBLOCK: opening a
// FIFO with no writer would wait for one) and judged by what was opened
// (fstat), so nothing can be swapped in between the check and the read.
// Reads stop when ctx ends, with ctx's error: the standard input (a pipe or
// a terminal that may never write) is read through the runtime's poller
// with ctx's deadline, and a regular file checks ctx between reads.
func OSFiles(ctx context.Context) fs.FS { return osFiles{ctx} }

type osFiles struct{ ctx context.Context }

func (o osFiles) Open(name string) (fs.File, error) {
	f, err := regfile.Open(name, isStdin)
	var nr *regfile.NotRegularError
	if errors.As(err, &nr) {
		return nil, game.Inputf("%v (only a regular file or the standard input is read)", nr)
	}
	if err != nil {
		return nil, err
	}
	cf := &ctxFile{File: f, ctx: o.ctx}
	if d, ok := o.ctx.Deadline(); ok {
		_ = f.SetReadDeadline(d) // fails, harmlessly, where the file is not pollable
	}
	cf.stop = context.AfterFunc(o.ctx, func() { _ = f.SetReadDeadline(time.Now()) })
	return cf, nil
}

// isStdin reports whether st is the process's standard input (named as
// /dev/stdin, /dev/fd/0 or by its own path).
func isStdin(st fs.FileInfo) bool {
	in, err := os.Stdin.Stat()
	return err == nil && os.SameFile(st, in)
}

// ctxFile is an opened file whose reads end with its context.
type ctxFile struct {
	*os.File
	ctx  context.Context
	stop func() bool
}

func (c *ctxFile) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, &limits.StoppedError{Err: err}
	}
	n, err := c.File.Read(p)
	if err != nil && os.IsTimeout(err) {
		// The deadline set from ctx passed (a timer may fire a moment
		// before ctx says so): the request's limit, not the file's fault.
		if cerr := c.ctx.Err(); cerr != nil {
			return n, &limits.StoppedError{Err: cerr}
		}
		return n, &limits.StoppedError{Err: context.DeadlineExceeded}
	}
	return n, err
}

func (c *ctxFile) Close() error {
	c.stop()
	return c.File.Close()
}
