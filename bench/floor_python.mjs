// bench/floor_python.html's work: the game's runtime started and its engine imported. Imported there on the main
// thread, or run as its worker.
import { loadPyodide } from "./build/pyodide/pyodide.mjs";

export async function start() {
  const pyodide = await loadPyodide({ indexURL: new URL("./build/pyodide/", import.meta.url).href });
  pyodide.unpackArchive(await (await fetch("./build/python.zip")).arrayBuffer(), "zip");
  pyodide.runPython("import sixes.engine.game, sixes.engine.bots, sixes.model.table");
}

if (globalThis.WorkerGlobalScope) {
  await start();
  postMessage("up");
}
