"""Screenshots of the page to look at, in named sets, into screenshots/ (the readme set: docs/table.png).

Run: .venv/bin/python tools/screenshots.py SET [options]   (after `make test` has installed things);
`tools/screenshots.py SET -h` says what a set shows. Each picture is taken once the page is in the state it shows,
waited for as the browser tests wait (tests/browser/test_page.py: data-state, the settled marker data-turn and
data-moves, a dialog shown), never for a time. It prints the path of each picture it writes.
"""

import argparse
import json
import pathlib
import subprocess
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import serve
from conftest import ACTION_TIMEOUT, BOOT_TIMEOUT, CHROMIUM, QUIET
from test_guide import GUIDE_WAITS
from test_page import act, hand_cards, person_to_act, play_game, play_round, ready
from test_review import MARKED
from test_screens import SIZES as SCREENS
from test_screens import next_frame, outside

from sixes.model.words import LANGUAGES

OUT = ROOT / "screenshots"
README_PICTURE = ROOT / "docs" / "table.png"
PHONES_AND_DESKTOP = {"390x844": (390, 844), "360x640": (360, 640), "1280x800": (1280, 800)}
LANGUAGE_SIZES = {"360": (360, 780), "390": (390, 844), "430": (430, 932), "desktop": (1280, 800)}
# The boot screen past its first step (assets/boot.js), and a bot thinking: its seat lit, the table waiting for it.
BOOTING = "document.documentElement.dataset.state === 'booting' && document.getElementById('boot-progress')?.value >= 1"
BOT_TO_PLAY = "html[data-turn=bots] [data-seat]:not([data-seat='0'])[aria-current=true]"
MENU_OPEN = "document.getElementById('menu').matches(':popover-open')"
# The narrowest card in the hand and in the columns, in CSS pixels (0: none there).
CARD_WIDTHS = """() => ['#hand .card', '[data-column] .card'].map(css =>
  Math.round(Math.min(...[...document.querySelectorAll(css)].map(c => c.getBoundingClientRect().width), 1e9)) % 1e9)"""


# --- what every set shares -----------------------------------------------------------------------------------


def shoot(page, path, **options):
    page.screenshot(path=path, **options)
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def new_page(browser, width, height, deck=None, settings=None, **context):
    """A tab of ``width``×``height`` with the tests' timeouts, in ``deck`` if named (a setting the page reads), with
    ``settings`` saved before the page loads if given, and Playwright's ``context`` options (color_scheme…)."""
    page = browser.new_page(viewport={"width": width, "height": height}, **context)
    page.set_default_timeout(ACTION_TIMEOUT)
    page.set_default_navigation_timeout(BOOT_TIMEOUT)
    settings = ({"deck": deck} if deck else {}) | (settings or {})
    if settings:
        page.add_init_script(f"localStorage.setItem('sixes.settings', '{json.dumps(settings)}')")
    return page


def open_game(browser, base, query, width=1280, height=800, deck=None, settings=None, **context):
    """A new tab on the game at ``base + query``, once it is interactive."""
    page = new_page(browser, width, height, deck, settings, **context)
    page.goto(base + query)
    ready(page)
    return page


def shown(page, selector):
    """Wait until ``selector`` (a dialog, a panel) is shown."""
    page.locator(selector).wait_for(state="visible")


def open_menu(page):
    """On narrow screens the header's controls are folded into the menu: open it."""
    if page.locator("#menu-button").is_visible():
        page.click("#menu-button")
        page.wait_for_function(MENU_OPEN)


def open_dialog(page, button, dialog):
    """Click the header's ``button`` (from the menu where the controls fold into it); returns once ``dialog`` shows."""
    open_menu(page)
    page.click(button)
    shown(page, dialog)


def open_new_game(page):
    person_to_act(page)  # the table settled: nothing changes the save behind the dialog
    open_dialog(page, "#menu-new-game", "#setup")


def start_game(page):
    """Deal the new-game dialog's game; returns once it is on the table (it is saved as it is drawn)."""
    save = page.evaluate("localStorage.getItem('sixes.game')")
    page.click("#start-game")  # the dialog's close deals, a moment after the click
    page.wait_for_function("(save) => localStorage.getItem('sixes.game') !== save", arg=save)


def play_a_few_turns(page):
    """Three of the person's turns, so the columns and the pot have something in them; then their turn again."""
    person_to_act(page)
    for _ in range(3):
        play_first_legal(page)
        person_to_act(page)


