import { api, h, $, header, showError, param, setParams } from './common.js';
import { drawValues, valuesTable } from './values.js';

header('/');
const main = $('#main');
const token = param('game') || 'kayles';
const name = token.split(':')[0];

const info = h('div', { id: 'info' }, h('p', { class: 'muted' }, 'Loading…'));
main.append(h('h1', {}, token), info);

let spec;
try {
  const list = await api('games');
  spec = list.find((g) => g.name === name);
  if (!spec) throw new Error(`unknown game ${name}: see the catalog`);
} catch (err) {
  showError(info, err);
}

if (spec) {
  const enc = encodeURIComponent;
  info.replaceChildren(h('div', { class: 'card' },
    h('p', {}, h('span', { class: `kind ${spec.kind}` }, spec.kind), ' ', spec.rules),
    spec.params ? h('p', {}, 'Parameters: ', h('code', {}, `${spec.name}:${spec.params}`)) : null,
    h('p', {}, 'Position: ', spec.syntax),
    h('p', {}, 'Example: ', h('code', {}, spec.example), ' — ',
      h('a', { href: `analyse.html?position=${enc(spec.example)}` }, 'analyse'), ' · ',
      h('a', { href: `play.html?position=${enc(spec.example)}` }, 'play'), ' · ',
      /file/i.test(spec.params || '') ? h('span', { class: 'muted' }, 'no game graph: the explorer reads no files')
        : spec.graph_nodes > 0 ? h('a', { href: `graph.html?position=${enc(spec.example)}` }, 'game graph')
        : h('span', { class: 'muted' }, 'its game graph is too large to draw',
          spec.graph_suggestion ? [': see ', h('a', { href: `graph.html?position=${enc(spec.graph_suggestion)}` }, `the graph of ${spec.graph_suggestion}`)] : ''))));
  if (spec.table) { chartSection(spec); quotientSection(spec); } else boardSection(spec);
}

// defaultToken is the GAME token to tabulate: the page's, or for a game
// with parameters, the example's.
function defaultToken(spec) {
  if (token.includes(':') || !spec.params) return token;
  const first = spec.example.split(/\s+/)[0];
  return first.startsWith(spec.name + ':') ? first : token;
}

function chartSection(spec) {
  const to = param('to') || '120';
  const form = h('form', { class: 'row', id: 'table-form' },
    h('label', { for: 'tgame' }, 'Game'), h('input', { type: 'text', id: 'tgame', value: defaultToken(spec), size: 18 }),
    h('label', { for: 'tfrom' }, 'from'), h('input', { type: 'number', id: 'tfrom', value: param('from') || '0', min: 0, style: 'width:7rem' }),
    h('label', { for: 'tto' }, 'to'), h('input', { type: 'number', id: 'tto', value: to, min: 0, style: 'width:8rem' }),
    h('label', {}, h('input', { type: 'checkbox', id: 'tmisere', checked: param('misere') === '1' }), ' misère genus'),
    h('button', { type: 'submit' }, 'Tabulate'),
    h('button', { type: 'button', class: 'plain', id: 'view-toggle', 'aria-pressed': 'false' }, 'Table of numbers'));
  const status = h('div', { id: 'table-status' });
  const pattern = h('div', { id: 'pattern', class: 'pattern' });
  const chart = h('div', { id: 'chart' });
  const numbers = h('div', { id: 'numbers', hidden: true });
  const legend = h('div', { class: 'legend muted', id: 'chart-legend' });
  main.append(h('h2', {}, 'Values G(n)'), h('div', { class: 'card' }, form, status, pattern, chart, numbers, legend));
  form.addEventListener('submit', (e) => { e.preventDefault(); draw(); });
  $('#view-toggle').addEventListener('click', () => {
    const table = numbers.hidden;
    numbers.hidden = !table;
    chart.hidden = table;
    $('#view-toggle').setAttribute('aria-pressed', String(table));
    $('#view-toggle').textContent = table ? 'Chart' : 'Table of numbers';
    if (!table) echarts.getInstanceByDom(chart)?.resize();
  });
  draw();

  async function draw() {
    const game = $('#tgame').value.trim(), from = $('#tfrom').value, to = $('#tto').value, misere = $('#tmisere').checked;
    setParams({ game, from: from === '0' ? '' : from, to, misere: misere ? '1' : '' });
    status.replaceChildren(h('p', { class: 'muted' }, 'Computing…'));
    let t;
    try {
      t = await api('table', { game, from, to, misere: misere ? '1' : '' });
    } catch (err) {
      showError(status, err);
      pattern.replaceChildren();
      return;
    }
    status.replaceChildren();
    if (misere) {
      // The misère genus g^(γ0 γ1 ...) of every heap: its exponent γ0
      // (the misère value of the heap alone) is charted, the genus listed.
      const exps = t.genera.map((g) => misereValue(g.genus));
      const last = t.stopped ? t.stopped.heap - 1 : t.to;
      pattern.replaceChildren(h('span', { id: 'pattern-text' }, t.first_wild === null
        ? `Every heap ${t.from}..${last} is tame: misère play follows normal play with the usual twist at the end.`
        : `The first wild heap is ${t.first_wild}: from there on misère play needs genus theory or search.`));
      // A limit of the page stopped the table: chart what was computed
      // and say where it stopped.
      if (t.stopped) status.append(h('p', { class: 'note', id: 'stopped', dataset: { heap: t.stopped.heap } }, `${t.genera.length ? `Computed heaps ${t.from}..${last}` : 'No heap computed'} within this page's limits: stopped at heap ${t.stopped.heap} (${t.stopped.reason}). The CLI goes further: grundy table --misere ${t.game} --to ${t.to}.`));
      drawValues(chart, { from: t.from, values: exps, name: 'γ₀(n)', what: 'misère value', labels: t.genera.map((g) => `genus ${g.genus}${g.tame ? ' (tame)' : ''}`) });
      numbers.replaceChildren(valuesTable(t.from, t.genera.map((g) => g.genus), 10, 'genus'));
      legend.replaceChildren(h('span', {}, 'γ₀(n), the heap\'s misère value (0: the player to move loses playing it alone); hover for the whole genus'));
      return;
    }
    pattern.replaceChildren(patternLine(t));
    drawValues(chart, { from: t.from, values: t.values, pattern: t.pattern, name: 'G(n)', what: 'Grundy value' });
    const p = t.pattern;
    numbers.replaceChildren(valuesTable(t.from, t.values, p && p.period > 1 && p.period <= 24 ? p.period : 10, 'G'));
    legend.replaceChildren(
      h('span', {}, h('i', { class: 'swatch', style: 'background:#8b1a1a;border-radius:50%' }), 'G(n) = 0: P-positions, the player to move loses'),
      h('span', {}, h('i', { class: 'swatch', style: 'background:#2f5bd3;border-radius:50%' }), 'G(n) > 0'),
      h('span', {}, h('i', { class: 'swatch', style: 'background:rgba(120,130,150,.35)' }), 'pre-period'),
      h('span', {}, h('i', { class: 'swatch', style: 'background:rgba(47,91,211,.3)' }), 'first period'),
      h('span', {}, 'dashed lines: later periods'));
  }
}

