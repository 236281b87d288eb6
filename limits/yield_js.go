//go:build js

package limits

import "runtime"

// yield lets the scheduler run between polls. On js/wasm there is one
// thread and no preemption: a computing goroutine that never blocks keeps
// the runtime from firing timers, so a context's deadline would never pass
// and the time limit would not hold. Yielding at each poll (every
// PollEvery states) lets the deadline's timer fire.
func yield() { runtime.Gosched() }
