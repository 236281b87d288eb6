import { api, h, $, header, showError, param, setParams, groups, heapsOf } from './common.js';

header('/play.html');
const main = $('#main');
main.append(
  h('h1', {}, 'Play against the perfect opponent'),
  h('form', { class: 'row card', id: 'setup' },
    h('input', { type: 'text', class: 'pos', id: 'position', value: param('position') || 'nim 1 2 3', 'aria-label': 'position' }),
    h('label', { for: 'first' }, 'first'),
    h('select', { id: 'first' }, h('option', { value: 'human' }, 'you'), h('option', { value: 'computer', selected: param('first') === 'computer' }, 'computer')),
    h('label', {}, h('input', { type: 'checkbox', id: 'hints', checked: param('hint') === '1' }), ' hints'),
    h('label', {}, h('input', { type: 'checkbox', id: 'misere', checked: param('misere') === '1' }), ' misère'),
    h('button', { type: 'submit' }, 'New game')),
  h('p', { class: 'muted' }, 'Click the board (a token of a heap takes it and the tokens to its right; on a rook board click the target cell; on a rectangles board two corners; for circles a point inside), or pick a move from the list. With hints each move is coloured by its result for you: ',
    h('span', { class: 'badge win' }, 'win'), ' ', h('span', { class: 'badge lose' }, 'lose'), ' ', h('span', { class: 'badge draw' }, 'draw'), '.'),
  h('div', { id: 'status' }),
  h('div', { class: 'card' }, h('div', { id: 'board' }), h('div', { id: 'result', class: 'result' }), h('h2', {}, 'Moves'), h('div', { id: 'moves', class: 'row' })),
  h('h2', {}, 'Game record'), h('div', { id: 'log', class: 'log' }));

let game = null; // {position, turn, misere, over, token}
$('#setup').addEventListener('submit', (e) => { e.preventDefault(); start(); });
$('#hints').addEventListener('change', () => { if (game && game.analysis) show(game.analysis); });
start();

function start() {
  const position = $('#position').value.trim();
  const first = $('#first').value, misere = $('#misere').checked;
  setParams({ position, first: first === 'human' ? '' : first, hint: $('#hints').checked ? '1' : '', misere: misere ? '1' : '' });
  game = { position, turn: first, misere, over: false, token: Symbol('game'), analysis: null };
  $('#log').replaceChildren(h('div', {}, `start: ${position}`));
  $('#result').replaceChildren();
  step();
}

const say = (line) => { const log = $('#log'); log.append(h('div', {}, line)); log.scrollTop = log.scrollHeight; };

async function step() {
  const g = game;
  const board = $('#board');
  board.dataset.turn = 'wait';
  $('#status').replaceChildren();
  let a;
  try {
    a = await api('move', { position: g.position, misere: g.misere ? '1' : '' });
  } catch (err) {
    if (g === game) { showError($('#status'), err); board.dataset.turn = 'error'; }
    return;
  }
  if (g !== game) return; // a new game started meanwhile
  g.analysis = a;
  if (a.moves.length === 0 && !a.truncated) {
    // The player to move cannot move: a.outcome is the result for them.
    g.over = true;
    const mover = g.turn, other = mover === 'human' ? 'computer' : 'human';
    const line = a.outcome === 'draw' ? 'result: draw' : `winner: ${a.outcome === 'win' ? mover : other}`;
    say(line);
    $('#result').replaceChildren(h('span', { id: 'winner', class: line.includes('human') ? 'win' : '' }, line === 'winner: human' ? 'You win!' : line === 'winner: computer' ? 'The computer wins.' : 'A draw.'), ' ', h('span', { class: 'muted' }, `(${line})`));
    show(a);
    board.dataset.turn = 'over';
    return;
  }
  if (g.turn === 'computer') {
    show(a, true);
    board.dataset.turn = 'computer';
    await new Promise((r) => setTimeout(r, 350));
    if (g !== game) return;
    const m = a.best;
    say(`computer: ${m.position}`);
    g.position = m.position; g.turn = 'human';
    step();
    return;
  }
  show(a);
  board.dataset.turn = 'human';
}

function human(m) {
  const g = game;
  if (!g || g.over || g.turn !== 'human' || $('#board').dataset.turn !== 'human') return;
  say(`human: ${m.position}`);
  g.position = m.position; g.turn = 'computer';
  step();
}

