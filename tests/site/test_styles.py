"""The style sheet's colours (issue 45): one set of custom properties, light in :root and dark in
html[data-theme="dark"], each naming the same colours; elsewhere the sheet names only those (and black or white
glazes over the felt), so no colour is left out of a theme. assets/first.js's colours for the browser's bar are the
themes' felts."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHEET = (ROOT / "assets" / "sixes.css").read_text(encoding="utf-8")
ANY = re.compile(r"#[0-9a-fA-F]{3,8}\b|\brgba?\(")
# The same in both themes: the seats' avatars, white letters on a coloured disc.
BOTH = {"--on-seat", *(f"--seat-{seat}" for seat in range(6))}
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\((?!0 0 0 /|255 255 255 /)[^)]*\)")


def block(opening):
    """The text of the rule that starts with ``opening`` (up to its closing brace at a line's start)."""
    start = SHEET.index(opening)
    return SHEET[start : SHEET.index("\n}\n", start) + 3]


def colours(text):
    """{custom property: its value} for each one that holds a colour (a glaze too)."""
    return {name: value.strip() for name, value in re.findall(r"(--[\w-]+):\s*([^;]+);", text) if ANY.search(value)}


def test_every_colour_is_a_custom_property_of_both_themes():
    light, dark = block(":root {"), block('html[data-theme="dark"] {')
    assert set(colours(dark)) == set(colours(light)) - BOTH, "the dark theme sets every colour the light one does"
    assert len(colours(light)) > 40
    elsewhere = SHEET.replace(light, "").replace(dark, "")
    assert COLOUR.findall(elsewhere) == [], "a colour outside the themes' custom properties"


def test_the_browsers_bar_follows_each_themes_felt():
    first = (ROOT / "assets" / "first.js").read_text(encoding="utf-8")
    bar = dict(re.findall(r'(light|dark): "(#[0-9a-f]{6})"', first))
    assert bar == {
        "light": colours(block(":root {"))["--felt"],
        "dark": colours(block('html[data-theme="dark"] {'))["--felt"],
    }
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="theme-color" content="{bar["light"]}">' in page, "before first.js: the light one"