// misereValue is the exponent γ0 of a genus written g^(γ0 γ1 ...) or g:
// the heap's misère Grundy value.
function misereValue(genus) {
  // Exponents are single digits unless written in parentheses: 0^120 is
  // 0^(1,2,0); 12^(14,12) is written with them.
  const m = /\^(?:\((\d+)|(\d))/.exec(genus);
  return m ? Number(m[1] ?? m[2]) : Number.parseInt(genus, 10) || 0;
}

function patternLine(t) {
  const p = t.pattern;
  if (!p) return h('span', { id: 'pattern-text' }, `No pattern seen for n ≤ ${t.to}.`);
  const parts = [`pre-period ${p.preperiod}`, `period ${p.period}`];
  if (p.saltus) parts.push(`saltus ${p.saltus} (arithmetic periodicity: G(n+${p.period}) = G(n)+${p.saltus})`);
  return h('span', { id: 'pattern-text' }, parts.join(' · '), ' — ',
    h('strong', { class: p.proven ? 'proven' : 'observed' }, p.proven ? 'proven' : 'observed'),
    p.reason ? h('span', { class: 'muted' }, ` (${p.reason})`) : null);
}

// quotientSection shows the misère quotient of a heap game (Plambeck and
// Siegel) when it is computed within the page's limits.
async function quotientSection(spec) {
  const game = defaultToken(spec);
  const box = h('div', { id: 'quotient', class: 'card' }, h('p', { class: 'muted' }, 'Computing the misère quotient…'));
  main.append(h('h2', {}, 'Misère quotient'), box);
  let r;
  try {
    r = await api('quotient', { game, to: 30 });
  } catch (err) {
    box.replaceChildren(h('p', { class: 'muted', id: 'quotient-none' }, `No misère quotient of ${game} to heap 30 within this page's limits: ${err.message}`));
    return;
  }
  box.replaceChildren(...[
    h('p', {}, `The misère quotient of ${game} restricted to heaps 0..${r.to} has order `, h('strong', { id: 'quotient-order' }, String(r.order)),
      r.tame ? ' (tame: it is the quotient of misère Nim)' : '', '. Its P-portion (the elements whose positions the player to move loses): ',
      h('code', { id: 'quotient-p' }, r.p_portion.join(', ')), '.'),
    r.relations?.length ? h('p', { class: 'muted' }, 'Generators ', r.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', '), '; relations ', r.relations.join(', '), '.') : null,
    // The heap-to-element row, 16 heaps to a line.
    h('div', { class: 'scroll' }, h('table', { class: 'numbers', id: 'quotient-heaps' },
      Array.from({ length: Math.ceil(r.heaps.length / 16) }, (_, k) => [
        h('tr', {}, h('th', {}, 'heap'), r.heaps.slice(16 * k, 16 * k + 16).map((_, i) => h('th', {}, String(16 * k + i)))),
        h('tr', {}, h('th', {}, 'element'), r.heaps.slice(16 * k, 16 * k + 16).map((e) => h('td', {}, e))),
      ])))].filter(Boolean));
}

