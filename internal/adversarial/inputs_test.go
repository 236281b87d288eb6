package adversarial

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// inputs are the files the cases pass as @FILE ARGs and rule scripts,
// written once per test into its temporary directory.
type inputs struct {
	dir string

	heaps    string // 10^5 random nim heaps 1..10^9, one line
	bigHeaps string // 10^6 random nim heaps 1..10^18, one a line
	forest   string // twinForest(50000): 100001 nodes, value 1

	options     string // moves(n) returns n options: 10^5 at the start
	options10   string // moves(n) returns 10n options: 10^6 at the start
	sharedHash  string // each call hashes a tuple of 2^60 shared leaves
	sharedPos   string // options are tuples of 2^60 shared leaves
	descent     string // moves(n) = [n - 1] for ever: an infinite game
	busy        string // one call runs 10^9 steps
	divisor     string // examples/divisor.star
	syntaxError string // a script that does not parse
	failParse   string // parse fails
	failHuge    string // moves fails with a 100 KB message
	failControl string // parse fails with control characters in its message
}

func newInputs(t *testing.T) *inputs {
	t.Helper()
	dir := t.TempDir()
	in := &inputs{dir: dir, divisor: repoRoot + "/examples/divisor.star"}
	rng := rand.New(rand.NewPCG(14, 1))

	var b strings.Builder
	for i := range 100000 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(1 + rng.IntN(1e9)))
	}
	in.heaps = writeFile(t, dir, "heaps.txt", b.String())
	b.Reset()
	for range 1000000 {
		b.WriteString(strconv.FormatInt(1+rng.Int64N(1e18), 10))
		b.WriteByte('\n')
	}
	in.bigHeaps = writeFile(t, dir, "bigheaps.txt", b.String())
	in.forest = writeFile(t, dir, "forest.txt", twinForest(rng, 50000))

	in.options = writeFile(t, dir, "options.star", `
# moves(n) returns the n options 0..n-1 (nim): 10^5 options at n = 10^5.
def moves(n):
    return list(range(n))
`)
	in.options10 = writeFile(t, dir, "options10.star", `
# moves(n) returns 10n options, each of 0..n-1 ten times.
def moves(n):
    return list(range(n)) * 10
`)
	in.sharedHash = writeFile(t, dir, "sharedhash.star", `
# Each call builds a tuple of depth 60 whose two halves are one object
# (2^60 leaves in 60 tuples) and hashes it as a dict key.
def moves(n):
    t = n
    for i in range(60):
        t = (t, t)
    seen = {t: True}
    return [n - 1] if n > 0 else []
`)
	in.sharedPos = writeFile(t, dir, "sharedpos.star", `
# The options are tuples of depth 60 whose halves are one object: the
# position grundy must encode and hash has 2^60 leaves.
def moves(n):
    if type(n) != "int" or n == 0:
        return []
    t = n
    for i in range(60):
        t = (t, t)
    return [n - 1, t]
`)
	in.descent = writeFile(t, dir, "descent.star", `
# An infinite game: n -> n - 1 for ever, through the negative integers.
def moves(n):
    return [n - 1]
`)
	in.busy = writeFile(t, dir, "busy.star", `
# One call runs 10^9 steps.
def moves(n):
    s = 0
    for i in range(1000000):
        for j in range(1000):
            s += 1
    return []
`)
	in.syntaxError = writeFile(t, dir, "syntax.star", "def moves(n)\n  return [n-1\n")
	in.failParse = writeFile(t, dir, "failparse.star", `
def parse(arg):
    fail("no position here:", arg)
def moves(n):
    return []
`)
	in.failHuge = writeFile(t, dir, "failhuge.star", `
def moves(n):
    fail("x" * 100000)
`)
	in.failControl = writeFile(t, dir, "failcontrol.star", `
def parse(arg):
    fail("bad\x00\x1b[2J\x1b[31mred\rline\nnext")
def moves(n):
    return []
`)
	return in
}

// twinForest writes, one parent a line (a file without commas is one
// forest), a random recursive tree T of n nodes, a copy of T, and a lone
// node: 2n + 1 nodes. Its Grundy value is 1: the trees are independent
// components, G(T) xor G(T) = 0 and a lone node has value mex{G(empty)} =
// mex{0} = 1 (Sprague-Grundy theorem). So it is an N-position and has at
// least one winning move (deleting the lone node leaves T + T, value 0).
func twinForest(rng *rand.Rand, n int) string {
	parent := make([]int, n)
	parent[0] = -1
	for i := 1; i < n; i++ {
		parent[i] = rng.IntN(i)
	}
	var b strings.Builder
	for copyOf := range 2 {
		for _, p := range parent {
			if p >= 0 {
				p += copyOf * n
			}
			b.WriteString(strconv.Itoa(p))
			b.WriteByte('\n')
		}
	}
	b.WriteString("-1\n")
	return b.String()
}
