// Package verify reads and checks certificates of periodicity of
// take-and-break heap games (format 1, docs/certificates.md). It imports
// only the standard library and nothing of grundy's engines, so a bug in
// the engines that computed a certificate's values cannot repeat itself
// here: [Check] recomputes every value from the rules by the plain
// definition (the mex over every move, splits into two and three heaps
// included), checks the theorem's conditions and that the certificate's
// values reach its bound, and that the claimed pattern holds and is the
// least.
//
// A certificate is text, one field a line, in this order:
//
//	grundy-certificate 1
//	rules code 0.77                  (or: rules subtraction 1,2,3)
//	theorem guy-smith                (or: theorem subtraction)
//	preperiod 71
//	period 12
//	saltus 0
//	bound 240
//	values BASE64
//	sha256 HEX
//
// where BASE64 is the standard base64 (with padding) of the raw DEFLATE
// (RFC 1951) of G(0..bound-1) as little-endian uint32, and HEX the
// lower-case SHA-256 of every byte before the sha256 line. Every line ends
// with a line feed; nothing follows the last.
package verify

import (
	"bufio"
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Magic is the first line of a certificate of format 1, without its line
// feed.
const Magic = "grundy-certificate 1"

// The theorems of format 1 (docs/certificates.md states them).
const (
	// GuySmith is the periodicity theorem of Guy and Smith (1956) for
	// finite take-and-break codes, moves into up to three heaps.
	GuySmith = "guy-smith"
	// SubtractionTheorem is the same argument for subtraction games,
	// whose window may start at heap 0.
	SubtractionTheorem = "subtraction"
)

// MaxDigits bounds the digits of a code (and the largest element of a
// subtraction set): no certificate of a game with more moves is read.
const MaxDigits = 1 << 20

// DefaultMaxValues is the most values Decode reads unless told otherwise:
// 2^22, enough for the 10^6 values a splitting code's check takes minutes
// over, with the memory (about 20 bytes a value) kept under 100 MiB.
const DefaultMaxValues = 1 << 22

// maxHeader bounds a line before the values line.
const maxHeader = 1 << 16

// Certificate is a claim of periodicity with the values that prove it.
type Certificate struct {
	// Rules is the rules field as written: "code 0.77" or
	// "subtraction 1,2,3".
	Rules string
	// Digits are the digits d0, d1, ..., dt of the rules' code (for a
	// subtraction set S, dk = 3 for k in S and 0 otherwise): bit 1 of dk
	// allows removing k tokens leaving nothing, bit 2 leaving one heap,
	// bit 4 two heaps and bit 8 three (every heap left non-empty).
	Digits []uint8
	// Theorem names the theorem that proves the claim.
	Theorem string
	// Preperiod, Period and Saltus are the claim: G(n+Period) =
	// G(n) + Saltus for every n >= Preperiod, both least.
	Preperiod, Period, Saltus int
	// Values are G(0..bound-1): bound is len(Values).
	Values []uint32
}

// InputError is a file that is not a well-formed certificate of format 1:
// truncated, damaged, foreign or too large.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

func badInput(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// MaxValues is the most values any certificate may hold (2^28: a larger
// one would take hours to check, and its sizes would overflow on 32-bit
// machines).
const MaxValues = 1 << 28

// Decode reads one certificate from r, reading at most maxValues values
// (maxValues <= 0: DefaultMaxValues; at most MaxValues) and a bounded
// number of bytes, so a huge or endless input fails early. Errors are
// *InputError, or r's own.
func Decode(r io.Reader, maxValues int) (*Certificate, error) {
	if maxValues <= 0 {
		maxValues = DefaultMaxValues
	}
	maxValues = min(maxValues, MaxValues)
	br := bufio.NewReader(r)
	sum := sha256.New()
	line := func(key string, limit int) (string, error) {
		text, err := readLine(br, limit)
		if err != nil {
			var in *InputError
			if key == "" && errors.As(err, &in) { // the first line: a foreign file, or a cut one
				if strings.HasPrefix(Magic, text) && len(text) > 0 {
					return "", err
				}
				return "", badInput("not a grundy certificate: the first line is not %q", Magic)
			}
			return "", fmt.Errorf("the %s line: %w", key, err)
		}
		sum.Write([]byte(text))
		sum.Write([]byte{'\n'})
		if key == "" {
			return text, nil
		}
		v, ok := strings.CutPrefix(text, key+" ")
		if !ok {
			return "", badInput("expected the line %q, found %q", key+" ...", clip(text))
		}
		return v, nil
	}
	magic, err := line("", len(Magic)+16)
	if err != nil {
		return nil, err
	}
	if magic != Magic {
		if strings.HasPrefix(magic, "grundy-certificate ") {
			return nil, badInput("certificate format %q: this verifier reads format 1", clip(strings.TrimPrefix(magic, "grundy-certificate ")))
		}
		return nil, badInput("not a grundy certificate: the first line is not %q", Magic)
	}
	c := &Certificate{}
	if c.Rules, err = line("rules", maxHeader); err != nil {
		return nil, err
	}
	if c.Digits, err = parseRules(c.Rules); err != nil {
		return nil, err
	}
	if c.Theorem, err = line("theorem", maxHeader); err != nil {
		return nil, err
	}
	ints := []struct {
		key string
		to  *int
		min int
	}{{"preperiod", &c.Preperiod, 0}, {"period", &c.Period, 1}, {"saltus", &c.Saltus, 0}}
	for _, f := range ints {
		v, err := line(f.key, maxHeader)
		if err != nil {
			return nil, err
		}
		if *f.to, err = number(f.key, v, f.min, 1<<31-1); err != nil {
			return nil, err
		}
	}
	v, err := line("bound", maxHeader)
	if err != nil {
		return nil, err
	}
	bound, err := number("bound", v, 1, 1<<31-1)
	if err != nil {
		return nil, err
	}
	if bound > maxValues {
		return nil, badInput("bound %d: the certificate holds more values than the %d allowed", bound, maxValues)
	}
	// The DEFLATE of 4*bound bytes is at most that plus 5 bytes a 64 KiB
	// stored block (RFC 1951); base64 takes 4 characters for 3 bytes.
	raw := 4*bound + 5*(4*bound/65535+2)
	payload, err := line("values", len("values ")+4*(raw+2)/3+4)
	if err != nil {
		return nil, err
	}
	if c.Values, err = decodeValues(payload, bound); err != nil {
		return nil, err
	}
	want := hex.EncodeToString(sum.Sum(nil))
	got, err := line("sha256", maxHeader)
	if err != nil {
		return nil, err
	}
	if got != want {
		return nil, badInput("sha256 %q does not match the certificate's bytes (damaged or edited file)", clip(got))
	}
	if _, err := br.ReadByte(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		return nil, badInput("bytes follow the sha256 line")
	}
	return c, nil
}

// readLine returns the next line without its line feed, failing on a line
// longer than limit bytes or one the input ends before.
// On a failure the text is what was read of the line (at most limit
// bytes).
func readLine(br *bufio.Reader, limit int) (string, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > limit+1 {
			return string(buf), badInput("line longer than %d bytes", limit)
		}
		buf = append(buf, chunk...)
		switch {
		case err == nil:
			return string(buf[:len(buf)-1]), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
			return string(buf), badInput("the file ends early (truncated)")
		default:
			return string(buf), err
		}
	}
}

// clip shortens text quoted in an error to one short line.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// number parses a decimal field in [lo, hi], written without sign or
// leading zeros.
func number(key, s string, lo, hi int) (int, error) {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') || strings.TrimLeft(s, "0123456789") != "" {
		return 0, badInput("%s %q is not a whole number", key, clip(s))
	}
	v, _ := strconv.Atoi(s)
	if v < lo || v > hi {
		return 0, badInput("%s %d is out of range %d..%d", key, v, lo, hi)
	}
	return v, nil
}

