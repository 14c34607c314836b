"""The README's picture, docs/table.png: the table at 1280×800 on the person's turn, a few moves into a deal.

Run: .venv/bin/python tools/screenshot_readme.py   (after `make test` has installed things). Regenerated, never
hand-edited: the same seed and the same first-legal-card play give the same table each time.
"""

import pathlib

from screenshots import ROOT, play_a_few_turns, run

OUT = ROOT / "docs" / "table.png"


def shoot(browser, base, _out):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(base + "?seed=12&speed=0")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    play_a_few_turns(page)
    page.locator("#announce").evaluate("region => region.replaceChildren()")  # (the screen reader's lines, unseen)
    page.screenshot(path=OUT, animations="disabled")
    page.close()
    print(f"wrote {pathlib.Path(OUT).relative_to(ROOT)}")


if __name__ == "__main__":
    run(shoot)
