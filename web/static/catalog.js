import { api, h, $, header, showError } from './common.js';

header('/');
const main = $('#main');
main.append(
  h('h1', {}, 'Games'),
  h('p', { class: 'muted' }, 'Every game grundy knows. Open a game for its rules and its chart of values, or try a position: analyse it, draw its game graph, or play it against the perfect opponent.'),
  h('form', { class: 'row card', id: 'quick', onsubmit: (e) => { e.preventDefault(); location.href = `analyse.html?position=${encodeURIComponent($('#quick-pos').value)}`; } },
    h('label', { for: 'quick-pos' }, 'Position'),
    h('input', { type: 'text', class: 'pos', id: 'quick-pos', value: 'nim 3 4 5', 'aria-label': 'position' }),
    h('button', { type: 'submit' }, 'Analyse')),
);
const box = h('div', { id: 'catalog' }, h('p', { class: 'muted' }, 'Loading…'));
main.append(box);

try {
  const list = await api('games');
  const enc = encodeURIComponent;
  box.replaceChildren(h('table', { class: 'catalog card' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Kind'), h('th', {}, 'Rules'), h('th', {}, 'Example'))),
    h('tbody', {}, list.map((g) => h('tr', { dataset: { game: g.name } },
      h('td', {}, h('a', { href: `game.html?game=${enc(g.name)}`, class: 'game-link' }, g.form || g.name)),
      h('td', {}, h('span', { class: `kind ${g.kind}` }, g.kind)),
      h('td', { class: 'rules' }, g.rules, h('div', { class: 'muted' }, 'Position: ', g.syntax)),
      h('td', {}, h('code', {}, g.example), g.reads_file
        // The explorer reads no files: a game whose parameter is one is
        // for the CLI only.
        ? h('div', { class: 'muted cli-only' }, 'the CLI only: the explorer reads no files')
        : h('div', {},
          h('a', { href: `analyse.html?position=${enc(g.example)}` }, 'analyse'), ' · ',
          h('a', { href: `play.html?position=${enc(g.example)}` }, 'play'), ' · ',
          graphLink(g))))))));
} catch (err) {
  showError(box, err);
}

// graphLink links the example's game graph only when it fits under the
// explorer's node cap; otherwise it says so and links a smaller position
// whose graph fits, when the server found one.
function graphLink(g) {
  const enc = encodeURIComponent;
  if (g.graph_nodes > 0) return h('a', { href: `graph.html?position=${enc(g.example)}`, title: `${g.graph_nodes} positions` }, 'graph');
  if (g.graph_suggestion) {
    return h('span', { class: 'muted', title: 'the example reaches more positions than a graph can show' }, 'graph too large; ',
      h('a', { href: `graph.html?position=${enc(g.graph_suggestion)}`, class: 'graph-small' }, `graph of ${g.graph_suggestion}`));
  }
  return h('span', { class: 'muted', title: 'the example reaches more positions than a graph can show' }, 'graph too large');
}
