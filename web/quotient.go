package web

import (
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

// quotientTo is the heap bound of /api/quotient when the request gives
// none: enough for the quotients of the catalog's octal games to show
// their structure, small enough to answer within the default limits.
const quotientTo = 30

// quotient answers /api/quotient?game=GAME&to=N: the misère quotient of a
// heap game restricted to heaps 0..N (query.Quotient, the CLI's `grundy
// quotient --json`): its order, P-portion and the heap-to-element row.
func (s *Server) quotient(r *request) (any, error) {
	q := r.URL.Query()
	token := strings.TrimSpace(q.Get("game"))
	if token == "" {
		return nil, game.Inputf("missing parameter game, e.g. game=kayles")
	}
	if strings.ContainsAny(token, " \t+") {
		return nil, game.Inputf("game %q is one GAME token, such as kayles or octal:0.137, with no ARGs", token)
	}
	if err := checkGameToken(token); err != nil {
		return nil, err
	}
	to := quotientTo
	if v := q.Get("to"); v != "" {
		n, err := nonNegativeInt(v, "to")
		if err != nil {
			return nil, err
		}
		if err := s.checkTableSize(0, n); err != nil {
			return nil, err
		}
		to = n
	}
	inst, err := query.Open(token, nil)
	if err != nil {
		return nil, err
	}
	return query.Quotient(r.Context(), inst, to, r.budget)
}
