"""Issue 13 in a real browser: the review of a round, the expert's marks, and your hand in expert hands.

The engine under CPython is the referee: the table the review draws at each step is checked against
``review.RoundRecord.at``, and the marks and expert results the page worked out against the same
computation here (Pyodide and CPython must agree on every figure for a seed).
"""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

from sixes.engine.cards import CARDS, cards_of
from sixes.engine.game import columns_of
from sixes.model import deals, record, review, words
from sixes.model.settings import Settings

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import boot, fix_clock, play_round, ready, saved_game, serious_accessibility_problems, table_state

SEED = 3  # the person (playing their first legal card) has four real choices in round 1
DRAWN = """() => {
  const review = document.getElementById('review');
  const cards = (el) => [...el.querySelectorAll('[data-card]')].map(c => c.dataset.card);
  return {
    columns: Object.fromEntries([...review.querySelectorAll('[data-column]')].map(c => [c.dataset.column, cards(c)])),
    seats: [...review.querySelectorAll('[data-seat]')].map(s => [+s.dataset.chips, +s.dataset.cards, cards(s)]),
    pot: +review.querySelector('[data-chips]:not([data-seat])').dataset.chips,
    step: document.getElementById('review-step').textContent,
  };
}"""
MARKED = "document.getElementById('review-progress').hidden && document.getElementById('expert-progress').hidden"


def expected(rec, n):
    r = rec.at(n)
    return {
        "columns": {suit: [str(card) for card in cards] for suit, cards in columns_of(r.played).items()},
        "seats": [
            [r.chips[seat], hand.bit_count(), [str(card) for card in cards_of(hand)]]
            for seat, hand in enumerate(r.hands)
        ],
        "pot": r.pot,
        "step": f"Move {n} of {len(rec.log)}",
    }


def open_review(page, button="#review-round"):
    page.click(button)
    expect(page.locator("#review")).to_be_visible()
    page.wait_for_function(MARKED)


def kept(page):
    return review.ReviewStore(page.evaluate(f"localStorage.getItem('{review.REVIEW_KEY}')"))


def test_the_review_redraws_the_table_at_every_move_and_leaves_the_game_alone(page, site):
    boot(page, site + f"?seed={SEED}&speed=0")
    play_round(page)
    save, shown = page.evaluate("localStorage.getItem('sixes.game')"), table_state(page)
    rec = review.RoundRecord.of_game(saved_game(page))
    page.click("#review-round")
    expect(page.locator("#review")).to_be_visible()
    total = len(rec.log)
    assert page.evaluate(DRAWN) == expected(rec, total), "opens at the round's last move"
    expect(page.locator("#review-next")).to_be_disabled()
    for n in range(total - 1, -1, -1):  # every move, back to the deal, by the button
        page.click("#review-prev")
        assert page.evaluate(DRAWN) == expected(rec, n)
    expect(page.locator("#review-prev")).to_be_disabled()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(DRAWN) == expected(rec, 2)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(DRAWN) == expected(rec, 1)
    page.keyboard.press("End")
    assert page.evaluate(DRAWN) == expected(rec, total)
    page.keyboard.press("Home")
    assert page.evaluate(DRAWN) == expected(rec, 0)
    page.click("#review-next")
    assert page.evaluate(DRAWN) == expected(rec, 1)
    page.wait_for_function(MARKED)
    page.keyboard.press("Escape")
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#round-summary")).to_be_visible()
    # the dialog's close event, which empties its table, comes a task after the dialog hides
    expect(page.locator("[data-column]"), "one table in the page again").to_have_count(4)
    expect(page.locator("[data-seat]")).to_have_count(6)
    assert page.evaluate("localStorage.getItem('sixes.game')") == save, "the save is untouched"
    assert table_state(page) == shown, "and so is the table"
    page.click("#next-round")
    game = saved_game(page)
    assert game.round_number == 2 and game.past_logs[0] == list(rec.log), "the game goes on as it was"


