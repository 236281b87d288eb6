//go:build !unix

package main

import "time"

// peakResident is unknown where getrusage is missing.
func peakResident() (int64, bool) { return 0, false }

// processCPU is unknown (0) where getrusage is missing.
func processCPU() time.Duration { return 0 }
