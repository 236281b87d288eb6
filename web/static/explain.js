// The Explain panel of the analyse and play pages: GET /api/explain
// (query.Explain, the data of `grundy explain`) drawn as the notes work an
// example by hand: each component's options, their values and the mex (or
// the proven pattern), the XOR in binary columns and the winning moves; for
// a general game the best line with its remoteness and each first move's
// reason. The panel asks only when it is opened, and again when the
// position changes while it is open. The text of `grundy explain` is shown
// below the tables.

import { api, h, showError } from './common.js';

// explainPanel returns the panel's element and update(position, misere,
// extra), which sets the position it explains; extra, when given, is a
// function of the explanation returning elements to add (the play page's
// margin so far).
export function explainPanel() {
  const body = h('div', { id: 'explain-body' });
  const depth = h('input', { type: 'number', id: 'explain-depth', min: '0', max: '9', value: '0', 'aria-label': 'depth' });
  const panel = h('details', { class: 'card', id: 'explain' },
    h('summary', {}, h('strong', {}, 'Explain'), ' ', h('span', { class: 'muted' }, 'why this value, this outcome, these moves')),
    h('p', { class: 'muted' }, h('label', {}, 'expand the options to depth ', depth)),
    body);
  let current = null;
  let asked = null;
  async function load() {
    if (!panel.open || !current) return;
    const key = JSON.stringify([current.position, current.misere, depth.value]);
    if (key === asked) return;
    asked = key;
    const want = current;
    body.dataset.done = 'false';
    body.replaceChildren(h('p', { class: 'muted' }, 'Explaining…'));
    try {
      const x = await api('explain', { position: want.position, misere: want.misere ? '1' : '', depth: depth.value === '0' ? '' : depth.value });
      if (want !== current) return;
      body.replaceChildren(...draw(x), ...(want.extra ? want.extra(x) : []),
        h('details', {}, h('summary', {}, 'as text (grundy explain)'), h('pre', { id: 'explain-text' }, x.text)));
      body.dataset.done = 'true';
    } catch (err) {
      if (want !== current) return;
      showError(body, err);
      body.dataset.done = 'error';
    }
  }
  panel.addEventListener('toggle', load);
  depth.addEventListener('change', load);
  return {
    element: panel,
    update(position, misere, extra) {
      current = { position, misere: Boolean(misere), extra };
      asked = null;
      load();
    },
  };
}

function draw(x) {
  if (x.impartial) return impartial(x.impartial);
  if (x.misere) return misere(x.misere);
  if (x.general) return general(x.general);
  return [];
}

function impartial(m) {
  const out = [h('h3', {}, 'Each component and its value')];
  out.push(h('ol', { id: 'explain-components' }, m.components.map((c, i) => reason(c, i))));
  if (m.components_more) out.push(h('p', { class: 'muted' }, `+ ${m.components_more} more components, valued but not explained`));
  const x = m.xor;
  out.push(h('h3', {}, 'The XOR in binary columns'),
    h('table', { id: 'explain-xor', class: 'xor' },
      h('tbody', {},
        x.rows.map((r) => h('tr', { dataset: { component: r.component, value: r.value } }, h('td', {}, r.position), h('td', { class: 'bits' }, r.bits), h('td', {}, String(r.value)))),
        h('tr', { class: 'sum', dataset: { value: x.sum } }, h('td', {}, 'sum'), h('td', { class: 'bits' }, x.sum_bits), h('td', {}, String(x.sum))))));
  if (x.highest_bit >= 0) {
    out.push(h('p', {}, `Highest bit of the sum: ${x.highest_bit} (value ${2 ** x.highest_bit}); components with it: ${x.with_bit.map((k) => k + 1).join(', ')}.`));
    out.push(h('h3', {}, `Winning moves (${m.winning_moves.length}${m.moves_more ? '+' : ''})`),
      h('ul', { id: 'explain-moves', class: 'moves' }, m.winning_moves.map((w) => h('li', { dataset: { component: w.component, from: w.from, to: w.to } }, w.text))));
  } else if (m.losing) {
    out.push(h('p', { id: 'explain-losing' }, m.losing.text));
    const ex = m.losing.example;
    if (ex) {
      out.push(h('p', {}, `For example: component ${ex.component + 1} from ${ex.from} to ${ex.to} leaves ${ex.move}, of value ${ex.sum_after}`,
        ex.reply ? `; the reply ${ex.reply_text} leaves ${ex.reply}, of value 0.` : '.'));
    }
  }
  if (m.table && m.table.length) {
    out.push(h('h3', {}, 'The components the options reach'),
      h('ul', { id: 'explain-table' }, m.table.map((c) => reason(c))),
      m.table_truncated ? h('p', { class: 'muted' }, 'more components, past the ones explained') : null);
  }
  return out;
}

