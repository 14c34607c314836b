// Shows the runtime's real boot steps while Python loads, and says in words
// if it fails. Python takes over (sixes/browser/) once it runs; this file
// covers the seconds before that, when no Python exists to report anything,
// and holds the few helpers Python calls where a call per element would cost
// (sixesTable, sixesHand, sixesWords).
const root = document.documentElement;

// A returning player's interpreter comes from a memory snapshot made on this device (assets/interpreter.mjs
// restores it, assets/snapshot.mjs makes it), read from the cache at the first moment: on a phone the read
// takes about as long as the runtime's own start. Only the built site names its build and makes one.
globalThis.sixesSnapshot = (() => {
  const build = document.querySelector('meta[name="snapshot"]')?.content;
  const scope = new URL("../", import.meta.url).href;
  // Named like the service worker's caches: it deletes this one with its old version.
  const where = { build, cache: `sixes ${scope} snapshot`, url: new URL(`snapshot-${build}`, scope).href };
  where.kept = build && globalThis.caches ? caches.open(where.cache).then((cache) => cache.match(where.url))
    .then((found) => found && { digest: found.headers.get("X-Sixes-Digest"), bytes: found.arrayBuffer() })
    .catch((error) => console.warn("Sixes: the interpreter's snapshot could not be read:", error)) : null;
  return where;
})();
const text = document.getElementById("boot-text");
const bar = document.getElementById("boot-progress");

// The words of these seconds, before sixes/model/words.py can speak, in the language first.js chose (from the
// catalogues, by build/first.js); a key stands for itself if the build wrote none.
const { lang, say, tableKey } = globalThis.sixesBoot ?? { lang: "en", say: (key) => key, tableKey: "sixes.table.v1" };

// PyScript's own progress events, plus the two big downloads finishing.
const steps = {
  "Loading Pyodide": "boot_python",
  "Loaded Storage": "boot_python",
  "python_stdlib.zip": "boot_library",
  "pyodide.asm.wasm": "boot_starting",
  "Loaded interpreter": "boot_running",
  "Loading files": "boot_rules",
  "Loaded files": "boot_rules",
  "Loaded Pyodide": "boot_shuffling",
};
const seen = new Set();

function step(name) {
  if (!(name in steps) || seen.has(name) || root.dataset.state !== "booting" || root.dataset.shown === "saved") return;
  seen.add(name);
  bar.value = seen.size;
  text.textContent = say(steps[name]);
}
bar.max = Object.keys(steps).length + 1; // the last step is the table being drawn

addEventListener("py:progress", (event) => step(event.detail));
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) step(entry.name.split("/").pop());
}).observe({ type: "resource", buffered: true });

function fail(why) {
  // The first failure says most (the file that did not load); what it breaks later would only hide it.
  if (root.dataset.state !== "booting") return;
  root.dataset.state = "failed";
  bar.hidden = true;
  text.textContent = `${say("boot_failed")}: ${why}. ${say("boot_check")}`;
}

// A script or the runtime that fails to download fires "error" on its element, which does not bubble.
addEventListener("error", (event) => {
  const source = event.target?.src || event.target?.href;
  fail(source ? `${source.split("/").pop()} ${say("boot_not_loaded")}` : `${say("boot_python_failed")} (${event.message})`);
}, true);
addEventListener("unhandledrejection", (event) => fail(`${say("boot_python_failed")} (${event.reason})`));

// The runtime's files, fetched from the first moment (else each waits for the script that asks for it); added
// here, not in index.html, so that the listener above hears a download that fails.
for (const [file, rel] of [["pyodide/pyodide.mjs", "modulepreload"], ["pyodide/pyodide.asm.mjs", "modulepreload"],
  ["pyodide/pyodide.asm.wasm", "preload"], ["pyodide/python_stdlib.zip", "preload"],
  ["pyodide/pyodide-lock.json", "preload"], ["python.zip", "preload"]]) {
  // As a fetch preload in cors mode, which the runtime's own fetch() reuses (test_boot checks).
  const link = Object.assign(document.createElement("link"), { rel, href: `./build/${file}` });
  if (rel === "preload") Object.assign(link, { as: "fetch", crossOrigin: "anonymous" });
  document.head.append(link);
}
// The interpreter starts now, in parallel with PyScript's own start, which is handed it (interpreter.mjs).
import("./interpreter.mjs").catch((error) => fail(`interpreter.mjs ${say("boot_not_loaded")} (${error.message})`));

