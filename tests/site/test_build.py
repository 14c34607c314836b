"""`make build` (tools/compile_python.py): what the page loads in place of Python source, and when
it is rebuilt. The .pyc files are for the Python inside Pyodide, so these tests read the archives;
tests/browser/test_boot.py runs them in the page."""

import html
import json
import marshal
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import boot_words
import page_config

from sixes.model import guide, words


def make(folder, *args):
    return subprocess.run(
        ["make", "--no-print-directory", "-s", *args], cwd=folder, capture_output=True, text=True, check=False
    )


def built(folder=ROOT):
    result = make(folder, "build")
    assert result.returncode == 0, result.stderr
    with zipfile.ZipFile(folder / "build" / "python.zip") as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_page_loads_every_module_of_the_package_compiled_and_no_list_names_them():
    config = page_config.settings(ROOT)  # PyScript's config, pyscript.toml
    assert config["files"] == {"./build/python.zip": "./*"}, "one archive, unpacked into the working folder"
    assert config["interpreter"] == "./assets/interpreter.mjs"
    assert 'from "../build/pyodide/pyodide.mjs"' in (ROOT / "assets" / "interpreter.mjs").read_text()
    assert "packages" not in config, "packages= loads micropip from the network"
    names = built()
    sources = [path.relative_to(ROOT).as_posix() for path in (ROOT / "sixes").rglob("*.py")]
    assert {"sixes/engine/cards.py", "sixes/model/table.py", "sixes/engine/__init__.py"} <= set(sources)
    assert {name for name in names if name.startswith("sixes/") and name.endswith(".pyc")} == {
        source + "c" for source in sources
    }, "every module of every subpackage, at its own path"
    code = marshal.loads(names["sixes/engine/cards.pyc"][16:])  # after the .pyc header
    assert code.co_filename == "sixes/engine/cards.py", "a traceback names the module's real path"
    # Each language's words, compiled, where gettext looks for them beside the package (sixes/model/words.py).
    catalogues = sorted(path.relative_to(ROOT).as_posix() for path in ROOT.glob("sixes/locale/*/LC_MESSAGES/*.po"))
    assert len(catalogues) >= 4 and {name for name in names if name.startswith("sixes/locale/")} == {
        name.removesuffix(".po") + ".mo" for name in catalogues
    }
    for name in catalogues:  # what the build wrote beside the .po, which the tests and the command line read
        assert names[name.removesuffix(".po") + ".mo"] == (ROOT / name).with_suffix(".mo").read_bytes()
    assert any(name.startswith("pyscript/__pycache__/") for name in names)
    with zipfile.ZipFile(ROOT / "build" / "pyodide" / "python_stdlib.zip") as stdlib:
        files = stdlib.namelist()
    assert not [name for name in files if name.endswith(".py")], "no source left to compile at boot"
    assert {"json/__init__.pyc", "asyncio/__init__.pyc", "dataclasses.pyc"} <= set(files)


