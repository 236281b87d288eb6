package adversarial

import (
	"testing"
	"time"
)

// TestQuotientFileBombs hands --quotient hand-written files whose
// relations define a large monoid: the cyclic monoid a^8192 = 1 needs a
// product table of 8192^2 elements (256 MiB). Rebuilding it counts against
// the request: under --max-memory 64MiB it is refused at once, and under
// --timeout 1s it stops at the deadline (it took 152 s and 563 MB when the
// rebuild had no limit). a^512 = a^511 states an order its relations do
// not leave: bad input.
func TestQuotientFileBombs(t *testing.T) {
	dir := t.TempDir()
	cyclic := writeFile(t, dir, "cyclic.json", `{"game":"kayles","to":1,"order":8192,"p_portion":["1"],"tame":false,"stable_from":2,"heaps":["1","a"],"generators":[{"name":"a","heap":1}],"relations":["a^8192 = 1"]}`)
	long := writeFile(t, dir, "long.json", `{"game":"kayles","to":1,"order":1025,"p_portion":["1"],"tame":false,"heaps":["1","a"],"generators":[{"name":"a","heap":1}],"relations":["a^512 = a^511"]}`)
	cases := []struct {
		name string
		args []string
		e    expect
	}{
		{"cyclic-memory", []string{"--max-memory", "64MiB", "value", "--misere", "--quotient", cyclic, "kayles", "1"}, expect{codes: []int{1}, msgs: [][]string{memoryLimit}, wall: time.Second, rssMiB: 64 + 64}},
		{"cyclic-timeout", []string{"--timeout", "1s", "value", "--misere", "--quotient", cyclic, "kayles", "1"}, expect{codes: []int{1}, msgs: [][]string{timedOut}, wall: 1500 * time.Millisecond, rssMiB: 512}},
		{"wrong-order", []string{"--timeout", "1s", "--max-memory", "64MiB", "value", "--misere", "--quotient", long, "kayles", "1"}, expect{codes: []int{1, 2}, wall: 1500 * time.Millisecond, rssMiB: 64 + 64}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			check(t, call{args: c.args}, c.e, 3)
		})
	}
}

// TestQuotientMemory computes the misère quotient of Kayles towards heap
// 999999 under --max-memory: the engine's account of the options it keeps
// (each option's backing array and the lists' spare capacity) holds the
// live heap within the budget, so the process stays within the budget
// plus its slack (64 MiB; the live heap after each collection reached 601
// MB under 512 MiB before the options were counted as allocated, 530 MB
// after).
func TestQuotientMemory(t *testing.T) {
	e := expect{codes: []int{1}, msgs: [][]string{memoryLimit}, wall: 10 * time.Second, rssMiB: 128 + 64}
	check(t, call{args: args("--max-memory 128MiB quotient kayles --to 999999"), net: 30 * time.Second}, e, 2)
}
