// Shows the runtime's real boot steps while Python loads, and says in words
// if it fails. Python takes over (sixes/browser/) once it runs; this file only
// covers the seconds before that, when no Python exists to report anything.
const root = document.documentElement;
const text = document.getElementById("boot-text");
const bar = document.getElementById("boot-progress");

// The words of these seconds, before sixes/model/words.py can speak: in the language the page will speak
// (?lang=, else the saved settings, else the browser's first language the game knows; as sixes/browser/controller.py chooses).
const WORDS = {
  en: ["Loading Python (about 6 MB)…", "Loading Python: its library is here…", "Starting Python…", "Python is running…",
       "Loading the game's rules…", "Shuffling the cards…", "Still loading… this is taking longer than usual.",
       "The game could not start", "did not load", "Python failed to load",
       "the game's Python code stopped with an error (shown below)",
       "If you run it yourself, check that `make play` finished installing, then reload."],
  cy: ["Yn llwytho Python (tua 6 MB)…", "Yn llwytho Python: mae ei lyfrgell yma…", "Yn cychwyn Python…",
       "Mae Python yn rhedeg…", "Yn llwytho rheolau'r gêm…", "Yn cymysgu'r cardiau…",
       "Yn dal i lwytho… mae hyn yn cymryd mwy o amser nag arfer.", "Doedd dim modd cychwyn y gêm", "heb lwytho",
       "methodd Python â llwytho", "stopiodd cod Python y gêm gyda gwall (isod)",
       "Os ydych chi'n ei redeg eich hun, gwiriwch fod `make play` wedi gorffen gosod, yna ail-lwythwch."],
  si: ["Python පූරණය වෙමින් (MB 6 පමණ)…", "Python පූරණය වෙමින්: එහි පුස්තකාලය ආවා…", "Python ආරම්භ වෙමින්…",
       "Python ක්‍රියාත්මකයි…", "ක්‍රීඩාවේ නීති පූරණය වෙමින්…", "කාඩ්පත් කලවම් කරමින්…",
       "තවමත් පූරණය වෙමින්… මෙය සුපුරුදු කාලයට වඩා වැඩියි.", "ක්‍රීඩාව ආරම්භ කළ නොහැකි විය", "පූරණය නොවීය",
       "Python පූරණය වීම අසාර්ථක විය", "ක්‍රීඩාවේ Python කේතය දෝෂයකින් නතර විය (පහත)",
       "ඔබම එය ධාවනය කරන්නේ නම්, `make play` ස්ථාපනය අවසන් කළ බව පරීක්ෂා කර, නැවත පූරණය කරන්න."],
  es: ["Cargando Python (unos 6 MB)…", "Cargando Python: ya está su biblioteca…", "Arrancando Python…",
       "Python está en marcha…", "Cargando las reglas del juego…", "Barajando las cartas…",
       "Sigue cargando… está tardando más de lo normal.", "No se pudo iniciar el juego", "no se cargó",
       "Python no se pudo cargar", "el código Python del juego se detuvo con un error (abajo)",
       "Si lo ejecutas tú, comprueba que `make play` terminó de instalar y vuelve a cargar."],
};
function language() {
  const asked = new URLSearchParams(location.search).get("lang");
  let saved;
  try { saved = JSON.parse(localStorage.getItem("sixes.settings"))?.lang; } catch { /* no storage: not saved */ }
  const browser = (navigator.languages || []).map((tag) => tag.split("-")[0].toLowerCase()).find((l) => l in WORDS);
  return [asked?.toLowerCase(), saved, browser].find((l) => l in WORDS) ?? "en";
}
const [python, library, starting, running, rules, shuffling, slow, failed, notLoaded, pythonFailed, pythonError, check] =
  WORDS[language()];

// PyScript's own progress events, plus the two big downloads finishing.
const steps = {
  "Loading Pyodide": python,
  "Loaded Storage": python,
  "python_stdlib.zip": library,
  "pyodide.asm.wasm": starting,
  "Loaded interpreter": running,
  "Loading files": rules,
  "Loaded files": rules,
  "Loaded Pyodide": shuffling,
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
  text.textContent = `${failed}: ${why}. ${check}`;
}

// A script or the runtime that fails to download fires "error" on its element, which does not bubble.
addEventListener("error", (event) => {
  const source = event.target?.src || event.target?.href;
  fail(source ? `${source.split("/").pop()} ${notLoaded}` : `${pythonFailed} (${event.message})`);
}, true);
addEventListener("unhandledrejection", (event) => fail(`${pythonFailed} (${event.reason})`));

// The runtime's files, fetched from the first moment: else each waits for the script that asks for
// it (core.js, its plugins, pyodide.mjs, loadPyodide), and the 9.6 MB wasm starts ~0.25 s late. They
// are added here rather than in index.html so that the listener above hears a failed download: a
// module script runs only once the page is parsed, and a preload can fail before that.
for (const [file, rel] of [["pyodide/pyodide.mjs", "modulepreload"], ["pyodide/pyodide.asm.mjs", "modulepreload"],
  ["pyodide/pyodide.asm.wasm", "preload"], ["pyodide/python_stdlib.zip", "preload"],
  ["pyodide/pyodide-lock.json", "preload"], ["python.zip", "preload"]]) {
  // As a fetch preload in cors mode, which the runtime's own fetch() reuses (test_boot checks).
  const link = Object.assign(document.createElement("link"), { rel, href: `./build/${file}` });
  if (rel === "preload") Object.assign(link, { as: "fetch", crossOrigin: "anonymous" });
  document.head.append(link);
}
// PyScript shows Python's own errors as .py-error elements.
new MutationObserver(() => {
  if (document.querySelector(".py-error")) fail(pythonError);
}).observe(document.body, { childList: true, subtree: true });

setTimeout(() => {
  if (root.dataset.state === "booting") text.textContent = slow;
}, 20000);
