package query

import (
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/store"
)

// Databases are the solved databases (store) a face answers from, each
// for the game it holds: `grundy solve GAME --db DIR` writes one, play and
// serve read them (PlayOptions.Databases) instead of solving.
type Databases struct {
	dirs map[string]string // game (instance name, "quixo:4x4") -> directory
}

// OpenDatabases checks that each directory holds a database whose
// manifest is whole, at most one for each game, and returns them by game.
func OpenDatabases(dirs []string) (*Databases, error) {
	d := &Databases{dirs: map[string]string{}}
	for _, dir := range dirs {
		m, err := store.ReadManifest(dir)
		if err != nil {
			return nil, err
		}
		if other, ok := d.dirs[m.Game]; ok {
			return nil, game.Inputf("%s and %s are both databases of %s: give one", other, dir, m.Game)
		}
		d.dirs[m.Game] = dir
	}
	return d, nil
}

// Require returns an input error unless a database holds the game of pos.
func (d *Databases) Require(pos games.Position) error {
	if len(pos) == 0 {
		return nil
	}
	name := pos[0].Game.Name()
	if d.dir(name) != "" {
		return nil
	}
	for g, dir := range d.dirs {
		return &store.MismatchError{Dir: dir, What: "the game", Have: g, Want: name}
	}
	return game.Inputf("no database holds %s", name)
}

// dir returns the directory of the database of the game named name ("":
// none).
func (d *Databases) dir(name string) string {
	if d == nil {
		return ""
	}
	return d.dirs[name]
}

// OldDatabaseError is the refusal of a directory of tier files of an
// older grundy, without a manifest: the game is solved again into a new
// database.
type OldDatabaseError = store.OldFormatError

// DatabaseGame returns the name of the game of pos ("quixo:4x4") when a
// database can hold it (a general game with tiers), "" otherwise. Faces
// say how to make one when solving each question passes the limits.
func DatabaseGame(pos games.Position) string {
	if len(pos) != 1 {
		return ""
	}
	if tg, ok := pos[0].Game.(games.TierSolvable); ok && tg.Tiered() {
		return pos[0].Game.Name()
	}
	return ""
}

// Holds reports whether a database holds the game named name.
func (d *Databases) Holds(name string) bool { return d.dir(name) != "" }
