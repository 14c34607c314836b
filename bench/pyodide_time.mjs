// The hard bot's time per decision, and its longest stretch between two yields, inside Pyodide (the page's Python, here run by
// Node's V8 rather than Chromium's, both wasm): bench/strength.py's timing, in wasm.
//
//   node bench/pyodide_time.mjs [decisions=100] [seed=1]
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [decisions = "100", seed = "1"] = process.argv.slice(2);
const pyodide = await loadPyodide();
// The package with its subpackages (sixes/engine/, sixes/model/, ...), at the same paths.
for (const name of readdirSync(join(root, "sixes"), { recursive: true }).filter((n) => n.endsWith(".py"))) {
  pyodide.FS.mkdirTree(dirname(`/bench/sixes/${name}`));
  pyodide.FS.writeFile(`/bench/sixes/${name}`, readFileSync(join(root, "sixes", name)));
}
pyodide.FS.writeFile("/bench/strength.py", readFileSync(join(root, "bench", "strength.py")));
pyodide.runPython(`
import sys
sys.path[:0] = ["/bench"]
sys.argv = ["strength.py"]
import strength
strength.hard_timing(${Number(decisions)}, ${Number(seed)})
strength.hard_slices(${Number(decisions)}, ${Number(seed)})
`);
