package main

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestIdentify runs the example: G(0..16) of Dawson's chess
// (OEIS A002187) name 0.137 and Dawson's Kayles, 0.07, shifted by one.
func TestIdentify(t *testing.T) {
	out, errOut, code := grundy(t, "", strings.Fields("identify 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"searched: 12288 games", "1. 0.137 (dawson-chess)\n", "2. 0.07 (dawson-kayles), shifted by one", "pre-period 52, period 34"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = grundy(t, "", "identify", "--json", "--from", "1", "0", "1", "1", "2", "0", "3", "1", "1", "0", "3", "3", "2", "2", "4", "0", "5")
	var res struct {
		From    int `json:"from"`
		Total   int `json:"total"`
		Matches []struct {
			Shift int `json:"shift"`
			Games []struct {
				Name string `json:"name"`
			} `json:"games"`
		} `json:"matches"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("exit %d, JSON %v:\n%s", code, err, out)
	}
	// Dawson's Kayles's G(1..16) (A002187's a(0..15)): 0.07 exactly.
	if res.From != 1 || len(res.Matches) == 0 || res.Matches[0].Games[0].Name != "0.07" || res.Matches[0].Shift != 0 {
		t.Errorf("--from 1: %+v", res)
	}
}

// TestIdentifyGameArg identifies a catalog game from its table.
func TestIdentifyGameArg(t *testing.T) {
	out, errOut, code := grundy(t, "", "identify", "grundy-game", "--to", "40")
	if code != 0 || !strings.Contains(out, "1. 4.0 (distinct parts) (grundy-game)") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
}

// TestIdentifyBadInput: one line, exit 2.
func TestIdentifyBadInput(t *testing.T) {
	many := slices.Repeat([]string{"0"}, 1_000_000)
	for _, args := range [][]string{
		{"identify", "0", "1", "x"},
		{"identify", "0", "-1"},
		{"identify", "0", "1.5"},
		append([]string{"identify"}, many...),
		{"identify", "--from", "64", "0"},
		{"identify", "--from", "-1", "0"},
		{"identify"},
		{"identify", "kayles", "--from", "3"},
	} {
		out, errOut, code := grundy(t, "", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", strings.Join(args[:min(len(args), 5)], " "), code, out, errOut)
		}
	}
	_, errOut, _ := grundy(t, "", append([]string{"identify"}, many...)...)
	if !strings.Contains(errOut, strconv.Itoa(len(many))) {
		t.Errorf("10^6 values: %q does not say how many", errOut)
	}
}

// TestIdentifyDigits: --digits 4 computes the 122,880 codes of 4 digits
// within the limits (a state limit is exit 1), and other digits are bad
// input.
func TestIdentifyDigits(t *testing.T) {
	if _, errOut, code := grundy(t, "", "identify", "--digits", "4", "--max-states", "10000", "0", "1", "1", "2"); code != 1 || !strings.Contains(errOut, "--max-states") {
		t.Errorf("--max-states 10000: exit %d, %q; want 1", code, errOut)
	}
	for _, d := range []string{"2", "5"} {
		if _, errOut, code := grundy(t, "", "identify", "--digits", d, "0", "1"); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("--digits %s: exit %d, %q; want 2", d, code, errOut)
		}
	}
}

// TestIdentifyScript tabulates a rule script within the limits: the paper
// strip (examples/strip.star, docs/identify.md) is Dawson's Kayles, and
// under a state limit too small for its table the request stops (exit 1).
func TestIdentifyScript(t *testing.T) {
	t.Chdir("../..")
	out, errOut, code := grundy(t, "", "identify", "examples/strip.star", "--to", "40")
	if code != 0 || !strings.Contains(out, "1. 0.07 (dawson-kayles)\n") {
		t.Errorf("exit %d: %s%s", code, out, errOut)
	}
	if _, errOut, code := grundy(t, "", "identify", "--max-states", "20", "examples/strip.star"); code != 1 || !strings.Contains(errOut, "--max-states") {
		t.Errorf("--max-states 20: exit %d, %q; want 1", code, errOut)
	}
}
