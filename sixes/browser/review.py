"""The review dialog: a round's table at any move, the expert's marks and the expert's replay,
worked out in slices between paints and kept in localStorage (sixes.model.review does the working out).

The dialog's own table ([data-seat], [data-column]) is drawn when it opens and emptied when it closes, so
while it is shut the page holds one table only, the game's.
"""

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy
from pyscript import document, window
from pyscript.ffi import is_none

from ..engine.cards import EVERY_CARD, Card, cards_of
from ..engine.core import PAID_PASS, Round, Seat
from ..engine.game import Game, Move, columns_of
from ..model import practise, review, stats, table, table_html
from ..model.words import Say
from .shared import el, in_slices, open_modal, timing_mark
from .state import State

if TYPE_CHECKING:
    from ..model.record import Replay  # (imported when a record is opened, by the game log)

SLICE = 0.015  # seconds of work, then let the page paint: no task much over the 50 ms a person notices
KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


async def worked_out(work: review.Marking | review.ExpertPlay, shown: Callable[[float], object]) -> None:
    """Run ``work.slices()`` to its end, in slices of the page's time; ``shown`` is told the progress after each."""
    await asyncio.sleep(0)  # the dialog is painted first
    await in_slices(work.slices(), SLICE, lambda: shown(work.progress))


