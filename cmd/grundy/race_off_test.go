//go:build !race

package main

// timeScale stretches the time limits of the speed tests (1: none).
const timeScale = 1
