"""The long soak of issue 6: 300 rounds at an all-bot table (?bots=all&speed=0) in headless Chromium, on the
desktop (bench/phone_profile.py: the built site as Pages serves it, a returning player's profile).

Every round the chips must add up on the table and in the save (tests/browser/test_soak.py,
which runs 60 rounds in CI); this prints the JS heap after a forced garbage collection at
round 20, along the way and at the end. Target: the end within 20% of round 20.

Run: .venv/bin/python bench/soak.py [--rounds 300] [--every 50]
"""

import argparse
import tempfile
import time

from phone_profile import NEW_DEAL, ROOT, browser, open_page, returning, served
from playwright.sync_api import sync_playwright
from test_soak import BASELINE_ROUND, soak


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--every", type=int, default=50, help="also measure the heap every this many rounds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as profile, served({"game": ROOT}) as site, sync_playwright() as playwright:
        base = site.url("game")
        returning(playwright, f"{base}?seed={args.seed}&speed=0", profile, desktop=True)
        started = time.perf_counter()
        with browser(playwright, desktop=True, folder=profile, init_scripts=[NEW_DEAL]) as context:
            page = open_page(context, desktop=True)  # (soak() sends it to the game)
            errors = []
            page.on("console", lambda message: message.type == "error" and errors.append(message.text))
            page.on("pageerror", lambda error: errors.append(str(error)))
            figures = soak(page, base, args.rounds, args.seed, measure_at=range(args.every, args.rounds, args.every))
    print(f"$ .venv/bin/python bench/soak.py --rounds {args.rounds} --every {args.every} --seed {args.seed}")
    print(
        f"{args.rounds} rounds ({figures.pop('games')} games) in {time.perf_counter() - started:.0f} s; "
        f"chips added up every round; console errors: {len(errors)}"
    )
    base_heap = figures[BASELINE_ROUND]["js_heap"]
    for number, heap in sorted(figures.items()):
        print(
            f"  after round {number:>4}: JS heap {heap['js_heap'] / 1e6:6.2f} MB "
            f"({heap['js_heap'] / base_heap - 1:+.1%} on round {BASELINE_ROUND}); "
            f"{heap['listeners']} event listeners, {heap['nodes']} DOM nodes"
        )
    end = figures[args.rounds]["js_heap"]
    print(f"end within 20% of round {BASELINE_ROUND}: {'yes' if end <= 1.2 * base_heap else 'NO'}")
    for error in errors:
        print("console error:", error)


if __name__ == "__main__":
    main()
