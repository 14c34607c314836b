"""The boot on a phone-class device (issues #19, #35), in headless Chromium emulating one; with --desktop, the
same visits unthrottled (issues #3, #4 and #10 asked that of the desktop: bench/boot.py and bench/visits.py then).

The phone profile and the built site as Pages serves it: bench/phone_profile.py. Each run is one browser profile
on disk per page, and in it:
- first visit: navigation → ready (`sixes-ready`), the game's own start (PyScript's `py:ready` → ready), and the
  bytes downloaded until then (gzipped, as sent); then the guided deal is skipped (a new player's real game), and
  the run waits until the service worker has precached the site and the page has made its interpreter's snapshot
  for the next visit: the bytes the server has sent by then;
- repeat visit: a new tab in the same profile, served by the worker: navigation → the saved table on the
  screen (`sixes-table-shown`, the page's script after the table, boot.js before #45; absent before issue #19) and
  → the frame that shows it painted (issue #45: a frame may come between), → the interpreter restored from the
  snapshot (`sixes-snapshot-restored`) and → ready, the table playable; the bytes the server sent for it;
- first tap (issue #35): another repeat visit, where a playable card of the kept table is tapped as soon as it
  is shown, Python not yet up: the click's time → the card in its column (in the DOM, then its frame painted).
- after it, in the same profile, the floors under that repeat visit, each to its one line of Python: the
  restore alone (bench/floor_restore.html: the game's boot.js and interpreter.mjs, no PyScript) and the
  restore with PyScript as the game configures it (bench/floor_pyscript.html), so that what is the
  runtime's, what is PyScript's and what is the game's own start can be told apart.
The anchor, a bare PyScript page on the stock npm runtime (bench/boot_bare.html, one line of Python), is
visited the same way (its repeat visit from the HTTP cache), and so is the first visit's floor, that bare page
on the game's own runtime and preloads (bench/boot_floor.html); the pages are alternated run by run.
`--before DIR` adds another checkout's game (a worktree of main, after its own `make -C DIR build`: links to this
checkout's node_modules or .venv would be emptied by its `npm ci` or re-pointed by its `pip install -e`), for A/B
figures in one run. Any renderer crash is counted and printed.

Run: .venv/bin/python bench/phone.py [--runs 5] [--before DIR] [--desktop] [--json]
"""

import argparse
import json
import os
import pathlib
import re
import statistics

from phone_profile import KEPT, ROOT, browser, mark, open_page, profile_name, ready_for_next_visit, served, wait_mark
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

PAINT = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
# When PyScript is about to run the page's Python: the game's own start is from there to ready.
PY_READY = "addEventListener('py:ready', () => performance.mark('bench-py-ready'), { once: true })"
# When the kept table's frame is painted: the frame after the page's script shows it (html[data-shown=saved]), timed
# as the first tap's figure below is; the mark "sixes-table-shown" is when it is in the DOM.
TABLE_FRAME = """new MutationObserver((_, watch) => {
  if (document.documentElement.dataset.shown !== "saved") return;
  watch.disconnect();
  requestAnimationFrame(() => setTimeout(() => performance.mark("bench-table-frame")));
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-shown"] });"""
SETTLED = "'you', 'round-over'"  # the turns the person acts on here (docs/testing.md's settled marker)
# What the page downloaded until a moment, as sent over the wire (gzip), headers included.
TRANSFERRED = """(until) => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .filter((entry) => entry.startTime <= until).reduce((sum, entry) => sum + entry.transferSize, 0)"""


FLOORS = ("floor_restore", "floor_pyscript")


def add_floors(site):
    """The floor pages into the built ``site``, each with the game's snapshot meta (its build's name), and the
    game's own PyScript config (its <mpy-config> and its script's opening tag) where a floor says CONFIG."""
    game = (site / "index.html").read_text()
    meta = re.search(r'<meta name="snapshot"[^>]*>', game).group(0)
    config = re.search(r"<mpy-config.*?<script type=\"py\"[^>]*>", game, re.DOTALL).group(0)
    for floor in FLOORS:
        page = (ROOT / "bench" / f"{floor}.html").read_text().replace("<head>", f"<head>\n  {meta}", 1)
        (site / f"{floor}.html").write_text(page.replace("<!-- CONFIG -->", config))


def visit(context, url, crashes, desktop):
    page = open_page(context, desktop=desktop)
    page.on("crash", lambda _page: crashes.append(f"{url} ({len(context.pages)} tabs open)"))
    page.goto(url)
    return page


def counting_crashes(visit_page, playwright, url, crashes, desktop, **options):
    """One run of ``visit_page``; a renderer crash is counted (``crashes``) and the run left out, not the bench."""
    try:
        return visit_page(playwright, url, crashes, desktop, **options)
    except PlaywrightError as error:
        if "crash" not in str(error).lower():
            raise
        crashes.append(f"{url}: {str(error).splitlines()[0]}")
        return None


