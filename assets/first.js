// A table's parts put on the page, [selector, its inner HTML or null, its attributes] (the n-th part of a selector on
// its n-th element); of the attributes that toggle, one a part does not list is removed. A first visit's table
// (below) and a returning player's kept one (boot.js) are shown with it. (In a block: a classic script's names
// would be every script's.)
{
  const TOGGLED = ["disabled", "hidden", "aria-current"];
  globalThis.sixesShowParts = (parts) => {
    const counts = {};
    for (const [selector, html, attributes] of parts) {
      const element = document.querySelectorAll(selector)[counts[selector] = (counts[selector] ?? -1) + 1];
      if (!element) continue;
      for (const name of TOGGLED) if (!(name in attributes)) element.removeAttribute(name);
      for (const [name, value] of Object.entries(attributes)) {
        if (name === "style") element.style.cssText = value; // (the CSP refuses a style attribute, not the CSSOM)
        else if (name !== "id") element.setAttribute(name, value);
      }
      if (html !== null) element.innerHTML = html;
    }
  };

  // The page's fixed words in the person's language, for Python's speak (sixes/browser/draw.py) and a first visit's
  // table: two calls, not three for each of some ninety elements, which took a good part of a returning player's
  // start on a phone.
  const SAID = [ // [the attribute naming a word, where the word goes]
    ["data-say", (element, word) => { element.textContent = word; }],
    ["data-say-label", (element, word) => element.setAttribute("aria-label", word)],
    ["data-say-title", (element, word) => { element.title = word; }],
  ];
  const said = () => SAID.flatMap(([attribute, put]) =>
    [...document.querySelectorAll(`[${attribute}]`)].map((element) => [element.getAttribute(attribute), element, put]));
  globalThis.sixesWords = {
    named: () => [...new Set(said().map(([key]) => key))],
    put(words) {
      for (const [key, element, put] of said()) if (key in words) put(element, words[key]);
    },
  };
}

// The page's looks before the first paint (docs/architecture.md, "Looks"), from the saved settings as Python keeps
// them: <html data-theme> the theme in effect (the setting, or the system's while it says "system", followed as it
// changes) and data-card-size; the browser's own bar (theme-color) follows the theme. Python calls sixesLooks again
// when a setting changes.
{
  const root = document.documentElement;
  const dark = matchMedia("(prefers-color-scheme: dark)");
  const BAR = { light: "#1d6b45", dark: "#143a28" }; // each theme's felt (sixes.css --felt)
  let chosen = "system";
  const show = () => {
    const theme = chosen === "system" ? (dark.matches ? "dark" : "light") : chosen;
    root.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", BAR[theme]);
  };
  dark.addEventListener("change", () => chosen === "system" && show());
  globalThis.sixesLooks = (theme, size) => {
    chosen = theme === "light" || theme === "dark" ? theme : "system";
    root.dataset.cardSize = size === "large" || size === "compact" ? size : "normal";
    show();
  };
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem("sixes.settings")); } catch { /* none, or unreadable: the defaults */ }
  sixesLooks(saved?.theme, saved?.card_size);
}

// The page's first words: a classic script, so that it runs from a file too (browsers refuse module scripts
// there), and from <head>, so that the first paint shows what it decides: the person's language (as the
// controller chooses it), the boot screen's words (written before this in build/first.js by tools/boot_words.py),
// and from a file how to serve the game. (A checkout never built has no build/first.js: sixes.css shows the file's
// note, in English, on a page this never ran in, html without data-words.)
{
  const root = document.documentElement;
  const all = globalThis.sixesBootWords;
  const params = new URLSearchParams(location.search);
  const asked = params.get("lang")?.toLowerCase();
  let saved;
  try {
    const settings = localStorage.getItem("sixes.settings");
    saved = JSON.parse(settings)?.lang;
    // A first visit (as the controller decides) gets the guided deal: its words' row is held from the first paint
    // (sixes.css), so the table does not jump when they come.
    if (settings === null && localStorage.getItem("sixes.game") === null && !params.has("seed") && !params.has("bots")) {
      root.dataset.welcome = "";
    }
  } catch { /* no storage: not saved, and no guided deal */ }
  const browser = (navigator.languages || []).map((tag) => tag.split("-")[0].toLowerCase()).find((l) => l in all);
  const lang = [asked, saved, browser].find((l) => l in all) ?? "en";
  const words = all[lang] ?? {};
  const first = root.dataset.welcome !== undefined && JSON.parse(globalThis.sixesFirstTable)[lang];
  // For the kept table's script (index.html, after the table) and boot.js: the language of these seconds, a word by
  // its key (the English of index.html without one), where the kept table is, and once shown the kept table and the
  // elements made inert (that script).
  globalThis.sixesBoot = { lang, say: (key) => words[key] ?? key, tableKey: "sixes.table.v1", kept: null, marked: null };
  root.lang = lang;
  root.dataset.words = lang;
  if (location.protocol === "file:") root.dataset.state = "file";
  // Each word put in as the parser adds its element: an observer's callback runs before the task ends, so
  // before any paint. Every such element is in #boot: once it is parsed (the parser has added what follows it),
  // the observer stops, so that the parser adds the table and the dialogs unobserved (on a phone, CPU x4, the
  // callbacks for them took ~40 ms before a returning player's table).
  const put = (element) => { element.textContent = words[element.dataset.boot] ?? element.textContent; };
  const parsing = new MutationObserver((records) => {
    for (const { addedNodes } of records) {
      for (const node of addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        if (node.dataset.boot) put(node); // (the parser adds each element on its own: none to look for below it)
      }
    }
    if (document.getElementById("boot")?.nextElementSibling) parsing.disconnect();
  });
  parsing.observe(document, { childList: true, subtree: true });
  // Parsed: before the module scripts run, so that a first visit's table is drawn unobserved.
  document.addEventListener("readystatechange", () => {
    if (location.protocol === "file:") {
      document.getElementById("file-note").hidden = false;
      return;
    }
    if (first && !globalThis.sixesBoot.kept) {
      // A first visit: the guided deal's first table as Python will draw it (tools/boot_words.py), in this frame,
      // so that the player sees the deal they are about to play under the rules in short while Python loads.
      sixesShowParts(first.parts);
      sixesWords.put(first.words);
      document.getElementById("guide-text").textContent = first.guide[matchMedia("(pointer: coarse)").matches ? 1 : 0];
      root.dataset.shown = "first";
      globalThis.sixesBoot.marked = globalThis.sixesBoot.inert();
    }
  }, { once: true });
}
