//go:build unix

package main

import (
	"io"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// attachLifeline gives the worker cmd the read end of a pipe as an extra
// file; the supervisor keeps the write end, returned, open until the
// worker has ended. The kernel closes it when the supervisor dies however
// it dies, and the worker's read then ends. Call release once the worker
// has started.
func attachLifeline(cmd *exec.Cmd) (keep io.Closer, release func(), err error) {
	r, w, err := os.Pipe() // both ends close on exec: only cmd gets r
	if err != nil {
		return nil, nil, err
	}
	fd := 3 + len(cmd.ExtraFiles)
	cmd.ExtraFiles = append(cmd.ExtraFiles, r)
	cmd.Env = append(cmd.Env, lifelineEnv+"="+strconv.Itoa(fd))
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	setDeathSignal(cmd.SysProcAttr)
	return w, func() { r.Close() }, nil
}

// lifeline returns a function that blocks until the supervisor is gone,
// given the file descriptor of the lifeline's read end.
func lifeline(env string) (wait func(), ok bool) {
	fd, err := strconv.Atoi(env)
	if err != nil || fd < 3 {
		return nil, false
	}
	syscall.CloseOnExec(fd) // nothing the worker starts holds it
	f := os.NewFile(uintptr(fd), "lifeline")
	if f == nil {
		return nil, false
	}
	return func() {
		// Nothing is ever written: the read ends with EOF when the last
		// write end closes, that is when the supervisor is gone.
		_, _ = io.Copy(io.Discard, f)
	}, true
}