// show draws the position and the move list; frozen: not the human's turn.
function show(a, frozen = false) {
  const hints = $('#hints').checked;
  const cls = (m) => (hints && m ? m.outcome : '');
  const list = $('#moves');
  list.replaceChildren(...a.moves.map((m) => h('button', { type: 'button', class: `move ${cls(m)}`, disabled: frozen || game.over, title: `leaves ${m.position}`, onclick: () => human(m) }, `${m.from} → ${m.to}`)));
  if (a.truncated) list.append(h('span', { class: 'muted' }, ` … and more (only ${a.moves.length} listed)`));
  if (!a.moves.length) list.append(h('span', { class: 'muted' }, 'none: the game is over'));
  const board = $('#board');
  board.replaceChildren(...drawBoard(a, hints, frozen));
}

// drawBoard draws heaps as rows of tokens, rook and rectangle boards as grids
// and circles as circles; clicks become moves of the listed ones.
function drawBoard(a, hints, frozen) {
  const heaps = heapsOf(a.position);
  if (heaps) return [heapBoard(a, heaps, hints)];
  const out = [];
  let comp = 0;
  for (const g of groups(a.position)) {
    const name = g.game.split(':')[0];
    if (name === 'circles') { out.push(circleBoard(a, g, comp, hints)); comp += 1; continue; }
    for (const arg of g.args) {
      const grid = parseGrid(arg);
      if (grid && (name === 'rook' || name === 'rectangles')) out.push(gridBoard(a, name, grid, comp, hints));
      else out.push(h('code', { class: 'muted' }, `${g.game} ${arg}`), ' ');
      comp++;
    }
  }
  return out;
}

const movesOf = (a, comp) => a.moves.filter((m) => m.component === comp);

function heapBoard(a, groupsOfHeaps, hints) {
  const rows = [];
  let comp = 0;
  for (const g of groupsOfHeaps) for (const n of g.heaps) {
    const k = comp++;
    const moves = movesOf(a, k);
    // A click on token j (0-based) takes it and the tokens to its right
    // (leaves a heap of j); otherwise it removes that token alone (Kayles:
    // leaves heaps j and n-1-j).
    const moveFor = (j) => {
      const leaves = (m, want) => { const t = heapsOf(m.to); if (!t) return false; const got = t[0].heaps.filter((x) => x > 0).sort((x, y) => x - y); return got.join() === want.filter((x) => x > 0).sort((x, y) => x - y).join(); };
      return moves.find((m) => leaves(m, [j])) || moves.find((m) => leaves(m, [j, n - 1 - j]));
    };
    const shown = Math.min(n, 40);
    const tokens = Array.from({ length: shown }, (_, j) => {
      const m = moveFor(j);
      return h('button', { type: 'button', class: `token${hints && m ? ' ' + m.outcome : ''}`, 'aria-label': `heap ${k + 1} token ${j + 1}`,
        dataset: { component: k, token: j }, title: m ? `leaves ${m.position}` : 'not a move',
        onclick: () => { if (m) human(m); else $('#status').replaceChildren(h('div', { class: 'note' }, 'That is not a move here: pick one from the list.')); },
        onmouseenter: (e) => { for (const t of e.target.parentNode.querySelectorAll('.token')) t.classList.toggle('take', Number(t.dataset.token) >= j && moveFor(j) && heapsOf(moveFor(j).to)?.[0].heaps.length === 1); },
        onmouseleave: (e) => { for (const t of e.target.parentNode.querySelectorAll('.token')) t.classList.remove('take'); } });
    });
    rows.push(h('div', { class: 'heap', dataset: { component: k } }, h('span', { class: 'label' }, `${g.game} ${n}`), tokens, n > shown ? h('span', { class: 'muted' }, ` … ${n - shown} more (use the list)`) : null));
  }
  return h('div', { class: 'heaps' }, rows);
}

