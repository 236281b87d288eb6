// The play page: a game against the perfect opponent (or between two
// people at one screen), drawn as the game it is (board.js), with undo and
// redo, hints on every move and the value history of the game so far
// (history.js). The server keeps no game: every step POSTs the start and
// the positions played to /api/play, which replays them under the
// end-of-game rules of `grundy play` (query.Match) and answers the
// position, its moves and the history.
//
// With ?script=1 the game is a rule script's: its source is read from
// sessionStorage 'grundy.script' (the rule editor stores it there) and sent
// with every request.

import { post, h, $, header, showError, param, setParams } from './common.js';
import { drawBoards, moveValue, boardNames } from './board.js';
import { drawHistory } from './history.js';
import { explainPanel } from './explain.js';

header('/play.html');
const scriptMode = param('script') === '1';
const scriptSource = scriptMode ? sessionStorage.getItem('grundy.script') : null;
const main = $('#main');
main.append(...[
  h('h1', {}, scriptMode ? 'Play the rule script against the perfect opponent' : 'Play against the perfect opponent'),
  h('form', { class: 'row card', id: 'setup' },
    h('input', { type: 'text', class: 'pos', id: 'position', value: param('position') || (scriptMode ? '' : 'nim 3 4 5'), 'aria-label': 'position', placeholder: scriptMode ? 'the ARGs of the script\'s position' : 'a position, e.g. tictactoe' }),
    h('label', { for: 'first' }, 'first'),
    h('select', { id: 'first' },
      h('option', { value: 'human' }, 'you'),
      h('option', { value: 'computer', selected: param('first') === 'computer' }, 'computer'),
      h('option', { value: 'both', selected: param('first') === 'both' }, 'you, both sides')),
    h('label', {}, h('input', { type: 'checkbox', id: 'hints', checked: param('hint') === '1' }), ' hints'),
    h('label', {}, h('input', { type: 'checkbox', id: 'misere', checked: param('misere') === '1' }), ' misère'),
    h('button', { type: 'submit' }, 'New game')),
  scriptMode ? h('p', { class: 'note', id: 'script-note' }, scriptSource ? 'The game is the rule script from the rule editor.' : 'No rule script: open play from the rule editor.') : null,
  h('p', { class: 'muted' }, 'Play on the board: click a cell, an end of the row, a card, a token or a circle; or pick a move from the list. With hints every move is coloured by its result for you, with its remoteness: ',
    h('span', { class: 'badge win' }, 'win'), ' ', h('span', { class: 'badge lose' }, 'lose'), ' ', h('span', { class: 'badge draw' }, 'draw'), '.'),
  h('div', { id: 'status' }),
  h('div', { class: 'card play-card' },
    h('div', { class: 'row toolbar' },
      h('button', { type: 'button', class: 'plain', id: 'undo', title: 'take back your last move (and the reply to it)' }, '↶ Undo'),
      h('button', { type: 'button', class: 'plain', id: 'redo', title: 'play the moves taken back again' }, 'Redo ↷'),
      h('span', { id: 'turn-info', class: 'turn-info' }),
      h('span', { id: 'totals', class: 'totals' })),
    h('div', { id: 'board', class: 'pboard' }),
    h('div', { id: 'result', class: 'result' }),
    h('h2', {}, 'Moves'), h('div', { id: 'moves', class: 'row' })),
  h('div', { class: 'card' }, h('h2', {}, 'Value history'),
    h('p', { class: 'muted small' }, 'One point per position, at its remoteness (impartial games: its Grundy value), coloured by its result for the player to move there; a red segment is a move that threw a win away.'),
    h('div', { id: 'history' })),
  h('h2', {}, 'Game record'), h('div', { id: 'log', class: 'log' })].filter(Boolean));
const explainer = explainPanel();
if (!scriptMode) $('#board').closest('.card').after(explainer.element);

