"""Screenshots of the table at every screen size SPEC §5 names, phones to 2560×1440: screenshots/screen-*.png.

Run: .venv/bin/python tools/screenshots_screens.py [WxH ...]   (after `make test` has installed things)
Each size is shot in English (French suits), Sinhala (the longest words) and Spanish (Spanish suits):
the person's turn after a few moves, the header's menu open where it collapses, and the round summary;
and a three-player table, whose hand holds 14 cards. It prints what falls outside the viewport.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import screenshots
from test_page import PERSON_OR_END, play_round
from test_screens import SIZES, outside

LOOKS = [("en", "french"), ("si", "french"), ("es", "spanish")]


def shoot(browser, base, size, out):
    width, height = size
    for lang, deck in LOOKS:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.add_init_script(f"localStorage.setItem('sixes.settings', JSON.stringify({{deck: '{deck}'}}))")
        page.goto(base + f"?seed=12&speed=0&lang={lang}")
        page.wait_for_selector("html[data-state=ready]", timeout=60_000)
        screenshots.play_a_few_turns(page)
        name = f"screen-{width}x{height}-{lang}-{deck}"
        page.screenshot(path=out / f"{name}.png")
        print(name, outside(page) or "fits")
        if page.locator("#menu-button").is_visible():
            page.click("#menu-button")
            page.screenshot(path=out / f"{name}-menu.png")
            page.keyboard.press("Escape")
        play_round(page)
        page.screenshot(path=out / f"{name}-summary.png")
        if lang == "en":
            page.goto(base + "?seed=7&players=3&speed=0")
            page.wait_for_selector("html[data-state=ready]")
            page.wait_for_function(PERSON_OR_END)  # the whole hand of 14, before a card is played
            page.screenshot(path=out / f"{name}-three.png")
            print(f"{name}-three", outside(page) or "fits")
        page.close()


def main():
    chosen = [tuple(map(int, arg.split("x"))) for arg in sys.argv[1:]] or SIZES
    screenshots.run(lambda browser, base, out: [shoot(browser, base, size, out) for size in chosen])


if __name__ == "__main__":
    main()
