"""The guided first deal and take-backs in casual games, in a real browser.

The guided deal is played by keyboard alone in every language: each step's words are the catalogue's,
axe-core finds nothing serious, nothing is saved or counted, and its end starts a real game. A take-back
brings back the save exactly as it was (to_json), and a casual game leaves the statistics unchanged.
"""

import importlib.util
import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

from sixes.model import guide, words
from sixes.model.settings import Settings

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import (
    boot,
    hand_cards,
    leave_if_asked,
    person_to_act,
    ready,
    saved_game,
    serious_accessibility_problems,
    table_state,
)

# Every path through the guided deal, walked in CPython by the unit tests (a module of the same name as this one).
_spec = importlib.util.spec_from_file_location(
    "guide_paths", pathlib.Path(__file__).parents[1] / "model" / "test_guide.py"
)
_paths = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_paths)
ALL = _paths.ALL

GUIDE_WAITS = """() => {
  if (!document.getElementById('guide-play').hidden || document.getElementById('guide').hidden) return true;
  const mine = document.querySelector('[data-seat="0"]').getAttribute('aria-current') === 'true';
  return mine && (document.querySelector('#hand button:enabled') || !document.getElementById('pass').disabled);
}"""


def step_words(lang):
    """Every step's words in ``lang`` (French suits), mapped to its step's key."""
    say, names = words.say_in(lang), Settings(lang=lang).names
    return {guide.words(step, names, say): step.key for steps, _ in ALL for step in steps}


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_guided_deal_plays_by_keyboard_alone_in_every_language_then_a_real_game_begins(page, site, lang):
    boot(page, site + f"?speed=0&lang={lang}")  # a first visit: nothing stored yet
    expect(page.locator("#guide")).to_be_visible()
    catalogue = words.WORDS[lang]
    expect(page.locator("#guide-title")).to_have_text(catalogue["guide_title"])
    expect(page.locator("#guide-skip")).to_have_text(catalogue["guide_skip"])
    real = page.evaluate("localStorage.getItem('sixes.game')")
    assert "first_deal" not in json.loads(real), "the real game underneath is an ordinary deal"
    said = step_words(lang)
    seen = []
    while True:
        page.wait_for_function(GUIDE_WAITS)
        text = page.inner_text("#guide-text")
        assert text in said, f"words not from the catalogue: {text!r}"
        seen.append(said[text])
        if seen[-1] == "guide_choose":
            assert serious_accessibility_problems(page) == [], "the guided deal"
        if page.is_visible("#guide-play"):
            break
        if page.is_enabled("#pass"):
            page.keyboard.press("p")
        else:
            page.keyboard.press("ArrowRight")  # to the first playable card, or on to the next one
            page.keyboard.press("Enter")
    assert seen == ["guide_open", "guide_one", "guide_pay", "guide_choose", "guide_last", "guide_done"]
    # The screen reader hears each step: the last is announced a turn of the event loop after it shows.
    expect(page.locator("#announce")).to_contain_text(page.inner_text("#guide-text"))
    expect(page.locator("#guide-play")).to_be_focused()
    expect(page.locator("#guide-play")).to_have_text(catalogue["guide_play"])
    assert page.locator('[data-seat="0"]').get_attribute("data-cards") == "0"
    assert page.locator("#pot").get_attribute("data-chips") == "0"
    assert page.locator('[data-seat="0"]').get_attribute("data-chips") in {str(game.chips[0]) for _, game in ALL}
    assert not page.locator("#round-summary").is_visible(), "the guided deal has no round summary"
    assert serious_accessibility_problems(page) == [], "the guided deal's end"
    assert page.evaluate("localStorage.getItem('sixes.game')") == real, "the guided deal is never saved"

    page.keyboard.press("Enter")
    expect(page.locator("#guide")).to_be_hidden()
    assert person_to_act(page)
    game = saved_game(page)  # the real game dealt on arrival, played on from there
    assert game.seed == json.loads(real)["seed"] and not game.casual and game.first_deal is None
    assert json.loads(game.to_json())["moves"][0].startswith(json.loads(real)["moves"][0])
    assert len(hand_cards(page)) == len(game.hand(0)) >= 7, "a real hand"
    stats = json.loads(page.evaluate("localStorage.getItem('sixes.stats.v1') || '{}'"))
    assert not stats.get("by_level"), "the guided deal counts in no statistics"
    page.reload()
    ready(page)
    expect(page.locator("#guide")).to_be_hidden()  # once only: a reload plays the real game on