// The table's rule for a page still being parsed (sixes.css: its parts hidden until the parser has read its last
// child, #announce) is done with once a module script runs, the page parsed: dropped, as its :has() had every change
// in the table restyle all of it, ~15 ms a move on the phone profile (issue #54, bench/round_trace.py).
const parsing = (rule) => rule.selectorText?.includes(":has(> #announce)");
function dropParsingRule() {
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = [...sheet.cssRules]; } catch { continue; } // (a sheet not yet loaded, or of another origin)
    const at = rules.findIndex(parsing);
    if (at >= 0) { sheet.deleteRule(at); return true; }
  }
  return false;
}
if (!dropParsingRule()) addEventListener("load", dropParsingRule, { once: true });

// --- A returning player's table, kept here, shown by the page's script after the table before Python is up ---------
// (docs/architecture.md)
// Kept: the parts the game draws and the header's words, never the page's structure, so a new deploy's markup
// is never replaced by an old one's.
const PARTS = [ // [selector, is its HTML the game's?]
  ["#table", false], [".seat:not(.you)", true], [".seat.you", false], [".you-head", true], ["#hand", true],
  ["#status", true], ["#pass", true], ["#hint", false], ["[data-column]", true], ["#pot", true],
  ["#casual-mark", false], ["#take-back", false], ["#narration", true], ["#round-label", true],
];
let keeping = null; // the position (controller.table_key) of a table waiting to be kept

function keepTable() {
  const kept = { key: keeping, lang: root.lang, dir: root.dir, deck: root.dataset.deck, parts: [], words: {},
    ranks: hand.ranks, flight: hand.flight, variant: root.dataset.variant };
  keeping = null;
  if (root.dataset.turn === "guide") return; // a guided deal took the table since the save: it is never kept
  for (const [selector, html] of PARTS) {
    for (const element of document.querySelectorAll(selector)) {
      const attributes = Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value]));
      kept.parts.push([selector, html ? element.innerHTML : null, attributes]);
    }
  }
  for (const element of document.querySelectorAll("header [data-say]")) kept.words[element.dataset.say] = element.textContent;
  try { localStorage.setItem(tableKey, JSON.stringify(kept)); } catch { /* full or refused: the boot screen next time */ }
}

function tapped(event) {
  if (root.dataset.state !== "booting" || early) return; // (one card: the first one tapped is on its way)
  // Found by where the finger landed: an inert button is never an event's target.
  const button = [...document.querySelectorAll("#hand [data-card]:not([disabled])")].find((card) => {
    const box = card.getBoundingClientRect();
    return event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
  });
  const end = button && openEnd(button.dataset.card, shown.ranks ?? "");
  if (!end) return;
  lay(button, end, shown.flight ?? 0);
  early = { card: button.dataset.card, key: shown.key };
}

// Work the page can put off: run once it is idle, within `timeout` ms. The page's one (interpreter.mjs and Python
// use it too); Safari has no requestIdleCallback, so there it waits a fifth of the timeout.
globalThis.sixesWhenIdle = globalThis.requestIdleCallback
  ? (callback, timeout) => requestIdleCallback(callback, { timeout })
  : (callback, timeout) => setTimeout(callback, timeout / 5);
let shown = null;
let early = null;
// The page is going: a table drawn now (Python's own pagehide, which runs after this script's, writes what waits and
// draws it) is kept at once, since no idle time comes. A phone may kill a hidden tab without a pagehide: hidden, the
// table waiting is kept too.
let leaving = false;
globalThis.sixesTable = {
  // Called after each draw: the table is kept once the page is idle, or as the page goes.
  keep(key) {
    if (keeping === null && !leaving) sixesWhenIdle(() => keeping !== null && keepTable(), 1000);
    keeping = key;
    if (leaving) keepTable();
  },
  // The card tapped on the kept table before Python was up, once: {card, key} or null.
  tapped() {
    const tap = early;
    early = null;
    return tap;
  },
};
addEventListener("pagehide", () => {
  leaving = true;
  if (keeping !== null) keepTable();
});
addEventListener("pageshow", () => { leaving = false; }); // (back from the back-forward cache)
document.addEventListener("visibilitychange", () => document.hidden && keeping !== null && keepTable());

// A flight: ``element`` drawn where it will lie moves from the box ``from`` to the box ``to`` (FLIP: both measured
// before anything was written), only its transform animated; then it lands, or goes if it was only a token.
function fly(element, from, to, duration, goes) {
  const dx = from.left + from.width / 2 - to.left - to.width / 2;
  const dy = from.top + from.height / 2 - to.top - to.height / 2;
  element.classList.add("flying"); // above every other card while it flies
  element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" })
    .onfinish = () => (goes ? element.remove() : element.classList.remove("flying"));
}

