package tier

import (
	"context"
	"fmt"
	"unsafe"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/store"
)

// A tier is a data file of the database (store), kind "tier", ID the
// tier's ID, in one of two forms; the manifest records each complete
// tier's counts of wins, losses and draws (meta "win", "lose", "draw").
//
//   - Plain (NAME.tier, 16-bit records): one cell per position in rank
//     order, each as solve.Retro keeps it: 2 bits of outcome (lose, win,
//     or draw) and 14 bits of remoteness. Tiers are solved in this form,
//     mapped in memory.
//   - Compressed (NAME.tierz, zstd blocks of 8- or 16-bit records): one
//     code per position in rank order, 0 for a draw, 2r+1 for a loss and
//     2r+2 for a win in r moves; 8 bits when every code of the tier fits
//     in them. Solver.Compress rewrites solved tiers in this form.
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

// tierFile is one tier's records: the mapping of its plain file being
// written (w) or complete (f), or its compressed file (z), read a block at
// a time or, for a tier read whole, decompressed into cells.
type tierFile struct {
	w     *store.Writer
	f     *store.File
	z     *store.CompressedFile
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
	var err error
	if tf.f != nil {
		err = tf.f.Close()
		tf.f = nil
	}
	if tf.z != nil {
		if cerr := tf.z.Close(); err == nil {
			err = cerr
		}
		tf.z = nil
	}
	return err
}

// code is the compressed record of a cell: 0 for a draw (or a cell never
// decided), 2r+1 for a loss and 2r+2 for a win in r moves.
func code(c uint16) uint16 {
	r := c &^ cellKind
	switch c & cellKind {
	case cellLose:
		return 2*r + 1
	case cellWin:
		return 2*r + 2
	}
	return 0
}

// cellOf is the cell of a code, the inverse of code on solved cells.
func cellOf(c uint64) (uint16, bool) {
	switch {
	case c == 0:
		return cellDraw, true
	case c > 2*maxCell+2:
		return 0, false
	case c%2 == 1:
		return cellLose | uint16(c/2), true
	}
	return cellWin | uint16(c/2-1), true
}

// zspec describes the compressed file of tier t with records of bits bits.
func (s *Solver[P]) zspec(t ID, bits int) store.Spec {
	return store.Spec{Name: s.g.TierName(t) + ".tierz", Kind: fileKind, ID: uint64(t), Bits: bits, Records: s.g.TierSize(t)}
}

// part returns the manifest's entry of tier t's complete file, plain or
// compressed.
func (s *Solver[P]) part(t ID) (store.Part, bool) {
	if p, ok := s.opts.DB.Part(s.spec(t).Name); ok {
		return p, true
	}
	return s.opts.DB.Part(s.zspec(t, 0).Name)
}

// openCompressed opens the compressed file of the complete tier t; when
// whole, it decompresses every block into cells (which the caller holds in
// its budget).
func (s *Solver[P]) openCompressed(t ID, p store.Part, whole bool) (*tierFile, error) {
	z, err := s.opts.DB.OpenCompressed(s.zspec(t, p.Bits))
	if err != nil {
		return nil, err
	}
	tf := &tierFile{z: z}
	if !whole {
		return tf, nil
	}
	if err := tf.decompress(s.g.TierSize(t), p.Bits); err != nil {
		tf.close()
		return nil, err
	}
	return tf, nil
}

// decompress reads every record of tf.z into cells.
func (tf *tierFile) decompress(size uint64, bits int) error {
	tf.words = make([]uint32, (size+1)/2)
	if size > 0 {
		tf.cells = unsafe.Slice((*uint16)(unsafe.Pointer(&tf.words[0])), size)
	}
	width := bits / 8
	for b := range tf.z.Blocks() {
		var bad error
		err := tf.z.Block(b, func(records []byte) {
			base := uint64(b) * store.BlockRecords
			for k := 0; k < len(records)/width && bad == nil; k++ {
				c := uint64(records[k*width])
				if width == 2 {
					c |= uint64(records[k*width+1]) << 8
				}
				cell, ok := cellOf(c)
				if !ok {
					bad = &store.DamageError{Path: tf.z.Path(), Reason: fmt.Sprintf("record %d holds no value (%d)", base+uint64(k), c)}
				}
				tf.cells[base+uint64(k)] = cell
			}
		})
		if err == nil {
			err = bad
		}
		if err != nil {
			tf.cells, tf.words = nil, nil
			return err
		}
	}
	return nil
}

// zvalue returns the value of the position of rank r from a compressed
// file read a block at a time.
func (tf *tierFile) zvalue(r uint64) (solve.Value, error) {
	c, err := tf.z.Record(r)
	if err != nil {
		return solve.Value{Outcome: game.Unknown, Remoteness: -1}, err
	}
	cell, ok := cellOf(c)
	if !ok {
		return solve.Value{Outcome: game.Unknown, Remoteness: -1}, &store.DamageError{Path: tf.z.Path(), Reason: fmt.Sprintf("record %d holds no value (%d)", r, c)}
	}
	return decode(cell), nil
}

// Compress rewrites every complete plain tier reachable from roots in
// compressed form (each replacing its plain file in one manifest), and
// removes the plain file a writer killed after such a replacement left.
// A database open for reading is left as it is.
func (s *Solver[P]) Compress(ctx context.Context, roots []ID) error {
	if !s.opts.DB.Writable() {
		return nil
	}
	for _, t := range s.Order(roots) {
		plain := s.spec(t).Name
		p, ok := s.opts.DB.Part(plain)
		if !ok {
			if _, z := s.opts.DB.Part(s.zspec(t, 0).Name); z {
				if err := s.opts.DB.Drop(plain); err != nil {
					return err
				}
			}
			continue
		}
		if err := limits.Poll(ctx); err != nil {
			return err
		}
		tf, err := s.file(t, true)
		if err != nil {
			return fmt.Errorf("tier %s: %w", s.g.TierName(t), err)
		}
		bits := 8
		for _, c := range tf.cells {
			if code(c) > 255 {
				bits = 16
				break
			}
		}
		err = s.opts.DB.WriteCompressed(ctx, s.zspec(t, bits), p.Meta, plain, func(lo, hi uint64, dst []byte) error {
			for i, c := range tf.cells[lo:hi] {
				v := code(c)
				dst[i*bits/8] = byte(v)
				if bits == 16 {
					dst[2*i+1] = byte(v >> 8)
				}
			}
			return nil
		})
		// The plain file is gone: its mapping goes too.
		tf.close()
		delete(s.mapped, t)
		if err != nil {
			return fmt.Errorf("tier %s: %w", s.g.TierName(t), err)
		}
	}
	return nil
}
