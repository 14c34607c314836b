"""Phones held upright, 360 to 430px wide, and text at 200%: nothing scrolls sideways, every seat's chips
and the whole hand stay in view, and everything to touch is at least 44px."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import boot, person_to_act  # noqa: E402

MEASURE = """() => {
  const box = (element) => element.getBoundingClientRect();
  const cards = [...document.querySelectorAll('#hand .card')];
  return {
    page: document.documentElement.scrollWidth,
    // What shows of each hand card: up to the next card, which lies on top of it.
    cards: cards.map((card, i) => [i + 1 < cards.length ? box(cards[i + 1]).left - box(card).left : box(card).width,
                                   box(card).height, box(card).left, box(card).right]),
    chips: [...document.querySelectorAll('[data-seat]:not([hidden]) .chips')].map(e => [box(e).left, box(e).right]),
    controls: [...document.querySelectorAll('button, select, .toggle')].filter(e => e.offsetParent && !e.closest('#hand'))
      .map(e => [e.id || e.className, box(e).width, box(e).height]),
  };
}"""


def fits(page, width, players=5):
    seen = page.evaluate(MEASURE)
    assert seen["page"] <= width, "nothing scrolls sideways"
    assert len(seen["chips"]) == players and all(0 <= left and right <= width for left, right in seen["chips"])
    assert seen["cards"] and all(0 <= left and right <= width for _, _, left, right in seen["cards"])
    return seen


@pytest.mark.parametrize("width", [360, 390, 430])
def test_a_phone_shows_the_whole_table_with_big_enough_targets(browser, site, watch, width):
    context = browser.new_context(viewport={"width": width, "height": 800}, has_touch=True)
    context.route("**/*", watch.route)
    context.add_init_script("localStorage.setItem('sixes.settings', JSON.stringify({deck: 'spanish'}))")
    page = context.new_page()
    try:
        boot(page, site + "?seed=12&speed=0&lang=es")  # Spanish has the longest words here
        assert person_to_act(page)
        seen = fits(page, width)
        assert all(shown >= 44 and height >= 44 for shown, height, _, _ in seen["cards"]), seen["cards"]
        assert [c for c in seen["controls"] if c[1] < 44 or c[2] < 44] == []
    finally:
        context.close()


def test_a_three_player_hand_of_fourteen_cards_fits_a_phone_in_two_rows(browser, site, watch):
    context = browser.new_context(viewport={"width": 360, "height": 800}, has_touch=True)
    context.route("**/*", watch.route)
    page = context.new_page()
    try:
        boot(page, site + "?seed=7&players=3&speed=0")
        seen = fits(page, 360, players=3)
        assert len(seen["cards"]) >= 13
        tops = page.evaluate("[...new Set([...document.querySelectorAll('#hand .card')].map(c => c.offsetTop))]")
        assert len(tops) == 2, "more than 8 cards take a second row instead of running off the screen"
    finally:
        context.close()


def test_text_at_twice_the_size_loses_nothing(page, site):
    boot(page, site + "?seed=12&speed=0&lang=cy")
    assert person_to_act(page)
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # the browser's text size, doubled
    fits(page, 1280)
    clipped = page.evaluate("""[...document.querySelectorAll('#status, #narration, .name, #pass, #hint, .bar *')]
      .filter(e => e.offsetParent && !e.matches('.sr-only') && e.scrollWidth > e.clientWidth + 1
                   && getComputedStyle(e).overflow !== 'visible')  // clipped: some of its words are cut off
      .map(e => e.id || e.className)""")
    assert clipped == []
