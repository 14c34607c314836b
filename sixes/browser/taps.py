"""The bridge to assets/boot.js for taps on the hand: a tap before Python was up, handed over once, and every later tap
on a playable card, which boot.js draws in the tap's own task and hands here to be played once that frame is painted."""

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window
from pyscript.ffi import is_none

from ..engine.cards import Card
from ..model import table
from .draw import Drawing
from .motion import Motion
from .state import State


class Taps:
    """Given ``pressed`` (what any press of a button does first), ``play`` (the person's card, already drawn) and
    ``draw`` (the whole table again, a tap's drawing undone)."""

    def __init__(
        self,
        state: State,
        drawing: Drawing,
        motion: Motion,
        *,
        pressed: Callable[[], None],
        play: Callable[[str], None],
        draw: Callable[[], None],
    ) -> None:
        self.state, self.drawing, self.motion = state, drawing, motion
        self.pressed, self.play, self.draw = pressed, play, draw

    def arm(self) -> None:
        """Taps are drawn by boot.js (sixesHand) from now on: armed once the page is idle after its start, with the
        audio context made."""
        self.motion.prepare()
        hand = window.sixesHand
        hand.audio, hand.flight = self.motion.audio, self.motion.duration()
        hand.play = create_proxy(self.tapped)

    def ready(self) -> None:
        """The person's turn: what a tap's flight needs, kept with the table (the speed may have changed)."""
        window.sixesHand.ranks, window.sixesHand.flight = self.state.game.rules.ranks, self.motion.duration()

    def tapped(self, card: str, moves: int) -> None:
        """The card sixesHand drew as played, its frame now painted: played, if the game is still the one tapped on
        (``moves`` long, the person's turn), else its drawing is undone."""
        self.pressed()
        drawn = self.drawing.columns[card[1]].querySelector(f'[data-card="{card}"]')
        game = self.state.game
        if moves != len(game.history) or game.turn != 0 or card not in map(str, game.legal_moves()) or is_none(drawn):
            if not is_none(drawn):
                drawn.remove()
            self.drawing.forget()
            self.draw()
            return
        self.drawing.adopt(card, drawn)
        self.play(card)

    def take_early(self) -> str:
        """A card tapped on the kept table before Python was up (boot.js laid it, and hands it over once): played if
        that table was this very game and the card is still legal; else the first draw puts it back, and the word
        returned says why."""
        state = self.state
        early = getattr(window, "sixesTable", None)
        tap: Any = None if early is None else early.tapped()  # (a JavaScript object, null or None)
        if is_none(tap):
            return ""
        if (
            state.playing
            and tap.key == state.table_key()
            and state.waiting_for_person()
            and tap.card in map(str, state.game.legal_moves())
        ):
            state.game.play(Card.parse(tap.card, state.game.rules.deck))
            self.drawing.announce(
                table.narrate(state.game.history[-1], state.settings.names, state.settings.say, state.game.rules)
            )
            return ""
        return state.settings.say("early_tap_back")

    def keep_table(self) -> None:
        """The real game's table as last drawn, for the next visit to show before Python is up (boot.js keeps it once
        the page is idle, so never in a click's task)."""
        early = getattr(window, "sixesTable", None)
        state = self.state
        if early is not None and state.playing and state.mode.saved and not state.all_bots:
            early.keep(state.table_key())

    @staticmethod
    def flush() -> None:
        """A card tapped and laid is played now (another tab takes the game)."""
        window.sixesHand.flush()
