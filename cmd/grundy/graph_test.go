package main

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// subtract13 is G(n) for subtract:1-3 by the definition: the mex of the
// values of n-1, n-2, n-3. (By induction it is n mod 4, the seed's table:
// the multiples of 4 are the losing states.)
func subtract13(n int) int {
	g := make([]int, n+1)
	for i := 1; i <= n; i++ {
		seen := map[int]bool{}
		for s := 1; s <= 3 && s <= i; s++ {
			seen[g[i-s]] = true
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g[n]
}

// TestGraphSVG: the SVG of subtract:1-3 6 is well-formed XML with 7 nodes,
// heaps 6..0, each labelled with its value n mod 4, 15 edges (heap n has
// min(n, 3) moves: 3+3+3+3+2+1), and the P-positions 0 and 4 shaded.
func TestGraphSVG(t *testing.T) {
	out, errOut, code := grundy(t, "", "graph", "subtract:1-3", "6", "--format", "svg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	type node struct {
		class, position string
		texts           []string
	}
	var nodes []*node
	var cur *node
	edges := 0
	dec := xml.NewDecoder(strings.NewReader(out))
	depth, nodeDepth := 0, -1
	var root string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid SVG: %v\n%s", err, out)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			depth++
			if root == "" {
				root = el.Name.Local
			}
			attr := map[string]string{}
			for _, a := range el.Attr {
				attr[a.Name.Local] = a.Value
			}
			if f := strings.Fields(attr["class"]); el.Name.Local == "g" && len(f) > 0 && f[0] == "node" {
				cur = &node{class: attr["class"], position: attr["data-position"]}
				nodes = append(nodes, cur)
				nodeDepth = depth
			}
			if el.Name.Local == "path" && attr["class"] == "edge" {
				edges++
			}
		case xml.EndElement:
			if depth == nodeDepth {
				cur, nodeDepth = nil, -1
			}
			depth--
		case xml.CharData:
			if cur != nil && strings.TrimSpace(string(el)) != "" {
				cur.texts = append(cur.texts, string(el))
			}
		}
	}
	if root != "svg" || len(nodes) != 7 || edges != 15 {
		t.Fatalf("root <%s>, %d nodes, %d edges", root, len(nodes), edges)
	}
	seen := map[int]bool{}
	for _, n := range nodes {
		heap, err := strconv.Atoi(strings.TrimPrefix(n.position, "subtract:1-3 "))
		if err != nil || heap < 0 || heap > 6 || seen[heap] {
			t.Fatalf("node position %q", n.position)
		}
		seen[heap] = true
		want := subtract13(heap)
		if want != heap%4 {
			t.Fatalf("brute force G(%d) = %d, not n mod 4", heap, want)
		}
		// texts: the <title>, then the label lines.
		if !slices.Contains(n.texts, strconv.Itoa(heap)) || !slices.Contains(n.texts, "G="+strconv.Itoa(want)) {
			t.Fatalf("node %d texts %q, want value %d", heap, n.texts, want)
		}
		if shaded := strings.Contains(n.class, "P"); shaded != (want == 0) {
			t.Fatalf("node %d class %q", heap, n.class)
		}
	}
}

var (
	dotNode = regexp.MustCompile(`^\s*"((?:[^"\\]|\\.)*)" \[label="((?:[^"\\]|\\.)*)"`)
	dotEdge = regexp.MustCompile(`^\s*"((?:[^"\\]|\\.)*)" -> "((?:[^"\\]|\\.)*)";$`)
)

