"""The whole game without a mouse, and what a screen reader is told along the way."""

import pathlib
import re
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import boot, person_to_act, saved_game

FOCUSED = (
    "document.activeElement.closest('dialog')?.id || document.activeElement.id || document.activeElement.dataset.card"
)


def test_a_round_played_by_keyboard_alone(page, site):
    boot(page, site + "?seed=11&speed=0")
    keys = ["Enter", " "]  # each way of pressing a button, in turn
    decisions = 0
    while person_to_act(page):
        # At the person's turn the save holds every move so far (the bots' moves between are saved at once;
        # the person's own is saved just after its frame is painted).
        assert sum(move.seat == 0 for move in saved_game(page).history) == decisions
        legal = [str(card) for card in saved_game(page).legal_moves()]
        if not legal:
            page.keyboard.press("p")  # the key that pays and passes
        else:
            if not page.evaluate("document.activeElement.matches('#hand button:enabled')"):
                page.keyboard.press("ArrowRight")  # from anywhere on the table into the hand
            seen = set()
            for _ in legal:  # the arrows reach every playable card, and only those
                seen.add(page.evaluate(FOCUSED))
                page.keyboard.press("ArrowRight")
            assert seen == set(legal)
            expect(page.locator("#hand button:focus")).to_have_accessible_name(re.compile(r"^\S.* of \w+, playable$"))
            page.keyboard.press(keys[decisions % 2])
        decisions += 1
        expect(page.locator("#announce")).not_to_be_empty()
    assert decisions > 2
    game = saved_game(page)
    assert game.round_over and sum(move.seat == 0 for move in game.history) == decisions
    # The summary takes the focus; a screen reader heard the result; Enter deals the next round.
    assert page.evaluate(FOCUSED) == "round-summary"
    expect(page.locator("#announce p").last).to_contain_text("went out")
    label = page.get_attribute('[data-column="D"]', "aria-label")
    assert re.fullmatch(r"Diamonds: (A|[2-6]) to ([7JQK]|Jack|Queen|King)", label.replace("Ace", "A")), label
    page.keyboard.press("Enter")
    expect(page.locator("#round-label")).to_have_text("Round 2")


def test_dialogs_keep_the_focus_and_give_it_back(page, site):
    boot(page, site + "?seed=3&speed=0")
    person_to_act(page)
    page.focus("#rules-button")
    page.keyboard.press("Enter")
    expect(page.locator("#rules")).to_be_visible()
    for _ in range(6):  # Tab goes round the dialog, never behind it
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED) == "rules"
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_be_hidden()
    assert page.evaluate(FOCUSED) == "rules-button"
