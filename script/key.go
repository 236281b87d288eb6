package script

import (
	"encoding/binary"
	"fmt"
	"math"

	"go.starlark.net/starlark"
)

// ID is an interned position of one script: positions equal under Starlark's
// == have the same ID. IDs are dense, from 0, in order of first sight, so
// per-position data lives in slices indexed by ID.
type ID uint32

// maxKey caps the encoded size of one position, in bytes.
const maxKey = 1 << 16

// maxDepth caps the nesting of tuples in a position.
const maxDepth = 100

// Tags of the key encoding. The encoding is injective on the hashable values
// a position may be, and two values equal under Starlark's == encode alike:
// an integral float encodes as the integer it equals (1.0 == 1).
const (
	tagNone   = 'N'
	tagFalse  = 'F'
	tagTrue   = 'T'
	tagInt    = 'i' // varint
	tagBigInt = 'I' // sign byte, uvarint length, big-endian magnitude
	tagFloat  = 'f' // 8 bytes, IEEE 754
	tagString = 's' // uvarint length, bytes
	tagBytes  = 'b' // uvarint length, bytes
	tagTuple  = '(' // uvarint length, elements
)

// notPosition is the error for a value that cannot be a position.
type notPosition struct{ what string }

func (e *notPosition) Error() string { return e.what }

// encode appends the key of position v to dst.
func encode(dst []byte, v starlark.Value, depth int) ([]byte, error) {
	if depth > maxDepth {
		return dst, &notPosition{fmt.Sprintf("a position nested more than %d tuples deep", maxDepth)}
	}
	if len(dst) > maxKey {
		return dst, &notPosition{fmt.Sprintf("a position larger than %d bytes", maxKey)}
	}
	switch v := v.(type) {
	case starlark.NoneType:
		return append(dst, tagNone), nil
	case starlark.Bool:
		if v {
			return append(dst, tagTrue), nil
		}
		return append(dst, tagFalse), nil
	case starlark.Int:
		if n, ok := v.Int64(); ok {
			return binary.AppendVarint(append(dst, tagInt), n), nil
		}
		b := v.BigInt()
		sign := byte(0)
		if b.Sign() < 0 {
			sign = 1
		}
		mag := b.Bytes()
		dst = append(dst, tagBigInt, sign)
		dst = binary.AppendUvarint(dst, uint64(len(mag)))
		return append(dst, mag...), nil
	case starlark.Float:
		f := float64(v)
		if math.IsNaN(f) {
			return dst, &notPosition{"nan, which is not equal to itself"}
		}
		if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
			return encode(dst, starlark.MakeInt64(int64(f)), depth)
		}
		if f == math.Trunc(f) {
			i, _ := starlark.NumberToInt(v)
			return encode(dst, i, depth)
		}
		return binary.BigEndian.AppendUint64(append(dst, tagFloat), math.Float64bits(f)), nil
	case starlark.String:
		dst = binary.AppendUvarint(append(dst, tagString), uint64(len(v)))
		return append(dst, v...), nil
	case starlark.Bytes:
		dst = binary.AppendUvarint(append(dst, tagBytes), uint64(len(v)))
		return append(dst, v...), nil
	case starlark.Tuple:
		dst = binary.AppendUvarint(append(dst, tagTuple), uint64(len(v)))
		var err error
		for _, x := range v {
			if dst, err = encode(dst, x, depth+1); err != nil {
				return dst, err
			}
		}
		return dst, nil
	}
	return dst, &notPosition{fmt.Sprintf("a %s, which cannot be a position (positions are hashable: int, string, bytes, bool, None, float or a tuple of these; use tuple(x) for a list)", v.Type())}
}
