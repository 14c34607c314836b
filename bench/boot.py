"""The page's figures, in headless Chromium on this machine (issues #3 and #10):

1. boot: navigation → html[data-state=ready] on the game, against navigation → the first Python
   line of a bare PyScript page on the UNMODIFIED npm runtime (bench/boot_bare.html: what any
   PyScript app gets, the anchor). Medians of --boots cold boots, each in a fresh browser context,
   the pages alternated. Target ≤ 0.40 of the anchor (issue #10; aim 0.30). And the floor: that
   same bare page on the runtime the game ships (bench/boot_floor.html: build/pyodide, with the
   game's preloads), which no change to the game's own code can beat.
2. the game's own start: py:ready (PyScript is about to run the page's script) → ready.
3. click latency: a click on a legal card → the next frame with that card in its column
   (input event timestamp to requestAnimationFrame). Target < 50 ms.
4. longest main-thread task (PerformanceObserver 'longtask') after the page is ready, while
   hard bots play a whole round at normal speed. Target ≤ 50 ms (issue #12: the search runs in slices).
5. first-visit bytes: every file the page fetched until ready, gzipped (level 6, as a static
   host sends them; an archive barely shrinks).

--root serves another checkout with these same measurements, e.g. one of main before a change, built by its own
`make build` (which gives it its own node_modules and a venv with Babel: a link to this checkout's would be
emptied by the `npm ci`, or re-pointed at that checkout by the `pip install -e`, that its make runs there):
  git worktree add /tmp/before main && make -C /tmp/before build && \\
  .venv/bin/python bench/boot.py --root /tmp/before
(the anchor is always this checkout's bench/boot_bare.html on node_modules/pyodide).

Run: make bench   (or .venv/bin/python bench/boot.py [--boots 8] [--root DIR] [--json])
"""

import argparse
import gzip
import json
import pathlib
import statistics
import sys
import tempfile
import urllib.parse

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import serve
from conftest import CHROMIUM, QUIET
from test_page import play_round

# Installed before any page script: when PyScript is about to run the page's Python, the time
# from a click's input event to the first frame after its card is in a column, and long tasks.
PROBE = """
window.clickLatencies = [];
addEventListener('click', (event) => {
  const card = event.target.closest('#hand [data-card]')?.dataset.card;
  if (!card) return;
  const shown = () => document.querySelector(`[data-column] [data-card="${card}"]`);
  const frame = () => requestAnimationFrame(() => clickLatencies.push(performance.now() - event.timeStamp));
  if (shown()) { frame(); return; }
  const watch = new MutationObserver(() => { if (shown()) { watch.disconnect(); frame(); } });
  watch.observe(document.body, {childList: true, subtree: true});
}, true);
window.pyReady = null;
addEventListener('py:ready', () => { pyReady ??= performance.now(); });
window.longTasks = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries().map(e => [e.startTime, e.duration])))
  .observe({type: 'longtask', buffered: true});
"""
FETCHED = "performance.getEntriesByType('resource').filter(e => e.startTime < %s).map(e => e.name)"


def mark_time(page, name):
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=120_000)
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def gzipped_bytes(folder, base, urls):
    """The page and the files at ``urls`` as gzip (level 6) would send them."""
    paths = {folder / "index.html"} | {
        folder / urllib.parse.urlsplit(url).path.removeprefix(urllib.parse.urlsplit(base).path)
        for url in urls
        if url.startswith(base)
    }
    return sum(len(gzip.compress(path.read_bytes(), 6)) for path in paths)


def boot_times(browser, game_url, bare_url, floor_url, boots, game_root):
    """Per page: (navigation → mark, py:ready → mark) for each boot, the pages alternated; and the
    gzipped bytes the game fetched until it was ready (its first boot)."""
    game, bare, floor, fetched = [], [], [], None
    for _ in range(boots):
        for url, mark, times in (
            (game_url, "sixes-ready", game),
            (bare_url, "first-line", bare),
            (floor_url, "first-line", floor),
        ):
            context = browser.new_context()
            context.add_init_script(PROBE)
            page = context.new_page()
            page.goto(url)
            at = mark_time(page, mark)
            times.append((at, at - page.evaluate("pyReady")))
            if url == game_url and fetched is None:
                fetched = gzipped_bytes(game_root, game_url, page.evaluate(FETCHED % at))
            context.close()
    return game, bare, floor, fetched


