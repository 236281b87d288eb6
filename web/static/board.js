// Boards of the play page, drawn from the views the server sends
// (games.View for each component, games.MoveView for each move): grids you
// click, a row taken from either end, two hands of cards, circles, heaps
// of tokens, or the position's text. Nothing here knows a game by name.
//
// Every board cell carries data-cell="ROW,COL" (from 0 at the top left)
// and every control that makes a move data-move="LABEL", the move's label.

import { h } from './common.js';

const rank = { win: 3, draw: 2, lose: 1 };
// best is the best outcome for the mover among moves: win, draw or lose.
const best = (moves) => moves.reduce((b, m) => (!b || rank[m.outcome] > rank[b] ? m.outcome : b), '');

// drawBoards draws every component of the state st. opts: {hints, frozen,
// play(move), note(text), names: [name of player 0, of player 1]}.
export function drawBoards(st, opts) {
  const out = [];
  const boards = boardNames(st);
  let k = 0;
  const heapGroups = [];
  for (const g of st.groups) {
    for (const view of g.components) {
      const comp = k++;
      const moves = st.moves.filter((m) => m.component === comp);
      const draw = { grid: gridBoard, row: rowBoard, hands: handsBoard, circles: circlesBoard, graph: graphBoard, heap: null }[view.kind];
      if (view.kind === 'heap') {
        heapGroups.push(heapRow(g.game, view, comp, moves, opts));
        continue;
      }
      if (heapGroups.length) out.push(h('div', { class: 'heaps' }, heapGroups.splice(0)));
      const title = h('div', { class: 'comp-title' }, boards.has(comp) ? `${g.game} · ${boards.get(comp)}` : g.game);
      out.push(h('div', { class: 'comp', dataset: { component: comp, kind: view.kind } }, title, draw ? draw(view, moves, comp, st, opts) : textBoard(view)));
    }
  }
  if (heapGroups.length) out.push(h('div', { class: 'heaps' }, heapGroups));
  if (!k) out.push(h('div', { class: 'muted' }, 'nothing left'));
  return out;
}

// boardNames names each component that is drawn as a board (anything but
// a heap) when the position has several: "board 1", "board 2", in order.
// Moves named by cells ("a1", "a1–b2") then say which board they are on.
export function boardNames(st) {
  const names = new Map(), drawn = [];
  let k = 0;
  for (const g of st.groups) for (const v of g.components) { if (v.kind !== 'heap') drawn.push(k); k++; }
  if (drawn.length > 1) drawn.forEach((comp, i) => names.set(comp, `board ${i + 1}`));
  return names;
}

const hintClass = (opts, outcome) => (opts.hints && outcome ? ` ${outcome}` : '');
const hintTitle = (m) => `${m.view.label}: ${m.outcome} for the mover${m.remoteness >= 0 ? `, remoteness ${m.remoteness}` : ''}${m.grundy !== undefined ? `, G = ${m.grundy}` : ''} (leaves ${m.position})`;

function textBoard(view) {
  return h('code', { class: 'comp-text' }, view.text || '(empty)');
}

// paths are the click sequences that make move m.
const paths = (m) => (m.view.clicks ? [m.view.clicks, ...(m.view.more || [])] : []);
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

// boxOf is the box spanned by two cells.
const boxOf = (a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];

// matches reports how clicks (a list of cells) relate to move m: 'full'
// when they make it, 'prefix' when more clicks may, '' otherwise.
function matches(m, clicks) {
  if (m.view.box) {
    const [a, b] = m.view.clicks;
    const [r1, c1, r2, c2] = boxOf(a, b);
    const corner = (x) => (x[0] === r1 || x[0] === r2) && (x[1] === c1 || x[1] === c2);
    if (clicks.length === 1) return corner(clicks[0]) ? 'prefix' : '';
    if (clicks.length === 2) { const [s1, t1, s2, t2] = boxOf(clicks[0], clicks[1]); return s1 === r1 && t1 === c1 && s2 === r2 && t2 === c2 ? 'full' : ''; }
    return '';
  }
  let got = '';
  for (const p of paths(m)) {
    if (clicks.length > p.length || !clicks.every((c, i) => same(c, p[i]))) continue;
    if (clicks.length === p.length) return 'full';
    got = 'prefix';
  }
  return got;
}

