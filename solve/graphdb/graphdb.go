// Package graphdb keeps the solved positions of a general game in a
// database (store), for games without tiers: each position's value (its
// outcome for the player to move and its remoteness) in an open-addressing
// table keyed by a 128-bit fingerprint of the position's text (the catalog's
// form of it, which names one position). A position is answered by
// reading one or a few 16-byte slots of the table, so a database of any size
// answers in microseconds; positions are added by rewriting the table with
// the old ones and the new.
//
// The table is one plain data file (store), GRAPH_FILE, kind "graph", of
// 64-bit records, two per slot and a power of two of slots, at least twice
// the positions held. Slot i holds, for a position of fingerprint (hi, lo)
// (FNV-128a of its text, hi with its lowest bit set so that no slot in use
// is zero), the records hi and lo with its low 16 bits replaced by the
// position's code: 0 for a draw, 2r+1 for a loss and 2r+2 for a win in r
// moves. A position's slot is the first, from hi modulo the number of
// slots onward (wrapping), that holds its fingerprint or is empty (both
// records zero). The manifest records the numbers of positions, wins,
// losses and draws (meta "positions", "win", "lose", "draw").
//
// A fingerprint names 112 bits of a position's text (the 16 bits of lo
// that hold the code are not compared); a database refuses to be written
// when two of its positions share one, and a position it does not hold is
// answered by it only if its fingerprint equals a held one's, a chance of
// about one in 2^112 per question.
package graphdb

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
	"github.com/grundy-go/grundy/store"
)

// Version is the version of the table's records, part of a database's
// identity: raising it makes older databases refused.
const Version = 1

// File is the name of the table's data file.
const File = "positions.graph"

const (
	kind     = "graph"
	codeMask = 1<<16 - 1
	// maxRemoteness is the largest remoteness a code holds.
	maxRemoteness = (codeMask - 2) / 2
)

// Identity is the identity of the graph database of the game named game
// (its catalog name with parameters).
func Identity(game string) store.Identity {
	return store.Identity{Game: game, Engine: "graph", Version: Version}
}

// Fingerprint is a position's key in the table.
type Fingerprint struct{ Hi, Lo uint64 }

// Key returns the fingerprint of the position whose text is text.
func Key(text string) Fingerprint {
	h := fnv.New128a()
	h.Write([]byte(text))
	var sum [16]byte
	h.Sum(sum[:0])
	return Fingerprint{binary.BigEndian.Uint64(sum[:8]) | 1, binary.BigEndian.Uint64(sum[8:]) &^ codeMask}
}

// Code is the 16-bit record of a value: 0 for a draw, 2r+1 for a loss and
// 2r+2 for a win in r moves.
func Code(v solve.Value) (uint16, error) {
	switch v.Outcome {
	case game.Draw:
		return 0, nil
	case game.Win, game.Lose:
		if v.Remoteness < 0 || v.Remoteness > maxRemoteness {
			return 0, fmt.Errorf("remoteness %d: a graph database holds 0 to %d", v.Remoteness, maxRemoteness)
		}
		if v.Outcome == game.Lose {
			return uint16(2*v.Remoteness + 1), nil
		}
		return uint16(2*v.Remoteness + 2), nil
	}
	return 0, fmt.Errorf("outcome %v cannot be kept", v.Outcome)
}

// value is the inverse of Code.
func value(c uint16) solve.Value {
	switch {
	case c == 0:
		return solve.Value{Outcome: game.Draw, Remoteness: -1}
	case c%2 == 1:
		return solve.Value{Outcome: game.Lose, Remoteness: int(c / 2)}
	}
	return solve.Value{Outcome: game.Win, Remoteness: int(c/2 - 1)}
}

// Table is the table of a database open for reading. It is safe for
// concurrent use.
type Table struct {
	f     *store.File
	slots uint64
	meta  map[string]int64
}

// Open opens the table of db: nil and no error when db holds none yet.
// A damaged file is a *store.DamageError.
func Open(db *store.DB) (*Table, error) {
	part, ok := db.Part(File)
	if !ok {
		return nil, nil
	}
	slots := part.Records / 2
	if part.Records%2 != 0 || slots < minSlots || slots&(slots-1) != 0 {
		return nil, &store.DamageError{Path: db.Dir() + "/" + File, Reason: fmt.Sprintf("the manifest lists %d records, not two per slot of a power of two", part.Records)}
	}
	f, err := db.Open(spec(slots))
	if err != nil {
		return nil, err
	}
	return &Table{f: f, slots: slots, meta: part.Meta}, nil
}

// minSlots is the size of the smallest table.
const minSlots = 16

func spec(slots uint64) store.Spec {
	return store.Spec{Name: File, Kind: kind, Bits: 64, Records: 2 * slots}
}

// Positions returns the number of positions the table holds.
func (t *Table) Positions() int64 { return t.meta["positions"] }

// Counts returns the numbers of positions won, lost and drawn for the
// player to move.
func (t *Table) Counts() solve.Counts {
	return solve.Counts{Win: t.meta["win"], Lose: t.meta["lose"], Draw: t.meta["draw"]}
}

