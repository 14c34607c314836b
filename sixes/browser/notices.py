"""The notice line (#notice): what the page tells the person, one notice at a time and never under an open dialog,
and what stands while it lasts (storage refusing to save), shown whenever nothing else is."""

import traceback
from collections.abc import Callable

from pyscript import document, window
from pyscript.ffi import is_none

from ..model.words import Say
from .shared import el


class Notices:
    """Given ``say``, which gives the words of the person's language now (a standing notice is said in them)."""

    def __init__(self, say: Callable[[], Say]) -> None:
        self.say = say
        self.waiting: list[str] = []  # what waits to be told, the newest first
        self.standing: str | None = None  # the word of what stands while it lasts (None: nothing)
        self.shown_standing = False  # the notice shown is the standing one, which no "OK" dismisses

    def failed(self, error: BaseException, word: str = "went_wrong") -> None:
        """Something stopped with ``error``: said in a sentence (``word``), the details in the console."""
        window.console.error("Sixes: " + "".join(traceback.format_exception(error)))
        self.tell(self.say()(word))

    def tell(self, message: str) -> None:
        """Show ``message`` ("": the notice shown is done with). The newest first (it answers what the person just
        did), the one it displaces shown again once it is dismissed, so none is lost."""
        notice = el["notice"]
        if message:
            if not notice.hidden and not self.shown_standing:  # (the one shown waits behind the new one)
                self.waiting.insert(0, el["notice-text"].textContent)
            self.waiting = [message, *(waiting for waiting in self.waiting if waiting != message)]
        notice.hidden = True
        self.show()

    def stand(self, word: str | None) -> None:
        """``word`` is said from now on whenever no other notice is (None: what stood is over, and goes)."""
        if word == self.standing:
            return
        self.standing = word
        if self.shown_standing:
            el["notice"].hidden = True
        self.show()

    def show(self) -> None:
        """The next notice waiting, else what stands, if none is shown and no dialog is open."""
        notice = el["notice"]
        if not notice.hidden or not is_none(document.querySelector("dialog[open]")):
            return
        self.shown_standing = not self.waiting and self.standing is not None
        if self.waiting:
            el["notice-text"].textContent = self.waiting.pop(0)
        elif self.standing is not None:
            el["notice-text"].textContent = self.say()(self.standing)
        else:
            return
        el["dismiss"].hidden = self.shown_standing  # (it stays until it is over)
        notice.hidden = False

    def respeak(self) -> None:
        """The language changed: what stands is said in the new one."""
        if self.shown_standing:
            el["notice"].hidden = True
            self.show()
