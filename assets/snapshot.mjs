// A worker that makes the memory snapshot interpreter.mjs restores on the next visit: an interpreter of
// its own (the page's holds the page's JavaScript objects, which a snapshot cannot), which imports the
// modules the page's has imported, from the same archive, unpacked where PyScript unpacks it; then its heap
// is packed (heap.mjs) and handed back to the page with its digest, which the page keeps. Made in a worker so
// that the game never waits on it.
import { loadPyodide } from "../build/pyodide/pyodide.mjs";
import { pack, sha256 } from "./heap.mjs";

onmessage = async ({ data: { modules } }) => {
  try {
    const pyodide = await loadPyodide({
      indexURL: new URL("../build/pyodide/", import.meta.url).href, _makeSnapshot: true,
      stdout: () => {}, stderr: () => {},
    });
    const game = await fetch(new URL("../build/python.zip", import.meta.url));
    if (!game.ok) throw new Error(`python.zip: HTTP ${game.status}`);
    pyodide.unpackArchive(await game.arrayBuffer(), "zip"); // PyScript's "./*": the working directory
    // (A module that will not import here is left out: the page imports it itself, as on a first visit.)
    pyodide.runPython(`
import importlib, json
for name in json.loads(${JSON.stringify(JSON.stringify(modules))}):
    try:
        module = importlib.import_module(name)
    except Exception:
        continue
    # Work a module would do at the page's start, done here once (sixes.model.words: every language's words read).
    getattr(module, "before_snapshot", lambda: None)()`);
    const packed = pack(pyodide.makeMemorySnapshot());
    postMessage({ packed, digest: await sha256(packed) }, [packed]);
  } catch (error) {
    postMessage(String(error));
  }
};