// slot reads slot i, verifying its block first.
func (t *Table) slot(i uint64) (hi, lo uint64, err error) {
	if err := t.f.Verify(int64(16*i), 16); err != nil {
		return 0, 0, err
	}
	d := t.f.Data()[16*i:]
	return binary.LittleEndian.Uint64(d), binary.LittleEndian.Uint64(d[8:]), nil
}

// Value returns the value of the position of fingerprint k, and false when
// the table does not hold it.
func (t *Table) Value(k Fingerprint) (solve.Value, bool, error) {
	unknown := solve.Value{Outcome: game.Unknown, Remoteness: -1}
	for n, i := uint64(0), k.Hi&(t.slots-1); n < t.slots; n, i = n+1, (i+1)&(t.slots-1) {
		hi, lo, err := t.slot(i)
		if err != nil {
			return unknown, false, err
		}
		switch {
		case hi == 0 && lo == 0:
			return unknown, false, nil
		case hi == k.Hi && lo&^codeMask == k.Lo:
			c := uint16(lo & codeMask)
			if c > 2*maxRemoteness+2 {
				return unknown, false, &store.DamageError{Path: t.f.Path(), Reason: fmt.Sprintf("slot %d holds no value", i)}
			}
			return value(c), true, nil
		}
	}
	return unknown, false, nil
}

// Close closes the table's file.
func (t *Table) Close() error { return t.f.Close() }

// Entry is one position to write: its fingerprint and its value.
type Entry struct {
	Key   Fingerprint
	Value solve.Value
}

// Write replaces the table of db (open for writing) by one holding the
// positions of old (nil: none) and those each yields: n of them at most
// (the caller's count, which sizes the table). A position held before and
// yielded again must have the same value (a value does not depend on the
// position a solve started from); two positions of one fingerprint are
// refused. budget's disk limit bounds the table's file (mapped while it is
// filled), checked before it is created.
func Write(ctx context.Context, db *store.DB, old *Table, n int64, budget *limits.Budget, each func(yield func(Entry) bool) error) error {
	total := n
	if old != nil {
		total += old.Positions()
	}
	slots := uint64(minSlots)
	for slots < 2*uint64(max(total, 0)) {
		slots <<= 1
	}
	s := spec(slots)
	if err := budget.AllowDisk(s.FileSize()); err != nil {
		return fmt.Errorf("the table of %d positions: %w", total, err)
	}
	if err := store.CheckSpace(db.Dir(), db.Dir(), s.FileSize()); err != nil {
		return fmt.Errorf("the table of %d positions: %w", total, err)
	}
	w, err := db.Create(s)
	if err != nil {
		return err
	}
	data := w.Data()
	var counts [3]int64 // draw, lose, win
	var held int64
	put := func(k Fingerprint, code uint16) error {
		for n, i := uint64(0), k.Hi&(slots-1); n < slots; n, i = n+1, (i+1)&(slots-1) {
			d := data[16*i:]
			hi, lo := binary.LittleEndian.Uint64(d), binary.LittleEndian.Uint64(d[8:])
			switch {
			case hi == 0 && lo == 0:
				binary.LittleEndian.PutUint64(d, k.Hi)
				binary.LittleEndian.PutUint64(d[8:], k.Lo|uint64(code))
				held++
				counts[codeKind(code)]++
				return nil
			case hi == k.Hi && lo&^codeMask == k.Lo:
				if uint16(lo&codeMask) != code {
					return fmt.Errorf("two positions of fingerprint %016x%016x (or one of two values): the table cannot hold both", k.Hi, k.Lo)
				}
				return nil
			}
		}
		return fmt.Errorf("the table of %d slots is full", slots)
	}
	fail := func(err error) error {
		w.Abort()
		return err
	}
	if old != nil {
		for i := range old.slots {
			if i%4096 == 0 {
				if err := limits.Poll(ctx); err != nil {
					return fail(err)
				}
			}
			hi, lo, err := old.slot(i)
			if err != nil {
				return fail(err)
			}
			if hi != 0 || lo != 0 {
				if err := put(Fingerprint{hi, lo &^ codeMask}, uint16(lo&codeMask)); err != nil {
					return fail(err)
				}
			}
		}
	}
	var werr error
	k := 0
	err = each(func(e Entry) bool {
		if k++; k%4096 == 0 {
			if werr = limits.Poll(ctx); werr != nil {
				return false
			}
		}
		var code uint16
		if code, werr = Code(e.Value); werr == nil {
			werr = put(e.Key, code)
		}
		return werr == nil
	})
	if err == nil {
		err = werr
	}
	if err != nil {
		return fail(err)
	}
	return w.Commit(map[string]int64{"positions": held, "draw": counts[0], "lose": counts[1], "win": counts[2]})
}

// codeKind is 0 for a draw's code, 1 for a loss's and 2 for a win's.
func codeKind(c uint16) uint16 {
	if c == 0 {
		return 0
	}
	return 2 - c%2
}
