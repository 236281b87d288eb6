import { api, post, h, $, header, showError } from './common.js';
import { drawValues, valuesTable } from './values.js';

// The rule editor: a Starlark rule script in a CodeMirror 6 editor
// (vendor/codemirror, Python highlighting: Starlark is a Python dialect),
// the examples of examples/*.star in a menu, its value or table computed by
// POST /api/script (the table drawn as the game page's chart), and play of
// the script's game on the play page (the source goes in sessionStorage).

header('script.html');
const main = $('#main');
const starter = `# A subtraction game: take 1, 2 or 3 tokens from a heap.
# moves(pos) lists the options of a position; an option is a position,
# or a list of positions (a sum of independent components).
def moves(n):
    return [n - k for k in (1, 2, 3) if k <= n]
`;
main.append(
  h('h1', {}, 'Rule editor'),
  h('p', { class: 'muted' }, 'Write a game in Starlark (a small Python dialect): ', h('code', {}, 'moves(pos)'), ' is required; ',
    h('code', {}, 'parse(arg)'), ', ', h('code', {}, 'split(pos)'), ', ', h('code', {}, 'canon(pos)'), ', ', h('code', {}, 'show(pos)'), ' and ', h('code', {}, 'result(pos)'),
    ' are optional. The script runs sandboxed, with no files or network and a step and memory budget.'),
  h('div', { class: 'row' },
    h('label', { for: 'example' }, 'Load an example'),
    h('select', { id: 'example' }, h('option', { value: '' }, '— examples/*.star —'))),
  h('div', { id: 'editor', class: 'cm-box' }),
  h('form', { class: 'row card', id: 'run' },
    h('label', { for: 'verb' }, 'Compute'),
    h('select', { id: 'verb' }, h('option', { value: 'value' }, 'value of'), h('option', { value: 'table' }, 'table up to'), h('option', { value: 'solve' }, 'solve (general games)')),
    h('input', { type: 'text', id: 'args', class: 'pos', value: '10 11 12', 'aria-label': 'arguments' }),
    h('button', { type: 'submit' }, 'Run'),
    h('button', { type: 'button', class: 'plain', id: 'play', title: 'play the script\'s game from the position of the arguments' }, 'Play it'),
    h('button', { type: 'button', class: 'plain', id: 'graph-it', title: 'draw the game graph of the position of the arguments' }, 'Graph it')),
  h('div', { id: 'output' }));

