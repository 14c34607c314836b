"""The compiled runtime in the page (issue #10): the standard-library archive lacks nothing the game
imports, the game and PyScript's package run from .pyc, and a traceback still names sixes/<module>.py
and the line. The page's own script is extended for these tests (the route below), never the page."""

import json
import pathlib
import re
import sys
import urllib.parse
import zipfile

from playwright.sync_api import expect

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from test_page import boot, play_round  # noqa: E402

START = "from sixes.browser import controller\nawait controller.start()\n"
# Installed before the game's first import. _Missed goes last on sys.meta_path, so it is asked only
# about a module that no finder has: every import that failed, even one a try/except swallowed.
WATCH = '''import importlib.util, json, sys, js
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
'''


def stock_modules():
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as stock:
        return {name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
                for name in stock.namelist() if name.endswith(".py")}


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
    assert lacking == [], (f"the page imports {lacking}, which build/pyodide/python_stdlib.zip lacks: a module "
                           "PyScript or Pyodide imports belongs in tools/runtime_modules.txt (run tools/runtime_modules.py)")
    files = found["origins"]
    stdlib = {name: file for name, file in files.items() if file and file.startswith("/lib/python314.zip/")}
    assert len(stdlib) > 100 and all(file.endswith(".pyc") for file in stdlib.values()), "all compiled"
    built = set((ROOT / "build" / "pyodide" / "modules.txt").read_text().split())
    assert set(stdlib) <= built
    game = {name: file for name, file in files.items() if name.startswith("sixes")}
    # Each module of the package, by name, with the file the page should load it from (sixes/engine/cards.py →
    # sixes.engine.cards from /home/pyodide/sixes/engine/cards.pyc; a package from its __init__.pyc).
    compiled = {module_name(path): f"/home/pyodide/{path.relative_to(ROOT).with_suffix('.pyc').as_posix()}"
                for path in (ROOT / "sixes").rglob("*.py")}
    command_line = {"sixes.__main__", "sixes.engine.simulate", "sixes.engine.duplicate", "sixes.engine.jobs"}
    assert set(compiled) - command_line <= set(game)
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


def test_the_runtime_is_preloaded_and_each_file_fetched_once(page, site):
    """boot.js preloads every file of build/ the boot fetches (else each waits for the script
    that asks for it); a preload the runtime's own fetch cannot reuse (a wrong credentials mode,
    a renamed file) shows as a second fetch of that file, or as a build/ file fetched unannounced."""
    boot(page, site)
    preloaded = page.evaluate("[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
                              ".map(link => link.href)")
    fetched = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    from_build = {url for url in fetched if urllib.parse.urlsplit(url).path.startswith(
        urllib.parse.urlsplit(site).path + "build/")}
    assert set(preloaded) == from_build
    assert {url: fetched.count(url) for url in preloaded} == dict.fromkeys(preloaded, 1)
