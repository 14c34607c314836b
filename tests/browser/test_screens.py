"""Every screen from a 360×640 phone to a 2560×1440 desktop, upright or on its side: the whole table is in view
without scrolling, it grows with the screen, dialogs fit, and what a real table shows is what the engine says."""

import pathlib
import sys

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import PERSON_OR_END, boot, person_to_act, play_round, saved_game  # noqa: E402

from sixes.cards import cards_of  # noqa: E402

# SPEC §5 "Screens": phones upright and on their side, a netbook, laptops, desktops, and a tablet both ways.
SIZES = [(360, 640), (375, 667), (390, 844), (412, 915), (640, 360), (844, 390), (768, 1024), (1024, 768),
         (1024, 600), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440)]

# What must be in view during play, and whether the page scrolls; each box as [what, left, top, right, bottom].
MEASURE = """() => {
  const shown = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const box = (what, e) => { const r = e.getBoundingClientRect(); return [what, r.left, r.top, r.right, r.bottom]; };
  const all = (css) => [...document.querySelectorAll(css)].filter(shown);
  const boxes = [
    ...all('[data-seat]').map(e => box('seat ' + e.dataset.seat, e)),
    ...all('[data-column]').map(e => box('column ' + e.dataset.column, e)),
    ...all('#hand .card').map(e => box('card ' + e.dataset.card, e)),
    ...['pot', 'pass', 'hint', 'status', 'round-label'].map(id => document.getElementById(id))
      .filter(shown).map(e => box('#' + e.id, e)),
    ...all('#menu-button, .bar .controls').map(e => box('menu', e)),
  ];
  const root = document.documentElement;
  return {boxes, width: innerWidth, height: innerHeight, scroll: [root.scrollWidth, root.scrollHeight],
          scrolled: [scrollX, scrollY]};
}"""


def outside(page):
    """What the person cannot see without scrolling: [] when the whole table is in view."""
    seen = page.evaluate(MEASURE)
    width, height = seen["width"], seen["height"]
    problems = [what for what, left, top, right, bottom in seen["boxes"]
                if left < 0 or top < 0 or right > width + 0.5 or bottom > height + 0.5]
    if seen["scroll"][0] > width or seen["scroll"][1] > height:
        problems.append(f"the page scrolls: {seen['scroll']} in {width}×{height}")
    named = {what for what, *_ in seen["boxes"]}
    missing = {"#pot", "#pass", "#hint", "#status", "#round-label", "menu", "column S", "column H", "column D",
               "column C"} - named
    return problems + [f"not shown: {what}" for what in sorted(missing)]