// reason draws one component: its value, the reason, and its options by
// kind of move.
function reason(c, i) {
  const opts = [];
  let more = 0;
  for (const g of c.groups || []) {
    for (const o of g.options) {
      opts.push(h('li', { dataset: { value: o.value } }, o.move ? `move ${o.move}: ` : g.rule ? `${g.rule}: ` : '', o.position, ' = ',
        o.parts.length > 1 ? `${o.parts.join(' XOR ')} = ${o.value}` : String(o.value)));
    }
    more += g.more || 0;
  }
  if (more) opts.push(h('li', { class: 'muted' }, `+ ${more} more options`));
  return h('li', { dataset: { component: i ?? '', value: c.value, reason: c.reason } },
    h('code', {}, c.position), ` = ${c.value}: `, h('span', { class: 'why' }, c.text),
    opts.length ? h('ul', { class: 'options' }, opts) : null);
}

function misere(m) {
  const out = [h('p', { id: 'explain-why' }, m.text)];
  out.push(h('ul', { id: 'explain-components' }, m.components.map((c, i) => h('li', { dataset: { component: i, value: c.grundy } },
    h('code', {}, c.position), `: normal value ${c.grundy}, ${c.tame ? 'tame' : 'wild'}${c.genus ? `, genus ${c.genus}` : ''}`))));
  const q = m.quotient;
  if (q) {
    out.push(h('h3', {}, `The misère quotient (order ${q.order})`),
      h('p', {}, 'Relations: ', q.relations.join(', ')),
      h('p', {}, 'Elements: ', q.elements.map((e) => `heap ${e.heap} → ${e.element}`).join(', ')),
      h('p', { id: 'explain-product', dataset: { inP: q.in_p } }, `Product: ${q.product}, ${q.in_p ? 'in' : 'not in'} the P-portion {${q.p_portion.join(', ')}}`));
  }
  if (m.winning_moves.length) out.push(h('h3', {}, 'Winning moves'), h('ul', { id: 'explain-moves', class: 'moves' }, m.winning_moves.map((w) => h('li', {}, `${w.from} → ${w.to}`))));
  return out;
}

function value(o, r, s) {
  return `${o}${r !== null && r !== undefined ? ` in ${r}` : ''}${s !== null && s !== undefined ? `, margin ${s > 0 ? '+' : ''}${s}` : ''}`;
}

function general(g) {
  const out = [h('p', { id: 'explain-why' }, g.text), h('h3', {}, 'The best line (remoteness: moves to the end)')];
  out.push(h('ol', { id: 'explain-line', start: '0' }, g.line.map((s) => h('li', { dataset: { position: s.position, outcome: s.outcome, remoteness: s.remoteness ?? '', score: s.score ?? '' } },
    h('code', {}, s.position), ' ', value(s.outcome, s.remoteness, s.score)))));
  if (g.line_more) out.push(h('p', { class: 'muted' }, 'the line goes on'));
  if (g.cycle && g.cycle.length) out.push(h('p', { id: 'explain-cycle' }, 'Play keeps returning to: ', g.cycle.join(', ')));
  out.push(h('h3', {}, `First moves (${g.choices.length}${g.choices_more ? '+' : ''})`),
    h('ul', { id: 'explain-choices', class: 'moves' }, g.choices.map((c) => h('li', { class: c.best ? 'winning' : '', dataset: { position: c.position, outcome: c.outcome, remoteness: c.remoteness ?? '', score: c.score ?? '' } },
      h('code', {}, c.position), ': ', c.text))));
  return out;
}
