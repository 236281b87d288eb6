package sparse

import (
	"fmt"

	"github.com/grundy-go/grundy/game"
)

// MaxReference is the largest n Reference accepts: its O(n^2) work is
// hours past it, and its memory grows with n.
const MaxReference = 1 << 22

// Reference returns G(0..n) by the definition, the obvious O(n^2) mex over
// every option (O(n^3) when moves leave three heaps). It is the oracle the
// fast engines are tested against: keep it simple rather than fast, and
// keep its move generation its own (it reads the digits of the code and
// nothing else of package octal).
func Reference(r Rules, n int) ([]uint16, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if n < 0 || n > MaxReference {
		return nil, game.Inputf("reference values up to heap %d: heap sizes run from 0 to %d", n, MaxReference)
	}
	g := make([]uint16, n+1)
	for x := 1; x <= n; x++ {
		var opts []uint16 // the values of every option of x
		for k, d := range r.Code.Digits {
			if k > x {
				break
			}
			m := x - k
			if d&1 != 0 && m == 0 { // take the whole heap
				opts = append(opts, 0)
			}
			if d&2 != 0 && m >= 1 { // leave one heap (d0 never has bit 2)
				opts = append(opts, g[m])
			}
			if d&4 != 0 { // leave two heaps a + (m-a)
				for a := 1; a <= m-a; a++ {
					if r.Distinct && a == m-a {
						continue
					}
					opts = append(opts, g[a]^g[m-a])
				}
			}
			if d&8 != 0 { // leave three heaps a <= b <= m-a-b
				for a := 1; 3*a <= m; a++ {
					for b := a; a+2*b <= m; b++ {
						if r.Distinct && (a == b || b == m-a-b) {
							continue
						}
						opts = append(opts, g[a]^g[b]^g[m-a-b])
					}
				}
			}
		}
		// The mex of len(opts) values is at most len(opts).
		seen := make([]bool, len(opts)+1)
		for _, v := range opts {
			if int(v) < len(seen) {
				seen[v] = true
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		if v > 0xFFFF {
			return nil, fmt.Errorf("G(%d) = %d does not fit in 16 bits", x, v)
		}
		g[x] = uint16(v)
	}
	return g, nil
}
