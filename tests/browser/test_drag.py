"""A card of the hand dragged onto its column plays exactly as a tap does (assets/boot.js lays it, Python plays
it once its frame is painted); dropped anywhere else it goes back to its place, and nothing is played. With a
mouse, in every engine (the `engine` fixture, engines.py). A tap's own path is test_moves' and test_page's.

The engine under CPython is the referee, as in test_page: the page's save is loaded here.
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_engines import LEGAL, MARKER, boot, saved_game, settled
from test_moves import ARMED

# The centre of an element in the viewport, where a drag drops.
CENTRE = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
                            return [box.x + box.width / 2, box.y + box.height / 2]; }"""
# A card of the hand once nothing moves it: its place in the hand, and whether it can be played. (Its place is the
# layout's, without the stylesheet's lift, which a pointer resting on it raises.)
AT_REST = """(card) => { const button = document.querySelector(`#hand [data-card="${card}"]`);
  if (!button || button.getAnimations().length || button.style.transform || button.style.zIndex) return false;
  return [button.offsetLeft, button.offsetTop, button.hidden, button.disabled]; }"""


def turn_to_drag(tab):
    """A new game at the person's turn, a tap armed (the drag plays through it); returns the marker and a card
    that can be played."""
    boot(tab, "?seed=11&speed=0&lang=en")
    before = settled(tab)
    assert before.startswith("you ")
    tab.wait(ARMED)
    return before, tab.evaluate(LEGAL)[-1]


def test_a_card_dragged_onto_its_column_is_played_once(engine):
    before, card = turn_to_drag(engine)
    engine.drag(f'#hand [data-card="{card}"]', *engine.evaluate(CENTRE, f'#table [data-column="{card[1]}"]'))
    engine.wait(f"(before) => {MARKER} !== before", before)
    settled(engine)
    moves = int(before.split()[1])
    game = saved_game(engine)
    assert (game.history[moves].seat, str(game.history[moves].card)) == (0, card), "the card dragged is the move"
    assert [str(move.card) for move in game.history].count(card) == 1, "played exactly once"
    assert (
        engine.evaluate(f'document.querySelectorAll(\'#table [data-column="{card[1]}"] [data-card="{card}"]\').length')
        == 1
    )
    assert engine.evaluate(f"document.querySelectorAll('#hand [data-card=\"{card}\"]').length") == 0


def test_a_card_dropped_anywhere_else_goes_back_and_a_tap_still_plays_it(engine):
    before, card = turn_to_drag(engine)
    at_rest = engine.evaluate(AT_REST, card)
    assert at_rest and at_rest[2:] == [False, False]
    other = next(suit for suit in "SHDC" if suit != card[1])
    for elsewhere in (f'#table [data-column="{other}"]', "#pot"):
        engine.drag(f'#hand [data-card="{card}"]', *engine.evaluate(CENTRE, elsewhere))
        # Back in its place, as playable as before; the click the browser sends after the drag played nothing.
        assert engine.wait(AT_REST, card) == at_rest, f"dropped on {elsewhere}"
        assert engine.evaluate(MARKER) == before
        assert engine.evaluate(f"document.querySelectorAll('[data-column] [data-card=\"{card}\"]').length") == 0
    assert len(saved_game(engine).history) == int(before.split()[1]), "nothing played"
    engine.click(f'#hand [data-card="{card}"]')  # (a drag ended leaves no click to eat the next tap's)
    engine.wait(f"(before) => {MARKER} !== before", before)
    settled(engine)
    assert str(saved_game(engine).history[int(before.split()[1])].card) == card
