"""Where the game is kept: localStorage (which a browser may refuse), and which of the tabs showing the game
plays it (a Web Lock, and a BroadcastChannel to hand the game over)."""

import asyncio
import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any

import js
from pyodide.ffi import JsException, create_once_callable, create_proxy
from pyscript import window
from pyscript.ffi import is_none

from ..model.keys import GAME_KEY, SEQ_KEY
from .shared import js_object

LOCK = "sixes.game"  # the Web Lock held by the tab that plays the game, and the name of the tabs' channel


RETRY = 2.0  # seconds between two tries of the writes storage refused, while it refuses


class Store:
    """localStorage, which may be missing, refused (site data blocked) or full: reads give None,
    writes say whether they were kept, and nothing here raises.

    What the page keeps (``keep``) is never lost to a refused write: the text is held here, read back by ``get``,
    and written again with every later write and every few seconds, until storage takes it. ``refusing`` hears
    when storage starts and stops refusing, so the page can say so for as long as it lasts."""

    def __init__(self, refusing: Callable[[bool], None] = lambda _refusing: None) -> None:
        try:
            area = window.localStorage  # the getter itself throws SecurityError when site data is blocked
        except (AttributeError, JsException):
            area = None
        self.area: Any = None if is_none(area) else area
        self.refused: dict[str, str] = {}  # the newest text of each key whose write was refused, oldest key first
        self.refusing = refusing
        self.retrying: asyncio.Future[None] | None = None
        self.seq = 0  # the number of the game's last save written here (copy)

    def get(self, key: str) -> str | None:
        if key in self.refused:
            return self.refused[key]  # (newer than what storage holds)
        if self.area is None:
            return None
        try:
            text = self.area.getItem(key)
        except JsException:
            return None
        return None if is_none(text) else text  # a missing key is JS null, not None

    def set(self, key: str, text: str) -> bool:
        if key == GAME_KEY:
            self.copy(text)
        return self.write(key, text)

    def copy(self, text: str | None) -> None:
        """The game's save (None: removed) copied to IndexedDB with its number, which localStorage keeps beside it: a
        browser writes localStorage to disk seconds late, IndexedDB's durable transaction at once, so a browser
        killed meanwhile resumes the newer of the two (``take_newest_copy``). Numbered after the last save any tab
        wrote (localStorage is shared at once between tabs)."""
        self.seq = max(self.seq, seq_of(self.get(SEQ_KEY))) + 1
        copies = getattr(window, "sixesCopy", None)
        if copies is not None:
            copies.put(GAME_KEY, self.seq, text)
        self.write(SEQ_KEY, str(self.seq))

    async def take_newest_copy(self) -> bool:
        """At the start: the game's IndexedDB copy, if it is newer than localStorage's (a browser killed before it
        wrote localStorage to disk), written back to localStorage. True if it was. A localStorage with no number was
        written by something else (a version before the copy, a test, a person's own hand): it is trusted as it is."""
        number = self.get(SEQ_KEY)
        if number is None:
            return False
        kept = seq_of(number)
        copies = getattr(window, "sixesCopy", None)
        copy: Any = None if copies is None else await copies.game
        seq = getattr(copy, "seq", None) if not is_none(copy) else None
        text = getattr(copy, "text", None)
        if not isinstance(seq, (int, float)) or seq <= kept or not (is_none(text) or isinstance(text, str)):
            return False
        self.seq = int(seq)
        if isinstance(text, str):
            self.write(GAME_KEY, text)
        else:
            self.drop(GAME_KEY)
        self.write(SEQ_KEY, str(self.seq))
        return True

    def write(self, key: str, text: str) -> bool:
        if self.area is None:
            return False
        try:
            self.area.setItem(key, text)
        except JsException:  # QuotaExceededError when full; anything else a browser may throw
            return False
        return True

    def size(self) -> int:
        """The bytes the page's keys take in localStorage (as a browser counts them: UTF-16, two bytes a unit)."""
        if self.area is None:
            return 0
        try:
            names = [self.area.key(i) for i in range(self.area.length)]
            return sum(2 * (len(name) + len(self.area.getItem(name))) for name in names if name.startswith("sixes."))
        except JsException:
            return 0

    def keep(self, key: str, text: str) -> bool:
        """Write ``text`` under ``key``, to stay: True if storage took it (and every write it refused before)."""
        self.refused.pop(key, None)
        self.refused[key] = text  # (the newest last: tried in the order they were made)
        self.write_refused()
        return key not in self.refused

    def write_refused(self) -> None:
        """Try again each write storage refused; the page hears when it starts or stops refusing."""
        for key, text in list(self.refused.items()):
            if self.set(key, text):
                del self.refused[key]
        if self.refused and (self.retrying is None or self.retrying.done()):
            self.retrying = asyncio.ensure_future(self.retry())
        self.refusing(bool(self.refused))

    async def retry(self) -> None:
        await asyncio.sleep(RETRY)
        self.retrying = None  # (done with: write_refused plans the next try, while storage still refuses)
        if self.refused:
            self.write_refused()

    def forget(self, *keys: str) -> None:
        """Give up the refused writes of ``keys`` (none: all), which something newer replaces (a profile loaded, the
        game handed to another tab)."""
        for key in keys or list(self.refused):
            self.refused.pop(key, None)
        if not self.refused:
            self.refusing(False)

    def remove(self, key: str) -> None:
        self.refused.pop(key, None)
        if key == GAME_KEY:
            self.copy(None)
        self.drop(key)

    def drop(self, key: str) -> None:
        if self.area is not None:
            try:
                self.area.removeItem(key)
            except JsException:
                pass


