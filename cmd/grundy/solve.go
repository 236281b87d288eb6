package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

func init() { verbs = append(verbs, solveCmd) }

func solveCmd(opts *options) *cobra.Command {
	var misere, all, tiers, plain bool
	var blanks, workers int
	var dbDir string
	cmd := &cobra.Command{
		Use:   "solve POSITION",
		Short: "Outcome (win/lose/draw), remoteness, score and best moves of any two-player game",
		Long: `solve finds the outcome of a position for the player to move (win, lose or
draw), its remoteness (moves to the end when the winner hurries and the
loser delays), the final margin of a scoring game, and the best moves.
Partizan and loopy games are solved by retrograde analysis (positions
neither side can force are draws), scoring games by dynamic programming,
and impartial sums by retrograde analysis of the whole sum.`,
		Example: `  grundy solve tictactoe
  grundy solve cards 1,2 3,4
  grundy solve ends 3 9 1 2
  grundy solve quixo:3x3
  grundy solve quixo:4x4 --db q4      # solve once into the database q4
  grundy solve quixo:4x4 xxxo/xxxo/xx.o/o... x --db q4   # answered from it
  grundy solve nim 1 2 3 --misere`,
		Args:              needPosition,
		ValidArgsFunction: completePosition,
		RunE: func(cmd *cobra.Command, args []string) error {
			so := query.SolveOptions{Misere: misere, Tiers: tiers, DB: dbDir, Workers: workers, PlainRecords: plain}
			if blanks < 0 {
				return usageError{fmt.Errorf("--blanks-at-most: %d is negative: give a number of blank cells", blanks)}
			}
			if workers < 0 {
				return usageError{fmt.Errorf("--workers: %d is negative: give a number of workers, or 0 for one per core", workers)}
			}
			if cmd.Flags().Changed("blanks-at-most") {
				so.TierBlanks = &blanks
			}
			if dbDir != "" {
				if err := checkDB(dbDir, true); err != nil {
					return err
				}
			}
			budget, done := opts.budget(cmd)
			pos, err := query.ParseWithin(positionArgs(args), opts.files(cmd), budget)
			if err != nil {
				done()
				return err
			}
			ctx, cancel := opts.context(cmd)
			defer cancel()
			so.Budget = budget
			res, err := query.SolveWith(ctx, pos, so)
			done()
			if err != nil {
				return dbError(err, pos)
			}
			if opts.json {
				return printJSON(cmd.OutOrStdout(), res)
			}
			printSolve(cmd, res, all)
			return nil
		},
	}
	cmd.Flags().BoolVar(&misere, "misere", false, "impartial games under misère play: whoever cannot move wins")
	cmd.Flags().BoolVar(&all, "moves", false, "list every move with its value, not only the best")
	cmd.Flags().BoolVar(&tiers, "tiers", false, "solve tier by tier from files on disk, on every core (quixo, tictactoe)")
	cmd.Flags().IntVar(&blanks, "blanks-at-most", 0, "with tiers: solve only the tiers with at most this many blank cells and count their boards")
	cmd.Flags().StringVar(&dbDir, "db", "", "the game's database: answer from it, or solve into it what it lacks (tiers, or a general game's positions; created if need be); a killed solve resumes")
	cmd.Flags().BoolVar(&plain, "plain", false, "with --db: keep the tiers as plain 16-bit records (written faster, about ten times larger) instead of compressed")
	cmd.Flags().IntVar(&workers, "workers", 0, "with tiers: goroutines that split each tier (0: one per core)")
	return cmd
}

// checkDB refuses a --db that is not a directory (or, when create is set,
// a new one in a directory that exists) or whose name has control
// characters.
func checkDB(dir string, create bool) error {
	if printable(dir) != dir {
		return usageError{fmt.Errorf("--db: %s: a directory name without control characters, please", quoted(dir))}
	}
	st, err := os.Stat(dir)
	if err == nil && st.IsDir() {
		return nil
	}
	if create && errors.Is(err, fs.ErrNotExist) {
		up, err := os.Stat(filepath.Dir(dir))
		if err == nil && up.IsDir() {
			return nil
		}
		return usageError{fmt.Errorf("--db: %s cannot be created: %s", quoted(dir), whyNotDir(filepath.Dir(dir), err))}
	}
	return usageError{fmt.Errorf("--db: %s", whyNotDir(dir, err))}
}

// whyNotDir says why path, whose os.Stat gave err, is not a directory
// that can be used: it does not exist, or it is something else.
func whyNotDir(path string, err error) string {
	if errors.Is(err, fs.ErrNotExist) {
		return quoted(path) + " does not exist"
	}
	return quoted(path) + " is not a directory"
}

// dbError words the refusal of a database for the command line: an old
// directory of tier files says the command that rebuilds it (for the game
// of pos, when known).
func dbError(err error, pos query.Position) error {
	var old *query.OldDatabaseError
	if !errors.As(err, &old) {
		return err
	}
	name := query.DatabaseGame(pos)
	if name == "" {
		name = "GAME"
	}
	return fmt.Errorf("%w; rebuild it with: grundy solve %s --db NEWDIR", err, name)
}

func printSolve(cmd *cobra.Command, res *query.SolveResult, all bool) {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "position: %s\n", res.Position)
	switch res.Outcome {
	case game.Unknown:
		fmt.Fprintln(out, "outcome: unknown, the position lies outside the tiers solved")
	case game.Win:
		fmt.Fprintln(out, "outcome: win, the player to move wins")
	case game.Lose:
		fmt.Fprintln(out, "outcome: lose, the player to move loses")
	default:
		if res.Score != nil {
			fmt.Fprintln(out, "outcome: draw, the game ends level")
		} else {
			fmt.Fprintln(out, "outcome: draw, neither player can force a win")
		}
	}
	if res.Remoteness != nil {
		fmt.Fprintf(out, "remoteness: %d\n", *res.Remoteness)
	}
	if res.Score != nil {
		fmt.Fprintf(out, "score: %d\n", *res.Score)
	}
	if all {
		fmt.Fprintf(out, "moves (%d%s):\n", len(res.Moves), map[bool]string{true: "+, list truncated"}[res.Truncated])
		for _, m := range res.Moves {
			fmt.Fprintf(out, "  %s  %s%s\n", m.Position, solveMoveNote(m), map[bool]string{true: "  (best)"}[m.Best])
		}
	} else if len(res.BestMoves) > 0 {
		fmt.Fprintf(out, "best moves (%d):\n", len(res.BestMoves))
		for _, p := range res.BestMoves {
			fmt.Fprintf(out, "  %s\n", p)
		}
	}
	if res.Counts != nil {
		fmt.Fprintf(out, "positions solved: %d (win %d, lose %d, draw %d)\n", res.States, res.Counts.Win, res.Counts.Lose, res.Counts.Draw)
	}
	if len(res.Tiers) > 0 {
		fmt.Fprintf(out, "tiers (%d records: every board by numbers of x and o and side to move, outcomes for the side to move):\n", len(res.Tiers))
		for _, t := range res.Tiers {
			fmt.Fprintf(out, "  x %2d  o %2d  %s to move: win %d, lose %d, draw %d\n", t.X, t.O, t.ToMove, t.Win, t.Lose, t.Draw)
		}
	}
}

// solveMoveNote describes a move's value for the player making it.
func solveMoveNote(m query.SolveMove) string {
	s := m.Outcome.String()
	if m.Score != nil {
		s += fmt.Sprintf(", score %d", *m.Score)
	}
	if m.Remoteness != nil {
		s += fmt.Sprintf(", then %d to the end", *m.Remoteness)
	}
	return s
}
