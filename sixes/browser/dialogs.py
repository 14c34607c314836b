"""The dialogs of a game's course: a round's end and the game's, the new-game dialog with its house rules, the shared
and daily deals, and the question asked before a new deal replaces a game in progress; and where the focus goes when
any dialog closes, or a deal gives it to the hand. (The statistics and the game log are in history.py, the review in
review.py.)"""

from collections.abc import Callable, Sequence
from typing import Any

import js
from pyodide.ffi import create_once_callable
from pyscript import document, window
from pyscript.ffi import is_none

from ..engine.game import Game
from ..engine.variants import variant as variant_rules
from ..model import table, table_html
from ..model.settings import BOT_NAMES, SETTINGS
from .shared import after_paint, deals, el, js_object, open_modal, stats
from .state import RealGame, State

# The New game form's fields that are settings of the same name (the bots' levels are its own: a select a seat).
SETUP_FIELDS = tuple(name for name, row in SETTINGS.items() if row.in_setup)

ExpertLine = Callable[[Game, Sequence[str], str], None]  # (game, its bots' levels, the id of the line to fill)
Lesson = Callable[[Game, str], None]  # (game, the id of the line to fill)


class Dialogs:
    """Given the callbacks of what the person may ask for here: ``deal`` a game (with a notice), ``resume`` the game in
    progress (a guided deal may stand in for it), ``change_settings``, ``tell`` them something, ``announce`` a line
    to a screen reader, ``settle`` once the round's end is all shown, the ``expert_line`` under a daily deal's summary
    and the ``lesson`` of every round's; ``closed`` when any dialog closes (a notice that waited may show)."""

    def __init__(
        self,
        state: State,
        *,
        deal: Callable[[Game, str], None],
        resume: Callable[[], None],
        change_settings: Callable[..., None],
        tell: Callable[[str], None],
        announce: Callable[[str], None],
        settle: Callable[[], None],
        expert_line: ExpertLine,
        lesson: Lesson,
        closed: Callable[[], None],
    ) -> None:
        self.state = state
        self.deal, self.resume, self.change_settings, self.tell = deal, resume, change_settings, tell
        self.announce, self.settle, self.expert_line, self.lesson = announce, settle, expert_line, lesson
        self.closed = closed
        self.shown_end: Game | None = None  # the finished game whose end was shown (closed, the table offers it again)
        self.replacing: Callable[[], None] | None = None  # the new deal waiting for the person's say

    # --- a game in progress is never replaced without the person's say -------------------------------------------
    def ask_to_replace(self, deal: Callable[[], None]) -> None:
        """``deal()`` a new game now if nothing would be lost, else once the person says so (#replace-game): the game
        they really play (a guided deal stands in for it meanwhile) is in progress. "Keep playing" or Escape leaves
        it, its save and the statistics as they were; "Leave it" counts it as left, then deals."""
        state = self.state
        game = state.mode.real
        if not table.in_progress(game):
            deal()
            return
        daily = deals.DailyRecord(state.store.get(deals.DAILY_KEY)).is_daily(game)
        title, text = table.replace_question(game, state.settings, daily)
        el["replace-title"].textContent = title
        el["replace-text"].textContent = text
        if daily:  # (docs/hooks.md: the question says the day's deal is given up)
            el["replace-game"].dataset.leaving = "daily"
        else:
            el["replace-game"].removeAttribute("data-leaving")
        el["replace-game"].returnValue = ""  # (else Escape would repeat the last answer)
        self.replacing = deal
        open_modal("replace-game")

    def on_replace_closed(self, _event: Any) -> None:
        deal, self.replacing = self.replacing, None
        if deal is None or el["replace-game"].returnValue != "accept" or not self.state.playing:
            return
        self.leave(self.state.mode.real)
        deal()

    def leave(self, game: Game) -> None:
        """``game``, unfinished, is left for another: counted as left, and a daily deal's day is over with it."""
        state = self.state  # (a casual game counts nowhere: the statistics and the daily record pass it by)
        if state.all_bots:
            return  # (an all-bot table's game is not the person's)
        state.stats.leave_game(game, stats.table_level(state.bot_levels(game)))
        state.keep_stats()
        self.finish_daily(deals.DailyRecord(state.store.get(deals.DAILY_KEY)), game)

    # --- a round's end, and the game's ----------------------------------------
    def show_round_end(self) -> None:
        """The round's end, or the game's: its dialog filled in now, while it is closed, and opened in a task of its
        own (open_round_end). A modal dialog makes the rest of the page inert, which restyles the whole page: at
        CPU ×4 that is 40 ms of its own, and with the summary's cards laid out in the same task, 90-130 ms."""
        state = self.state
        game, settings = state.game, state.settings
        levels = state.bot_levels()
        daily = deals.DailyRecord(state.store.get(deals.DAILY_KEY))
        # (A day's deal counts its first playing only; an all-bot table's game is not the person's.)
        if not daily.is_replay(game) and not state.all_bots:
            state.stats.record_round(game, stats.table_level(levels))
            state.keep_stats()
        # The game-over dialog, or the round summary: its elements' prefix and its name.
        prefix, name = ("over", "game-over") if game.over else ("summary", "round-summary")
        hands = el[f"{prefix}-hands"]
        say = settings.say.dealing(game.rules.ranks)
        hands.innerHTML = table_html.hands_html(table.round_hands(game, settings.names), say)
        hands.hidden = True  # until the dialog is open (open_round_end)
        is_daily = daily.is_daily(game)
        el[f"{prefix}-expert"].hidden = not is_daily
        if is_daily:  # under the summary, the expert's result with the person's cards
            self.expert_line(game, levels, f"{prefix}-expert")
        el["over-lesson" if game.over else "round-lesson"].hidden = True  # (until the round's is worked out)
        if game.over:
            self.finish_daily(daily, game)
            title, rows = table.standings(game, settings)
            text = table.game_over_text(game, settings)
            self.fill(prefix, title, text, table_html.standings_html(rows, settings.say, game.rules.keeps_points))
        else:
            title, text, rows = table.round_summary(game, settings)
            self.fill(prefix, title, text, table_html.summary_html(rows, settings.say, game.rules.keeps_points))
        window.setTimeout(create_once_callable(lambda: self.open_round_end(game, name, hands, f"{title}. {text}")), 0)

    def open_round_end(self, game: Game, name: str, hands: Any, line: str) -> None:
        """Open the round's (or game's) end that show_round_end filled in, unless the game has moved on since; every
        seat's cards left come in once it is painted, so their layout is not the modal's task too."""
        if self.state.game is not game or not game.round_over:
            return
        open_modal(name)
        if game.over:
            self.shown_end = game
            self.carry_practise(to_the_end=True)
        self.announce(line)
        after_paint(lambda: self.show_hands_left(game, hands))

    @staticmethod
    def carry_practise(to_the_end: bool) -> None:
        """docs/hooks.md's one #open-practise is in the menu and on the game's end: it moves into the game-over dialog while
        that is open, and back to the menu when it closes."""
        el["over-stats" if to_the_end else "menu-stats"].after(el["open-practise"])

    def show_hands_left(self, game: Game, hands: Any) -> None:
        hands.hidden = False
        self.settle()  # (the round's end is all there now)
        if not self.state.all_bots:  # the round's lesson, last: its room is imported when first needed
            self.lesson(game, "over-lesson" if game.over else "round-lesson")

    def fill(self, prefix: str, title: str, text: str, rows_html: str) -> None:
        el[f"{prefix}-title"].textContent = title
        el[f"{prefix}-text"].textContent = text
        el[f"{prefix}-table"].innerHTML = rows_html

    # --- focus, when a dialog closes or a deal is made -------------------------------------------------------------
    def on_closed(self, event: Any) -> None:
        """Any dialog closed: a notice that waited may show, and the focus goes back where the person can go on from,
        never to the page's body: the Menu's button for a dialog opened from the phone's Menu (its item closed with
        the menu), "See the result" for the game's end, else the hand (a question a link raised had no opener)."""
        self.closed()
        active, still_open = document.activeElement, not is_none(document.querySelector("dialog[open]"))
        # (At the close event the focus may still be on the closed dialog's button, about to fall back to the page.)
        lost = (is_none(active) or active == document.body or event.target.contains(active)) and not still_open
        if event.target == el["round-summary"]:
            self.keep_round_end()
        elif event.target == el["game-over"]:
            self.carry_practise(to_the_end=False)
            self.settle()  # (the table offers the result again)
        if lost:
            self.focus_after(event.target)
        if not still_open:
            self.state.opened_from_menu = False
            document.documentElement.classList.remove("dialog-open")

    def focus_after(self, dialog: Any) -> None:
        """Where the focus goes when a closed dialog would leave it on the page's body (on_closed)."""
        if self.state.opened_from_menu and not is_none(el["menu-button"].offsetParent):
            el["menu-button"].focus()
        elif dialog == el["game-over"] and not el["show-result"].hidden:
            el["show-result"].focus()
        elif is_none(document.querySelector("dialog[open]")):
            self.focus_hand(your_turn=True)

    def focus_hand(self, your_turn: bool) -> None:
        """After a deal the focus leaves the dialog's opener for the hand: its first playable card once it is the
        person's turn (or Pass, if no card can be played); until then the page itself, from which the arrow keys
        reach the hand."""
        if your_turn:
            first = el["hand"].querySelector("button:enabled")
            (el["pass"] if is_none(first) else first).focus(js_object({"preventScroll": True}))
        elif not is_none(document.activeElement) and document.activeElement != document.body:
            document.activeElement.blur()

    def keep_round_end(self) -> None:
        """A round's summary closed with the round still over (a browser lets a third Escape through): shown again,
        since the game goes on only through its "Deal the next round"."""
        state = self.state
        game = state.game
        if isinstance(state.mode, RealGame) and state.playing and game.round_over and not game.over:
            open_modal("round-summary")

    def show_result(self) -> None:
        """The finished game's end again (#show-result, once its dialog was closed), in the words of now."""
        if self.state.game.over and isinstance(self.state.mode, RealGame):
            self.state.mode.round_over()

    @staticmethod
    def close(*names: str) -> None:
        for name in names:
            el[name].close()

    @staticmethod
    def is_open(name: str) -> bool:
        return bool(el[name].open)

    # --- a new game and its house rules ---------------------------------------------
    def open_setup(self) -> None:
        settings = self.state.settings
        form = el["setup-form"]
        for name in SETUP_FIELDS:
            field, value = form.elements.namedItem(name), getattr(settings, name)
            if field.type == "checkbox":
                field.checked = value
            else:
                field.value = value
        form.elements.namedItem("name").placeholder = settings.say("you")
        self.show_variant(settings.variant)
        form.elements.namedItem("casual").checked = self.state.mode.casual
        form.querySelector(".levels").innerHTML = table_html.levels_html(settings)
        el["game-over"].close()
        el["setup"].returnValue = ""  # else Escape would repeat the last "Deal"
        open_modal("setup")
        if window.matchMedia("(pointer: coarse)").matches:
            # The name field would take the focus, and a phone's keyboard would cover half the form: Deal takes it.
            form.querySelector("#start-game").focus(js_object({"preventScroll": True}))

    def on_setup_change(self, event: Any) -> None:
        # "All bots" sets every seat (those a smaller table hides too); a seat's own choice makes the table mixed.
        form = el["setup-form"]
        name = event.target.name
        if name == "variant":  # (its own table's size, and what it is in a line)
            form.elements.namedItem("players").value = variant_rules(event.target.value).players
            self.show_variant(event.target.value)
        players = int(form.elements.namedItem("players").value)
        seat_selects = [form.elements.namedItem(f"level-{seat}") for seat in range(1, len(BOT_NAMES) + 1)]
        if name in ("players", "variant"):
            for seat, select in enumerate(seat_selects, start=1):
                select.closest("label").hidden = seat >= players
        elif name == "level-all" and event.target.value:
            for select in seat_selects:
                select.value = event.target.value
        elif name.startswith("level-"):
            values = {select.value for select in seat_selects[: players - 1]}
            form.elements.namedItem("level-all").value = values.pop() if len(values) == 1 else ""

    def show_variant(self, name: str) -> None:
        """The New game form's game of the family, in a line; the starting chips only where it is played for chips."""
        el["variant-about"].textContent = self.state.settings.say("about_" + name.replace("-", "_"))
        el["setup-form"].elements.namedItem("chips").closest("label").hidden = variant_rules(name).keeps_points

    def on_setup_closed(self, _event: Any) -> None:
        state = self.state
        if not state.playing:
            return  # another tab took the game while the dialog was open
        if el["setup"].returnValue == "daily":
            self.daily()
            return
        if el["setup"].returnValue != "start":
            if state.game.over:
                open_modal("game-over")
            return
        data = js.FormData.new(el["setup-form"])
        # The form's choices are read now, and become the settings only with the deal: "Keep playing" keeps them too.
        choices = {name: form_value(data, name, getattr(state.settings, name)) for name in SETUP_FIELDS}
        choices["levels"] = [data.get(f"level-{seat}") for seat in range(1, len(BOT_NAMES) + 1)]
        casual = data.has("casual")

        def deal() -> None:
            self.change_settings(**choices)
            self.deal(state.new_game(casual=casual), "")

        self.ask_to_replace(deal)

    # --- shared and daily deals --------------------------------------------
    def copy_link(self) -> None:
        """Put a link that deals this game again on the clipboard, and show it (a clipboard may refuse)."""
        location = window.location
        url = f"{location.origin}{location.pathname}?{deals.link_query(self.state.game)}"
        clipboard = window.navigator.clipboard
        if not is_none(clipboard):
            clipboard.writeText(url).catch(create_once_callable(lambda _error: None))
        el["setup"].close()
        self.tell(self.state.settings.say("link_ready", url=url))

    def daily(self) -> None:
        """The daily deal asked for: the day's game resumed if it is in progress, else dealt (asked first if another
        game is in progress)."""
        now = js.Date.new()
        date = f"{now.getFullYear()}-{now.getMonth() + 1:02d}-{now.getDate():02d}"
        if deals.DailyRecord(self.state.store.get(deals.DAILY_KEY)).in_progress(self.state.mode.real, date):
            self.tell(self.state.settings.say("daily_resumed"))
            self.resume()  # (a guided deal may stand in for it)
            return
        self.ask_to_replace(lambda: self.start_daily(date))

    def start_daily(self, date: str) -> None:
        """The deal of the person's local ``date``: everyone's is the same, under the standard rules. Dealt again
        after that day's first playing, it counts nowhere (and says so)."""
        state = self.state
        record = deals.DailyRecord(state.store.get(deals.DAILY_KEY))
        seed = record.start(date)
        state.store.keep(deals.DAILY_KEY, record.to_json())
        result, say = record.result(date), state.settings.say
        done = result and say(
            "daily_won" if result["won"] else "daily_played", date=date, chips=say("chips", result["chips"])
        )
        self.deal(
            state.new_game(seed, deals.DAILY_RULES),
            f"{done} {say('daily_again')}" if done else say("daily_label", date=date),
        )

    def finish_daily(self, record: "deals.DailyRecord", game: Game) -> None:
        if record.is_daily(game):
            record.finish(game)
            self.state.store.keep(deals.DAILY_KEY, record.to_json())


def form_value(data: Any, name: str, current: object) -> object:
    """The New game form's field ``name`` as its setting takes it (which checks it): a checkbox's state, a number's
    digits as an int, else the text."""
    if isinstance(current, bool):
        return bool(data.has(name))
    text = str(data.get(name) or "")
    if isinstance(current, int):
        return int(text) if text.isdigit() else None
    return text
