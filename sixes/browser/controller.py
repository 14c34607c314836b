"""The controller of the page: starts it, and sequences every change to the game: applied, saved (storage.py), drawn
(draw.py, motion.py), and the bots let carry on. input.py turns clicks and keys into its actions; the rooms are given
the state (state.py) and the callbacks they need, never the controller."""

import asyncio
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..engine.cards import Card
from ..engine.game import Game
from ..model import links, table
from ..model.keys import GAME_KEY, SETTINGS_KEY
from ..model.settings import SETTINGS
from .casual import TakeBacks
from .dialogs import Dialogs
from .draw import Drawing
from .input import Input
from .motion import Motion
from .notices import Notices
from .opening import asked_settings, guided_found, open_game, resume, welcomed
from .shared import after_paint, hints, in_slices, on_first_use, painted, take_link, when_idle
from .state import Mode, RealGame, State
from .storage import Store, Tabs
from .taps import Taps

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


class Controller:
    """Owns the state; every change goes through here, then is saved and drawn."""

    bots_task: asyncio.Task[None] | None

    def __init__(self) -> None:
        # While storage refuses a write, the notice says so, until it takes them all (storage.Store keeps them).
        store = Store(lambda refusing: self.notices.stand("not_saving" if refusing else None))
        self.state = state = State(store, Tabs(self.let_go, self.reloaded_elsewhere))
        self.notices = Notices(lambda: self.state.settings.say)
        self.bots_task = None
        self.drawing = Drawing(state)  # (first: it finds the table's seats and columns, before a review's)
        self.motion = Motion(state, self.drawing)
        self.dialogs = Dialogs(
            state,
            deal=self.deal,
            resume=self.leave_guide,
            change_settings=self.change_settings,
            tell=self.notices.tell,
            announce=self.drawing.announce,
            settle=self.settle,
            expert_line=lambda game, levels, line: self.review.summary_line(game, levels, line),
            lesson=lambda game, line: self.review.lesson_line(game, line),
            closed=self.notices.show,
        )
        self.input = Input(state, self)
        self.taps = Taps(
            state,
            self.drawing,
            self.motion,
            pressed=lambda: self.input.pressed(by_keyboard=False),
            play=self.tapped,
            draw=self.draw,
        )
        self.take_backs = TakeBacks(state)
        self.real_game = state.mode = RealGame(state, self.round_over)
        self.draw_due = False  # a move's cards are drawn, and the rest of the table waits for that frame's paint

    # The rooms that the first draw does not need: made when first asked for.
    @functools.cached_property
    def history(self) -> "history_room.History":
        return history_room.History(
            self.state,
            tell=self.notices.tell,
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
        return profile_room.Profiles(self.state, self.notices.tell, self.reload_kept)

    # --- start ------------------------------------------------------------
    async def start(self) -> None:
        state = self.state
        asyncio.get_running_loop().set_exception_handler(self.loop_failed)
        params = take_link()
        first_visit = state.store.get(SETTINGS_KEY) is None  # (asked before ?speed= saves any settings)
        welcome = first_visit and welcomed(state, params)
        asked = links.read(params)  # (what a link asks for, each value checked; what cannot be read is named)
        if changes := asked_settings(asked, first_visit, params.get("variant")):
            self.change_settings(**changes)
        self.motion.silent = asked.speed == "instant"
        notices = [state.settings.say(word, **blanks) for word, blanks in asked.unread]
        self.drawing.speak()
        state.all_bots = asked.all_bots
        opening = await open_game(state, asked, params)
        if opening.dealt:
            state.start_stats()
        notices += [*opening.notices, self.taps.take_early()]
        if state.game.to_json() != opening.saved or opening.handed:  # (a resumed game is kept byte for byte)
            self.state.save()
        guiding = guided_found(state, asked)  # (the first guided deal a reload interrupted goes on)
        if (welcome or guiding) and state.playing:
            guided = guide_room.GuidedDeal(state, state.mode.real, True, self.drawing.announce, guiding)
            self.play(guided.game, guided)
            self.state.save()  # (kept at once: a reload at its first step resumes it too)
        self.input.listen()
        self.drawing.show_settings()
        self.draw()
        self.notices.tell(" ".join(filter(None, notices)))
        self.drawing.show_ready()
        self.carry_on()
        when_idle(self.taps.arm)
        if opening.link is not None:
            self.dialogs.ask_to_replace(functools.partial(self.deal, opening.link))

    def tapped(self, card: str) -> None:
        """A card tapped and already drawn in its column (taps.py) is played."""
        self.move(card, chosen=True, drawn=True)
        self.carry_on()

    def round_over(self) -> None:
        """The real game's round has ended: its end shown, and a round played to its end asks to keep the profile."""
        self.dialogs.show_round_end()
        if self.state.playing and not self.state.all_bots:
            asyncio.ensure_future(self.profiles.ask_to_keep())

    def reload_kept(self, texts: Mapping[str, str | None]) -> None:
        """Read all that is kept again (a profile was loaded, here or in another tab: ``texts`` by key) and play
        or show it."""
        self.state.store.forget()  # (what storage refused is older than the profile)
        self.state.read_kept(texts)
        self.take_backs = TakeBacks(self.state)
        self.dialogs.close("round-summary", "game-over", "setup")
        self.play(table.restore(texts.get(GAME_KEY), self.state.new_game)[0])
        self.drawing.speak()
        self.drawing.show_settings()
        self.draw()
        self.carry_on()  # (a game loaded at a round's end shows it again)

    def reloaded_elsewhere(self, texts: Mapping[str, str | None]) -> None:
        self.reload_kept(texts)
        self.notices.tell(self.state.settings.say("profile_elsewhere"))

    def play(self, game: Game, mode: Mode | None = None) -> None:
        """From now on play ``game`` in ``mode`` (None: as the real game): the bots stop, a guided deal ends."""
        self.stop_bots()
        if self.state.mode.kept_as is not None:  # (the first guided deal ends: a reload plays the real game)
            self.state.store.remove(self.state.mode.kept_as)
        self.state.mode.hide()
        self.state.mode, self.state.game = mode or self.real_game, game

    def deal(self, game: Game, notice: str = "") -> None:
        """A new real game (New game, the daily deal, a link): saved, counted as begun, drawn, played, hand focused."""
        spanish = game.variant == "cinquillo" != self.state.game.variant and self.state.settings.deck == "french"
        self.play(game)
        if spanish:  # (Cinquillo's own suits, set as the header's picker sets them, once the new game is the one drawn)
            self.change_setting("deck", "spanish")
        self.state.save()
        self.state.start_stats()
        self.dialogs.close("round-summary")
        self.notices.tell("")  # (what was said of the game before goes with it)
        self.notices.tell(notice)
        self.state.focus_due = True
        self.draw()
        self.motion.ante()
        self.carry_on()

    def begin_guide(self) -> None:
        """ "How to play": the guided deal, which gives back the game in progress at its end."""
        guided = guide_room.GuidedDeal(self.state, self.state.mode.real, False, self.drawing.announce)
        self.play(guided.game, guided)
        self.draw()
        self.carry_on()

    def leave_guide(self) -> None:
        """Skip, or the end of the guided deal: the real game plays on from where it was."""
        self.play(self.state.mode.real)
        self.state.focus_due = self.state.focus_due or self.state.by_keyboard  # (a card of the hand, once it is the
        self.draw()  # person's turn)
        self.drawing.announce_table()  # (a screen reader hears what the table says now, not the guide's last words)
        self.carry_on()

    # --- settings ------------------------------------------------
    def change_settings(self, **changes: object) -> None:
        """The settings changed (each value checked), kept, and shown by the header's controls."""
        self.state.settings = self.state.settings.updated(**changes)
        self.state.store.keep(SETTINGS_KEY, self.state.settings.to_json())
        self.drawing.show_settings()

    def change_setting(self, name: str, value: object) -> None:
        """A header control changed the setting ``name``, and what follows it (the table of settings' ``then``)."""
        self.change_settings(**{name: value})
        then = SETTINGS[name].then
        if then == "words":  # the page's words and the table drawn again in them
            self.drawing.speak()
            self.notices.respeak()
            self.draw()
            if self.state.game.round_over and any(map(self.dialogs.is_open, ("round-summary", "game-over"))):
                self.state.mode.round_over()  # (the round's end in them too)
        elif then in ("draw", "play"):
            self.draw()
        if then == "play":  # (forced moves made for the person, or not: one may be due now)
            self.carry_on()

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
            self.drawing.show_turn("bots")
        if not self.draw_due:
            self.draw_due = True
            after_paint(lambda: self.draw_due and self.draw())  # (draw() clears draw_due)

    def settle(self) -> None:
        """Say who the table waits for (the settled marker of docs/testing.md). A round's end counts once its summary
        is open, so whoever sees "round-over" can click in it."""
        state, dialogs = self.state, self.dialogs
        game = state.game
        # A finished game's end, closed by the person: the table offers it again, and waits for them.
        ended = state.mode is self.real_game and game.over and dialogs.shown_end is game
        self.drawing.offer_result(ended and not dialogs.is_open("game-over"))
        if state.mode is not self.real_game:
            turn = "guide"
        elif game.round_over and dialogs.is_open("game-over") or ended:
            turn = "game-over"
        elif game.round_over and dialogs.is_open("round-summary"):
            turn = "round-over"
        else:
            turn = "you" if state.waiting_for_person() else "bots"
        self.drawing.show_turn(turn, len(game.history))
        if turn == "you":
            self.taps.ready()
        if state.focus_due and turn in ("you", "bots"):
            state.focus_due = turn != "you"
            dialogs.focus_hand(turn == "you")
        self.taps.keep_table()

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
        await self.motion.payments()  # (Fan Tan's chips land before the round's summary covers the seats)
        state.mode.round_over()

    def report_failure(self, task: asyncio.Future[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.notices.failed(task.exception(), "bots_failed")  # type: ignore[arg-type]  # (checked: not None)

    def failed(self, error: BaseException) -> None:
        """What the person asked for (a click, a file, a key) stopped with an error: the room's edge. It is said, and
        the table plays on: no traceback over the hand."""
        self.notices.failed(error)
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
        card = None if card is None else Card.parse(card, state.game.rules.deck)
        flight = None if drawn else self.motion.measure(seat, card)
        if card is None:
            state.game.pass_turn()
        else:
            state.game.play(card)
        move = state.game.history[-1]
        # (Announced before what the drawing announces, such as the guided deal's next step.)
        self.drawing.announce(table.narrate(move, state.settings.names, state.settings.say, state.game.rules))
        self.drawing.draw(cards_only=True)
        self.motion.sound_of(move)
        self.motion.travel(move, flight)
        self.draw_soon()
        if chosen:
            self.state.save_soon()
        else:
            self.state.save()

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
        self.state.save()
        self.state.focus_due = self.state.focus_due or self.state.by_keyboard  # (its button goes: the hand takes it)
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
        self.state.hint_used(game)
        self.drawing.show_hint(hint)

    def next_round(self) -> None:
        game = self.state.game
        if not game.round_over or game.over or not self.state.playing:
            return
        game.next_round()
        self.state.save()
        self.dialogs.close("round-summary")
        self.draw()
        self.motion.ante()
        self.carry_on()

    # --- another tab ------------------------------------------------------
    def let_go(self) -> str:
        """Another tab takes the game: stop here at once, show the table as it stands, return its save."""
        self.taps.flush()  # a card tapped and laid is played first
        if self.state.save_due:  # the last move is written here before the game goes: no tab misses a move
            self.state.keep_game(*self.state.save_due, playing=True)
        self.state.store.forget(GAME_KEY)  # (a write refused here is older than what the other tab will write)
        self.play(self.state.mode.real)
        self.dialogs.close("round-summary", "game-over", "setup")
        self.draw()
        self.drawing.offer_take_over()
        return self.state.game.to_json()

    async def take_over(self) -> None:
        """Play the game in this tab from now on, from the newest save (handed over by the tab that had it)."""
        save = await self.state.tabs.take()
        notice = resume(self.state, self.state.store.get(GAME_KEY) if save is None else save)
        if notice:
            self.notices.tell(notice)
        self.state.save()
        self.draw()
        self.carry_on()


async def start() -> None:
    await Controller().start()
