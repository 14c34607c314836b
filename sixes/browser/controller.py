"""The controller of the page: starts it, and sequences every change to the game: applied, saved (storage.py), drawn
(draw.py, motion.py), and the bots let carry on. input.py turns clicks and keys into its actions; the rooms are given
the state (state.py) and the callbacks they need, never the controller."""

import asyncio
import functools
import traceback
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy
from pyscript import document, window
from pyscript.ffi import is_none

from ..engine import bots
from ..engine.cards import RANKS, Card
from ..engine.game import Game
from ..engine.saves import SaveError
from ..model import links, table
from ..model.keys import BACKUP_KEY, GAME_KEY, GUIDE_KEY, SETTINGS_KEY
from ..model.settings import first_language
from .casual import TakeBacks
from .dialogs import Dialogs
from .draw import Drawing
from .input import Input
from .motion import Motion
from .notices import Notices
from .shared import (
    after_paint,
    deals,
    el,
    hints,
    in_slices,
    js_object,
    on_first_use,
    open_modal,
    painted,
    timing_mark,
    when_idle,
)
from .state import Mode, State
from .storage import Store, Tabs

if TYPE_CHECKING:
    from . import guide as guide_room
    from . import history as history_room
    from . import practise as practise_room
    from . import profile as profile_room
    from . import review as review_room
else:  # the rooms that the first draw does not need, imported when first asked for
    guide_room = on_first_use("sixes.browser.guide")
    history_room = on_first_use("sixes.browser.history")
    practise_room = on_first_use("sixes.browser.practise")
    profile_room = on_first_use("sixes.browser.profile")
    review_room = on_first_use("sixes.browser.review")

STAND_IN = "medium"  # the bot that plays the person's seat at an all-bot table (?bots=all)


def take_url_params() -> dict[str, str]:
    """?seed=, ?speed=, ?lang=, ?bots= (and a shared deal's rules) as a dict, each value cut to a few characters
    (none that the page reads is longer); every parameter is removed from the address bar, so a reload resumes."""
    url = js.URL.new(window.location.href)
    params = url.searchParams
    found = {key: str(params.get(key))[: links.LONGEST] for key in links.PARAMETERS if params.has(key)}
    if url.search:
        url.search = ""
        window.history.replaceState(window.history.state, "", url.href)
    return found


class RealGame:
    """The mode of the real game: saved after every move, casual if dealt so, its forced moves made for the
    person if they asked, the bots thinking in slices, and a round's end shown in its dialog."""

    saved = autoplay = True
    kept_as = None

    def __init__(self, controller: "Controller") -> None:
        self.controller = controller

    @property
    def real(self) -> Game:
        return self.controller.state.game

    @property
    def casual(self) -> bool:
        return self.controller.state.game.casual

    async def bot_card(self, level: str) -> Card | None:
        return await in_slices(bots.thinking(level, self.controller.state.game))

    def round_over(self) -> None:
        self.controller.dialogs.show_round_end()
        state = self.controller.state
        if state.playing and not state.all_bots:  # a round played to its end: the moment to ask to keep it
            asyncio.ensure_future(self.controller.profiles.ask_to_keep())

    def draw(self) -> None:
        pass  # the table says it all

    def hide(self) -> None:
        pass