def test_make_rebuilds_when_a_module_in_any_folder_or_a_catalogue_is_edited_added_or_removed(tmp_path):
    """A copy of the repo's build inputs: editing sixes/engine/cards.py, adding or removing a module in a
    subpackage, adding a subpackage, or editing a language's words, then `make build` (which `make play`
    runs before serving) puts exactly the package as it now is in the archive; an edited assets/first.js is
    rebuilt into build/first.js."""
    for name in ("Makefile", "package.json", "package-lock.json", "pyproject.toml", "index.html"):
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / "assets").mkdir()
    shutil.copy2(ROOT / "assets" / "first.js", tmp_path / "assets" / "first.js")
    for folder in ("sixes", "tools", "build"):
        shutil.copytree(
            ROOT / folder, tmp_path / folder, copy_function=shutil.copy2, ignore=shutil.ignore_patterns("__pycache__")
        )
    for folder in ("node_modules", ".venv"):  # (Babel, which compiles the catalogues, is in .venv)
        (tmp_path / folder).symlink_to(ROOT / folder, target_is_directory=True)
    assert make(tmp_path, "-q", "node_modules/.package-lock.json").returncode == 0, "npm ci would run: `make` first"
    built(tmp_path)
    assert make(tmp_path, "-q", "build/.built").returncode == 0, "up to date"

    def stale_then_rebuilt(why):
        assert make(tmp_path, "-q", "build/.built").returncode != 0, why
        return built(tmp_path)

    cards = tmp_path / "sixes" / "engine" / "cards.py"
    cards.write_text(cards.read_text() + '\nEDITED = "edited by test_build"\n')
    rebuilt = stale_then_rebuilt("an edited module makes the build stale")
    assert b"edited by test_build" in rebuilt["sixes/engine/cards.pyc"]

    brand_new = tmp_path / "sixes" / "model" / "brand_new.py"
    brand_new.write_text('"""A module nobody listed anywhere."""\n')
    assert "sixes/model/brand_new.pyc" in stale_then_rebuilt("so does a new module in a subpackage")

    brand_new.unlink()
    assert "sixes/model/brand_new.pyc" not in stale_then_rebuilt("and a removed one")

    (tmp_path / "sixes" / "rooms").mkdir()
    (tmp_path / "sixes" / "rooms" / "__init__.py").write_text('"""A new subpackage."""\n')
    assert "sixes/rooms/__init__.pyc" in stale_then_rebuilt("and a new subpackage")

    welsh = tmp_path / "sixes" / "locale" / "cy" / "LC_MESSAGES" / "sixes.po"
    welsh.write_text(welsh.read_text(encoding="utf-8").replace('msgstr "Chwech"', 'msgstr "Chwech!"'), encoding="utf-8")
    assert b"Chwech!" in stale_then_rebuilt("and an edited catalogue")["sixes/locale/cy/LC_MESSAGES/sixes.mo"]

    # The page's first script is the words, then assets/first.js as it now is.
    first = tmp_path / "assets" / "first.js"
    first.write_text(first.read_text() + "// edited by test_build\n")
    assert make(tmp_path, "-q", "build/first.js").returncode != 0, (
        "an edited assets/first.js makes build/first.js stale"
    )
    built(tmp_path)
    assert (tmp_path / "build" / "first.js").read_text().endswith(first.read_text())


def assigned(script, name):
    """The JSON that build/first.js assigns to ``globalThis.name`` (JSON holds no raw line break, so ";\n" ends it)."""
    start = script.index(f"globalThis.{name} = ") + len(f"globalThis.{name} = ")
    return json.loads(script[start : script.index(";\n", start)])


def test_the_words_before_python_come_from_the_catalogues_and_the_page_english_is_the_english_catalogue():
    """build/first.js's words (what first.js and boot.js say before Python) are written by make build from every
    catalogue's "boot_" words; index.html's English for them (shown should the script be missing) is the English
    catalogue's; boot.js and first.js hold no words of their own."""
    built()
    written = assigned((ROOT / "build" / "first.js").read_text(), "sixesBootWords")
    assert written == boot_words.boot_words()
    assert set(written) == set(words.LANGUAGES) and len({frozenset(keys) for keys in written.values()}) == 1
    for lang in words.LANGUAGES:
        assert written[lang] == {key: words.WORDS[lang][key] for key in written["en"]}
    page = (ROOT / "index.html").read_text()
    shown = dict(re.findall(r'data-boot="(\w+)">([^<]*)<', page))
    assert {"boot_loading", "boot_lesson_sixes", "boot_file_text"} <= set(shown)
    assert {key: html.unescape(value) for key, value in shown.items()} == {key: written["en"][key] for key in shown}
    for script in ("boot.js", "first.js"):
        assert "Loading Python" not in (ROOT / "assets" / script).read_text()


def test_a_first_visits_table_is_written_in_every_language_from_the_model_with_the_pages_words():
    """build/first.js's first tables (assets/first.js parses them, a string, and shows one before Python): one a language, the guided deal's
    hand in the model's own HTML, each of the page's fixed words in that language, the guide's first step for a
    mouse and for a touch screen. (tests/browser/test_boot.py checks them against Python's draw.)"""
    built()
    tables = json.loads(assigned((ROOT / "build" / "first.js").read_text(), "sixesFirstTable"))
    assert set(tables) == set(words.LANGUAGES)
    page = (ROOT / "index.html").read_text()
    for lang, first in tables.items():
        hand = {selector: html for selector, html, _ in first["parts"]}["#hand"]
        assert re.findall(r'data-card="(\w+)"', hand) == [str(card) for card in guide.guided_game().view(0).hand]
        assert {"hint_button", "pot_caption", "guide_skip"} <= set(first["words"])
        assert first["words"] == {key: words.WORDS[lang][key] for key in first["words"]}
        assert set(first["words"]) == set(re.findall(r'data-say(?:-label|-title)?="([^"]+)"', page))
        mouse, touch = first["guide"]
        assert mouse != touch and "6" in mouse, lang
