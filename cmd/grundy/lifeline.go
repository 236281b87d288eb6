package main

import (
	"context"
	"errors"
	"os"
	"time"
)

// The worker must not outlive the supervisor: a supervisor killed with
// SIGKILL cannot pass the signal on, and a worker left behind would go on
// computing (or serving on its port) with nobody to answer to. Each system
// gives the worker a lifeline to its supervisor (lifeline_*.go): the read
// end of a pipe whose only write end the supervisor holds (Unix), or the
// supervisor's process handle (Windows). When the lifeline ends the worker
// stops its work as on an interrupt (a run file is checkpointed) and ends
// itself after lifelineGrace whatever the work is doing. On Linux the
// kernel also sends the worker SIGTERM when the supervisor dies
// (PR_SET_PDEATHSIG), which interruptible takes as an interrupt.

// lifelineEnv names, in the worker's environment, what the worker watches:
// a file descriptor (Unix) or the supervisor's process id (Windows).
const lifelineEnv = "GRUNDY_LIFELINE"

// lifelineGrace is how long a worker whose supervisor died may take to
// stop its work before it ends itself.
const lifelineGrace = 500 * time.Millisecond

// errOrphaned is the cause of a worker's context ending with its supervisor.
var errOrphaned = errors.New("the grundy process that started this one has ended")

// withLifeline returns ctx, also canceled when the worker's supervisor
// ends; the process then exits with status exitFailed after lifelineGrace.
// Without a lifeline in the environment (a process run by hand with the
// worker's variable set) it returns ctx as it is.
func withLifeline(ctx context.Context) context.Context {
	wait, ok := lifeline(os.Getenv(lifelineEnv))
	if !ok {
		return ctx
	}
	ctx, cancel := context.WithCancelCause(ctx)
	go func() {
		wait()
		cancel(errOrphaned)
		time.Sleep(lifelineGrace)
		os.Exit(exitFailed)
	}()
	return ctx
}
