"""Every key the page keeps in localStorage, in one place: its name, what it holds, its version, and whether a
profile (sixes.model.profile) carries it to another browser. docs/storage.md's list of keys is this one
(profile.storage_table).

A key's version is the version of what it holds: a save says its own (``"version"`` inside, read by
``Game.from_json``), the others say theirs in their name; settings are read field by field, so they have none
to change. A later version that cannot read an earlier one through its defaults takes a new name.
"""

from dataclasses import dataclass

from ..engine.saves import SAVE_VERSION


@dataclass(frozen=True)
class Key:
    name: str
    holds: str
    version: int
    in_profile: bool = True  # False: it belongs to this browser, not to the person


# localStorage keys (and the Web Lock sixes.browser.storage takes is named like the game's, but is not one).
GAME_KEY, SETTINGS_KEY, BACKUP_KEY = "sixes.game", "sixes.settings", "sixes.game.backup"
STATS_KEY, DAILY_KEY, REVIEW_KEY, TAKEBACKS_KEY = (
    "sixes.stats.v1",
    "sixes.daily.v1",
    "sixes.review.v1",
    "sixes.takebacks.v1",
)
PROFILE_BACKUP_KEY, STORAGE_KEY = "sixes.profile.backup", "sixes.storage.v1"
TABLE_KEY = "sixes.table.v1"  # written and read by assets/boot.js alone
SEQ_KEY = "sixes.game.seq"  # the number of the game's last save, beside it and in its IndexedDB copy
GUIDE_KEY = "sixes.guide"  # the guided first deal while it is played
WATCHED_KEY = "sixes.watched"  # the game of an all-bot table (?bots=all), never the person's
PRACTISE_KEY = "sixes.practise.v1"
# The statistics of each game of the family, each under a key of its own; Sixes' is STATS_KEY, as it always was.
FAMILY_STATS_KEYS = {
    "sevens": "sixes.stats.sevens.v1",
    "fan-tan": "sixes.stats.fan-tan.v1",
    "cinquillo": "sixes.stats.cinquillo.v1",
}
STATS_KEYS = {"sixes": STATS_KEY, **FAMILY_STATS_KEYS}  # by variant (engine.variants.VARIANTS)


KEYS = (
    Key(GAME_KEY, "the game in progress, chips and every move so far (a save, `Game.to_json`)", SAVE_VERSION),
    Key(SETTINGS_KEY, "the player's choices, a field each (`settings.SETTINGS`):", 1),
    Key(BACKUP_KEY, "a saved game this version could not open, kept for the player instead of lost", SAVE_VERSION),
    Key(
        STATS_KEY,
        "the statistics: games played, won and left and rounds played and won by level, chips won and lost",
        1,
    ),
    *(
        Key(key, f"the statistics of {name} games, as `sixes.stats.v1` keeps Sixes'", 1)
        for name, key in FAMILY_STATS_KEYS.items()
    ),
    Key(DAILY_KEY, "the daily deal being played, and each day's result for a year", 1),
    Key(REVIEW_KEY, "the marks and the expert's results of the rounds reviewed lately", 1),
    Key(
        PRACTISE_KEY,
        "the player's costly choices kept as positions to practise, how each went, and their share game by game",
        1,
    ),
    Key(TAKEBACKS_KEY, "the take-backs of the casual game in progress, for its game log", 1),
    Key(PROFILE_BACKUP_KEY, "the profile that loading one replaced, to be brought back once", 1, in_profile=False),
    Key(
        STORAGE_KEY, "whether this browser was asked to keep the site's data, and the player told", 1, in_profile=False
    ),
    Key(
        SEQ_KEY,
        "the number of the game's last save, also in its IndexedDB copy: the newer of the two is resumed",
        1,
        in_profile=False,
    ),
    Key(
        GUIDE_KEY,
        "the guided first deal while it is played (a save), so a reload resumes it; removed when it ends",
        SAVE_VERSION,
        in_profile=False,
    ),
    Key(
        WATCHED_KEY,
        "the game of the last all-bot table (`?bots=all`), a game of its own: the player's is never played by a bot",
        SAVE_VERSION,
        in_profile=False,
    ),
    Key(
        TABLE_KEY,
        "the table as last drawn, shown at the next visit's first paint until Python is up",
        1,
        in_profile=False,
    ),
)
BY_NAME = {key.name: key for key in KEYS}
PROFILE_KEYS = tuple(key.name for key in KEYS if key.in_profile)
