package quotient

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

// TestFileDamage flips every byte of the file of Dawson's Kayles' quotient
// to heap 20 (two ways) and cuts it at every length: each damaged file is
// refused by Unmarshal or Check, or it reads back as the same quotient (a
// flip that leaves the JSON's meaning, such as a key's letter case, or
// names as a generator's heap another heap of the same element). Never a
// different quotient.
func TestFileDamage(t *testing.T) {
	r := heap.Octal(mustCode(t, "0.07"))
	q, err := Compute(context.Background(), r, 20, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	same, refused := 0, 0
	try := func(d []byte, what string, i int) {
		got, err := Unmarshal(d)
		if err == nil {
			err = got.Check(context.Background(), r, nil)
		}
		if err != nil {
			refused++
			return
		}
		back, _ := json.Marshal(got)
		if !bytes.Equal(meaning(t, back), meaning(t, data)) {
			t.Fatalf("%s at %d: a different quotient read and checked:\n%s\nwas\n%s", what, i, back, data)
		}
		same++
	}
	for i := range data {
		for _, x := range []byte{1, 0x20} {
			d := bytes.Clone(data)
			d[i] ^= x
			try(d, "flip", i)
		}
	}
	for n := range len(data) {
		try(data[:n], "cut", n)
	}
	t.Logf("%d bytes: %d damaged files refused, %d read as the same quotient", len(data), refused, same)
}

// meaning is a quotient file without its generators' heaps: the heap a
// generator is named after may be any heap whose element it is.
func meaning(t *testing.T, data []byte) []byte {
	t.Helper()
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	for i := range f.Generators {
		f.Generators[i].Heap = 0
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
