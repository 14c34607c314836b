"""Measure which standard-library modules the pinned PyScript + Pyodide import before any of the
game's code runs, and write them to tools/runtime_modules.txt (read by tools/compile_python.py).

The page is bench/boot_bare.html on the unmodified runtime, asked for sys.modules once its one
line of Python has run. Run it again after changing package-lock.json; the browser tests say so
(tests/browser/test_boot.py) if the page imports a module the archive lacks.

Run: .venv/bin/python tools/runtime_modules.py
"""

import pathlib
import sys
import zipfile

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import serve
from conftest import CHROMIUM, QUIET

OUT = ROOT / "tools" / "runtime_modules.txt"
# Imported by the game's boot and not the bare page's, yet by no statement in sixes/: zipfile decodes
# the names in build/sixes.zip with it when PyScript unpacks the archive.
UNPACKING = {"encodings.cp437"}
LINE = 'js.performance.mark("first-line")'
ASK = '; import sys; js.document.documentElement.dataset.modules = " ".join(sys.modules)'


def measure():
    server = serve.serve_in_background(ROOT)
    url = f"http://127.0.0.1:{server.server_address[1]}/bench/boot_bare.html"

    def ask_for_modules(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.text().replace(LINE, LINE + ASK))

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=QUIET)
        page = browser.new_page()
        page.route(url, ask_for_modules)
        page.goto(url)
        page.wait_for_selector("html[data-modules]", state="attached", timeout=120_000)
        imported = page.evaluate("document.documentElement.dataset.modules").split()
        browser.close()
    server.shutdown()
    return imported


def main():
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as stock:
        files = {
            name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
            for name in stock.namelist()
            if name.endswith(".py")
        }
    modules = sorted((set(measure()) | UNPACKING) & files)
    OUT.write_text(
        "# The standard-library modules the pinned PyScript + Pyodide import at boot, measured by\n"
        "# tools/runtime_modules.py on bench/boot_bare.html: rerun it after changing package-lock.json.\n"
        + "".join(f"{name}\n" for name in modules)
    )
    print(f"{OUT.relative_to(ROOT)}: {len(modules)} modules")


if __name__ == "__main__":
    main()
