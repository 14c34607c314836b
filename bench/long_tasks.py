"""Where the main thread's long tasks go in a boot on the phone profile (issue #35): every task over 50 ms of a first
visit and of a returning one, beside PyScript's progress events and the page's own marks, and the blocking time
(each task's time over 50 ms) from the first paint. A tap on the kept table waits for the task it lands in.

Run: .venv/bin/python bench/long_tasks.py [--runs N] [--root CHECKOUT]   (a built checkout; this one by default)
"""

import argparse
import pathlib

from phone_profile import KEPT, ROOT, browser, open_page, profile_name, ready_for_next_visit, served, wait_state
from playwright.sync_api import sync_playwright

WATCH = """
window.benchLong = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) benchLong.push([e.startTime, e.duration]); })
  .observe({ type: 'longtask', buffered: true });
addEventListener('py:progress', (event) => performance.mark(`py:progress ${event.detail}`));
addEventListener('py:ready', () => performance.mark('py:ready'), { once: true });
"""
MARKS = "performance.getEntriesByType('mark').map((mark) => [mark.startTime, mark.name])"
PAINT = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0"


def report(page, visit):
    """The visit's marks and long tasks in time order, and its blocking time from the first paint."""
    page.wait_for_timeout(2000)  # the tasks after ready (the snapshot's making on a first visit) are the visit's too
    tasks, paint = page.evaluate("benchLong"), page.evaluate(PAINT)
    print(f"{visit}: first paint {paint:.0f} ms")
    lines = [(at, name) for at, name in page.evaluate(MARKS)] + [(at, f"  long task {ms:.0f} ms") for at, ms in tasks]
    for at, what in sorted(lines):
        print(f"  {at:8.0f}  {what}")
    blocking = sum(max(0, ms - 50) for at, ms in tasks if at >= paint)
    print(f"  blocking from the first paint {blocking:.0f} ms; long tasks {sum(ms for _, ms in tasks):.0f} ms in all")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--root", type=pathlib.Path, default=ROOT)
    options = parser.parse_args()
    print(profile_name(False), options.root)
    with sync_playwright() as playwright, served({"game": options.root.resolve()}) as site:
        for run in range(options.runs):
            with browser(playwright, init_scripts=[WATCH]) as context:
                page = open_page(context, site.url("game"))
                wait_state(page)
                report(page, f"run {run + 1}, first visit")
                page.click("#guide-skip")  # a real game, whose table is kept for the next visit
                page.wait_for_function(KEPT, timeout=60_000)
                ready_for_next_visit(page)
                page.close()
                page = open_page(context, site.url("game"))
                wait_state(page)
                report(page, f"run {run + 1}, returning")


if __name__ == "__main__":
    main()
