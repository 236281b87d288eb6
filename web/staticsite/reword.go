package staticsite

import (
	"encoding/json"
	"strings"
)

// Reword rewrites an error answer of the server for the static build: the
// server's limits are the in-browser ones here, and a request over them
// can still be answered by `grundy serve`. Other answers pass unchanged.
func Reword(status int, body string) string {
	if status < 400 {
		return body
	}
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal([]byte(body), &e) != nil || e.Error == "" {
		return body
	}
	msg := strings.ReplaceAll(e.Error, "this server's", "the in-browser")
	msg = strings.ReplaceAll(msg, "this explorer draws", "the in-browser explorer draws")
	if strings.Contains(msg, "limit") || strings.Contains(msg, "at most") {
		msg += ". This page computes in your browser with smaller limits than the server: run `grundy serve` for bigger computations"
	}
	out, err := json.Marshal(map[string]string{"error": msg})
	if err != nil {
		return body
	}
	return string(out) + "\n"
}
