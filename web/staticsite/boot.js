// boot.js starts the static build's engine: grundy.wasm, the explorer's
// server compiled to WebAssembly (web/wasm), run in a dedicated Web Worker
// (engine-worker.js) so the page stays responsive while it computes. It is
// added to every page of the static build by web/staticsite, ahead of the
// page's scripts, so the engine loads while the page does.
//
// globalThis.grundyEngine.serve(method, url, body, signal) sends one
// request to the worker and returns a Promise of {status, body}: the very
// answer of `grundy serve`'s handlers. Requests are sent one at a time in
// the order asked; one aborted (signal) before its turn is never sent, and
// one aborted while computing rejects at once (the worker finishes it and
// its answer is dropped). common.js's api and post call it instead of fetch
// when globalThis.grundyStatic is set.
//
// When the engine dies (its Go program ran out of memory or crashed; the
// worker answers {id, error, dead: true}, or an error escapes the worker
// after it has answered once), the request fails with a message saying the
// engine was restarted, and a fresh worker answers the next requests. So
// does an engine that hangs: a watchdog allows each request the engine's
// time limit (the worker says it once loaded) and hangSlack more, then
// ends the worker, which stops a WebAssembly thread whatever it runs.
globalThis.grundyStatic = true;
globalThis.grundyEngine = (() => {
  let worker = null;
  let answered = false; // the current worker has answered a request
  const queue = []; // requests not yet sent: {id, method, url, body, resolve, reject, signal}
  let current = null; // the request the worker is computing
  let nextId = 1;
  let broken = null; // the worker's load error, if any
  let timeout = 0; // the loaded engine's time limit per request, in ms (0: not loaded yet)
  let watchdog = 0; // the timer of the request the engine computes
  // hangSlack is what the watchdog allows past the engine's time limit:
  // the engine polls its deadline every few milliseconds, and an answer
  // that reached it takes at most a collection of its heap to write.
  const hangSlack = 5000;

  const abortError = () => new DOMException('the request was aborted', 'AbortError');
  function pump() {
    while (!current && queue.length) {
      const req = queue.shift();
      if (req.signal?.aborted) { req.reject(abortError()); continue; }
      if (broken) { req.reject(broken); continue; }
      current = req;
      worker.postMessage({ id: req.id, method: req.method, url: req.url, body: req.body });
      watch();
    }
  }
  // watch arms the watchdog for the current request once the engine has
  // loaded (loading, which may take a while on a slow network, is not
  // the engine's time).
  function watch() {
    if (!current || !timeout || watchdog) return;
    const allowed = timeout + hangSlack;
    watchdog = setTimeout(() => {
      watchdog = 0;
      restart(`the in-browser engine did not answer within ${allowed / 1000} s (its time limit and ${hangSlack / 1000} s more), so it was stopped`);
    }, allowed);
  }
  function unwatch() {
    clearTimeout(watchdog);
    watchdog = 0;
  }
  // restart replaces a dead engine's worker (terminating it frees its
  // memory) and fails the request it was computing with the reason.
  function restart(why) {
    unwatch();
    worker.terminate();
    start();
    if (current) {
      current.reject(new Error(`${why}; the engine was restarted for the next request (a smaller request, or \`grundy serve\`, computes more)`));
      current = null;
    }
    pump();
  }
  function start() {
    answered = false;
    timeout = 0;
    const w = new Worker('engine-worker.js');
    worker = w;
    w.onmessage = (e) => {
      if (w !== worker) return; // a replaced worker
      const { id, status, body, error, dead, ready } = e.data;
      if (ready) { timeout = e.data.timeout > 0 ? e.data.timeout : 0; watch(); return; }
      if (dead) { restart(error); return; }
      if (!current || current.id !== id) return; // not ours: ignore
      answered = true;
      unwatch();
      const req = current;
      current = null;
      if (error !== undefined) req.reject(new Error(error));
      else req.resolve({ status, body });
      pump();
    };
    // An error escaped the worker: before its first answer, the worker
    // script itself failed (missing file, wasm_exec.js error), and every
    // request, now and later, fails with the reason; after it, the engine
    // died and is restarted.
    w.onerror = (e) => {
      e.preventDefault();
      if (w !== worker) return;
      if (answered) { restart(`the in-browser engine stopped: ${e.message || 'an error in its worker'}`); return; }
      broken = new Error(`the in-browser engine failed to start: ${e.message || 'engine-worker.js did not load'}`);
      unwatch();
      if (current) { current.reject(broken); current = null; }
      pump();
    };
  }
  start();

  function serve(method, url, body = '', signal = undefined) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) { reject(abortError()); return; }
      const req = { id: nextId++, method, url, body, signal, resolve, reject };
      signal?.addEventListener('abort', () => {
        const i = queue.indexOf(req);
        if (i >= 0) queue.splice(i, 1);
        reject(abortError()); // a no-op once answered
      }, { once: true });
      queue.push(req);
      pump();
    });
  }
  return { serve };
})();