def play_first_legal(page):
    legal = hand_cards(page, "#hand button:enabled")
    act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")


def run(take):
    """Build, serve the repo, start Chromium as the tests do, and call ``take(browser, base_url)``."""
    OUT.mkdir(exist_ok=True)
    # The page loads the compiled package from build/: rebuilt first if a module changed (as the tests do).
    subprocess.run(["make", "--no-print-directory", "-s", "build"], cwd=ROOT, check=True)
    server = serve.serve_in_background(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=QUIET)
            try:
                take(browser, f"http://127.0.0.1:{server.server_address[1]}/")
            finally:
                browser.close()
    finally:
        server.shutdown()


# --- the sets ------------------------------------------------------------------------------------------------


def boot(browser, base, _args):
    """The page's states (booting, a bot's turn, your turn, round summary, new game, game over) at
    1280×800 and 390×844: screenshots/{desktop,phone}-*.png."""
    for size, (width, height) in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        page = new_page(browser, width, height)
        page.goto(base + "?seed=12&speed=normal", wait_until="commit")
        page.wait_for_function(BOOTING, polling=10, timeout=BOOT_TIMEOUT)
        shoot(page, OUT / f"{size}-1-booting.png")
        ready(page)
        page.wait_for_selector("html[data-turn=you], html[data-turn=bots]")
        if page.get_attribute("html", "data-turn") == "you":  # (seed 12: the person holds the 6♦) their first card
            page.click("#hand button:enabled")
        page.wait_for_selector(BOT_TO_PLAY)
        shoot(page, OUT / f"{size}-2-bot-to-play.png")
        page.goto(base + "?speed=0&seed=12")
        ready(page)
        play_a_few_turns(page)
        shoot(page, OUT / f"{size}-3-your-turn.png")
        play_round(page)
        shown(page, "#round-summary")
        shoot(page, OUT / f"{size}-4-round-summary.png")
        act(page, "#next-round")
        open_new_game(page)
        shoot(page, OUT / f"{size}-5-new-game.png")
        page.fill("#setup [name=chips]", "1")
        start_game(page)
        play_game(page)
        shown(page, "#game-over")
        shoot(page, OUT / f"{size}-6-game-over.png")
        page.close()