// nextCells maps "r,c" to the moves whose next click after clicks is that
// cell.
function nextCells(moves, clicks) {
  const next = new Map();
  const add = (cell, m) => { const key = cell.join(','); if (!next.has(key)) next.set(key, []); next.get(key).push(m); };
  for (const m of moves) {
    if (m.view.box) {
      const [a, b] = m.view.clicks;
      const [r1, c1, r2, c2] = boxOf(a, b);
      const corners = [[r1, c1], [r1, c2], [r2, c1], [r2, c2]];
      if (!clicks.length) corners.forEach((c) => add(c, m));
      else if (clicks.length === 1 && matches(m, clicks)) corners.filter((c) => { const [s1, t1, s2, t2] = boxOf(clicks[0], c); return s1 === r1 && t1 === c1 && s2 === r2 && t2 === c2; }).forEach((c) => add(c, m));
      continue;
    }
    for (const p of paths(m)) if (p.length > clicks.length && clicks.every((c, i) => same(c, p[i]))) add(p[clicks.length], m);
  }
  return next;
}

const glyph = { x: '✕', o: '◯', '●': '●', '#': '' };

function gridBoard(view, moves, comp, st, opts) {
  if (!view.cells || !view.cells.length) return textBoard(view);
  const H = view.cells.length, W = view.cells[0].length;
  const size = Math.max(30, Math.min(64, Math.floor(360 / Math.max(H, W))));
  const grid = h('div', { class: 'grid', style: `grid-template-columns: repeat(${W}, ${size}px); grid-auto-rows: ${size}px; font-size: ${Math.round(size * 0.55)}px`, dataset: { component: comp } });
  const cells = [];
  for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) {
    const v = view.cells[r][c];
    const cls = v === '#' ? 'blocked' : v === 'x' || v === 'o' ? `mark-${v}` : v === '●' ? 'token-cell' : '';
    const cell = h('div', { class: `cell ${cls}`, role: 'button', 'aria-label': `row ${r + 1} column ${c + 1}`, dataset: { cell: `${r},${c}`, r, c } }, glyph[v] ?? v);
    cell.addEventListener('click', () => click([r, c]));
    cells.push(cell);
    grid.append(cell);
  }
  // Coordinates as moves name cells: columns a, b, c… from the left, rows
  // 1, 2, 3… from the top ("b3": column b, row 3).
  const framed = h('div', { class: 'coords' },
    h('span', {}),
    h('div', { class: 'col-labels', style: `grid-template-columns: repeat(${W}, ${size}px)` },
      Array.from({ length: W }, (_, c) => h('span', {}, String.fromCharCode(97 + c)))),
    h('div', { class: 'row-labels', style: `grid-auto-rows: ${size}px` },
      Array.from({ length: H }, (_, r) => h('span', {}, String(r + 1)))),
    grid);
  let clicks = [];
  const at = ([r, c]) => cells[r * W + c];
  function paint() {
    const next = nextCells(moves, clicks);
    for (const cell of cells) {
      cell.classList.remove('win', 'lose', 'draw', 'sel', 'next');
      delete cell.dataset.move;
      delete cell.dataset.rem;
      cell.removeAttribute('title');
    }
    for (const c of clicks) at(c).classList.add('sel');
    for (const [key, ms] of next) {
      const [r, c] = key.split(',').map(Number);
      const cell = at([r, c]);
      if (!cell) continue;
      cell.classList.add('next');
      if (opts.hints) cell.classList.add(best(ms));
      // A cell that completes one move names it.
      const done = ms.filter((m) => matches(m, [...clicks, [r, c]]) === 'full');
      if (done.length === 1) {
        cell.dataset.move = done[0].view.label;
        cell.title = hintTitle(done[0]);
        const r = moveValue(done[0]);
        if (opts.hints && r) cell.dataset.rem = r;
      }
      else cell.title = `${ms.length} moves${opts.hints ? ` (best: ${best(ms)})` : ''}`;
    }
  }
  // click adds cell to the clicks so far: a move they complete is played,
  // a start of moves is kept; otherwise the cell starts afresh.
  function click(cell) {
    if (opts.frozen) return;
    for (const start of clicks.length ? [[...clicks, cell], [cell]] : [[cell]]) {
      const full = moves.find((m) => matches(m, start) === 'full');
      if (full) { clicks = []; opts.play(full); return; }
      if (moves.some((m) => matches(m, start) === 'prefix')) { clicks = start; paint(); return; }
    }
    clicks = [];
    paint();
    opts.note('That is not a move here: pick one from the list.');
  }
  paint();
  const hintText = !moves.length ? '' : moves.some((m) => m.view.box) ? 'click two opposite corners of an open rectangle (one cell: click it twice)'
    : moves.some((m) => m.view.clicks && m.view.clicks.length === 2) ? 'click a cube, then the end of its row or column to push it in at'
      : 'click a cell';
  const head = [];
  if (view.mover && moves.length) head.push(h('span', { class: `to-move mark-${view.mover}` }, glyph[view.mover] ?? view.mover), ' to move · ');
  return h('div', { class: 'grid-wrap' }, h('div', { class: 'muted small' }, head, hintText), framed);
}