// parseGrid reads a board ARG: rows of . # o joined by /, or WxH.
function parseGrid(arg) {
  const m = /^(\d+)x(\d+)$/.exec(arg);
  if (m) { const w = +m[1], hh = +m[2]; return w * hh <= 400 ? Array.from({ length: hh }, () => '.'.repeat(w).split('')) : null; }
  if (!/^[.#o]+(\/[.#o]+)*$/.test(arg)) return null;
  const rows = arg.split('/').map((r) => r.split(''));
  return rows.every((r) => r.length === rows[0].length) ? rows : null;
}

const gridText = (grid) => grid.map((r) => r.join('')).join('/');

function gridBoard(a, name, grid, comp, hints) {
  const moves = movesOf(a, comp);
  const after = moves.map((m) => ({ m, grid: parseGrid(m.to.split(/\s+/).slice(1).join(' ')) }));
  const H = grid.length, W = grid[0].length;
  let corner = null;
  const el = h('div', { class: 'board', style: `grid-template-columns: repeat(${W}, 34px)` });
  const cells = [];
  for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) {
    const ch = grid[r][c];
    let hint = '';
    if (hints && name === 'rook') { const x = after.find((x) => x.grid && x.grid[r]?.[c] === 'o'); if (x) hint = x.m.outcome; }
    const cell = h('div', { class: `cell${ch === '#' ? ' blocked' : ''} ${hint}`, dataset: { r, c }, role: 'button', 'aria-label': `row ${r + 1} column ${c + 1}` }, ch === 'o' ? '●' : ch === '#' && name === 'rectangles' ? '✕' : '');
    cell.addEventListener('click', () => click(r, c));
    cells.push(cell);
    el.append(cell);
  }
  function fail() { $('#status').replaceChildren(h('div', { class: 'note' }, 'That is not a move here: pick one from the list.')); }
  function click(r, c) {
    if (name === 'rook') {
      const x = after.find((x) => x.grid && x.grid[r]?.[c] === 'o' && grid[r][c] !== 'o');
      return x ? human(x.m) : fail();
    }
    if (!corner) { corner = [r, c]; cells[r * W + c].classList.add('sel'); return; }
    const [r0, c0] = corner; corner = null;
    for (const x of cells) x.classList.remove('sel');
    const next = grid.map((row) => row.slice());
    for (let i = Math.min(r0, r); i <= Math.max(r0, r); i++) for (let j = Math.min(c0, c); j <= Math.max(c0, c); j++) {
      if (next[i][j] === '#') return fail();
      next[i][j] = '#';
    }
    const want = gridText(next);
    const x = after.find((x) => x.grid && gridText(x.grid) === want);
    return x ? human(x.m) : fail();
  }
  return h('div', { style: 'display:inline-block; margin-right: 1.5rem; vertical-align: top' }, h('div', { class: 'muted' }, name === 'rook' ? 'click a target cell' : 'click two corners of an open rectangle'), el);
}

function circleBoard(a, g, comp, hints) {
  const cs = g.args.map((s) => s.split(',').map(Number)).filter((v) => v.length === 3 && v.every(Number.isFinite));
  const moves = a.moves;
  const key = (args) => args.slice().sort().join(' ');
  const minX = Math.min(...cs.map(([x, , r]) => x - r)), maxX = Math.max(...cs.map(([x, , r]) => x + r));
  const minY = Math.min(...cs.map(([, y, r]) => y - r)), maxY = Math.max(...cs.map(([, y, r]) => y + r));
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `${minX} ${minY} ${maxX - minX || 1} ${maxY - minY || 1}`);
  svg.setAttribute('width', '420'); svg.setAttribute('height', '420');
  svg.style.background = '#fff'; svg.style.border = '1px solid #dde1e8'; svg.style.cursor = 'crosshair';
  const moveAt = (x, y) => {
    const left = g.args.filter((s, i) => { const [cx, cy, r] = cs[i]; return (x - cx) ** 2 + (y - cy) ** 2 >= r * r; });
    if (left.length === g.args.length) return null;
    const want = key(left);
    return moves.find((m) => key(m.to.split(/\s+/).slice(1)) === want) || null;
  };
  cs.slice().sort((p, q) => q[2] - p[2]).forEach(([x, y, r]) => {
    const c = document.createElementNS(ns, 'circle');
    c.setAttribute('cx', x); c.setAttribute('cy', y); c.setAttribute('r', r);
    let fill = 'rgba(201,138,60,.15)';
    if (hints) { const m = moveAt(x, y); if (m) fill = { win: 'rgba(30,142,62,.3)', lose: 'rgba(139,26,26,.3)', draw: 'rgba(212,162,11,.35)' }[m.outcome] || fill; }
    c.setAttribute('fill', fill); c.setAttribute('stroke', '#8a5a1e'); c.setAttribute('stroke-width', String((maxX - minX) / 300 || 0.1));
    svg.append(c);
  });
  svg.addEventListener('click', (e) => {
    const pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const m = moveAt(p.x, p.y);
    if (m) human(m); else $('#status').replaceChildren(h('div', { class: 'note' }, 'Click inside a circle (or pick a move from the list).'));
  });
  return h('div', {}, h('div', { class: 'muted' }, 'click a point inside the circles: every circle containing it goes'), svg);
}
