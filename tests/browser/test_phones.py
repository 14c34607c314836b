"""Phones held upright, 360 to 430px wide, and text at 200%: nothing scrolls sideways, every seat's chips
and the whole hand stay in view, and everything to touch is at least 44px."""

import json
import pathlib
import sys

import pytest

from sixes.model import stats, table
from sixes.model.words import say_in

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import boot, person_to_act, play_round, saved_game

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


def phone(browser, watch, width, height):
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    context.route("**/*", watch.route)
    page = context.new_page()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    return context, page


def test_a_tapped_card_that_cannot_be_played_says_why_and_every_card_shows_its_index(browser, site, watch):
    context, page = phone(browser, watch, 360, 640)
    try:
        boot(page, site + "?seed=12&speed=0")
        assert person_to_act(page)
        # Each card's top-left index is its own to touch: no raised card lies over its neighbour's.
        covered = page.evaluate("""[...document.querySelectorAll('#hand .card')].filter(card => {
            const box = card.getBoundingClientRect();
            return document.elementFromPoint(box.left + 5, box.top + 8)?.closest('.card') !== card; }).length""")
        assert covered == 0
        card = page.locator("#hand button:disabled").first
        name = card.get_attribute("data-card")
        card.tap(force=True)  # a disabled button gets no click: its pointer's events say why
        said = table.why_not_text(saved_game(page).view(0), name, say_in("en"))
        assert page.locator("#status").inner_text() == said != ""
        assert page.get_attribute("#status", "aria-live") == "polite"
        lacks = page.locator("[data-seat] .lacks")
        if lacks.count():
            lacks.first.tap()
            assert page.locator("#status").inner_text() == lacks.first.get_attribute("title")
            assert "passed when these cards could have been played" in page.locator("#status").inner_text()
    finally:
        context.close()
    assert watch.errors == []


@pytest.mark.parametrize("size", [(360, 640), (844, 390)])
def test_a_rounds_summary_opens_at_its_top_and_the_new_game_dialog_fits_a_finger(browser, site, watch, size):
    context, page = phone(browser, watch, *size)
    try:
        boot(page, site + "?seed=12&speed=0")
        play_round(page)
        page.wait_for_selector("html[data-turn=round-over]")
        top = page.evaluate("""(() => { const d = document.querySelector('#round-summary .body');
            const said = document.getElementById('summary-text').getBoundingClientRect();
            return [d.scrollTop, said.bottom <= innerHeight]; })()""")
        assert top == [0, True], "who won and the pot are in view"
        page.click("#next-round")
        page.click("#menu-button")
        page.click("#menu-new-game")
        seen = page.evaluate("""(() => { const d = document.getElementById('setup');
            return { focus: document.activeElement.id,
                     small: [...d.querySelectorAll('input, select, button, .check')]
                       .filter(e => e.offsetParent && e.type !== 'checkbox')
                       .map(e => [e.name || e.id || e.className, e.getBoundingClientRect().height])
                       .filter(([, h]) => h < 44) }; })()""")
        assert seen["focus"] == "start-game", "not the name field: a phone's keyboard would cover the form"
        assert seen["small"] == []
        if size[1] >= 640:
            page.set_viewport_size({"width": 390, "height": 844})
            assert page.evaluate(
                "document.getElementById('start-game').getBoundingClientRect().bottom"
            ) <= page.evaluate("document.getElementById('setup').getBoundingClientRect().bottom"), "Deal fits 390x844"
        page.keyboard.press("Escape")
        page.click("#menu-button")
        page.click("#menu-log")
        assert page.evaluate("document.getElementById('open-record-button').getBoundingClientRect().height") >= 44
        page.keyboard.press("Escape")
        page.click("#menu-button")
        page.click("#rules-button")
        assert not page.locator("#rules-text .keys").is_visible(), "no keys to tell of on a touch screen"
        assert page.locator("#rules-text").inner_text().count("Missing cards")
    finally:
        context.close()
    assert watch.errors == []


@pytest.mark.parametrize("lang", ["en", "cy"])
def test_the_new_game_dialog_shows_every_field_without_scrolling_on_an_upright_phone(browser, site, watch, lang):
    """Issue 52: at 390×844 the casual game's choice was cut by the form's scrolling edge. The table's size and the
    chips now share a row: every field shows at once (Welsh's longer words too), each a finger tall."""
    context, page = phone(browser, watch, 390, 844)
    try:
        boot(page, site + f"?seed=12&speed=0&lang={lang}")
        assert person_to_act(page)
        page.click("#menu-button")
        page.click("#menu-new-game")
        page.wait_for_function("document.getElementById('setup').open")
        body = page.evaluate("""(() => { const b = document.querySelector('#setup .body');
            return [b.scrollHeight, b.clientHeight]; })()""")
        assert body[0] <= body[1] + 1, ("the form scrolls", body)
        heights = page.evaluate("""[...document.querySelectorAll('#setup .body :is(input, select)')]
            .filter(e => e.offsetParent && e.type !== 'checkbox').map(e => e.getBoundingClientRect().height)""")
        assert min(heights) >= 44
    finally:
        context.close()
    assert watch.errors == []


def test_a_count_and_its_total_keep_to_one_line_in_the_statistics(browser, site, watch):
    """Issue 52: at 320 px in Welsh "0 / 1" broke after its slash. Each value with a total is one line."""
    kept = json.loads(stats.Stats().to_json())
    kept["by_level"] = {
        level: dict.fromkeys(stats.COUNTS, 1) | {"games_won": 0} for level in ("easy", "medium", "hard")
    }
    context, page = phone(browser, watch, 320, 568)
    try:
        context.add_init_script(
            f"localStorage.getItem('{stats.STATS_KEY}') ?? localStorage.setItem('{stats.STATS_KEY}', {json.dumps(json.dumps(kept))})"
        )
        boot(page, site + "?seed=12&speed=0&lang=cy")
        assert person_to_act(page)
        page.click("#menu-button")
        page.click("#menu-stats")
        page.wait_for_function("document.getElementById('stats').open")
        lines = page.evaluate("""[...document.querySelectorAll('#stats-table td')].filter(td => td.textContent.includes('/'))
            .map(td => { const range = document.createRange(); range.selectNodeContents(td);
                         return [td.textContent, new Set([...range.getClientRects()].map(r => Math.round(r.top))).size]; })""")
        assert len(lines) >= 6 and all(count == 1 for _, count in lines), lines
    finally:
        context.close()
    assert watch.errors == []
