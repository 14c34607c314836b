"""Input: clicks, taps, keys and the header's controls, turned into the controller's calls. Without a mouse the
arrow keys (and Home, End) move through the playable cards, P pays and passes, and Tab stays in an open dialog.
A tap on what no click reaches says what it means: a card that cannot be played, a seat's missing cards."""

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from pyodide.ffi import create_proxy
from pyscript import document, window
from pyscript.ffi import is_none

from ..model import table
from ..model.settings import SETTINGS
from .shared import after_paint, el, open_modal
from .state import State

if TYPE_CHECKING:
    from .dialogs import Dialogs
    from .history import History
    from .motion import Motion
    from .notices import Notices
    from .practise import Practise
    from .profile import Profiles
    from .review import Review

STEPS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}


class Actions(Protocol):
    """What a click or a key may ask for: the controller's actions, and the rooms that only show something."""

    dialogs: "Dialogs"
    motion: "Motion"
    notices: "Notices"

    @property
    def history(self) -> "History": ...

    @property
    def review(self) -> "Review": ...

    @property
    def practise(self) -> "Practise": ...

    @property
    def profiles(self) -> "Profiles": ...

    def person_moves(self, card: str | None, /) -> None: ...
    def take_back(self) -> None: ...
    def show_hint(self) -> None: ...
    def next_round(self) -> None: ...
    def begin_guide(self) -> None: ...
    def leave_guide(self) -> None: ...
    async def take_over(self) -> None: ...
    def change_setting(self, name: str, value: object, /) -> None: ...
    def failed(self, error: BaseException, /) -> None: ...
    def task_failed(self, task: "asyncio.Future[Any]", /) -> None: ...


