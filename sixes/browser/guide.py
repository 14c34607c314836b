"""The guided first deal, as a mode of the page (the real game's is controller.RealGame): its panel, and each step
as it comes. While it is played the state's game is the guided one; the real game waits in ``real``, never saved
over, until the controller plays it again (at the end, a skip, a new game, another tab's)."""

import asyncio
from collections.abc import Callable

from pyscript import document, window

from ..engine.cards import Card
from ..engine.game import Game
from ..model import guide
from ..model.keys import GUIDE_KEY
from .shared import after_paint, el, js_object
from .state import State


class GuidedDeal:
    saved = False  # never saved, and counted nowhere
    autoplay = False  # the guide is learnt by doing: no move is made for the person
    casual = False  # no take-backs: every path through the deal is known

    def __init__(
        self, state: State, real: Game, first_visit: bool, announce: Callable[[str], None], game: Game | None = None
    ) -> None:
        self.state = state
        self.announce = announce  # tell a screen reader a line, once the table's frame is painted
        self.real = real  # the game it stands in for
        self.first_visit = first_visit  # the real game is a fresh deal (else the person's game in progress)
        self.game = game or guide.guided_game()  # (``game``: the guided deal as a reload found it)
        # The first visit's guided deal is kept while it is played, so a reload resumes it (not the real game).
        self.kept_as = GUIDE_KEY if first_visit else None
        self.panel = el["guide"]
        self.text = el["guide-text"]
        self.play = el["guide-play"]
        self.text.textContent = ""

    async def bot_card(self, _level: str) -> Card | None:
        return guide.bot_move(self.game)

    def round_over(self) -> None:
        """The guided deal's round is over (the person has gone out): say so, and offer the real game."""
        self.draw()
        self.play.focus()

    def hide(self) -> None:
        self.panel.hidden = True
        el["table"].classList.remove("guiding")

    def draw(self) -> None:
        self.panel.hidden = False
        el["table"].classList.add("guiding")
        settings = self.state.settings
        say = settings.say
        now = guide.step(self.game)
        done = now.key == "guide_done"
        touch = window.matchMedia("(pointer: coarse)").matches
        text = guide.words(now, settings.names, say, touch)
        if text != self.text.textContent:
            self.text.textContent = text
            # Heard after the move that led to it: the move's own line is announced once drawing is done.
            asyncio.get_event_loop().call_soon(self.announce, text)
            if self.game.turn == 0:  # a screen too short for the whole table: the words and the hand in view
                # Once the frame is painted, its layout done: called now, it would lay the page out in this task.
                seat = document.querySelector('[data-seat="0"]')
                after_paint(lambda: seat.scrollIntoView(js_object({"block": "nearest"})))
        self.play.hidden = not done
        self.play.textContent = say("guide_play" if self.first_visit else "guide_back")
        el["guide-skip"].hidden = done
