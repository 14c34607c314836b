"""A profile: everything the page keeps for the person, in one file they can take to another browser.

Export writes every key a profile carries (sixes.model.keys) under a versioned envelope; import trusts nothing in
the file and refuses it whole, saying why, before anything is written. Replacing a browser's profile keeps the one
replaced, to be brought back once. Pure Python (the page's storage is anything with get, set and remove), so the
same code runs under CPython in the tests and in the page.
"""

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from html import escape
from typing import Protocol

from ..engine.core import MAX_CHIPS, MAX_PLAYERS
from ..engine.game import Game
from ..engine.inbound import Refused, depth, read_json
from ..engine.saves import SAVE_VERSION, SaveError
from .deals import DailyRecord
from .kept import DEPTHS, FORMAT_DEPTH, KEPT_DEPTH, LONGEST, ROOM, JsonObject
from .keys import (
    BACKUP_KEY,
    BY_NAME,
    DAILY_KEY,
    GAME_KEY,
    KEYS,
    PRACTISE_KEY,
    PROFILE_BACKUP_KEY,
    PROFILE_KEYS,
    REVIEW_KEY,
    SETTINGS_KEY,
    STATS_KEYS,
)
from .settings import SETTINGS
from .stats import Stats
from .words import Say

FORMAT = "sixes.profile.v1"
VERSION = 1  # of the envelope: FORMAT's last number
SITE = "0.1.0"  # the site's version, pyproject.toml's (a test keeps the two the same)
MAX_BYTES = LONGEST  # a profile is a few kilobytes; a bigger file is not one, and would not fit in storage
# How deeply a profile nests: the envelope, its keys, and each key's value as deeply as the page reads one (its
# format's depth and room). Measured before the file is parsed, so a deeper one is refused without recursion.
PROFILE_DEPTH = 2 + FORMAT_DEPTH + ROOM
SAVES = (GAME_KEY, BACKUP_KEY)  # the keys that hold a game save (the backup is one that did not load: not checked)
# The keys whose every figure is checked, by what they are called and what says what is impossible in them; a file
# holding an impossible one is refused. Export writes them as the page reads them (``REWRITES``), so what an older
# version wrote, read there with the impossible cut away, loads in another browser.
CHECKS: dict[str, tuple[str, Callable[[object], list[str]]]] = {
    **dict.fromkeys(STATS_KEYS.values(), ("its statistics", Stats.check)),
    DAILY_KEY: ("its daily record", DailyRecord.check),
}
REWRITES: dict[str, Callable[[str], str]] = {
    **dict.fromkeys(STATS_KEYS.values(), lambda text: Stats.from_json(text).to_json()),
    DAILY_KEY: lambda text: DailyRecord(text).to_json(),
}


class Store(Protocol):
    """Where the page keeps its keys (sixes.browser.storage's Store, or a test's): text by key, and a write that
    says whether the text was kept."""

    def get(self, key: str, /) -> str | None: ...

    def set(self, key: str, text: str, /) -> bool: ...

    def remove(self, key: str, /) -> None: ...


class ProfileError(ValueError):
    """A file refused, and why: ``reason`` is one of REASONS (the page says it in the person's words), the
    message adds what was found. Nothing was written."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{REASONS[reason]}: {detail}")
        self.reason, self.detail = reason, detail


REASONS = {
    "not_profile": "this is not a Sixes profile",
    "truncated": "this profile is cut short",
    "too_large": "this file is too large to be a profile",
    "newer": "this profile was saved by a newer Sixes",
    "bad_save": "the game saved in this profile cannot be opened",
    "wrong_types": "this profile holds something of the wrong kind",
}


@dataclass
class Profile:
    """What a profile holds: when it was saved, by which site, and each key's text as the page keeps it."""

    saved: str
    site: str
    texts: dict[str, str]

    def summary(self) -> "Summary":
        return summary_of(self.texts, self.saved)


@dataclass(frozen=True)
class Summary:
    """What a person recognises their profile by: games and rounds played, the chips in the game in progress, the
    positions left to practise."""

    games: int
    rounds: int
    chips: int | None  # the person's chips in the game in progress; None: no game
    saved: str  # an ISO date, or "" for what this browser holds now
    practise: int = 0  # positions to practise (not yet answered right twice)


