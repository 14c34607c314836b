// The interpreter PyScript runs (pyscript.toml's "interpreter"), started the moment boot.js imports this module,
// not once PyScript has loaded its core and plugins (~0.6 s later); PyScript's loadPyodide() is handed the same
// instance. A returning player's is restored from a snapshot made on their own device (snapshot.mjs); any doubt
// about it means the normal start (docs/architecture.md).
import { loadPyodide as load, version } from "../build/pyodide/pyodide.mjs";

let stdout = (line) => console.log(line);
let stderr = (line) => console.error(line);
const options = {
  indexURL: new URL("../build/pyodide/", import.meta.url).href, // our own: PyScript's would be this folder
  stdout: (line) => stdout(line),
  stderr: (line) => stderr(line),
};
const snapshot = globalThis.sixesSnapshot ?? {}; // where it is kept, and what boot.js found there

// The kept snapshot: null, or its heap as a promise (loadPyodide reads it while it loads the runtime), checked
// and unpacked in a worker (unpack.mjs): never a truncated or damaged copy.
async function kept() {
  const found = await snapshot.kept;
  if (!found?.digest) return null;
  // Handed over after a frame: Pyodide awaits it between running its script and the one long task that follows
  // (instantiating, linking, restoring, Python's own start: ~1.2 s on a phone), so a card tapped on the kept table
  // before then is painted where it was laid first. (A hidden page paints nothing: a timer stands in.)
  const heap = found.bytes.then((packed) => inWorker("./unpack.mjs", { packed, digest: found.digest }, [packed]))
    .then((unpacked) => new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(() => resolve(unpacked)));
      setTimeout(() => resolve(unpacked), 100);
    }));
  // loadPyodide awaits it only after loading its script: a rejection before then is handled there, not lost.
  heap.catch(() => {});
  return { heap };
}

// What the worker ``script`` answers ``message`` with; it says what went wrong as a string.
async function inWorker(script, message, transfer) {
  const worker = new Worker(new URL(script, import.meta.url), { type: "module" });
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (typeof data === "string" ? reject(new Error(data)) : resolve(data));
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage(message, transfer);
  }).finally(() => worker.terminate());
}

let restored = false;
const started = (async () => {
  const found = await kept();
  if (found) {
    try {
      const pyodide = await load({ ...options, _loadSnapshot: found.heap });
      // The snapshot holds one state of Python's generator, the same at every restore.
      pyodide.runPython("import random; random.seed()");
      restored = true;
      performance.mark("sixes-snapshot-restored");
      return pyodide;
    } catch (error) {
      console.warn("Sixes: the interpreter's snapshot could not be restored; starting afresh:", error);
    }
  }
  return load(options);
})();

export { version };

export function loadPyodide(options) {
  ({ stdout, stderr } = options);
  return started;
}

// The model modules of the rooms imported on first use (the review's, Practise's): in the snapshot, a returning
// player's first practice or review does not import them (bench/practise.py: opening Practise, CPU x4).
const AHEAD = ["sixes.model.review", "sixes.model.practise"];

// Made in a worker (snapshot.mjs) from the list of what the game imported, and kept beside the old one's place.
async function makeSnapshot(pyodide) {
  const imported = pyodide.runPython(`
import sys
[name for name in sys.modules if not name.startswith(("js", "pyodide", "_pyodide", "pyscript", "_pyscript",
                                                        "sixes.browser", "__main__"))]`).toJs();
  const modules = [...new Set([...imported, ...AHEAD])];
  const { packed, digest } = await inWorker("./snapshot.mjs", { modules });
  const cache = await caches.open(snapshot.cache);
  for (const old of await cache.keys()) await cache.delete(old); // another build's: of no use now
  await cache.put(snapshot.url, new Response(packed, { headers: { "X-Sixes-Digest": digest } }));
  performance.mark("sixes-snapshot-made");
}

// Once the game is up and the page idle, a snapshot for the next visit, unless this one came from it.
if (snapshot.build && globalThis.caches && globalThis.Worker) {
  const root = document.documentElement;
  new MutationObserver((_, watch) => {
    if (root.dataset.state !== "ready") return;
    watch.disconnect();
    // A full disk or a refused store only means no snapshot: the next visit starts as this one did.
    if (!restored) {
      globalThis.sixesWhenIdle(async () => makeSnapshot(await started).catch((error) => {
        console.warn("Sixes: no snapshot for the next visit:", error);
        performance.mark("sixes-snapshot-failed");
      }), 5000);
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
}
