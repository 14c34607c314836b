"""Which standard library should the page boot from? (issue #10) Three archives, each compiled by the
pinned Pyodide, measured against the stock one (sources only) by booting the game on each:

- stock:   node_modules/pyodide/python_stdlib.zip as npm ships it, every module as source;
- all:     every module as .pyc;
- boot+src: the page's modules as .pyc (as build/ has them), every other module as source;
- page:    only the page's modules, as .pyc (what `make build` writes).

Prints each archive's size and the median navigation → ready of --boots cold boots per archive (the built
site, a fresh browser profile each, on the desktop: bench/phone_profile.py; the archives alternated). The build
of the variants runs inside Pyodide (this same file, through tools/in_pyodide.mjs).

Run: .venv/bin/python bench/stdlib_variants.py [--boots 5]   (after `make build`)
"""

import argparse
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
VARIANTS = ("stock", "all", "boot+src", "page")


def build_variants(out):
    """Inside Pyodide: write all.zip and boot+src.zip into ``out``."""
    sys.path.insert(0, "tools")
    import compile_python as compiled

    page = set((compiled.OUT / "pyodide" / "modules.txt").read_text().split())
    with zipfile.ZipFile(compiled.RUNTIME / compiled.STDLIB) as stock:
        for name, precompiled in (("all", None), ("boot+src", page)):

            def entries(precompiled=precompiled):  # bound here, though write_zip reads them all in this turn
                for info in stock.infolist():
                    data = stock.read(info)
                    module = compiled.module_of(info.filename)
                    if info.filename.endswith(".py") and (precompiled is None or module in precompiled):
                        yield info.filename + "c", compiled.pyc(data, f"{compiled.MOUNTED_AS}/{info.filename}")
                    else:
                        yield info.filename, data

            compiled.write_zip(pathlib.Path(out) / f"{name}.zip", entries())


def main():
    from phone_profile import browser, mark, open_page, served, wait_state
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boots", type=int, default=5)
    boots = parser.parse_args().boots
    with tempfile.TemporaryDirectory(dir=ROOT / "build") as folder:
        folder = pathlib.Path(folder)
        inside = folder.relative_to(ROOT).as_posix()  # the mount of the repo root inside Pyodide is the cwd
        subprocess.run(
            ["node", "tools/in_pyodide.mjs", "bench/stdlib_variants.py", "--build", inside], cwd=ROOT, check=True
        )
        archives = {
            "stock": ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
            "all": folder / "all.zip",
            "boot+src": folder / "boot+src.zip",
            "page": ROOT / "build" / "pyodide" / "python_stdlib.zip",
        }
        times = {name: [] for name in VARIANTS}
        failures = {name: [] for name in VARIANTS}
        # The built site once per archive (bench/phone_profile.py), each booting from its own; desktop, first visits.
        with served(dict.fromkeys(VARIANTS, ROOT)) as site, sync_playwright() as playwright:
            for name, archive in archives.items():
                shutil.copyfile(archive, site.site(name) / "build" / "pyodide" / "python_stdlib.zip")
            for _ in range(boots):
                for name in VARIANTS:
                    with browser(playwright, desktop=True) as context:
                        try:
                            page = open_page(context, f"{site.url(name)}?speed=0", desktop=True)
                            wait_state(page, timeout=120_000)
                            times[name].append(mark(page, "sixes-ready"))
                        except Exception as error:  # noqa: BLE001  a crash is counted and reported, never hidden
                            failures[name].append(str(error).splitlines()[0])
        for name in VARIANTS:
            print(
                f"{name:9} {archives[name].stat().st_size / 1e6:5.2f} MB   navigation → ready: median "
                f"{statistics.median(times[name]):5.0f} ms ({', '.join(f'{t:.0f}' for t in times[name])})"
                + (f"; {len(failures[name])} boots failed: {failures[name]}" if failures[name] else "")
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--build"]:
        build_variants(sys.argv[2])
    else:
        main()
