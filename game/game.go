package game

import "context"

// Game is an impartial game on positions of type P, played under the
// normal-play convention unless a solver says otherwise.
//
// Options calls yield once for each option of p, in any order, stopping early
// if yield returns false. An option is a sum of independent components; the
// slice passed to yield is only valid during the call (a game may reuse its
// buffer), so a caller that keeps it must copy it. A position with no options
// is terminal: under normal play the player to move loses.
type Game[P comparable] interface {
	Options(p P, yield func(option []P) bool)
}

// Splitter is implemented by games whose positions decompose into
// independent components. Split appends the components of p to dst and
// returns the extended slice; a component with no options may be omitted.
// The value of p is the nim-sum of its components' values.
type Splitter[P comparable] interface {
	Split(p P, dst []P) []P
}

// Canonicalizer is implemented by games with symmetries. Canon returns a
// representative of p's class: positions with the same Canon must have the
// same Grundy value. Solvers memoize by Canon(p).
type Canonicalizer[P comparable] interface {
	Canon(p P) P
}

// Descending is implemented by games on non-negative integer positions in
// which every component of every option of n is smaller than n. Solvers may
// then tabulate values 0..n bottom-up in a dense array, with no hashing and
// no recursion.
type Descending interface {
	Descending()
}

// Valuer is implemented by games with a closed form for some positions.
// Value returns the Grundy value of p and true, or false when the closed form
// does not apply (solvers then search).
type Valuer[P comparable] interface {
	Value(p P) (Nimber, bool)
}

// Formatter is implemented by games that print positions in their CLI
// syntax. Without it, positions print with fmt's %v verb.
type Formatter[P comparable] interface {
	Format(p P) string
}

// Targeter is implemented by games that can list the options of p whose
// value is v without enumerating every option (Nim: the one heap of size v).
// Faces use it to find winning moves in huge positions. value gives the
// value of one component with the caller's engine (memo and budget); its
// error, and the context's, end the listing and are returned.
type Targeter[P comparable] interface {
	OptionsWithValue(ctx context.Context, p P, v Nimber, value func(context.Context, P) (Nimber, error), yield func(option []P) bool) error
}

// Appender is implemented by games whose every option is a single
// component (Nim, subtraction and divisor games). AppendOptions appends the
// options of p to dst and returns it: with the caller's buffer and no
// callback, the hot loop of a dense table neither allocates nor calls
// through a function value. It must list the same options as Options.
type Appender[P comparable] interface {
	AppendOptions(p P, dst []P) []P
}

// NimHeap is implemented by games some of whose positions are single Nim
// heaps (Nim itself). NimHeap returns the heap's size and true for such a
// position. Misère solvers answer sums of them by misère Nim's rule
// (Bouton) instead of searching.
type NimHeap[P comparable] interface {
	NimHeap(p P) (size int, ok bool)
}

// Footprint is implemented by games that hold memory of their own as they
// are explored (an adapter that interns the components it meets, with
// their texts). Footprint returns the bytes held; engines add it to the
// memory they account with their budget.
type Footprint interface {
	Footprint() int64
}

// Failer is implemented by games whose listing of options can fail partway
// (an adapter over a rule script whose call reaches a limit): Options then
// lists the options cut short, and Err returns the failure. An engine that
// meets a failure stops with it rather than value a game cut short.
type Failer interface {
	Err() error
}
