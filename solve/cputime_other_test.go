//go:build !unix

package solve

// cpuSeconds is not measured off Unix: benchmarks then report no CPU rate.
func cpuSeconds() float64 { return 0 }
