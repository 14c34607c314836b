// bench/floor_worker.html's worker: the game's runtime started and the engine imported, off the main thread.
import { loadPyodide } from "./build/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("./build/pyodide/", import.meta.url).href });
pyodide.unpackArchive(await (await fetch("./build/python.zip")).arrayBuffer(), "zip");
pyodide.runPython("import sixes.engine.game, sixes.engine.bots, sixes.model.table");
postMessage("up");
