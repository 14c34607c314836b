"""Reading what the browser kept (settings, statistics, records): text that may be missing, damaged, old or hostile.

Every kept text is read within bounds (``sixes.engine.inbound``), measured before it is parsed, so a hostile text
(100,000 ``[`` that would overflow the page's stack, or megabytes under one key) is read as nothing rather than
crashing the page. Within them, each reader checks what it reads and keeps what it can use.
"""

from typing import Any, TypeAlias

from ..engine.inbound import Refused, read_json
from ..engine.saves import SAVE_DEPTH
from . import keys

# A JSON object as read back: its values are whatever the stored text held, so each reader checks them.
JsonObject: TypeAlias = dict[str, Any]

# How deeply each format the page keeps nests its JSON, as the page writes it (measured: tests/model/
# test_readers_property.py measures them again). A profile holds none deeper than its format and ROOM.
DEPTHS = {
    keys.GAME_KEY: SAVE_DEPTH,  # the save, its first deal, that deal's hands (read by the save's loader)
    keys.SETTINGS_KEY: 2,  # the settings, the bots' levels
    **dict.fromkeys(keys.STATS_KEYS.values(), 3),  # the statistics (each game's), by_level, a level's counts
    keys.DAILY_KEY: 3,  # the record, its results, a day's result
    keys.REVIEW_KEY: 6,  # the store, its entries, a round's marks, a mark, its values, a card's values
    keys.PRACTISE_KEY: 5,  # the store, its positions, a position, its values, a card's values
    keys.TAKEBACKS_KEY: 5,  # the record, its entries, a take-back, its moves, a move
}
FORMAT_DEPTH = max(DEPTHS.values())  # for a text of no format named here (a save that did not open, say)
# Nesting a profile may hold beyond a format's own: a later version that nests a new field a little deeper (without
# a new key name) still loads here, for the fields this one knows.
ROOM = 2
# What the browser kept is read to this depth, whatever its key: far deeper than any format (FORMAT_DEPTH), so that a
# value damaged deeper (or a later version's) loses only itself, as each reader skips what it cannot use (practice
# skips one position, the rest kept); and far shallower than the page's stack, which 100,000 levels overflow.
KEPT_DEPTH = 32
# localStorage keeps about 5 MB for a whole site (and a profile is at most as much): a longer text was never the
# page's own.
LONGEST = 5 * 1024 * 1024
# The most any count kept may be (games, rounds, chips won, answers): far beyond a lifetime's play, and small
# enough to show; a larger one was never counted.
MOST = 10**9


def json_object(text: str | bytes | None) -> JsonObject:
    """The JSON object in ``text``, or an empty one if there is none to read (none, not JSON, not an object, longer
    than LONGEST or nested deeper than KEPT_DEPTH): the caller keeps what it can use.

    >>> json_object('{"chips": 7}'), json_object("[1]"), json_object("{"), json_object(None)
    ({'chips': 7}, {}, {}, {})
    >>> json_object('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"), json_object('{"a": "' + "x" * LONGEST + '"}')
    ({}, {})
    """
    if text is None:  # nothing kept under the key
        return {}
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        data = read_json(text, deepest=KEPT_DEPTH, longest=LONGEST)
    except (Refused, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def short(value: object) -> str:
    """``value`` as a refusal names it: its repr, cut short.

    >>> short("<b>x</b>"), short(10**50)
    ("'<b>x</b>'", '1000000000000000000000000000000000000...')
    """
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