function rowBoard(view, moves, comp, st, opts) {
  const row = view.row || [];
  const n = row.length;
  const pick = (end) => moves.find((m) => m.view.end === end) || moves.find((m) => m.view.end === 'both');
  const tiles = row.map((v, i) => {
    const end = i === 0 ? 'left' : i === n - 1 ? 'right' : '';
    const m = end ? pick(end) : null;
    const attrs = { class: `num${m ? ' end' : ''}${m ? hintClass(opts, m.outcome) : ''}`, dataset: { cell: `0,${i}` } };
    if (!m) return h('div', attrs, String(v));
    attrs.dataset.move = m.view.label;
    attrs.title = hintTitle(m);
    return h('button', { ...attrs, type: 'button', disabled: opts.frozen, onclick: () => opts.play(m) }, String(v));
  });
  if (n === 1) {
    // One number: both ends are it.
    tiles[0].dataset.move = (pick('left') || pick('right'))?.view.label ?? '';
  }
  const left = pick('left'), right = pick('right');
  const picks = h('div', { class: 'row ends' },
    left ? h('button', { type: 'button', class: `move${hintClass(opts, left.outcome)}`, dataset: { move: left.view.label }, disabled: opts.frozen, title: hintTitle(left), onclick: () => opts.play(left) }, `← take ${row[0]}`, remo(opts, left)) : null,
    right && right !== left ? h('button', { type: 'button', class: `move${hintClass(opts, right.outcome)}`, dataset: { move: right.view.label }, disabled: opts.frozen, title: hintTitle(right), onclick: () => opts.play(right) }, `take ${row[n - 1]} →`, remo(opts, right)) : null);
  return h('div', { class: 'row-wrap' }, h('div', { class: 'numrow' }, n ? tiles : h('span', { class: 'muted' }, 'the row is empty')), n ? picks : null);
}

// remo is a move's remoteness (or value) as hints show it.
function remo(opts, m) {
  if (!opts.hints) return null;
  const text = moveValue(m);
  return text ? h('small', { class: 'rem' }, ` ${text}`) : null;
}

// moveValue is what a hint says of a move besides its colour: the
// remoteness of the position it leaves and, in impartial games, its
// Grundy value.
export function moveValue(m) {
  const parts = [];
  if (m.grundy !== undefined) parts.push(`G=${m.grundy}`);
  if (m.remoteness >= 0) parts.push(`r=${m.remoteness}`);
  else if (m.outcome === 'draw') parts.push('draw');
  return parts.join(' · ');
}

