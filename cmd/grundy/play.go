package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/query"
)

func init() { verbs = append(verbs, playCmd) }

// side is a player of `grundy play`.
type side bool

const (
	human    side = false
	computer side = true
)

func (s side) String() string {
	if s == computer {
		return "computer"
	}
	return "human"
}

// playConfig is what the two faces of play share.
type playConfig struct {
	player *query.Player
	start  query.Position
	first  side
	hint   bool
	misere bool
	// turn returns the context of one turn's computation (--timeout bounds
	// each turn, not the whole session).
	turn func() (context.Context, context.CancelFunc)
}

func playCmd(opts *options) *cobra.Command {
	var first, dbDir string
	var hint, misere bool
	cmd := &cobra.Command{
		Use:   "play POSITION",
		Short: "Play a position against the perfect opponent",
		Long: `play lets you play POSITION against a perfect opponent: the computer
answers with a winning move whenever it has one, and otherwise with the move
that puts off its defeat longest (largest remoteness).

In a terminal: pick a move from the menu with the arrow keys and Enter, or
type it (its number, or the whole position it leads to) and press Enter;
'?' toggles the hints, Esc quits. When the game is over the full-screen
view closes and the moves, the final position and the result stay in the
terminal.

When stdin is not a terminal, play speaks a plain line protocol: each of
your turns lists the moves, numbered; answer with one line, a move's number
or the position it leads to in the CLI syntax ('nim 1 2 2'). Each computer
move is printed as 'computer: POSITION'; the game ends with the line
'winner: human' or 'winner: computer' ('result: draw' for a draw; a
position that comes round a third time is a draw). With --json the lines
are kept back and the whole game is printed as one JSON document at the end.`,
		Example: `  grundy play nim 3 4 5
  grundy play kayles 7 --first computer --hint
  printf '2\n1\n' | grundy play nim 1 2`,
		Args:              needPosition,
		ValidArgsFunction: completePosition,
		RunE: func(cmd *cobra.Command, args []string) error {
			var cfg playConfig
			switch first {
			case "human":
				cfg.first = human
			case "computer":
				cfg.first = computer
			default:
				return usageError{fmt.Errorf("unknown --first %q: use human or computer", first)}
			}
			// No progress line: it would tear the full-screen view, and
			// a game's time is mostly the human's.
			budget := opts.plainBudget()
			pos, err := query.ParseWithin(positionArgs(args), opts.files(cmd), budget)
			if err != nil {
				return err
			}
			var dbs *query.Databases
			if dbDir != "" {
				if err := checkDB(dbDir, false); err != nil {
					return err
				}
				if dbs, err = query.OpenDatabases([]string{dbDir}); err != nil {
					return fmt.Errorf("--db: %w", dbError(err, pos))
				}
				if err := dbs.Require(pos); err != nil {
					return err
				}
			}
			in, out := cmd.InOrStdin(), cmd.OutOrStdout()
			tui := isTerminal(out) && isTerminalReader(in)
			cfg.player = query.NewPlayer(query.PlayOptions{Budget: budget, Misere: misere, Files: opts.files(cmd), Databases: dbs})
			defer cfg.player.Close()
			cfg.start, cfg.hint, cfg.misere = pos, hint, misere
			// --timeout bounds the whole game, like every verb's run;
			// --max-states bounds each question (the budget is renewed).
			session, stopSession := opts.context(cmd)
			defer stopSession()
			cfg.turn = func() (context.Context, context.CancelFunc) { return context.WithCancel(session) }
			// Value the start before anything is shown: a bad position or a
			// game play cannot handle fails here, with its exit status.
			ctx, cancel := cfg.turn()
			_, err = cfg.player.Analyze(ctx, pos)
			cancel()
			if err != nil {
				return err
			}
			if tui && !opts.json {
				return playTerminal(cmd.Context(), cfg, in, out)
			}
			// The prompt ends on Ctrl-C even while it waits for a line.
			in = contextReader(cmd.Context(), in)
			if opts.json {
				return playJSON(cfg, in, out, cmd.ErrOrStderr())
			}
			return playLines(cfg, in, out)
		},
	}
	cmd.Flags().StringVar(&first, "first", "human", "who moves first: human or computer")
	_ = cmd.RegisterFlagCompletionFunc("first", cobra.FixedCompletions([]cobra.Completion{"human", "computer"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.Flags().BoolVar(&hint, "hint", false, "show each move's outcome and value")
	cmd.Flags().BoolVar(&misere, "misere", false, "misère play: whoever cannot move wins")
	cmd.Flags().StringVar(&dbDir, "db", "", "answer from this database of the game (made by grundy solve GAME --db DIR) instead of solving")
	return cmd
}

// isTerminalReader reports whether r reads from a terminal.
func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && isTerminalFile(f)
}

// players names the players of a game by who moves first: the names a
// query.Match's Ending is worded with.
func players(first side) [2]string { return [2]string{first.String(), (!first).String()} }

// totalsLine is the line that reports a scoring game's totals.
func totalsLine(match *query.Match, first side) string {
	t := match.Totals()
	h, c := t[0], t[1]
	if first == computer {
		h, c = c, h
	}
	return fmt.Sprintf("totals: human %d, computer %d", h, c)
}

// moveNote is a move's hint: its outcome for its maker and the value of
// the position it leaves (general games: that position's remoteness, or the
// maker's final margin in a scoring game).
func moveNote(m query.PlayMove) string {
	verb := map[game.Outcome]string{game.Win: "wins", game.Lose: "loses", game.Draw: "draws"}[m.Outcome]
	if verb == "" {
		verb = m.Outcome.String()
	}
	switch {
	case m.Grundy != nil:
		return fmt.Sprintf("%s (value %d)", verb, *m.Grundy)
	case m.Score != nil && m.Gain != nil:
		return fmt.Sprintf("%s (scores %d, final margin %+d)", verb, *m.Gain, *m.Score)
	case m.Score != nil:
		return fmt.Sprintf("%s (final margin %+d)", verb, *m.Score)
	case m.Remoteness != nil && m.Outcome != game.Draw:
		return fmt.Sprintf("%s (remoteness %d)", verb, *m.Remoteness)
	}
	return verb
}

// positionNote is a position's hint for the player to move.
func positionNote(a *query.Analysis) string {
	var who string
	switch a.Outcome {
	case game.Win:
		who = "the player to move wins"
	case game.Lose:
		who = "the player to move loses"
	default:
		who = "neither player can force a win"
	}
	switch {
	case a.Grundy != nil:
		return fmt.Sprintf("value %d: %s", *a.Grundy, who)
	case a.Score != nil:
		return fmt.Sprintf("%s, final margin %+d", who, *a.Score)
	case a.Remoteness != nil && *a.Remoteness >= 0:
		return fmt.Sprintf("%s, remoteness %d", who, *a.Remoteness)
	}
	if a.Misere {
		return "misère: " + who
	}
	return who
}

// playRecord is the JSON document of `grundy play --json`: the game
// played through the line protocol, told at its end.
type playRecord struct {
	Position string       `json:"position"`
	First    string       `json:"first"`
	Misere   bool         `json:"misere,omitempty"`
	Moves    []playedMove `json:"moves"`
	Winner   string       `json:"winner,omitempty"` // "human" or "computer"
	Draw     bool         `json:"draw,omitempty"`
	// Unfinished marks a game that stopped before its end (the input
	// ended, a limit was reached): the moves are those made, and the
	// command still fails with the error on stderr.
	Unfinished bool `json:"unfinished,omitempty"`
}

// playedMove is one move of a played game.
type playedMove struct {
	Player   string `json:"player"` // "human" or "computer"
	Position string `json:"position"`
}

// playJSON plays the line protocol with its lines kept back (refused moves
// go to stderr) and prints the whole game as one JSON document at the end.
func playJSON(cfg playConfig, in io.Reader, out, errOut io.Writer) error {
	var lines bytes.Buffer
	// An unfinished game keeps its record: the moves made are printed,
	// then the error is returned.
	playErr := playLines(cfg, in, &lines)
	rec := playRecord{Position: cfg.start.String(), First: cfg.first.String(), Misere: cfg.misere, Moves: []playedMove{}, Unfinished: playErr != nil}
	for _, line := range strings.Split(lines.String(), "\n") {
		who, rest, _ := strings.Cut(line, ": ")
		switch who {
		case "human", "computer":
			rec.Moves = append(rec.Moves, playedMove{who, rest})
		case "winner":
			rec.Winner = rest
		case "result":
			rec.Draw = rest == "draw"
		case "not a move":
			fmt.Fprintln(errOut, line)
		}
	}
	if err := printJSON(out, rec); err != nil {
		return err
	}
	return playErr
}

// playLines plays the plain line protocol (docs/play.md) on in and out.
func playLines(cfg playConfig, in io.Reader, out io.Writer) error {
	lines := bufio.NewScanner(in)
	lines.Buffer(make([]byte, 64<<10), 16<<20)
	pos, turn := cfg.start, cfg.first
	moves := 0
	// The end-of-game rules (no move, scores, threefold repetition) are
	// the Match's, shared with the explorer.
	match := query.NewMatch(pos)
	names := players(cfg.first)
	for {
		ctx, cancel := cfg.turn()
		a, err := cfg.player.Analyze(ctx, pos)
		if err != nil {
			cancel()
			return err
		}
		a = match.Count(a) // a scoring game's hints count the points taken
		if a.Over() {
			cancel()
			if moves == 0 {
				// A finished start: say where and who, not only who won.
				fmt.Fprintf(out, "position: %s (finished: the %s is to move and has no move; the %s has the side that moved last)\n",
					a.Position, turn, !turn)
			}
			ending := match.Finish(a)
			if a.Score != nil && match.Scored() {
				fmt.Fprintln(out, totalsLine(match, cfg.first))
			}
			fmt.Fprintln(out, ending.Line(names))
			return nil
		}
		if turn == computer {
			m, err := cfg.player.Choose(ctx, pos)
			cancel()
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "computer: %s\n", m.Position)
			pos, turn, moves = m.After(), human, moves+1
			if ending := match.Play(m); ending != nil {
				fmt.Fprintln(out, ending.Line(names))
				return nil
			}
			continue
		}
		cancel()
		if cfg.hint {
			fmt.Fprintf(out, "position: %s (%s)\n", a.Position, positionNote(a))
		} else {
			fmt.Fprintf(out, "position: %s\n", a.Position)
		}
		fmt.Fprintln(out, "moves:")
		for _, m := range a.Moves {
			if cfg.hint {
				fmt.Fprintf(out, "  %d. %s   %s\n", m.Number, m.Position, moveNote(m))
			} else {
				fmt.Fprintf(out, "  %d. %s\n", m.Number, m.Position)
			}
		}
		if a.Truncated {
			fmt.Fprintf(out, "  (only the first %d moves are listed: type the position to play another)\n", len(a.Moves))
		}
		for {
			fmt.Fprintln(out, "your move (its number, or the position it leads to):")
			if !lines.Scan() {
				if err := lines.Err(); err != nil {
					return fmt.Errorf("read move: %w", err)
				}
				return game.Inputf("input ended before the game did (after %d moves, at %s)", moves, pos)
			}
			ctx, cancel := cfg.turn()
			m, err := cfg.player.Find(ctx, pos, a.Moves, lines.Text())
			cancel()
			if errors.Is(err, game.ErrInput) {
				fmt.Fprintf(out, "not a move: %v\n", err)
				continue
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "human: %s\n", m.Position)
			pos, turn, moves = m.After(), computer, moves+1
			if ending := match.Play(m); ending != nil {
				fmt.Fprintln(out, ending.Line(names))
				return nil
			}
			break
		}
	}
}

// playTerminal runs the bubbletea face on a terminal.
func playTerminal(ctx context.Context, cfg playConfig, in io.Reader, out io.Writer) error {
	p := tea.NewProgram(newPlayModel(cfg), tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(unwrapOutput(out)))
	final, err := p.Run()
	if err != nil {
		return fmt.Errorf("terminal: %w", err)
	}
	m, ok := final.(*playModel)
	if !ok {
		return nil
	}
	if m.err != nil {
		return m.err
	}
	// The full-screen view is gone with the alternate screen: leave the
	// game in the scrollback.
	m.printRecord(out)
	return nil
}

// printRecord writes the game as the terminal keeps it once the full-screen
// view is gone: the moves in the words of the line protocol, the final
// position drawn, and the result.
func (m *playModel) printRecord(out io.Writer) {
	fmt.Fprintf(out, "grundy play %s\n", m.cfg.start)
	for _, h := range m.history {
		fmt.Fprintln(out, h)
	}
	fmt.Fprint(out, drawPosition(m.pos))
	switch {
	case m.result != "":
		if m.analysis != nil && m.analysis.Score != nil && m.match.Scored() {
			fmt.Fprintln(out, totalsLine(m.match, m.cfg.first))
		}
		fmt.Fprintln(out, m.result)
	default:
		fmt.Fprintf(out, "game abandoned at %s\n", m.pos)
	}
}

// playModel is the bubbletea model of a game in progress.
type playModel struct {
	cfg      playConfig
	pos      query.Position
	turn     side
	analysis *query.Analysis // of pos; nil while being computed
	busy     bool            // an analysis or the computer's move is under way
	pending  []tea.KeyPressMsg
	hint     bool
	cursor   int
	input    string
	note     string       // the last complaint about the human's input
	history  []string     // "human: POSITION", "computer: POSITION"
	match    *query.Match // the end-of-game rules: repetitions, points
	result   string       // the last line once the game is over: "winner: human", ...
	winner   string       // "human" or "computer" once the game is won
	quit     bool
	err      error
	width    int
	height   int
}

// analysedMsg brings the analysis of the current position.
type analysedMsg struct {
	a   *query.Analysis
	err error
}

// chosenMsg brings the computer's move.
type chosenMsg struct {
	m   *query.PlayMove
	err error
}

func newPlayModel(cfg playConfig) *playModel {
	return &playModel{cfg: cfg, pos: cfg.start, turn: cfg.first, hint: cfg.hint, busy: true, width: 80, height: 24, match: query.NewMatch(cfg.start)}
}

func (m *playModel) analyse() tea.Cmd {
	pos, cfg := m.pos, m.cfg
	return func() tea.Msg {
		ctx, cancel := cfg.turn()
		defer cancel()
		a, err := cfg.player.Analyze(ctx, pos)
		return analysedMsg{a, err}
	}
}

func (m *playModel) choose() tea.Cmd {
	pos, cfg := m.pos, m.cfg
	return func() tea.Msg {
		ctx, cancel := cfg.turn()
		defer cancel()
		mv, err := cfg.player.Choose(ctx, pos)
		return chosenMsg{mv, err}
	}
}

// Init starts by valuing the start position.
func (m *playModel) Init() tea.Cmd { return m.analyse() }

// Update handles keys and the results of the engine's work.
func (m *playModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case analysedMsg:
		if msg.err != nil {
			m.err = msg.err
			return m, tea.Quit
		}
		// A scoring game's hints count the points already taken.
		m.analysis, m.cursor, m.input = m.match.Count(msg.a), 0, ""
		if msg.a.Over() {
			m.end(m.match.Finish(msg.a).Line(players(m.cfg.first)))
			return m, m.replay()
		}
		if m.turn == computer {
			return m, m.choose()
		}
		m.busy = false
		return m, m.replay()
	case chosenMsg:
		if msg.err != nil {
			m.err = msg.err
			return m, tea.Quit
		}
		if m.play(msg.m) {
			return m, m.replay()
		}
		return m, m.analyse()
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

// replay handles the keys typed while the engine was busy.
func (m *playModel) replay() tea.Cmd {
	var cmds []tea.Cmd
	for len(m.pending) > 0 && !m.busy && !m.quit {
		k := m.pending[0]
		m.pending = m.pending[1:]
		_, cmd := m.key(k)
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// play makes move mv for the player whose turn it is. It reports whether
// the game ended by repetition.
func (m *playModel) play(mv *query.PlayMove) bool {
	m.history = append(m.history, fmt.Sprintf("%s: %s", m.turn, mv.Position))
	m.pos, m.turn, m.analysis, m.busy, m.note = mv.After(), !m.turn, nil, true, ""
	if ending := m.match.Play(mv); ending != nil {
		m.end(ending.Line(players(m.cfg.first)))
		return true
	}
	return false
}

// end finishes the game with its last line.
func (m *playModel) end(result string) {
	m.busy, m.result = false, result
	m.winner, _ = strings.CutPrefix(result, "winner: ")
	if m.winner == result {
		m.winner = ""
	}
}

func (m *playModel) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch k.String() {
	case "ctrl+c", "esc":
		m.quit = true
		return m, tea.Quit
	}
	if m.result != "" {
		switch k.String() {
		case "enter", "q", "space":
			m.quit = true
			return m, tea.Quit
		}
		return m, nil
	}
	if m.busy {
		m.pending = append(m.pending, k)
		return m, nil
	}
	moves := m.analysis.Moves
	switch k.String() {
	case "up":
		m.cursor = max(m.cursor-1, 0)
	case "down":
		m.cursor = min(m.cursor+1, len(moves)-1)
	case "pgup":
		m.cursor = max(m.cursor-m.menuRows(), 0)
	case "pgdown":
		m.cursor = min(m.cursor+m.menuRows(), len(moves)-1)
	case "home":
		m.cursor = 0
	case "end":
		m.cursor = len(moves) - 1
	case "backspace":
		if r := []rune(m.input); len(r) > 0 {
			m.input = string(r[:len(r)-1])
		}
	case "?":
		m.hint = !m.hint
	case "enter":
		var mv *query.PlayMove
		if m.input == "" {
			mv = &moves[m.cursor]
		} else {
			ctx, cancel := m.cfg.turn()
			found, err := m.cfg.player.Find(ctx, m.pos, moves, m.input)
			cancel()
			if err != nil {
				if !errors.Is(err, game.ErrInput) {
					m.err = err
					return m, tea.Quit
				}
				m.note = oneLine(err.Error())
				return m, nil
			}
			mv = found
		}
		m.input = ""
		if m.play(mv) {
			return m, nil
		}
		return m, m.analyse()
	default:
		if k.Text != "" {
			m.input += k.Text
			if n, err := strconv.Atoi(strings.TrimSpace(m.input)); err == nil && n >= 1 && n <= len(moves) {
				m.cursor = n - 1
			}
		}
	}
	return m, nil
}

// menuRows is how many moves the menu shows at once: the rows of the
// window that the rest of the view leaves.
func (m *playModel) menuRows() int {
	_, _, rows := m.layout()
	return rows
}

// lastMove is the view's last line, the last move made, after a blank line
// ("" before the first move).
func (m *playModel) lastMove() string {
	n := len(m.history)
	if n == 0 {
		return ""
	}
	return "\n" + ansiDim + cut("last: "+m.history[n-1], max(m.width, 20)) + ansiReset + "\n"
}

// cut shortens s to at most n characters, ending it in "…" when cut.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// layout returns the parts of the view above and below the menu of moves
// while the human is to move, and how many moves fit between them (the
// window's height less the other lines, one of them the "(k of n moves)"
// line when not every move fits; at least 3).
func (m *playModel) layout() (top, bottom string, rows int) {
	var b strings.Builder
	title := "grundy play"
	if m.cfg.misere {
		title += " (misère: whoever cannot move wins)"
	}
	head := ansiBold + title + ansiReset + "\n\n"
	top = head + drawPosition(m.pos) + "\n"
	b.WriteString("move> " + m.input + "█\n")
	if m.note != "" {
		b.WriteString(ansiRed + m.note + ansiReset + "\n")
	}
	b.WriteString(ansiDim + "↑/↓ choose · Enter play · type a number or a position · ? hints · Esc quit" + ansiReset + "\n")
	bottom = b.String()
	// The "Your move:" line sits between top and the menu, the last move
	// below bottom.
	others := 1 + strings.Count(bottom, "\n") + strings.Count(m.lastMove(), "\n")
	if m.height-others-strings.Count(top, "\n") < minMenuRows {
		// Too tall to draw with a menu below it: the position as text.
		top = head + wrap(m.pos.String(), 2, max(m.width, 20)) + "\n"
	}
	rows = m.height - strings.Count(top, "\n") - others
	if m.analysis != nil && len(m.analysis.Moves) > rows {
		rows-- // the "(k of n moves)" line
	}
	return top, bottom, max(rows, 3)
}

// minMenuRows is the fewest lines the menu of moves gets before the
// position is written as text rather than drawn.
const minMenuRows = 6

// ANSI styles of the view.
const (
	ansiBold  = "\x1b[1m"
	ansiRev   = "\x1b[7m"
	ansiGreen = "\x1b[32m"
	ansiRed   = "\x1b[31m"
	ansiAmber = "\x1b[33m"
	ansiDim   = "\x1b[2m"
	ansiReset = "\x1b[0m"
)

// View draws the position, the menu of moves and the input line.
func (m *playModel) View() tea.View {
	var b strings.Builder
	top, bottom, rows := m.layout()
	b.WriteString(top)
	switch {
	case m.quit && m.result == "":
		b.WriteString("Game abandoned.\n")
	case m.result != "":
		switch m.winner {
		case "human":
			b.WriteString(ansiGreen + ansiBold + "You win!" + ansiReset + "\n")
		case "computer":
			b.WriteString(ansiRed + ansiBold + "The computer wins." + ansiReset + "\n")
		default:
			b.WriteString(ansiAmber + ansiBold + "A draw." + ansiReset + "\n")
		}
		if m.analysis != nil && m.analysis.Score != nil && m.match.Scored() {
			b.WriteString(totalsLine(m.match, m.cfg.first) + "\n")
		}
		b.WriteString(ansiDim + m.result + " · Enter or Esc to quit" + ansiReset + "\n")
	case m.busy || m.analysis == nil:
		if m.turn == computer {
			b.WriteString("The computer is thinking…\n")
		} else {
			b.WriteString("Valuing the moves…\n")
		}
	default:
		b.WriteString("Your move")
		if m.hint {
			b.WriteString(ansiDim + " (" + positionNote(m.analysis) + ")" + ansiReset)
		}
		b.WriteString(":\n")
		m.drawMenu(&b, rows)
		b.WriteString(bottom)
	}
	b.WriteString(m.lastMove())
	v := tea.NewView(b.String())
	v.AltScreen = true
	v.WindowTitle = "grundy play " + m.cfg.start.String()
	return v
}

// drawMenu writes the window of rows moves around the cursor.
func (m *playModel) drawMenu(b *strings.Builder, rows int) {
	moves := m.analysis.Moves
	top := min(max(m.cursor-rows/2, 0), max(len(moves)-rows, 0))
	for i := top; i < len(moves) && i < top+rows; i++ {
		mv := moves[i]
		note := ""
		if m.hint {
			note = moveNote(mv)
		}
		// One line per move: a position too wide for the window is cut.
		room := m.width - len(fmt.Sprintf(" %3d. ", mv.Number))
		if note != "" {
			room -= 3 + len([]rune(note))
		}
		line := fmt.Sprintf("%3d. %s", mv.Number, cut(mv.Position, max(room, 12)))
		if note != "" {
			colour := map[game.Outcome]string{game.Win: ansiGreen, game.Lose: ansiRed, game.Draw: ansiAmber}[mv.Outcome]
			line += "   " + colour + note + ansiReset
		}
		if i == m.cursor {
			b.WriteString(ansiRev + ">" + ansiReset + line + "\n")
		} else {
			b.WriteString(" " + line + "\n")
		}
	}
	if len(moves) > rows {
		fmt.Fprintf(b, "%s  (%d of %d moves", ansiDim, min(rows, len(moves)), len(moves))
		if m.analysis.Truncated {
			b.WriteString(" listed; type the position to play another")
		}
		b.WriteString(")" + ansiReset + "\n")
	}
}

// maxTokens is the largest heap drawn token by token.
const maxTokens = 40

// drawPosition draws each group: heaps (components written as integers) as
// rows of tokens, boards (components with rows joined by '/') as grids, and
// anything else as its ARG.
func drawPosition(pos query.Position) string {
	var b strings.Builder
	for gi, g := range pos {
		if gi > 0 {
			b.WriteString("  +\n")
		}
		b.WriteString("  " + ansiBold + g.Game.Name() + ansiReset + "\n")
		if len(g.Components) == 0 {
			b.WriteString("    (nothing left)\n")
		}
		for ci, c := range g.Components {
			arg := c.String()
			if n, err := strconv.Atoi(arg); err == nil && n >= 0 {
				tokens := "—"
				if n > 0 && n <= maxTokens {
					tokens = strings.TrimSpace(strings.Repeat("● ", n))
				} else if n > maxTokens {
					tokens = strings.Repeat("● ", 8) + "… "
				}
				fmt.Fprintf(&b, "    %6d  %s\n", n, tokens)
				continue
			}
			if w, h, ok := boardSize(arg); ok {
				// WxH, the empty board of W columns and H rows.
				row := "      " + strings.TrimSpace(strings.Repeat(". ", w)) + "\n"
				b.WriteString(strings.Repeat(row, h))
				continue
			}
			if !strings.Contains(arg, "/") {
				b.WriteString("    " + arg + "\n")
				continue
			}
			// A board, possibly followed by more words (Quixo's side to move).
			if len(g.Components) > 1 {
				fmt.Fprintf(&b, "    #%d\n", ci+1)
			}
			for _, word := range strings.Fields(arg) {
				if !strings.Contains(word, "/") {
					b.WriteString("      " + word + "\n")
					continue
				}
				for _, row := range strings.Split(word, "/") {
					b.WriteString("      " + strings.Join(strings.Split(row, ""), " ") + "\n")
				}
			}
		}
	}
	return b.String()
}

// maxDrawn is the largest side of an empty WxH board drawn cell by cell.
const maxDrawn = 40

// boardSize reads the ARG WxH of an empty board (rectangles 3x4) small
// enough to draw.
func boardSize(arg string) (w, h int, ok bool) {
	ws, hs, found := strings.Cut(arg, "x")
	if !found {
		return 0, 0, false
	}
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if errW != nil || errH != nil || w < 1 || h < 1 || w > maxDrawn || h > maxDrawn {
		return 0, 0, false
	}
	return w, h, true
}