def test_the_marks_appear_are_the_engines_and_are_the_same_on_a_second_run(page, site):
    boot(page, site + f"?seed={SEED}&speed=0")
    play_round(page)
    rec = review.RoundRecord.of_game(saved_game(page))
    open_review(page)
    items = page.locator("#review-marks li")
    expect(items).to_have_count(len(review.choices(rec)))
    first = items.all_inner_texts()
    marks = review.marks_of(rec)  # the same estimate under CPython
    stored = kept(page).marks(rec)
    assert [(m.move, m.played, m.best) for m in stored] == [(m.move, m.played, m.best) for m in marks]
    for mine, theirs in zip(stored, marks):
        assert mine.values == {i: tuple(round(x, 4) for x in value) for i, value in theirs.values.items()}
    settings = Settings()
    assert first[0].startswith(
        f"Your turn {review.turn_of(rec, marks[0].move)}: {settings.say.label(CARDS[marks[0].played])}"
    )
    # A mark takes the review to the table just after that choice.
    page.click(f'#review-marks [data-move="{marks[1].move}"]')
    expect(page.locator("#review-step")).to_have_text(f"Move {marks[1].move + 1} of {len(rec.log)}")
    expect(page.locator(f'#review-marks [data-move="{marks[1].move}"]')).to_have_attribute("aria-current", "true")
    page.keyboard.press("Escape")
    # Worked out again from nothing: the same marks.
    page.evaluate(f"localStorage.removeItem('{review.REVIEW_KEY}')")
    open_review(page)
    assert items.all_inner_texts() == first
    # After a reload the marks are kept: shown at once, not worked out again.
    page.reload()
    ready(page)
    page.click("#review-round")
    expect(page.locator("#review-progress")).to_be_hidden()
    assert page.evaluate(MARKED)
    assert items.all_inner_texts() == first


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_tapping_a_mark_on_a_phone_brings_the_board_into_view(page, site, size):
    """The board is above the marks: on a phone a mark's tap must scroll it back into sight, or it seems
    to do nothing (issue 25)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, site + f"?seed={SEED}&speed=0")
    play_round(page)
    rec = review.RoundRecord.of_game(saved_game(page))
    open_review(page)
    last = review.choices(rec)[-1]
    mark = page.locator(f'#review-marks [data-move="{last}"]')
    mark.scroll_into_view_if_needed()
    in_view = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }"
    assert not page.locator("#review-table").evaluate(in_view), "the marks are scrolled to: the board is out of sight"
    mark.click()
    expect(page.locator("#review-step")).to_have_text(f"Move {last + 1} of {len(rec.log)}")
    page.wait_for_function(f"() => ({in_view})(document.getElementById('review-table'))")
    assert page.locator("#review-table [data-seat]").first.evaluate(in_view), "and the board under it"


def test_your_hand_in_expert_hands_is_the_engines_figure_for_the_seed(page, site):
    boot(page, site + f"?seed={SEED}&speed=0")
    play_round(page)
    rec = review.RoundRecord.of_game(saved_game(page))
    open_review(page)
    results = review.ExpertPlay(rec, ["medium"] * 4).run()
    assert kept(page).expert(rec, ["medium"] * 4) == results
    mean = sum(results) / len(results)
    say = words.say_in("en")
    line = f"Chips won in this round. You: {say.number(rec.result(), places=0, signed=True)}"
    expect(page.locator("#expert-progress-text")).to_contain_text(line)
    expect(page.locator("#expert-progress-text")).to_contain_text(say.number(mean, signed=True))
    first = page.locator("#expert-progress-text").inner_text()
    page.keyboard.press("Escape")
    page.evaluate(f"localStorage.removeItem('{review.REVIEW_KEY}')")
    open_review(page)
    assert page.locator("#expert-progress-text").inner_text() == first


def test_the_daily_deal_shows_the_expert_line_at_the_rounds_end(page, site):
    fix_clock(page, "2026-11-29T10:00:00")
    boot(page, site + "?speed=0")  # a first visit: the guided deal, until the daily deal replaces it
    page.locator("#menu-new-game").click()
    page.locator("#daily-deal").click()
    play_round(page)
    assert saved_game(page).seed == deals.daily_seed("2026-11-29"), "the deal of the page's date"
    line = page.locator("#round-summary #summary-expert")
    expect(line).to_be_visible()
    expect(line).to_contain_text("Your hand in expert hands: Chips won in this round. You: ")
    expect(line).to_contain_text("on average (8 games)")
    rec = review.RoundRecord.of_game(saved_game(page))
    results = review.ExpertPlay(rec, ["medium"] * 4).run()
    expect(line).to_contain_text(words.say_in("en").number(sum(results) / len(results), signed=True))


def test_every_round_of_an_imported_record_opens_in_review(page, site, tmp_path):
    boot(page, site + f"?seed={SEED}&speed=0")
    play_round(page)
    page.click("#next-round")
    play_round(page)
    game = saved_game(page)
    path = tmp_path / "game.json"
    path.write_text(record.to_record(game))
    page.click("#next-round") if not game.over else None
    page.click("#menu-log")
    page.set_input_files("#open-record", path)
    expect(page.locator("#record-review")).to_be_visible()
    expect(page.locator("#review-record-round option")).to_have_count(2)
    replay = record.steps_of(path.read_text())
    for number in (1, 2):
        page.select_option("#review-record-round", str(number))
        page.click("#review-record")
        expect(page.locator("#review")).to_be_visible()
        expect(page.locator("#review-title")).to_have_text(f"Round {number} in review")
        rec = review.round_of_replay(replay, number)
        assert page.evaluate(DRAWN) == expected(rec, len(rec.log))
        page.keyboard.press("Home")
        assert page.evaluate(DRAWN) == expected(rec, 0)
        page.keyboard.press("Escape")
        expect(page.locator("#review")).to_be_hidden()
        expect(page.locator("#log")).to_be_visible()


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_no_serious_accessibility_problem_in_the_review_in_any_language(page, site, lang):
    boot(page, site + f"?seed={SEED}&speed=0&lang={lang}")
    play_round(page)
    open_review(page)
    expect(page.locator("#review-marks li")).not_to_have_count(0)
    assert serious_accessibility_problems(page) == []
    page.click("#review-marks li:first-child button")
    assert serious_accessibility_problems(page) == [], "at a marked choice"
    assert json.loads(page.evaluate(f"localStorage.getItem('{review.REVIEW_KEY}')"))["entries"]
