//go:build unix

package games

import "syscall"

// cramCPU returns the process's CPU time so far (user and system, every
// thread), in seconds.
func cramCPU() float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
