// Shows the runtime's real boot steps while Python loads, and says in words
// if it fails. Python takes over (sixes/web.py) once it runs; this file only
// covers the seconds before that, when no Python exists to report anything.
const root = document.documentElement;
const text = document.getElementById("boot-text");
const bar = document.getElementById("boot-progress");

// PyScript's own progress events, plus the two big downloads finishing.
const steps = {
  "Loading Pyodide": "Loading Python (about 6 MB)…",
  "Loaded Storage": "Loading Python (about 6 MB)…",
  "python_stdlib.zip": "Loading Python: its library is here…",
  "pyodide.asm.wasm": "Starting Python…",
  "Loaded interpreter": "Python is running…",
  "Loading files": "Loading the game's rules…",
  "Loaded files": "Loading the game's rules…",
  "Loaded Pyodide": "Shuffling the cards…",
};
const seen = new Set();

function step(name) {
  if (!(name in steps) || seen.has(name) || root.dataset.state !== "booting") return;
  seen.add(name);
  bar.value = seen.size;
  text.textContent = steps[name];
}
bar.max = Object.keys(steps).length + 1; // the last step is the table being drawn

addEventListener("py:progress", (event) => step(event.detail));
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) step(entry.name.split("/").pop());
}).observe({ type: "resource", buffered: true });

function fail(why) {
  if (root.dataset.state === "ready") return;
  root.dataset.state = "failed";
  bar.hidden = true;
  text.textContent = `The game could not start: ${why}. ` +
    "If you run it yourself, check that `make play` finished installing, then reload.";
}

// A script or the runtime that fails to download fires "error" on its element, which does not bubble.
addEventListener("error", (event) => {
  const source = event.target?.src || event.target?.href;
  fail(source ? `${source.split("/").pop()} did not load` : `Python failed to load (${event.message})`);
}, true);
addEventListener("unhandledrejection", (event) => fail(`Python failed to load (${event.reason})`));
// PyScript shows Python's own errors as .py-error elements.
new MutationObserver(() => {
  if (document.querySelector(".py-error")) fail("the game's Python code stopped with an error (shown below)");
}).observe(document.body, { childList: true, subtree: true });

setTimeout(() => {
  if (root.dataset.state === "booting") text.textContent = "Still loading… this is taking longer than usual.";
}, 20000);
