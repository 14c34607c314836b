"""What was played: the statistics dialog, and the game log, saved as text or as a game record that "Open a
game record" steps through (and whose rounds the review opens). Imported when one of them is first opened."""

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from html import escape
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window
from pyscript.ffi import is_none

from ..engine.game import Game
from ..model import deals, practise, record, stats
from ..model.words import Say
from .shared import download, el, open_modal
from .state import State


class History:
    """Given the callbacks it needs: ``tell`` the person something, the ``storage`` line of
    the statistics (a coroutine), a game log's lines ``with_take_backs``, and ``review`` a round of a record."""

    replay: record.Replay | None

    def __init__(
        self,
        state: State,
        *,
        tell: Callable[[str], None],
        storage: Callable[[], Coroutine[Any, Any, None]],
        with_take_backs: Callable[[Game, Sequence[str], bool], list[str]],
        review: Callable[["record.Replay", int, Sequence[str]], None],
    ) -> None:
        self.state = state
        self.tell, self.storage = tell, storage
        self.with_take_backs, self.review = with_take_backs, review
        self.replay, self.replay_at = None, 0  # an imported game record being stepped through

    @property
    def say(self) -> Say:
        return self.state.settings.say

    # --- statistics ----------------------------------------------------------
    def show_stats(self) -> None:
        say, kept = self.say, self.state.stats
        daily = deals.DailyRecord(self.state.store.get(deals.DAILY_KEY))
        rows = "".join(
            f'<tr><th scope="row">{escape(label)}</th><td>{value}</td></tr>'
            for label, value in [
                *stats.summary_rows(kept, say, self.state.game.variant),
                *practise.stats_rows(practise.PractiseStore(self.state.store.get(practise.PRACTISE_KEY)), say),
                *deals.daily_rows(daily, say),
            ]
        )
        share = deals.share_line(daily, say)
        el["daily-share"].hidden = not share
        el["daily-share-text"].textContent = share
        el["copy-daily"].textContent = say("copy_daily")
        el["stats-table"].innerHTML = f"<table><tbody>{rows}</tbody></table>"
        current, last = kept.current, kept.last
        unit = "th_points" if self.state.game.rules.keeps_points else "th_chips"
        chart = stats.chart_svg(current, last, say, unit=unit) + stats.chart_table(current, last, say)
        el["stats-chart"].innerHTML = chart
        asyncio.ensure_future(self.storage())
        open_modal("stats")

    def copy_daily(self) -> None:
        """The last daily deal's line on the clipboard, to share (a clipboard may refuse: the line is shown anyway)."""
        clipboard = window.navigator.clipboard
        if not is_none(clipboard):
            clipboard.writeText(el["daily-share-text"].textContent).catch(create_once_callable(lambda _error: None))
        el["copy-daily"].textContent = self.say("daily_copied")

    def reset_stats(self) -> None:
        if window.confirm(self.say("reset_confirm")):
            self.state.stats = stats.Stats()
            self.state.keep_stats()
            self.show_stats()

    # --- the game log, and game records --------------------------------------
    def log_lines(self, game: Game, results: bool = False) -> list[str]:
        lines = record.log_lines(game, self.state.settings.names, self.say, results)
        return self.with_take_backs(game, lines, results)

    def show_game_log(self) -> None:
        self.replay = None
        el["record-error"].hidden = True
        self.show_log()

    def show_log(self) -> None:
        """The current game's log, or an imported record's up to the step shown."""
        game = self.state.game if self.replay is None else self.replay.game_at(self.replay_at)
        items = [f"<li>{escape(line)}</li>" for line in self.log_lines(game)]
        if self.replay is not None:
            items[-1] = items[-1].replace("<li>", '<li class="now">', 1)
            total = len(self.replay.turns)
            el["replay-step"].textContent = self.say("replay_step", n=self.replay_at, total=total)
            el["replay-back"].disabled = self.replay_at == 0
            el["replay-forward"].disabled = self.replay_at == total
            el["review-record-round"].innerHTML = round_choices(self.replay, self.replay_at)
        el["replay"].hidden = self.replay is None
        el["record-review"].hidden = self.replay is None
        log = el["log-list"]
        log.innerHTML = "".join(items)
        open_modal("log")
        # Opened at the latest move (a record's, at the step shown), not at the first round's first.
        now = log.querySelector(".now")
        if is_none(now):
            log.scrollTop = log.scrollHeight
        else:
            log.scrollTop += now.getBoundingClientRect().top - log.getBoundingClientRect().top - log.clientHeight / 2

    def step(self, by: int) -> None:
        assert self.replay is not None  # (the steps are shown only with a record)
        self.replay_at = min(max(self.replay_at + by, 0), len(self.replay.turns))
        self.show_log()

    async def open_record(self, event: Any) -> None:
        files = event.target.files
        if not files.length:
            return
        file = files.item(0)
        event.target.value = ""  # the same file may be opened again
        try:
            if file.size > record.MAX_RECORD_CHARS * 4:  # (read only what could be a record: UTF-8 is ≤ 4 bytes a char)
                raise record.RecordError("not_record", f"{file.size:,} bytes is far too long")
            self.replay, self.replay_at = record.steps_of(await file.text()), 0
        except record.RecordError as error:
            # Said inside the log, where the person is looking; the details for the curious, in the console.
            window.console.warn(f"Sixes: the game record was refused: {error}")
            el["record-error"].textContent = self.say(f"record_{error.reason}")
            el["record-error"].hidden = False
            return
        el["record-error"].hidden = True
        self.show_log()

    def review_record_round(self) -> None:
        assert self.replay is not None  # (its button is shown only with a record)
        number = int(el["review-record-round"].value)
        self.review(self.replay, number, self.state.bot_levels())

    def save_text(self) -> None:
        download("sixes-log.txt", "\n".join(self.log_lines(self.state.game, results=True)) + "\n", "text/plain")

    def save_record(self) -> None:
        download("sixes-game.json", record.to_record(self.state.game), "application/json")


def round_choices(replay: record.Replay, at: int) -> str:
    """The record's rounds as <option>s, the one holding step ``at`` chosen."""
    number = 1 + replay.turns[:at].count("deal")
    return "".join(
        f"<option{' selected' if n == number else ''}>{n}</option>" for n in range(1, replay.turns.count("deal") + 2)
    )
