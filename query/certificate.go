package query

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	heapgame "github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/verify"
)

// Certificate is a certificate of periodicity (package verify, format 1).
type Certificate = verify.Certificate

// Certify returns the certificate (format 1, docs/certificates.md) of the
// proven pattern of res, a table of inst: the rules, the claim, the theorem
// and G(0..B-1), B the bound the theorem needs, which package verify
// checks without grundy's engines. It fails (game.ErrInput) when the
// pattern is not proven or the game is not a finite take-and-break code
// without the distinct-parts rule. The values come from res when it holds
// them, otherwise from a table of G(0..B-1) on budget.
func Certify(ctx context.Context, inst games.Instance, res *TableResult, budget *limits.Budget) (*Certificate, error) {
	p := res.Pattern
	if p == nil || !p.Proven {
		return nil, game.Inputf("no certificate: the pattern of %s is not proven over G(0..%d)", res.Game, max(res.Computed-1, 0))
	}
	seq, ok := inst.(games.Sequenced)
	if !ok {
		return nil, game.Inputf("no certificate: %s is not a finite take-and-break code", res.Game)
	}
	sr, ok := seq.SparseRules()
	if !ok || sr.Distinct {
		return nil, game.Inputf("no certificate: %s is not a finite take-and-break code without the distinct-parts rule", res.Game)
	}
	if p.Saltus != 0 {
		return nil, game.Inputf("no certificate: no theorem of format 1 proves the saltus of %s", res.Game)
	}
	c := &verify.Certificate{Rules: "code " + sr.Code.String(), Digits: sr.Code.Digits, Theorem: verify.GuySmith,
		Preperiod: p.Preperiod, Period: p.Period}
	if set, ok := subtractionSet(sr.Code.Digits); ok {
		c.Rules, c.Theorem = "subtraction "+set, verify.SubtractionTheorem
	}
	// The bound of the theorem as format 1 states it (heap.Rules.Need is
	// the same window, computed apart).
	need64 := verify.Need(c.Digits, c.Theorem, p.Preperiod, p.Period)
	if need64 > verify.MaxValues {
		return nil, game.Inputf("no certificate: the theorem needs G(0..%d), more than the %d values a certificate holds", need64-1, verify.MaxValues)
	}
	need := int(need64)
	c.Values = make([]uint32, need)
	at := res.At
	if res.From > 0 || res.To < need-1 {
		full, err := Table(ctx, inst, 0, need-1, budget)
		if err != nil {
			return nil, err
		}
		if q := full.Pattern; q == nil || !q.Proven || q.Preperiod != p.Preperiod || q.Period != p.Period {
			return nil, fmt.Errorf("certificate of %s: the table of G(0..%d) proves another pattern", res.Game, need-1)
		}
		at = full.At
	}
	for n := range c.Values {
		c.Values[n] = uint32(at(n))
	}
	return c, nil
}

// subtractionSet returns S, comma-separated, when digits are a subtraction
// game's: d0 = 0 and every digit 0 or 3 (dk = 3 for k in S).
func subtractionSet(digits []uint8) (string, bool) {
	var set []string
	for k, d := range digits {
		switch {
		case d == heapgame.TakeAll|heapgame.Take && k > 0:
			set = append(set, strconv.Itoa(k))
		case d != 0:
			return "", false
		}
	}
	return strings.Join(set, ","), len(set) > 0
}

// WriteCertificate writes c to path atomically: into a temporary file in
// the same directory, synced, then renamed over path, so path holds either
// its old content or the whole certificate.
func WriteCertificate(path string, c *Certificate) error {
	var b bytes.Buffer
	if err := verify.Encode(&b, c); err != nil {
		return fmt.Errorf("encode certificate: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write certificate: %w", err)
	}
	err = f.Chmod(0o644) // CreateTemp's 0600 would hide it from other users
	if err == nil {
		_, err = f.Write(b.Bytes())
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write certificate %s: %w", path, err)
	}
	return nil
}

// CodeCertificate tabulates the take-and-break code (as written in the
// tables: "0.77", "4.F") to G(0..upTo) and returns the certificate of the
// pattern that table proves (Certify): the census's writer.
func CodeCertificate(ctx context.Context, code string, upTo int, budget *limits.Budget) (*Certificate, error) {
	inst, err := Open("octal:"+code, nil)
	if err != nil {
		return nil, err
	}
	res, err := Table(ctx, inst, 0, upTo, budget)
	if err != nil {
		return nil, err
	}
	return Certify(ctx, inst, res, budget)
}
