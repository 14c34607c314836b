"""A returning player's table on the phone profile, A/B in pairs (issue #45): the kept table's mark
(`sixes-table-shown`) and its frame (as bench/phone.py times it), over many repeat visits alternated between this
checkout and others, with the median of the paired differences. On this machine one visit's figures vary by
±150 ms from one to the next; a difference per pair of visits taken back to back resolves a change of ~100 ms
where bench/phone.py's medians of a few runs a side cannot.

Each checkout gets one browser profile, made a returning player's by one first visit (the guided deal skipped,
a card playable, the site precached and the snapshot made), then each round of visits opens one new tab per
checkout in turn. Every checkout is built first (`make -C DIR build`, as for bench/phone.py --before).

Run: .venv/bin/python bench/returning.py [--visits 12] [--before DIR ...] [--rate 4]
"""

import argparse
import contextlib
import pathlib
import statistics

from phone import TABLE_FRAME, play_into_a_returning_player
from phone_profile import CPU_SLOWDOWN, ROOT, browser, open_page, served, wait_mark
from playwright.sync_api import sync_playwright

FIGURES = {"shown": "sixes-table-shown", "frame": "bench-table-frame"}


def returning_profile(stack, playwright, url):
    """A browser profile (kept open on ``stack``) that has visited ``url`` once, as a new player does."""
    context = stack.enter_context(browser(playwright, init_scripts=[TABLE_FRAME]))
    page = context.new_page()
    page.goto(url)
    wait_mark(page, "sixes-ready")
    play_into_a_returning_player(page)
    page.close()
    return context


def visit(context, url, rate):
    """One repeat visit in a new tab, the CPU ``rate`` times slower, and Fast 4G: {figure: ms from navigation}."""
    page = open_page(context, url, cpu=rate)
    figures = {name: wait_mark(page, marked, timeout=60_000) for name, marked in FIGURES.items()}
    figures["first paint"] = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime")
    page.close()
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--visits", type=int, default=12)
    parser.add_argument("--before", type=pathlib.Path, action="append", default=[], help="another built checkout")
    parser.add_argument("--rate", type=float, default=CPU_SLOWDOWN, help="the CPU slowdown (1: none)")
    args = parser.parse_args()
    checkouts = {"game": ROOT} | {f"before{i}": path.resolve() for i, path in enumerate(args.before)}
    runs = {name: [] for name in checkouts}
    with served(checkouts) as site, sync_playwright() as playwright, contextlib.ExitStack() as stack:
        contexts = {name: returning_profile(stack, playwright, site.url(name)) for name in checkouts}
        for number in range(args.visits):
            for name, context in contexts.items():
                runs[name].append(visit(context, site.url(name), args.rate))
            print(f"visit {number + 1} of {args.visits}", flush=True)
    print(f"returning visits, CPU {args.rate:g}x, Fast 4G, 390x844: medians of {args.visits}")
    for name, path in checkouts.items():
        medians = {figure: statistics.median(run[figure] for run in runs[name]) for figure in runs[name][0]}
        print(f"  {name} ({path}): " + ", ".join(f"{figure} {ms:.0f} ms" for figure, ms in medians.items()))
        if name != "game":
            for figure in FIGURES:
                paired = sorted(round(game[figure] - other[figure]) for game, other in zip(runs["game"], runs[name]))
                print(f"    this checkout − {name}, {figure}: median {statistics.median(paired):+.0f} ms of {paired}")


if __name__ == "__main__":
    main()