// TestGraphDOTAgreesWithEngine parses the DOT of two graphs back: every
// node's value in its label is what 'grundy value' says of the node's
// position and what a brute force in this test says; every edge is a move.
func TestGraphDOTAgreesWithEngine(t *testing.T) {
	cases := []struct {
		args  []string
		nodes int
		// value is the brute-force value of a position's ARGs.
		value func(args []int) int
		// move reports whether b follows from a by one move.
		move func(a, b []int) bool
	}{
		{[]string{"subtract:1-3", "6"}, 7,
			func(a []int) int { return subtract13(a[0]) },
			func(a, b []int) bool { return a[0]-b[0] >= 1 && a[0]-b[0] <= 3 }},
		// nim 2 3: pairs (a, b), a <= 2, b <= 3, 12 of them, where (0, 1),
		// (0, 2), (1, 2) and their mirror images are one node each: 9 nodes.
		// The value of a Nim pair by brute-force mex is the XOR (Bouton).
		{[]string{"nim", "2", "3"}, 9, nimPairValue,
			func(a, b []int) bool {
				for i := range a {
					for k := 0; k < a[i]; k++ {
						c := slices.Clone(a)
						c[i] = k
						slices.Sort(c)
						d := slices.Clone(b)
						slices.Sort(d)
						if slices.Equal(c, d) {
							return true
						}
					}
				}
				return false
			}},
	}
	for _, tc := range cases {
		out, errOut, code := grundy(t, "", append([]string{"graph"}, tc.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if !strings.HasPrefix(lines[0], "digraph ") || lines[len(lines)-1] != "}" {
			t.Fatalf("%v: not a digraph:\n%s", tc.args, out)
		}
		nodes := map[string][]int{}
		for _, line := range lines {
			m := dotNode.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			label := strings.Split(m[2], `\n`)
			value, err := strconv.Atoi(strings.TrimPrefix(label[len(label)-1], "G="))
			if err != nil {
				t.Fatalf("%v: label %q", tc.args, m[2])
			}
			vout, _, code := grundy(t, "", append([]string{"value", "--json"}, strings.Fields(m[1])...)...)
			var res struct{ Grundy int }
			if code != 0 || json.Unmarshal([]byte(vout), &res) != nil || res.Grundy != value {
				t.Fatalf("%v: node %s labelled %d, engine %s", tc.args, m[1], value, vout)
			}
			heaps := argInts(t, m[1])
			if want := tc.value(heaps); value != want {
				t.Fatalf("%v: node %s labelled %d, brute force %d", tc.args, m[1], value, want)
			}
			nodes[m[1]] = heaps
		}
		if len(nodes) != tc.nodes {
			t.Fatalf("%v: %d nodes, want %d:\n%s", tc.args, len(nodes), tc.nodes, out)
		}
		for _, line := range lines {
			m := dotEdge.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			a, okA := nodes[m[1]]
			b, okB := nodes[m[2]]
			if !okA || !okB || !tc.move(a, b) {
				t.Fatalf("%v: edge %s is not a move between nodes", tc.args, line)
			}
		}
	}
}

// nimPairValue is the brute-force value of a Nim position: the mex of its
// options' values.
func nimPairValue(heaps []int) int {
	seen := map[int]bool{}
	for i := range heaps {
		for k := 0; k < heaps[i]; k++ {
			c := slices.Clone(heaps)
			c[i] = k
			seen[nimPairValue(c)] = true
		}
	}
	g := 0
	for seen[g] {
		g++
	}
	return g
}

func argInts(t *testing.T, position string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Fields(position)[1:] {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("position %q", position)
		}
		out = append(out, n)
	}
	return out
}

func TestGraphLimitsAndErrors(t *testing.T) {
	// nim 5 5 reaches the 21 unordered pairs {a, b} with a <= b <= 5.
	_, errOut, code := grundy(t, "", "graph", "nim", "5", "5", "--max-nodes", "20")
	if code != exitFailed || !strings.Contains(errOut, "more than 20 positions") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("exit %d: %q", code, errOut)
	}
	out, _, code := grundy(t, "", "graph", "nim", "5", "5", "--max-nodes", "21", "--json")
	var res struct {
		Nodes []struct{ Position string }
		Edges []struct{ From, To int }
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Nodes) != 21 {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, args := range [][]string{
		{"graph"},
		{"graph", "nim", "2", "--format", "png"},
		{"graph", "nim", "2", "--max-nodes", "0"},
		{"graph", "nosuchgame", "2"},
	} {
		if _, errOut, code := grundy(t, "", args...); code != exitBadInput || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
