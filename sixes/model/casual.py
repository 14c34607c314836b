"""The take-backs of a casual game, for its game log: kept beside the save, which a take-back leaves
exactly as it was before the move taken back (so the save cannot hold them itself).

Pure Python, read tolerantly: the page keeps ``to_json()`` in localStorage under ``KEY``.
"""

import json
from collections.abc import Sequence
from typing import Any, TypedDict, TypeGuard

from ..engine.cards import ALL_CARDS, Card
from ..engine.game import Game, Move
from ..engine.variants import Variant
from . import keys
from .kept import json_object
from .table import narrate
from .words import Say

KEY = keys.TAKEBACKS_KEY  # the page keeps the record under it


class Entry(TypedDict):
    """One take-back as kept: its round, how many of the round's turns stayed, and the moves undone."""

    round: int
    at: int
    # Each [seat, card notation or None, chips paid], as JSON keeps it (a list, checked by _readable).
    moves: list[list[Any]]


# A take-back as ``TakeBacks.of`` gives it: (round, turns before, moves undone).
TakeBack = tuple[int, int, list[Move]]


def game_of(game: Game) -> str:
    """Which game a record of take-backs belongs to: a new casual game starts a new record."""
    return f"{game.seed}/{game.players}/{game.start_chips}"


class TakeBacks:
    """Each take-back of one game: the round, how many turns of it stayed, and the moves undone.

    >>> import sixes
    >>> game = sixes.Game.from_hands([["6D", "5D"], ["7D", "4D", *"AS 2S 3S 4S 5S 6S 7S JS QS KS".split()],
    ...     [f"{r}H" for r in "A234567JQK"], [f"{r}C" for r in "A234567JQK"], ["JD", "QD", "KD", "AD", "2D", "3D"]],
    ...     casual=True)
    >>> game.play("6D"); game.play("7D")
    >>> record = TakeBacks(); record.add(game, game.take_back(0))
    >>> TakeBacks(record.to_json()).of(game)
    [(1, 0, [Move(seat=0, card=Card('6D'), paid=0), Move(seat=1, card=Card('7D'), paid=0)])]
    """

    def __init__(self, text: str | None = None) -> None:
        data = json_object(text)
        self.game: str | None = data.get("game") if isinstance(data.get("game"), str) else None
        entries = data.get("entries")
        self.entries: list[Entry] = (
            [entry for entry in entries if _readable(entry)] if isinstance(entries, list) else []
        )

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "entries": self.entries})

    def add(self, game: Game, undone: Sequence[Move]) -> None:
        """``undone`` (moves, oldest first) was just taken back in ``game``, which now stands where they began."""
        if self.game != game_of(game):
            self.game, self.entries = game_of(game), []
        at = len(game.history)
        for entry in self.entries:  # an earlier take-back in the stretch just undone now stands here too
            if entry["round"] == game.round_number and entry["at"] > at:
                entry["at"] = at
        moves = [[move.seat, move.card and str(move.card), move.paid] for move in undone]
        self.entries.append({"round": game.round_number, "at": at, "moves": moves})

    def of(self, game: Game) -> list[TakeBack]:
        """The take-backs of ``game`` so far, as (round, turns before, moves undone); none for another game."""
        if not game.casual or self.game != game_of(game):
            return []
        return [
            (
                entry["round"],
                entry["at"],
                [Move(seat, card and Card.parse(card, ALL_CARDS), paid) for seat, card, paid in entry["moves"]],
            )
            for entry in self.entries
            if entry["round"] <= game.round_number
        ]


def _readable(entry: object) -> TypeGuard[Entry]:
    if not isinstance(entry, dict) or type(entry.get("round")) is not int or type(entry.get("at")) is not int:
        return False
    moves = entry.get("moves")
    try:
        return (
            isinstance(moves, list)
            and bool(moves)
            and all(
                type(seat) is int and type(paid) is int and (card is None or Card.parse(card, ALL_CARDS))
                for seat, card, paid in moves
            )
        )
    except (TypeError, ValueError):
        return False


def line(undone: Sequence[Move], names: Sequence[str], say: Say, rules: Variant) -> str:
    """A take-back in words: the moves it undid, the person's own first."""
    return say("took_back", moves="; ".join(narrate(move, names, say, rules) for move in undone))


def with_take_backs(
    lines: Sequence[str],
    game: Game,
    take_backs: Sequence[TakeBack],
    names: Sequence[str],
    say: Say,
    results: bool = False,
) -> list[str]:
    """The game log's ``lines`` of ``game`` (record.log_lines: a deal line per round, then a line per turn, and with
    ``results`` a line at each finished round's end) with a line for each of its ``take_backs`` (``TakeBacks.of``)
    where it happened."""
    starts: list[int] = []  # the index in ``lines`` of each round's deal line
    at = 0
    rounds = json.loads(game.to_json())["moves"]
    for number, turns in enumerate(rounds, 1):
        starts.append(at)
        at += 1 + len(turns.split()) + (results and (number < len(rounds) or game.round_over))
    with_lines = list(lines)
    for number, kept, undone in reversed(take_backs):  # from the last, so earlier places do not move
        with_lines.insert(starts[number - 1] + 1 + kept, line(undone, names, say, game.rules))
    return with_lines
