//go:build unix

package main

import (
	"runtime"
	"syscall"
	"time"
)

// peakResident returns the largest resident memory of this process so far
// in bytes (getrusage: ru_maxrss, in KiB on Linux, bytes on macOS).
func peakResident() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss), true
	}
	return int64(ru.Maxrss) * 1024, true
}

// processCPU returns the CPU time this process has used so far, user and
// system, all threads (getrusage); 0 if the system does not say.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