// The editor. Lint diagnostics mark the lines an error names.
const view = new CM.EditorView({
  doc: localStorage.getItem('grundy.script') || starter,
  extensions: [CM.basicSetup, CM.python(), CM.lintGutter(), CM.EditorView.updateListener.of((u) => {
    if (u.docChanged) localStorage.setItem('grundy.script', source());
  })],
  parent: $('#editor'),
});
const source = () => view.state.doc.toString();
function setSource(text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
// scriptEditor lets tests and users' tools read and set the script.
globalThis.scriptEditor = { get: source, set: setSource };

function markLines(lines, message) {
  const diags = [...lines].filter((n) => n >= 1 && n <= view.state.doc.lines).map((n) => {
    const line = view.state.doc.line(n);
    return { from: line.from, to: line.to, severity: 'error', message };
  });
  view.dispatch(CM.setDiagnostics(view.state, diags));
}

// A new verb keeps the arguments when they still fit it: a position for
// value and solve, a range for table.
let lastVerb = $('#verb').value;
$('#verb').addEventListener('change', () => {
  const verb = $('#verb').value;
  if ((verb === 'table') !== (lastVerb === 'table')) $('#args').value = verb === 'table' ? '60' : '';
  lastVerb = verb;
});

// The examples menu.
let examples = [];
try {
  examples = await api('examples');
  $('#example').append(...examples.map((e) => h('option', { value: e.name, title: e.title }, `${e.name} — ${e.title.slice(0, 70)}`)));
} catch (err) {
  showError($('#output'), err);
}
$('#example').addEventListener('change', () => {
  const e = examples.find((x) => x.name === $('#example').value);
  if (!e) return;
  setSource(e.source);
  markLines([], '');
  // Every example's comment shows its command: its verb and arguments.
  if (['value', 'table', 'solve'].includes(e.verb)) { $('#verb').value = e.verb; lastVerb = e.verb; $('#args').value = e.args; }
  $('#output').replaceChildren(h('p', { class: 'muted' }, `Loaded ${e.name}`, e.command ? ` (its comment suggests: ${e.command})` : '', '.'));
});

$('#play').addEventListener('click', () => {
  // The play page reads the script from sessionStorage and plays the
  // position of the arguments.
  sessionStorage.setItem('grundy.script', source());
  const position = $('#verb').value !== 'table' ? $('#args').value.trim() : '';
  location.href = `play.html?script=1&position=${encodeURIComponent(position)}`;
});

$('#graph-it').addEventListener('click', () => {
  // The graph page reads the script from sessionStorage, as play does.
  sessionStorage.setItem('grundy.script', source());
  const position = $('#verb').value !== 'table' ? $('#args').value.trim() : '';
  location.href = `graph.html?script=1&position=${encodeURIComponent(position)}`;
});

$('#run').addEventListener('submit', async (e) => {
  e.preventDefault();
  const out = $('#output');
  out.replaceChildren(h('p', { class: 'muted' }, 'Running…'));
  markLines([], '');
  const verb = $('#verb').value, args = $('#args').value.trim();
  try {
    const res = await post('script', { script: source(), verb, args });
    if (verb === 'table') showTable(out, res); else out.replaceChildren(h('pre', { class: 'out', id: 'result' }, verb === 'solve' ? describeSolve(res) : describe(res)));
  } catch (err) {
    showError(out, err);
    // The line the error points to is a field of the error, not read off
    // its message.
    const bad = new Set(err.info?.line ? [err.info.line] : []);
    markLines(bad, err.message);
    if (bad.size) out.append(h('p', { class: 'muted', id: 'error-lines', dataset: { lines: [...bad].join(',') } }, `see line ${[...bad].join(', ')}`));
  }
});

function describe(r) {
  const lines = [`position: ${r.position}`, `value: ${r.grundy}`, `outcome: ${r.outcome}`];
  if (r.components?.length > 1) lines.push('components: ' + r.components.map((c) => `${c.position} = ${c.grundy}`).join(', '));
  for (const m of r.winning_moves || []) lines.push(`winning move: ${m.from} -> ${m.to}   leaves ${m.position_after}`);
  return lines.join('\n');
}

// describeSolve words a solve result as `grundy solve` prints it.
function describeSolve(r) {
  const lines = [`position: ${r.position}`, `outcome: ${r.outcome}`];
  if (r.remoteness !== undefined && r.remoteness !== null) lines.push(`remoteness: ${r.remoteness}`);
  if (r.score !== undefined && r.score !== null) lines.push(`score: ${r.score}`);
  if (r.best_moves?.length) lines.push(`best moves (${r.best_moves.length}):`, ...r.best_moves.map((b) => `  ${b}`));
  if (r.counts) lines.push(`positions solved: ${r.states} (win ${r.counts.win}, lose ${r.counts.lose}, draw ${r.counts.draw})`);
  return lines.join('\n');
}

// showTable draws a table of values as the game page does: the pattern,
// the chart of points and, on demand, the numbers.
function showTable(out, r) {
  const p = r.pattern;
  const head = p ? `pattern: pre-period ${p.preperiod}, period ${p.period}${p.saltus ? `, saltus ${p.saltus}` : ''}, ${p.proven ? 'proven' : 'observed'}${p.reason ? ` (${p.reason})` : ''}` : `no pattern seen for n ≤ ${r.to}`;
  const chart = h('div', { id: 'chart' });
  const numbers = valuesTable(r.from, r.values, p && p.period > 1 && p.period <= 24 ? p.period : 10, 'G');
  numbers.hidden = true;
  const toggle = h('button', { type: 'button', class: 'plain', id: 'view-toggle' }, 'Table of numbers');
  toggle.addEventListener('click', () => {
    const table = numbers.hidden;
    numbers.hidden = !table; chart.hidden = table;
    toggle.textContent = table ? 'Chart' : 'Table of numbers';
    if (!table) echarts.getInstanceByDom(chart)?.resize();
  });
  out.replaceChildren(h('div', { class: 'card', id: 'result' }, h('p', { class: 'pattern', id: 'pattern-text' }, head, ' ', toggle), chart, numbers));
  drawValues(chart, { from: r.from, values: r.values, pattern: p, name: 'G(n)', what: 'Grundy value' });
}
