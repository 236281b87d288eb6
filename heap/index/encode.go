package index

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-go/grundy/periodic"
)

// formatVersion is the version of the encoded table.
const formatVersion = 1

// Encode writes t as the text of the generated table: its fields as
// varints, DEFLATE-compressed, in base64 lines.
func (t *Table) Encode() (string, error) {
	var raw []byte
	u := func(x int) { raw = binary.AppendUvarint(raw, uint64(x)) }
	s := func(x int) { raw = binary.AppendVarint(raw, int64(x)) }
	u(formatVersion)
	u(Prefix)
	u(t.To)
	u(t.To3)
	u(len(t.ClassOf))
	u(len(t.Classes))
	u(len(t.Groups))
	for _, g := range t.Groups {
		u(b2i(g.Proven))
		u(g.Through)
		for _, v := range g.Values {
			u(int(v))
		}
	}
	for _, c := range t.Classes {
		u(c.Group)
		u(c.Computed)
		u(c.Known)
		if c.Pattern == nil {
			u(0)
			continue
		}
		u(1 + b2i(c.Pattern.Proven))
		u(c.Pattern.Preperiod)
		u(c.Pattern.Period)
		s(c.Pattern.Saltus)
		u(c.Pattern.Checked)
	}
	for i, k := range t.ClassOf {
		u(2*k + b2i(t.TakeAll[i]))
	}
	var z bytes.Buffer
	w, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(raw); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	text := base64.StdEncoding.EncodeToString(z.Bytes())
	var b strings.Builder
	for len(text) > 0 {
		n := min(len(text), 100)
		b.WriteString(text[:n])
		b.WriteByte('\n')
		text = text[n:]
	}
	return b.String(), nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// errTable reports a damaged table.
var errTable = errors.New("index: damaged table")

// Decode reads a table Encode wrote, for candidates candidates.
func Decode(text string, candidates int) (*Table, error) {
	z, err := base64.StdEncoding.DecodeString(text) // skips the line breaks
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errTable, err)
	}
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errTable, err)
	}
	r := bytes.NewReader(raw)
	bad := false
	u := func() int {
		x, err := binary.ReadUvarint(r)
		if err != nil || x > 1<<40 {
			bad = true
		}
		return int(x)
	}
	s := func() int {
		x, err := binary.ReadVarint(r)
		if err != nil || x > 1<<40 || x < -1<<40 {
			bad = true
		}
		return int(x)
	}
	if u() != formatVersion || u() != Prefix {
		return nil, fmt.Errorf("%w: version or prefix", errTable)
	}
	t := &Table{To: u(), To3: u()}
	nc, nk, ng := u(), u(), u()
	if bad || nc != candidates || nk > nc || ng > nk {
		return nil, fmt.Errorf("%w: %d candidates, want %d", errTable, nc, candidates)
	}
	t.Groups = make([]Group, ng)
	for g := range t.Groups {
		t.Groups[g] = Group{Proven: u() == 1, Through: u(), Values: make([]uint16, Prefix)}
		for i := range t.Groups[g].Values {
			t.Groups[g].Values[i] = uint16(u())
		}
	}
	t.Classes = make([]Class, nk)
	for k := range t.Classes {
		c := Class{Group: u(), Computed: u(), Known: u()}
		if c.Group >= ng {
			bad = true
		}
		if has := u(); has > 0 {
			c.Pattern = &periodic.Pattern{Proven: has == 2, Preperiod: u(), Period: u(), Saltus: s(), Checked: u()}
		}
		t.Classes[k] = c
	}
	t.ClassOf, t.TakeAll = make([]int, nc), make([]bool, nc)
	for i := range t.ClassOf {
		x := u()
		t.ClassOf[i], t.TakeAll[i] = x/2, x%2 == 1
		if t.ClassOf[i] >= nk {
			bad = true
		}
	}
	if bad || r.Len() != 0 {
		return nil, errTable
	}
	return t, nil
}
