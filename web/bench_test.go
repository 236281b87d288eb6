package web

import (
	"net/http/httptest"
	"testing"
)

// BenchmarkRequests times the requests web/wasm/bench.mjs times in the
// static build, here natively through the same handlers (ServeHTTP on an
// in-memory response), for docs/PERFORMANCE.md's comparison.
func BenchmarkRequests(b *testing.B) {
	s := New(Config{})
	for _, url := range []string{
		"/api/value?position=nim+3+4+5",
		"/api/table?game=kayles&to=1000",
		"/api/table?game=subtract:1-3&to=99999",
		"/api/graph?position=tictactoe+xo./.x./o..",
		"/api/solve?position=quixo:3x3",
	} {
		b.Run(url, func(b *testing.B) {
			for b.Loop() {
				req := httptest.NewRequest("GET", url, nil)
				req.Host = "localhost"
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("%s: %d %s", url, rec.Code, rec.Body)
				}
			}
		})
	}
}