def click_latencies(browser, base, seeds):
    latencies = []
    for seed in seeds:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(f"{base}?seed={seed}&speed=0")
        page.wait_for_selector("html[data-state=ready]", timeout=120_000)
        play_round(page)
        latencies += page.evaluate("clickLatencies")
        context.close()
    return latencies


def longest_task_with_hard_bots(browser, base, seed):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    settings = json.dumps({"levels": ["hard"] * 4, "speed": "normal"})
    context.add_init_script(f"localStorage.setItem('sixes.settings', {json.dumps(settings)})")
    page = context.new_page()
    page.goto(f"{base}?seed={seed}")
    ready = mark_time(page, "sixes-ready")
    play_round(page)
    every = page.evaluate("longTasks")
    tasks = [duration for start, duration in every if start >= ready]
    context.close()
    return max(tasks, default=0.0), len(tasks), len(every) - len(tasks)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boots", type=int, default=10, help="boots of each page (alternated)")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the checkout whose game is measured")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # One server for both: the game's checkout under /game/, this one's anchor page under /anchor/.
    with tempfile.TemporaryDirectory() as folder:
        (pathlib.Path(folder) / "game").symlink_to(args.root.resolve(), target_is_directory=True)
        (pathlib.Path(folder) / "anchor").symlink_to(ROOT, target_is_directory=True)
        server = serve.serve_in_background(folder)
        origin = f"http://127.0.0.1:{server.server_address[1]}/"
        base, bare_url, floor_url = (
            origin + "game/",
            origin + "anchor/bench/boot_bare.html",
            origin + "anchor/bench/boot_floor.html",
        )
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=QUIET)
            game, bare, floor, fetched = boot_times(browser, base, bare_url, floor_url, args.boots, args.root.resolve())
            clicks = click_latencies(browser, base, seeds=(1, 2, 3))
            longest, count, during_boot = longest_task_with_hard_bots(browser, base, seed=4)
            browser.close()
        server.shutdown()
    game_boot = statistics.median(t for t, _ in game)
    bare_boot = statistics.median(t for t, _ in bare)
    result = {
        "root": str(args.root),
        "boot_game_ms": round(game_boot),
        "boot_anchor_ms": round(bare_boot),
        "boot_ratio": round(game_boot / bare_boot, 3),
        "boot_floor_ms": round(statistics.median(t for t, _ in floor)),
        "boot_floor_ratio": round(statistics.median(t for t, _ in floor) / bare_boot, 3),
        "boot_game_ms_all": [round(t) for t, _ in game],
        "boot_anchor_ms_all": [round(t) for t, _ in bare],
        "own_start_ms": round(statistics.median(t for _, t in game)),  # py:ready → ready
        "first_visit_gzip_bytes": fetched,
        "click_to_column_ms_median": round(statistics.median(clicks), 1),
        "click_to_column_ms_max": round(max(clicks), 1),
        "clicks": len(clicks),
        "longest_task_ms_hard_bots_normal_speed": round(longest),
        "long_tasks_over_50ms": count,
        "long_tasks_during_boot": during_boot,  # shows the observer works: the boot has some
    }
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"boot ({args.root}): game {result['boot_game_ms']} ms / bare PyScript on the npm runtime "
        f"{result['boot_anchor_ms']} ms = {result['boot_ratio']} (medians of {args.boots} alternated cold boots; "
        f"target ≤ 0.40)"
    )
    print(
        f"  floor, the bare page on the game's runtime: {result['boot_floor_ms']} ms = {result['boot_floor_ratio']} "
        f"of the anchor"
    )
    print(f"  game's own start, py:ready → ready: {result['own_start_ms']} ms (median)")
    print(f"first visit, the files fetched until ready, gzipped: {fetched / 1e6:.2f} MB")
    print(
        f"click → card in column: median {result['click_to_column_ms_median']} ms, "
        f"max {result['click_to_column_ms_max']} ms over {len(clicks)} clicks (target < 50 ms)"
    )
    print(
        f"longest main-thread task while hard bots play a round at normal speed: "
        f"{result['longest_task_ms_hard_bots_normal_speed']} ms ({count} tasks over 50 ms; target ≤ 50 ms; "
        f"{during_boot} long tasks during the boot)"
    )


if __name__ == "__main__":
    main()
