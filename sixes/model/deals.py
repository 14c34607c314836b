"""Shared and daily deals: a game's seed and rules as a link, the deal of the day, and its remembered result.

Pure Python, so the page and the tests agree on every seed without a browser.
"""

import json
from collections.abc import Mapping
from datetime import date, timedelta
from random import Random
from typing import Literal, NotRequired, TypedDict, TypeGuard
from urllib.parse import urlencode

from ..engine.core import MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS, Seat
from ..engine.game import Game
from ..engine.saves import MAX_ROUNDS
from ..engine.variants import VARIANTS
from ..engine.variants import variant as rules_of
from . import keys
from .kept import JsonObject, json_object, short
from .words import Say


class Rules(TypedDict):
    """A game's rules, as a link gives them."""

    players: int
    chips: int
    may_pass: bool
    variant: str  # the game of the family (engine.variants.VARIANTS)


class DayResult(TypedDict):
    """How the person ended a day's deal."""

    chips: int
    won: bool
    rounds: NotRequired[int]  # the rounds it lasted (results kept before this was written lack it)


DAILY_KEY = keys.DAILY_KEY  # localStorage: the daily deal being played, and each day's result
# Everyone's daily deal is the standard game of Sixes, whatever the person last chose (docs/storage.md).
DAILY_RULES: Rules = {"players": 5, "chips": 10, "may_pass": False, "variant": "sixes"}
KEPT_DAYS = 366  # results older than a year are dropped, so the record stays small
DAILY_MOST = DAILY_RULES["players"] * DAILY_RULES["chips"]  # a day's chips: never more than the whole table's


def daily_seed(date: str) -> int:
    """The seed of the deal for ``date`` ("YYYY-MM-DD"), the same on every machine and Python.

    >>> daily_seed("2026-11-29") == daily_seed("2026-11-29") != daily_seed("2026-11-30")
    True
    """
    return Random(f"sixes/daily/{date}").getrandbits(32)  # a text seed is hashed, not Python's hash()


def rules_of_game(game: Game) -> Rules:
    return {"players": game.players, "chips": game.start_chips, "may_pass": game.may_pass, "variant": game.variant}


def link_query(game: Game) -> str:
    """The query string that deals ``game`` again: its seed and its rules.

    >>> from sixes import Game
    >>> link_query(Game(players=6, chips=15, seed=7, may_pass=True))
    'seed=7&players=6&chips=15&may_pass=1'
    >>> link_query(Game(seed=7, variant="fan-tan"))
    'seed=7&players=4&chips=10&variant=fan-tan'
    """
    fields: dict[str, int | str] = {"seed": game.seed, "players": game.players, "chips": game.start_chips}
    if game.may_pass:
        fields["may_pass"] = 1
    if game.variant != "sixes":
        fields["variant"] = game.variant
    return urlencode(fields)


# A link's rules: each a whole number of plain digits in its range (players, chips).
LINK_NUMBERS = {"players": range(MIN_PLAYERS, MAX_PLAYERS + 1), "chips": range(MIN_CHIPS, MAX_CHIPS + 1)}


def link_number(text: str, allowed: range) -> int | None:
    """The whole number a link's ``text`` gives, if it is one of ``allowed`` as a link writes it (plain digits, no
    sign or leading 0); None otherwise.

    >>> link_number("5", range(3, 7)), link_number("9", range(3, 7)), link_number("²", range(3, 7))
    (5, None, None)
    """
    # (Compared as text: "²".isdigit() is True and int() refuses it, and int() reads "٣", " 5" and "+5".)
    return int(text) if text in map(str, allowed) else None


def rules_from_params(params: Mapping[str, str], defaults: Rules) -> Rules:
    """The rules a link asks for (``params``: text values by name), each missing or invalid one from ``defaults``.

    >>> rules_from_params({"players": "3", "chips": "500"}, DAILY_RULES)
    {'players': 3, 'chips': 10, 'may_pass': False, 'variant': 'sixes'}
    >>> rules_from_params({"variant": "sevens"}, DAILY_RULES)["players"]  # (the variant's own table, if not given)
    4
    """
    given = params.get("variant", "")
    variant = given if given in VARIANTS else defaults["variant"]
    if variant != defaults["variant"]:
        defaults = {**defaults, "players": rules_of(variant).players}

    def number(name: Literal["players", "chips"]) -> int:
        given = link_number(params.get(name, ""), LINK_NUMBERS[name])
        return defaults[name] if given is None else given

    may_pass = params["may_pass"] == "1" if "may_pass" in params else defaults["may_pass"]
    return {
        "players": number("players"),
        "chips": number("chips"),
        "may_pass": may_pass,
        "variant": variant,
    }


