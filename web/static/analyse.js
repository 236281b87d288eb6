import { api, h, $, header, showError, param, setParams, pageLink, heapsOf, kindOf, outcomeWord } from './common.js';
import { explainPanel } from './explain.js';

header('analyse.html');
const main = $('#main');
const start = param('position') || 'nim 3 4 5';
main.append(
  h('h1', {}, 'Analyse a position'),
  h('form', { class: 'row card', id: 'form' },
    h('input', { type: 'text', class: 'pos', id: 'position', value: start, 'aria-label': 'position' }),
    h('label', {}, h('input', { type: 'checkbox', id: 'misere', checked: param('misere') === '1' }), ' misère'),
    h('button', { type: 'submit' }, 'Analyse')),
  h('div', { id: 'result' }));
const explainer = explainPanel();
main.append(explainer.element);
$('#form').addEventListener('submit', (e) => { e.preventDefault(); analyse(); });
analyse();

async function analyse() {
  const position = $('#position').value.trim();
  const misere = $('#misere').checked ? '1' : '';
  setParams({ position, misere });
  explainer.update(position, misere === '1');
  const box = $('#result');
  box.replaceChildren(h('p', { class: 'muted' }, 'Computing…'));
  try {
    const kind = await kindOf(position);
    if (kind === 'impartial') {
      const [v, m] = await Promise.all([api('value', { position, misere }), api('move', { position, misere })]);
      box.replaceChildren(...impartial(v, m));
    } else {
      box.replaceChildren(...general(await api('solve', { position, misere })));
    }
    box.dataset.done = 'true';
  } catch (err) {
    showError(box, err);
  }
}

function links(position) {
  return h('p', {}, pageLink('play', position, 'play it'), ' · ', pageLink('graph', position, 'draw its game graph'));
}

function impartial(v, m) {
  const out = [];
  const outcome = v.outcome || '';
  out.push(h('div', { class: 'card' },
    h('div', { class: 'row' }, h('span', { class: 'big', id: 'value' }, v.misere ? `misère (normal-play G = ${v.grundy})` : `G = ${v.grundy}`),
      h('span', { class: `badge ${outcome}`, id: 'outcome' }, outcomeWord(outcome))),
    v.method ? h('p', { class: 'muted' }, `method: ${v.method}`) : null,
    v.components && v.components.length > 1 ? h('p', {}, 'Components: ', v.components.map((c, i) => [i ? ', ' : '', h('code', {}, c.position), ` = ${c.grundy}`])) : null,
    links(v.position)));

  const wins = v.winning_moves || [];
  const heaps = heapsOf(v.position);
  if (heaps) out.push(h('div', { class: 'card' }, h('h2', {}, 'The heaps'), heapView(heaps, v), h('p', { class: 'muted' }, 'Tokens a winning move takes are marked green.')));

  const winSet = new Set(wins.map((w) => w.position_after));
  out.push(h('div', { class: 'card' },
    h('h2', {}, wins.length ? `Winning moves (${wins.length}${v.truncated ? '+' : ''})` : 'No winning move'),
    wins.length ? null : h('p', {}, 'Every move leaves a position where the opponent wins.'),
    h('ul', { class: 'moves', id: 'winning' }, wins.map((w) => h('li', { class: 'winning', dataset: { move: w.to } }, `${w.from} → ${w.to}`, ' leaves ', pageLink('analyse', w.position_after, w.position_after)))),
    m && m.moves.length ? [h('h2', {}, `All moves (${m.moves.length}${m.truncated ? '+' : ''})`),
      h('ul', { class: 'moves', id: 'all-moves' }, m.moves.map((x) => h('li', { class: winSet.has(x.position) ? 'winning' : '', dataset: { move: x.to } },
        `${x.from} → ${x.to}`, x.grundy !== undefined ? h('span', { class: 'muted' }, ` (G after = ${x.grundy})`) : null)))] : null));
  return out;
}

// heapView draws each heap as a row of tokens; for a winning move that only
// shrinks one heap (Nim-like), the tokens it takes are marked.
function heapView(groups, v) {
  const take = new Map(); // component index -> smallest size a winning move leaves
  for (const w of v.winning_moves || []) {
    const to = heapsOf(w.to), from = heapsOf(w.from);
    if (to && from && to[0].heaps.length === 1 && to[0].heaps[0] < from[0].heaps[0]) {
      take.set(w.component, Math.min(take.get(w.component) ?? Infinity, to[0].heaps[0]));
    }
  }
  const rows = [];
  let idx = 0;
  for (const g of groups) for (const n of g.heaps) {
    const k = idx++;
    const left = take.get(k);
    const shown = Math.min(n, 60);
    rows.push(h('div', { class: 'heap', dataset: { component: k } }, h('span', { class: 'label' }, `${g.game} ${n}`),
      Array.from({ length: shown }, (_, j) => h('span', { class: `token${left !== undefined && j >= left ? ' win' : ''}`, title: `token ${j + 1}` })),
      n > shown ? h('span', { class: 'muted' }, ` … ${n - shown} more`) : null));
  }
  return h('div', { class: 'heaps' }, rows);
}

function general(s) {
  return [h('div', { class: 'card' },
    h('div', { class: 'row' }, h('span', { class: `badge ${s.outcome}`, id: 'outcome' }, outcomeWord(s.outcome)),
      s.remoteness !== undefined && s.remoteness !== null ? h('span', {}, `remoteness ${s.remoteness}`) : null,
      s.score !== undefined && s.score !== null ? h('span', {}, `score ${s.score}`) : null),
    h('h2', {}, 'Best moves'),
    h('ul', { class: 'moves', id: 'winning' }, (s.best_moves || []).map((b) => h('li', { class: s.outcome === 'win' ? 'winning' : '', dataset: { move: b } }, pageLink('analyse', b, b)))),
    links(s.position))];
}
