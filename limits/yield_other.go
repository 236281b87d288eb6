//go:build !js

package limits

// yield does nothing where goroutines are preempted: timers fire on their
// own (see yield_js.go).
func yield() {}
