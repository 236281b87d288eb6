//go:build !race

package games

// timeScale stretches the time limits of the speed tests (1: none).
const timeScale = 1
