// Shared helpers of the explorer's pages: the API client, element building,
// the header, and reading positions that are heaps.

// ApiError is a non-2xx answer of the API: its message is the server's
// {"error": ...} text, and info the whole error as data (kind, line, ...).
export class ApiError extends Error {
  constructor(message, status, info = {}) { super(message); this.status = status; this.info = info; }
}

// call sends one request to the API and returns its parsed JSON, throwing
// an ApiError on a non-2xx answer. On the server it fetches; in the static
// build (boot.js sets globalThis.grundyStatic) it asks the engine compiled
// to WebAssembly, which runs the same server in a Web Worker: the page
// stays responsive while it computes, and its header says "computing in
// the browser…" until the answer comes.
async function call(method, path, body, init) {
  let status, text;
  if (globalThis.grundyStatic) {
    engineBusy(+1);
    try {
      ({ status, body: text } = await globalThis.grundyEngine.serve(method, path, body ?? '', init?.signal));
    } finally {
      engineBusy(-1);
    }
  } else {
    const opts = { ...init, method };
    if (body !== undefined) { opts.body = body; opts.headers = { 'Content-Type': 'application/json' }; }
    const res = await fetch(path, opts);
    status = res.status;
    text = await res.text();
  }
  let out;
  try { out = JSON.parse(text); } catch { throw new ApiError(`the server answered ${status} with no JSON`, status); }
  if (status < 200 || status > 299) throw new ApiError(out.error?.message || `status ${status}`, status, out.error ?? {});
  return out;
}

// api GETs /api/VERB with the given parameters and returns the parsed JSON.
export async function api(verb, params = {}, init = undefined) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, v);
  return call('GET', `/api/${verb}?${q}`, undefined, init);
}

// post sends a JSON body to /api/VERB.
export async function post(verb, body) {
  return call('POST', `/api/${verb}`, JSON.stringify(body));
}

// pending counts the static build's requests not answered yet; while there
// are any, the header's badge says the browser is computing (and the root
// element carries data-engine="busy", for tests and styles).
let pending = 0;
const idleBadge = 'static build · engine in your browser';
const busyBadge = 'static build · computing in the browser…';
function engineBusy(delta) {
  pending += delta;
  const busy = pending > 0;
  document.documentElement.dataset.engine = busy ? 'busy' : 'idle';
  const badge = document.getElementById('static-face');
  if (badge) {
    badge.textContent = busy ? busyBadge : idleBadge;
    badge.setAttribute('aria-busy', String(busy));
  }
}

// isStatic reports whether the page runs in the static build (the engine
// in the browser, smaller limits).
export const isStatic = () => Boolean(globalThis.grundyStatic);

// h builds an element: h('a', {href: '/'}, 'text', child...).
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);

// header draws the navigation bar, marking the current page.
export function header(here) {
  const pages = [['/', 'Catalog'], ['/analyse.html', 'Analyse'], ['/graph.html', 'Game graph'], ['/play.html', 'Play'], ['/script.html', 'Rule editor']];
  // Links are relative (every page is at the site's root), so the static
  // build also works under a sub-path of its host.
  const rel = (path) => (path === '/' ? 'index.html' : path.replace(/^\//, ''));
  const nav = h('nav', {}, pages.map(([href, name]) => h('a', { href: rel(href), class: href === here ? 'here' : null }, name)));
  // The static build says so: it computes in the browser, with smaller
  // limits than `grundy serve`.
  const face = isStatic() ? h('span', { class: 'face', id: 'static-face', role: 'status', 'aria-busy': String(pending > 0), title: 'The engine runs in this browser (WebAssembly, in a Web Worker), with smaller limits than the server: run grundy serve for bigger computations.' }, pending > 0 ? busyBadge : idleBadge) : null;
  document.body.prepend(h('header', {}, h('a', { class: 'brand', href: 'index.html' }, 'grundy'), nav, face));
}

// showError replaces the content of box with an error message.
export function showError(box, err) {
  box.replaceChildren(h('div', { class: 'error', role: 'alert' }, err instanceof Error ? err.message : String(err)));
}

// param reads a query parameter of the page's URL.
export const param = (name) => new URLSearchParams(location.search).get(name);

// setParams updates the page's URL without reloading.
export function setParams(params) {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(params)) { if (v === '' || v === null || v === undefined) q.delete(k); else q.set(k, v); }
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

// pageLink is a link to another page of the explorer about position.
export const pageLink = (page, position, text) => h('a', { href: `${page}.html?position=${encodeURIComponent(position)}` }, text);

// groups splits a position in CLI syntax into its groups: [{game, args}].
export function groups(position) {
  const out = [];
  let cur = null;
  for (const w of position.trim().split(/\s+/)) {
    if (w === '+') { cur = null; continue; }
    if (!cur) { cur = { game: w, args: [] }; out.push(cur); } else cur.args.push(w);
  }
  return out;
}

// heapsOf returns [{game, heaps}] when every ARG of the position is a heap
// size (a non-negative integer), else null.
export function heapsOf(position) {
  const gs = groups(position);
  if (!gs.length) return null;
  for (const g of gs) if (!g.args.every((a) => /^\d+$/.test(a))) return null;
  return gs.map((g) => ({ game: g.game, heaps: g.args.map(Number) }));
}

// kinds maps each catalog game name to its kind.
let kindsPromise = null;
export function kinds() {
  kindsPromise ??= api('games').then((list) => Object.fromEntries(list.map((g) => [g.name, g.kind])));
  return kindsPromise;
}

// kindOf is the kind of a whole position: "impartial" when every group is
// of an impartial catalog game.
export async function kindOf(position) {
  const k = await kinds();
  let kind = 'impartial';
  for (const g of groups(position)) {
    const name = g.game.split(':')[0];
    if (k[name] && k[name] !== 'impartial') kind = k[name];
  }
  return kind;
}

// outcomeWord describes an outcome class or result for the player to move.
export function outcomeWord(o) {
  return { P: 'P: the player to move loses', N: 'N: the player to move wins', D: 'D: a draw with best play',
    win: 'the player to move wins', lose: 'the player to move loses', draw: 'a draw with best play' }[o] || o;
}
