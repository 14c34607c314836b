"""Screenshots of the guided first deal (each step) and of a take-back in a casual game: screenshots/guide-*.png.

Run: .venv/bin/python tools/screenshots_guide.py [lang]   (after `make test` has installed things)
At 390×844 and 360×640 (phones) and 1280×800 (desktop).
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import screenshots
from test_page import act, hand_cards, person_to_act

SIZES = {"390x844": (390, 844), "360x640": (360, 640), "1280x800": (1280, 800)}
# The guided deal waits for the person, or has ended, or has been left.
GUIDE_WAITS = """() => !document.getElementById('guide-play').hidden || document.getElementById('guide').hidden
  || (document.querySelector('[data-seat="0"]').getAttribute('aria-current') === 'true'
      && (document.querySelector('#hand button:enabled') || !document.getElementById('pass').disabled))"""


def shoot(browser, base, size, lang, out):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})  # a first visit: the guide begins
    page.goto(base + f"?speed=0&lang={lang}")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    for number in range(1, 10):
        page.wait_for_function(GUIDE_WAITS)
        page.screenshot(path=out / f"guide-{size}-{lang}-{number}.png")
        if page.is_visible("#guide-play"):
            break
        legal = hand_cards(page, "#hand button:enabled")
        page.click(f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    page.click("#guide-play")
    # A casual game: a move, the bots' replies, and the take-back.
    open_menu(page)
    page.click("#menu-new-game")
    page.check("#setup [name=casual]")
    page.click("#start-game")
    person_to_act(page)
    legal = hand_cards(page, "#hand button:enabled")
    act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    person_to_act(page)
    page.screenshot(path=out / f"guide-{size}-{lang}-casual-before-take-back.png")
    page.click("#take-back")
    page.screenshot(path=out / f"guide-{size}-{lang}-casual-taken-back.png")
    open_menu(page)
    page.click("#menu-log")
    page.screenshot(path=out / f"guide-{size}-{lang}-casual-log.png")
    page.close()


def open_menu(page):
    """On narrow screens the header's controls are folded into the menu."""
    if page.locator("#menu-button").is_visible():
        page.click("#menu-button")


def main():
    screenshots.run_languages(shoot, SIZES)


if __name__ == "__main__":
    main()
