"""The compiled runtime in the page (issue #10): the standard-library archive lacks nothing the game
imports, the game and PyScript's package run from .pyc, and a traceback still names sixes/<module>.py
and the line. The page's own script is extended for these tests (the route below), never the page."""

import functools
import http.server
import json
import pathlib
import re
import shutil
import sys
import threading
import urllib.parse
import zipfile

from playwright.sync_api import expect

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import served_as_sixes
from test_page import boot, hand_cards, play_round, saved_game

from sixes.model import guide, words

START = "from sixes.browser import controller\nawait controller.start()\n"
# Installed before the game's first import. _Missed goes last on sys.meta_path, so it is asked only
# about a module that no finder has: every import that failed, even one a try/except swallowed.
WATCH = """import importlib.util, json, sys, js
from pyodide.ffi import create_proxy

class _Missed:
    names = []

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.names.append(name)

sys.meta_path.append(_Missed)

def _imports():
    def from_cache(module):
        with open(module.__file__, "rb") as source, open(module.__cached__, "rb") as cached:
            return cached.read()[8:16] == importlib.util.source_hash(source.read())
    # Where each was loaded from ("frozen" and "built-in" for those inside the interpreter itself).
    modules = {name: getattr(module.__spec__, "origin", None) for name, module in list(sys.modules.items())
               if getattr(module, "__spec__", None)}
    pyscript = {name: from_cache(sys.modules[name]) for name, file in modules.items() if name.startswith("pyscript")
                and file and file.endswith(".py")}
    return json.dumps({"missed": _Missed.names, "origins": modules, "pyscript_from_cache": pyscript})

js.window.pythonImports = create_proxy(_imports)
"""


def stock_modules():
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as stock:
        return {
            name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
            for name in stock.namelist()
            if name.endswith(".py")
        }


