"""Screenshots of the page's states at a desktop and a phone size, to look at: screenshots/*.png.

Run: .venv/bin/python tools/screenshots.py   (after `make test` has installed things)
"""

import pathlib
import subprocess
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import serve
from test_page import act, person_to_act, play_round

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# The boot screen past its first step (assets/boot.js), and a bot thinking: its seat lit, the table waiting for it.
BOOTING = "document.documentElement.dataset.state === 'booting' && document.getElementById('boot-progress')?.value >= 1"
BOT_TO_PLAY = "html[data-turn=bots] [data-seat]:not([data-seat='0'])[aria-current=true]"


def play_a_few_turns(page):
    """Three of the person's turns, so the columns and the pot have something in them; then their turn again."""
    person_to_act(page)
    for _ in range(3):
        legal = page.eval_on_selector_all("#hand button:enabled", "bs => bs.map(b => b.dataset.card)")
        act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
        person_to_act(page)


def shoot(browser, base, size, out):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(base + "?seed=12&speed=normal", wait_until="commit")
    page.wait_for_function(BOOTING, polling=10)
    page.screenshot(path=out / f"{size}-1-booting.png")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    if page.get_attribute("html", "data-turn") == "you":  # (seed 12: the person holds the 6♦) their first card
        page.click("#hand button:enabled")
    page.wait_for_selector(BOT_TO_PLAY)
    page.screenshot(path=out / f"{size}-2-bot-to-play.png")
    page.goto(base + "?speed=0&seed=12")
    page.wait_for_selector("html[data-state=ready]")
    play_a_few_turns(page)
    page.screenshot(path=out / f"{size}-3-your-turn.png")
    play_round(page)
    page.screenshot(path=out / f"{size}-4-round-summary.png")
    page.click("#next-round")
    if page.is_visible("#menu-button"):  # a narrow screen folds the header's controls into its menu
        page.click("#menu-button")
    page.click("#menu-new-game")
    page.screenshot(path=out / f"{size}-5-new-game.png")
    page.fill("#setup [name=chips]", "1")
    page.click("#start-game")
    while not page.locator("#game-over").is_visible():
        play_round(page)
        if not page.locator("#game-over").is_visible():
            page.click("#next-round")
    page.screenshot(path=out / f"{size}-6-game-over.png")
    page.close()


def run(take):
    """Serve the repo, start Chromium, and call ``take(browser, base_url, folder)`` to write the pictures."""
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    # The page loads the compiled package from build/: rebuilt first if a module changed (as the tests do).
    subprocess.run(["make", "--no-print-directory", "-s", "build"], cwd=ROOT, check=True)
    server = serve.serve_in_background(ROOT)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        take(browser, base, out)
        browser.close()
    server.shutdown()
    print(f"screenshots in {out}")


def run_languages(shoot, sizes):
    """``run`` calling ``shoot(browser, base, size, lang, out)`` for each size in each language named on the
    command line (English if none)."""
    langs = sys.argv[1:] or ["en"]
    run(lambda browser, base, out: [shoot(browser, base, size, lang, out) for lang in langs for size in sizes])


def main():
    run(lambda browser, base, out: [shoot(browser, base, size, out) for size in SIZES])


if __name__ == "__main__":
    main()
