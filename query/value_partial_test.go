package query

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/limits"
)

// TestValueStoppedInMovesKeepsValue: a request that stops while it lists
// the winning moves has already found the position's value, and its error
// says it (a long run stopped there would otherwise lose it). The value is
// the one the unlimited request gives; the limit is found by trying every
// state limit below the unlimited request's count. The search is the
// serial one (one worker): the states of a parallel search vary from run
// to run with the workers' timing.
func TestValueStoppedInMovesKeepsValue(t *testing.T) {
	for _, text := range []string{"cram 3x7"} {
		pos, err := Parse(strings.Fields(text), nil)
		if err != nil {
			t.Fatal(err)
		}
		serial := ValueOptions{Workers: 1}
		full, err := ValueWith(context.Background(), pos, nil, serial)
		if err != nil {
			t.Fatal(err)
		}
		if full.Grundy == 0 {
			t.Fatalf("%s: value 0 has no winning moves to stop in", text)
		}
		found := false
		for k := full.States - 1; k > 0 && !found; k-- {
			_, err := ValueWith(context.Background(), pos, &limits.Budget{MaxStates: k}, serial)
			if err == nil {
				t.Fatalf("%s: answered under %d states, below the %d it counts unlimited", text, k, full.States)
			}
			if !strings.Contains(err.Error(), "winning moves of") {
				continue
			}
			found = true
			if want := fmt.Sprintf("value is %d", full.Grundy); !strings.Contains(err.Error(), want) {
				t.Errorf("%s under %d states: %q does not say %q", text, k, err, want)
			}
		}
		if !found {
			t.Errorf("%s: no state limit stops in the winning moves", text)
		}
	}
}
