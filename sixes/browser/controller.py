"""The controller of the page: starts it, owns the game and the settings, paces the bots, saves every move.

Every change to the game goes through here, then is saved (storage.py) and drawn (draw.py, motion.py); input.py
turns clicks and keys into its calls. What the game is played as is its ``mode``: the real game (``RealGame``)
or the guided deal standing in for it (guide.py), which answer the same few questions.
"""

import asyncio
import functools
import secrets
import zlib
from collections.abc import Mapping
from typing import Any, Protocol

import js
from pyodide.ffi import create_proxy
from pyscript import document, window
from pyscript.ffi import is_none

from ..engine import bots
from ..engine.cards import RANKS, Card
from ..engine.game import Game
from ..model import table
from ..model.keys import BACKUP_KEY, GAME_KEY, SETTINGS_KEY
from ..model.settings import SPEEDS, Settings, first_language
from .casual import TakeBacks
from .dialogs import Dialogs
from .draw import Drawing
from .input import Input
from .motion import Motion
from .shared import (
    after_paint,
    deals,
    guide_room,
    hints,
    history_room,
    in_slices,
    painted,
    profile_room,
    review_room,
    stats,
    when_idle,
)
from .storage import Store, Tabs

STAND_IN = "medium"  # the bot that plays the person's seat at an all-bot table (?bots=all)


def take_url_params() -> dict[str, str]:
    """?seed=, ?speed=, ?lang=, ?bots= as a dict, removed from the address bar so a reload resumes."""
    url = js.URL.new(window.location.href)
    params = url.searchParams
    keys = ("seed", "speed", "lang", "bots", "players", "chips", "may_pass")  # the last three: a shared deal's rules
    found = {key: params.get(key) for key in keys if params.has(key)}
    for key in found:
        params.delete(key)
    if found:
        window.history.replaceState(window.history.state, "", url.href)
    return found


class Mode(Protocol):
    """What the game is played as: the real game (RealGame) or the guided deal standing in for it (guide.GuidedDeal),
    each answering the controller's few questions in its own way. (The guided deal's leave() is its own buttons'.)"""

    @property
    def saved(self) -> bool: ...  # its moves are written to storage (a guided deal's never are)

    @property
    def autoplay(self) -> bool: ...  # a forced move may be made for the person, if they asked

    @property
    def casual(self) -> bool: ...  # take-backs are allowed

    @property
    def real(self) -> Game: ...  # the game the person really plays (the one a guided deal hands back)

    async def bot_card(self, level: str, /) -> Card | None: ...  # what the bot to act plays (None: it passes)

    def round_over(self) -> None: ...  # the round has ended: show it

    def draw(self) -> None: ...  # the mode's own part of the page, after the table

    def hide(self) -> None: ...  # the mode's own part of the page, when another mode takes over


class RealGame:
    """The mode of the real game: saved after every move, casual if dealt so, its forced moves made for the
    person if they asked, the bots thinking in slices, and a round's end shown in its dialog."""

    saved = autoplay = True

    def __init__(self, controller: "Controller") -> None:
        self.controller = controller

    @property
    def real(self) -> Game:
        """The game the person really plays (a guided deal hands it back at its end)."""
        return self.controller.game

    @property
    def casual(self) -> bool:
        return self.controller.game.casual

    async def bot_card(self, level: str) -> Card | None:
        return await in_slices(bots.thinking(level, self.controller.game))

    def round_over(self) -> None:
        self.controller.dialogs.show_round_end()
        if self.controller.tabs.playing:  # a round played to its end: the moment to ask to keep it
            asyncio.ensure_future(self.controller.profiles.ask_to_keep())

    def draw(self) -> None:
        pass  # the table says it all

    def hide(self) -> None:
        pass


