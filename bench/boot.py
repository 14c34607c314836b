"""The page's three figures, in headless Chromium on this machine (issue #3):

1. boot ratio: navigation → html[data-state=ready] on the game, over navigation →
   the first Python line of a bare PyScript page on the same local runtime
   (bench/boot_bare.html); cold context each time, the two pages alternated.
   Target ≤ 1.10.
2. click latency: a click on a legal card → the next frame with that card in
   its column (input event timestamp to requestAnimationFrame). Target < 50 ms.
3. longest main-thread task (PerformanceObserver 'longtask') after the page is
   ready, while hard bots play a whole round at normal speed. Target ≤ 150 ms.

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
import serve

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-quic"]
PERSON_OR_END = """() => document.getElementById('round-summary').open || document.getElementById('game-over').open
  || (document.querySelector('[data-seat="0"]').getAttribute('aria-current') === 'true'
      && (document.querySelector('#hand button:enabled') || !document.getElementById('pass').disabled))"""
ROUND_ENDED = "document.getElementById('round-summary').open || document.getElementById('game-over').open"
# Installed before any page script: time from a click's input event to the first
# frame after its card is in a column.
CLICK_PROBE = """
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
window.longTasks = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries().map(e => [e.startTime, e.duration])))
  .observe({type: 'longtask', buffered: true});
"""


def mark_time(page, name):
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=120_000)
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def boot_times(browser, base, boots):
    game, bare = [], []
    for _ in range(boots):
        for url, mark, times in ((base, "sixes-ready", game), (base + "bench/boot_bare.html", "first-line", bare)):
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            times.append(mark_time(page, mark))
            context.close()
    return game, bare


def play_round(page):
    """The person plays their first legal card (or passes) until the round ends."""
    while True:
        page.wait_for_function(PERSON_OR_END, timeout=300_000)
        if page.evaluate(ROUND_ENDED):
            return
        legal = page.eval_on_selector_all("#hand button:enabled", "bs => bs.map(b => b.dataset.card)")
        page.click(f'#hand [data-card="{legal[0]}"]' if legal else "#pass")


def click_latencies(browser, base, seeds):
    latencies = []
    for seed in seeds:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(CLICK_PROBE)
        page = context.new_page()
        page.goto(f"{base}?seed={seed}&speed=0")
        page.wait_for_selector("html[data-state=ready]", timeout=120_000)
        play_round(page)
        latencies += page.evaluate("clickLatencies")
        context.close()
    return latencies


def longest_task_with_hard_bots(browser, base, seed):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(CLICK_PROBE)
    settings = json.dumps({"levels": ["hard"] * 4, "speed": "normal"})
    context.add_init_script(f"localStorage.setItem('sixes.settings', {json.dumps(settings)})")
    page = context.new_page()
    page.goto(f"{base}?seed={seed}")
    ready = mark_time(page, "sixes-ready")
    play_round(page)
    tasks = [duration for start, duration in page.evaluate("longTasks") if start >= ready]
    context.close()
    return max(tasks, default=0.0), len(tasks)


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
        longest, count = longest_task_with_hard_bots(browser, base, seed=4)
        browser.close()
    server.shutdown()
    result = {
        "boot_game_ms": round(statistics.median(game)),
        "boot_bare_ms": round(statistics.median(bare)),
        "boot_ratio": round(statistics.median(game) / statistics.median(bare), 3),
        "click_to_column_ms_median": round(statistics.median(clicks), 1),
        "click_to_column_ms_max": round(max(clicks), 1),
        "clicks": len(clicks),
        "longest_task_ms_hard_bots_normal_speed": round(longest),
        "long_tasks_over_50ms": count,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"boot: game {result['boot_game_ms']} ms / bare PyScript {result['boot_bare_ms']} ms "
              f"= {result['boot_ratio']} (medians of {args.boots} alternated cold boots; target ≤ 1.10)")
        print(f"click → card in column: median {result['click_to_column_ms_median']} ms, "
              f"max {result['click_to_column_ms_max']} ms over {len(clicks)} clicks (target < 50 ms)")
        print(f"longest main-thread task while hard bots play a round at normal speed: "
              f"{result['longest_task_ms_hard_bots_normal_speed']} ms ({count} tasks over 50 ms; target ≤ 150 ms)")


if __name__ == "__main__":
    main()
