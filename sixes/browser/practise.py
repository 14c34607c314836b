"""Practise: the person's own costly choices played again (sixes.model.practise keeps them and judges an answer).

A position is the table as it stood before that choice, the person's hand below it, and the question; a card chosen
is judged at once by the expert's marks kept with the position. Practising never touches the game in progress, its
save or the statistics: only the practice's own key.
"""

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

from ..engine.cards import ALL_CARDS, EVERY_CARD, Card, cards_of
from ..model import practise, review, table, table_html
from ..model.table import SeatView
from ..model.words import Say
from .review import centre_html
from .shared import after_paint, el, js_object, open_modal, timing_mark
from .state import State

STEPS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}


class Practise:
    """The practice dialog (#practise): a position, its answer and verdict, the next one."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.dialog = el["practise"]
        self.position: practise.Position | None = None
        self.kept = practise.PractiseStore()  # read at each opening: reading 200 positions is work, not per answer
        self.answered = False
        document.addEventListener("keydown", create_proxy(self.on_key))

    @property
    def say(self) -> Say:
        say = self.state.settings.say
        return say if self.position is None else say.dealing(self.position.record.rules.ranks)

    def open(self) -> None:
        self.kept = practise.PractiseStore(self.state.store.get(practise.PRACTISE_KEY))
        self.show(self.kept.next())
        open_modal("practise")
        self.focus()

    def show(self, position: practise.Position | None) -> None:
        """Draw ``position`` (None: nothing left to practise, or nothing yet)."""
        self.position, self.answered = position, False
        say, store = self.say, self.kept
        el["practise-position"].hidden = position is None
        el["practise-next"].hidden = True
        empty = el["practise-empty"]
        empty.hidden = position is not None
        if position is None:
            empty.textContent = say("practise_done" if store.positions else "practise_empty")
            el["practise-count"].textContent = ""
            return
        el["practise-count"].textContent = say("practise_count", store.waiting())
        el["practise-position"].dataset.position = position.key
        el["practise-from"].textContent = practise.heading(position, say)
        el["practise-table"].innerHTML = self.table_html(position)
        el["practise-question"].textContent = say("practise_question")
        verdict = el["practise-verdict"]
        verdict.hidden = True
        verdict.textContent = ""
        verdict.removeAttribute("data-verdict")
        legal = set(position.legal())
        hand = position.table().hands[review.PERSON]
        el["practise-hand"].innerHTML = "".join(
            table_html.hand_card_html(str(card), card.index in legal, say) for card in cards_of(hand)
        )
        after_paint(lambda: timing_mark("sixes-practise-shown"))  # (for bench/practise.py)

    def table_html(self, position: practise.Position) -> str:
        """The table before the choice: columns and pot, and every other seat's chips, cards left and proven gaps."""
        say, settings = self.say, self.state.settings
        view, r = position.view(), position.table()
        seats = []
        for seat in range(1, view.players):  # (no level: the position may be from a game against other bots)
            lacks, clues = table.seat_lacks(view, seat, True)
            shown = SeatView(seat, settings.names[seat], None, r.chips[seat], view.counts[seat], seat == view.dealer,
                             False, lacks, clues)  # fmt: skip
            attributes = table_html.seat_attributes(shown, say)
            inside = "".join(html for _, html in table_html.seat_parts(shown, say))
            seats.append(
                f'<li data-seat="{seat}" data-chips="{attributes["data-chips"]}" data-cards="{attributes["data-cards"]}"'
                f' data-lacks="{attributes["data-lacks"]}">{inside}</li>'
            )
        chips = say("practise_your_chips", chips=r.chips[review.PERSON])
        return (
            f'{centre_html(r, say)}<ol class="practise-seats">{"".join(seats)}</ol>'
            f'<p class="practise-you" data-seat="0" data-chips="{r.chips[review.PERSON]}">{chips}</p>'
        )

    # --- an answer, and the next position ---------------------------------------------------------------------
    def on_click(self, button: Any) -> None:
        if button.id == "practise-next":
            self.show(self.kept.next(after=self.position.key if self.position else None))
            self.focus()
        elif button.hasAttribute("data-card") and not self.answered:
            self.answer(button.dataset.card)

    def answer(self, card: str) -> None:
        position = self.position
        assert position is not None
        self.answered = True
        verdict = practise.judge(position, Card.parse(card, ALL_CARDS).index)
        store = self.kept
        store.answer(position.key, verdict)
        self.state.store.keep(practise.PRACTISE_KEY, store.to_json())
        shown = el["practise-verdict"]
        shown.dataset.verdict = verdict.kind
        shown.textContent = practise.verdict_text(verdict, self.state.settings.names, self.say)
        shown.hidden = False
        for button in el["practise-hand"].querySelectorAll("button"):
            button.disabled = True
            notation = button.dataset.card
            button.classList.toggle("chosen", notation == card)
            button.classList.toggle("best", notation == str(EVERY_CARD[verdict.best]))
        el["practise-count"].textContent = self.say("practise_count", store.waiting())
        el["practise-next"].hidden = False
        el["practise-next"].focus()
        shown.scrollIntoView(js_object({"block": "nearest"}))  # (on a phone the verdict is under the hand)
        after_paint(lambda: timing_mark("sixes-practise-verdict"))

    def focus(self) -> None:
        """The first playable card (arrows move on, Enter plays), or the way on when there is nothing to answer."""
        card = el["practise-hand"].querySelector("button:enabled")
        if self.position is not None and card is not None:
            card.focus()
        else:
            self.dialog.querySelector(".buttons button:not([hidden])").focus()

    def on_key(self, event: Any) -> None:
        """Arrow keys move through the playable cards, as on the table."""
        if not self.dialog.open or event.key not in STEPS or is_none(event.target.closest("#practise-hand")):
            return
        cards = list(el["practise-hand"].querySelectorAll("button:enabled"))
        if cards:
            here = next((i for i, card in enumerate(cards) if card == event.target), 0)
            cards[(here + STEPS[event.key]) % len(cards)].focus()
            event.preventDefault()
