package tier

import (
	"unsafe"

	"github.com/grundy-go/grundy/store"
)

// A tier file is a data file of the database (store): kind "tier", the
// tier's ID, one 16-bit little-endian cell per position in rank order, each
// cell as solve.Retro keeps it: 2 bits of outcome (lose, win, or draw) and
// 14 bits of remoteness. The manifest records each complete tier's counts
// of wins, losses and draws (meta "win", "lose", "draw").
const (
	// Version is the version of the tier solver's records, part of a
	// database's identity: raising it makes older databases refused.
	Version  = 2
	fileKind = "tier"
	cellBits = 16
)

// Identity is the identity of the tier database of the game named game
// (its catalog spec with parameters, "quixo:4x4").
func Identity(game string) store.Identity {
	return store.Identity{Game: game, Engine: "tier", Version: Version}
}

// tierFile is the mapping of one tier's cells, being written (w) or
// complete (f).
type tierFile struct {
	w     *store.Writer
	f     *store.File
	cells []uint16 // the positions' cells
	words []uint32 // the same cells two by two (atomic updates)
}

func (tf *tierFile) slice(data []byte, size uint64) {
	if size == 0 {
		return
	}
	tf.words = unsafe.Slice((*uint32)(unsafe.Pointer(&data[0])), (size+1)/2)
	tf.cells = unsafe.Slice((*uint16)(unsafe.Pointer(&data[0])), size)
}

// close unmaps a complete file, or drops one being written.
func (tf *tierFile) close() error {
	tf.cells, tf.words = nil, nil
	if tf.w != nil {
		tf.w.Abort()
		tf.w = nil
	}
	if tf.f != nil {
		err := tf.f.Close()
		tf.f = nil
		return err
	}
	return nil
}
