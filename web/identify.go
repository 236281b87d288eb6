package web

import (
	"github.com/grundy-go/grundy/query"
)

// identifyShown is how many matches, and games per match, /api/identify
// lists; the answer's total and counts say how many there are.
const identifyShown = 20

// identify answers /api/identify?values=V0+V1+...&from=M: the heap games
// whose values from heap M begin so (query.Identify).
func (s *Server) identify(r *request) (any, error) {
	q := r.URL.Query()
	values, err := query.ParseValuesText(q.Get("values"))
	if err != nil {
		return nil, err
	}
	from := 0
	if v := q.Get("from"); v != "" {
		if from, err = nonNegativeInt(v, "from"); err != nil {
			return nil, err
		}
	}
	return query.Identify(r.Context(), values, from, query.IdentifyOptions{Matches: identifyShown, Games: identifyShown}, r.budget)
}