function handsBoard(view, moves, comp, st, opts) {
  const mover = st.mover;
  const names = opts.names;
  const card = (v, attrs, ...rest) => h(attrs.onclick ? 'button' : 'div', { type: attrs.onclick ? 'button' : undefined, ...attrs, class: `playing-card ${attrs.class || ''}` }, h('span', { class: 'pip' }, String(v)), ...rest);
  const mine = view.hands[0].map((v, i) => {
    const m = moves.find((x) => x.view.card === i);
    if (!m) return card(v, { class: 'dim', dataset: { cell: `0,${i}` }, title: view.hands[0][0] === view.hands[0][1] ? 'the same move as the other card' : 'no move' });
    return card(v, { class: `live${hintClass(opts, m.outcome)}`, dataset: { cell: `0,${i}`, move: m.view.label }, title: hintTitle(m), disabled: opts.frozen, onclick: () => opts.play(m) },
      h('span', { class: 'becomes' }, m.view.label.replace(/^\d+ /, '')), remo(opts, m));
  });
  const theirs = view.hands[1].map((v, i) => card(v, { class: 'theirs', dataset: { cell: `1,${i}` } }));
  return h('div', { class: 'hands' },
    h('div', { class: 'hand' }, h('div', { class: 'hand-name' }, `${names[mover]} (to move)`), h('div', { class: 'row' }, mine)),
    h('div', { class: 'last' }, view.last === undefined ? 'no card made yet: y = 0' : `y = ${view.last}: the card made last by ${names[1 - mover]}`),
    h('div', { class: 'hand' }, h('div', { class: 'hand-name' }, names[1 - mover]), h('div', { class: 'row' }, theirs)));
}

const ns = 'http://www.w3.org/2000/svg';
const svgEl = (tag, attrs) => { const e = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); return e; };
const hintFill = { win: 'rgba(30,142,62,.35)', lose: 'rgba(139,26,26,.35)', draw: 'rgba(212,162,11,.4)' };

function circlesBoard(view, moves, comp, st, opts) {
  const cs = view.circles || [];
  if (!cs.length) return h('div', { class: 'muted' }, 'no circles left');
  const minX = Math.min(...cs.map(([x, , r]) => x - r)), maxX = Math.max(...cs.map(([x, , r]) => x + r));
  const minY = Math.min(...cs.map(([, y, r]) => y - r)), maxY = Math.max(...cs.map(([, y, r]) => y + r));
  const pad = (maxX - minX) / 40 || 1;
  // y grows upward in the position, downward in SVG: the drawing flips it.
  const svg = svgEl('svg', { viewBox: `${minX - pad} ${-maxY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`, width: 440, height: 440, class: 'circles' });
  const order = cs.map((c, i) => i).sort((a, b) => cs[b][2] - cs[a][2]);
  for (const i of order) {
    const [x, y, r] = cs[i];
    const m = moves.find((mv) => mv.view.circle === i);
    const el = svgEl('circle', { cx: x, cy: -y, r, fill: opts.hints && m ? hintFill[m.outcome] : 'rgba(201,138,60,.16)', stroke: '#8a5a1e', 'stroke-width': (maxX - minX) / 250 || 0.1, 'data-circle': i });
    if (m) el.setAttribute('data-move', m.view.label);
    const t = svgEl('title', {}); t.textContent = m ? hintTitle(m) : `${x},${y},${r}`; el.append(t);
    svg.append(el);
  }
  svg.addEventListener('click', (e) => {
    if (opts.frozen) return;
    const pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    // The innermost circle containing the point is the one hit.
    let hit = -1;
    cs.forEach(([x, y, r], i) => { if ((p.x - x) ** 2 + (-p.y - y) ** 2 < r * r && (hit < 0 || r < cs[hit][2])) hit = i; });
    const m = moves.find((mv) => mv.view.circle === hit);
    if (m) opts.play(m); else opts.note('Click inside a circle (or pick a move from the list).');
  });
  return h('div', {}, h('div', { class: 'muted small' }, 'click a point: every circle containing it goes'), svg);
}