class Controller:
    """Owns the state; every change goes through here, then is saved and drawn."""

    bots_task: asyncio.Task[None] | None
    save_due: tuple[Game, Mode] | None

    def __init__(self) -> None:
        # While storage refuses a write, the notice says so, until it takes them all (storage.Store keeps them).
        store = Store(lambda refusing: self.notices.stand("not_saving" if refusing else None))
        self.state = state = State(store, Tabs(self.let_go, self.reloaded_elsewhere))
        self.notices = Notices(lambda: self.state.settings.say)
        self.opened_from_menu = False  # the dialog open was opened from the header's controls (the Menu's, on a phone)
        self.focus_due = False  # a game was just dealt: the hand takes the focus once it is the person's turn
        self.result_offered = False  # the table offers a finished game's end again (#show-result)
        self.bots_task = None
        self.drawing = Drawing(state)  # (first: it finds the table's seats and columns, before a review's)
        self.motion = Motion(state, self.drawing)
        self.dialogs = Dialogs(
            state,
            deal=self.deal,
            resume=self.leave_guide,
            change_settings=self.change_settings,
            tell=self.tell,
            announce=self.drawing.announce,
            settle=self.settle,
            expert_line=lambda game, levels, line: self.review.summary_line(game, levels, line),
            lesson=lambda game, line: self.review.lesson_line(game, line),
        )
        self.input = Input(state, self)
        self.take_backs = TakeBacks(state)
        self.real_game = state.mode = RealGame(self)
        self.save_due = None  # (game, mode) of a move drawn whose save waits for its frame to be painted
        self.draw_due = False  # a move's cards are drawn, and the rest of the table waits for that frame's paint
        # A tab closed, reloaded or put away writes what waits at once: no move is lost.
        window.addEventListener("pagehide", create_proxy(lambda _event: after_paint.run()))
        document.addEventListener(
            "visibilitychange", create_proxy(lambda _event: document.hidden and after_paint.run())
        )

    # The rooms that the first draw does not need: made when first asked for.
    @functools.cached_property
    def history(self) -> "history_room.History":
        return history_room.History(
            self.state,
            tell=self.tell,
            storage=lambda: self.profiles.show_storage(),
            with_take_backs=lambda game, lines, results: self.take_backs.log_lines(game, lines, results),
            review=lambda replay, number, levels: self.review.open_replay(replay, number, levels),
        )

    @functools.cached_property
    def review(self) -> "review_room.Review":
        return review_room.Review(self.state)

    @functools.cached_property
    def practise(self) -> "practise_room.Practise":
        return practise_room.Practise(self.state)

    @functools.cached_property
    def profiles(self) -> "profile_room.Profiles":
        return profile_room.Profiles(self.state, self.tell, self.reload_kept)

    # --- start ------------------------------------------------------------
    async def start(self) -> None:
        state = self.state
        asyncio.get_running_loop().set_exception_handler(self.loop_failed)
        params = take_url_params()
        notices: list[str] = []
        link: Game | None = None  # a shared deal (?seed=) that waits for the person's say, a game being in progress
        first_visit = state.store.get(SETTINGS_KEY) is None  # (asked before ?speed= saves any settings)
        # A first visit is taught by a guided deal; a link to a deal (?seed=) plays that deal at once.
        welcome = (
            first_visit
            and state.store.area is not None
            and state.store.get(GAME_KEY) is None
            and "seed" not in params
            and params.get("bots") != "all"
        )
        asked = links.read(params)  # (what a link asks for, each value checked; what cannot be read is named)
        if asked.speed is not None:
            self.change_settings(speed=asked.speed)
            self.motion.silent = asked.speed == "instant"
        if asked.lang is not None:
            self.change_settings(lang=asked.lang)
        elif first_visit:  # speaks the first of the browser's languages that the page speaks
            self.change_settings(lang=first_language(list(window.navigator.languages or [])))
        say = state.settings.say
        notices += [say(word, **blanks) for word, blanks in asked.unread]
        self.drawing.speak()
        state.all_bots = asked.all_bots
        saved: str | None = None
        handed: str | None = None  # the game another tab handed to this one
        if state.all_bots:  # a table to watch, with a game of its own: the person's saved game is left as it was
            state.tabs.stand_aside()
            state.game = state.new_game(asked.seed, deals.rules_from_params(params, state.house_rules()))
        elif not await state.tabs.claim() and asked.seed is None:
            state.game, _ = table.restore(state.store.get(GAME_KEY), state.new_game)  # shown until this tab takes over
        else:
            if not state.playing:  # a link opened beside the tab playing: the game comes here, and the link asks here
                handed = await state.tabs.take()
            elif await state.store.take_newest_copy():  # (the browser was killed before it kept the last save)
                window.console.warn("Sixes: the game's IndexedDB copy was newer than localStorage's: resumed")
            saved = state.store.get(GAME_KEY) if handed is None else handed
            notices.append(self.resume(saved))
            if asked.seed is not None:
                link = state.new_game(asked.seed, deals.rules_from_params(params, state.house_rules()))
                if not table.in_progress(state.game):  # (nothing to lose: the link's deal at once)
                    state.game, link = link, None
                    self.start_stats()
        notices.append(self.take_early_tap())
        if (
            state.game.to_json() != saved or handed is not None
        ):  # (a resumed game is left as it was kept, byte for byte)
            self.save()
        # The first guided deal a reload interrupted goes on (a link's deal replaces it).
        guiding = self.guided_found() if state.playing and not state.all_bots else None
        if guiding is not None and asked.seed is not None:
            state.store.remove(GUIDE_KEY)
            guiding = None
        if (welcome or guiding) and state.playing:
            self.play(*self.guided(first_visit=True, game=guiding))
            self.save()  # (kept at once: a reload at its first step resumes it too)
        self.input.listen()
        self.show_settings()
        self.draw()
        self.tell(" ".join(filter(None, notices)))
        document.documentElement.dataset.state = "ready"
        timing_mark("sixes-ready")
        self.carry_on()
        when_idle(self.arm_hand)
        if link is not None:
            self.dialogs.ask_to_replace(functools.partial(self.deal, link))

    def arm_hand(self) -> None:
        """A tap on a playable card is drawn by assets/boot.js in the tap's own task (sixesHand), and played here once
        that frame is painted; armed once the page is idle after its start, with the audio context made."""
        self.motion.prepare()
        hand = window.sixesHand
        hand.audio, hand.flight = self.motion.audio, self.motion.duration()
        hand.play = create_proxy(self.play_tapped)

    def play_tapped(self, card: str, moves: int) -> None:
        """The card sixesHand drew as played, its frame now painted: played, if the game is still the one tapped on
        (``moves`` long, the person's turn), else its drawing is undone."""
        self.input.pressed(by_keyboard=False)
        drawn = self.drawing.columns[card[1]].querySelector(f'[data-card="{card}"]')
        game = self.state.game
        if moves != len(game.history) or game.turn != 0 or card not in map(str, game.legal_moves()) or is_none(drawn):
            if not is_none(drawn):
                drawn.remove()
            self.drawing.forget()
            self.draw()
            return
        self.drawing.adopt(card, drawn)
        self.move(card, chosen=True, drawn=True)
        self.carry_on()

    def take_early_tap(self) -> str:
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
            state.game.play(Card.parse(tap.card))
            self.drawing.announce(table.narrate(state.game.history[-1], state.settings.names, state.settings.say))
            return ""
        return state.settings.say("early_tap_back")

    def resume(self, saved: str | None) -> str:
        """Play on from the text ``saved`` (None: a new game). A save that cannot be loaded is kept
        under BACKUP_KEY and a new game begins; returns what to tell the person ("" if nothing)."""
        self.state.game, problem = table.restore(saved, self.state.new_game)
        if not problem:
            return ""
        assert saved is not None  # (only a save can be refused)
        # Copied, or moved if it cannot be there twice (a save near the storage quota).
        if not self.state.store.set(BACKUP_KEY, saved):
            self.state.store.remove(GAME_KEY)
            self.state.store.keep(BACKUP_KEY, saved)
        window.console.warn(f"Sixes: the saved game was refused: {problem}")  # the details, for the curious
        return self.state.settings.say("unloadable", key=BACKUP_KEY)

    def guided_found(self) -> Game | None:
        """The first guided deal a reload interrupted, if one was being played (and reads as a game)."""
        text = self.state.store.get(GUIDE_KEY)
        if text is None:
            return None
        try:
            return Game.from_json(text)
        except SaveError:
            self.state.store.remove(GUIDE_KEY)
            return None

    def show_settings(self) -> None:
        """The header's controls as the settings are."""
        settings = self.state.settings
        el["autoplay"].checked = settings.autoplay
        el["sound"].setAttribute("aria-pressed", str(settings.sound).lower())
        el["show-lacks"].setAttribute("aria-pressed", str(settings.show_lacks).lower())
        el["speed"].value = settings.speed
        el["theme"].value = settings.theme
        el["card-size"].value = settings.card_size
        window.sixesLooks(
            settings.theme, settings.card_size
        )  # (assets/first.js; it applied the saved ones at first paint)

    def reload_kept(self, texts: Mapping[str, str | None]) -> None:
        """Read all that is kept again (a profile was loaded, here or in another tab: ``texts`` by key) and play
        or show it."""
        self.state.store.forget()  # (what storage refused is older than the profile)
        self.state.read_kept(texts)
        self.take_backs = TakeBacks(self.state)
        for name in ("round-summary", "game-over", "setup"):
            el[name].close()
        self.play(table.restore(texts.get(GAME_KEY), self.state.new_game)[0])
        self.show_settings()
        self.drawing.speak()
        self.draw()
        self.carry_on()  # (a game loaded at a round's end shows it again)

    def reloaded_elsewhere(self, texts: Mapping[str, str | None]) -> None:
        self.reload_kept(texts)
        self.tell(self.state.settings.say("profile_elsewhere"))

    def play(self, game: Game, mode: Mode | None = None) -> None:
        """From now on play ``game`` in ``mode`` (None: as the real game): the bots stop, a guided deal ends."""
        self.stop_bots()
        if self.state.mode.kept_as is not None:  # (the first guided deal ends: a reload plays the real game)
            self.state.store.remove(self.state.mode.kept_as)
        self.state.mode.hide()
        self.state.mode, self.state.game = mode or self.real_game, game

    def deal(self, game: Game, notice: str = "") -> None:
        """A new real game, from the new-game dialog, the daily deal or a shared deal: saved, counted as begun in the
        statistics, drawn, and played, the hand taking the focus (so the arrow keys play at once)."""
        self.play(game)
        self.save()
        self.start_stats()
        el["round-summary"].close()
        self.tell("")  # (what was said of the game before goes with it)
        self.tell(notice)
        self.focus_due = True
        self.draw()
        self.carry_on()

    def start_stats(self) -> None:
        """The game just dealt begins in the statistics: "This game" charts it from now on, "Last game" the one before."""
        if self.state.all_bots:
            return  # (not the person's game)
        self.state.stats.start_game(self.state.game, dealt=True)
        self.state.keep_stats()

    def show_result(self) -> None:
        """The finished game's end again (#show-result, once its dialog was closed), in the words of now."""
        if self.state.game.over and self.state.mode is self.real_game:
            self.state.mode.round_over()

    def guided(self, first_visit: bool = False, game: Game | None = None) -> tuple[Game, "guide_room.GuidedDeal"]:
        """The guided deal, standing in for the game in progress (on a first visit, a fresh deal; ``game``: the
        first visit's guided deal as a reload found it)."""
        guided = guide_room.GuidedDeal(self.state, self.state.mode.real, first_visit, self.drawing.announce, game)
        return guided.game, guided

    def begin_guide(self) -> None:
        """ "How to play": the guided deal, which gives back the game in progress at its end."""
        self.play(*self.guided())
        self.draw()
        self.carry_on()

    def leave_guide(self) -> None:
        """Skip, or the end of the guided deal: the real game plays on from where it was."""
        self.play(self.state.mode.real)
        self.focus_due = self.focus_due or self.state.by_keyboard  # (a card of the hand, once it is the person's turn)
        self.draw()
        # A screen reader hears what the table says now, not the guide's last words.
        el["announce"].replaceChildren()
        self.drawing.announce(" ".join(filter(None, (el["round-label"].textContent, el["status"].textContent))))
        self.carry_on()

    # --- storage and settings ------------------------------------------------
    def save(self) -> None:
        self.keep_game(self.state.game, self.state.mode)

    def save_soon(self) -> None:
        """Save the move just drawn once its frame is painted (after_paint): not in the task of the click.
        The game of the move is saved, even if by then a guided deal stands in for it."""
        self.save_due = self.state.game, self.state.mode
        after_paint(lambda: self.save_due and self.keep_game(*self.save_due))

    def keep_game(self, game: Game, mode: Mode, playing: bool | None = None) -> None:
        self.save_due = None  # the newest state is written: a save still waiting would add nothing
        # A tab that is not playing the game never writes it; the guided deal is never saved over it.
        if not (self.state.playing if playing is None else playing):
            return
        if mode.saved:
            self.state.store.keep(self.state.game_key, game.to_json())
        elif mode.kept_as is not None:
            self.state.store.keep(mode.kept_as, game.to_json())

    def change_settings(self, **changes: object) -> None:
        self.state.settings = self.state.settings.updated(**changes)
        self.state.store.keep(SETTINGS_KEY, self.state.settings.to_json())

    def change_words(self, **changes: object) -> None:
        """The language or the deck changed: the page's words and the table drawn again in them."""
        self.change_settings(**changes)
        self.drawing.speak()
        self.notices.respeak()
        self.redraw()

    def change_autoplay(self, on: bool) -> None:
        """Forced moves made for the person, or not: one may be due now."""
        self.change_settings(autoplay=on)
        self.draw()
        self.carry_on()

    def tell(self, message: str) -> None:
        """Show ``message`` in the notice ("": the notice shown is done with): notices.py."""
        self.notices.tell(message)

    def dialog_closed(self, event: Any) -> None:
        """Any dialog closed: a notice that waited may show, and the focus goes back where the person can go on from,
        never to the page's body: the Menu's button for a dialog opened from the phone's Menu (its item closed with
        the menu), "See the result" for the game's end, else the hand (a question a link raised had no opener)."""
        self.notices.show()
        active, still_open = document.activeElement, not is_none(document.querySelector("dialog[open]"))
        # (At the close event the focus may still be on the closed dialog's button, about to fall back to the page.)
        lost = (is_none(active) or active == document.body or event.target.contains(active)) and not still_open
        if event.target == el["round-summary"]:
            self.keep_round_end()
        elif event.target == el["game-over"]:
            self.dialogs.carry_practise(to_the_end=False)
            self.settle()  # (the table offers the result again)
        if lost:
            self.focus_after_dialog(event.target)
        if not still_open:
            self.opened_from_menu = False
            document.documentElement.classList.remove("dialog-open")

    def focus_after_dialog(self, dialog: Any) -> None:
        """Where the focus goes when a closed dialog would leave it on the page's body (dialog_closed)."""
        if self.opened_from_menu and not is_none(el["menu-button"].offsetParent):
            el["menu-button"].focus()
        elif dialog == el["game-over"] and not el["show-result"].hidden:
            el["show-result"].focus()
        elif is_none(document.querySelector("dialog[open]")):
            first = el["hand"].querySelector("button:enabled")
            (el["pass"] if is_none(first) else first).focus(js_object({"preventScroll": True}))

    def keep_round_end(self) -> None:
        """A round's summary closed with the round still over (a browser lets a third Escape through): shown again,
        since the game goes on only through its "Deal the next round"."""
        game = self.state.game
        if self.state.mode is self.real_game and self.state.playing and game.round_over and not game.over:
            open_modal("round-summary")

    # --- drawing ----------------------------------------------------------
    def draw(self) -> None:
        self.draw_due = False  # (the whole table is drawn: a draw still waiting would add nothing)
        self.drawing.draw()
        self.state.mode.draw()
        self.take_backs.draw()
        self.settle()

    def draw_soon(self) -> None:
        """Draw the whole table once the frame being drawn is painted (a move draws its cards at once), and only then
        say the table is settled, so no one waits on a stale "you". Moves made meanwhile share the one draw."""
        if self.state.mode is self.real_game:
            document.documentElement.dataset.turn = "bots"
        if not self.draw_due:
            self.draw_due = True
            after_paint(lambda: self.draw_due and self.draw())  # (draw() clears draw_due)

    def settle(self) -> None:
        """Write who the table waits for on <html> (the settled marker of docs/testing.md). A round's end counts
        once its summary is open, so whoever sees "round-over" can click in it."""
        state, root = self.state, document.documentElement
        game = state.game
        # A finished game's end, closed by the person: the table offers it again, and waits for them.
        ended = state.mode is self.real_game and game.over and self.dialogs.shown_end is game
        offered = ended and not el["game-over"].open
        if offered != self.result_offered:  # (written only when it changes: a write restyles, settle runs each draw)
            self.result_offered = offered
            el["show-result"].hidden = not offered
            el["show-result"].closest(".you").classList.toggle("ended", offered)  # (Pass and Hint give way)
        if state.mode is not self.real_game:
            turn = "guide"
        elif game.round_over and el["game-over"].open or ended:
            turn = "game-over"
        elif game.round_over and el["round-summary"].open:
            turn = "round-over"
        else:
            turn = "you" if state.waiting_for_person() else "bots"
        root.dataset.turn, root.dataset.moves = turn, len(game.history)
        if turn == "you":
            # What a tap's flight needs, kept with the table too (the speed may have changed).
            window.sixesHand.ranks, window.sixesHand.flight = RANKS, self.motion.duration()
        if self.focus_due and turn in ("you", "bots"):
            self.focus_hand(turn == "you")
        self.keep_table()

    def focus_hand(self, your_turn: bool) -> None:
        """After a deal the focus leaves the dialog's opener for the hand: its first playable card once it is the
        person's turn (or Pass, if no card can be played); until then the page itself, from which the arrow keys
        reach the hand."""
        if your_turn:
            self.focus_due = False
            first = el["hand"].querySelector("button:enabled")
            (el["pass"] if is_none(first) else first).focus(js_object({"preventScroll": True}))
        elif not is_none(document.activeElement) and document.activeElement != document.body:
            document.activeElement.blur()

    def keep_table(self) -> None:
        """The real game's table as last drawn, for the next visit to show before Python is up (assets/boot.js keeps
        it once the page is idle, so never in a click's task)."""
        early = getattr(window, "sixesTable", None)
        if early is not None and self.state.playing and self.state.mode.saved and not self.state.all_bots:
            early.keep(self.state.table_key())

    def redraw(self) -> None:
        """Draw again in new words or a new deck, the round's end too if it is showing: the game goes on as it was."""
        self.draw()
        if self.state.game.round_over and (el["round-summary"].open or el["game-over"].open):
            self.state.mode.round_over()

    # --- turns ------------------------------------------------------------
    def carry_on(self) -> None:
        """Let the bots (and any automatic move) play until the person must choose or the round ends."""
        if not self.state.playing:
            return
        if self.bots_task is None or self.bots_task.done():
            self.bots_task = asyncio.ensure_future(self.play_bots())
            self.bots_task.add_done_callback(self.report_failure)

    def stop_bots(self) -> None:
        if self.bots_task is not None:
            self.bots_task.cancel()  # the bots stop at their next pause
            self.bots_task = None  # (a cancelled task is not done() until then)

    async def play_bots(self) -> None:
        state = self.state
        game = state.game
        while not game.round_over:
            if game.turn == 0 and not state.all_bots:
                if state.waiting_for_person():
                    return
                await asyncio.sleep(max(state.delay, 0.2))  # long enough to see what is happening
                legal = game.legal_moves()
                self.move(legal[0] if legal else None)
                continue
            await asyncio.sleep(state.delay)
            card = await state.mode.bot_card(state.settings.levels[game.turn - 1] if game.turn else STAND_IN)
            await asyncio.sleep(0)  # draw in a task of its own, so no single task runs long
            self.move(card)
        await painted()  # the last card, and the table settled after it, show before the round's end is worked out
        state.mode.round_over()

    def report_failure(self, task: asyncio.Future[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            window.console.error(f"Sixes: the bots stopped: {task.exception()!r}")
            self.tell(self.state.settings.say("bots_failed"))

    def failed(self, error: BaseException) -> None:
        """What the person asked for (a click, a file, a key) stopped with an error: the room's edge. It is said in a
        sentence, the details go to the console, and the table plays on: no traceback over the hand."""
        window.console.error("Sixes: " + "".join(traceback.format_exception(error)))
        self.tell(self.state.settings.say("went_wrong"))
        self.carry_on()

    def task_failed(self, task: "asyncio.Future[Any]") -> None:
        """A task started for the person ended with an error (a cancelled one is no failure)."""
        if not task.cancelled() and task.exception() is not None:
            self.failed(task.exception())  # type: ignore[arg-type]  # (checked: not None)

    def loop_failed(self, _loop: object, context: dict[str, Any]) -> None:
        """The last guard: an error no task's callback heard (the event loop's own handler would print it in red)."""
        error = context.get("exception")
        self.failed(error if isinstance(error, BaseException) else RuntimeError(context.get("message", "")))

    def move(self, card: Card | str | None, chosen: bool = False, drawn: bool = False) -> None:
        """The seat to act plays ``card`` (None: passes): its cards drawn at once, the rest once that frame is painted.
        The person's choice (``chosen``) is saved after that paint, to keep the tap's task short; a bot's at once, so
        the person's turn is never shown before its save. ``drawn``: boot.js has already laid the card."""
        state = self.state
        seat = state.game.turn
        card = None if card is None else Card.parse(card)
        flight = None if drawn else self.motion.measure(seat, card)
        if card is None:
            state.game.pass_turn()
        else:
            state.game.play(card)
        move = state.game.history[-1]
        # (Announced before what the drawing announces, such as the guided deal's next step.)
        self.drawing.announce(table.narrate(move, state.settings.names, state.settings.say))
        self.drawing.draw(cards_only=True)
        self.motion.sound_of(move)
        self.motion.travel(move, flight)
        self.draw_soon()
        if chosen:
            self.save_soon()
        else:
            self.save()

    def person_moves(self, card: str | None) -> None:
        # A stale or doubled click arrives after the move it asked for: the checks drop it.
        state = self.state
        if not state.waiting_for_person():
            return
        legal = [str(c) for c in state.game.legal_moves()]
        if (card is None and legal and not state.game.may_pass) or (card is not None and card not in legal):
            return
        self.move(card, chosen=True)
        self.carry_on()

    def take_back(self) -> None:
        """A casual game's take-back: the person's last real choice undone, and the bots play on from there."""
        if not self.take_backs.allowed():
            return
        self.stop_bots()
        line = self.take_backs.undo()
        self.save()
        self.focus_due = self.focus_due or self.state.by_keyboard  # (its button goes: the hand takes the focus)
        self.draw()
        self.drawing.announce(line)
        self.carry_on()

    def show_hint(self) -> None:
        if not self.state.waiting_for_person():
            return
        # The expert plays out a few hundred deals: in slices, so the page keeps drawing meanwhile.
        game = self.state.game
        task = asyncio.ensure_future(self.work_out_hint(game, len(game.history)))
        task.add_done_callback(self.task_failed)

    async def work_out_hint(self, game: Game, moves: int) -> None:
        hint = await in_slices(hints.hinting(game))
        if game is not self.state.game or len(game.history) != moves:
            return  # a move was made meanwhile: the hint was for a table that is gone
        stats = self.state.stats
        stats.start_game(game)
        stats.hint_used(game)
        self.state.keep_stats()
        el["status"].textContent = table.hint_text(hint, self.state.settings.say)
        if hint.card is not None:
            el["hand"].querySelector(f'[data-card="{hint.card}"]').classList.add("hinted")

    def next_round(self) -> None:
        game = self.state.game
        if not game.round_over or game.over or not self.state.playing:
            return
        game.next_round()
        self.save()
        el["round-summary"].close()
        self.draw()
        self.carry_on()

    # --- another tab ------------------------------------------------------
    def let_go(self) -> str:
        """Another tab takes the game: stop here at once, show the table as it stands, return its save."""
        window.sixesHand.flush()  # a card tapped and laid is played first (play_tapped)
        if self.save_due:  # the last move is written here before the game goes: no tab misses a move
            self.keep_game(*self.save_due, playing=True)
        self.state.store.forget(GAME_KEY)  # (a write refused here is older than what the other tab will write)
        self.play(self.state.mode.real)
        for name in ("round-summary", "game-over", "setup"):
            el[name].close()
        self.draw()
        el["elsewhere"].querySelector("button").disabled = False
        return self.state.game.to_json()

    async def take_over(self) -> None:
        """Play the game in this tab from now on, from the newest save (handed over by the tab that had it)."""
        save = await self.state.tabs.take()
        notice = self.resume(self.state.store.get(GAME_KEY) if save is None else save)
        if notice:
            self.tell(notice)
        self.save()
        self.draw()
        self.carry_on()


async def start() -> None:
    await Controller().start()