// parseRules reads "code D0.D1...Dt" (hexadecimal digits 0-9, A-F; d0 is
// 0, 4, 8 or C) or "subtraction S" (S increasing positive whole numbers
// separated by commas) into the digits d0..dt.
func parseRules(s string) ([]uint8, error) {
	kind, arg, _ := strings.Cut(s, " ")
	switch kind {
	case "code":
		before, after, ok := strings.Cut(arg, ".")
		if !ok || len(before) != 1 || after == "" || len(after) > MaxDigits {
			return nil, badInput("rules code %q: want D0.D1D2... with one digit before the point", clip(arg))
		}
		digits := make([]uint8, 0, len(after)+1)
		for i := 0; i < len(arg); i++ {
			if i == 1 {
				continue // the point
			}
			d := strings.IndexByte("0123456789ABCDEF", arg[i])
			if d < 0 {
				return nil, badInput("rules code %q: %q is not a digit 0-9 or A-F", clip(arg), arg[i])
			}
			digits = append(digits, uint8(d))
		}
		if digits[0]&3 != 0 {
			return nil, badInput("rules code %q: d0 must be 0, 4, 8 or C (a move removing nothing must split)", clip(arg))
		}
		return digits, nil
	case "subtraction":
		var digits []uint8
		prev := 0
		for _, f := range strings.Split(arg, ",") {
			k, err := number("subtraction element", f, prev+1, MaxDigits)
			if err != nil {
				return nil, badInput("rules subtraction %q: want increasing positive whole numbers at most %d: %v", clip(arg), MaxDigits, err)
			}
			for len(digits) < k {
				digits = append(digits, 0)
			}
			digits = append(digits, 3)
			prev = k
		}
		return digits, nil
	}
	return nil, badInput("rules %q: want \"code D0.D1...\" or \"subtraction S\"", clip(s))
}

// decodeValues reads the values field: bound little-endian uint32 values,
// DEFLATE-compressed, base64-encoded.
func decodeValues(payload string, bound int) ([]uint32, error) {
	compressed, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return nil, badInput("values: not base64: %v", err)
	}
	zr := flate.NewReader(bytes.NewReader(compressed))
	data, err := io.ReadAll(io.LimitReader(zr, int64(4*bound)+1))
	if err != nil {
		return nil, badInput("values: not DEFLATE data: %v", err)
	}
	if len(data) != 4*bound {
		return nil, badInput("values: %d bytes, want %d (4 for each of the %d values)", len(data), 4*bound, bound)
	}
	values := make([]uint32, bound)
	for i := range values {
		values[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	return values, nil
}

// Encode writes c in format 1. Its Rules must be one Decode reads (and
// give c.Digits).
func Encode(w io.Writer, c *Certificate) error {
	var body bytes.Buffer
	fmt.Fprintf(&body, "%s\nrules %s\ntheorem %s\npreperiod %d\nperiod %d\nsaltus %d\nbound %d\nvalues ",
		Magic, c.Rules, c.Theorem, c.Preperiod, c.Period, c.Saltus, len(c.Values))
	raw := make([]byte, 4*len(c.Values))
	for i, v := range c.Values {
		binary.LittleEndian.PutUint32(raw[4*i:], v)
	}
	var compressed bytes.Buffer
	zw, err := flate.NewWriter(&compressed, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	body.WriteString(base64.StdEncoding.EncodeToString(compressed.Bytes()))
	body.WriteByte('\n')
	sum := sha256.Sum256(body.Bytes())
	fmt.Fprintf(&body, "sha256 %s\n", hex.EncodeToString(sum[:]))
	_, err = w.Write(body.Bytes())
	return err
}
