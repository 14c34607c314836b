"""Practise's figures (issue #44): opening Practise → its first position drawn, and an answer → its verdict drawn,
on the phone profile (bench/phone_profile.py: the built site as Pages serves it, a returning player's browser
profile, CPU ×4), or the desktop.

The positions are the person's own mistakes in rounds of medium bots where the person's seat plays its first legal
card (as the browser tests do), worked out here in CPython and kept in the page's practice key before it loads. Each
visit is a fresh tab, so its first opening imports the practice's room too (the cold figure); the dialog is then
closed and opened again (the warm figure). Times run from the click to the frame painted after the drawing
(performance marks sixes-practise-shown and sixes-practise-verdict).

Run: .venv/bin/python bench/practise.py [--visits 5] [--rounds 60] [--desktop] [--json]  (--rounds 400: about the
kept bound of 200 positions)
"""

import argparse
import json
import statistics
import sys
import tempfile

from phone_profile import NEW_DEAL, ROOT, browser, open_page, profile_name, returning, served, wait_mark, wait_state
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(ROOT))
from review import first_legal_round  # (bench/review.py's rounds)

from sixes.model import practise, review

CLICKED = """() => { window.clickedAt = null;
  document.addEventListener('click', () => { window.clickedAt ??= performance.now(); }, {capture: true}); }"""


def kept_positions(rounds):
    store = practise.PractiseStore()
    for seed in range(1, rounds + 1):
        record = first_legal_round(seed)
        store.add(practise.positions_of(record, review.marks_of(record)))
    return store


def timed(page, selector, name):
    """ms from the click on ``selector`` to the mark ``name`` (the frame after the drawing painted)."""
    page.evaluate("(name) => { performance.clearMarks(name); window.clickedAt = null; }", name)
    page.click(selector)
    done = wait_mark(page, name)
    return done - page.evaluate("window.clickedAt")


def visit(context, base, desktop):
    page = open_page(context, base + "?speed=0", desktop)
    wait_state(page)
    page.evaluate(CLICKED)
    figures = {}
    for warmth in ("cold", "warm"):
        if not desktop:
            page.click("#menu-button")
        figures[f"open_{warmth}_ms"] = timed(page, "#open-practise", "sixes-practise-shown")
        card = page.get_attribute("#practise-hand button:enabled", "data-card")
        figures[f"verdict_{warmth}_ms"] = timed(page, f'#practise-hand [data-card="{card}"]', "sixes-practise-verdict")
        page.keyboard.press("Escape")
        page.wait_for_function("!document.getElementById('practise').open")
    page.close()
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=60, help="rounds whose mistakes are kept to practise")
    parser.add_argument("--desktop", action="store_true", help="on the desktop rather than the phone profile")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    store = kept_positions(args.rounds)
    keep = f"localStorage.setItem('sixes.practise.v1', {json.dumps(store.to_json())});"
    with tempfile.TemporaryDirectory() as profile, served({"game": ROOT}) as site, sync_playwright() as playwright:
        base = site.url("game")
        returning(playwright, f"{base}?seed=1&speed=0", profile, args.desktop)  # the precache and snapshot done first
        with browser(playwright, args.desktop, profile, init_scripts=[NEW_DEAL, keep]) as context:
            runs = [visit(context, base, args.desktop) for _ in range(args.visits)]
    medians = {name: statistics.median(run[name] for run in runs) for name in runs[0]}
    if args.json:
        print(json.dumps({"positions": store.waiting(), "runs": runs, "medians": medians}))
        return
    print(f"{profile_name(args.desktop)}, {store.waiting()} positions kept, {args.visits} visits (medians, ms):")
    for name, value in medians.items():
        spread = ", ".join(f"{run[name]:.0f}" for run in runs)
        print(f"  {name}: {value:.0f}  ({spread})")


if __name__ == "__main__":
    main()
