"""Render assets/icons/icon.svg to the PNG sizes browsers ask for (run after editing the SVG).

The PNGs are committed: the site build and the Pages workflow then need no
browser or image library, and the repo root served as is (docs/architecture.md) has every
icon its manifest names. Run: .venv/bin/python tools/icons.py
"""

import os
import pathlib

from playwright.sync_api import sync_playwright

ICONS = pathlib.Path(__file__).resolve().parent.parent / "assets" / "icons"
SIZES = (180, 192, 512)  # apple-touch-icon; the manifest's two required sizes


def main():
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox", "--disable-gpu"]
        )
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f"<style>body{{margin:0}} svg{{width:{size}px;height:{size}px;display:block}}</style>{svg}"
            )
            page.screenshot(path=ICONS / f"icon-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
