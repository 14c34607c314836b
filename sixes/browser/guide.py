"""The browser side of the guided first deal: its panel, each step as it comes, and the real game it gives back.

The guided deal stands in for the game while it is played: ``page.game`` is the guided game, the real
one waits in ``real`` unsaved-over (the page saves nothing while guiding) and comes back at the end or
at a skip. A new game dealt meanwhile (the menu, another tab) simply ends the guide.
"""

import asyncio

import js
from pyodide.ffi import to_js
from pyscript import document

from .. import guide


class Guide:
    def __init__(self, page):
        self.page = page
        self.game = None  # the guided deal, while it is played
        self.real = None  # the game it stands in for
        self.first_visit = False  # the real game is a fresh deal (else the person's game in progress)
        self.panel = document.getElementById("guide")
        self.text = document.getElementById("guide-text")
        self.play = document.getElementById("guide-play")

    @property
    def active(self):
        return self.game is not None and self.page.game is self.game

    def begin(self, first_visit=False):
        page = self.page
        page.stop_bots()
        if not self.active:
            self.real = page.game
        self.first_visit = first_visit
        self.game = page.game = guide.guided_game()
        self.text.textContent = ""

    def end(self):
        """Give the real game back; the guided deal is dropped."""
        if self.active:
            self.page.game = self.real
        self.game = self.real = None

    def leave(self):
        """Skip, or the end of the guided deal: the real game plays on from where it was."""
        page = self.page
        page.stop_bots()
        self.end()
        page.draw()
        if page.by_keyboard:
            page.el["hand"].focus()  # (the hand's cards take over once it is the person's turn)
        page.carry_on()

    def finish(self):
        """The guided deal's round is over (the person has gone out): say so, and offer the real game."""
        self.draw()
        self.play.focus()

    def on_click(self, button):
        """True if ``button`` was the guide's."""
        if button.id == "guide-start":
            self.page.el["rules"].close()
            self.begin()
            self.page.draw()
            self.page.carry_on()
        elif button.id in ("guide-skip", "guide-play"):
            self.leave()
        else:
            return False
        return True

    def draw(self):
        if self.game is not None and not self.active:  # another game took its place
            self.game = self.real = None
        active = self.active
        self.panel.hidden = not active
        document.getElementById("table").classList.toggle("guiding", active)
        if not active:
            return
        page = self.page
        say = page.settings.say
        now = guide.step(self.game)
        done = now.key == "guide_done"
        text = guide.words(now, page.settings.names, say)
        if text != self.text.textContent:
            self.text.textContent = text
            # Heard after the move that led to it: the move's own line is announced once drawing is done.
            asyncio.get_event_loop().call_soon(page.announce, text)
            if self.game.turn == 0:  # a screen too short for the whole table: the words and the hand in view
                seat = document.querySelector('[data-seat="0"]')
                seat.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        self.play.hidden = not done
        self.play.textContent = say("guide_play" if self.first_visit else "guide_back")
        document.getElementById("guide-skip").hidden = done
