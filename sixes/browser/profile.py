"""The profile in the page: "Save my profile" downloads it; "Load a profile" (or a file dropped on the page) reads one,
shows what it holds beside what it would replace, and only on "Load it" replaces this browser's; and persistent
storage, asked for once a round has finished. sixes.model.profile checks every file; imported when first used."""

import asyncio
import json
from collections.abc import Callable, Mapping
from typing import Any

import js
from pyodide.ffi import JsException
from pyscript import window
from pyscript.ffi import is_none

from ..model import profile
from ..model.kept import json_object
from ..model.keys import PROFILE_BACKUP_KEY, PROFILE_KEYS, STORAGE_KEY
from ..model.words import Say
from .shared import download, el, open_modal
from .state import State


class Profiles:
    """Given the callbacks it needs: ``tell`` the person something, and ``reload`` all that is kept (by key)."""

    def __init__(
        self, state: State, tell: Callable[[str], None], reload: Callable[[Mapping[str, str | None]], None]
    ) -> None:
        self.state, self.tell, self.reload = state, tell, reload
        self.pending: profile.Profile | None = None  # the profile read, waiting for the person's "Load it"
        self.restoring = False  # the pending profile is the one a load replaced

    @property
    def say(self) -> Say:
        return self.state.settings.say

    # --- save, and load -----------------------------------------------------------
    def export(self) -> None:
        name = profile.file_name(local_date())
        download(name, profile.export(self.state.store.get, js.Date.new().toISOString()), "application/json")
        self.tell(self.say("profile_saved_as", name=name))

    def pick(self) -> None:
        el["import-profile-file"].click()

    async def on_picked(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            file = files.item(0)
            event.target.value = ""  # the same file may be picked again
            await self.read(file)

    async def read(self, file: Any) -> None:
        """Read ``file`` (a File): refused with its reason, or shown for the person to confirm."""
        try:
            if file.size > profile.MAX_BYTES:  # refused before a byte of it is read
                raise profile.ProfileError("too_large", f"{file.size:,} bytes")
            self.pending = profile.parse((await file.arrayBuffer()).to_bytes())
        except profile.ProfileError as error:
            self.refuse(error.reason, error)
            return
        self.restoring = False
        self.confirm("profile_load_title", "profile_load_text", "profile_file")

    def offer_restore(self) -> None:
        self.pending = profile.backup(self.state.store)
        if self.pending is not None:
            self.restoring = True
            self.confirm("profile_restore_title", "profile_restore_text", "profile_backup")

    def confirm(self, title: str, text: str, label: str) -> None:
        assert self.pending is not None  # (read or offered just before)
        store = self.state.store
        here = profile.summary_of({key: store.get(key) for key in PROFILE_KEYS})
        el["import-title"].textContent = self.say(title)
        el["import-text"].textContent = self.say(text)
        el["import-summary"].innerHTML = profile.summary_html(self.pending.summary(), here, self.say, label)
        el["stats"].close()
        open_modal("import-confirm")

    def refuse(self, reason: str, detail: object = "") -> None:
        window.console.warn(f"Sixes: the profile was not loaded: {detail or reason}")  # the details, for the curious
        el["import-error-text"].textContent = self.say(f"profile_{reason}")
        open_modal("import-error")

    async def accept(self) -> None:
        """Replace this browser's profile by the one confirmed; the other tabs then read it again."""
        store, tabs = self.state.store, self.state.tabs
        chosen, restoring, self.pending = self.pending, self.restoring, None
        if chosen is None:
            return
        if not tabs.playing:
            await tabs.take()  # the tab playing the game stops first, so it never saves over what is loaded
        done = profile.restore(store) if restoring else profile.replace(store, chosen, js.Date.new().toISOString())
        if not done:
            self.refuse("no_room")
            return
        texts = {key: store.get(key) for key in PROFILE_KEYS}
        tabs.tell_reload(texts)
        self.reload(texts)
        self.tell(self.say("profile_restored" if restoring else "profile_loaded"))

    # --- a file dropped on the page -------------------------------------------------
    def on_drag(self, event: Any) -> None:
        if "Files" in list(event.dataTransfer.types):
            event.preventDefault()  # (else the browser opens the file in place of the game)

    def on_drop(self, event: Any) -> None:
        files = event.dataTransfer.files
        if files.length:
            event.preventDefault()  # now, while the event is dispatched: a coroutine would run too late
            asyncio.ensure_future(self.read(files.item(0)))

    # --- persistent storage ---------------------------------------------------------
    async def ask_to_keep(self) -> None:
        """Ask the browser once to keep the site's data (after a round, never at the first load); where it
        refuses or cannot say, tell the person once, and suggest the profile."""
        store = self.state.store
        if store.area is None or json_object(store.get(STORAGE_KEY)).get("asked"):
            return  # (a browser that keeps nothing has said so already)
        kept = await persisted(ask=True)
        if store.set(STORAGE_KEY, json.dumps({"asked": True, "granted": kept})) and kept is not True:
            self.tell(self.say(storage_word(kept)))

    async def show_storage(self) -> None:
        """In the statistics: whether the browser keeps the site's data, how much that is, and the backup's button."""
        el["restore-profile"].hidden = self.state.store.get(PROFILE_BACKUP_KEY) is None
        kept = await persisted()
        line = self.say(storage_word(kept))
        # What the game keeps in localStorage, which the browser's estimate() leaves out (it counts the caches).
        usage = self.state.store.size()
        if usage:
            line += " " + self.say("storage_usage", size=size_text(usage))
        el["storage-status"].textContent = line


def local_date() -> str:
    now = js.Date.new()
    return f"{now.getFullYear()}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


def storage_word(kept: bool | None) -> str:
    return "storage_unknown" if kept is None else "storage_persisted" if kept else "storage_not_persisted"


def storage_manager() -> Any:
    storage = getattr(window.navigator, "storage", None)
    return None if is_none(storage) or is_none(getattr(storage, "persist", None)) else storage


async def persisted(ask: bool = False) -> bool | None:
    """True if the browser keeps the site's data, False if it may clear it, None if it cannot say."""
    storage = storage_manager()
    if storage is None:
        return None
    try:
        return bool(await storage.persisted()) or (bool(await storage.persist()) if ask else False)
    except JsException:
        return None


def size_text(size: int) -> str:
    """Bytes as the person reads them: whole kilobytes, or megabytes from 10 MB (no decimal point to translate)."""
    return f"{round(size / 1e6)} MB" if size >= 10e6 else f"{max(1, round(size / 1e3))} kB"
