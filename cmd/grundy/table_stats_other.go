//go:build !unix

package main

// peakResident is unknown where getrusage is missing.
func peakResident() (int64, bool) { return 0, false }
