"""What comes from outside (a link, a file, a save the browser kept) read within bounds before it is used: JSON no
longer and no deeper than its format allows, measured before the parser sees it, and whole numbers in their range.

Python's ``json`` parses nesting by recursion: under CPython a deep text is a ``RecursionError``, but in the page
(Pyodide) 100,000 ``[`` overflow the WebAssembly stack first and kill the interpreter. So the depth is counted here,
in one pass and without recursion, and a text nested deeper than its format is refused before it is parsed.
"""

import json
import re
from itertools import accumulate
from typing import Any

SEEDS = range(2**64)  # a game's seed: what a link may ask for, a save keeps and a record replays
SEED_DIGITS = len(str(SEEDS.stop - 1))  # 20: a longer text is refused before it is read as a number

# A JSON string (its escapes included), matched without backtracking, so the brackets inside strings are not counted.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class Refused(ValueError):
    """Input that is not read, and why (in English, for the console and the tests; the page says it in words)."""


def depth(text: str) -> int:
    """How deeply the JSON ``text`` nests its arrays and objects (0 for a bare value), counted without parsing.

    >>> depth('{"a": [1, {"b": "[[["}]}'), depth("[" * 100_000), depth("7")
    (3, 100000, 0)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


def read_json(text: str, *, deepest: int, longest: int) -> Any:
    """The JSON value in ``text``, if it is at most ``longest`` characters and nests at most ``deepest`` levels;
    ``Refused`` saying why otherwise (also for text that is not JSON, or a number too long to read).

    >>> read_json('{"moves": ["6D 7D"]}', deepest=2, longest=100)
    {'moves': ['6D 7D']}
    >>> read_json("[[[]]]", deepest=2, longest=100)
    Traceback (most recent call last):
    ...
    sixes.engine.inbound.Refused: it is nested 3 deep, deeper than 2
    """
    if len(text) > longest:
        raise Refused(f"{len(text):,} characters is far too long (at most {longest:,})")
    nested = depth(text)
    if nested > deepest:
        raise Refused(f"it is nested {nested:,} deep, deeper than {deepest}")
    try:
        return json.loads(text)
    except RecursionError:  # (not reached: the depth is bounded above)
        raise Refused("it is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise Refused(f"it is not valid JSON ({error})") from None
    except ValueError as error:  # a number of more digits than Python converts (4,300)
        raise Refused(f"it holds a number too long to read ({error})") from None


def is_seed(value: object) -> bool:
    """Whether ``value`` is a seed a game can be dealt from and reopened with.

    >>> is_seed(0), is_seed(2**64 - 1), is_seed(2**64), is_seed(-1), is_seed(True)
    (True, True, False, False, False)
    """
    return type(value) is int and value in SEEDS


def seed_of(text: str) -> int:
    """The seed a link's text gives: plain digits 0-9, fewer than 2**64; ``Refused`` saying why otherwise.

    >>> seed_of("42"), seed_of("18446744073709551615")
    (42, 18446744073709551615)
    >>> seed_of("²")
    Traceback (most recent call last):
    ...
    sixes.engine.inbound.Refused: a seed is a whole number from 0 to 18446744073709551615, not '²'
    """
    refusal = Refused(f"a seed is a whole number from 0 to {SEEDS.stop - 1}, not {text[:24]!r}")
    # ("²".isdigit() is True and int() refuses it; a text of 4,301 digits is more than int() reads.)
    if not (0 < len(text) <= SEED_DIGITS and text.isascii() and text.isdigit()):
        raise refusal
    seed = int(text)
    if seed not in SEEDS:
        raise refusal
    return seed
