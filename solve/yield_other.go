//go:build !js

package solve

// yield does nothing where goroutines are preempted: timers fire on their
// own (see yield_js.go).
func yield() {}