def module_name(path):
    """sixes/engine/cards.py → "sixes.engine.cards"; sixes/browser/__init__.py → "sixes.browser"."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def with_script(page, site, extra_before="", extra_after=""):
    """Serve the page with Python added before and after its own two lines."""

    def rewrite(route):
        response = route.fetch()
        body = response.text()
        assert START in body, "index.html's script changed: update START"
        route.fulfill(response=response, body=body.replace(START, extra_before + START + extra_after))

    page.route(lambda url: urllib.parse.urlsplit(url).path == urllib.parse.urlsplit(site).path, rewrite)


def test_every_module_the_game_imports_is_in_the_archive_and_compiled(page, site, tmp_path):
    with_script(page, site, extra_before=WATCH)
    boot(page, site + "?seed=3&speed=0")
    # What a visit can reach: a round and its end, a hint, every dialog, a record saved and opened.
    if page.is_enabled("#hint"):
        page.click("#hint")
    play_round(page)
    page.click("#next-round")
    page.wait_for_selector("#hand button:enabled, #pass:enabled")
    for menu in ("#rules-button", "#menu-stats", "#menu-log"):
        page.click(menu)
        if menu == "#menu-log":
            with page.expect_download() as download:
                page.click("#save-record")
            download.value.save_as(tmp_path / "game.json")
            page.set_input_files("#open-record", tmp_path / "game.json")
            expect(page.locator("#replay")).to_be_visible()
        page.keyboard.press("Escape")
    page.click("#menu-new-game")
    page.click("#copy-link")
    expect(page.locator("#notice")).to_contain_text("?seed=")
    page.select_option("#lang", "cy")
    page.select_option("#deck", "spanish")
    expect(page.locator("html")).to_have_attribute("lang", "cy")

    found = json.loads(page.evaluate("pythonImports()"))
    lacking = sorted(set(found["missed"]) & stock_modules())
    assert lacking == [], (
        f"the page imports {lacking}, which build/pyodide/python_stdlib.zip lacks: a module "
        "PyScript or Pyodide imports belongs in tools/runtime_modules.txt (run tools/runtime_modules.py)"
    )
    files = found["origins"]
    stdlib = {name: file for name, file in files.items() if file and file.startswith("/lib/python314.zip/")}
    assert len(stdlib) > 100 and all(file.endswith(".pyc") for file in stdlib.values()), "all compiled"
    built = set((ROOT / "build" / "pyodide" / "modules.txt").read_text().split())
    assert set(stdlib) <= built
    game = {name: file for name, file in files.items() if name.startswith("sixes")}
    # Each module of the package, by name, with the file the page should load it from (sixes/engine/cards.py →
    # sixes.engine.cards from /home/pyodide/sixes/engine/cards.pyc; a package from its __init__.pyc).
    compiled = {
        module_name(path): f"/home/pyodide/{path.relative_to(ROOT).with_suffix('.pyc').as_posix()}"
        for path in (ROOT / "sixes").rglob("*.py")
    }
    command_line = {"sixes.__main__", "sixes.engine.simulate", "sixes.engine.duplicate", "sixes.engine.jobs"}
    # Read at a hard bot's first decision or a hint early in a round, which this visit may not meet: in the archive.
    when_asked = {"sixes.engine.learned_weights"}
    with zipfile.ZipFile(ROOT / "build" / "python.zip") as archive:
        assert "sixes/engine/learned_weights.pyc" in archive.namelist()
    assert set(compiled) - command_line - when_asked <= set(game)
    assert all(file == compiled[name] for name, file in game.items()), game
    assert found["pyscript_from_cache"] and all(found["pyscript_from_cache"].values()), found["pyscript_from_cache"]


def test_a_python_error_names_the_game_module_and_line(browser, site):
    # Card.parse of a number: the ValueError raised by the first `raise` in sixes/engine/cards.py.
    source = (ROOT / "sixes" / "engine" / "cards.py").read_text().splitlines()
    line = next(number for number, text in enumerate(source, 1) if "raise ValueError(" in text)
    context = browser.new_context()
    page = context.new_page()
    with_script(page, site, extra_after="import sixes.engine.cards\nsixes.engine.cards.Card.parse(6)\n")
    page.goto(site + "?seed=3&speed=0")
    error = page.locator(".py-error")
    expect(error).to_contain_text("ValueError", timeout=60_000)
    assert re.search(rf'File "sixes/engine/cards\.py", line {line}, in parse', error.inner_text()), error.inner_text()
    context.close()


def test_a_python_error_before_the_game_starts_is_said_in_words(page, site, watch):
    # PyScript shows it as a .py-error; boot.js watches for one while the page boots.
    watch.forgive("RuntimeError: the boot breaks here")  # (logged too, rightly)
    with_script(page, site, extra_before="raise RuntimeError('the boot breaks here')\n")
    page.goto(site + "?seed=3&speed=0")
    expect(page.locator("html")).to_have_attribute("data-state", "failed", timeout=60_000)
    expect(page.locator("#boot-text")).to_contain_text(words.WORDS["en"]["boot_python_error"])


def test_the_runtime_is_preloaded_and_each_file_fetched_once(page, site):
    """boot.js preloads every file of build/ the boot fetches (else each waits for the script
    that asks for it); a preload the runtime's own fetch cannot reuse (a wrong credentials mode,
    a renamed file) shows as a second fetch of that file, or as a build/ file fetched unannounced."""
    boot(page, site)
    preloaded = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')].map(link => link.href)"
    )
    fetched = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    named = page.evaluate("[...document.scripts].map(script => script.src)")  # build/first.js: the page's own tag
    from_build = {
        url
        for url in fetched
        if urllib.parse.urlsplit(url).path.startswith(urllib.parse.urlsplit(site).path + "build/") and url not in named
    }
    assert set(preloaded) == from_build
    assert {url: fetched.count(url) for url in preloaded} == dict.fromkeys(preloaded, 1)


def test_the_page_fetches_no_plugin_it_does_not_use_nor_a_config(page, site):
    """`make play` writes pyscript.toml into the page as JSON (no file, no TOML parser) and PyScript's unused
    plugins are never fetched."""
    boot(page, site)
    fetched = {
        url.rsplit("/", 1)[-1] for url in page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    }
    unused = ("toml-", "py-editor-", "py-game-", "py-terminal-", "donkey-", "deprecations-manager-", "codemirror")
    assert [name for name in fetched if name.startswith(unused) or name.startswith("pyscript.")] == []
    assert any(name.startswith("error-") for name in fetched), "the error plugin, which shows Python's errors, stays"


def test_any_static_server_serves_the_page_as_it_is_and_pyscript_reads_pyscript_toml(page, watch, tmp_path_factory):
    """The repo root with no page_config to write the config in (a plain http.server): PyScript fetches
    pyscript.toml and parses it itself, and still loads no unused plugin."""
    folder = served_as_sixes(tmp_path_factory, "plain")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.log_message = lambda *args: None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    watch.origin = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        boot(page, watch.origin + "sixes/?seed=3")
        fetched = [
            url.rsplit("/", 1)[-1] for url in page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        ]
        assert "pyscript.toml" in fetched and any(name.startswith("toml-") for name in fetched)
        assert not any(name.startswith(("py-terminal-", "py-editor-")) for name in fetched)
        page.wait_for_selector("html[data-turn]")
    finally:
        server.shutdown()


def test_a_first_visit_reads_the_rules_in_short_in_its_language_while_python_loads(page, site):
    """At the first paint, with Python held back: the rules in short beside the progress, in the person's language
    (the catalogue's words, from build/first.js), gone once the game is up."""
    release = hold_python(page)
    page.goto(site + "?lang=es")
    lesson = page.locator(".lesson .rules-short span")
    expect(lesson).to_have_count(4)
    expect(lesson.first).to_have_text(words.WORDS["es"]["boot_lesson_sixes"])
    expect(page.locator("#lesson-title")).to_be_visible()
    expect(page.locator("#boot progress")).to_be_visible()
    assert page.get_attribute("html", "lang") == "es" and page.get_attribute("html", "data-state") == "booting"
    assert page.evaluate("performance.getEntriesByName('first-contentful-paint').length") == 1, "already painted"
    release()
    page.wait_for_selector("html[data-state=ready]")
    expect(page.locator(".lesson")).to_be_hidden()


def test_a_page_opened_from_a_file_says_it_must_be_served_within_a_second(browser):
    """From file:// a browser refuses the page's modules: a classic script says so at once, in the person's
    language, naming make play, and no progress bar waits for ever."""
    for locale, lang in (("en-GB", "en"), ("cy-GB", "cy")):
        context = browser.new_context(locale=locale)
        try:
            page = context.new_page()
            page.goto((ROOT / "index.html").as_uri())
            # (first.js sets it as the page is parsed, with no timer: how soon is a machine's speed, not a state)
            page.wait_for_selector("html[data-state=file]")
            note = page.locator("#file-note")
            expect(note).to_be_visible()
            expect(note).to_contain_text(words.WORDS[lang]["boot_file_title"])
            expect(note).to_contain_text("make play")
            assert "`" not in note.inner_text(), "plain words, no markup"
            expect(page.locator("#boot progress")).to_be_hidden()
            # Nothing in the header can work from a file: its controls are not offered.
            expect(page.locator("#menu-button")).to_be_hidden()
            expect(page.locator("#menu-new-game")).to_be_hidden()
            assert page.get_attribute("html", "lang") == lang
        finally:
            context.close()


def test_a_checkout_never_built_says_so_from_a_file_too(browser, tmp_path):
    """A checkout never built has no build/first.js, so from a file no script of the page runs at all: sixes.css
    still shows the note (in index.html's English), and neither the progress bar nor the header's controls."""
    shutil.copy2(ROOT / "index.html", tmp_path / "index.html")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    context = browser.new_context(locale="cy-GB")
    try:
        page = context.new_page()
        page.goto((tmp_path / "index.html").as_uri())
        assert page.get_attribute("html", "data-words") is None, "first.js did not run"
        note = page.locator("#file-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text("Sixes must be served, not opened as a file")
        expect(note).to_contain_text("make play")
        expect(page.locator("#boot progress")).to_be_hidden()
        expect(page.locator("#boot-text")).to_be_hidden()
        expect(page.locator("#menu-button")).to_be_hidden()
    finally:
        context.close()


def test_a_missing_interpreter_module_is_explained_in_words(page, site, watch):
    # The failed download is rightly logged as errors, which may arrive after the page has said it failed.
    watch.forgive("status of 404", "/assets/interpreter.mjs")
    page.route("**/assets/interpreter.mjs", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site)
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    expect(page.locator("#boot-text")).to_contain_text("The game could not start: interpreter.mjs did not load")


# --- a returning player's table, shown before Python is up (assets/boot.js, Controller.keep_table) ---------
KEPT = "localStorage.getItem('sixes.table.v1')"
IDLE = "() => new Promise(done => requestIdleCallback(() => done(), {timeout: 2000}))"  # after any keep queued before


def kept_table(page):
    """Play until the person's turn, then wait until the table is kept (once the page is idle)."""
    page.wait_for_selector("html[data-turn=you]")
    page.evaluate(IDLE)
    return json.loads(page.evaluate(KEPT))


def hold_python(page):
    """Hold the game's archive until the returned function is called: Python cannot start before."""
    held = []
    page.route("**/build/python.zip", lambda route: held.append(route))

    def release():
        for route in held:
            route.continue_()
        page.unroute("**/build/python.zip")

    return release


def tap(page, selector):
    """A tap where the element is: an inert element takes no click of its own, so a locator's click would wait."""
    box = page.locator(selector).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


# The elements a table drawn before Python is made of, and the page's parts made inert until Python is up.
TABLE_ELEMENTS = "#hand > *, [data-column] > *, .seat:not(.you) > *, .you-head > *"
INERT = "[...document.querySelectorAll('header > :not(h1), #table > .seat, #table > .centre')].every(e => e.inert)"


def mark_drawn(page):
    """Mark the table's elements as drawn now, before Python is up."""
    page.evaluate(f"() => {{ for (const el of document.querySelectorAll({TABLE_ELEMENTS!r})) el.kept = true; }}")


def remade(page):
    """Where Python drew an element anew since ``mark_drawn``: its column's suit, or "elsewhere"."""
    return page.evaluate(
        f"""[...document.querySelectorAll({TABLE_ELEMENTS!r})].filter(el => !el.kept)
            .map(el => el.closest('[data-column], #hand, [data-seat]').dataset.column ?? 'elsewhere')"""
    )


def test_a_returning_players_table_shows_at_once_inert_and_a_tap_on_it_is_laid_at_once_and_played_once(page, site):
    boot(page, site + "?seed=5&speed=0")
    kept = kept_table(page)
    assert kept["ranks"] == "A234567JQK", "what a tap's flight needs is kept with the table"
    hand, moves = hand_cards(page), len(saved_game(page).history)
    legal = hand_cards(page, "#hand button:enabled")
    release = hold_python(page)
    page.goto(site)
    page.wait_for_selector("html[data-shown=saved]")
    assert page.get_attribute("html", "data-state") == "booting"
    assert hand_cards(page) == hand and hand_cards(page, "#hand button:enabled") == legal, "the table as it was left"
    expect(page.locator("#boot-text")).to_have_text("Starting…")
    assert page.evaluate(INERT)
    tap(page, f'#hand [data-card="{legal[-1]}"]')
    # Laid in its column in the tap's own task, Python still held back; the hand takes no second card.
    assert page.locator(f'[data-column="{legal[-1][1]}"] > [data-card="{legal[-1]}"]').count() == 1
    expect(page.locator(f'#hand [data-card="{legal[-1]}"]')).to_be_hidden()
    assert page.get_attribute("html", "data-state") == "booting"
    if len(legal) > 1:
        tap(page, f'#hand [data-card="{legal[0]}"]')
        assert page.locator(f'[data-column] [data-card="{legal[0]}"]').count() == 0, "one card a turn"
    release()
    page.wait_for_selector("html[data-state=ready]")
    history = saved_game(page).history
    person = [move for move in history[moves:] if move.seat == 0]
    assert [str(move.card) for move in person[:1]] == [legal[-1]], "played, and first"
    assert [str(move.card) for move in history].count(legal[-1]) == 1, "played once, never twice"
    assert page.locator(f'[data-column] [data-card="{legal[-1]}"]').count() == 1
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0, "Python has the table now"
    expect(page.locator("#notice")).to_be_hidden()
    page.wait_for_selector("html[data-turn=you]")
    # Taps before Python is up are caught only then: a click now is the game's own, played once.
    before = len(saved_game(page).history)
    page.click("#hand button:enabled >> nth=0")
    page.wait_for_function(
        f"+document.documentElement.dataset.moves > {before} || document.getElementById('round-summary').open"
    )
    assert sum(move.seat == 0 for move in saved_game(page).history[before:]) == 1


def test_a_tap_on_a_card_the_kept_table_shows_as_not_playable_does_nothing(page, site):
    boot(page, site + "?seed=5&speed=0")
    kept_table(page)
    moves = len(saved_game(page).history)
    unplayable = hand_cards(page, "#hand button:disabled")
    assert unplayable, "seed 5's first turn has cards that cannot be played"
    release = hold_python(page)
    page.goto(site)
    page.wait_for_selector("html[data-shown=saved]")
    tap(page, f'#hand [data-card="{unplayable[0]}"]')
    expect(page.locator(f'#hand [data-card="{unplayable[0]}"]')).to_be_visible()
    assert page.locator(f'[data-column] [data-card="{unplayable[0]}"]').count() == 0
    release()
    page.wait_for_selector("html[data-turn=you]")
    assert len(saved_game(page).history) == moves, "nothing played"


def test_a_tap_on_a_kept_table_of_another_game_goes_back_with_a_word_and_is_not_played(page, site):
    boot(page, site + "?seed=5&speed=0")
    kept = kept_table(page)
    moves = len(saved_game(page).history)
    legal = hand_cards(page, "#hand button:enabled")
    page.evaluate(f"localStorage.setItem('sixes.table.v1', JSON.stringify({{...{json.dumps(kept)}, key: '1'}}))")
    release = hold_python(page)
    page.goto(site)
    page.wait_for_selector("html[data-shown=saved]")
    tap(page, f'#hand [data-card="{legal[0]}"]')
    assert page.locator(f'[data-column] [data-card="{legal[0]}"]').count() == 1, "laid at once, as any tap"
    release()
    page.wait_for_selector("html[data-state=ready]")
    page.wait_for_selector("html[data-turn=you]")
    assert len(saved_game(page).history) == moves, "the table shown was not this game's: nothing is played"
    expect(page.locator(f'#hand [data-card="{legal[0]}"]')).to_be_visible()
    assert page.locator(f'[data-column] [data-card="{legal[0]}"]').count() == 0, "the card went back"
    expect(page.locator("#notice-text")).to_have_text(words.WORDS["en"]["early_tap_back"])


def test_a_first_visit_a_guided_deal_a_link_to_a_deal_or_another_language_show_the_boot_screen(page, site):
    release = hold_python(page)
    page.goto(site)
    expect(page.locator("#boot progress")).to_be_visible()
    assert page.get_attribute("html", "data-shown") == "first", "the guided deal's table, never a kept one"
    release()
    page.wait_for_selector("html[data-turn=guide]")
    page.evaluate(IDLE)
    assert page.evaluate(KEPT) is None, "the guided deal is never kept"
    page.click("#guide-skip")
    kept_table(page)
    for url in (site + "?seed=3", site + "?lang=cy", site + "?bots=all"):
        release = hold_python(page)
        page.goto(url)
        expect(page.locator("#boot progress")).to_be_visible()
        assert page.get_attribute("html", "data-shown") is None, url
        release()
        page.wait_for_selector("html[data-state=ready]")
        page.wait_for_selector("html[data-turn]")
    # The table is now kept in Welsh (?lang=cy was saved), so a plain visit shows it, in Welsh.
    release = hold_python(page)
    page.goto(site)
    page.wait_for_selector("html[data-shown=saved]")
    assert page.get_attribute("html", "lang") == "cy"
    expect(page.locator("#boot-text")).to_have_text("Yn cychwyn…")
    release()
    page.wait_for_selector("html[data-state=ready]")


def test_a_boot_that_fails_under_a_kept_table_says_so_and_leaves_it_inert(page, site, watch):
    boot(page, site + "?seed=5&speed=0")
    kept_table(page)
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site)
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    assert page.get_attribute("html", "data-shown") == "saved"
    expect(page.locator("#boot-text")).to_contain_text("pyodide.asm.wasm did not load")
    expect(page.locator("#boot")).to_be_visible()
    assert page.evaluate("document.querySelector('#table > .centre').inert")
    watch.errors.clear()  # the failed download is rightly logged as an error


def test_a_kept_table_that_cannot_be_shown_means_the_boot_screen_and_a_normal_boot(page, site):
    boot(page, site + "?seed=5&speed=0")
    kept_table(page)
    for broken in (
        '{"parts": [[1, null, {}]], "lang": "en"}',
        '{"parts": [["#hand", "<b>", 3]], "lang": "en"}',
        "{cut",
    ):
        # Written from a file of the site that is not the game: a game page leaving keeps its own table
        # as it goes (pagehide), which would write over this one.
        page.goto(site + "assets/icon.svg")
        page.evaluate("(text) => localStorage.setItem('sixes.table.v1', text)", broken)
        boot(page, site)
        assert page.get_attribute("html", "data-shown") is None, broken
        assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
        page.wait_for_selector("html[data-turn=you]")


def test_python_keeps_the_elements_of_the_kept_table_it_would_draw_the_same(page, site):
    boot(page, site + "?seed=5&speed=0")
    kept_table(page)
    release = hold_python(page)
    page.goto(site)
    page.wait_for_selector("html[data-shown=saved]")
    mark_drawn(page)
    release()
    page.wait_for_selector("html[data-state=ready]")
    page.wait_for_selector("html[data-turn=you]")
    drawn_again = remade(page)
    last = page.get_attribute("[data-column]:has([data-last])", "data-column")
    # Drawn as they were kept, but for the ring on the last card played, which is marked after its column is drawn.
    assert drawn_again and set(drawn_again) == {last}, drawn_again


# --- a first visit's table: the guided deal's first position, drawn before Python (assets/first.js) ----------
# Each part of build/first.js's first table against the page: the inner HTML (as the browser writes it back) and
# the attributes it gives, and no toggled attribute it leaves out. [] when the page shows the part as given.
DRAWN_OTHERWISE = """(parts) => {
  const counts = {}, wrong = [];
  for (const [selector, html, attributes] of parts) {
    const element = document.querySelectorAll(selector)[counts[selector] = (counts[selector] ?? -1) + 1];
    const template = document.createElement("template");
    template.innerHTML = html;
    if (html !== null && template.innerHTML !== element.innerHTML) wrong.push([selector, counts[selector], "html"]);
    for (const [name, value] of Object.entries(attributes)) {
      if (element.getAttribute(name) !== value) wrong.push([selector, counts[selector], name]);
    }
    for (const name of ["disabled", "hidden", "aria-current"]) {
      if (!(name in attributes) && element.hasAttribute(name)) wrong.push([selector, counts[selector], name]);
    }
  }
  return wrong;
}"""


def test_a_first_visit_shows_the_guided_deal_under_the_lesson_and_python_draws_it_the_same(page, site):
    """The table a first visit will play, in the person's language, from the first paint while Python loads: inert,
    its turn and the guide's words kept back; Python's first draw then finds every part as it draws it, and
    keeps the elements."""
    hand = [str(card) for card in guide.guided_game().view(0).hand]
    for url, lang in ((site, "en"), (site + "?lang=cy", "cy")):
        page.goto(site + "assets/icon.svg")
        page.evaluate("localStorage.clear()")  # a first visit again
        release = hold_python(page)
        page.goto(url)
        page.wait_for_selector("html[data-shown=first]")
        assert page.get_attribute("html", "data-state") == "booting"
        assert hand_cards(page) == hand and hand_cards(page, "#hand button:enabled") == ["6D"]
        expect(page.locator(".lesson .rules-short")).to_be_visible()
        expect(page.locator("#hint")).to_have_text(words.WORDS[lang]["hint_button"])
        for hidden in ("#guide", "#status"):
            assert page.eval_on_selector(hidden, "e => getComputedStyle(e).visibility") == "hidden", hidden
        assert page.evaluate(INERT)
        first = page.evaluate(f"JSON.parse(sixesFirstTable)[{lang!r}]")
        mark_drawn(page)
        release()
        page.wait_for_selector("html[data-turn=guide]")
        assert page.evaluate(DRAWN_OTHERWISE, first["parts"]) == []
        expect(page.locator("#guide-text")).to_have_text(first["guide"][0])  # (a mouse, not a touch screen)
        assert remade(page) == []
        assert not page.evaluate("document.querySelector('#table > .centre').inert")
        page.click('#hand [data-card="6D"]')
        page.wait_for_selector('[data-column="D"] [data-card="6D"]')
