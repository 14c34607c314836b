"""Issue 44 in a real browser: a round's lesson at its end, and the person's own mistakes played again (Practise).

The model (sixes.model.practise, review) is the referee: the position the page draws and the verdict it gives are
checked against the same computation here, and practising leaves the game's save and statistics byte for byte.
"""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

from sixes.engine.cards import CARDS, cards_of
from sixes.engine.game import columns_of
from sixes.model import practise, review, words
from sixes.model.settings import Settings

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import act, boot, play_round, saved_game, serious_accessibility_problems, settled

SEED = 3  # the person, playing their first legal card, makes a clear mistake in round 1 (tests/model/test_review.py)
SHOTS = pathlib.Path(__file__).resolve().parents[2] / "screenshots" / "practise"
KEPT = "() => ({game: localStorage.getItem('sixes.game'), stats: localStorage.getItem('sixes.stats.v1')})"
DRAWN = """() => {
  const table = document.getElementById('practise-table');
  const cards = (el) => [...el.querySelectorAll('[data-card]')].map(c => c.dataset.card);
  return {
    columns: Object.fromEntries([...table.querySelectorAll('[data-column]')].map(c => [c.dataset.column, cards(c)])),
    seats: [...table.querySelectorAll('li[data-seat]')].map(s => [+s.dataset.chips, +s.dataset.cards, s.dataset.lacks]),
    pot: +table.querySelector('.review-pot').dataset.chips,
    hand: [...document.querySelectorAll('#practise-hand button')].map(b => [b.dataset.card, !b.disabled]),
  };
}"""


def kept_practice(page) -> practise.PractiseStore:
    return practise.PractiseStore(page.evaluate("localStorage.getItem('sixes.practise.v1')"))


def expected(position: practise.Position) -> dict:
    r, view = position.table(), position.view()
    legal = set(position.legal())
    return {
        "columns": {suit: [str(card) for card in cards] for suit, cards in columns_of(r.played).items()},
        "seats": [
            [r.chips[seat], r.hands[seat].bit_count(), " ".join(str(c) for c in cards_of(view.lacks[seat] & ~r.played))]
            for seat in range(1, r.players)
        ],
        "pot": r.pot,
        "hand": [[str(card), card.index in legal] for card in cards_of(r.hands[0])],
    }


def re_kind(position: practise.Position) -> str:
    return practise.judge(position, position.legal()[0]).kind


