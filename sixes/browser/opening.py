"""What a visit opens with: the game this tab plays (resumed, handed over by another tab, or dealt from a link), a
link's deal that waits for the person's say, and the first guided deal a reload interrupted."""

from dataclasses import dataclass, field

from pyscript import window

from ..engine.game import Game
from ..engine.saves import SaveError
from ..model import links, table
from ..model.keys import BACKUP_KEY, GAME_KEY, GUIDE_KEY
from ..model.settings import first_language
from .shared import deals
from .state import State


@dataclass
class Opening:
    notices: list[str] = field(default_factory=list)  # what to tell the person (a refused save)
    link: Game | None = None  # a shared deal (?seed=) that waits for the person's say, a game being in progress
    dealt: bool = False  # the link's deal is the game at once (nothing was in progress)
    saved: str | None = None  # the save resumed (a game left as it was kept is not written again, byte for byte)
    handed: bool = False  # another tab handed the game over (written here at once)


def welcomed(state: State, params: dict[str, str]) -> bool:
    """A first visit is taught by a guided deal, unless it came by a link to a deal (?seed=), which plays that deal at
    once, or to an all-bot table, or storage keeps nothing (so the guide would start again at every visit)."""
    return (
        state.store.area is not None
        and state.store.get(GAME_KEY) is None
        and "seed" not in params
        and params.get("bots") != "all"
    )


def asked_settings(asked: links.Asked, first_visit: bool, variant: str | None) -> dict[str, object]:
    """The settings a link changes (?speed=, ?lang=); a first visit speaks the first of the browser's languages that
    the page speaks, and sees a link's Cinquillo in its own Spanish suits (a returning player's deck stays theirs
    until the deal is theirs too: Controller.deal)."""
    changes: dict[str, object] = {} if asked.speed is None else {"speed": asked.speed}
    if first_visit and variant == "cinquillo":
        changes["deck"] = "spanish"
    if asked.lang is not None:
        changes["lang"] = asked.lang
    elif first_visit:
        changes["lang"] = first_language(list(window.navigator.languages or []))
    return changes


async def open_game(state: State, asked: links.Asked, params: dict[str, str]) -> Opening:
    """Set ``state.game``: an all-bot table's own game; the saved game, shown while another tab plays it; else the
    game this tab now plays, with the link's deal dealt at once if nothing was in progress."""
    opening = Opening()
    rules = deals.rules_from_params(params, state.house_rules())
    if state.all_bots:  # a table to watch, with a game of its own: the person's saved game is left as it was
        state.tabs.stand_aside()
        state.game = state.new_game(asked.seed, rules)
        return opening
    if not await state.tabs.claim() and asked.seed is None:
        state.game, _ = table.restore(state.store.get(GAME_KEY), state.new_game)  # shown until this tab takes over
        return opening
    handed = None
    if not state.playing:  # a link opened beside the tab playing: the game comes here, and the link asks here
        handed = await state.tabs.take()
    elif await state.store.take_newest_copy():  # (the browser was killed before it kept the last save)
        window.console.warn("Sixes: the game's IndexedDB copy was newer than localStorage's: resumed")
    opening.saved = saved = state.store.get(GAME_KEY) if handed is None else handed
    opening.handed = handed is not None
    opening.notices.append(resume(state, saved))
    if asked.seed is not None:
        opening.link = state.new_game(asked.seed, rules)
        if not table.in_progress(state.game):  # (nothing to lose: the link's deal at once)
            state.game, opening.link, opening.dealt = opening.link, None, True
    return opening


def resume(state: State, saved: str | None) -> str:
    """Play on from the text ``saved`` (None: a new game). A save that cannot be loaded is kept under BACKUP_KEY and a
    new game begins; returns what to tell the person ("" if nothing)."""
    state.game, problem = table.restore(saved, state.new_game)
    if not problem:
        return ""
    assert saved is not None  # (only a save can be refused)
    # Copied, or moved if it cannot be there twice (a save near the storage quota).
    if not state.store.set(BACKUP_KEY, saved):
        state.store.remove(GAME_KEY)
        state.store.keep(BACKUP_KEY, saved)
    window.console.warn(f"Sixes: the saved game was refused: {problem}")  # the details, for the curious
    return state.settings.say("unloadable", key=BACKUP_KEY)


def guided_found(state: State, asked: links.Asked) -> Game | None:
    """The first guided deal a reload interrupted, if one was being played and reads as a game (a link's deal
    replaces it)."""
    text = state.store.get(GUIDE_KEY)
    if text is None or not state.playing or state.all_bots:
        return None
    if asked.seed is None:
        try:
            return Game.from_json(text)
        except SaveError:
            pass
    state.store.remove(GUIDE_KEY)
    return None