def export(read: Callable[[str], str | None], saved: str, site: str = SITE) -> str:
    """The profile that ``read(key)`` (the stored text, or None) holds, as the text of its file; ``saved`` is
    the date and time (ISO) written in it. A key whose text is not a JSON object is left out: the page cannot
    read it either.

    >>> kept = {"sixes.settings": '{"name": "Ann"}', "sixes.stats.v1": "{damaged"}
    >>> json.loads(export(kept.get, "2026-12-01T10:00:00Z"))["keys"]
    {'sixes.settings': {'name': 'Ann'}}
    """
    keys: dict[str, JsonObject] = {}
    for key in PROFILE_KEYS:
        text = read(key)
        if text is not None and key in REWRITES and _object(text, KEPT_DEPTH) is not None:  # (what the page reads)
            text = REWRITES[key](text)
        value = _object(text, _deepest(key))
        if value is not None:
            keys[key] = value
    versions = {key: BY_NAME[key].version for key in keys}
    return json.dumps(
        {"format": FORMAT, "saved": saved, "site": site, "keys": keys, "versions": versions},
        ensure_ascii=False,
        indent=1,
    )


def parse(data: object) -> Profile:
    """The Profile in the file ``data`` (bytes or text); ``ProfileError`` saying why not otherwise."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_BYTES:
            raise ProfileError("too_large", f"{len(data):,} bytes; a profile is at most {MAX_BYTES:,}")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise ProfileError("not_profile", "it is not UTF-8 text") from None
    if not isinstance(data, str):
        raise ProfileError("not_profile", f"a profile is text, not {type(data).__name__}")
    if len(data) > MAX_BYTES:  # (characters: never fewer than its bytes)
        raise ProfileError("too_large", f"{len(data):,} characters; a profile is at most {MAX_BYTES:,} bytes")
    text = data.removeprefix("\ufeff")  # a byte-order mark some editors add
    if not text.strip():
        raise ProfileError("not_profile", "the file is empty")
    try:
        envelope = read_json(text, deepest=PROFILE_DEPTH, longest=MAX_BYTES)
    except Refused as error:
        if text.lstrip().startswith("{") and _cut_short(text):
            raise ProfileError("truncated", "the file ends before its JSON does") from None
        raise ProfileError("not_profile", str(error)) from None
    if not isinstance(envelope, dict):
        raise ProfileError("not_profile", f"it holds a JSON {_kind(envelope)}, not an object")
    return _profile(envelope)


def _profile(envelope: JsonObject) -> Profile:
    form = envelope.get("format")
    version = re.fullmatch(r"sixes\.profile\.v([1-9][0-9]{0,8})", form) if isinstance(form, str) else None
    if version is None:
        known = "a game record (open it from the game log)" if form == "sixes-record" else "it has no profile format"
        raise ProfileError("not_profile", known)
    if int(version[1]) > VERSION:
        raise ProfileError("newer", f"its format is {form}; this Sixes reads {FORMAT}")
    saved, site, keys = envelope.get("saved"), envelope.get("site"), envelope.get("keys")
    versions = envelope.get("versions", {})
    if not isinstance(saved, str) or _date(saved) is None:
        raise ProfileError("wrong_types", f"its date is {_short(saved)}, not an ISO date")
    if not isinstance(site, str) or len(site) > 40:
        raise ProfileError("wrong_types", f"its site version is {_short(site)}, not a short text")
    if not isinstance(keys, dict):
        raise ProfileError("wrong_types", f"its keys are a JSON {_kind(keys)}, not an object")
    if not isinstance(versions, dict):
        raise ProfileError("wrong_types", f"its versions are a JSON {_kind(versions)}, not an object")
    return Profile(saved, site, {key: _text(key, value, versions) for key, value in keys.items()})


def _text(key: str, value: object, versions: JsonObject) -> str:
    """The text the page keeps under ``key`` for the file's ``value`` (at its version in ``versions``), checked."""
    if key not in BY_NAME:
        if key.startswith("sixes."):
            raise ProfileError("newer", f"it holds {_short(key)}, which this Sixes does not keep")
        raise ProfileError("wrong_types", f"it holds {_short(key)}, which is not a key of Sixes")
    if not BY_NAME[key].in_profile:
        raise ProfileError("wrong_types", f"it holds {key}, which belongs to one browser and is never in a profile")
    version = versions.get(key, BY_NAME[key].version)  # (a save says its own version too)
    if type(version) is not int or version < 1:
        raise ProfileError("wrong_types", f"the version of {key} is {_short(version)}, not a whole number")
    if version > BY_NAME[key].version:
        raise ProfileError("newer", f"{key} is at version {version}; this Sixes reads version {BY_NAME[key].version}")
    if not isinstance(value, dict):
        raise ProfileError("wrong_types", f"{key} holds a JSON {_kind(value)}, not an object")
    if key == GAME_KEY:
        saved = value.get("version")
        if type(saved) is int and saved > SAVE_VERSION:
            raise ProfileError("newer", f"its game is save version {saved}; this Sixes reads {SAVE_VERSION}")
        try:
            return Game.from_json(json.dumps(value)).to_json()  # (an older save comes out in today's version)
        except SaveError as error:
            raise ProfileError("bad_save", str(error)) from None
        except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:  # a check the loader missed
            raise ProfileError("bad_save", f"{type(error).__name__}: {error}") from None
    compact = key in SAVES or key in (REVIEW_KEY, PRACTISE_KEY)  # written as their own modules write them
    text = json.dumps(value, separators=(",", ":") if compact else None)
    nested = depth(text)
    if nested > _deepest(key):
        raise ProfileError("wrong_types", f"{key} is nested {nested} deep; its format, to {_deepest(key)}")
    if key in CHECKS:
        what, check = CHECKS[key]
        problems = check(value)
        if problems:
            raise ProfileError("wrong_types", f"{what} cannot be: {'; '.join(problems[:3])}")
    return text