def guide(browser, base, args):
    """Each step of the guided deal, then a casual game's take-back and its log, at 390×844, 360×640 and
    1280×800, in each language named (English if none): screenshots/guide-*.png."""
    for lang in args.langs:
        for size, (width, height) in PHONES_AND_DESKTOP.items():
            name = f"guide-{size}-{lang}"
            page = open_game(browser, base, f"?speed=0&lang={lang}", width, height)  # a first visit: the guide
            for number in range(1, 10):
                page.wait_for_function(GUIDE_WAITS)
                shoot(page, OUT / f"{name}-{number}.png")
                if page.is_visible("#guide-play"):
                    break
                words = page.inner_text("#guide-text")
                legal = hand_cards(page, "#hand button:enabled")
                page.click(f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
                page.wait_for_function(
                    "(words) => document.getElementById('guide-text').innerText !== words", arg=words
                )
            page.click("#guide-play")
            # A casual game: a move, the bots' replies, and the take-back.
            open_new_game(page)
            page.check("#setup [name=casual]")
            start_game(page)
            person_to_act(page)
            play_first_legal(page)
            person_to_act(page)
            shoot(page, OUT / f"{name}-casual-before-take-back.png")
            act(page, "#take-back")
            person_to_act(page)
            shoot(page, OUT / f"{name}-casual-taken-back.png")
            open_dialog(page, "#menu-log", "#log")
            shoot(page, OUT / f"{name}-casual-log.png")
            page.close()


def languages(browser, base, args):
    """Your turn and the rules page in each language and deck, at the sizes named (360, 390 and 430 px
    wide, and a 1280×800 desktop, if none): screenshots/lang-*.png."""
    looks = [("en", "french"), ("cy", "four"), ("si", "spanish"), ("es", "spanish"), ("si", "french"), ("es", "four")]
    for size in args.sizes:
        for lang, deck in looks:
            page = open_game(browser, base, f"?seed=12&speed=0&lang={lang}", *LANGUAGE_SIZES[size], deck)
            play_a_few_turns(page)
            shoot(page, OUT / f"lang-{size}-{lang}-{deck}.png")
            if deck == "spanish" or size == "360":
                open_dialog(page, "#rules-button", "#rules")
                shoot(page, OUT / f"lang-{size}-{lang}-{deck}-rules.png")
            page.close()


def review(browser, base, args):
    """A round's summary and its review (at the end, and six moves in), at 390×844, 360×640 and 1280×800,
    in each language named (English if none): screenshots/review-*.png."""
    for lang in args.langs:
        for size, (width, height) in PHONES_AND_DESKTOP.items():
            name = f"review-{size}-{lang}"
            page = open_game(browser, base, f"?seed=3&speed=0&lang={lang}", width, height)
            play_round(page)
            shown(page, "#round-summary")
            shoot(page, OUT / f"{name}-summary.png")
            page.click("#review-round")
            shown(page, "#review")
            page.wait_for_function(MARKED, timeout=120_000)  # the expert's marks worked out
            shoot(page, OUT / f"{name}-end.png")
            for key in ["Home"] + ["ArrowRight"] * 6:
                step = page.inner_text("#review-step")
                page.keyboard.press(key)
                page.wait_for_function("(step) => document.getElementById('review-step').innerText !== step", arg=step)
            shoot(page, OUT / f"{name}-move-6.png")
            page.close()


def screens(browser, base, args):
    """Every screen size the tests check (or those named, WxH), phones to 2560×1440, in English, Sinhala
    and with Spanish suits: your turn, the menu, the round summary, a three-player table's 14-card hand; prints
    the cards' widths and what falls outside the viewport at each size: screenshots/screen-*.png."""

    def at_each(page, name, menu=False):
        """Resize through the sizes (as a turned phone does) and shoot each; with ``menu``, measure and open it."""
        for width, height in args.sizes:
            page.set_viewport_size({"width": width, "height": height})
            next_frame(page)  # laid out at the new size
            shot = f"screen-{width}x{height}-{name}"
            shoot(page, OUT / f"{shot}.png")
            if not menu:
                continue
            widths = page.evaluate(CARD_WIDTHS)
            print(f"{shot}: hand card {widths[0]} px, column card {widths[1]} px;", outside(page) or "fits")
            if page.locator("#menu-button").is_visible():
                open_menu(page)
                shoot(page, OUT / f"{shot}-menu.png")
                page.keyboard.press("Escape")
                page.wait_for_function(f"!({MENU_OPEN})")

    for lang, deck in [("en", "french"), ("si", "french"), ("es", "spanish")]:
        page = open_game(browser, base, f"?seed=12&speed=0&lang={lang}", deck=deck)
        play_a_few_turns(page)
        at_each(page, f"{lang}-{deck}", menu=True)
        play_round(page)
        shown(page, "#round-summary")
        at_each(page, f"{lang}-{deck}-summary")
        page.close()
    page = open_game(browser, base, "?seed=7&players=3&speed=0")
    person_to_act(page)  # the whole hand of 14, before a card is played
    at_each(page, "three-players", menu=True)
    page.close()


def readme(browser, base, args):
    """The README's picture, docs/table.png (or PATH): the table at 1280×800 on your turn, a few moves into a deal.
    Regenerated, never hand-edited: the same seed and the same first-legal-card play give the same table."""
    page = open_game(browser, base, "?seed=12&speed=0")
    play_a_few_turns(page)
    page.locator("#announce").evaluate("region => region.replaceChildren()")  # (the screen reader's lines, unseen)
    shoot(page, args.path.resolve(), animations="disabled")
    page.close()


LOOKS_SIZES = {"390x844": (390, 844), "320x568": (320, 568), "568x320": (568, 320), "1280x800": (1280, 800)}
LOOKS = {  # name: (the settings saved, Playwright's context options)
    "light": ({"theme": "light"}, {}),
    "dark": ({"theme": "dark"}, {}),
    "system-dark": ({}, {"color_scheme": "dark"}),
    "light-large": ({"theme": "light", "card_size": "large"}, {}),
    "dark-large": ({"theme": "dark", "card_size": "large"}, {}),
    "dark-compact": ({"theme": "dark", "card_size": "compact"}, {}),
    "forced": ({}, {"forced_colors": "active", "color_scheme": "dark"}),
    "forced-light": ({}, {"forced_colors": "active", "color_scheme": "light"}),
}


def looks(browser, base, args):
    """The page's looks (issue 45) at 390×844, 320×568, 568×320 and 1280×800 (or those named): each theme, Large and
    Compact cards, and forced colours (a contrast theme): the table a few turns in, the menu, the rules and a round's
    summary; the review and Practise in light and dark at 390×844 and 1280×800: screenshots/looks/*.png."""
    out = OUT / "looks"
    out.mkdir(exist_ok=True)
    for look, (settings, context) in LOOKS.items():
        for size in args.sizes:
            width, height = LOOKS_SIZES[size]
            page = open_game(browser, base, "?seed=12&speed=0", width, height, settings=settings, **context)
            play_a_few_turns(page)
            shoot(page, out / f"{look}-{size}-table.png")
            print(f"{look}-{size}: hand card, column card {page.evaluate(CARD_WIDTHS)};", outside(page) or "fits")
            if look in ("light", "dark", "forced"):
                open_menu(page)
                shoot(page, out / f"{look}-{size}-menu.png")
                page.keyboard.press("Escape")
                open_dialog(page, "#rules-button", "#rules")
                shoot(page, out / f"{look}-{size}-rules.png")
                page.keyboard.press("Escape")
                play_round(page)
                shown(page, "#round-summary")
                shoot(page, out / f"{look}-{size}-summary.png")
                if size in ("390x844", "1280x800") and look != "forced":
                    page.click("#review-round")
                    shown(page, "#review")
                    page.wait_for_function(MARKED, timeout=120_000)
                    shoot(page, out / f"{look}-{size}-review.png")
                    page.keyboard.press("Escape")
                    page.click("#next-round")
                    person_to_act(page)
                    open_dialog(page, "#open-practise", "#practise")
                    shoot(page, out / f"{look}-{size}-practise.png")
                    page.keyboard.press("Escape")
                    open_dialog(page, "#menu-stats", "#stats")
                    shoot(page, out / f"{look}-{size}-stats.png")
            page.close()


# --- the command line ----------------------------------------------------------------------------------------


def life(browser, base, _args):
    """A game's life around the table at 390×844 and 1280×800: the question before a shared link replaces a game in
    progress, the new-game dialog, the game's end, and the table once that is closed: screenshots/life-*.png."""
    for size, (width, height) in {"phone": (390, 844), "desktop": (1280, 800)}.items():
        page = open_game(browser, base, "?seed=12&chips=3&speed=0", width, height)
        play_a_few_turns(page)
        page.goto(base + "?seed=99&speed=0")
        ready(page)
        shown(page, "#replace-game")
        shoot(page, OUT / f"life-{size}-question.png")
        page.click("#replace-keep")
        open_new_game(page)
        shoot(page, OUT / f"life-{size}-new-game.png")
        page.keyboard.press("Escape")
        play_game(page, rounds=40)
        shown(page, "#game-over")
        shoot(page, OUT / f"life-{size}-game-over.png")
        page.keyboard.press("Escape")
        shown(page, "#show-result")
        shoot(page, OUT / f"life-{size}-finished-table.png")
        page.close()


def one_of(names, what):
    def check(text):
        if text not in names:
            raise argparse.ArgumentTypeError(f"no {what} {text!r}: one of {', '.join(names)}")
        return text

    return check


def screen_size(text):
    try:
        width, height = map(int, text.split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a screen size WxH (e.g. 390x844): {text!r}") from None
    return width, height


def parser():
    commands = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sets = commands.add_subparsers(dest="set", metavar="SET", required=True)
    language, size = one_of(LANGUAGES, "language"), one_of(list(LANGUAGE_SIZES), "size")
    langs = {"nargs": "*", "type": language, "default": ["en"], "metavar": "lang", "help": " ".join(LANGUAGES)}
    for take, argument, options in [
        (boot, None, {}),
        (life, None, {}),
        (guide, "langs", langs),
        (languages, "sizes", {"nargs": "*", "type": size, "default": list(LANGUAGE_SIZES), "metavar": "size"}),
        (review, "langs", langs),
        (screens, "sizes", {"nargs": "*", "type": screen_size, "default": SCREENS, "metavar": "WxH"}),
        (
            looks,
            "sizes",
            {"nargs": "*", "type": one_of(list(LOOKS_SIZES), "size"), "default": list(LOOKS_SIZES), "metavar": "WxH"},
        ),
        (readme, "path", {"nargs": "?", "type": pathlib.Path, "default": README_PICTURE, "metavar": "PATH"}),
    ]:
        one = sets.add_parser(take.__name__, help=take.__doc__, description=take.__doc__)
        if argument:
            one.add_argument(argument, **options)
        one.set_defaults(take=take)
    return commands


def main(argv=None):
    args = parser().parse_args(argv)
    run(lambda browser, base: args.take(browser, base, args))


if __name__ == "__main__":
    main()
