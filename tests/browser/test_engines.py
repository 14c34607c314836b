"""The smoke set in every engine: Chromium, Firefox ESR and WebKitGTK (Safari's engine), through the `engine`
fixture (conftest.py, engines.py). Few tests, each a whole story, so three engines stay quick; the rest of
tests/browser/ goes deep in Chromium alone.

The engine under CPython is the referee, as in test_page: the page's save is loaded here and what the page
shows is compared with what the rules say.
"""

import pathlib
import socket
import sys

import pytest
from selenium import webdriver

import sixes
from sixes.engine.cards import Card
from sixes.model import guide, practise
from sixes.model.words import say_in

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
import build_site  # tools/, on the path from conftest
import engines
from conftest import BOOT_TIMEOUT, CRASHES
from test_boot import DRAWN_OTHERWISE
from test_looks import FELT, TARGETS
from test_page import SETTLED, serious_accessibility_problems, table_state
from test_robustness import STORAGE_FAULTS
from test_screens import BAR_LINE, DIALOG_FITS, SIZES, off_one_line, outside

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "engines"  # each engine's screens, to look at (make test leaves them there)
MARKER = "`${document.documentElement.dataset.turn} ${document.documentElement.dataset.moves}`"
LEGAL = "[...document.querySelectorAll('#hand button:enabled')].map(b => b.dataset.card)"
MENU_OPEN = "document.getElementById('menu').matches(':popover-open')"
FRAME = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def boot(tab, query=""):
    tab.goto(tab.site + query)
    tab.wait("document.documentElement.dataset.state === 'ready'", timeout=BOOT_TIMEOUT / 1000)
    assert tab.evaluate("document.querySelectorAll('.py-error').length") == 0


def settled(tab, leaving=None):
    """The settled marker once the table waits for the person or shows an end ("you 7", "round-over 41")."""
    return tab.wait(SETTLED, [leaving])


def act(tab, selector):
    """Click ``selector`` on a settled table and wait until the page has taken it (the marker moved on)."""
    before = settled(tab)
    tab.click(selector)
    tab.wait(f"(before) => {MARKER} !== before", before)


def saved_game(tab):
    return sixes.Game.from_json(tab.evaluate("localStorage.getItem('sixes.game')"))


