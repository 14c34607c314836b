"""A move in the page (issue #20): it changes only what it moved, and the person's move is saved out of the
click's task yet never lost."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_page import boot, saved_game

from sixes.model import table
from sixes.model.words import say_in

TURN = "html[data-turn=you]"


def test_a_move_keeps_every_element_it_did_not_change(page, site):
    boot(page, site + "?seed=11&speed=0")
    page.wait_for_selector(TURN)
    moves = page.get_attribute("html", "data-moves")
    # Every card on the table and every part of each seat, marked on the element itself: a rebuilt one is unmarked.
    page.evaluate("""() => { for (const el of document.querySelectorAll(
        '[data-column] > *, #hand button, [data-seat] :is(.who, .backs, .back)')) el.kept = true; }""")
    before = page.evaluate("[...document.querySelectorAll('#hand button')].map(b => [b.dataset.card, b.disabled])")
    played = page.get_attribute("#hand button:enabled", "data-card")
    page.click(f'#hand [data-card="{played}"]')
    page.wait_for_function(f"document.documentElement.dataset.moves !== '{moves}'")
    page.wait_for_selector(TURN)
    kept = page.evaluate("""() => ({
      columns: [...document.querySelectorAll('[data-column] [data-card]')].filter(el => !el.kept).map(el => el.dataset.card),
      hand: [...document.querySelectorAll('#hand button')].filter(el => el.kept).map(b => [b.dataset.card, b.disabled]),
      seats: [...document.querySelectorAll('#table > [data-seat]:not([hidden])')].map(seat => ({
        seat: Number(seat.dataset.seat),
        who: seat.querySelector('.who').kept, backs: seat.querySelector('.backs')?.kept,
        new_backs: [...seat.querySelectorAll('.back')].filter(el => !el.kept).length,
        shown: seat.querySelectorAll('.back').length, cards: Number(seat.dataset.cards)})),
    })""")
    game = saved_game(page)
    new_cards = {str(move.card) for move in game.history[int(moves) :] if move.card is not None}
    assert set(kept["columns"]) == new_cards, "only the cards played since are new elements in the columns"
    # A card of the hand unplayable now is the same element (the move disabled the playable ones in place); one
    # that turned playable is made anew (as a rebuild would make it: no CSS transition runs that did not before).
    still = page.evaluate("[...document.querySelectorAll('#hand button')].map(b => [b.dataset.card, b.disabled])")
    assert any(not disabled for _, disabled in before) and any(disabled for _, disabled in still)
    assert kept["hand"] == [[card, True] for card, disabled in still if disabled]
    # Each seat keeps who sits there; a bot that laid a card lost a card back, and kept the rest.
    you, *bots = sorted(kept["seats"], key=lambda seat: seat["seat"])
    assert all(seat["who"] for seat in kept["seats"]) and you["backs"] is None
    assert all(seat["backs"] and seat["new_backs"] == 0 and seat["shown"] == seat["cards"] for seat in bots), bots
    assert any(move.seat and move.card is not None for move in game.history[int(moves) :]), "a bot laid a card"


ARMED = "window.sixesHand.play !== null"  # (once the page is idle after its start)
# A tap's click (detail 1) on the first playable card, and what the table shows at the end of that click's task.
TAP = """() => {
  const button = document.querySelector('#hand button:enabled'), card = button.dataset.card;
  for (const el of document.querySelectorAll('#hand button')) el.kept = true;
  button.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, detail: 1}));
  const laid = document.querySelectorAll(`[data-column] [data-card="${card}"]`);
  laid.forEach(el => { el.laid = true; });
  return {card, laid: laid.length, hidden: button.hidden,
          enabled: document.querySelectorAll('#hand button:enabled, #pass:enabled, #hint:enabled').length,
          turn: document.documentElement.dataset.turn, moves: document.documentElement.dataset.moves};
}"""


def test_a_tapped_card_is_laid_in_the_taps_own_task_and_played_once_after(page, site):
    boot(page, site + "?seed=11")  # (normal speed: the card flies)
    page.wait_for_selector(TURN)
    page.wait_for_function(ARMED)
    moves = page.get_attribute("html", "data-moves")
    tapped = page.evaluate(TAP)
    # Drawn before any Python ran: laid in its column, gone from the hand, nothing left to tap; not played yet.
    assert tapped["laid"] == 1 and tapped["hidden"] and tapped["enabled"] == 0
    assert tapped["turn"] == "bots" and tapped["moves"] == moves
    page.wait_for_function(f"document.documentElement.dataset.moves !== '{moves}'")
    played = page.evaluate(f"""() => {{
      const laid = [...document.querySelectorAll('#table [data-card="{tapped["card"]}"]')];
      return laid.map(el => [el.laid === true, el.closest('[data-column]') !== null,
                             el.querySelector('.sr-only').textContent, el.getAnimations().length]);
    }}""")
    assert str(saved_game(page).history[int(moves)].card) == tapped["card"], "the tapped card is the person's move"
    say = say_in("en")
    # The one element the tap laid, still flying, kept by the drawing, with the name a laid card has.
    assert played == [[True, True, table.hand_card_name(tapped["card"], False, say), 1]]


def test_a_tapped_card_lies_as_a_fresh_drawing_would_lay_it(page, site):
    boot(page, site + "?seed=11&speed=0")
    page.wait_for_selector(TURN)
    page.wait_for_function(ARMED)
    moves = page.get_attribute("html", "data-moves")
    card = page.evaluate(TAP)["card"]
    page.wait_for_function(f"document.documentElement.dataset.moves !== '{moves}'")
    page.wait_for_selector(TURN)
    column = f"document.querySelector('[data-column=\"{card[1]}\"]').innerHTML.replaceAll(' data-last=\"\"', '')"
    tapped = page.evaluate(column)
    boot(page, site + "?speed=0")  # the same game, drawn afresh from its save
    page.wait_for_selector(TURN)
    assert page.evaluate(column) == tapped


def test_a_tap_the_game_no_longer_takes_is_drawn_away(page, site):
    boot(page, site + "?seed=11&speed=0")
    page.wait_for_selector(TURN)
    page.wait_for_function(ARMED)
    table_before = page.evaluate("document.getElementById('table').innerHTML")
    moves = page.get_attribute("html", "data-moves")
    page.evaluate("document.documentElement.dataset.moves = '-1'")  # as if the table had changed since the tap
    card = page.evaluate(TAP)["card"]
    page.wait_for_selector(TURN)  # (the marker says the person's turn again once the drawing is undone)
    assert page.get_attribute("html", "data-moves") == moves
    assert page.locator(f'[data-column] [data-card="{card}"]').count() == 0
    assert page.locator(f'#hand [data-card="{card}"]:enabled').count() == 1
    assert len(saved_game(page).history) == int(moves), "nothing played"
    assert page.evaluate("document.getElementById('table').innerHTML") == table_before


@pytest.mark.parametrize("detail", [1, 0], ids=["tap", "key"])
def test_the_persons_move_is_saved_after_its_task_and_at_once_when_the_tab_goes(page, site, detail):
    boot(page, site + "?seed=11&speed=0")
    page.wait_for_selector(TURN)
    page.wait_for_function(ARMED)  # (a tap is laid by sixesHand, played by Python after the frame; a key's by Python)
    played = page.get_attribute("#hand button:enabled", "data-card")
    # The click's handler runs inside dispatchEvent(): the save waits for the frame; a pagehide writes it at once.
    saves = page.evaluate(
        """(detail) => {
      const saved = () => JSON.parse(localStorage.getItem('sixes.game')).moves.at(-1);
      document.querySelector('#hand button:enabled').dispatchEvent(
        new MouseEvent('click', {bubbles: true, cancelable: true, detail}));
      const inTheClick = saved();
      dispatchEvent(new PageTransitionEvent('pagehide'));
      return [inTheClick, saved()];
    }""",
        detail,
    )
    assert played not in saves[0].split(), "not saved in the click's own task"
    assert played in saves[1].split(), "saved when the page goes"
