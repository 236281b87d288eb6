// engine-worker.js runs the static build's engine in a dedicated Web
// Worker, off the page's main thread, so a long request (up to the static
// build's 5 s limit) never freezes the page. It loads Go's wasm_exec.js and
// grundy.wasm (web/wasm: the explorer's server compiled to WebAssembly)
// and answers requests by message, one at a time, in the order they came:
//
//	page -> worker: {id, method, url, body}
//	worker -> page: {id, status, body}, or {id, error} when the engine
//	                could not load or answer
//
// boot.js starts the worker and sends it the pages' requests. Both files
// are written by web/staticsite; URLs resolve against this script's URL,
// so the site also works under a sub-path.
// The engine's download starts first, and goes on while wasm_exec.js loads.
const download = fetch('grundy.wasm');
download.catch(() => {}); // reported with each request below
importScripts('wasm_exec.js');

const engine = (async () => {
  const ready = new Promise((resolve) => { self.grundyReady = resolve; });
  const go = new Go();
  const res = await download;
  if (!res.ok) throw new Error(`load grundy.wasm: status ${res.status}`);
  let inst;
  if ((res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    inst = await WebAssembly.instantiateStreaming(res, go.importObject);
  } else { // hosts that serve .wasm with another type
    inst = await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject);
  }
  go.run(inst.instance);
  await ready;
  return self.grundyServe;
})();
engine.catch(() => {}); // reported with each request below

// Requests run one after the other: the engine's Go program is one
// thread, and answers come back in the order asked.
let queue = Promise.resolve();
self.onmessage = (e) => {
  const { id, method, url, body } = e.data;
  queue = queue.then(async () => {
    try {
      const serve = await engine;
      const r = await serve(method, url, body ?? '');
      self.postMessage({ id, status: r.status, body: r.body });
    } catch (err) {
      self.postMessage({ id, error: `the in-browser engine failed: ${err?.message || err}` });
    }
  });
};