let game = null;
$('#setup').addEventListener('submit', (e) => { e.preventDefault(); start(); });
$('#hints').addEventListener('change', () => { setParams({ hint: $('#hints').checked ? '1' : '' }); if (game && game.st) render(game.st); });
$('#undo').addEventListener('click', undo);
$('#redo').addEventListener('click', redo);
start();

// names are the players by number (0 moves first) for a choice of first.
function namesFor(first) {
  if (first === 'both') return ['player 1', 'player 2'];
  return first === 'computer' ? ['computer', 'human'] : ['human', 'computer'];
}

function start() {
  const position = $('#position').value.trim();
  const first = $('#first').value, misere = $('#misere').checked;
  setParams({ position, first: first === 'human' ? '' : first, hint: $('#hints').checked ? '1' : '', misere: misere ? '1' : '' });
  game = { start: position, played: [], redo: [], misere, names: namesFor(first), st: null, busy: false };
  $('#result').replaceChildren();
  $('#log').replaceChildren(h('div', {}, `start: ${position}`));
  if (scriptMode && !scriptSource) { showError($('#status'), 'no rule script to play: open play from the rule editor'); $('#board').dataset.turn = 'error'; return; }
  step(false);
}

const computerMoves = (g, mover) => g.names[mover] === 'computer';

// step asks the server for the game so far (with the computer's move when
// asked) and draws it; when the computer is to move it asks again.
async function step(computer) {
  const g = game;
  const board = $('#board');
  g.busy = true;
  board.dataset.turn = computer ? 'computer' : 'wait';
  $('#status').replaceChildren();
  let st;
  try {
    const body = { position: g.start, played: g.played, misere: g.misere, computer };
    if (scriptMode) body.script = scriptSource;
    st = await post('play', body);
  } catch (err) {
    if (g === game) { g.busy = false; showError($('#status'), err); board.dataset.turn = 'error'; }
    return;
  }
  if (g !== game) return; // a new game started meanwhile
  g.played = st.played;
  g.st = st;
  g.busy = false;
  render(st);
  if (!scriptMode) explainer.update(st.position, g.misere, st.scoring ? marginSoFar(st) : undefined);
  if (!st.ending && computerMoves(g, st.mover)) {
    board.dataset.turn = 'computer';
    await new Promise((r) => setTimeout(r, 300));
    if (g === game && g.st === st) step(true);
  }
}

// play makes move m for the human to move.
function play(m) {
  const g = game;
  if (!g || g.busy || !g.st || g.st.ending || computerMoves(g, g.st.mover)) return;
  g.played = [...g.played, m.position];
  g.redo = [];
  step(false);
}

// undo takes back the last move, and the computer's moves before it, so
// that a human is to move again.
function undo() {
  const g = game;
  if (!g || g.busy || !g.played.length) return;
  let k = 1;
  while (k < g.played.length && computerMoves(g, (g.played.length - k) % 2)) k++;
  if (computerMoves(g, (g.played.length - k) % 2)) return; // only the computer's opening move
  g.redo.push(g.played.slice(-k));
  g.played = g.played.slice(0, -k);
  step(false);
}

function redo() {
  const g = game;
  if (!g || g.busy || !g.redo.length) return;
  g.played = [...g.played, ...g.redo.pop()];
  step(false);
}

const note = (text) => $('#status').replaceChildren(h('div', { class: 'note' }, text));

