// bench.mjs times requests through the static build's engine under Node,
// for docs/PERFORMANCE.md: the engine's load and compile, then each
// request of the list, best of 10 after a warm-up. Usage (after go run
// ./web/build -o SITE):
//
//	node web/wasm/bench.mjs SITE
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

const site = process.argv[2] || 'site';
globalThis.require ??= (await import('node:module')).createRequire(import.meta.url);
await import((await import("node:url")).pathToFileURL((await import("node:path")).resolve(site, "wasm_exec.js")).href);
const ready = new Promise((resolve) => { globalThis.grundyReady = resolve; });
let t0 = performance.now();
const go = new Go();
const { instance } = await WebAssembly.instantiate(await readFile(`${site}/grundy.wasm`), go.importObject);
go.run(instance);
await ready;
console.log(`load+compile+start ${(performance.now() - t0).toFixed(0)} ms`);
for (const url of [
  '/api/value?position=nim+3+4+5',
  '/api/table?game=kayles&to=1000',
  '/api/table?game=subtract:1-3&to=99999',
  '/api/graph?position=tictactoe+xo./.x./o..',
  '/api/solve?position=quixo:3x3',
]) {
  let best = Infinity, status;
  for (let i = 0; i < 11; i++) {
    t0 = performance.now();
    ({ status } = await globalThis.grundyServe('GET', url, ''));
    if (i > 0) best = Math.min(best, performance.now() - t0);
  }
  console.log(`${url} status ${status}: ${best.toFixed(1)} ms`);
}
process.exit(0);