// boardSection gives a game whose positions are not heaps its table of
// values on the example: a heat map of every cell's value for boards
// valued cell by cell (rook), else the value of every move.
async function boardSection(spec) {
  const box = h('div', { id: 'board-values', class: 'card' }, h('p', { class: 'muted' }, 'Computing…'));
  main.append(h('h2', {}, `Values on the example ${spec.example}`), box);
  try {
    // Only impartial games have values (a general game's value request
    // would be refused with a 400): the others get the moves' table.
    if (spec.kind === 'impartial') {
      const v = await api('value', { position: spec.example, cells: 1 });
      const cells = v.components?.find((c) => c.cells)?.cells;
      if (cells) { heatMap(box, cells, v); return; }
    }
  } catch { /* no values: the moves' table below */ }
  try {
    const m = await api('move', { position: spec.example });
    box.replaceChildren(
      h('p', {}, 'The position: ', h('span', { class: `badge ${m.outcome}` }, m.outcome), ` for the player to move${m.remoteness !== undefined && m.remoteness !== null ? `, the game ending in ${m.remoteness} moves with best play` : ''}. Each move and its result for the player who makes it:`),
      h('table', { class: 'numbers', id: 'move-values' },
        h('tr', {}, h('th', {}, 'move'), h('th', {}, 'result'), h('th', {}, 'value')),
        m.moves.map((mv) => h('tr', { class: mv.outcome, dataset: { move: mv.to } }, h('td', { class: 'mono' }, mv.to),
          h('td', {}, mv.outcome), h('td', {}, mv.grundy !== undefined ? `G=${mv.grundy}` : mv.score !== undefined ? `${mv.score > 0 ? '+' : ''}${mv.score}` : mv.outcome === 'draw' ? '–' : `in ${mv.remoteness}`)))));
  } catch (err) {
    showError(box, err);
  }
}

// heatMap draws a board's cell values: each cell coloured by the value of
// the position with the token moved there (blocked cells dark).
function heatMap(box, cells, v) {
  const rows = cells.length, cols = cells[0].length;
  const el = h('div', { id: 'heatmap', style: `height:${Math.min(560, 60 + rows * 56)}px;max-width:${120 + cols * 64}px` });
  box.replaceChildren(h('p', {}, `The value of the position with the token on each cell (the example's value is G = ${v.grundy}); `,
    'dark red cells are P-positions (G = 0), dark grey cells are blocked.'), el,
  valuesGrid(cells));
  const data = [], blocked = [];
  let top = 0;
  cells.forEach((row, r) => row.forEach((g, c) => { if (g === null) blocked.push([c, r, 0]); else { data.push([c, r, g]); top = Math.max(top, g); } }));
  const chart = echarts.init(el);
  chart.setOption({
    animation: false,
    grid: { left: 50, right: 90, top: 10, bottom: 40 },
    tooltip: { formatter: (p) => p.seriesIndex === 1 ? `row ${p.data[1]}, column ${p.data[0]}: blocked` : `row ${p.data[1]}, column ${p.data[0]}: G = ${p.data[2]}` },
    xAxis: { type: 'category', data: [...Array(cols).keys()], name: 'column', splitArea: { show: true } },
    yAxis: { type: 'category', data: [...Array(rows).keys()], name: 'row', inverse: true, splitArea: { show: true } },
    visualMap: { min: 0, max: Math.max(1, top), calculable: true, orient: 'vertical', right: 0, top: 'center', seriesIndex: 0,
      inRange: { color: ['#8b1a1a', '#f4e3a4', '#bfe6c8', '#1e8e3e'] } },
    series: [
      { type: 'heatmap', data, label: { show: true, formatter: (p) => String(p.data[2]) } },
      { type: 'heatmap', data: blocked, itemStyle: { color: '#3b4150' }, label: { show: false } },
    ],
  });
  el.dataset.drawn = 'true';
}

// valuesGrid is the heat map's numbers as a grid of cells (data-cell).
function valuesGrid(cells) {
  return h('div', { class: 'board', id: 'cell-values', style: `grid-template-columns:repeat(${cells[0].length}, 34px)` },
    cells.flatMap((row, r) => row.map((g, c) => h('div', { class: `cell${g === null ? ' blocked' : g === 0 ? ' lose' : ''}`, dataset: { cell: `${r},${c}` }, title: g === null ? 'blocked' : `G = ${g}` }, g === null ? '' : String(g)))));
}
