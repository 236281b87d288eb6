package sparse

import "fmt"

// Reference returns G(0..n) by the definition, the obvious O(n^2) mex over
// every option (O(n^3) when moves leave three heaps). It is the oracle the
// fast engines are tested against: keep it simple rather than fast.
func Reference(r Rules, n int) ([]uint16, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := make([]uint16, n+1)
	for x := 1; x <= n; x++ {
		var opts []uint16 // the values of every option of x
		for k, d := range r.Digits {
			if k > x {
				break
			}
			m := x - k
			if d&Leave0 != 0 && m == 0 {
				opts = append(opts, 0)
			}
			if d&Leave1 != 0 && m >= 1 {
				opts = append(opts, g[m])
			}
			if d&Leave2 != 0 {
				for a := 1; a <= m-a; a++ {
					if r.Unequal && a == m-a {
						continue
					}
					opts = append(opts, g[a]^g[m-a])
				}
			}
			if d&Leave3 != 0 {
				for a := 1; 3*a <= m; a++ {
					for b := a; a+2*b <= m; b++ {
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
