package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// dawsonChess is G(0..16) of Dawson's chess, 0.137 (OEIS A002187): the
// index names 0.137 and Dawson's Kayles, 0.07, shifted by one (A002187's
// comment: ".07 has values a(n-1)").
const dawsonChess = "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2"

func TestIdentifyAPI(t *testing.T) {
	ts := newTestServer(t, Config{})
	var res struct {
		Searched int `json:"searched"`
		Matches  []struct {
			Shift int `json:"shift"`
			Games []struct {
				Name    string `json:"name"`
				Catalog string `json:"catalog"`
			} `json:"games"`
		} `json:"matches"`
	}
	code, body := get(t, ts, "/api/identify?values="+url.QueryEscape(dawsonChess), &res)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	if len(res.Matches) != 2 || res.Matches[0].Games[0].Catalog != "dawson-chess" || res.Matches[1].Games[0].Name != "0.07" || res.Matches[1].Shift != 1 {
		t.Errorf("matches %+v, want 0.137 then 0.07 shifted by one", res.Matches)
	}
	// Commas separate as well as blanks; --from's parameter is from.
	if code, body := get(t, ts, "/api/identify?from=1&values="+url.QueryEscape("1,1,2,0,3"), nil); code != http.StatusOK || !strings.Contains(body, `"0.137"`) {
		t.Errorf("from=1: status %d: %.200s", code, body)
	}
	for _, q := range []string{"", "values=", "values=1+x", "values=0+-1", "values=0&from=64", "values=0&from=-1", "values=0&nonsense=1"} {
		if code, body := get(t, ts, "/api/identify?"+q, nil); code != http.StatusBadRequest || !strings.Contains(body, `"error"`) {
			t.Errorf("%q: status %d, %s; want 400", q, code, body)
		}
	}
}

// TestBrowserIdentify: the analyse page's "What game is this?" box, on the
// server and in the static build, names Dawson's chess and Dawson's Kayles
// shifted, then says plainly that 0 2 matches nothing (a heap of 1 has at
// most one option, so G(1) <= 1; a heap of 2 has only options of value 0
// when G(1) = 0).
func TestBrowserIdentify(t *testing.T) {
	forEachFace(t, func(t *testing.T, base string) {
		b := newBrowserAt(t, base)
		b.open("/analyse.html?values=" + url.QueryEscape(dawsonChess))
		b.wait(`#identify-result[data-done="true"]`)
		first := b.text(`#identify-matches li.match:first-child`)
		if !strings.Contains(first, "0.137 (dawson-chess)") || !strings.Contains(first, "period 34") {
			t.Errorf("first match %q, want 0.137 (dawson-chess), period 34", first)
		}
		if shifted := b.text(`#identify-matches li.match[data-shift="1"]`); !strings.Contains(shifted, "0.07 (dawson-kayles)") {
			t.Errorf("shifted match %q, want 0.07 (dawson-kayles)", shifted)
		}
		b.do("identify 0 2",
			chromedp.SetValue(chromedp.CSS(`#identify-values`), "0 2"),
			chromedp.Click(chromedp.CSS(`#identify-form button[type=submit]`)))
		b.wait(`#identify-none`)
		if none := b.text(`#identify-none`); !strings.Contains(none, "No match among the 12288 games") {
			t.Errorf("no match text %q", none)
		}
		b.shot("analyse-identify")
		b.noErrors()
	})
}
