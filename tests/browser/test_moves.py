"""A move in the page (issue #20): it changes only what it moved, and the person's move is saved out of the
click's task yet never lost."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_page import boot, saved_game

TURN = "html[data-turn=you]"


def test_a_move_keeps_every_element_it_did_not_change(page, site):
    boot(page, site + "?seed=11&speed=0")
    page.wait_for_selector(TURN)
    moves = page.get_attribute("html", "data-moves")
    # Every card on the table, marked on the element itself: a rebuilt one is unmarked.
    page.evaluate("""() => { for (const el of document.querySelectorAll(
        '[data-column] > *, #hand button')) el.kept = true; }""")
    before = page.evaluate("[...document.querySelectorAll('#hand button')].map(b => [b.dataset.card, b.disabled])")
    played = page.get_attribute("#hand button:enabled", "data-card")
    page.click(f'#hand [data-card="{played}"]')
    page.wait_for_function(f"document.documentElement.dataset.moves !== '{moves}'")
    page.wait_for_selector(TURN)
    kept = page.evaluate("""() => ({
      columns: [...document.querySelectorAll('[data-column] [data-card]')].filter(el => !el.kept).map(el => el.dataset.card),
      hand: [...document.querySelectorAll('#hand button')].filter(el => el.kept).map(b => [b.dataset.card, b.disabled]),
    })""")
    game = saved_game(page)
    new_cards = {str(move.card) for move in game.history[int(moves) :] if move.card is not None}
    assert set(kept["columns"]) == new_cards, "only the cards played since are new elements in the columns"
    # A card of the hand that stayed unplayable is the same element; one that turned playable is made anew (as a
    # rebuild would make it: no CSS transition runs that did not run before).
    still = page.evaluate("[...document.querySelectorAll('#hand button')].map(b => [b.dataset.card, b.disabled])")
    assert kept["hand"] == [[card, True] for card, disabled in before if disabled and [card, True] in still]


def test_the_persons_move_is_saved_after_its_task_and_at_once_when_the_tab_goes(page, site):
    boot(page, site + "?seed=11&speed=0")
    page.wait_for_selector(TURN)
    played = page.get_attribute("#hand button:enabled", "data-card")
    # The click's handler runs inside click(): the save waits for the frame; a pagehide writes it at once.
    saves = page.evaluate("""() => {
      const saved = () => JSON.parse(localStorage.getItem('sixes.game')).moves.at(-1);
      document.querySelector('#hand button:enabled').click();
      const inTheClick = saved();
      dispatchEvent(new PageTransitionEvent('pagehide'));
      return [inTheClick, saved()];
    }""")
    assert played not in saves[0].split(), "not saved in the click's own task"
    assert played in saves[1].split(), "saved when the page goes"