def replace(store: Store, profile: Profile, saved: str) -> bool:
    """Make ``profile`` the one ``store`` keeps, keeping the one it replaces under PROFILE_BACKUP_KEY (``saved``:
    the date written in that). True if done; False if storage refused a write, and then ``store`` holds
    exactly what it held. ``store.set`` says whether the text was kept, as the page's Store does."""
    return _write(store, {PROFILE_BACKUP_KEY: export(store.get, saved), **_writes(profile)})


def restore(store: Store) -> bool:
    """Bring back the profile that the last ``replace`` replaced, once: its backup is then removed. True if done;
    False if there is none (or it cannot be read, or storage refused), and ``store`` is as it was."""
    try:
        profile = parse(store.get(PROFILE_BACKUP_KEY) or "")
    except ProfileError:
        return False
    return _write(store, {**_writes(profile), PROFILE_BACKUP_KEY: None})


def backup(store: Store) -> Profile | None:
    """The profile that the last ``replace`` replaced, or None."""
    try:
        return parse(store.get(PROFILE_BACKUP_KEY) or "")
    except ProfileError:
        return None


def _writes(profile: Profile) -> dict[str, str | None]:
    # Replacing a profile: every key it carries, and none that it does not (None removes the key).
    return {key: profile.texts.get(key) for key in PROFILE_KEYS}


def _write(store: Store, writes: Mapping[str, str | None]) -> bool:
    before = {key: store.get(key) for key in writes}
    for key, text in writes.items():
        if text is None:
            store.remove(key)
        elif not store.set(key, text):  # full (or refused): put back what was there, byte for byte
            for old_key, old in before.items():
                store.remove(old_key) if old is None else store.set(old_key, old)
            return False
    return True


