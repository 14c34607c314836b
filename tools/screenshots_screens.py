"""Screenshots of the table at every screen size the tests check, phones to 2560×1440: screenshots/screen-*.png.

Run: .venv/bin/python tools/screenshots_screens.py [WxH ...]   (after `make test` has installed things)
Shot in English (French suits), Sinhala (the longest words) and Spanish (Spanish suits): at each size the
person's turn after a few moves, the header's menu open where the controls fold into it, and the round
summary; and a three-player table, whose hand holds 14 cards. The window is resized between sizes, as a
turned phone is. It prints what falls outside the viewport at each size ("fits" when nothing does).
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import screenshots
from test_page import person_to_act, play_round
from test_screens import SIZES, next_frame, outside

LOOKS = [("en", "french"), ("si", "french"), ("es", "spanish")]
# The narrowest card in the hand and in the columns, in CSS pixels (0: none there).
CARD_WIDTHS = """() => ['#hand .card', '[data-column] .card'].map(css =>
  Math.round(Math.min(...[...document.querySelectorAll(css)].map(c => c.getBoundingClientRect().width), 1e9)) % 1e9)"""


def at_each(page, sizes, name, out, menu=False):
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        next_frame(page)  # laid out at the new size
        shot = f"screen-{width}x{height}-{name}"
        page.screenshot(path=out / f"{shot}.png")
        if not menu:
            continue
        widths = page.evaluate(CARD_WIDTHS)
        print(f"{shot}: hand card {widths[0]} px, column card {widths[1]} px;", outside(page) or "fits")
        if page.locator("#menu-button").is_visible():
            page.click("#menu-button")
            page.screenshot(path=out / f"{shot}-menu.png")
            page.keyboard.press("Escape")


def shoot(browser, base, sizes, out):
    for lang, deck in LOOKS:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(f"localStorage.setItem('sixes.settings', JSON.stringify({{deck: '{deck}'}}))")
        page.goto(base + f"?seed=12&speed=0&lang={lang}")
        page.wait_for_selector("html[data-state=ready]", timeout=60_000)
        screenshots.play_a_few_turns(page)
        at_each(page, sizes, f"{lang}-{deck}", out, menu=True)
        play_round(page)
        at_each(page, sizes, f"{lang}-{deck}-summary", out)
        page.close()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(base + "?seed=7&players=3&speed=0")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    person_to_act(page)  # the whole hand of 14, before a card is played
    at_each(page, sizes, "three-players", out, menu=True)
    page.close()


def main():
    sizes = [tuple(map(int, arg.split("x"))) for arg in sys.argv[1:]] or SIZES
    screenshots.run(lambda browser, base, out: shoot(browser, base, sizes, out))


if __name__ == "__main__":
    main()