def own_start(page, ready):
    """PyScript's py:ready → ready (ms), or None if the page has no such event."""
    py_ready = mark(page, "bench-py-ready")
    return None if py_ready is None else ready - py_ready


def visit_game(playwright, url, crashes, desktop, sent, floors=False):
    """One run of the game's visits in a new profile; ``sent()`` is the bytes the server has sent so far."""
    result = {}
    with browser(playwright, desktop, init_scripts=[PY_READY, TABLE_FRAME]) as context:
        start = sent()
        page = visit(context, url, crashes, desktop)
        result["first_ms"] = wait_mark(page, "sixes-ready")
        result["first_own_start_ms"] = own_start(page, result["first_ms"])
        result["first_bytes"] = page.evaluate(TRANSFERRED, result["first_ms"])
        play_into_a_returning_player(page)
        result["first_sent_bytes"] = sent() - start  # the worker's precache and the snapshot's making included
        page.close()
        start = sent()
        page = visit(context, url, crashes, desktop)
        result["repeat_ms"] = wait_mark(page, "sixes-ready")
        result["repeat_own_start_ms"] = own_start(page, result["repeat_ms"])
        result["repeat_shown_ms"] = mark(page, "sixes-table-shown")
        result["repeat_frame_ms"] = mark(page, "bench-table-frame")
        result["repeat_restored_ms"] = mark(page, "sixes-snapshot-restored")
        result["repeat_paint_ms"] = page.evaluate(PAINT)
        result["repeat_by_worker"] = page.evaluate("!!navigator.serviceWorker.controller")
        result["repeat_sent_bytes"] = sent() - start
        page.close()
        page = visit(context, url, crashes, desktop)
        result.update(first_tap(page))
        page.close()
        if floors:
            for floor in FLOORS:
                page = visit(context, f"{url}{floor}.html?seed=1", crashes, desktop)
                result[f"{floor}_ms"] = wait_mark(page, "first-line")
                result[f"{floor}_restored"] = mark(page, "sixes-snapshot-restored") is not None
                page.close()
    return result


# Watches for the card tapped: the click's own time (a capture listener on window hears it before the page's),
# when the card is in its column, and when the frame after that is painted.
TAP_WATCH = """(card) => {
  const tap = window.benchTap = { card, state: null };
  addEventListener("click", (event) => {
    tap.at ??= event.timeStamp;
    tap.state ??= document.documentElement.dataset.state;
  }, true);
  const laid = () => document.querySelector(`[data-column] [data-card="${card}"]`);
  new MutationObserver((_, watch) => {
    if (!laid()) return;
    watch.disconnect();
    tap.laid = performance.now();
    requestAnimationFrame(() => setTimeout(() => { tap.painted = performance.now(); }));
  }).observe(document.getElementById("table"), { childList: true, subtree: true });
}"""


def play_into_a_returning_player(page):
    """From a first visit's ready page: a new player's real game (the guided deal skipped), played until a card of
    theirs can be played (for the first tap's visit), its table kept, the site precached and the snapshot made, so
    that the next visit in this profile is a returning player's."""
    page.click("#guide-skip")
    until_a_card_can_be_played(page)
    page.wait_for_function(KEPT, timeout=60_000, polling=100)
    ready_for_next_visit(page)


def until_a_card_can_be_played(page):
    """Play on (passing, the next round if the bots end this one) until it is the person's turn with a card they
    may play: a deal may give them none at first, and the first tap's visit taps one on the kept table."""
    while True:
        page.wait_for_function(f"[{SETTLED}].includes(document.documentElement.dataset.turn)", timeout=60_000)
        turn, moves = page.evaluate("[document.documentElement.dataset.turn, document.documentElement.dataset.moves]")
        if turn == "you" and page.locator("#hand [data-card]:enabled").count():
            return
        page.click("#pass" if turn == "you" else "#next-round")
        page.wait_for_function(
            f"(({{turn, moves}}) => turn !== '{turn}' || moves !== '{moves}')(document.documentElement.dataset)",
            timeout=60_000,
        )


