"""Lighthouse 12 mobile (its defaults: simulated slow 4G, CPU ×4) on the built site served as Pages serves it (issue
#35): Performance, LCP, TBT, Speed Index, CLS, Accessibility and the bytes, medians of alternated runs. With
--floors, a page beside the game twice (bench/floor_python.html): the game's runtime started and its engine
imported, on the main thread or in a worker, beside the rules in short: what Python's start costs the main thread,
and what a worker would leave.

Lighthouse is not a dependency of the game or its tests; install it in a scratch folder:
  mkdir /tmp/lh && npm i -E --prefix /tmp/lh lighthouse@12.2.3
Run: .venv/bin/python bench/lighthouse.py --lighthouse /tmp/lh/node_modules/.bin/lighthouse [--runs 3] [--floors]
     [--before DIR] [--scheme dark]
--scheme dark gives the browser a dark system scheme, which the game's theme follows by default (issue #45).
--before DIR adds another checkout's game (a worktree of main, after its own `make -C DIR build`), alternated with
this one's, as bench/phone.py does.
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import tempfile

from phone_profile import CHROMIUM, ROOT, served

FLOORS = {"the floor, main thread": "floor_python.html", "the floor, worker": "floor_python.html?worker"}
FIGURES = {  # name: (audit, unit)
    "LCP": ("largest-contentful-paint", "s"),
    "TBT": ("total-blocking-time", "s"),
    "Speed Index": ("speed-index", "s"),
    "FCP": ("first-contentful-paint", "s"),
    "CLS": ("cumulative-layout-shift", ""),
    "bytes": ("total-byte-weight", "MB"),
}


def measure(lighthouse, url, folder, scheme="light"):
    """One Lighthouse run of ``url`` with the system's colour scheme ``scheme``: {figure: value}, the categories'
    scores out of 100."""
    report = folder / "report.json"
    subprocess.run(
        [
            lighthouse,
            url,
            "--chrome-flags=--headless --no-sandbox --disable-gpu"
            + (" --blink-settings=preferredColorScheme=0" if scheme == "dark" else ""),
            "--only-categories=performance,accessibility",
            "--output=json",
            f"--output-path={report}",
            "--quiet",
        ],
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        check=True,
    )
    result = json.loads(report.read_text())
    figures = {name.title(): round(100 * category["score"]) for name, category in result["categories"].items()}
    for name, (audit, _) in FIGURES.items():
        figures[name] = result["audits"][audit]["numericValue"]
    return figures


def shown(name, value):
    """A figure as the report shows it: a category's score out of 100, a time in s, the bytes in MB, CLS as is."""
    unit = FIGURES[name][1] if name in FIGURES else "score"
    return {"s": f"{value / 1000:.2f} s", "MB": f"{value / 1e6:.2f} MB", "": f"{value:.3f}"}.get(unit, f"{value:.0f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lighthouse", type=pathlib.Path, required=True, help="the lighthouse command's path")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--floors", action="store_true", help="the two floor pages too")
    parser.add_argument("--before", type=pathlib.Path, help="another checkout's game, alternated with this one's")
    parser.add_argument(
        "--scheme", choices=["light", "dark"], default="light", help="the system's colour scheme (issue #45's themes)"
    )
    options = parser.parse_args()
    if not options.lighthouse.is_file():
        parser.error(f"no Lighthouse at {options.lighthouse}: install it as this script's help says")
    checkouts = {"before": options.before.resolve()} if options.before else {}
    with served(checkouts | {"game": ROOT}) as site, tempfile.TemporaryDirectory() as folder:
        pages = {f"before ({options.before})": site.url("before")} if options.before else {}
        pages["the game"] = site.url("game")
        if options.floors:
            for floor in ("floor_python.html", "floor_python.mjs"):
                shutil.copy(ROOT / "bench" / floor, site.site("game") / floor)
            pages |= {page: site.url("game") + path for page, path in FLOORS.items()}
        runs = {page: [] for page in pages}
        for run in range(options.runs):
            for page, url in pages.items():
                figures = measure(str(options.lighthouse), url, pathlib.Path(folder), options.scheme)
                runs[page].append(figures)
                print(f"run {run + 1}, {page}: " + ", ".join(f"{name} {shown(name, v)}" for name, v in figures.items()))
    print(f"Lighthouse mobile, {options.scheme} scheme, medians of {options.runs} alternated runs:")
    for page, figures in runs.items():
        medians = {name: statistics.median(run[name] for run in figures) for name in figures[0]}
        print(f"  {page}: " + ", ".join(f"{name} {shown(name, value)}" for name, value in medians.items()))


if __name__ == "__main__":
    main()
