// Runs a Python script inside the pinned Pyodide (node_modules/pyodide, from package-lock.json),
// with the repo root mounted at /repo as its working folder, and node_modules at /node_modules
// (wherever it really is: a symlink's target is not visible through the mount). .pyc files are
// tied to the exact Python they were compiled by, so the page's are compiled by the one it runs.
// Run: node tools/in_pyodide.mjs SCRIPT.py [ARGS...]   (paths relative to the repo root)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: console.log, stderr: console.error });
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", root);
pyodide.FS.mkdirTree("/node_modules");
pyodide.mountNodeFS("/node_modules", fs.realpathSync(path.join(root, "node_modules")));
pyodide.globals.set("argv", pyodide.toPy([script, ...args]));
try {
  await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir("/repo")
sys.argv = list(argv)
runpy.run_path(sys.argv[0], run_name="__main__")
`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
