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

// The kept snapshot: null, or its heap as a promise (loadPyodide reads it while it loads the runtime).
async function kept() {
  const found = await snapshot.kept;
  if (!found?.digest) return null;
  const heap = found.bytes.then(async (packed) => {
    // Never a truncated or damaged copy: the digest is of the whole, written with it.
    if (await sha256(packed) !== found.digest) throw new Error("the snapshot's digest is wrong");
    return unpack(packed);
  });
  // loadPyodide awaits it only after loading its script: a rejection before then is handled there, not lost.
  heap.catch(() => {});
  return { heap };
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The heap from snapshot.mjs's pack: its pages that are not all zeros, put back in place.
function unpack(packed) {
  const [page, length, count] = new Uint32Array(packed, 0, 3);
  const numbers = new Uint32Array(packed, 12, count);
  const pages = new Uint8Array(packed, 12 + 4 * count);
  if (pages.length !== count * page) throw new Error("the snapshot is not whole");
  const heap = new Uint8Array(length);
  numbers.forEach((number, i) => heap.set(pages.subarray(i * page, (i + 1) * page), number * page));
  return heap;
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

// Made in a worker (snapshot.mjs) from the list of what the game imported, and kept beside the old one's place.
async function makeSnapshot(pyodide) {
  const modules = pyodide.runPython(`
import sys
[name for name in sys.modules if not name.startswith(("js", "pyodide", "_pyodide", "pyscript", "_pyscript",
                                                        "sixes.browser", "__main__"))]`).toJs();
  const worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module" });
  const packed = await new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data instanceof ArrayBuffer ? resolve(data) : reject(new Error(data)));
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ modules });
  }).finally(() => worker.terminate());
  const cache = await caches.open(snapshot.cache);
  for (const old of await cache.keys()) await cache.delete(old); // another build's: of no use now
  await cache.put(snapshot.url, new Response(packed, { headers: { "X-Sixes-Digest": await sha256(packed) } }));
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
