// The interpreter PyScript runs (pyscript.json's "interpreter"), started the moment boot.js imports this
// module rather than when PyScript gets round to it: PyScript first loads its core, its config and its
// plugins, and only then calls loadPyodide (~0.6 s into a desktop boot, while the runtime's files had
// arrived long before). PyScript calls loadPyodide({stdout, stderr, indexURL}) and reads `version`; it is
// handed the instance already on its way, its own stdout and stderr taking over from the console's.
import { loadPyodide as load, version } from "../build/pyodide/pyodide.mjs";

let stdout = (line) => console.log(line);
let stderr = (line) => console.error(line);

// Our own indexURL: PyScript's would be this module's folder.
const started = load({
  indexURL: new URL("../build/pyodide/", import.meta.url).href,
  stdout: (line) => stdout(line),
  stderr: (line) => stderr(line),
});

export { version };

export function loadPyodide(options) {
  ({ stdout, stderr } = options);
  return started;
}
