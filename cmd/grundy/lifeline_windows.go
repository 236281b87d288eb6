package main

import (
	"io"
	"os"
	"os/exec"
	"strconv"
)

// attachLifeline tells the worker the supervisor's process id; the worker
// opens the supervisor's process handle and waits on it (Windows passes no
// extra files to a child process).
func attachLifeline(cmd *exec.Cmd) (keep io.Closer, release func(), err error) {
	cmd.Env = append(cmd.Env, lifelineEnv+"="+strconv.Itoa(os.Getpid()))
	return io.NopCloser(nil), func() {}, nil
}

// lifeline returns a function that blocks until the supervisor, whose
// process id is env, has ended.
func lifeline(env string) (wait func(), ok bool) {
	pid, err := strconv.Atoi(env)
	if err != nil || pid != os.Getppid() {
		return nil, false
	}
	p, err := os.FindProcess(pid) // a handle: the id cannot be reused under it
	if err != nil {
		return func() {}, true // already gone
	}
	return func() { _, _ = p.Wait() }, true
}
