import { api, h, $, header, showError, param, setParams } from './common.js';

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
      h('a', { href: `/analyse.html?position=${enc(spec.example)}` }, 'analyse'), ' · ',
      h('a', { href: `/play.html?position=${enc(spec.example)}` }, 'play'), ' · ',
      h('a', { href: `/graph.html?position=${enc(spec.example)}` }, 'game graph'))));
  if (spec.table) chartSection(spec);
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
    h('button', { type: 'submit' }, 'Tabulate'));
  const status = h('div', { id: 'table-status' });
  const pattern = h('div', { id: 'pattern', class: 'pattern' });
  const chart = h('div', { id: 'chart' });
  main.append(h('h2', {}, 'Values G(n)'), h('div', { class: 'card' }, form, status, pattern, chart,
    h('div', { class: 'legend muted' },
      h('span', {}, h('i', { class: 'swatch', style: 'background:rgba(120,130,150,.35)' }), 'pre-period'),
      h('span', {}, h('i', { class: 'swatch', style: 'background:rgba(47,91,211,.3)' }), 'first period'),
      h('span', {}, 'dashed lines: later periods'))));
  form.addEventListener('submit', (e) => { e.preventDefault(); draw(); });
  draw();

  async function draw() {
    const game = $('#tgame').value.trim(), from = $('#tfrom').value, to = $('#tto').value;
    setParams({ game, from: from === '0' ? '' : from, to });
    status.replaceChildren(h('p', { class: 'muted' }, 'Computing…'));
    let t;
    try {
      t = await api('table', { game, from, to });
    } catch (err) {
      showError(status, err);
      pattern.replaceChildren();
      return;
    }
    status.replaceChildren();
    pattern.replaceChildren(patternLine(t));
    render(chart, t);
  }
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

function render(el, t) {
  const chart = echarts.getInstanceByDom(el) || echarts.init(el);
  const xs = t.values.map((_, i) => t.from + i);
  const p = t.pattern;
  const areas = [], lines = [];
  if (p) {
    const lo = t.from, hi = t.from + t.values.length - 1;
    if (p.preperiod > lo) areas.push([{ name: 'pre-period', xAxis: lo, itemStyle: { color: 'rgba(120,130,150,.18)' } }, { xAxis: Math.min(p.preperiod, hi) }]);
    const ps = Math.max(p.preperiod, lo);
    if (ps <= hi) areas.push([{ name: `period ${p.period}`, xAxis: ps, itemStyle: { color: 'rgba(47,91,211,.16)' } }, { xAxis: Math.min(ps + p.period, hi) }]);
    for (let x = ps + 2 * p.period, k = 0; x <= hi && k < 150; x += p.period, k++) lines.push({ xAxis: x });
  }
  const many = t.values.length > 2000;
  chart.setOption({
    animation: false,
    grid: { left: 50, right: 20, top: 30, bottom: 70 },
    tooltip: { trigger: 'axis', formatter: (ps) => `G(${ps[0].axisValue}) = ${ps[0].data[1]}` },
    xAxis: { type: 'value', name: 'n', min: t.from, max: t.from + t.values.length - 1 },
    yAxis: { type: 'value', name: 'G(n)', minInterval: 1 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 22, bottom: 12 }],
    series: [{
      name: 'G(n)', type: 'line', step: false, symbol: many ? 'none' : 'circle', symbolSize: 5,
      sampling: many ? 'lttb' : undefined, large: many,
      lineStyle: { width: 1, color: '#2f5bd3' }, itemStyle: { color: '#2f5bd3' },
      data: xs.map((x, i) => [x, t.values[i]]),
      markArea: { silent: true, label: { position: 'insideTop', color: '#38425a' }, data: areas },
      markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: { type: 'dashed', color: 'rgba(47,91,211,.45)' }, data: lines },
    }],
  }, true);
  el.dataset.drawn = 'true';
  el.dataset.preperiod = p ? p.preperiod : '';
  el.dataset.period = p ? p.period : '';
}
