import { api, h, $, header, showError, param, setParams, pageLink } from './common.js';

header('/graph.html');
const main = $('#main');
main.append(
  h('h1', {}, 'Game graph'),
  h('p', { class: 'muted' }, 'Every position reachable from the start, one node each, with an arrow for each move, drawn in layers: every move points down. P-positions (the player to move loses) are dark red.'),
  h('form', { class: 'row card', id: 'form' },
    h('input', { type: 'text', class: 'pos', id: 'position', value: param('position') || 'subtract:1-3 6', 'aria-label': 'position' }),
    h('label', { for: 'label-by' }, 'nodes show'),
    h('select', { id: 'label-by' }, h('option', { value: 'grundy' }, 'Grundy values'), h('option', { value: 'outcome', selected: param('show') === 'outcome' }, 'outcomes')),
    h('label', { for: 'max-nodes' }, 'at most'),
    h('input', { type: 'number', id: 'max-nodes', value: param('max-nodes') || '200', min: 1, style: 'width:6rem' }), 'nodes',
    h('button', { type: 'submit' }, 'Draw')),
  h('div', { id: 'status' }),
  h('div', { id: 'graph' }),
  h('div', { class: 'legend muted' },
    h('span', {}, h('i', { class: 'swatch', style: 'background:#f4c7c3;border:2px solid #8b1a1a' }), 'P-position: the player to move loses'),
    h('span', {}, h('i', { class: 'swatch', style: 'background:#fff;border:2px solid #1e8e3e' }), 'N-position: the player to move wins')));
$('#form').addEventListener('submit', (e) => { e.preventDefault(); draw(); });
$('#label-by').addEventListener('change', () => { if (last) render(last); });
let last = null;
draw();

async function draw() {
  const position = $('#position').value.trim();
  const maxNodes = $('#max-nodes').value;
  setParams({ position, 'max-nodes': maxNodes === '200' ? '' : maxNodes });
  const status = $('#status');
  status.replaceChildren(h('p', { class: 'muted' }, 'Computing…'));
  try {
    last = await api('graph', { position, 'max-nodes': maxNodes });
  } catch (err) {
    showError(status, err);
    if (err.status === 422 && /too large/.test(err.message)) {
      status.append(h('div', { class: 'note', id: 'capped' }, `The graph is capped at ${maxNodes} nodes, and this position reaches more: draw a smaller position, or raise the cap.`));
    }
    const chart = echarts.getInstanceByDom($('#graph'));
    if (chart) chart.clear();
    return;
  }
  status.replaceChildren(h('p', {}, `${last.nodes.length} positions, ${last.edges.length} moves. `, pageLink('analyse', last.position, 'analyse the start'), ' · ', pageLink('play', last.position, 'play it')));
  render(last);
}

// layers assigns each node the length of the longest path from the start,
// so every move points down (the graphs are acyclic); within a layer nodes
// are ordered by the mean place of their parents to cut crossings.
function layers(g) {
  const n = g.nodes.length, out = Array.from({ length: n }, () => []), indeg = new Array(n).fill(0);
  for (const e of g.edges) { out[e.from].push(e.to); indeg[e.to]++; }
  const layer = new Array(n).fill(0), queue = [];
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue.push(i);
  let seen = 0;
  while (queue.length) {
    const u = queue.shift(); seen++;
    for (const v of out[u]) { layer[v] = Math.max(layer[v], layer[u] + 1); if (--indeg[v] === 0) queue.push(v); }
  }
  if (seen < n) for (let i = 0; i < n; i++) layer[i] = g.nodes[i].depth; // a cycle: fall back to distance
  const rows = [];
  for (let i = 0; i < n; i++) (rows[layer[i]] ??= []).push(i);
  const place = new Array(n).fill(0), parents = Array.from({ length: n }, () => []);
  for (const e of g.edges) parents[e.to].push(e.from);
  for (const row of rows) {
    if (!row) continue;
    const key = (i) => parents[i].length ? parents[i].reduce((s, p) => s + place[p], 0) / parents[i].length : 0;
    row.sort((a, b) => key(a) - key(b) || a - b);
    row.forEach((i, k) => { place[i] = (k + 1) / (row.length + 1); });
  }
  return { layer, place, rows: rows.filter(Boolean) };
}

function render(g) {
  const el = $('#graph');
  const chart = echarts.getInstanceByDom(el) || echarts.init(el);
  const { layer, place, rows } = layers(g);
  const by = $('#label-by').value;
  const width = Math.max(600, Math.max(...rows.map((r) => r.length)) * 110);
  const height = Math.max(300, rows.length * 90);
  el.style.height = `${Math.min(900, Math.max(420, rows.length * 90 + 60))}px`;
  const nodes = g.nodes.map((nd, i) => {
    const second = by === 'grundy' && nd.grundy !== undefined ? `G=${nd.grundy}` : nd.class;
    const p = nd.class === 'P';
    return {
      id: String(i), name: nd.position, x: place[i] * width, y: layer[i] * (height / Math.max(1, rows.length)),
      symbol: 'roundRect', symbolSize: [Math.max(44, 8 * Math.max(nd.label.length, second.length) + 18), 38],
      itemStyle: { color: p ? '#f4c7c3' : nd.class === 'D' ? '#fff2cc' : '#ffffff', borderColor: p ? '#8b1a1a' : nd.class === 'D' ? '#d4a20b' : '#1e8e3e', borderWidth: i === 0 ? 3 : 2 },
      label: { show: true, formatter: `${nd.label}\n${second}`, color: '#1d2330', fontFamily: 'monospace', fontSize: 12, lineHeight: 14 },
      tooltip: { formatter: `${nd.position}<br>${nd.grundy !== undefined ? `G = ${nd.grundy}, ` : ''}${nd.class}` },
    };
  });
  chart.setOption({
    tooltip: {},
    series: [{
      type: 'graph', layout: 'none', roam: true, animation: false,
      edgeSymbol: ['none', 'arrow'], edgeSymbolSize: 8,
      lineStyle: { color: '#8a93a5', width: 1.2, opacity: 0.9 },
      emphasis: { focus: 'adjacency' },
      data: nodes,
      // A move that skips layers is drawn as an arc, so it does not run
      // through the nodes between; arcs alternate sides.
      links: g.edges.map((e, k) => {
        const span = layer[e.to] - layer[e.from];
        const bend = span > 1 ? (k % 2 ? 1 : -1) * Math.min(0.6, 0.15 + 0.1 * span) : 0;
        return { source: String(e.from), target: String(e.to), lineStyle: { curveness: bend } };
      }),
    }],
  }, true);
  el.dataset.drawn = 'true';
  el.dataset.nodes = String(g.nodes.length);
}
