package adversarial

import (
	"strings"
	"testing"
	"time"
)

// TestTierWorkers asks the tier solver for absurd numbers of workers: a
// count above query.MaxWorkers is refused at once (it used to start them
// all and run for minutes), and a large allowed count is cut to a few per
// core and stops at --timeout with the limit said once (its workers each
// reported the same time-out, and the message repeated it).
func TestTierWorkers(t *testing.T) {
	t.Run("refused", func(t *testing.T) {
		e := expect{codes: []int{2}, msgs: [][]string{{"100000000 workers"}}, wall: time.Second}
		check(t, call{args: args("--timeout 5s --max-memory 256MiB solve quixo:4x4 --tiers --workers 100000000")}, e, 3)
	})
	t.Run("capped", func(t *testing.T) {
		e := expect{codes: []int{1}, msgs: [][]string{timedOut}, wall: 2500 * time.Millisecond, rssMiB: 512}
		o := check(t, call{args: args("--timeout 2s --max-memory 256MiB solve quixo:4x4 --tiers --workers 1000")}, e, 3)
		if n := strings.Count(o.stderr, "time limit reached"); n > 1 {
			t.Errorf("the message says the limit %d times: %q", n, o.stderr)
		}
	})
}
