package periodic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestFindSynthetic(t *testing.T) {
	// A random pre-period, then a random block repeated with a saltus: Find
	// must report a period dividing the block and a pre-period no later.
	rapid.Check(t, func(t *rapid.T) {
		pre := rapid.SliceOfN(rapid.Uint16Range(0, 20), 0, 30).Draw(t, "pre")
		block := rapid.SliceOfN(rapid.Uint16Range(0, 20), 1, 12).Draw(t, "block")
		saltus := rapid.IntRange(0, 3).Draw(t, "saltus")
		reps := rapid.IntRange(4, 10).Draw(t, "reps")
		var v []uint16
		v = append(v, pre...)
		for r := 0; r < reps; r++ {
			for _, b := range block {
				v = append(v, b+uint16(r*saltus))
			}
		}
		if len(pre) > len(v)/2 {
			return // the periodic part may be too short to be accepted
		}
		p := Find(v)
		if p == nil {
			t.Fatalf("no pattern in %v", v)
		}
		if len(block)%p.Period != 0 || p.Preperiod > len(pre) {
			t.Fatalf("pattern %+v in pre %v block %v x%d", p, pre, block, reps)
		}
		for n := p.Preperiod; n+p.Period < len(v); n++ {
			if int(v[n+p.Period])-int(v[n]) != p.Saltus {
				t.Fatalf("pattern %+v fails at %d", p, n)
			}
		}
	})
}

// TestFindReleasing checks the releases of a pattern search over a long
// sequence with no period, with a window of 1000 values: the result is
// Find's, and the ranges released lie below the last window values (which
// every period's check reads first), are disjoint and descending, and hold
// only values already passed: [lo, hi) comes when p = n-lo periods have
// been tried, and the check of period q reads values[n-1-q].
func TestFindReleasing(t *testing.T) {
	const window = 1000
	n := 10*window + 7
	values := make([]uint16, n)
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range values {
		values[i] = uint16(rng.IntN(1 << 16))
	}
	type span struct{ lo, hi int }
	var got []span
	pat := findReleasing(values, func(lo, hi int) { got = append(got, span{lo, hi}) }, window)
	if want := Find(values); pat != want {
		t.Fatalf("findReleasing = %v, Find = %v", pat, want)
	}
	// p runs to n/3 = 3335: releases at p = 2000 and 3000.
	want := []span{{n - 2*window, n - window}, {n - 3*window, n - 2*window}}
	if !slices.Equal(got, want) {
		t.Fatalf("released %v, want %v", got, want)
	}
}