def test_the_guide_starts_from_how_to_play_can_be_skipped_and_never_comes_with_a_seed(page, site):
    boot(page, site + "?seed=5&speed=0")  # a first visit, but a link to a deal plays that deal
    expect(page.locator("#guide")).to_be_hidden()
    assert person_to_act(page)
    page.click(f'#hand [data-card="{hand_cards(page, "#hand button:enabled")[0]}"]')
    assert person_to_act(page)
    before, shown = page.evaluate("localStorage.getItem('sixes.game')"), table_state(page)
    page.click("#rules-button")
    page.click("#guide-start")
    expect(page.locator("#rules")).to_be_hidden()
    expect(page.locator("#guide")).to_be_visible()
    expect(page.locator("#hand button")).to_have_count(4)
    expect(page.locator("#take-back")).to_be_hidden()
    page.click('#hand [data-card="6D"]')
    page.wait_for_function(GUIDE_WAITS)
    assert page.evaluate("localStorage.getItem('sixes.game')") == before
    page.click("#guide-skip")
    expect(page.locator("#guide")).to_be_hidden()
    assert person_to_act(page)
    assert page.evaluate("localStorage.getItem('sixes.game')") == before and table_state(page) == shown
    # Skipped on a first visit too: the real game is there at once.
    page.context.clear_cookies()
    page.evaluate("localStorage.clear()")
    boot(page, site + "?speed=0")
    expect(page.locator("#guide")).to_be_visible()
    expect(page.locator("#announce")).not_to_be_empty()  # the guide's first step, told
    first_step = page.locator("#announce").inner_text()
    # Every line the live region is given from now on (it keeps only the last four: with a random deal, four bots
    # may play before the person's turn and push the first line out of it, though a screen reader heard it).
    page.evaluate("""() => { window.heard = []; new MutationObserver(changes => changes.forEach(change =>
      change.addedNodes.forEach(node => heard.push(node.textContent)))).observe(
      document.getElementById('announce'), {childList: true}); }""")
    page.click("#guide-skip")
    expect(page.locator("#guide")).to_be_hidden()
    assert len(saved_game(page).hand(0)) == 8
    # A screen reader hears what the table says now, not the guide's words.
    settled_at = person_to_act(page)
    heard = page.evaluate("heard")
    assert heard[0].startswith(page.locator("#round-label").inner_text()), heard
    assert all(first_step not in line for line in heard)
    assert settled_at


def on_table(state):
    """What the table shows (``table_state``), leaving out the words a closed round summary still holds."""
    state = state if isinstance(state, dict) else table_state(state)
    return {key: value for key, value in state.items() if key != "summaryText"}


def deal_casual(page):
    save = page.evaluate("localStorage.getItem('sixes.game')")
    page.click("#menu-new-game")
    page.check("#setup [name=casual]")
    page.select_option("#setup [name=speed]", "instant")
    page.click("#start-game")
    leave_if_asked(page, save)
    expect(page.locator("#casual-mark")).to_be_visible()


def test_a_take_back_restores_the_exact_state_and_a_casual_game_counts_nothing(page, site):
    boot(page, site + "?seed=6&speed=0")
    while person_to_act(page):  # a round of a real game is counted: statistics to keep
        legal = hand_cards(page, "#hand button:enabled")
        page.click(f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    page.click("#next-round")
    stats = page.evaluate("localStorage.getItem('sixes.stats.v1')")
    assert json.loads(stats)["by_level"]
    expect(page.locator("#take-back")).to_be_hidden()  # a real game has no take-backs

    deal_casual(page)
    assert saved_game(page).casual
    assert person_to_act(page)
    left = json.loads(page.evaluate("localStorage.getItem('sixes.stats.v1')"))
    assert left["by_level"]["medium"]["games_left"] == 1, "the real game, left for the casual one, counts as left"
    stats = page.evaluate("localStorage.getItem('sixes.stats.v1')")
    assert serious_accessibility_problems(page) == [], "a casual game's table"
    took_back = 0
    while person_to_act(page):
        before, shown = page.evaluate("localStorage.getItem('sixes.game')"), table_state(page)
        legal = hand_cards(page, "#hand button:enabled")
        choice = f'#hand [data-card="{legal[-1]}"]' if legal else "#pass"
        page.click(choice)
        if not person_to_act(page):  # the round is over: its end offers the take-back too
            ended = page.evaluate("localStorage.getItem('sixes.game')")
            assert serious_accessibility_problems(page) == [], "a casual round's end"
            page.click("#summary-take-back")
            expect(page.locator("#round-summary")).to_be_hidden()
            assert page.evaluate("localStorage.getItem('sixes.game')") == before
            assert on_table(page) == on_table(shown)
            page.click(choice)
            assert not person_to_act(page)
            assert page.evaluate("localStorage.getItem('sixes.game')") == ended
            took_back += 1
            break
        after = page.evaluate("localStorage.getItem('sixes.game')")
        if len(legal) > 1 or took_back < 2:
            page.click("#take-back")
            if any(move.seat == 0 for move in saved_game(page).history):
                expect(page.locator("#take-back")).to_be_enabled()
            else:
                expect(page.locator("#take-back")).to_be_disabled()  # nothing of this round left to take back
            assert page.evaluate("localStorage.getItem('sixes.game')") == before, "the save exactly as it was"
            assert table_state(page) == shown, "and the table"
            page.click(choice)  # the same move again: the same replies
            assert person_to_act(page)
            assert page.evaluate("localStorage.getItem('sixes.game')") == after
            took_back += 1
    assert took_back >= 2
    page.click("#next-round")
    assert page.evaluate("localStorage.getItem('sixes.stats.v1')") == stats, "a casual game counts nothing"
    page.click("#menu-log")
    expect(page.locator("#log-list li", has_text=words.EN["took_back"].split(":")[0])).to_have_count(took_back)
    page.keyboard.press("Escape")
    page.reload()
    ready(page)
    expect(page.locator("#casual-mark")).to_be_visible()
    assert saved_game(page).casual
    page.click("#menu-log")
    expect(page.locator("#log-list li", has_text=words.EN["took_back"].split(":")[0])).to_have_count(took_back)