class Controller:
    """Owns the game and the settings; every change goes through here, then is saved and drawn."""

    game: Game
    mode: Mode
    bots_task: asyncio.Task[None] | None
    save_due: tuple[Game, Mode] | None

    def __init__(self) -> None:
        self.store = Store()
        self.settings = Settings.from_json(self.store.get(SETTINGS_KEY))
        self.unsaved_said = False  # the person was told this browser keeps nothing
        self.tabs = Tabs(self.let_go, self.reloaded_elsewhere)
        self.all_bots = False  # ?bots=all: a bot plays the person's seat too, for this visit
        self.game = None  # type: ignore[assignment]  # (until start() restores or deals one, and nothing reads it)
        self.bots_task = None
        self.el = {
            name: document.getElementById(name)
            for name in (
                "hand",
                "pass",
                "pot",
                "status",
                "narration",
                "round-label",
                "notice",
                "notice-text",
                "autoplay",
                "round-summary",
                "game-over",
                "setup",
                "setup-form",
                "menu-new-game",
                "hint",
                "speed",
                "elsewhere",
                "lang",
                "deck",
                "rules",
                "stats",
                "log",
                "review",
            )
        }
        self.drawing = Drawing(self)  # (first: it finds the table's seats and columns, before a review draws its own)
        self.motion = Motion(self)
        self.input = Input(self)
        self.dialogs = Dialogs(self)
        self.take_backs = TakeBacks(self)
        self.real_game = self.mode = RealGame(self)
        self.save_due = None  # (game, mode) of a move drawn whose save waits for its frame to be painted
        self.draw_due = False  # a move's cards are drawn, and the rest of the table waits for that frame's paint
        # A tab closed, reloaded or put away writes what waits at once: no move is lost.
        window.addEventListener("pagehide", create_proxy(lambda _event: after_paint.run()))
        document.addEventListener(
            "visibilitychange", create_proxy(lambda _event: document.hidden and after_paint.run())
        )

    # The rooms and the statistics that the first draw does not need: made when first asked for.
    @functools.cached_property
    def stats(self) -> "stats.Stats":
        """The person's statistics, read when first needed (a round's end, a hint, the dialog), not at boot."""
        return stats.Stats.from_json(self.store.get(stats.STATS_KEY))  # (the module, not this property)

    @functools.cached_property
    def history(self) -> "history_room.History":
        return history_room.History(self)

    @functools.cached_property
    def review(self) -> "review_room.Review":
        return review_room.Review(self)

    @functools.cached_property
    def profiles(self) -> "profile_room.Profiles":
        return profile_room.Profiles(self)

    # --- start ------------------------------------------------------------
    async def start(self) -> None:
        params = take_url_params()
        notices: list[str] = []
        first_visit = self.store.get(SETTINGS_KEY) is None  # (asked before ?speed= saves any settings)
        # A first visit is taught by a guided deal; a link to a deal (?seed=) plays that deal at once.
        welcome = (
            first_visit
            and self.store.area is not None
            and self.store.get(GAME_KEY) is None
            and "seed" not in params
            and params.get("bots") != "all"
        )
        if "speed" in params:
            self.change_settings(speed="instant" if params["speed"] == "0" else params["speed"])
            self.motion.silent = params["speed"] == "0"
        if "lang" in params:
            params["lang"] = params["lang"].lower()
            self.change_settings(lang=params["lang"])
        elif first_visit:  # speaks the first of the browser's languages that the page speaks
            self.change_settings(lang=first_language(list(window.navigator.languages or [])))
        say = self.settings.say
        if params.get("lang", self.settings.lang) != self.settings.lang:
            notices.append(say("unknown_language"))
        self.drawing.speak()
        self.all_bots = params.get("bots") == "all"
        if not await self.tabs.claim():
            self.game, _ = table.restore(self.store.get(GAME_KEY), self.new_game)  # shown until this tab takes over
        elif "seed" in params and params["seed"].isdigit():
            self.game = self.new_game(int(params["seed"]), deals.rules_from_params(params, self.house_rules()))
        else:
            notices.append(self.resume(self.store.get(GAME_KEY)))
        notices.append(self.take_early_tap())
        self.save()
        if welcome and self.tabs.playing:
            self.begin_guide(first_visit=True)
        if self.unsaved_said:
            notices.append(say("not_saving"))
        self.input.listen()
        self.show_settings()
        self.draw()
        self.tell(" ".join(filter(None, notices)))
        document.documentElement.dataset.state = "ready"
        window.performance.mark("sixes-ready")
        self.carry_on()
        when_idle(self.arm_hand)

    def arm_hand(self) -> None:
        """Once the page is idle after its start, and the audio context is made: a tap on a playable card is
        drawn by assets/boot.js in the tap's own task (sixesHand), and played here once that frame is painted."""
        self.motion.prepare()
        hand = window.sixesHand
        hand.audio, hand.flight = self.motion.audio, self.motion.duration()
        hand.play = create_proxy(self.play_tapped)

    def play_tapped(self, card: str, moves: int) -> None:
        """The card sixesHand drew as played, its frame now painted: played, the card it drew kept. It took the
        tap only on the person's turn (settle's "you"), so this game as it was then, ``moves`` long, takes it
        (even if another tab is taking the game over now: let_go hands it on). A tap on a table that has changed
        since has its drawing undone."""
        self.input.pressed(by_keyboard=False)
        drawn = self.drawing.columns[card[1]].querySelector(f'[data-card="{card}"]')
        game = self.game
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
        """A card tapped on the kept table before Python was up, which assets/boot.js laid in its column: played
        now, before the first draw (which then finds it where it lies), if that table showed this very game and
        the card is still legal; else that draw puts it back in the hand, and the word returned says why ("" if
        no card was tapped or it was played). Taken from boot.js once, so never played twice."""
        early = getattr(window, "sixesTable", None)
        tap: Any = None if early is None else early.tapped()  # (a JavaScript object, null or None)
        if is_none(tap):
            return ""
        if (
            self.tabs.playing
            and tap.key == self.table_key()
            and self.waiting_for_person()
            and tap.card in map(str, self.game.legal_moves())
        ):
            self.game.play(Card.parse(tap.card))
            self.drawing.announce(table.narrate(self.game.history[-1], self.settings.names, self.settings.say))
            return ""
        return self.settings.say("early_tap_back")

    def resume(self, saved: str | None) -> str:
        """Play on from the text ``saved`` (None: a new game). A save that cannot be loaded is kept
        under BACKUP_KEY and a new game begins; returns what to tell the person ("" if nothing)."""
        self.game, problem = table.restore(saved, self.new_game)
        if not problem:
            return ""
        assert saved is not None  # (only a save can be refused)
        # Copied, or moved if it cannot be there twice (a save near the storage quota).
        if not self.store.set(BACKUP_KEY, saved):
            self.store.remove(GAME_KEY)
            self.keep(BACKUP_KEY, saved)
        window.console.warn(f"Sixes: the saved game was refused: {problem}")  # the details, for the curious
        return self.settings.say("unloadable", key=BACKUP_KEY)

    def show_settings(self) -> None:
        """The header's controls as the settings are."""
        self.el["autoplay"].checked = self.settings.autoplay
        document.getElementById("sound").setAttribute("aria-pressed", str(self.settings.sound).lower())
        document.getElementById("show-lacks").setAttribute("aria-pressed", str(self.settings.show_lacks).lower())
        self.el["speed"].value = self.settings.speed

    def reload_kept(self, texts: Mapping[str, str | None]) -> None:
        """Read all that is kept again (a profile was loaded, here or in another tab: ``texts`` by key) and play
        or show it."""
        self.settings = Settings.from_json(texts.get(SETTINGS_KEY))
        self.__dict__.pop("stats", None)  # (a cached_property: read again when next needed)
        self.take_backs = TakeBacks(self)
        for name in ("round-summary", "game-over", "setup"):
            self.el[name].close()
        self.play(table.restore(texts.get(GAME_KEY), self.new_game)[0])
        self.show_settings()
        self.drawing.speak()
        self.draw()
        self.carry_on()  # (a game loaded at a round's end shows it again)

    def reloaded_elsewhere(self, texts: Mapping[str, str | None]) -> None:
        self.reload_kept(texts)
        self.tell(self.settings.say("profile_elsewhere"))

    def house_rules(self) -> "deals.Rules":
        return {"players": self.settings.players, "chips": self.settings.chips, "may_pass": self.settings.may_pass}

    def new_game(self, seed: int | None = None, rules: "deals.Rules | None" = None, casual: bool = False) -> Game:
        """A game from ``seed`` (None: a random one) under ``rules`` (None: the person's house rules)."""
        seed = secrets.randbelow(2**32) if seed is None else seed
        return Game(seed=seed, casual=casual, **(rules or self.house_rules()))

    def play(self, game: Game, mode: Mode | None = None) -> None:
        """From now on play ``game`` in ``mode`` (None: as the real game): the bots stop, a guided deal ends."""
        self.stop_bots()
        self.mode.hide()
        self.mode, self.game = mode or self.real_game, game

    def deal(self, game: Game, notice: str = "") -> None:
        """A new real game, from the new-game dialog or the daily deal: saved, drawn, and played."""
        self.play(game)
        self.save()
        self.el["round-summary"].close()
        self.tell(notice)
        self.draw()
        self.carry_on()

    def begin_guide(self, first_visit: bool = False) -> None:
        """The guided deal: on a first visit, and from "How to play" (then it gives back the game in progress)."""
        guided = guide_room.GuidedDeal(self, self.mode.real, first_visit)
        self.play(guided.game, guided)

    # --- storage and settings ------------------------------------------------
    def save(self) -> None:
        self.keep_game(self.game, self.mode)

    def save_soon(self) -> None:
        """Save the move just drawn once its frame is painted (after_paint): not in the task of the click.
        The game of the move is saved, even if by then a guided deal stands in for it."""
        self.save_due = self.game, self.mode
        after_paint(lambda: self.save_due and self.keep_game(*self.save_due))

    def keep_game(self, game: Game, mode: Mode, playing: bool | None = None) -> None:
        self.save_due = None  # the newest state is written: a save still waiting would add nothing
        # A tab that is not playing the game never writes it; the guided deal is never saved over it.
        if (self.tabs.playing if playing is None else playing) and mode.saved:
            self.keep(GAME_KEY, game.to_json())

    def keep(self, key: str, text: str) -> bool:
        """Write to storage; the first write refused tells the person that nothing is being kept."""
        kept = self.store.set(key, text)
        if not kept and not self.unsaved_said:
            self.unsaved_said = True
            self.tell(self.settings.say("not_saving"))
        return kept

    def keep_stats(self) -> None:
        self.store.set(stats.STATS_KEY, self.stats.to_json())

    def change_settings(self, **changes: object) -> None:
        self.settings = self.settings.updated(**changes)
        self.keep(SETTINGS_KEY, self.settings.to_json())

    def tell(self, message: str) -> None:
        self.el["notice-text"].textContent = message
        self.el["notice"].hidden = not message

    def bot_levels(self) -> list[str]:
        return self.settings.levels[: self.game.players - 1]

    # --- drawing ----------------------------------------------------------
    def draw(self) -> None:
        self.draw_due = False  # (the whole table is drawn: a draw still waiting would add nothing)
        self.drawing.draw()
        self.mode.draw()
        self.take_backs.draw()
        self.settle()

    def draw_soon(self) -> None:
        """Draw the whole table once the frame being drawn is painted (a move draws its cards at once, the rest
        here), and only then say the table is settled: until then the marker says the page has the table, so no
        one waits on a stale "you" (a guided deal's "guide" stands). Moves made meanwhile share the one draw."""
        if self.mode is self.real_game:
            document.documentElement.dataset.turn = "bots"
        if not self.draw_due:
            self.draw_due = True
            after_paint(lambda: self.draw_due and self.draw())  # (draw() clears draw_due)

    def settle(self) -> None:
        """Write who the table waits for on <html> (the settled marker of docs/testing.md), for anyone who waits on
        the page. A round's end counts once its summary is open, so whoever sees "round-over" can click in it."""
        game, root = self.game, document.documentElement
        if self.mode is not self.real_game:
            turn = "guide"
        elif game.round_over and self.el["game-over"].open:
            turn = "game-over"
        elif game.round_over and self.el["round-summary"].open:
            turn = "round-over"
        else:
            turn = "you" if self.waiting_for_person() else "bots"
        root.dataset.turn, root.dataset.moves = turn, len(game.history)
        if turn == "you":
            # What a tap's flight needs, kept with the table too (the speed may have changed).
            window.sixesHand.ranks, window.sixesHand.flight = RANKS, self.motion.duration()
        self.keep_table()

    def keep_table(self) -> None:
        """Beside the save, the real game's table as last drawn (in any words), for the next visit to show before
        Python is up (assets/boot.js keeps it once the page is idle, so never in a click's task)."""
        early = getattr(window, "sixesTable", None)
        if early is not None and self.tabs.playing and self.mode.saved:
            early.keep(self.table_key())

    def table_key(self) -> str:
        """Which game, exactly, a kept table shows: a checksum of its save."""
        return str(zlib.crc32(self.game.to_json().encode()))

    def redraw(self) -> None:
        """Draw again in new words or a new deck, the round's end too if it is showing: the game goes on as it was."""
        self.draw()
        if self.game.round_over and (self.el["round-summary"].open or self.el["game-over"].open):
            self.mode.round_over()
            self.settle()

    # --- turns ------------------------------------------------------------
    @property
    def delay(self) -> float:
        return SPEEDS[self.settings.speed]

    def waiting_for_person(self) -> bool:
        """The person's turn, and a real choice (a forced move is made for them if they asked)."""
        game = self.game
        if game.turn != 0 or game.round_over or self.all_bots or not self.tabs.playing:
            return False
        legal = game.legal_moves()
        forced = not legal or (len(legal) == 1 and not game.may_pass)
        return not (self.settings.autoplay and forced and self.mode.autoplay)

    def carry_on(self) -> None:
        """Let the bots (and any automatic move) play until the person must choose or the round ends."""
        if not self.tabs.playing:
            return
        if self.bots_task is None or self.bots_task.done():
            self.bots_task = asyncio.ensure_future(self.play_bots())
            self.bots_task.add_done_callback(self.report_failure)

    def stop_bots(self) -> None:
        if self.bots_task is not None:
            self.bots_task.cancel()  # the bots stop at their next pause
            self.bots_task = None  # (a cancelled task is not done() until then)

    async def play_bots(self) -> None:
        game = self.game
        while not game.round_over:
            if game.turn == 0 and not self.all_bots:
                if self.waiting_for_person():
                    return
                await asyncio.sleep(max(self.delay, 0.2))  # long enough to see what is happening
                legal = game.legal_moves()
                self.move(legal[0] if legal else None)
                continue
            await asyncio.sleep(self.delay)
            card = await self.mode.bot_card(self.settings.levels[game.turn - 1] if game.turn else STAND_IN)
            await asyncio.sleep(0)  # draw in a task of its own, so no single task runs long
            self.move(card)
        await painted()  # the last card shows before the round's end is worked out
        self.mode.round_over()
        self.settle()

    def report_failure(self, task: asyncio.Future[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            window.console.error(f"Sixes: the bots stopped: {task.exception()!r}")
            self.tell(self.settings.say("bots_failed"))

    def move(self, card: Card | str | None, chosen: bool = False, drawn: bool = False) -> None:
        """The seat to act plays ``card`` (None: passes); then draw it, show it travel and sound, and save it.
        The person's own choice (``chosen``, a click or a key) is saved once its frame is painted, so that the
        input's task does only what that frame shows; a bot's move is saved in its own task, so whoever sees
        the person's turn finds the save that led to it. The layout is read first, then the cards written,
        and nothing read after (see Motion.measure); the rest of the table follows once that frame is painted.
        ``drawn``: the card is already in its column and on its way there (sixesHand drew it)."""
        seat = self.game.turn
        card = None if card is None else Card.parse(card)
        flight = None if drawn else self.motion.measure(seat, card)
        if card is None:
            self.game.pass_turn()
        else:
            self.game.play(card)
        move = self.game.history[-1]
        # (Announced before what the drawing announces, such as the guided deal's next step.)
        self.drawing.announce(table.narrate(move, self.settings.names, self.settings.say))
        self.drawing.draw(cards_only=True)
        self.motion.sound_of(move)
        self.motion.travel(card, flight)
        self.draw_soon()
        if chosen:
            self.save_soon()
        else:
            self.save()

    def person_moves(self, card: str | None) -> None:
        # A stale or doubled click arrives after the move it asked for: the checks drop it.
        if not self.waiting_for_person():
            return
        legal = [str(c) for c in self.game.legal_moves()]
        if (card is None and legal and not self.game.may_pass) or (card is not None and card not in legal):
            return
        self.move(card, chosen=True)
        self.carry_on()

    def show_hint(self) -> None:
        if not self.waiting_for_person():
            return
        # The expert plays out a few hundred deals: in slices, so the page keeps drawing meanwhile.
        task = asyncio.ensure_future(self.work_out_hint(self.game, len(self.game.history)))
        task.add_done_callback(self.report_failure)

    async def work_out_hint(self, game: Game, moves: int) -> None:
        hint = await in_slices(hints.hinting(game))
        if game is not self.game or len(game.history) != moves:
            return  # a move was made meanwhile: the hint was for a table that is gone
        self.stats.start_game(game)
        self.stats.hint_used(game)
        self.keep_stats()
        self.el["status"].textContent = table.hint_text(hint, self.settings.say)
        if hint.card is not None:
            self.el["hand"].querySelector(f'[data-card="{hint.card}"]').classList.add("hinted")

    def next_round(self) -> None:
        if not self.game.round_over or self.game.over or not self.tabs.playing:
            return
        self.game.next_round()
        self.save()
        self.el["round-summary"].close()
        self.draw()
        self.carry_on()

    # --- another tab ------------------------------------------------------
    def let_go(self) -> str:
        """Another tab takes the game: stop here at once, show the table as it stands, return its save."""
        window.sixesHand.flush()  # a card tapped and laid is played first (play_tapped)
        if self.save_due:  # the last move is written here before the game goes: no tab misses a move
            self.keep_game(*self.save_due, playing=True)
        self.play(self.mode.real)
        for name in ("round-summary", "game-over", "setup"):
            self.el[name].close()
        self.draw()
        self.el["elsewhere"].querySelector("button").disabled = False
        return self.game.to_json()

    async def take_over(self) -> None:
        """Play the game in this tab from now on, from the newest save (handed over by the tab that had it)."""
        save = await self.tabs.take()
        notice = self.resume(self.store.get(GAME_KEY) if save is None else save)
        if notice:
            self.tell(notice)
        self.save()
        self.draw()
        self.carry_on()


async def start() -> None:
    await Controller().start()
