// The page's first words, before any module runs: a classic script, so that it also runs from a file
// (file://), where browsers refuse module scripts and the game cannot start. Run from <head>, before the body
// is parsed, so that the first paint already shows what it decides: the person's language (?lang=, else the
// saved settings, else the browser's first language the game knows; as sixes/browser/controller.py chooses),
// the words of the boot screen (data-boot: the steps and a first visit's rules in short) in it from
// build/words.js, the room a first visit's guided deal will take, and from a file how to serve the game.
{
  const root = document.documentElement;
  const all = globalThis.sixesBootWords ?? {};
  const params = new URLSearchParams(location.search);
  const asked = params.get("lang")?.toLowerCase();
  let saved;
  try {
    const settings = localStorage.getItem("sixes.settings");
    saved = JSON.parse(settings)?.lang;
    // A first visit, as the controller decides (no settings, no game, no link to a deal or a table of bots), is
    // taught by the guided deal, whose words take the narration's row: held for them from the first paint
    // (sixes.css), so the table does not jump when they come.
    if (settings === null && localStorage.getItem("sixes.game") === null && !params.has("seed") && !params.has("bots")) {
      root.dataset.welcome = "";
    }
  } catch { /* no storage: not saved, and no guided deal */ }
  const browser = (navigator.languages || []).map((tag) => tag.split("-")[0].toLowerCase()).find((l) => l in all);
  const lang = [asked, saved, browser].find((l) => l in all) ?? "en";
  const words = all[lang] ?? {};
  // For boot.js: the language of these seconds, and a word by its key (the English of index.html without one).
  globalThis.sixesBoot = { lang, say: (key) => words[key] ?? key };
  root.lang = lang;
  // (in English from index.html if build/words.js is not there either: a checkout never built)
  if (location.protocol === "file:") root.dataset.state = "file";
  // Each word put in as the parser adds its element: an observer's callback runs before the task ends, so
  // before any paint.
  const put = (element) => { element.textContent = words[element.dataset.boot] ?? element.textContent; };
  const parsing = new MutationObserver((records) => {
    for (const { addedNodes } of records) {
      for (const node of addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        if (node.dataset.boot) put(node);
        node.querySelectorAll("[data-boot]").forEach(put);
      }
    }
  });
  parsing.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => {
    parsing.disconnect(); // (boot.js, which has run by now, writes the boot's steps over these words)
    if (location.protocol === "file:") document.getElementById("file-note").hidden = false;
  });
}
