// A returning player's table, kept by boot.js as the game drew it, shown as soon as the parser has read the table:
// a classic script right after it, with the dialogs (most of the page) still to come; boot.js, a module script, runs
// only once the whole page is parsed. (A phone may still paint the boot screen once before this runs.) Shown unless
// the page was asked for a deal, a table of bots or another language than the table's; then the boot screen, as on
// a first visit (first.js shows its table once the page is parsed). (In a block: a classic script's names are every
// script's.)
{
  const root = document.documentElement;
  const boot = globalThis.sixesBoot;
  const params = new URLSearchParams(location.search);

  // A table shown before Python is up (kept, or a first visit's) takes no press until Python is: its elements made
  // inert, for boot.js to give back then. The header's heading stays out of it: a screen reader finds the page's
  // title while Python loads.
  boot.inert = () => {
    const marked = [...document.querySelectorAll("header.bar > :not(h1), #table > :not(#boot)")];
    for (const element of marked) element.inert = true;
    return marked;
  };

  const show = (kept) => {
    sixesShowParts(kept.parts);
    for (const element of document.querySelectorAll("header [data-say]")) {
      element.textContent = kept.words[element.dataset.say] ?? element.textContent;
    }
    Object.assign(root, { lang: kept.lang, dir: kept.dir });
    root.dataset.deck = kept.deck;
    root.dataset.shown = "saved";
    document.getElementById("boot-progress").hidden = true;
    document.getElementById("boot-text").textContent = boot.say("boot_resuming");
    performance.mark("sixes-table-shown");
  };

  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(boot.tableKey)); } catch { /* none, or unreadable: the boot screen */ }
  if (location.protocol !== "file:" && kept?.parts && kept.lang === boot.lang && !params.has("seed") && !params.has("bots")) {
    try {
      show(kept);
      boot.kept = kept;
      boot.marked = boot.inert();
    } catch (error) { // a kept table from who knows where: Python draws over whatever it did
      console.warn("Sixes: the kept table could not be shown:", error);
    }
  }
}