class Input:
    def __init__(self, state: State, actions: Actions) -> None:
        self.state, self.actions = state, actions
        c = actions
        # Each button's id and what it does; the hand's cards, the take-backs and the review's own are found otherwise.
        self.buttons: dict[str, Callable[[Any], object]] = {
            "pass": lambda _button: c.person_moves(None),
            "dismiss": lambda _button: c.notices.tell(""),
            "take-over": self.take_over,
            "hint": lambda _button: c.show_hint(),
            "copy-link": lambda _button: c.dialogs.copy_link(),
            "menu-stats": lambda _button: c.history.show_stats(),
            "reset-stats": lambda _button: c.history.reset_stats(),
            "copy-daily": lambda _button: c.history.copy_daily(),
            "menu-log": lambda _button: c.history.show_game_log(),
            "replay-back": lambda _button: c.history.step(-1),
            "replay-forward": lambda _button: c.history.step(1),
            "save-text": lambda _button: c.history.save_text(),
            "save-record": lambda _button: c.history.save_record(),
            "review-round": lambda _button: c.review.open_game(state.game, state.bot_levels()),
            "review-last-round": lambda _button: c.review.open_game(state.game, state.bot_levels()),
            "round-lesson-review": lambda _button: c.review.open_lesson(state.bot_levels()),
            "over-lesson-review": lambda _button: c.review.open_lesson(state.bot_levels()),
            "review-record": lambda _button: c.history.review_record_round(),
            "next-round": lambda _button: c.next_round(),
            "new-game": lambda _button: c.dialogs.open_setup(),
            "over-stats": lambda _button: c.history.show_stats(),
            "open-practise": lambda _button: c.practise.open(),
            "over-log": lambda _button: c.history.show_game_log(),
            "over-close": lambda _button: el["game-over"].close(),
            "show-result": lambda _button: c.dialogs.show_result(),
            "open-record-button": lambda _button: el["open-record"].click(),
            "menu-new-game": lambda _button: c.dialogs.open_setup(),
            "rules-button": lambda _button: open_modal("rules"),
            "guide-start": self.try_guide,
            "guide-skip": lambda _button: c.leave_guide(),  # (shown only in the guided deal)
            "guide-play": lambda _button: c.leave_guide(),
            "export-profile": lambda _button: c.profiles.export(),
            "import-profile": lambda _button: c.profiles.pick(),
            "import-accept": lambda _button: self.start(c.profiles.accept()),
            "restore-profile": lambda _button: c.profiles.offer_restore(),
        }
        # The header's buttons that a setting's pressed state shows (sound, missing cards): pressed, it turns.
        for name, row in SETTINGS.items():
            if row.control and el[row.control].tagName == "BUTTON":
                self.buttons[row.control] = functools.partial(self.toggle, name)

    def listen(self) -> None:
        c, on = self.actions, self.on
        on(document, "click", self.on_click)
        on(document, "pointerup", self.on_pointer_up)
        on(el["setup"], "close", c.dialogs.on_setup_closed)
        on(el["replace-game"], "close", c.dialogs.on_replace_closed)
        # Any dialog closed (close does not bubble: heard on its way down).
        on(document, "close", c.dialogs.on_closed, capture=True)
        on(el["open-record"], "change", lambda event: self.start(c.history.open_record(event)))
        on(el["import-profile-file"], "change", lambda event: self.start(c.profiles.on_picked(event)))
        on(document, "dragover", c.profiles.on_drag)
        on(document, "drop", c.profiles.on_drop)
        on(el["setup-form"], "change", c.dialogs.on_setup_change)
        # Escape must not hide a round's summary: the game can only go on through its button (and a browser that lets
        # a repeated Escape through sees it shown again, Dialogs.keep_round_end). The game's end closes.
        on(el["round-summary"], "cancel", lambda event: event.preventDefault())
        on(document, "keydown", self.on_key)
        # The header's pickers and checkboxes, each setting's own (the table of settings, model/settings.py).
        for name, row in SETTINGS.items():
            if row.control and el[row.control].tagName != "BUTTON":
                on(el[row.control], "change", functools.partial(self.on_setting, name))
                el[row.control].disabled = False
        el["menu-new-game"].disabled = False
        # A tab closed, reloaded or put away writes what waits at once: no move is lost.
        on(window, "pagehide", lambda _event: after_paint.run())
        on(document, "visibilitychange", lambda _event: document.hidden and after_paint.run())

    def on(self, target: Any, name: str, handler: Callable[[Any], object], capture: bool = False) -> None:
        """Listen to ``name`` on ``target`` with ``handler``, whose errors stop at this edge (the controller's
        ``failed``: a sentence for the person, the table playing on), never reaching the page as a traceback."""

        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:  # noqa: BLE001 (the edge of the room: every error is said, none escapes)
                self.actions.failed(error)

        target.addEventListener(name, create_proxy(guarded), capture)

    def start(self, work: "Coroutine[Any, Any, object]") -> None:
        """Run ``work`` (a file read, a hand-over) as a task whose error is said as a handler's is."""
        asyncio.ensure_future(work).add_done_callback(self.actions.task_failed)

    # --- clicks ------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        button = event.target.closest("button")
        if is_none(button) or button.disabled:
            return
        c = self.actions
        self.pressed(by_keyboard=event.detail == 0)  # a click made with Enter or Space counts no clicks
        if not is_none(button.closest("#menu")):
            self.state.opened_from_menu = True  # (a dialog it opens gives the focus back there, however it is closed)
        elif is_none(button.closest("dialog")):
            self.state.opened_from_menu = False  # (a dialog's own Close or Cancel leaves it as its opener set it)
        if button.classList.contains("take-back"):
            for name in ("round-summary", "game-over"):
                el[name].close()
            c.take_back()
        elif not is_none(button.closest("#hand")):
            c.person_moves(button.dataset.card)
        elif button.id in self.buttons:
            self.buttons[button.id](button)
        elif not is_none(button.closest("#review")):
            c.review.on_click(button)
        elif not is_none(button.closest("#practise")):
            c.practise.on_click(button)

    def pressed(self, by_keyboard: bool) -> None:
        """What any press of a button does first, a tap that assets/boot.js took too (taps.Taps.tapped): a
        reason shown for a card that cannot be played goes, and the sound may play from now on."""
        self.state.by_keyboard = by_keyboard
        el["status"].classList.remove("why-not")
        self.actions.motion.wake()

    def on_pointer_up(self, event: Any) -> None:
        """A disabled card gets no click, but its pointer's events: on the person's turn it says why it cannot be
        played. A seat's missing cards say in words what they mean (a touch screen shows no tooltip)."""
        state = self.state
        card, lacks = event.target.closest("#hand button:disabled"), event.target.closest("[data-seat] .lacks")
        if not is_none(card) and state.waiting_for_person():
            self.explain(table.why_not_text(state.game.view(0), card.dataset.card, state.settings.say))
        elif not is_none(lacks):
            self.explain(lacks.title)

    def explain(self, line: str) -> None:
        """``line`` in the status line, a live region (shown even where the guide's words stand in for it)."""
        status = el["status"]
        status.textContent = line
        status.classList.add("why-not")

    def take_over(self, button: Any) -> None:
        button.disabled = True  # until this tab lets the game go again
        c = self.actions
        self.start(c.take_over())

    def try_guide(self, _button: Any) -> None:
        el["rules"].close()
        self.actions.begin_guide()

    def toggle(self, setting: str, _button: Any) -> None:
        """A setting that a pressed button shows (sound, missing cards) turned."""
        self.actions.change_setting(setting, not getattr(self.state.settings, setting))

    def on_setting(self, setting: str, event: Any) -> None:
        """A header's picker or checkbox changed its setting."""
        control = event.target
        self.actions.change_setting(setting, bool(control.checked) if control.type == "checkbox" else control.value)

    # --- keys --------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        """Arrow keys (and Home, End) move through the playable cards; P pays and passes when that is allowed."""
        dialog = document.querySelector("dialog[open]")
        if not is_none(dialog):
            if event.key == "Tab":
                keep_focus_in(dialog, event)
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        cards = list(el["hand"].querySelectorAll("button:enabled"))
        # The hand's keys reach the hand from anywhere but a field, a picker or the open Menu (where the arrows are
        # theirs): after a header's dialog closes on its button, the arrows still go to the cards.
        if (
            cards
            and (event.key in STEPS or event.key in ("Home", "End"))
            and is_none(target.closest("input, select, textarea, #menu:popover-open"))
        ):
            event.preventDefault()
            here = next((i for i, card in enumerate(cards) if card == target), None)
            if event.key in ("Home", "End"):
                there = 0 if event.key == "Home" else -1
            else:
                there = 0 if here is None else (here + STEPS[event.key]) % len(cards)
            cards[there].focus()
        elif event.key.lower() == "p" and not el["pass"].disabled and is_none(target.closest("input, select")):
            self.state.by_keyboard = True
            self.actions.person_moves(None)


def keep_focus_in(dialog: Any, event: Any) -> None:
    """Tab from a modal dialog's last control comes back to its first (Shift+Tab the other way):
    a modal dialog makes the page behind it inert, but lets the focus leave for the browser's own bar."""
    stops = [
        el
        for el in dialog.querySelectorAll("button:enabled, input:enabled, select:enabled, [tabindex='0']")
        if not is_none(el.offsetParent)
    ]  # shown: a hidden control takes no focus
    if not stops:
        return
    first, last = stops[0], stops[-1]
    active = document.activeElement
    if event.shiftKey and (active == first or not dialog.contains(active)):
        event.preventDefault()
        last.focus()
    elif not event.shiftKey and (active == last or not dialog.contains(active)):
        event.preventDefault()
        first.focus()
