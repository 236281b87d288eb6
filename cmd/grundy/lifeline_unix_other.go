//go:build unix && !linux

package main

import "syscall"

// setDeathSignal does nothing where the kernel has no parent-death signal
// (or Go does not expose it): the lifeline pipe alone ends the worker.
func setDeathSignal(*syscall.SysProcAttr) {}