class Review:
    """The review dialog: opened on a round (a ``review.RoundRecord``), stepped, marked, closed."""

    record: review.RoundRecord  # (None while the dialog is shut, when nothing reads it)
    seats: list[Seat]
    marks: list[review.Mark] | None
    expert: list[int] | None

    def __init__(self, state: State) -> None:
        self.state = state  # its settings and its store
        self.dialog = el["review"]
        self.record, self.at, self.seats = None, 0, []  # type: ignore[assignment]
        self.levels: list[str] = []
        self.marks, self.expert = None, None
        self.task: asyncio.Task[None] | None = None  # the marks and the expert's replay being worked out
        self.summary_task: asyncio.Task[None] | None = None  # the daily deal's expert line in the round's end dialog
        # The round's end in one line (#round-lesson, #over-lesson): its round, the line's id, and the game it is of.
        self.lesson: tuple[review.RoundRecord, str, str] | None = None
        self.lesson_task: asyncio.Task[None] | None = None  # its marks being worked out
        self.game_id: str | None = None  # the game of the round in review (None: a record's, not the person's play)
        # On the document: a focused button that gets disabled (at either end) leaves the focus on the body.
        document.addEventListener("keydown", create_proxy(self.on_key))
        self.dialog.addEventListener("close", create_proxy(self.on_close))
        for name in ("round-summary", "game-over"):
            el[name].addEventListener("close", create_proxy(lambda _event: self.stop_summary()))
            el[name].addEventListener("close", create_proxy(lambda _event: self.summary_closed()))

    @property
    def say(self) -> Say:
        say = self.state.settings.say
        return say if self.record is None else say.dealing(self.record.rules.ranks)  # (None while shut)

    # --- open, step, close -----------------------------------------------------------------------------
    def open_game(self, game: Game, levels: Sequence[str]) -> None:
        """The round just played (or being played) in ``game``."""
        self.open(review.RoundRecord.of_game(game), levels, game_id=stats.game_of(game))

    def open_replay(self, replay: "Replay", number: int, levels: Sequence[str]) -> None:
        """Round ``number`` of a game record opened in the game log."""
        self.open(review.round_of_replay(replay, number), levels)

    def open(
        self, record: review.RoundRecord, levels: Sequence[str], at: int | None = None, game_id: str | None = None
    ) -> None:
        """Show ``record`` (a round of the game ``game_id``, None for a record's) at move ``at`` (None: after its last
        move) and start working out what is missing."""
        self.stop()
        if self.lesson is not None and self.lesson[0] == record:
            self.stop_lesson_work()  # (the review works the same marks out, and shows the lesson when it has them)
        self.record, self.levels, self.game_id = record, list(levels), game_id
        self.seats = record.seats_of_moves()
        self.at = len(record.log) if at is None else at
        self.marks = self.kept().marks(record)
        self.expert = self.kept().expert(record, self.levels) if record.finished else None
        say = self.say
        el["review-title"].textContent = say("review_title", n=record.number)
        self.draw()
        open_modal("review")
        el["review-prev" if self.at else "review-next"].focus()
        if self.marks is None:
            self.show_progress("review-progress", "marks_working", 0)
        if self.expert is None and record.finished:
            self.show_progress("expert-progress", "expert_working", 0)
        self.start(self.work_out())

    def go(self, at: int) -> None:
        self.at = min(max(at, 0), len(self.record.log))
        self.draw()

    def on_click(self, button: Any) -> None:
        if button.id in ("review-prev", "review-next"):
            self.go(self.at + (1 if button.id == "review-next" else -1))
        elif button.hasAttribute("data-move"):  # (not the dialog's Close: Pyodide raises on a missing dataset key)
            self.go(int(button.dataset.move) + 1)  # the table just after that choice
            # The board is above the marks, at the top of what scrolls: on a phone it is scrolled out of sight, so
            # bring it (and the move's line over it) into view, or the tap would seem to do nothing.
            self.dialog.querySelector(".body").scrollTop = 0

    def on_key(self, event: Any) -> None:
        if not self.dialog.open or event.ctrlKey or event.metaKey or event.altKey:
            return
        if not is_none(event.target.closest("select, input")):
            return
        if event.key in KEYS:
            self.go(self.at + KEYS[event.key])
        elif event.key in ("Home", "End"):
            self.go(0 if event.key == "Home" else len(self.record.log))
        else:
            return
        event.preventDefault()

    def on_close(self, _event: Any) -> None:
        if self.dialog.open:  # the close event comes a task late: already opened again, on another round
            return
        self.stop()
        if self.lesson is not None and self.lesson_task is None and self.kept().marks(self.lesson[0]) is None:
            self.start_lesson()  # (closed before its marks were done: the round's end works them out again)
        self.record = None  # type: ignore[assignment]
        for name in ("review-table", "review-marks"):
            el[name].innerHTML = ""

    def start(self, coroutine: Coroutine[Any, Any, None]) -> None:
        self.task = asyncio.ensure_future(coroutine)
        self.task.add_done_callback(self.report_failure)

    def report_failure(self, task: asyncio.Future[None], shown_in: str = "review-progress-text") -> None:
        """A failure stops only the review's work; the game never depended on it."""
        if not task.cancelled() and task.exception() is not None:
            window.console.error(f"Sixes: the review stopped: {task.exception()!r}")
            el[shown_in].textContent = self.say("review_failed")

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    # --- kept in storage -------------------------------------------------------------------------------
    def kept(self) -> review.ReviewStore:
        return review.ReviewStore(self.state.store.get(review.REVIEW_KEY))

    def keep(self, put: Callable[[review.ReviewStore], object]) -> None:
        store = self.kept()
        put(store)
        self.state.store.keep(review.REVIEW_KEY, store.to_json())  # a browser that keeps nothing works it out again

    # --- the work, in slices ---------------------------------------------------------------------------
    async def work_out(self) -> None:
        """The marks, then the expert's replay: one after the other, so each slice is one piece of work."""
        if self.marks is None:
            await self.work_out_marks()
        if self.expert is None and self.record.finished:
            await self.work_out_expert()

    async def work_out_marks(self) -> None:
        record = self.record
        work = review.Marking(record)
        await worked_out(work, lambda done: self.show_progress("review-progress", "marks_working", done))
        self.marks = work.marks
        self.marked(record, work.marks, self.game_id)
        self.draw()
        timing_mark("sixes-review-marks")  # for bench/review.py

    async def work_out_expert(self) -> None:
        record, levels = self.record, self.levels
        work = review.ExpertPlay(record, levels)
        await worked_out(work, lambda done: self.show_progress("expert-progress", "expert_working", done))
        self.expert = work.results
        self.keep(lambda store: store.put_expert(record, levels, work.results))
        self.draw()
        timing_mark("sixes-review-expert")

    def show_progress(self, name: str, key: str, done: float) -> None:
        bar = el[name]
        bar.hidden = False
        bar.value = round(done * 100)
        el[f"{name}-text"].textContent = self.say(key, percent=round(done * 100))

    # --- drawing ---------------------------------------------------------------------------------------
    def draw(self) -> None:
        record, say, names = self.record, self.say, self.state.settings.names
        r = record.at(self.at)
        total = len(record.log)
        el["review-step"].textContent = say("replay_step", n=self.at, total=total)
        back, forward = el["review-prev"], el["review-next"]
        back.disabled, forward.disabled = self.at == 0, self.at == total
        if document.activeElement in (back, forward) and document.activeElement.disabled:
            (forward if back.disabled else back).focus()  # the focus stays on a button that steps
        if self.at:
            entry = record.log[self.at - 1]
            move = Move(self.seats[self.at - 1], EVERY_CARD[entry] if entry >= 0 else None, int(entry == PAID_PASS))
            line = table.narrate(move, names, say, record.rules)
        else:
            line = table.dealt_text(record.number, record.dealer, names, say)
        el["review-move"].textContent = line
        mark = self.mark_of(self.at - 1)
        best = EVERY_CARD[mark.best] if mark is not None and mark.best != mark.played and not mark.tied else None
        el["review-table"].innerHTML = self.table_html(r, best)
        self.draw_marks(mark)
        self.draw_expert()

    def mark_of(self, move: int) -> review.Mark | None:
        return next((mark for mark in self.marks or [] if mark.move == move), None)

    def table_html(self, r: Round, best: Card | None) -> str:
        """The table as it stood: columns and pot, then every seat with its chips (or points) and its hand face up."""
        say, names = self.say, self.state.settings.names
        seats = []
        for seat, hand in enumerate(r.hands):
            count = hand.bit_count()
            acting = ' aria-current="true"' if r.winner < 0 and seat == r.turn else ""
            cards = "".join(
                f'<span class="card{" best" if card == best and seat == review.PERSON else ""}" '
                f'data-card="{card}" data-suit="{card.suit}">{table_html.card_face(str(card), say)}</span>'
                for card in cards_of(hand)
            )
            # (a game of points shows its points where Sixes shows chips, as the table does)
            kind, score = ("points", r.points[seat]) if r.rules.keeps_points else ("chips", r.chips[seat])
            counts = f"{say(kind, score)}, {say('cards', count)}"
            seats.append(
                f'<li data-seat="{seat}" data-{kind}="{score}" data-cards="{count}"{acting}>'
                f'<span class="who">{escape(names[seat])}{" ★" if r.winner == seat else ""}</span>'
                f'<span class="{kind}" aria-hidden="true">{score}</span>'
                f'<span class="sr-only">{escape(counts)}</span><span class="review-hand">{cards}</span></li>'
            )
        return f'{centre_html(r, say)}<ol class="review-seats">{"".join(seats)}</ol>'

    def draw_marks(self, here: review.Mark | None) -> None:
        say, names = self.say, self.state.settings.names
        items = el["review-marks"]
        text = el["review-progress-text"]
        bar = el["review-progress"]
        if self.marks is None:
            items.innerHTML = ""
            return
        bar.hidden = True
        text.textContent = "" if self.marks else say("marks_none")
        costly = {mark.move for mark in review.flagged(self.marks)}
        rows = []
        for mark in self.marks:
            why = ""
            if mark.move in costly:
                found = review.reason(self.record, mark)
                why = f'<span class="why">{escape(review.reason_text(found, names, say))}</span>'
            current = ' aria-current="true"' if mark is here else ""
            kind = (
                "best"
                if mark.best == mark.played
                else "tied"
                if mark.tied
                else "costly"
                if mark.move in costly
                else "other"
            )
            rows.append(
                f'<li class="{kind}"><button type="button" class="mark" data-move="{mark.move}"{current}>'
                f"{escape(review.mark_text(self.record, mark, say))}</button>"
                f'<small class="figures">{escape(review.mark_figures(mark, say))}</small>{why}</li>'
            )
        items.innerHTML = "".join(rows)

    def draw_expert(self) -> None:
        say = self.say
        line = el["expert-progress-text"]
        section = el["review-expert"]
        section.hidden = not self.record.finished
        if self.expert is None:
            return
        el["expert-progress"].hidden = True
        line.textContent = expert_line(self.record, self.expert, say)

    # --- a round's end in one line, and its mistakes kept to practise ----------------------------------------------
    def lesson_line(self, game: Game, line_id: str) -> None:
        """Under a round's (or the game's) summary, the round in one line (``review.lesson_text``): at once if its
        marks are kept, else once they are worked out between paints (never holding up the next deal)."""
        self.stop_lesson()
        self.lesson = (review.RoundRecord.of_game(game), line_id, stats.game_of(game))
        el[line_id].hidden = True
        marks = self.kept().marks(self.lesson[0])
        if marks is None:
            self.start_lesson()
        else:
            self.show_lesson(marks)

    def start_lesson(self) -> None:
        assert self.lesson is not None
        record, line_id, game_id = self.lesson
        self.lesson_task = asyncio.ensure_future(self.work_out_lesson(record, game_id))
        self.lesson_task.add_done_callback(lambda task: self.report_failure(task, f"{line_id}-text"))

    async def work_out_lesson(self, record: review.RoundRecord, game_id: str) -> None:
        work = review.Marking(record)
        await worked_out(work, lambda _done: None)
        self.lesson_task = None
        self.marked(record, work.marks, game_id)

    def show_lesson(self, marks: Sequence[review.Mark]) -> None:
        assert self.lesson is not None
        record, line_id, _ = self.lesson
        text = review.lesson_text(record, marks, self.state.settings.names, self.say)
        el[f"{line_id}-text"].textContent = text
        review_it = el[f"{line_id}-review"]
        missed = [mark for mark in marks if not mark.tied and mark.best != mark.played]
        review_it.hidden = not missed
        if missed:  # (the review opens just after that choice)
            review_it.dataset.move = max(missed, key=lambda mark: mark.cost).move
        el[line_id].hidden = not text

    def stop_lesson_work(self) -> None:
        if self.lesson_task is not None:
            self.lesson_task.cancel()
            self.lesson_task = None

    def stop_lesson(self) -> None:
        self.stop_lesson_work()
        self.lesson = None

    def summary_closed(self) -> None:
        """A round's end closed: a lesson still being worked out stops; one shown stays, since the summary may be shown
        again (a browser lets a second Escape close it, and the controller opens it again) and its "Review it" must
        still answer."""
        if self.lesson_task is not None:
            self.stop_lesson()

    def open_lesson(self, levels: Sequence[str]) -> None:
        """The lesson's "Review it": the round's review, just after its costliest choice."""
        if self.lesson is None:
            return
        record, line_id, game_id = self.lesson
        self.open(record, levels, int(el[f"{line_id}-review"].dataset.move) + 1, game_id)

    def marked(self, record: review.RoundRecord, marks: list[review.Mark], game_id: str | None) -> None:
        """A round's marks, worked out: kept, its clear mistakes kept to practise (and, for a round of the person's
        game, its choices counted game by game), and shown as its lesson if that round's end is waiting for them."""
        self.keep(lambda store: store.put_marks(record, marks))
        kept = practise.PractiseStore(self.state.store.get(practise.PRACTISE_KEY))
        kept.keep_round(game_id, record, marks)
        self.state.store.keep(practise.PRACTISE_KEY, kept.to_json())
        if self.lesson is not None and self.lesson[0] == record:
            self.show_lesson(marks)

    # --- the daily deal's round end: the expert's result without opening the review -------------------------
    def summary_line(self, game: Game, levels: Sequence[str], element_id: str) -> None:
        """Under a daily deal's round (or game) summary, the person's chips against the expert's with their cards."""
        self.stop_summary()
        element = el[element_id]
        self.summary_task = asyncio.ensure_future(
            self.work_out_line(review.RoundRecord.of_game(game), list(levels), element)
        )
        self.summary_task.add_done_callback(lambda task: self.report_failure(task, element_id))

    def stop_summary(self) -> None:
        if self.summary_task is not None:
            self.summary_task.cancel()
            self.summary_task = None

    async def work_out_line(self, record: review.RoundRecord, levels: Sequence[str], element: Any) -> None:
        say = self.say
        results = self.kept().expert(record, levels)
        if results is None:
            work = review.ExpertPlay(record, levels)
            await worked_out(
                work, lambda done: setattr(element, "textContent", say("expert_working", percent=round(done * 100)))
            )
            results = work.results
            self.keep(lambda store: store.put_expert(record, levels, results))
        element.textContent = f"{say('expert_title')}: {expert_line(record, results, say)}"


