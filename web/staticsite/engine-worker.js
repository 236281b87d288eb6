// engine-worker.js runs the static build's engine in a dedicated Web
// Worker, off the page's main thread, so a long request (up to the static
// build's 5 s limit) never freezes the page. It loads Go's wasm_exec.js and
// grundy.wasm (web/wasm: the explorer's server compiled to WebAssembly)
// and answers requests by message, one at a time, in the order they came:
//
//	page -> worker: {id, method, url, body}
//	worker -> page: {ready: true, timeout} once the engine has loaded
//	                (timeout: its time limit per request, in ms);
//	                {id, status, body}, or {id, error} when the engine
//	                could not load, or {id, error, dead: true} when it died
//	                ({error, dead: true} when it died between requests)
//
// The engine dies when its Go program ends (a fatal error such as "out of
// memory" ends it) or its WebAssembly traps; every later call would fail
// with "Go program has already exited". The worker then answers the
// request with dead: true, and boot.js replaces the worker with a fresh
// one, which frees the dead engine's memory.
//
// boot.js starts the worker and sends it the pages' requests. Both files
// are written by web/staticsite; URLs resolve against this script's URL,
// so the site also works under a sub-path.
// The engine's download starts first, and goes on while wasm_exec.js loads.
const download = fetch('grundy.wasm');
download.catch(() => {}); // reported with each request below
importScripts('wasm_exec.js', 'site-fs.js');
// The site's databases (db/) are the engine's files under /db/, fetched
// when first opened.
installSiteFS(globalThis.fs, async (path) => {
  const res = await fetch(path);
  return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
});

// death settles with the reason once the loaded engine has died; the Go
// runtime prints its reason ("fatal error: out of memory") before it exits.
let died = null;
const death = new Promise((resolve) => { died = resolve; });
let started = false;
let fatal = '';
const log = console.log;
console.log = (...args) => {
  const m = /fatal error: [^\n]*/.exec(args.join(' '));
  if (m && !fatal) fatal = m[0];
  log(...args);
};
// A death between requests is told at once, so the page starts a fresh
// engine before it sends the next one. (An engine that never became
// ready is a load failure, reported with each request, not restarted.)
death.then((why) => { if (started) self.postMessage({ error: `the in-browser engine stopped: ${why}`, dead: true }); });
// An uncaught error once the engine runs is its WebAssembly failing (a
// trap, or a timer of an engine that has exited).
self.onerror = (message) => {
  if (!started) return false; // a load error: the page reports it
  died(fatal || String(message));
  return true;
};

const engine = (async () => {
  const ready = new Promise((resolve) => { self.grundyReady = resolve; });
  const go = new Go();
  go.exit = (code) => { died(fatal || `the Go program exited with code ${code}`); };
  const res = await download;
  if (!res.ok) throw new Error(`load grundy.wasm: status ${res.status}`);
  let inst;
  if ((res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    inst = await WebAssembly.instantiateStreaming(res, go.importObject);
  } else { // hosts that serve .wasm with another type
    inst = await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject);
  }
  go.run(inst.instance).then(() => died(fatal || 'the Go program exited'), (err) => died(fatal || err?.message || String(err)));
  const timeout = await ready;
  started = true;
  self.postMessage({ ready: true, timeout });
  return self.grundyServe;
})();
engine.catch(() => {}); // reported with each request below

// Requests run one after the other: the engine's Go program is one
// thread, and answers come back in the order asked.
let queue = Promise.resolve();
self.onmessage = (e) => {
  const { id, method, url, body } = e.data;
  queue = queue.then(async () => {
    let serve;
    try {
      serve = await engine;
    } catch (err) {
      self.postMessage({ id, error: `the in-browser engine failed: ${err?.message || err}` });
      return;
    }
    const dead = death.then((why) => { throw new Error(why); });
    dead.catch(() => {}); // when the answer came first
    try {
      const r = await Promise.race([serve(method, url, body ?? ''), dead]);
      self.postMessage({ id, status: r.status, body: r.body });
    } catch (err) {
      died(fatal || err?.message || String(err));
      self.postMessage({ id, error: `the in-browser engine stopped: ${await death}`, dead: true });
    }
  });
};
