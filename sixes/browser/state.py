"""What the page shows, in one place: the game and the mode it is played in, the settings, whether this tab plays,
and what is kept. The controller changes it; the rooms read it (and write their own keys to the store)."""

import secrets
import zlib
from collections.abc import Callable, Mapping
from typing import Protocol

from ..engine import bots
from ..engine.cards import Card
from ..engine.game import Game
from ..model.keys import GAME_KEY, SETTINGS_KEY, STATS_KEYS, WATCHED_KEY
from ..model.settings import SPEEDS, Settings
from .shared import after_paint, deals, in_slices, stats
from .storage import Store, Tabs


class Mode(Protocol):
    """What the game is played as: the real game (controller.RealGame) or the guided deal standing in for it
    (guide.GuidedDeal), each answering the controller's few questions in its own way."""

    @property
    def saved(self) -> bool: ...  # its moves are written to storage (a guided deal's never are)

    @property
    def kept_as(self) -> str | None: ...  # the key a game not saved is kept under meanwhile (the first guided deal)

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
    person if they asked, the bots thinking in slices, and a round's end shown (``round_over``, the dialogs')."""

    saved = autoplay = True
    kept_as = None

    def __init__(self, state: "State", round_over: Callable[[], None]) -> None:
        self.state, self.round_over = state, round_over

    @property
    def real(self) -> Game:
        return self.state.game

    @property
    def casual(self) -> bool:
        return self.state.game.casual

    async def bot_card(self, level: str) -> Card | None:
        return await in_slices(bots.thinking(level, self.state.game))

    def draw(self) -> None:
        pass  # the table says it all

    def hide(self) -> None:
        pass


class State:
    """The page's state. ``game`` and ``mode`` are set by the controller's start, before anything reads them."""

    game: Game
    mode: Mode

    def __init__(self, store: Store, tabs: Tabs) -> None:
        self.store = store
        self.tabs = tabs
        self.settings = Settings.from_json(store.get(SETTINGS_KEY))
        self.all_bots = False  # ?bots=all: a bot plays the person's seat too, for this visit
        self.by_keyboard = False  # the last button was pressed with a key, not clicked
        self.kept_stats: dict[str, stats.Stats] = {}  # by variant, each read when first needed
        self.save_due: tuple[Game, Mode] | None = None  # a move drawn whose save waits for its frame to be painted
        self.focus_due = False  # a game was just dealt: the hand takes the focus once it is the person's turn
        self.opened_from_menu = False  # the dialog open was opened from the header's controls (the Menu's, on a phone)

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
        if not (self.playing if playing is None else playing):
            return
        if mode.saved:
            self.store.keep(self.game_key, game.to_json())
        elif mode.kept_as is not None:
            self.store.keep(mode.kept_as, game.to_json())

    @property
    def playing(self) -> bool:
        """This tab plays the game (another may show it)."""
        return self.tabs.playing

    @property
    def game_key(self) -> str:
        """Where the game on the table is saved: an all-bot table's game is its own, never the person's."""
        return WATCHED_KEY if self.all_bots else GAME_KEY

    @property
    def delay(self) -> float:
        """Seconds between two bots' moves."""
        return SPEEDS[self.settings.speed]

    def waiting_for_person(self) -> bool:
        """The person's turn, and a real choice (a forced move is made for them if they asked)."""
        game = self.game
        if game.turn != 0 or game.round_over or self.all_bots or not self.playing:
            return False
        legal = game.legal_moves()
        forced = not legal or (len(legal) == 1 and not game.may_pass)
        return not (self.settings.autoplay and forced and self.mode.autoplay)

    def bot_levels(self, game: Game | None = None) -> list[str]:
        """The levels of the bots at the table of ``game`` (None: the game on the table)."""
        return self.settings.levels[: (game or self.game).players - 1]

    def house_rules(self) -> "deals.Rules":
        settings = self.settings
        return {
            "players": settings.players,
            "chips": settings.chips,
            "may_pass": settings.may_pass,
            "variant": settings.variant,
        }

    def new_game(self, seed: int | None = None, rules: "deals.Rules | None" = None, casual: bool = False) -> Game:
        """A game from ``seed`` (None: a random one) under ``rules`` (None: the person's house rules)."""
        seed = secrets.randbelow(2**32) if seed is None else seed
        return Game(seed=seed, casual=casual, **(rules or self.house_rules()))

    def table_key(self) -> str:
        """Which game, exactly, a kept table shows: a checksum of its save."""
        return str(zlib.crc32(self.game.to_json().encode()))

    @property
    def stats(self) -> "stats.Stats":
        """The person's statistics of the game of the family they really play (a guided deal standing in for it is
        Sixes), read when first needed (a round's end, a hint, the dialog), not at boot."""
        variant = self.mode.real.variant
        if variant not in self.kept_stats:
            self.kept_stats[variant] = stats.Stats.from_json(self.store.get(STATS_KEYS[variant]))
        return self.kept_stats[variant]

    @stats.setter
    def stats(self, value: "stats.Stats") -> None:
        self.kept_stats[self.mode.real.variant] = value

    def keep_stats(self) -> None:
        self.store.keep(STATS_KEYS[self.mode.real.variant], self.stats.to_json())

    def start_stats(self) -> None:
        """The game just dealt begins in the statistics: "This game" charts it from now on, "Last game" the one before."""
        if not self.all_bots:  # (an all-bot table's game is not the person's)
            self.stats.start_game(self.game, dealt=True)
            self.keep_stats()

    def hint_used(self, game: Game) -> None:
        self.stats.start_game(game)
        self.stats.hint_used(game)
        self.keep_stats()

    def read_kept(self, texts: Mapping[str, str | None]) -> None:
        """The settings from ``texts`` (a profile loaded: what is kept, by key); the statistics read again when next
        needed."""
        self.settings = Settings.from_json(texts.get(SETTINGS_KEY))
        self.kept_stats.clear()