def expert_line(record: review.RoundRecord, results: Sequence[int], say: Say) -> str:
    """'You: +4; the expert with your cards: +2.1 on average (8 games).'"""
    return say(
        "expert_result",
        you=say.number(record.result(), places=0, signed=True),
        expert=say.number(sum(results) / len(results), signed=True),
        games=len(results),
    )


def centre_html(r: Round, say: Say) -> str:
    """The middle of a table as it stood: the four columns, the last card played marked, and the pot."""
    last = r.log[-1] if r.log and r.log[-1] >= 0 else None
    columns = []
    for suit, cards in columns_of(r.played).items():
        inside = "".join(
            f'<span class="card" data-card="{card}" data-suit="{suit}" data-slot="{r.rules.slot[card.index]}"'
            f"{' data-last' if card.index == last else ''}>{table_html.card_face(str(card), say)}</span>"
            for card in cards
        )
        column = table.ColumnView(suit, [(str(card), r.rules.slot[card.index]) for card in cards], [])
        columns.append(
            f'<div class="column" data-column="{suit}" role="group" '
            f'aria-label="{escape(table.column_label(column, say))}">{inside}</div>'
        )
    pot = (
        f'<div class="review-pot" data-chips="{r.pot}" role="group" aria-label="{escape(say("pot"))}">'
        f"<b>{r.pot}</b> <span>{escape(say('pot_caption'))}</span></div>"
    )
    return f'<div class="review-centre">{"".join(columns)}{pot}</div>'