class DailyRecord:
    """Which daily deal is being played and how each day's went, kept as JSON; unreadable text is a fresh record."""

    def __init__(self, text: str | None = None) -> None:
        self.playing: str | None  # the date of the daily deal in play
        self.results: dict[str, DayResult]  # by date
        self.playing, self.results = _read(json_object(text), [])

    @staticmethod
    def check(data: object) -> list[str]:
        """What makes the daily record ``data`` (as JSON reads it) impossible, in English: [] if nothing does.

        >>> DailyRecord.check({"playing": None, "results": {"<b>x</b>": {"chips": 10**30, "won": True}}})
        ["'<b>x</b>' is not a date YYYY-MM-DD"]
        >>> for problem in DailyRecord.check({"playing": "2026-02-30", "results": {"2026-01-01": {"chips": 51}}}):
        ...     print(problem)
        the deal being played is dated '2026-02-30', not a date YYYY-MM-DD
        the result of 2026-01-01 is {'chips': 51}, not chips and whether it was won
        """
        if not isinstance(data, dict):
            return ["it is not a JSON object"]
        problems: list[str] = []
        _read(data, problems)
        return problems

    def to_json(self) -> str:
        return json.dumps({"playing": self.playing, "results": self.results})

    def start(self, date: str) -> int:
        self.playing = date
        return daily_seed(date)

    def is_daily(self, game: Game) -> bool:
        """``game`` is the daily deal being played (not a later game dealt since, nor a casual one)."""
        return (
            self.playing is not None
            and not game.casual
            and game.seed == daily_seed(self.playing)
            and rules_of_game(game) == DAILY_RULES
        )

    def is_replay(self, game: Game) -> bool:
        """``game`` is a day's deal dealt again after that day's first playing ended: it counts nowhere."""
        return self.is_daily(game) and self.playing in self.results

    def in_progress(self, game: Game, date: str) -> bool:
        """``game`` is ``date``'s deal, unfinished: the daily deal asked for again resumes it."""
        return self.playing == date and self.is_daily(game) and not game.over

    def finish(self, game: Game, seat: Seat = 0) -> None:
        """Remember how ``seat`` ended the daily deal ``game`` (over, or left unfinished: then lost with the chips it
        had); a day's first playing counts, so a deal left and dealt again cannot be tried until it goes well."""
        if self.playing is not None and self.is_daily(game) and self.playing not in self.results:
            self.results[self.playing] = {
                "chips": game.chips[seat],
                "won": game.over and seat in game.winners,
                "rounds": game.round_number,
            }
            for day in sorted(self.results)[:-KEPT_DAYS]:
                del self.results[day]
        self.playing = None

    def result(self, date: str) -> DayResult | None:
        """{"chips": n, "won": bool, "rounds": n} for a day played, else None."""
        return self.results.get(date)

    def streak(self) -> int:
        """Days won in a row, up to the last day played (a day not played, or lost, ends a streak).

        >>> record = DailyRecord()
        >>> record.results = {"2026-12-01": {"chips": 9, "won": True}, "2026-12-03": {"chips": 20, "won": True},
        ...                   "2026-12-04": {"chips": 12, "won": True}}
        >>> record.streak()
        2
        """
        days = sorted(self.results, reverse=True)
        streak = 0
        for number, day in enumerate(days):
            expected = date.fromisoformat(days[0]) - timedelta(days=number)
            if date.fromisoformat(day) != expected or not self.results[day]["won"]:
                break
            streak += 1
        return streak


def daily_rows(record: DailyRecord, say: Say) -> list[tuple[str, str | int]]:
    """(label, value) rows of the daily deals, for Statistics: none until one is played."""
    if not record.results:
        return []
    won = sum(result["won"] for result in record.results.values())
    return [
        (say("stats_daily_won"), f"{won} / {len(record.results)}"),
        (say("stats_daily_streak"), record.streak()),
    ]


def share_line(record: DailyRecord, say: Say) -> str:
    """The last day played, in a line to copy and share: 'Sixes, daily deal of 2026-12-07: won with 14 chips in 5
    rounds' ("" if no day was played). Only the day, the result and the counts: no name, nothing else kept."""
    if not record.results:
        return ""
    day = max(record.results)
    result = record.results[day]
    if "rounds" not in result:
        return ""  # (a result kept before the rounds were)
    word = "daily_share_won" if result["won"] else "daily_share_lost"
    return say(word, date=day, chips=say("chips", result["chips"]), rounds=say("rounds_count", result["rounds"]))


def _read(data: JsonObject, problems: list[str]) -> tuple[str | None, dict[str, DayResult]]:
    """The daily record's deal in play and results in ``data``: what cannot be is dropped, and ``problems`` says why."""
    playing = data.get("playing")
    if playing is not None and not is_date(playing):
        problems.append(f"the deal being played is dated {short(playing)}, not a date YYYY-MM-DD")
        playing = None
    given = data.get("results", {})
    if not isinstance(given, dict):
        problems.append(f"its results are {short(given)}, not an object")
        given = {}
    results: dict[str, DayResult] = {}
    for day, result in given.items():
        if not is_date(day):
            problems.append(f"{short(day)} is not a date YYYY-MM-DD")
        elif not _is_result(result):
            problems.append(f"the result of {day} is {short(result)}, not chips and whether it was won")
        elif not 0 <= result["chips"] <= DAILY_MOST:
            problems.append(f"the result of {day} is {short(result['chips'])} chips, not from 0 to {DAILY_MOST}")
        else:
            results[day] = {"chips": result["chips"], "won": result["won"]}
            rounds = result.get("rounds")
            if type(rounds) is int and 1 <= rounds <= MAX_ROUNDS:
                results[day]["rounds"] = rounds
            elif rounds is not None:
                problems.append(f"the result of {day} lasted {short(rounds)} rounds, not from 1 to {MAX_ROUNDS}")
    if len(results) > KEPT_DAYS:  # (``finish`` keeps the newest: so does reading)
        problems.append(f"it holds {len(results):,} days' results; at most {KEPT_DAYS} are kept")
        results = {day: results[day] for day in sorted(results)[-KEPT_DAYS:]}
    return playing, results


def is_date(value: object) -> bool:
    """Whether ``value`` is a real date as the page writes one, "YYYY-MM-DD".

    >>> is_date("2028-02-29"), is_date("2026-02-29"), is_date("20260101"), is_date("<b>x</b>"), is_date(20260101)
    (True, False, False, False, False)
    """
    try:
        return isinstance(value, str) and date.fromisoformat(value).isoformat() == value
    except ValueError:
        return False


def _is_result(value: object) -> TypeGuard[DayResult]:
    return isinstance(value, dict) and type(value.get("chips")) is int and type(value.get("won")) is bool