// The person's card leaves the hand in the tap's own task: laid here, and played by Python once that frame is
// painted (taps.Taps.tapped), or at once if the page goes first. Anything else goes on to Python.
let tap = null; // [card, the table's moves] drawn and not yet played
function playTap() {
  if (tap === null) return;
  const [card, moves] = tap;
  tap = null;
  hand.play(card, moves);
}
const hand = { play: null, ranks: "", flight: 0, audio: null, fly, flush: playTap };
globalThis.sixesHand = hand;
addEventListener("pagehide", playTap); // (before Python's own listeners, which write what waits)
document.addEventListener("visibilitychange", () => document.hidden && playTap());
// A card of the hand takes no focus from a press (as in Safari; keys still reach it): hiding or removing the
// focused element makes the browser style and lay out the page at once, in the tap's task (8 ms at CPU ×4).
document.addEventListener("mousedown", (event) => event.target.closest?.("#hand button") && event.preventDefault());
// The open end of its column that the card (e.g. "7D") fills, if any; ``ranks``: the ranks in order.
function openEnd(card, ranks) {
  const [rank, suit] = card;
  return ranks.includes(rank) && document.querySelector(`#table [data-column="${suit}"] > .end[data-slot="${ranks.indexOf(rank)}"]`);
}

// The card of the hand's ``button`` takes the place of the open ``end`` it fills and flies there; the hand, Pass and
// Hint are disabled, so a second tap is not taken. Returns the card laid.
function lay(button, end, flight) {
  const from = button.getBoundingClientRect(), to = end.getBoundingClientRect();
  const card = document.createElement("span");
  card.className = "card";
  Object.assign(card.dataset, { card: button.dataset.card, suit: button.dataset.card[1], slot: end.dataset.slot });
  card.innerHTML = button.innerHTML; // (Python puts the name a laid card has)
  end.replaceWith(card);
  button.hidden = true; // (Python's drawing removes it)
  for (const other of document.querySelectorAll("#hand button, #pass, #hint")) other.disabled = true;
  if (flight) fly(card, from, to, flight, false);
  return card;
}

// The card of the hand's ``button`` laid in the open ``end`` of its column, to be played once its frame is painted.
function play(button, end) {
  tap = [lay(button, end, hand.flight).dataset.card, Number(root.dataset.moves)];
  root.dataset.turn = "bots";
  if (hand.audio?.state === "suspended") hand.audio.resume(); // (a browser lets it play only in a tap's task)
  if (document.hidden) setTimeout(playTap); // (a hidden page paints no frames)
  else requestAnimationFrame(() => setTimeout(playTap));
}
// Whether a press on the hand's ``button`` may play it now (a tap or a drag): Python has armed the hand, the card is
// playable and the table waits for the person.
const playable = (button) => Boolean(hand.play && button?.matches("#hand button:enabled") && root.dataset.turn === "you");

// A card dragged onto its own column plays as a tap does (card players on a desktop drag first); dropped anywhere
// else it goes back. A press becomes a drag only once the pointer has moved DRAG px, so a tap stays a tap; the
// card follows by its transform alone. (A finger drags only where the card has `touch-action: none`, sixes.css:
// else the browser takes the move to pan and cancels the pointer, and the card goes back.)
const DRAG = 8;
let drag = null; // the press on a card: {button, id, x, y, lift}; lift is its own transform once it is a drag
let dragged = false; // a drag just ended: the click the browser sends after it is no tap
document.addEventListener("pointerdown", (event) => {
  if (!event.isPrimary) return; // (a second finger neither drags nor ends the first one's drag)
  dragged = false;
  if (drag && drag.lift !== null) putBack(drag.button); // (a press whose end never came: a new one means it is over)
  drag = null;
  const button = event.target.closest?.("#hand button");
  if (event.button !== 0 || !playable(button)) return;
  drag = { button, id: event.pointerId, x: event.clientX, y: event.clientY, lift: null };
}, true);
document.addEventListener("pointermove", (event) => {
  if (event.pointerId !== drag?.id) return;
  const { button } = drag, dx = event.clientX - drag.x, dy = event.clientY - drag.y;
  if (drag.lift === null) {
    if (Math.hypot(dx, dy) < DRAG) return;
    if (!playable(button)) { // (the table moved on since the press)
      drag = null;
      return;
    }
    const lift = getComputedStyle(button).transform; // (a playable card stands raised out of the hand)
    drag.lift = lift === "none" ? "" : lift;
    button.setPointerCapture(event.pointerId); // (its events follow the pointer over anything)
    Object.assign(button.style, { transition: "none", zIndex: 70 }); // on the pointer at once, above every card
  }
  button.style.transform = `translate(${dx}px, ${dy}px) ${drag.lift}`;
}, true);
document.addEventListener("pointerup", (event) => {
  if (event.pointerId !== drag?.id) return;
  const { button, lift } = drag;
  drag = null;
  if (lift === null) return; // a tap: its click plays it
  // Python's own pointerup would take the card laid, now disabled, for one that cannot be played and say why.
  event.stopImmediatePropagation();
  dragged = true;
  const column = document.querySelector(`#table [data-column="${button.dataset.card[1]}"]`)?.getBoundingClientRect();
  const over = column && event.clientX >= column.left && event.clientX <= column.right
    && event.clientY >= column.top && event.clientY <= column.bottom;
  const end = over && playable(button) && openEnd(button.dataset.card, hand.ranks);
  if (!end) return putBack(button);
  play(button, end); // (it flies from where it was dropped: lay measures the card where it is)
  Object.assign(button.style, { transition: "", zIndex: "", transform: "" }); // (hidden now; Python removes it)
}, true);
document.addEventListener("pointercancel", (event) => {
  if (event.pointerId !== drag?.id) return;
  if (drag.lift !== null) putBack(drag.button);
  drag = null;
}, true);
// The card dragged and not played slides back to its place in the hand.
function putBack(button) {
  const from = button.style.transform;
  button.style.transform = "";
  button.animate([{ transform: from }, { transform: getComputedStyle(button).transform }],
    { duration: 150, easing: "ease-out" })
    .onfinish = () => Object.assign(button.style, { transition: "", zIndex: "" });
}