def seq_of(text: str | None) -> int:
    """A save's number as localStorage keeps it (0 if there is none, or it is not one)."""
    return int(text) if text is not None and text.isascii() and text.isdigit() and len(text) < 16 else 0


class Tabs:
    """Which of the tabs showing the game plays it: the one holding a Web Lock, which the browser grants to one tab
    at a time (a lease in localStorage reaches other tabs late, so two could take it). The game is handed over on
    a BroadcastChannel before the lock is taken, so no move is lost or played twice (docs/storage.md says how)."""

    def __init__(self, give_up: Callable[[], str], reload: Callable[[Mapping[str, str | None]], None]) -> None:
        self.give_up = give_up  # stops this tab playing and returns its save, to hand over
        self.reload = reload  # shows what another tab kept when it loaded a profile (given its texts)
        self.locks: Any = getattr(window.navigator, "locks", None)
        self.playing: bool = is_none(self.locks)
        self.me = secrets.token_hex(8)
        self.handed: asyncio.Future[str] | None = None  # the save handed to this tab, while it asks for the game
        if not self.playing:  # (browsers without Web Locks lack BroadcastChannel too)
            self.channel = js.BroadcastChannel.new(LOCK)
            self.channel.onmessage = create_proxy(self.on_message)

    async def claim(self, steal: bool = False) -> bool:
        """Hold the lock and play here: True; False at once if another tab holds it (unless ``steal``)."""
        if self.playing:
            return True
        loop = asyncio.get_running_loop()
        granted, release = loop.create_future(), loop.create_future()

        async def hold(lock: Any) -> None:
            granted.set_result(not is_none(lock))
            if not is_none(lock):
                await release  # the lock is held until the callback ends: until another tab steals it

        options = {"steal": True} if steal else {"ifAvailable": True}
        request = self.locks.request(LOCK, js_object(options), create_once_callable(hold))
        asyncio.ensure_future(self.until_stolen(request, release))
        self.playing = await granted
        return self.playing

    async def until_stolen(self, request: Any, release: asyncio.Future[None]) -> None:
        try:
            await request
        except JsException:  # AbortError: the tab this one handed the game to has taken the lock
            release.set_result(None)

    async def take(self) -> str | None:
        """Play the game here. Returns the save the tab playing it handed over, or None if no tab
        was playing it (the last one closed): then the newest save is the one in storage."""
        self.handed = asyncio.get_running_loop().create_future()
        while not await self.claim():
            self.channel.postMessage(json.dumps({"ask": self.me}))
            # Asked again each second: the tab in charge may itself have been taking over.
            await asyncio.wait([self.handed], timeout=1)
            if self.handed.done():
                await self.claim(steal=True)  # safe: the tab that held it has stopped for good
                return self.handed.result()
        return None

    def stand_aside(self) -> None:
        """This tab plays a game of its own (an all-bot table): it holds no lock, and no other tab's game comes here
        nor goes from here."""
        self.playing = True
        if not is_none(self.locks):
            self.channel.close()

    def tell_reload(self, texts: Mapping[str, str | None]) -> None:
        """Tell the other tabs that all that is kept was replaced (a profile loaded here, while this tab plays).
        The texts go with the message: another tab may read the old ones from localStorage for a moment yet."""
        if not is_none(self.locks):
            self.channel.postMessage(json.dumps({"reload": texts}))

    def on_message(self, event: Any) -> None:
        message = json.loads(event.data)
        if "reload" in message:
            self.reload(message["reload"])
        elif "ask" in message and self.playing:
            self.playing = False
            self.channel.postMessage(json.dumps({"to": message["ask"], "save": self.give_up()}))
        elif message.get("to") == self.me and self.handed is not None and not self.handed.done():
            self.handed.set_result(message["save"])
