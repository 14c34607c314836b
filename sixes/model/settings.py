"""The person's choices (name, bots' levels, chips, speed, language, deck, looks, house rules), saved apart from the game.

Anything a saved copy or a settings form holds that is not a valid choice falls back to the default.
"""

import json
from collections.abc import Callable, Collection, Iterable
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ..engine.core import MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS
from ..engine.variants import VARIANTS
from .kept import json_object
from .words import DECKS, LANGUAGES, Say, say_in

BOT_NAMES = ("Aled", "Bethan", "Carys", "Dafydd", "Elin")  # seats 1..; a table of n players seats the first n-1
LEVELS = ("easy", "medium", "hard")
# Seconds a bot "thinks" before its move shows; the move's animation takes part of it.
SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}
MAX_NAME = 20
# The page's looks (assets/first.js applies them before the first paint): "system" follows prefers-color-scheme.
THEMES = ("system", "light", "dark")
CARD_SIZES = ("normal", "large", "compact")


@dataclass(frozen=True)
class Setting:
    """One of the person's choices, described once: what it may be, the control that sets it, what follows a change,
    and the words docs/storage.md gives it (keys.py). Its default is the Settings field's."""

    holds: str  # what it is, in docs/storage.md's words
    allowed: Collection[object] = ()  # the values it may take (empty: any value of the default's type)
    read: Callable[[object, Any], object] | None = None  # a value read from outside to the value kept (None: refused)
    # The header's control that sets it, by id: a select, a checkbox, or a button whose aria-pressed shows it.
    control: str = ""
    in_setup: bool = False  # the New game form has a field of its name, taken only with the deal
    # What follows a change from its control (Controller.change_setting): "" nothing but the save, "draw" the table
    # drawn again, "play" drawn and a forced move maybe made, "words" the page's words and table in the new ones,
    # "looks" the theme and card size applied (assets/first.js).
    then: str = ""

    def valid(self, value: object, current: object, settings: "Settings") -> object:
        """``value`` as this setting keeps it, or None if it may not be that (a bool is never an int here)."""
        if self.read is not None:
            return self.read(value, settings)
        if type(value) is not type(current):
            return None
        try:
            return value if not self.allowed or value in self.allowed else None
        except TypeError:  # (an unhashable value looked up in a dict)
            return None


def _name(value: object, _settings: object) -> object:
    return value.strip()[:MAX_NAME] if isinstance(value, str) else None


def _levels(value: object, settings: Any) -> object:
    # Settings saved before six-player tables hold four levels: the fifth bot keeps its own.
    if isinstance(value, list) and len(value) in (4, len(BOT_NAMES)) and all(level in LEVELS for level in value):
        return list(value) + settings.levels[len(value) :]
    return None


def setting(default: object, **described: Any) -> Any:
    """A field of Settings with its Setting (the row of the table that validation, the controls and the docs read)."""
    factory = (lambda: list(default)) if isinstance(default, list) else None
    meta = {"setting": Setting(**described)}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass
class Settings:
    """The person's choices, saved apart from the game; anything unreadable falls back to the default. Each field
    is a row of the one table of settings (``setting``; ``SETTINGS`` by name): a new choice is one field here, its
    control in index.html with its words, and a test."""

    name: str = setting("", holds="the player's name", read=_name, in_setup=True)  # "": "You" in their language
    levels: list[str] = setting(["medium"] * len(BOT_NAMES), holds="the bots' levels", read=_levels)  # noqa: RUF009 (field() with its row: a new list each)
    chips: int = setting(10, holds="the starting chips", allowed=range(MIN_CHIPS, MAX_CHIPS + 1), in_setup=True)
    speed: str = setting("normal", holds="the bots' speed", allowed=SPEEDS, control="speed", in_setup=True)
    autoplay: bool = setting(False, holds="forced moves played for the player", control="autoplay", then="play")
    # House rule: pass (and pay) even with a card to play.
    may_pass: bool = setting(False, holds="the house rule to pass with a card to play", in_setup=True)
    lang: str = setting("en", holds="the language", allowed=LANGUAGES, control="lang", then="words")
    # How cards are drawn and named: french, four (colours) or spanish.
    deck: str = setting(
        "french", holds="the cards (`french`, `four`, `spanish`)", allowed=DECKS, control="deck", then="words"
    )
    players: int = setting(
        5, holds="the players at the table", allowed=range(MIN_PLAYERS, MAX_PLAYERS + 1), in_setup=True
    )
    sound: bool = setting(True, holds="sound", control="sound")  # a card's snap and a chip's clink
    # Draw what each seat's passes prove it does not hold (off: count them yourself).
    show_lacks: bool = setting(True, holds="the missing cards shown", control="show-lacks", then="draw")
    theme: str = setting(
        "system", holds="the theme (`system`, `light`, `dark`)", allowed=THEMES, control="theme", then="looks"
    )
    card_size: str = setting(
        "normal",
        holds="the card size (`normal`, `large`, `compact`)",
        allowed=CARD_SIZES,
        control="card-size",
        then="looks",
    )

    # The game of the family the New game dialog deals (RULES.md, "The family"); a link may deal another.
    variant: str = setting(
        "sixes",
        holds="the game of the family dealt (`sixes`, `sevens`, `fan-tan`, `cinquillo`)",
        allowed=VARIANTS,
        in_setup=True,
    )

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None) -> "Settings":
        """Settings from saved text, keeping each valid field and defaulting the rest.

        >>> settings = Settings.from_json('{"name": "Ann", "chips": 500, "levels": ["hard"]}')
        >>> settings.name, settings.chips, settings.levels
        ('Ann', 10, ['medium', 'medium', 'medium', 'medium', 'medium'])
        """
        return cls().updated(**json_object(text))

    def updated(self, /, **changes: object) -> "Settings":
        """A copy with every valid given field changed (a settings form or a save may hold junk; unknown names
        are ignored). Positional-only self: a saved {"self": ...} is one more field to ignore.

        >>> kept = Settings().updated(chips=True, players="4", sound=1, theme=["dark"], speed="fast", self=2)
        >>> kept.chips, kept.players, kept.sound, kept.theme, kept.speed
        (10, 5, True, 'system', 'fast')
        """
        result = Settings(**asdict(self))
        for name, value in changes.items():
            row = SETTINGS.get(name)
            if row is not None and (kept := row.valid(value, getattr(self, name), self)) is not None:
                setattr(result, name, kept)
        return result

    @property
    def say(self) -> Say:
        return say_in(self.lang, self.deck)

    @property
    def names(self) -> list[str]:
        return [self.name or self.say("you"), *BOT_NAMES]


def first_language(preferred: Iterable[object]) -> str:
    """The first of the browser's languages (``navigator.languages``) this page speaks, else English."""
    for tag in preferred:
        lang = str(tag).split("-")[0].lower()
        if lang in LANGUAGES:
            return lang
    return "en"


SETTINGS: dict[str, Setting] = {row.name: row.metadata["setting"] for row in fields(Settings)}
