"""Screenshots of the review of a round (its table at the end and at its first marked choice): screenshots/review-*.png.

Run: .venv/bin/python tools/screenshots_review.py [lang]   (after `make test` has installed things)
At 390×844 and 360×640 (phones) and 1280×800 (desktop).
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import screenshots
from test_page import play_round

SIZES = {"390x844": (390, 844), "360x640": (360, 640), "1280x800": (1280, 800)}
DONE = "document.getElementById('review-progress').hidden && document.getElementById('expert-progress').hidden"


def shoot(browser, base, size, lang, out):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(base + f"?seed=3&speed=0&lang={lang}")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    play_round(page)
    page.screenshot(path=out / f"review-{size}-{lang}-summary.png")
    page.click("#review-round")
    page.wait_for_function(DONE, timeout=120_000)
    page.screenshot(path=out / f"review-{size}-{lang}-end.png")
    page.keyboard.press("Home")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    page.screenshot(path=out / f"review-{size}-{lang}-move-6.png")
    page.close()


def main():
    screenshots.run_languages(shoot, SIZES)


if __name__ == "__main__":
    main()
