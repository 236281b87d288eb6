package script

import (
	"fmt"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// TestSliceMatchesStarlark checks the sandbox's slice (sliceIndices,
// sliceLen and Sliceable.Slice) against Starlark's own x[lo:hi:step], run
// by an interpreter with no sandbox, on lists and strings of 0 to 7
// elements and every bound from -9 to 9 or missing, every step from -4 to 4
// or missing: the same elements, or both an error.
func TestSliceMatchesStarlark(t *testing.T) {
	bounds := []starlark.Value{starlark.None}
	for i := -9; i <= 9; i++ {
		bounds = append(bounds, starlark.MakeInt(i))
	}
	steps := []starlark.Value{starlark.None}
	for i := -4; i <= 4; i++ {
		steps = append(steps, starlark.MakeInt(i))
	}
	thread := &starlark.Thread{}
	checked := 0
	for n := range 8 {
		var elems []starlark.Value
		str := ""
		for i := range n {
			elems = append(elems, starlark.MakeInt(10+i))
			str += string(rune('a' + i))
		}
		for _, x := range []starlark.Sliceable{starlark.NewList(elems), starlark.String(str)} {
			for _, lo := range bounds {
				for _, hi := range bounds {
					for _, step := range steps {
						env := starlark.StringDict{"x": x, "lo": lo, "hi": hi, "step": step}
						globals, wantErr := starlark.ExecFileOptions(&syntax.FileOptions{}, thread, "slice.star", "r = x[lo:hi:step]", env)
						start, end, stride, gotErr := sliceIndices(x.Len(), lo, hi, step)
						if (wantErr != nil) != (gotErr != nil) {
							t.Fatalf("%s[%v:%v:%v]: Starlark error %v, sandbox error %v", x, lo, hi, step, wantErr, gotErr)
						}
						if wantErr != nil {
							continue
						}
						got := x.Slice(start, end, stride)
						want := globals["r"]
						if fmt.Sprint(got) != fmt.Sprint(want) {
							t.Fatalf("%s[%v:%v:%v] = %v, want %v", x, lo, hi, step, got, want)
						}
						if l := sliceLen(start, end, stride); l != starlark.Len(want) {
							t.Fatalf("%s[%v:%v:%v]: sliceLen %d, want %d", x, lo, hi, step, l, starlark.Len(want))
						}
						checked++
					}
				}
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d slices checked", checked)
	}
}
