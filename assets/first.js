// The page's first words: a classic script, so that it runs from a file too (browsers refuse module scripts
// there), and from <head>, so that the first paint shows what it decides: the person's language (as the
// controller chooses it), the boot screen's words from build/words.js, and from a file how to serve the game.
{
  const root = document.documentElement;
  const all = globalThis.sixesBootWords ?? {};
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
  // Parsed: before the module scripts run, so that a returning player's table (boot.js) is drawn unobserved.
  document.addEventListener("readystatechange", () => {
    parsing.disconnect(); // (boot.js, which runs next, writes the boot's steps over these words)
    if (location.protocol === "file:") document.getElementById("file-note").hidden = false;
  }, { once: true });
}
