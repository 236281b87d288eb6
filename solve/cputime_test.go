//go:build unix

package solve

import "syscall"

// cpuSeconds returns the CPU time (user and system) the process has used,
// every thread included: benchmarks report states per CPU second beside
// states per wall second, which on a shared, loaded machine says more.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return float64(u.Utime.Sec+u.Stime.Sec) + float64(u.Utime.Usec+u.Stime.Usec)/1e6
}