document.addEventListener("click", (event) => {
  if (dragged && event.detail !== 0) { // (a key's click counts none, and is never a drag's)
    dragged = false;
    event.stopImmediatePropagation();
    event.preventDefault();
    return;
  }
  const button = event.target.closest?.("#hand button");
  if (!playable(button) || event.detail === 0) return;
  const end = openEnd(button.dataset.card, hand.ranks);
  if (!end) return;
  event.stopImmediatePropagation();
  play(button, end);
}, true);

// The kept table (the page's script after the table) or a first visit's (first.js), shown and made inert before the
// first paint: given back once Python is up; a card tapped on the kept table meanwhile is laid at once (tapped).
{
  const { kept, marked } = globalThis.sixesBoot ?? {};
  if (kept) {
    shown = kept;
    // The family's column shape (sixes.css reads html[data-variant]): a kept Sevens table laid out as Sixes' until
    // Python was up put its J, Q and K above the felt, then jumped.
    if (kept.variant && !root.dataset.variant) root.dataset.variant = kept.variant;
    document.addEventListener("click", tapped, true);
  }
  if (marked) {
    new MutationObserver((_, watch) => {
      if (root.dataset.state === "booting") return;
      watch.disconnect();
      document.removeEventListener("click", tapped, true);
      if (root.dataset.state === "ready") for (const element of marked) element.inert = false;
    }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
  }
}

// PyScript shows Python's own errors as .py-error elements.
new MutationObserver(() => {
  if (document.querySelector(".py-error")) fail(say("boot_python_error"));
}).observe(document.body, { childList: true, subtree: true });

setTimeout(() => {
  if (root.dataset.state === "booting") text.textContent = say("boot_slow");
}, 20000);

// A second copy of the game, in IndexedDB (docs/storage.md, "A browser killed"): a browser writes localStorage to disk
// late (Chromium and Firefox 5 s after a save, Chromium then at most once a minute), so a browser killed within that
// time comes back to an earlier save; a transaction made durable before `complete` is on disk at once. Python writes
// it after every save of the game (storage.Store) and reads it as it starts; nothing here throws: a browser without
// IndexedDB, or one that refuses it, simply has no copy.
{
  let opened = null;
  const store = (mode) => {
    opened ??= new Promise((done, failed) => {
      const asked = indexedDB.open("sixes", 1);
      asked.onupgradeneeded = () => asked.result.createObjectStore("copies");
      asked.onsuccess = () => done(asked.result);
      asked.onerror = () => failed(asked.error);
    });
    return opened.then((db) => db.transaction("copies", mode, { durability: "strict" }));
  };
  // The copy {seq, text} kept under `key` (text null: the key was removed), or null if there is none.
  const read = (key) => store("readonly").then((tx) => new Promise((done) => {
    const asked = tx.objectStore("copies").get(key);
    asked.onsuccess = () => done(asked.result ?? null);
    asked.onerror = () => done(null);
  })).catch(() => null);
  globalThis.sixesCopy = {
    read,
    put: (key, seq, text) => store("readwrite").then((tx) => {
      tx.objectStore("copies").put({ seq, text }, key);
    }).catch(() => undefined),
    game: read("sixes.game"), // read now, while Python loads: its start only awaits what is done
  };
}
