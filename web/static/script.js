import { post, h, $, header, showError } from './common.js';

header('/script.html');
const main = $('#main');
const example = `# A subtraction game: take 1, 2 or 3 tokens from a heap.
# moves(pos) lists the options of a position; an option is a position,
# or a list of positions (a sum of independent components).
def moves(n):
    return [n - k for k in (1, 2, 3) if k <= n]
`;
main.append(
  h('h1', {}, 'Rule editor'),
  h('p', { class: 'muted' }, 'Write a game in Starlark (a small Python dialect): ', h('code', {}, 'moves(pos)'), ' is required; ',
    h('code', {}, 'parse(arg)'), ', ', h('code', {}, 'split(pos)'), ', ', h('code', {}, 'canon(pos)'), ', ', h('code', {}, 'show(pos)'), ' and ', h('code', {}, 'result(pos)'),
    ' are optional. The script runs sandboxed on the server, with no files or network and a step and memory budget.'),
  h('div', { class: 'editor' }, h('div', { class: 'gutter', id: 'gutter' }), h('textarea', { id: 'source', spellcheck: 'false', 'aria-label': 'script' })),
  h('form', { class: 'row card', id: 'run' },
    h('label', { for: 'verb' }, 'Compute'),
    h('select', { id: 'verb' }, h('option', { value: 'value' }, 'value of'), h('option', { value: 'table' }, 'table up to')),
    h('input', { type: 'text', id: 'args', class: 'pos', value: '10 11 12', 'aria-label': 'arguments' }),
    h('button', { type: 'submit' }, 'Run')),
  h('div', { id: 'output' }));
const src = $('#source');
src.value = localStorage.getItem('grundy.script') || example;
const gutter = $('#gutter');
let bad = new Set();
const lines = () => {
  const n = src.value.split('\n').length;
  gutter.replaceChildren(...Array.from({ length: n }, (_, i) => h('span', { class: bad.has(i + 1) ? 'bad' : null, style: 'display:block' }, String(i + 1))));
};
src.addEventListener('input', () => { bad = new Set(); lines(); localStorage.setItem('grundy.script', src.value); });
src.addEventListener('scroll', () => { gutter.scrollTop = src.scrollTop; });
$('#verb').addEventListener('change', () => { $('#args').value = { value: '10 11 12', table: '60' }[$('#verb').value]; });
lines();

$('#run').addEventListener('submit', async (e) => {
  e.preventDefault();
  const out = $('#output');
  out.replaceChildren(h('p', { class: 'muted' }, 'Running…'));
  bad = new Set(); lines();
  const verb = $('#verb').value, args = $('#args').value.trim();
  try {
    const res = await post('script', { script: src.value, verb, args });
    out.replaceChildren(h('pre', { class: 'out', id: 'result' }, render(verb, res)));
  } catch (err) {
    showError(out, err);
    for (const m of err.message.matchAll(/script\.star:(\d+)/g)) bad.add(Number(m[1]));
    lines();
    if (bad.size) out.append(h('p', { class: 'muted', id: 'error-lines' }, `see line ${[...bad].join(', ')}`));
  }
});

function render(verb, r) {
  if (verb === 'value') {
    const lines = [`position: ${r.position}`, `value: ${r.grundy}`, `outcome: ${r.outcome}`];
    if (r.components?.length > 1) lines.push('components: ' + r.components.map((c) => `${c.position} = ${c.grundy}`).join(', '));
    for (const m of r.winning_moves || []) lines.push(`winning move: ${m.from} -> ${m.to}   leaves ${m.position_after}`);
    return lines.join('\n');
  }
  if (verb === 'table') {
    const p = r.pattern;
    const head = p ? `pattern: pre-period ${p.preperiod}, period ${p.period}${p.saltus ? `, saltus ${p.saltus}` : ''}, ${p.proven ? 'proven' : 'observed'}${p.reason ? ` (${p.reason})` : ''}` : 'pattern: none seen';
    const width = p && p.period > 1 && p.period <= 40 ? p.period : 20;
    const rows = [];
    for (let i = 0; i < r.values.length; i += width) rows.push(`${String(r.from + i).padStart(6)}: ${r.values.slice(i, i + width).join(' ')}`);
    return `${head}\n${rows.join('\n')}`;
  }
  return JSON.stringify(r, null, 2);
}