def first_tap(page):
    """A tap on the kept table's first playable card as soon as the table is shown: the click → the card in its
    column, and → that frame painted (ms), and the page's state at the click (booting, if Python was not up)."""
    page.wait_for_function("document.documentElement.dataset.shown === 'saved'", timeout=60_000, polling=20)
    card = page.get_attribute("#hand [data-card]:not([disabled])", "data-card")
    page.evaluate(TAP_WATCH, card)
    box = page.locator(f'#hand [data-card="{card}"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("window.benchTap.painted !== undefined", timeout=180_000, polling=50)
    tap = page.evaluate("window.benchTap")
    wait_mark(page, "sixes-ready")
    return {
        "tap_laid_ms": tap["laid"] - tap["at"],
        "tap_painted_ms": tap["painted"] - tap["at"],
        "tap_while_booting": tap["state"] == "booting",
    }


def visit_bare(playwright, url, crashes, desktop):
    result = {}
    with browser(playwright, desktop) as context:
        for which in ("first", "repeat"):
            page = visit(context, url, crashes, desktop)
            result[f"{which}_ms"] = wait_mark(page, "first-line")
            if which == "first":
                result["first_bytes"] = page.evaluate(TRANSFERRED, result["first_ms"])
            page.close()
    return result


def median(runs, key):
    values = [run[key] for run in runs if run.get(key) is not None]
    return statistics.median(values) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", type=pathlib.Path, help="another checkout's game, alternated with this one's")
    parser.add_argument("--desktop", action="store_true", help="no CPU or network throttling, desktop viewport")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = {"game": ROOT}
    if args.before:
        games = {"before": args.before.resolve(), **games}
    crashes = []
    figures = {name: [] for name in [*games, "bare", "floor"]}
    with served(games, linked={"anchor": ROOT}) as site, sync_playwright() as playwright:
        add_floors(site.site("game"))
        sent = lambda: site.sent
        for _ in range(args.runs):
            for name in games:
                figures[name].append(
                    counting_crashes(
                        visit_game, playwright, site.url(name), crashes, args.desktop, sent=sent, floors=name == "game"
                    )
                )
            for name, page in (("bare", "boot_bare"), ("floor", "boot_floor")):
                url = f"{site.origin}anchor/bench/{page}.html"
                figures[name].append(counting_crashes(visit_bare, playwright, url, crashes, args.desktop))
    figures = {name: [run for run in runs if run] for name, runs in figures.items()}
    result = {name: {key: median(runs, key) for key in runs[0]} | {"runs": runs} for name, runs in figures.items()}
    result["crashes"] = crashes
    result["load"] = os.getloadavg()
    if args.json:
        print(json.dumps(result, indent=1))
        return
    bare = result["bare"]
    print(
        f"{profile_name(args.desktop)}, medians of {args.runs} alternated runs, load {result['load'][0]:.1f} at the end"
    )
    print(
        f"  bare PyScript, stock runtime: first visit {bare['first_ms']:.0f} ms, repeat {bare['repeat_ms']:.0f} ms, "
        f"first-visit bytes {bare['first_bytes'] / 1e6:.2f} MB"
    )
    floor = result["floor"]
    print(
        f"  the same on the game's runtime (the first visit's floor): first visit {floor['first_ms']:.0f} ms, "
        f"repeat {floor['repeat_ms']:.0f} ms, first-visit bytes {floor['first_bytes'] / 1e6:.2f} MB"
    )
    for name in games:
        game = result[name]
        shown, frame, restored = game["repeat_shown_ms"], game["repeat_frame_ms"], game["repeat_restored_ms"]
        print(f"  {name} ({games[name]}):")
        print(
            f"    first visit → ready {game['first_ms']:.0f} ms = {game['first_ms'] / bare['first_ms']:.2f} of bare; "
            f"bytes {game['first_bytes'] / 1e6:.2f} MB; the game's own start (py:ready → ready) "
            f"{game['first_own_start_ms']:.0f} ms; the server sent {game['first_sent_bytes'] / 1e6:.2f} MB by the time "
            f"the worker had precached the site and the snapshot was made"
        )
        print(
            f"    returning → first paint {game['repeat_paint_ms']:.0f} ms, "
            f"table shown {'—' if shown is None else f'{shown:.0f} ms'} "
            f"(its frame painted {'—' if frame is None else f'{frame:.0f} ms'}), "
            f"interpreter restored {'—' if restored is None else f'{restored:.0f} ms'}, "
            f"→ playable {game['repeat_ms']:.0f} ms = {game['repeat_ms'] / bare['repeat_ms']:.2f} of bare's repeat; "
            f"served by the worker: {all(run['repeat_by_worker'] for run in game['runs'])}, "
            f"the server sent at most {max(run['repeat_sent_bytes'] for run in game['runs'])} B"
        )
        print(
            f"    first tap on the kept table → the card in its column {game['tap_laid_ms']:.0f} ms, "
            f"its frame painted {game['tap_painted_ms']:.0f} ms "
            f"(Python not yet up at every tap: {all(run['tap_while_booting'] for run in game['runs'])})"
        )
        if "floor_restore_ms" in game:
            restore, pyscript = game["floor_restore_ms"], game["floor_pyscript_ms"]
            every_time = all(run[f"{floor}_restored"] for run in game["runs"] for floor in FLOORS)
            print(
                f"    floors after that repeat visit: the restore alone → a line of Python {restore:.0f} ms, "
                f"with PyScript {pyscript:.0f} ms (restored from the snapshot every time: {every_time}); "
                f"so PyScript {pyscript - restore:.0f} ms, the game's own start {game['repeat_ms'] - pyscript:.0f} ms"
            )
        print(
            f"    every run: first {[round(r['first_ms']) for r in game['runs']]}, "
            f"repeat {[round(r['repeat_ms']) for r in game['runs']]}"
        )
    print(f"  renderer crashes: {len(crashes)} {crashes or ''}")


if __name__ == "__main__":
    main()