def play_round(tab, saved=True):
    """The person plays the first legal card (or passes) at each turn until the round ends; returns the turns.
    Each turn's enabled cards are checked against the rules for the saved game (if it is ``saved``)."""
    turns = 0
    while settled(tab).startswith("you "):
        legal = tab.evaluate(LEGAL)
        if saved:
            assert legal == [str(card) for card in saved_game(tab).legal_moves()], "exactly the legal cards are enabled"
        act(tab, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
        if legal:
            assert tab.evaluate(f"document.querySelectorAll('[data-column] [data-card=\"{legal[0]}\"]').length") == 1
        turns += 1
    return turns


def play_into(tab):
    """The person's first choice (a card, or a pass), so the game is in progress; the table settled after it."""
    settled(tab)
    legal = tab.evaluate(LEGAL)
    act(tab, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    settled(tab)


def open_dialog(tab, dialog):
    tab.wait(f"document.getElementById('{dialog}').open")


def test_a_round_by_clicking_its_summary_and_its_review(engine):
    boot(engine, "?seed=11&speed=0&lang=en")
    assert engine.evaluate("[location.pathname, location.search]") == ["/sixes/", ""], "under a sub-path, consumed"
    assert serious_accessibility_problems(engine) == [], "at the table"
    assert play_round(engine) > 0
    game = saved_game(engine)
    assert game.round_over and settled(engine) == f"round-over {len(game.history)}"
    open_dialog(engine, "round-summary")
    rows = engine.evaluate("[...document.querySelectorAll('#round-summary tbody tr')].map(r => r.innerText)")
    assert len(rows) == 5
    for seat, row in enumerate(rows):
        assert f"{game.round_start_chips[seat]} → {game.chips[seat]}" in row
    names = ["You", "Aled", "Bethan", "Carys", "Dafydd"]
    assert f"{names[game.round_winner]} went out" in engine.evaluate(
        "document.getElementById('round-summary').innerText"
    )
    assert serious_accessibility_problems(engine) == [], "on the round's summary"
    engine.click("#review-round")
    open_dialog(engine, "review")
    engine.wait(
        "(step) => document.getElementById('review-step').textContent === step",
        f"Move {len(game.history)} of {len(game.history)}",
    )
    engine.click("#review-prev")
    engine.wait(
        "(step) => document.getElementById('review-step').textContent === step",
        f"Move {len(game.history) - 1} of {len(game.history)}",
    )
    engine.press("Escape")
    engine.wait("!document.getElementById('review').open && document.getElementById('round-summary').open")
    act(engine, "#next-round")
    assert saved_game(engine).round_number == 2


def test_keyboard_play_and_a_reload_resume_exactly(engine):
    boot(engine, "?seed=5&speed=0")
    for _ in range(2):
        assert settled(engine).startswith("you ")
        before = settled(engine)
        played = engine.evaluate("""() => { const mine = document.querySelector('#hand button:enabled, #pass:enabled');
                                            mine.focus(); return mine.dataset.card || 'pass'; }""")
        engine.press("Enter")
        engine.wait(f"(before) => {MARKER} !== before", before)
        assert settled(engine).startswith("you ")
        assert engine.evaluate("document.activeElement.matches('#hand button:enabled, #pass:enabled')"), (
            "focus comes back to the hand"
        )
        assert (
            played == "pass"
            or engine.evaluate(f"document.querySelectorAll('[data-column] [data-card=\"{played}\"]').length") == 1
        )
    shown, save = table_state(engine), engine.evaluate("localStorage.getItem('sixes.game')")
    engine.reload()
    engine.wait("document.documentElement.dataset.state === 'ready'", timeout=BOOT_TIMEOUT / 1000)
    assert engine.evaluate("performance.getEntriesByName('sixes-table-shown').length") == 1, (
        "the kept table was shown before Python, by the page's own script: this engine runs it by its hash in the CSP"
    )
    assert table_state(engine) == shown
    assert engine.evaluate("localStorage.getItem('sixes.game')") == save


def test_a_shared_link_asks_before_it_replaces_a_game_in_progress_on_a_phone(engine):
    engine.viewport(390, 844)
    boot(engine, "?seed=5&speed=0")
    engine.keep_viewport()
    assert settled(engine).startswith("you ")
    legal = engine.evaluate(LEGAL)
    act(engine, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    assert settled(engine).startswith("you ")
    save, game = engine.evaluate("localStorage.getItem('sixes.game')"), saved_game(engine)
    boot(engine, "?seed=4321&speed=0")
    open_dialog(engine, "replace-game")
    question = engine.evaluate("document.getElementById('replace-text').textContent")
    assert f"round {game.round_number} with {game.chips[0]} chips" in question, question
    assert engine.evaluate(DIALOG_FITS, "replace-game") == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.screenshot(SHOTS / f"{engine.engine}-390x844-replace-game.png")
    engine.press("Escape")  # Keep playing: nothing changes
    engine.wait("!document.getElementById('replace-game').open")
    assert engine.evaluate("localStorage.getItem('sixes.game')") == save
    boot(engine, "?seed=4321&speed=0")
    open_dialog(engine, "replace-game")
    engine.click("#replace-accept")
    engine.wait("JSON.parse(localStorage.getItem('sixes.game')).seed === 4321")
    left = engine.evaluate("JSON.parse(localStorage.getItem('sixes.stats.v1')).by_level.medium.games_left")
    assert left == 1


def test_a_rounds_mistake_is_practised_again_on_a_phone(engine):
    engine.viewport(390, 844)
    boot(engine, "?seed=3&speed=0&lang=en")  # (the person's first legal cards make a clear mistake: test_practise)
    engine.keep_viewport()
    play_round(engine)
    open_dialog(engine, "round-summary")
    engine.wait("!document.getElementById('round-lesson').hidden", timeout=90)  # (the marks, worked out in the page)
    assert engine.evaluate("document.getElementById('round-lesson-text').textContent").startswith("Your costliest")
    act(engine, "#next-round")
    settled(engine)  # (the bots' moves before the person's turn are saved first)
    save = engine.evaluate("localStorage.getItem('sixes.game')")
    engine.click("#menu-button")
    engine.wait(MENU_OPEN)
    engine.click("#open-practise")
    open_dialog(engine, "practise")
    assert engine.evaluate(DIALOG_FITS, "practise") == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.screenshot(SHOTS / f"{engine.engine}-390x844-practise.png")
    store = practise.PractiseStore(engine.evaluate("localStorage.getItem('sixes.practise.v1')"))
    position = store.positions[engine.evaluate("document.getElementById('practise-position').dataset.position")]
    card = engine.evaluate("document.querySelector('#practise-hand button:enabled').dataset.card")
    engine.click(f'#practise-hand [data-card="{card}"]')
    kind = engine.wait("document.getElementById('practise-verdict').dataset.verdict")
    assert kind == practise.judge(position, Card.parse(card).index).kind
    engine.press("Escape")
    engine.wait("!document.getElementById('practise').open")
    assert engine.evaluate("localStorage.getItem('sixes.game')") == save, "practice leaves the game as it was"


def test_refused_local_storage_plays_on_and_says_so(engine):
    engine.init_script(STORAGE_FAULTS["disabled"])
    boot(engine, "?seed=8&speed=0")
    assert engine.evaluate("document.getElementById('notice-text').textContent") == say_in("en")("not_saving")
    assert play_round(engine, saved=False) > 0
    open_dialog(engine, "round-summary")


@pytest.mark.parametrize(
    "width, height, lang", [(360, 640, "en"), (390, 844, "en"), (1280, 800, "en"), (1280, 800, "cy")]
)  # (Welsh: longer words)
def test_the_whole_table_is_in_view_without_scrolling(engine, width, height, lang):
    engine.viewport(width, height)
    boot(engine, f"?seed=3&speed=0&lang={lang}")
    settled(engine)
    engine.keep_viewport()
    engine.wait(FRAME)
    assert engine.evaluate("[innerWidth, innerHeight]") == [width, height]
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.screenshot(SHOTS / f"{engine.engine}-{width}x{height}-{lang}.png")
    assert outside(engine) == []
    # Where the controls sit in the bar (wide screens), they sit on one line, their words whole.
    if width >= 1200:
        assert off_one_line(engine.evaluate(BAR_LINE)) == [], "the bar's controls on one line"
    else:
        assert engine.evaluate(BAR_LINE) == [], "the controls fold into the menu"
    # Each dialog of the header keeps its title and buttons on the screen (what lies between scrolls), and Escape
    # closes it; on a phone it is opened from the Menu, which then has the focus back.
    folded = width < 1200
    for opener, dialog in (("#rules-button", "rules"), ("#menu-stats", "stats"), ("#menu-new-game", "setup")):
        if folded:
            engine.click("#menu-button")
            engine.wait(MENU_OPEN)
        engine.click(opener)
        open_dialog(engine, dialog)
        assert engine.evaluate(DIALOG_FITS, dialog) == [], dialog
        engine.press("Escape")
        engine.wait(f"!document.getElementById('{dialog}').open")
        if folded:
            engine.wait("document.activeElement.id === 'menu-button'")


@pytest.mark.parametrize("card_size", ["large", "compact"])
def test_large_and_compact_cards_fit_every_screen_in_the_dark_theme(engine, card_size):
    """Each card size in the dark theme at every screen size from 320×568 to 2560×1440, both ways up: the game is
    loaded at each size (WebKit shows a phone's width only on a load, in a frame that wide), a kept game after the
    first; nothing is outside the viewport and every card of the hand is a finger wide."""
    engine.init_script(
        f"localStorage.setItem('sixes.settings', JSON.stringify({{theme: 'dark', card_size: '{card_size}'}}))"
    )
    looks = """[document.documentElement.dataset.theme, document.documentElement.dataset.cardSize,
      getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()]"""
    SHOTS.mkdir(parents=True, exist_ok=True)
    wrong, query = {}, "?seed=3&speed=0&lang=en"
    for width, height in SIZES:
        engine.viewport(width, height)
        boot(engine, query)
        query = "?speed=0&lang=en"  # the kept game (a deal's link would ask first to replace it)
        settled(engine)
        engine.keep_viewport()
        engine.wait(FRAME)
        assert engine.evaluate("[innerWidth, innerHeight]") == [width, height]
        assert engine.evaluate(looks) == ["dark", card_size, FELT["dark"]]
        if (width, height) in [(320, 568), (568, 320), (1280, 800)]:
            engine.screenshot(SHOTS / f"{engine.engine}-{width}x{height}-dark-{card_size}.png")
        found = outside(engine) + [card for card in engine.evaluate(TARGETS) if min(card[1:]) < 44]
        if found:
            wrong[f"{width}×{height}"] = found
    assert wrong == {}, "nothing outside the viewport, each card of the hand a finger wide"


SNAPSHOT_DONE = "['sixes-snapshot-made', 'sixes-snapshot-failed'].some((n) => performance.getEntriesByName(n).length)"


# What the page shows once its modules have run, PyScript still starting: no Python yet.
BEFORE_PYTHON = """addEventListener("DOMContentLoaded", () => { window.beforePython = {
  shown: document.documentElement.dataset.shown, state: document.documentElement.dataset.state,
  hand: [...document.querySelectorAll("#hand [data-card]")].map((card) => card.dataset.card),
  inert: document.querySelector("#table > .centre").inert } });"""


def test_a_first_visit_shows_the_guided_deal_before_python_and_python_draws_it_the_same(engine):
    engine.init_script(BEFORE_PYTHON)
    boot(engine)
    hand = [str(card) for card in guide.guided_game().view(0).hand]
    assert engine.evaluate("window.beforePython") == {"shown": "first", "state": "booting", "hand": hand, "inert": True}
    parts = engine.evaluate("JSON.parse(sixesFirstTable)[document.documentElement.lang].parts")
    assert engine.evaluate(DRAWN_OTHERWISE, parts) == []
    assert not engine.evaluate('document.querySelector("#table > .centre").inert')


def test_after_one_visit_the_built_site_plays_offline(engine, tmp_path):
    out = tmp_path / "sixes"
    build_site.build(out)
    server = engines.injecting_server(tmp_path)
    engine.use(server, f"http://127.0.0.1:{server.server_address[1]}/sixes/")
    try:
        boot(engine, "?seed=7&speed=0")
        assert engine.evaluate("navigator.serviceWorker.ready.then(registration => !!registration.active)")
        # The visit is over once its idle work is: the snapshot for the next visit fetches the runtime, and a server
        # gone meanwhile failed those fetches in the page's console (seen once in a fresh-clone run).
        engine.wait(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT / 1000)
    finally:
        server.shutdown()
        server.server_close()
    engine.reload()  # the server is gone: everything comes from the worker's cache
    engine.wait("document.documentElement.dataset.state === 'ready'", timeout=BOOT_TIMEOUT / 1000)
    assert play_round(engine) > 0
    open_dialog(engine, "round-summary")


def test_the_built_site_boots_a_returning_player_from_the_snapshot_it_made(engine, tmp_path):
    """Issue 19: the interpreter's snapshot (assets/snapshot.mjs, assets/interpreter.mjs) in each engine."""
    build_site.build(tmp_path / "sixes")
    server = engines.injecting_server(tmp_path)
    engine.use(server, f"http://127.0.0.1:{server.server_address[1]}/sixes/")
    try:
        boot(engine, "?seed=7&speed=0")
        engine.wait("performance.getEntriesByName('sixes-snapshot-made').length > 0", timeout=BOOT_TIMEOUT / 1000)
        engine.reload()
        engine.wait("document.documentElement.dataset.state === 'ready'", timeout=BOOT_TIMEOUT / 1000)
        assert engine.evaluate("performance.getEntriesByName('sixes-snapshot-restored').length > 0")
        assert play_round(engine) > 0
    finally:
        server.shutdown()
        server.server_close()


def test_a_browser_that_never_starts_fails_as_hung_in_seconds_and_is_rerun():
    # A driver that takes the new session and never answers, as WebKitWebDriver did once in CI while its
    # MiniBrowser failed to come up: the wait is cut off, with the message conftest reruns a test for.
    with socket.create_server(("127.0.0.1", 0)) as silent:
        driver = f"http://127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(Exception, match=engines.HUNG):
            engines.answering(lambda: webdriver.Remote(driver, options=webdriver.WebKitGTKOptions()), timeout=1)
    assert engines.HUNG in CRASHES
    assert socket.getdefaulttimeout() is None, "the timeout holds only while the driver is made"


@pytest.mark.parametrize("width, height", [(320, 568), (390, 844), (1280, 800)])
def test_every_rank_of_a_long_column_shows_whole_with_large_cards(engine, width, height):
    """Issue 52: with Large cards each column card's rank shows whole above the card on it (Q's tail, J's hook) and
    nothing lies over the lowest card's lower index, in each engine's own fonts; nothing outside the viewport and
    every card of the hand a finger wide. A CPython game with a column of 10 is planted before each load."""
    import json  # (here: the tests above keep their imports as they were)

    from test_card_faces import RANKS, long_column_game

    settings = json.dumps({"speed": "instant", "card_size": "large", "theme": "dark"})
    engine.init_script(
        f"localStorage.setItem('sixes.game', {json.dumps(long_column_game().to_json())});"
        f"localStorage.setItem('sixes.settings', {json.dumps(settings)});"
    )
    engine.viewport(width, height)
    boot(engine, "?lang=en")
    assert settled(engine).startswith("you ")
    engine.keep_viewport()
    engine.wait(FRAME)
    assert engine.evaluate("[innerWidth, innerHeight, document.documentElement.dataset.cardSize]") == [
        width,
        height,
        "large",
    ]
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.screenshot(SHOTS / f"{engine.engine}-{width}x{height}-large-long-column.png")
    assert engine.evaluate(RANKS) == [], "each rank whole above the card on it, nothing over the lowest card's index"
    assert outside(engine) == []
    assert [card for card in engine.evaluate(TARGETS) if min(card[1:]) < 44] == []
