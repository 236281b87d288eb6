import { api, post, h, $, header, showError, param, setParams, pageLink } from './common.js';

// The game graph page draws the graph of /api/graph as SVG with the
// layered layout the server computes (the CLI's, internal/graphview): the
// start at the top, every move pointing down, no two boxes overlapping.
// The wheel zooms about the pointer, dragging pans, "Fit" shows it whole.
//
// With ?script=1 the game is a rule script's: its source is read from
// sessionStorage 'grundy.script' (the rule editor stores it there), the
// position is the script's ARGs, and the graph comes from POST
// /api/script (verb graph).

const SVG = 'http://www.w3.org/2000/svg';
const s = (tag, attrs = {}, ...children) => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, v);
  el.append(...children);
  return el;
};

header('graph.html');
const scriptMode = param('script') === '1';
const scriptSource = scriptMode ? sessionStorage.getItem('grundy.script') : null;
document.body.classList.add('wide');
const main = $('#main');
main.append(
  h('h1', {}, scriptMode ? 'Game graph of the rule script' : 'Game graph'),
  h('p', { class: 'muted' }, 'Every position reachable from the start, one box each, with an arrow for each move, drawn in layers: every move points down (a move that closes a cycle points up). Scroll to zoom, drag to pan', scriptMode ? '.' : '; click a box to analyse its position.'),
  ...(scriptMode ? [h('p', { class: 'note', id: 'script-note' }, scriptSource ? 'The game is the rule script from the rule editor; the position is its ARGs.' : 'No rule script: open the graph from the rule editor.')] : []),
  h('form', { class: 'row card', id: 'form' },
    h('input', { type: 'text', class: 'pos', id: 'position', value: param('position') || 'subtract:1-3 6', 'aria-label': 'position' }),
    h('label', { for: 'label-by' }, 'boxes show'),
    h('select', { id: 'label-by' }),
    h('label', { for: 'max-nodes' }, 'at most'),
    h('input', { type: 'number', id: 'max-nodes', value: param('max-nodes') || '200', min: 1, style: 'width:6rem' }), 'nodes',
    h('button', { type: 'submit' }, 'Draw')),
  h('div', { id: 'status' }),
  h('div', { class: 'row zoom' },
    h('button', { type: 'button', class: 'plain', id: 'zoom-in', title: 'zoom in', 'aria-label': 'zoom in' }, '+'),
    h('button', { type: 'button', class: 'plain', id: 'zoom-out', title: 'zoom out', 'aria-label': 'zoom out' }, '−'),
    h('button', { type: 'button', class: 'plain', id: 'zoom-fit' }, 'Fit')),
  h('div', { id: 'graph' }),
  h('div', { class: 'legend muted', id: 'legend' }));
$('#form').addEventListener('submit', (e) => { e.preventDefault(); draw(); });
$('#label-by').addEventListener('change', () => { if (last) render(last, false); });
$('#zoom-in').addEventListener('click', () => zoom(1 / 1.4));
$('#zoom-out').addEventListener('click', () => zoom(1.4));
$('#zoom-fit').addEventListener('click', () => { if (last) fit(); });
let last = null;
let view = null; // the viewBox: {x, y, w, h}
draw();

async function draw() {
  const position = $('#position').value.trim();
  const maxNodes = $('#max-nodes').value;
  setParams({ position, 'max-nodes': maxNodes === '200' ? '' : maxNodes });
  const status = $('#status');
  status.replaceChildren(h('p', { class: 'muted' }, 'Computing…'));
  try {
    if (scriptMode) {
      if (!scriptSource) throw new Error('no rule script to draw: open the graph from the rule editor');
      last = await post('script', { script: scriptSource, verb: 'graph', args: position });
    } else {
      last = await api('graph', { position, 'max-nodes': maxNodes });
    }
  } catch (err) {
    last = null;
    $('#graph').style.display = 'none';
    $('.zoom').style.display = 'none';
    $('#label-by').replaceChildren();
    $('#graph').replaceChildren();
    $('#graph').dataset.drawn = 'false';
    $('#legend').replaceChildren();
    showError(status, err);
    if (err.status === 422 && /too large/.test(err.message)) {
      const [, small] = err.message.match(/A smaller position that fits: (.*) \(\d+ positions\)/) || [];
      status.append(h('div', { class: 'note', id: 'capped' }, `The graph is capped at ${maxNodes} nodes, and this position reaches more. `,
        small ? ['Try ', h('a', { href: `?position=${encodeURIComponent(small)}`, id: 'smaller' }, small), ', a smaller position whose graph fits, '] : 'Draw a smaller position, ',
        'or raise the cap (at most 300).'));
    }
    return;
  }
  status.replaceChildren(h('p', {}, `${last.nodes.length} positions, ${last.edges.length} moves. `, ...(scriptMode ? [] : [pageLink('analyse', last.position, 'analyse the start'), ' · ', pageLink('play', last.position, 'play it')])));
  render(last, true);
}

// labelChoices: a graph whose nodes have Grundy values (impartial games
// that end) can show them or the outcome class; any other graph shows the
// outcome (win, lose or draw, with the remoteness or score).
function labelChoices(g) {
  const sel = $('#label-by');
  const want = sel.value || param('show');
  const choices = g.values === 'grundy' ? [['grundy', 'Grundy values'], ['outcome', 'outcome classes (P/N)']] : [['outcome', 'outcomes (win/lose/draw)']];
  sel.replaceChildren(...choices.map(([v, t]) => h('option', { value: v, selected: v === want }, t)));
  sel.disabled = choices.length === 1;
}

