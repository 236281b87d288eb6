package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Cards is the cyclic card game of the seed notes: each player holds two
// cards 0..9; the player to move replaces one of their cards c by
// (c + y) mod 10, where y is the card the opponent made on their last move
// (0 before any move); whoever makes a 0 wins. Cards can come back to
// earlier values, so the game graph has cycles and some positions are
// draws: neither player can force a 0.
type Cards struct{}

// CardsPos is a position: the hand of the player to move (Mine), the
// opponent's hand (Theirs), each sorted, and Y, the card the opponent made
// on their last move; Start says no move has been made yet (y is 0 then).
// Y == 0 without Start means the opponent just made a 0: the game is over.
type CardsPos struct {
	Mine, Theirs [2]uint8
	Y            uint8
	Start        bool
}

func sortedHand(a, b uint8) [2]uint8 {
	if a > b {
		a, b = b, a
	}
	return [2]uint8{a, b}
}

// Moves replaces each distinct card of the mover's hand; the opponent then
// moves, with the new card as their y.
func (Cards) Moves(p CardsPos, yield func(CardsPos) bool) {
	for i, c := range p.Mine {
		if i == 1 && p.Mine[1] == p.Mine[0] {
			return // the same move again
		}
		made := (c + p.Y) % 10
		other := p.Mine[1-i]
		if !yield(CardsPos{Mine: p.Theirs, Theirs: sortedHand(made, other), Y: made}) {
			return
		}
	}
}

// Result: the game is over when the opponent's last move made a 0; the
// player to move has lost.
func (Cards) Result(p CardsPos) (game.Outcome, bool) {
	if !p.Start && p.Y == 0 {
		return game.Lose, true
	}
	return game.Unknown, false
}

// pairIndex numbers the sorted hands 0..54.
func pairIndex(h [2]uint8) uint64 { return uint64(h[1])*uint64(h[1]+1)/2 + uint64(h[0]) }

// Size is the number of indices: 55 hands of the mover, 55 of the
// opponent, y in 0..9 or no move yet.
func (Cards) Size() uint64 { return 55 * 55 * 11 }

// Index numbers a position densely (game.Indexer), so one solve covers
// every position of the game.
func (Cards) Index(p CardsPos) uint64 {
	y := uint64(p.Y)
	if p.Start {
		y = 10
	}
	return (pairIndex(p.Mine)*55+pairIndex(p.Theirs))*11 + y
}

// Position inverts Index.
func (Cards) Position(i uint64) CardsPos {
	hand := func(k uint64) [2]uint8 {
		b := uint8(0)
		for uint64(b+1)*uint64(b+2)/2 <= k {
			b++
		}
		return [2]uint8{uint8(k - uint64(b)*uint64(b+1)/2), b}
	}
	p := CardsPos{Y: uint8(i % 11)}
	if p.Y == 10 {
		p.Y, p.Start = 0, true
	}
	i /= 11
	p.Theirs, p.Mine = hand(i%55), hand(i/55)
	return p
}

func parseHand(arg string) ([2]uint8, error) {
	a, b, ok := strings.Cut(arg, ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || x < 0 || x > 9 || y < 0 || y > 9 {
		return [2]uint8{}, fmt.Errorf("hand %q: want two cards 0..9 like 3,7", arg)
	}
	return sortedHand(uint8(x), uint8(y)), nil
}

// ParseCards reads `a1,a2 b1,b2 [y]`: the hand of the player to move, the
// opponent's, and optionally y, the card the opponent made on their last
// move (1..9; 0 means that move made a 0 and the game is over). Without y
// no move has been made yet.
func ParseCards(args []string) (CardsPos, error) {
	if len(args) != 2 && len(args) != 3 {
		return CardsPos{}, fmt.Errorf("cards takes two hands and optionally y, like '1,2 3,4' or '1,2 3,4 7'; got %d ARGs", len(args))
	}
	var p CardsPos
	var err error
	if p.Mine, err = parseHand(args[0]); err != nil {
		return p, err
	}
	if p.Theirs, err = parseHand(args[1]); err != nil {
		return p, err
	}
	if len(args) == 2 {
		p.Start = true
		return p, nil
	}
	y, err := strconv.Atoi(args[2])
	if err != nil || y < 0 || y > 9 {
		return p, fmt.Errorf("y %q: want the card the opponent made last, 0..9", args[2])
	}
	p.Y = uint8(y)
	if p.Theirs[0] != p.Y && p.Theirs[1] != p.Y {
		return p, fmt.Errorf("y %d is not in the opponent's hand %d,%d: it is the card they made last", y, p.Theirs[0], p.Theirs[1])
	}
	return p, nil
}

// FormatCards writes the two hands, then y unless no move has been made.
func FormatCards(p CardsPos) []string {
	args := []string{fmt.Sprintf("%d,%d", p.Mine[0], p.Mine[1]), fmt.Sprintf("%d,%d", p.Theirs[0], p.Theirs[1])}
	if !p.Start {
		args = append(args, strconv.Itoa(int(p.Y)))
	}
	return args
}

// OpenCards returns cards, which takes no parameters.
func OpenCards(string) (Instance, error) {
	return NewGeneral(Loopy, "cards", game.General[CardsPos](Cards{}), ParseCards, FormatCards).WithViewer(cardsViewer{}), nil
}
