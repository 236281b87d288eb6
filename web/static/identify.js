// The "What game is this?" box of the analyse page: pasted Grundy values
// G(M), G(M+1), ... looked up among the indexed heap games (/api/identify,
// the same answer as `grundy identify`).
import { api, h, $, showError, param, setParams } from './common.js';

const main = $('#main');
main.append(
  h('section', { class: 'card', id: 'identify' },
    h('h2', {}, 'What game is this?'),
    h('p', { class: 'muted' }, 'Paste Grundy values G(0), G(1), … (or from a later heap): they are looked up among every take-and-break code of up to 3 digits, every subtraction set to 12 and Grundy\'s game, exactly or shifted by one.'),
    h('form', { class: 'row', id: 'identify-form' },
      h('input', { type: 'text', class: 'pos', id: 'identify-values', value: param('values') || '', placeholder: '0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2', 'aria-label': 'values' }),
      h('label', {}, 'from heap ', h('input', { type: 'number', min: '0', max: '63', id: 'identify-from', value: param('from') || '0', 'aria-label': 'first heap', style: 'width: 4em' })),
      h('button', { type: 'submit' }, 'Identify')),
    h('div', { id: 'identify-result' })));
$('#identify-form').addEventListener('submit', (e) => { e.preventDefault(); identify(); });
if (param('values')) identify();

async function identify() {
  const values = $('#identify-values').value.trim();
  const from = $('#identify-from').value.trim();
  setParams({ values, from: from === '0' ? '' : from });
  const box = $('#identify-result');
  delete box.dataset.done;
  box.replaceChildren(h('p', { class: 'muted' }, 'Looking up…'));
  try {
    box.replaceChildren(...answer(await api('identify', { values, from })));
    box.dataset.done = 'true';
  } catch (err) {
    showError(box, err);
    box.dataset.done = 'error';
  }
}

// answer draws /api/identify's result.
function answer(res) {
  const last = res.from + res.values.length - 1;
  const out = [h('p', { id: 'identify-own' }, `G(${res.from}..${last}) = ${res.values.join(' ')}; their own pattern: `, patternText(res.pattern, 'none seen'))];
  if (res.total === 0) {
    out.push(h('p', { id: 'identify-none' }, `No match among the ${res.searched} games searched (${res.families}), exactly or shifted by one.`));
    return out;
  }
  out.push(h('p', { class: 'muted' }, `${res.total} match${res.total === 1 ? '' : 'es'} among ${res.searched} games searched.`));
  const list = h('ol', { id: 'identify-matches' });
  for (const m of res.matches) {
    const first = m.games[0];
    const item = h('li', { class: 'match', 'data-shift': String(m.shift) }, h('strong', {}, gameName(first)));
    if (m.shift === 1) item.append(', shifted by one: G(n) here is its G(n+1)');
    if (m.shift === -1) item.append(', shifted by one: G(n) here is its G(n−1), with G(−1) = 0');
    if (m.count > 1) {
      const names = m.games.slice(1).map(gameName);
      const more = m.count - m.games.length;
      const claim = m.identical === 'proven' ? 'identical, proven' : `identical ${m.identical}, computed, not proven`;
      item.append(h('div', { class: 'muted' }, `the same sequence (${claim}): `, ...join(names), more > 0 ? ` and ${more} more` : ''));
    }
    item.append(h('div', {}, 'pattern: ', patternText(m.pattern, `no period known through G(${m.known - 1})`)));
    item.append(h('div', {}, `next: G(${last + 1}..${last + m.next.length}) = ${m.next.join(' ')}`));
    list.append(item);
  }
  out.push(list);
  if (res.total > res.matches.length) out.push(h('p', { class: 'muted' }, `… ${res.total - res.matches.length} more matches: more values narrow the search.`));
  return out;
}

// gameName is a game of a match: its code or set, with a link to the
// catalog's page when it has a name there.
function gameName(g) {
  const text = g.kind === 'subtraction' ? `subtraction ${g.name}` : g.name;
  if (!g.catalog) return h('span', { class: 'game-name' }, text);
  return h('span', { class: 'game-name' }, `${text} (`, h('a', { href: `game.html?game=${encodeURIComponent(g.catalog)}` }, g.catalog), ')');
}

function join(nodes) {
  return nodes.flatMap((n, i) => (i === 0 ? [n] : [', ', n]));
}

function patternText(p, none) {
  if (!p) return none;
  return `pre-period ${p.preperiod}, period ${p.period}, saltus ${p.saltus}; ${p.reason}`;
}