// graphBoard draws a graph: its edges, then its vertices as numbered
// discs; a removed vertex is faint, a click on a vertex in play makes the
// move that picks it (the move whose view names it).
function graphBoard(view, moves, comp, st, opts) {
  const vs = view.vertices || [], gone = view.removed || [];
  const size = 440, at = ([x, y]) => [x * size, y * size], r = Math.max(6, Math.min(18, size / (3 * Math.sqrt(vs.length || 1))));
  const svg = svgEl('svg', { viewBox: `0 0 ${size} ${size}`, width: size, height: size, class: 'graph' });
  for (const [a, b] of view.edges || []) {
    const [x1, y1] = at(vs[a]), [x2, y2] = at(vs[b]);
    svg.append(svgEl('line', { x1, y1, x2, y2, stroke: gone[a] || gone[b] ? '#ddd' : '#8a5a1e', 'stroke-width': 2 }));
  }
  vs.forEach((v, i) => {
    const [cx, cy] = at(v);
    const m = moves.find((mv) => mv.view.vertex === i);
    const g = svgEl('g', { 'data-vertex': i });
    if (m) g.setAttribute('data-move', m.view.label);
    const disc = svgEl('circle', { cx, cy, r, fill: gone[i] ? '#f4f4f4' : opts.hints && m ? hintFill[m.outcome] : 'rgba(201,138,60,.25)', stroke: gone[i] ? '#ccc' : '#8a5a1e', 'stroke-width': 1.5 });
    const label = svgEl('text', { x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': Math.round(r * 0.9), fill: gone[i] ? '#bbb' : '#333' });
    label.textContent = String(i + 1);
    const t = svgEl('title', {}); t.textContent = m ? hintTitle(m) : gone[i] ? `vertex ${i + 1}: removed` : `vertex ${i + 1}`;
    g.append(disc, label, t);
    g.addEventListener('click', () => {
      if (opts.frozen) return;
      if (m) opts.play(m); else opts.note('That vertex is removed: click one in play (or pick a move from the list).');
    });
    svg.append(g);
  });
  return h('div', {}, h('div', { class: 'muted small' }, 'click a vertex: it goes with its neighbours'), svg);
}

// heapRow draws a heap of tokens: a click on token j makes the move whose
// view names token j (it leaves j tokens, or splits the heap around j).
function heapRow(game, view, comp, moves, opts) {
  const n = view.heap;
  const shown = Math.min(n, 40);
  const tokens = Array.from({ length: shown }, (_, j) => {
    const m = moves.find((x) => x.view.token === j && !x.view.split) || moves.find((x) => x.view.token === j);
    return h('button', {
      type: 'button', class: `token${m ? hintClass(opts, m.outcome) : ''}`, 'aria-label': `heap ${comp + 1} token ${j + 1}`,
      dataset: { component: comp, token: j, cell: `${comp},${j}`, move: m ? m.view.label : undefined }, title: m ? hintTitle(m) : 'not a move',
      disabled: opts.frozen,
      onclick: () => { if (m) opts.play(m); else opts.note('That is not a move here: pick one from the list.'); },
      onmouseenter: (e) => { if (!m || m.view.split) return; for (const t of e.target.parentNode.querySelectorAll('.token')) t.classList.toggle('take', Number(t.dataset.token) >= j); },
      onmouseleave: (e) => { for (const t of e.target.parentNode.querySelectorAll('.token')) t.classList.remove('take'); },
    });
  });
  return h('div', { class: 'heap', dataset: { component: comp } }, h('span', { class: 'label' }, `${game} ${n}`), tokens, n > shown ? h('span', { class: 'muted' }, ` … ${n - shown} more (use the list)`) : null);
}
