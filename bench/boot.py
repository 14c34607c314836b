"""The page's three figures, in headless Chromium on this machine (issue #3):

1. boot ratio: navigation → html[data-state=ready] on the game, over navigation →
   the first Python line of a bare PyScript page on the same local runtime
   (bench/boot_bare.html); cold context each time, the two pages alternated.
   Target ≤ 1.10.
2. click latency: a click on a legal card → the next frame with that card in
   its column (input event timestamp to requestAnimationFrame). Target < 50 ms.
3. longest main-thread task (PerformanceObserver 'longtask') after the page is
   ready, while hard bots play a whole round at normal speed. Target ≤ 50 ms (issue #12: the search runs in slices).

Run: make bench   (or .venv/bin/python bench/boot.py [--boots 8] [--json])
"""

import argparse
import json
import pathlib
import statistics
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import serve
from test_page import play_round

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-quic"]
# Installed before any page script: when the interpreter is up, the time from a
# click's input event to the first frame after its card is in a column, and long tasks.
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
window.interpreterUp = null;
addEventListener('py:progress', (event) => {
  if (event.detail === 'Loaded interpreter') interpreterUp = performance.now();
});
window.longTasks = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries().map(e => [e.startTime, e.duration])))
  .observe({type: 'longtask', buffered: true});
"""


def mark_time(page, name):
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=120_000)
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def boot_times(browser, base, boots):
    """Per page: (navigation → mark, interpreter up → mark) for each boot, the pages alternated."""
    game, bare = [], []
    for _ in range(boots):
        for url, mark, times in ((base, "sixes-ready", game), (base + "bench/boot_bare.html", "first-line", bare)):
            context = browser.new_context()
            context.add_init_script(PROBE)
            page = context.new_page()
            page.goto(url)
            at = mark_time(page, mark)
            times.append((at, at - page.evaluate("interpreterUp")))
            context.close()
    return game, bare


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
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = serve.serve_in_background(ROOT)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        game, bare = boot_times(browser, base, args.boots)
        clicks = click_latencies(browser, base, seeds=(1, 2, 3))
        longest, count, during_boot = longest_task_with_hard_bots(browser, base, seed=4)
        browser.close()
    server.shutdown()
    game_boot = statistics.median(t for t, _ in game)
    bare_boot = statistics.median(t for t, _ in bare)
    result = {
        "boot_game_ms": round(game_boot),
        "boot_bare_ms": round(bare_boot),
        "boot_ratio": round(game_boot / bare_boot, 3),
        # The same split at the moment the interpreter is up: what comes after is the page's own work.
        "after_interpreter_game_ms": round(statistics.median(t for _, t in game)),
        "after_interpreter_bare_ms": round(statistics.median(t for _, t in bare)),
        "click_to_column_ms_median": round(statistics.median(clicks), 1),
        "click_to_column_ms_max": round(max(clicks), 1),
        "clicks": len(clicks),
        "longest_task_ms_hard_bots_normal_speed": round(longest),
        "long_tasks_over_50ms": count,
        "long_tasks_during_boot": during_boot,  # shows the observer works: the boot has some
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"boot: game {result['boot_game_ms']} ms / bare PyScript {result['boot_bare_ms']} ms "
              f"= {result['boot_ratio']} (medians of {args.boots} alternated cold boots; target ≤ 1.10)")
        print(f"  of which after the interpreter is up: game {result['after_interpreter_game_ms']} ms, "
              f"bare {result['after_interpreter_bare_ms']} ms")
        print(f"click → card in column: median {result['click_to_column_ms_median']} ms, "
              f"max {result['click_to_column_ms_max']} ms over {len(clicks)} clicks (target < 50 ms)")
        print(f"longest main-thread task while hard bots play a round at normal speed: "
              f"{result['longest_task_ms_hard_bots_normal_speed']} ms ({count} tasks over 50 ms; target ≤ 50 ms; "
              f"{during_boot} long tasks during the boot)")


if __name__ == "__main__":
    main()
