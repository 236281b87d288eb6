// boot.js starts the static build's engine: grundy.wasm, the explorer's
// server compiled to WebAssembly (web/wasm). common.js's api and post call
// globalThis.grundyEngine instead of fetch when globalThis.grundyStatic is
// set. Added to every page of the static build by web/staticsite.
globalThis.grundyStatic = true;
globalThis.grundyEngine = (async () => {
  const ready = new Promise((resolve) => { globalThis.grundyReady = resolve; });
  const go = new Go();
  const res = await fetch('grundy.wasm');
  if (!res.ok) throw new Error(`load grundy.wasm: status ${res.status}`);
  let inst;
  if ((res.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    inst = await WebAssembly.instantiateStreaming(res, go.importObject);
  } else { // hosts that serve .wasm with another type
    inst = await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject);
  }
  go.run(inst.instance);
  await ready;
  return globalThis.grundyServe;
})();
