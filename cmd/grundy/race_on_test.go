//go:build race

package main

// timeScale stretches the time limits of the speed tests: the race detector
// slows code 5 to 20 times.
const timeScale = 20