// render draws the state st of the current game.
function render(st) {
  const g = game;
  const hints = $('#hints').checked;
  const humanTurn = !st.ending && !computerMoves(g, st.mover);
  const frozen = !humanTurn;
  const board = $('#board');
  board.dataset.turn = st.ending ? 'over' : humanTurn ? 'human' : 'computer';
  board.replaceChildren(...drawBoards(st, { hints, frozen, play, note, names: g.names }));
  // The moves, one button per position they leave.
  const seen = new Set();
  const boards = boardNames(st); // which board a move is on, in a sum of boards
  const list = $('#moves');
  list.replaceChildren();
  for (const m of st.moves) {
    if (seen.has(m.position)) continue;
    seen.add(m.position);
    const value = moveValue(m);
    list.append(h('button', { type: 'button', class: `move${hints ? ` ${m.outcome}` : ''}`, disabled: frozen, title: `leaves ${m.position}`, dataset: { move: m.view.label, position: m.position, component: m.component }, onclick: () => play(m) },
      boards.has(m.component) ? `${boards.get(m.component)}: ${m.view.label}` : m.view.label, hints && value ? h('small', { class: 'rem' }, ` ${value}`) : null));
  }
  if (st.truncated) list.append(h('span', { class: 'muted' }, ` … and more (only ${st.moves.length} listed)`));
  if (!st.moves.length) list.append(h('span', { class: 'muted' }, 'none: the game is over'));
  // Whose turn, the totals, undo and redo.
  const mover = g.names[st.mover];
  $('#turn-info').textContent = st.ending ? 'game over' : humanTurn ? (g.names[0] === 'player 1' ? `${mover} to move` : 'your move') : 'the computer is thinking…';
  $('#totals').replaceChildren(...(st.scoring ? [h('span', { class: 'total', dataset: { player: 0 } }, `${g.names[0]}: ${st.totals[0]}`), ' · ', h('span', { class: 'total', dataset: { player: 1 } }, `${g.names[1]}: ${st.totals[1]}`)] : []));
  let k = 1;
  while (k < g.played.length && computerMoves(g, (g.played.length - k) % 2)) k++;
  $('#undo').disabled = !g.played.length || computerMoves(g, (g.played.length - k) % 2);
  $('#redo').disabled = !g.redo.length;
  // The record, as `grundy play` prints it.
  const log = $('#log');
  log.replaceChildren(h('div', {}, `start: ${st.start}`), ...st.played.map((p, i) => h('div', {}, `${g.names[i % 2]}: ${p}`)));
  const result = $('#result');
  result.replaceChildren();
  if (st.ending) {
    const line = st.ending.draw ? 'result: draw' : `winner: ${g.names[st.ending.winner]}`;
    if (st.scoring && (st.totals[0] || st.totals[1])) {
      const t = g.names[0] === 'computer' ? [st.totals[1], st.totals[0]] : st.totals;
      log.append(h('div', {}, g.names[0] === 'player 1' ? `totals: player 1 ${st.totals[0]}, player 2 ${st.totals[1]}` : `totals: human ${t[0]}, computer ${t[1]}`));
    }
    log.append(h('div', {}, line));
    const winner = st.ending.draw ? '' : g.names[st.ending.winner];
    const words = st.ending.draw ? (st.ending.repetition ? 'A draw: a position came round a third time.' : 'A draw.') : winner === 'human' ? 'You win!' : winner === 'computer' ? 'The computer wins.' : `${winner[0].toUpperCase()}${winner.slice(1)} wins.`;
    result.replaceChildren(h('span', { id: 'winner', class: winner === 'computer' ? 'lose' : st.ending.draw ? 'draw' : 'win' }, words), ' ', h('span', { class: 'muted' }, `(${line})`));
  } else if (hints) {
    result.replaceChildren(h('span', { class: 'muted small' }, `${mover} to move: ${st.outcome}${st.grundy !== undefined ? `, G = ${st.grundy}` : ''}${st.remoteness !== undefined ? `, remoteness ${st.remoteness}` : ''}${st.score !== undefined ? `, final margin ${st.score}` : ''}`));
  }
  log.scrollTop = log.scrollHeight;
  $('#history').replaceChildren(drawHistory(st.history, g.names));
}

// marginSoFar adds, in a scoring game under way, the points already taken
// to the explanation's margin to come: the mover's margin in all.
function marginSoFar(st) {
  const so = st.totals[st.mover] - st.totals[1 - st.mover];
  return (x) => {
    const come = x.general && x.general.score;
    if (come === null || come === undefined) return [];
    const sign = (v) => (v > 0 ? `+${v}` : String(v));
    return [h('p', { id: 'explain-margin' }, `Margin so far for the player to move: ${sign(so)}; to come under best play: ${sign(come)}; in all: ${sign(so + come)}.`)];
  };
}
