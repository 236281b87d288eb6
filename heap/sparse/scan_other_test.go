//go:build !amd64

package sparse

// archKernels is empty: there is no assembly for this architecture.
func archKernels() []searchKernel { return nil }
