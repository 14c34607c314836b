// The one lever left on the runtime's own start (issue #10): a Pyodide memory snapshot, which skips
// the interpreter's start-up Python (Py_Initialize and Pyodide's bootstrap imports) by restoring a
// heap saved after it. Measured in Node on the runtime the game ships (build/pyodide, `make build`):
// loadPyodide() as it is against loadPyodide({_loadSnapshot}) (a private option, which PyScript does
// not pass), medians of --boots alternated loads, and what the snapshot would add to a first visit.
// Run: node bench/snapshot.mjs [BOOTS]
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const runtime = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "build", "pyodide") + "/";
const { loadPyodide } = await import(runtime + "pyodide.mjs");
const boots = Number(process.argv[2] ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const maker = await loadPyodide({ indexURL: runtime, _makeSnapshot: true });
const snapshot = maker.makeMemorySnapshot();
const plain = [], restored = [];
for (let i = 0; i < boots; i++) {
  for (const [times, options] of [[plain, {}], [restored, { _loadSnapshot: snapshot }]]) {
    const start = performance.now();
    const pyodide = await loadPyodide({ indexURL: runtime, ...options });
    pyodide.runPython("import sys");
    times.push(performance.now() - start);
  }
}
const gzip = zlib.gzipSync(snapshot, { level: 6 }).length;
console.log(`loadPyodide: ${Math.round(median(plain))} ms; from a snapshot: ${Math.round(median(restored))} ms ` +
  `(medians of ${boots}; saves ${Math.round(median(plain) - median(restored))} ms)`);
console.log(`the snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB, ${(gzip / 1e6).toFixed(2)} MB gzipped ` +
  `(level 6), on top of the runtime it needs as well`);
