// The page's first words, before any module runs: a classic script, so that it also runs from a file
// (file://), where browsers refuse module scripts and the game cannot start. It picks the person's language
// (?lang=, else the saved settings, else the browser's first language the game knows; as
// sixes/browser/controller.py chooses), puts the words of the boot screen (data-boot: the steps and a first
// visit's rules in short) in it from build/words.js, and from a file says how to serve the game instead.
{
  const root = document.documentElement;
  const all = globalThis.sixesBootWords ?? {};
  const asked = new URLSearchParams(location.search).get("lang")?.toLowerCase();
  let saved;
  try { saved = JSON.parse(localStorage.getItem("sixes.settings"))?.lang; } catch { /* no storage: not saved */ }
  const browser = (navigator.languages || []).map((tag) => tag.split("-")[0].toLowerCase()).find((l) => l in all);
  const lang = [asked, saved, browser].find((l) => l in all) ?? "en";
  const words = all[lang] ?? {};
  // For boot.js: the language of these seconds, and a word by its key (the English of index.html without one).
  globalThis.sixesBoot = { lang, say: (key) => words[key] ?? key };
  root.lang = lang;
  for (const element of document.querySelectorAll("[data-boot]")) {
    element.textContent = words[element.dataset.boot] ?? element.textContent;
  }
  // (in English from index.html if build/words.js is not there either: a checkout never built)
  if (location.protocol === "file:") {
    root.dataset.state = "file";
    document.getElementById("file-note").hidden = false;
  }
}
