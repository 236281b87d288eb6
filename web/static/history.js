// The value history of a game, as GamesmanUni draws it: one point per
// position of the game (the start, then after each move), at the
// position's remoteness (its Grundy value in impartial games), coloured by
// its outcome for the player to move there: win green, lose dark red,
// draw yellow (draws, which have no remoteness, sit on their own band at
// the top). A move that turns a won position into one the opponent wins
// (or draws) is drawn as a red segment: where the game was thrown away.

const ns = 'http://www.w3.org/2000/svg';
const el = (tag, attrs = {}, text) => {
  const e = document.createElementNS(ns, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

// valueOf is what a point plots: the Grundy value, else the remoteness,
// else null (a draw, or a misère position).
export const valueOf = (p) => (p.grundy !== undefined ? p.grundy : p.remoteness !== undefined ? p.remoteness : null);

// drawHistory draws the history points of a game; names are the players'
// names by number (0: who moved first).
export function drawHistory(points, names) {
  const impartial = points.some((p) => p.grundy !== undefined);
  const values = points.map(valueOf).filter((v) => v !== null);
  const top = Math.max(1, ...values);
  const hasDraw = points.some((p) => valueOf(p) === null);
  const W = 1000, left = 56, right = 20, band = hasDraw ? 34 : 0, plotTop = 18 + band, H = 200 + band, bottom = 34;
  const n = points.length;
  const xOf = (i) => left + (n <= 1 ? (W - left - right) / 2 : (i * (W - left - right)) / (n - 1));
  const yOf = (v) => (v === null ? 18 + band / 2 : plotTop + (H - plotTop - bottom) * (1 - v / top));
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'history', role: 'img', 'aria-label': 'value history' });
  // Axes and grid.
  const step = top <= 10 ? 1 : Math.ceil(top / 8);
  for (let v = 0; v <= top; v += step) {
    svg.append(el('line', { x1: left, x2: W - right, y1: yOf(v), y2: yOf(v), class: 'gridline' }));
    svg.append(el('text', { x: left - 8, y: yOf(v) + 4, class: 'tick', 'text-anchor': 'end' }, String(v)));
  }
  // Points with no value: draws, or misère positions (valued by outcome
  // only).
  const bandLabel = points.every((p) => valueOf(p) !== null || p.outcome === 'draw') ? 'draw' : 'no value';
  if (hasDraw) svg.append(el('text', { x: left - 8, y: yOf(null) + 4, class: 'tick', 'text-anchor': 'end' }, bandLabel));
  svg.append(el('text', { x: 14, y: (plotTop + H - bottom) / 2, class: 'axis', transform: `rotate(-90 14 ${(plotTop + H - bottom) / 2})`, 'text-anchor': 'middle' }, impartial ? 'Grundy value' : 'remoteness'));
  const every = Math.max(1, Math.ceil(n / 25));
  for (let i = 0; i < n; i += every) svg.append(el('text', { x: xOf(i), y: H - bottom + 18, class: 'tick', 'text-anchor': 'middle' }, String(i)));
  svg.append(el('text', { x: W - right, y: H - 4, class: 'axis', 'text-anchor': 'end' }, 'move'));
  // Segments: red where a won position was thrown away.
  for (let i = 1; i < n; i++) {
    const a = points[i - 1], b = points[i];
    const thrown = a.outcome === 'win' && b.outcome !== 'lose' || a.outcome === 'draw' && b.outcome === 'win';
    svg.append(el('line', { x1: xOf(i - 1), y1: yOf(valueOf(a)), x2: xOf(i), y2: yOf(valueOf(b)), class: thrown ? 'seg thrown' : 'seg' }));
  }
  points.forEach((p, i) => {
    const v = valueOf(p);
    const g = el('circle', {
      cx: xOf(i), cy: yOf(v), r: n > 60 ? 4 : 7, class: `point ${p.outcome}`,
      'data-index': i, 'data-value': v === null ? '' : v, 'data-outcome': p.outcome, 'data-mover': p.mover, 'data-position': p.position,
    });
    g.append(el('title', {}, `${i ? `after move ${i}` : 'start'}: ${p.position}\n${names[p.mover]} to move: ${p.outcome}` +
      `${p.grundy !== undefined ? `, G = ${p.grundy}` : ''}${p.remoteness !== undefined ? `, remoteness ${p.remoteness}` : ''}${p.margin !== undefined ? `, final margin ${p.margin}` : ''}` +
      `${p.move ? `\nmove made: ${p.move}` : ''}`));
    svg.append(g);
  });
  return svg;
}