def summary_of(texts: Mapping[str, str | None], saved: str = "") -> Summary:
    """The Summary of the profile whose keys hold ``texts`` (key: text).

    >>> summary_of({"sixes.stats.v1": '{"by_level": {"easy": {"games": 2, "rounds": 9}}}'}, "2026-12-01T10:00Z")
    Summary(games=2, rounds=9, chips=None, saved='2026-12-01', practise=0)
    """
    from .practise import PractiseStore  # (the review's model, read only when a profile is compared)

    # (as Statistics reads them, never impossible: every game of the family's)
    counts = [c for key in STATS_KEYS.values() for c in Stats.from_json(texts.get(key)).by_level.values()]
    game = _object(texts.get(GAME_KEY), _deepest(GAME_KEY)) or {}
    chips = game.get("chips")
    mine = chips[0] if isinstance(chips, list) and chips and type(chips[0]) is int else None
    return Summary(
        sum(c["games"] for c in counts),
        sum(c["rounds"] for c in counts),
        mine if mine is not None and 0 <= mine <= MAX_CHIPS * MAX_PLAYERS else None,
        saved[:10] if _date(saved) else "",
        PractiseStore(texts.get(PRACTISE_KEY)).waiting(),
    )


def summary_html(incoming: Summary, replaced: Summary, say: Say, incoming_label: str = "profile_file") -> str:
    """A table of what a profile holds (from a file, or the backup) beside what it would replace, in the
    person's language."""

    def cells(summary: Summary, field: str) -> str:
        value = getattr(summary, field)
        return "—" if value is None or value == "" else escape(str(value))

    head = "".join(
        f'<th scope="col">{escape(say(key))}</th>' for key in ("profile_what", incoming_label, "profile_here")
    )
    rows = "".join(
        f'<tr><th scope="row">{escape(say(key))}</th><td>{cells(incoming, field)}</td>'
        f"<td>{cells(replaced, field)}</td></tr>"
        for key, field in (
            ("profile_games", "games"),
            ("profile_rounds", "rounds"),
            ("profile_chips", "chips"),
            ("profile_saved", "saved"),
            ("profile_practise", "practise"),  # (last: the rows before keep their places)
        )
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def file_name(date: str) -> str:
    """The name of a profile saved on ``date`` (YYYY-MM-DD, the person's own)."""
    return f"sixes-profile-{date}.json"


def _object(text: str | None, deepest: int) -> JsonObject | None:
    """The JSON object in ``text``, nested at most ``deepest``; None if there is none."""
    if text is None:  # nothing kept under the key
        return None
    try:
        value = read_json(text, deepest=deepest, longest=LONGEST)
    except Refused:
        return None
    return value if isinstance(value, dict) else None


def _deepest(key: str) -> int:
    """How deeply a profile's value under ``key`` may nest: its format's depth, and room for a later version's."""
    return DEPTHS.get(key, FORMAT_DEPTH) + ROOM


def _date(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _cut_short(text: str) -> bool:
    """Whether ``text``, refused, is JSON cut short rather than malformed: still open where it ends (inside a string,
    or wanting more)."""
    if depth(text) > PROFILE_DEPTH:  # (parsed again below to find where it stops: only if it can be, safely)
        return False
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        end = len(text.rstrip())
        rest = text[error.pos : end]
        return (
            error.pos >= end
            or error.msg.startswith("Unterminated string")
            or any(word.startswith(rest) for word in ("true", "false", "null"))
        )
    except ValueError:  # (a number too long to read)
        return False
    return False


def _kind(value: object) -> str:
    return {
        dict: "object",
        list: "array",
        str: "string",
        int: "number",
        float: "number",
        bool: "true or false",
        type(None): "null",
    }[type(value)]


def _short(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    except (ValueError, RecursionError):
        text = _kind(value)
    return text if len(text) <= 40 else text[:37] + "…"


def storage_table() -> str:
    """Every key kept (keys.KEYS, the settings' with each field of the table of settings) as docs/storage.md's table:
    a test keeps that copy the same.

    >>> storage_table().splitlines()[2]
    '| `sixes.game` | 3 | yes | the game in progress, chips and every move so far (a save, `Game.to_json`) |'
    """
    held = {SETTINGS_KEY: " " + ", ".join(f"`{name}` {row.holds}" for name, row in SETTINGS.items())}
    rows = [
        f"| `{key.name}` | {key.version} | {'yes' if key.in_profile else 'no'} | {key.holds}{held.get(key.name, '')} |"
        for key in KEYS
    ]
    return "\n".join(["| Key | Version | In a profile | What it holds |", "| --- | --- | --- | --- |", *rows])