function legend(g) {
  const draws = g.nodes.some((n) => n.class === 'D');
  const general = g.values !== 'grundy';
  const item = (cls, text) => h('span', { dataset: { class: cls } }, h('i', { class: `swatch node-${cls}` }), text);
  $('#legend').replaceChildren(...[
    item('P', general ? 'lose: the player to move loses (with the moves to the end)' : 'P-position: the player to move loses (G = 0)'),
    item('N', general ? 'win: the player to move wins' : 'N-position: the player to move wins (G > 0)'),
    draws || general ? item('D', draws ? 'draw: neither player can force a win' : 'draw (none in this graph)') : null,
    h('span', {}, h('i', { class: 'swatch start' }), 'the start')].filter(Boolean));
}

function render(g, refit) {
  labelChoices(g);
  legend(g);
  const by = $('#label-by').value;
  const L = g.layout;
  const el = $('#graph');
  el.style.display = '';
  $('.zoom').style.display = '';
  const svg = s('svg', { id: 'graph-svg', role: 'img', 'aria-label': `game graph of ${g.position}` });
  svg.append(s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
    s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }))));
  const edges = s('g', { class: 'edges' });
  g.edges.forEach((e, i) => {
    edges.append(s('path', { class: 'edge', d: pathData(L, i, e), 'marker-end': 'url(#arrow)', 'data-from': e.from, 'data-to': e.to }));
  });
  const nodes = s('g', { class: 'nodes' });
  g.nodes.forEach((n, i) => {
    const b = L.nodes[i];
    const lines = [...b.lines, by === 'grundy' ? b.value : b.outcome];
    const box = s('g', { class: `node ${n.class}${i === 0 ? ' start' : ''}`, 'data-node': i, 'data-position': n.position, 'data-outcome': n.outcome, 'data-grundy': n.grundy ?? null, tabindex: 0 },
      s('title', {}, `${n.position}: ${b.value}${b.value !== b.outcome ? ` (${b.outcome})` : ''}`),
      s('rect', { x: b.x - b.w / 2, y: b.y - b.h / 2, width: b.w, height: b.h, rx: 6 }));
    const top = b.y - b.h / 2 + 6;
    lines.forEach((line, k) => box.append(s('text', { x: b.x, y: top + k * 15 + 7.5, class: k === lines.length - 1 ? 'value' : null }, line)));
    box.addEventListener('click', () => { if (!dragged && !scriptMode) location.href = `analyse.html?position=${encodeURIComponent(n.position)}`; });
    nodes.append(box);
  });
  svg.append(edges, nodes);
  el.replaceChildren(svg);
  // The box is as tall as the drawing at the page's width, within bounds.
  const width = el.clientWidth;
  el.style.height = `${Math.round(Math.min(680, Math.max(260, L.height * Math.min(1.2, width / L.width))))}px`;
  pan(svg);
  if (refit || !view) fit(); else apply();
  el.dataset.drawn = 'true';
  el.dataset.nodes = String(g.nodes.length);
}

// pathData is the SVG path of edge i: smooth vertical curves through the
// layout's points, or a small loop on the node's right for a self-loop.
function pathData(L, i, e) {
  const pts = L.edges[i];
  if (e.from === e.to || pts.length < 2) {
    const b = L.nodes[e.from], x = b.x + b.w / 2;
    return `M${x},${b.y - 4} C${x + 26},${b.y - 22} ${x + 26},${b.y + 22} ${x},${b.y + 4}`;
  }
  let d = `M${pts[0].x},${pts[0].y}`;
  for (let k = 1; k < pts.length; k++) {
    const p = pts[k - 1], q = pts[k], dy = (q.y - p.y) / 2;
    d += ` C${p.x},${p.y + dy} ${q.x},${q.y - dy} ${q.x},${q.y}`;
  }
  return d;
}

// fit shows the whole drawing, centred, with a small margin.
function fit() {
  const L = last.layout, m = 8;
  view = { x: -m, y: -m, w: L.width + 2 * m, h: L.height + 2 * m };
  apply();
}

function apply() {
  const svg = $('#graph-svg');
  if (svg) svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
}

// zoom scales the view by f about the point (cx, cy) of the drawing
// (default: the view's centre).
function zoom(f, cx, cy) {
  if (!view) return;
  cx ??= view.x + view.w / 2;
  cy ??= view.y + view.h / 2;
  const w = Math.min(Math.max(view.w * f, 40), 20000), k = w / view.w;
  view = { x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k, w, h: view.h * k };
  apply();
}

let dragged = false;
function pan(svg) {
  // toDrawing maps a client point to the drawing's coordinates.
  const toDrawing = (ev) => {
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  };
  svg.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const [x, y] = toDrawing(ev);
    zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
  }, { passive: false });
  let start = null;
  svg.addEventListener('pointerdown', (ev) => {
    start = { x: ev.clientX, y: ev.clientY, view: { ...view }, scale: svg.getScreenCTM().a };
    dragged = false;
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!start) return;
    const dx = ev.clientX - start.x, dy = ev.clientY - start.y;
    if (!dragged && Math.hypot(dx, dy) < 4) return;
    if (!dragged) svg.setPointerCapture(ev.pointerId);
    dragged = true;
    view = { ...start.view, x: start.view.x - dx / start.scale, y: start.view.y - dy / start.scale };
    apply();
  });
  const end = () => { start = null; };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', end);
}