def lesson_shown(page) -> str:
    page.wait_for_function("() => !document.getElementById('round-lesson').hidden", timeout=60_000)
    return page.evaluate("document.getElementById('round-lesson-text').textContent")


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_a_rounds_mistake_is_told_at_its_end_and_played_again_in_practise(browser, site, watch, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", watch.route)
    page = context.new_page()
    try:
        boot(page, site + f"?seed={SEED}&speed=0&lang=en")
        phone = page.locator("#menu-button").is_visible()
        # Nothing to practise yet: the dialog says so.
        if phone:
            page.click("#menu-button")
        page.click("#open-practise")
        expect(page.locator("#practise-empty")).to_be_visible()
        expect(page.locator("#practise-empty")).to_contain_text("Nothing to practise yet")
        page.keyboard.press("Escape")
        expect(page.locator("#practise")).to_be_hidden()
        play_round(page)
        expect(page.locator("#round-summary")).to_be_visible()
        # The round's lesson: worked out after the summary is shown, its words the model's for the same round.
        game = saved_game(page)
        rec = review.RoundRecord.of_game(game)
        marks = review.marks_of(rec)
        assert review.flagged(marks), "the seed's round holds a clear mistake"
        line = lesson_shown(page)
        assert line == review.lesson_text(rec, marks, Settings().names, words.say_in("en"))
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SHOTS / f"lesson-{width}x{height}.png")
        # "Review it" opens the review just after that choice; closed, the summary is still there.
        page.click("#round-lesson-review")
        expect(page.locator("#review")).to_be_visible()
        worst = max((m for m in marks if not m.tied and m.best != m.played), key=lambda m: m.cost)
        expect(page.locator("#review-step")).to_contain_text(f"{worst.move + 1} ")
        expect(page.locator("#review-marks .figures").first).to_be_visible()  # the figures, under the words
        page.screenshot(path=SHOTS / f"review-{width}x{height}.png")
        page.locator("#review-marks").scroll_into_view_if_needed()
        page.screenshot(path=SHOTS / f"review-marks-{width}x{height}.png")
        page.keyboard.press("Escape")
        expect(page.locator("#round-summary")).to_be_visible()
        act(page, "#next-round")
        settled(page)  # (the bots' moves before the person's turn are saved first)
        # Practise: the costliest mistake first, its table as it stood before the choice.
        kept = page.evaluate(KEPT)
        store = kept_practice(page)
        assert store.waiting() == len(review.flagged(marks))
        position = store.next()
        assert position is not None and position.mark.move == review.flagged(marks)[0].move
        if phone:
            page.click("#menu-button")
        page.click("#open-practise")
        expect(page.locator("#practise-position")).to_be_visible()
        assert page.evaluate(DRAWN) == expected(position)
        expect(page.locator("#practise-question")).to_have_text("What would you play?")
        # The keyboard plays it as the table does: the first playable card has the focus, an arrow moves on.
        first = page.evaluate("document.activeElement.dataset.card")
        assert first == str(CARDS[position.legal()[0]])
        assert serious_accessibility_problems(page) == [], "a practice position"
        page.screenshot(path=SHOTS / f"position-{width}x{height}.png")
        # The card played then: still costly, with the review's reason.
        page.click(f'#practise-hand [data-card="{CARDS[position.mark.played]}"]')
        verdict = page.locator("#practise-verdict")
        expect(verdict).to_have_attribute("data-verdict", "costly")
        said = practise.verdict_text(
            practise.judge(position, position.mark.played), Settings().names, words.say_in("en")
        )
        expect(verdict).to_have_text(said)
        expect(page.locator("#practise-next")).to_be_focused()
        page.screenshot(path=SHOTS / f"verdict-{width}x{height}.png")
        assert kept_practice(page).positions[position.key].tries == 1
        # The next position (the same one, if it is the only one): its best card is judged the best.
        page.click("#practise-next")
        expect(verdict).to_be_hidden()
        shown = kept_practice(page).positions[page.get_attribute("#practise-position", "data-position")]
        page.keyboard.press("Enter")  # (the focus is on the first playable card)
        expect(verdict).to_have_attribute(
            "data-verdict", "best" if shown.legal()[0] == shown.mark.best else re_kind(shown)
        )
        page.click("#practise-next")
        page.click(
            f'#practise-hand [data-card="{CARDS[kept_practice(page).positions[page.get_attribute("#practise-position", "data-position")].mark.best]}"]'
        )
        expect(verdict).to_have_attribute("data-verdict", "best")
        # Practice never touches the game or the statistics.
        assert page.evaluate(KEPT) == kept
        page.keyboard.press("Escape")
        expect(page.locator("#practise")).to_be_hidden()
    finally:
        context.close()
    assert watch.unforgiven() == []


def test_practice_shows_in_the_statistics(page, site):
    boot(page, site + f"?seed={SEED}&speed=0&lang=en")
    play_round(page)
    lesson_shown(page)
    page.click("#next-round")
    page.click("#menu-stats")
    expect(page.locator("#stats")).to_be_visible()
    table = page.locator("#stats-table")
    store = kept_practice(page)
    expect(table).to_contain_text(f"Positions to practise{store.waiting()}")
    ((_, choices, costly),) = store.by_game()
    expect(table).to_contain_text(f"{round(100 * costly / choices)}%")
    assert json.loads(page.evaluate("localStorage.getItem('sixes.practise.v1')"))
