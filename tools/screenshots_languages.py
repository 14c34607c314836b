"""Screenshots of the table in each language and deck at phone widths and on a desktop: screenshots/lang-*.png.

Run: .venv/bin/python tools/screenshots_languages.py   (after `make test` has installed things)
Each picture is the person's turn after a few moves, so seats, columns, the pot and the hand all show.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import screenshots

SIZES = {"360": (360, 780), "390": (390, 844), "430": (430, 932), "desktop": (1280, 800)}
LOOKS = [("en", "french"), ("cy", "four"), ("si", "spanish"), ("es", "spanish"), ("si", "french"), ("es", "four")]


def shoot(browser, base, size, lang, deck, out):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script(f"localStorage.setItem('sixes.settings', JSON.stringify({{deck: '{deck}'}}))")
    page.goto(base + f"?seed=12&speed=0&lang={lang}")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    screenshots.play_a_few_turns(page)
    page.screenshot(path=out / f"lang-{size}-{lang}-{deck}.png")
    if deck == "spanish" or size == "360":
        page.click("#rules-button")
        page.screenshot(path=out / f"lang-{size}-{lang}-{deck}-rules.png")
    page.close()


def main():
    sizes = sys.argv[1:] or SIZES  # e.g. `360 desktop`: just those sizes
    screenshots.run(
        lambda browser, base, out: [
            shoot(browser, base, size, lang, deck, out) for size in sizes for lang, deck in LOOKS
        ]
    )


if __name__ == "__main__":
    main()
