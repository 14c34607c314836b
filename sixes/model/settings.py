"""The person's choices (name, bots' levels, chips, speed, language, deck, looks, house rules), saved apart from the game.

Anything a saved copy or a settings form holds that is not a valid choice falls back to the default.
"""

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

from ..engine.core import MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS
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


@dataclass
class Settings:
    """The person's choices, saved apart from the game; anything unreadable falls back to the default."""

    name: str = ""  # "" is "You" in the page's language
    levels: list[str] = field(default_factory=lambda: ["medium"] * len(BOT_NAMES))
    chips: int = 10
    speed: str = "normal"
    autoplay: bool = False
    may_pass: bool = False  # house rule: pass (and pay) even with a card to play
    lang: str = "en"
    deck: str = "french"  # how cards are drawn and named: french, four (colours) or spanish
    players: int = 5  # house rule: 3 to 6 at the table
    sound: bool = True  # a card's snap and a chip's clink
    show_lacks: bool = True  # draw what each seat's passes prove it does not hold (off: count them yourself)
    theme: str = "system"  # light, dark, or as the system says (THEMES)
    card_size: str = "normal"  # the hand's and the columns' cards: normal, large or compact (CARD_SIZES)

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

    def updated(
        self,
        /,  # (a saved {"self": ...} is one more field to ignore, not a second self)
        name: object = None,
        levels: object = None,
        chips: object = None,
        speed: object = None,
        autoplay: object = None,
        may_pass: object = None,
        lang: object = None,
        players: object = None,
        deck: object = None,
        sound: object = None,
        show_lacks: object = None,
        theme: object = None,
        card_size: object = None,
        **_ignored: object,
    ) -> "Settings":
        """A copy with every valid given field changed (a settings form or a save may hold junk)."""
        result = Settings(**asdict(self))
        if isinstance(name, str):
            result.name = name.strip()[:MAX_NAME]
        # Settings saved before six-player tables hold four levels: the fifth bot keeps its own.
        if isinstance(levels, list) and len(levels) in (4, len(BOT_NAMES)) and all(lv in LEVELS for lv in levels):
            result.levels = list(levels) + result.levels[len(levels) :]
        if isinstance(chips, int) and not isinstance(chips, bool) and MIN_CHIPS <= chips <= MAX_CHIPS:
            result.chips = chips
        if isinstance(speed, str) and speed in SPEEDS:  # (a list or an object is unhashable: never looked up)
            result.speed = speed
        if isinstance(autoplay, bool):
            result.autoplay = autoplay
        if isinstance(may_pass, bool):
            result.may_pass = may_pass
        if isinstance(lang, str) and lang in LANGUAGES:
            result.lang = lang
        if isinstance(deck, str) and deck in DECKS:
            result.deck = deck
        if type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:
            result.players = players
        if isinstance(sound, bool):
            result.sound = sound
        if isinstance(show_lacks, bool):
            result.show_lacks = show_lacks
        if isinstance(theme, str) and theme in THEMES:
            result.theme = theme
        if isinstance(card_size, str) and card_size in CARD_SIZES:
            result.card_size = card_size
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
