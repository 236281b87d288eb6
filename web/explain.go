package web

import (
	"strings"

	"github.com/grundy-go/grundy/query"
)

// explanation is the answer of GET /api/explain: query.Explain's data and
// the same explanation as text, as `grundy explain` prints it.
type explanation struct {
	*query.Explanation
	Text string `json:"text"`
}

// explain answers GET /api/explain?position=P[&misere=1][&depth=K].
func (s *Server) explain(r *request) (any, error) {
	pos, misere, err := s.positionPlay(r)
	if err != nil {
		return nil, err
	}
	depth := 0
	if v := r.URL.Query().Get("depth"); v != "" {
		if depth, err = nonNegativeInt(v, "depth"); err != nil {
			return nil, err
		}
	}
	x, err := query.Explain(r.Context(), pos, query.ExplainOptions{Depth: depth, Misere: misere}, r.budget)
	if err != nil {
		return nil, err
	}
	var text strings.Builder
	x.WriteText(&text)
	return explanation{Explanation: x, Text: text.String()}, nil
}
