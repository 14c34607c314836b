"""The save format: its version, its move lines, and loading a save (trust nothing, explain every
refusal, never half-load).

``Game.to_json`` writes a save and ``Game.from_json`` reads one through ``load``; this module knows
the game only as the class handed to ``load``, so it imports nothing of ``game`` and the arrow
between the two points one way (game → saves).

A save holds the table as it is and the seed plus every turn since the first
deal. The table is checked on its own (cards, chips, columns, turn) so a
refusal can say what is wrong, then the game is rebuilt from seed and turns,
and must come out as the same table. What is returned is the rebuilt game.
"""

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar

from .cards import CARDS, FULL_DECK, SIX, SUIT_NAMES, SUITS, Card, cards_of, mask_of
from .core import FREE_PASS, MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS, PAID_PASS, SIX_D, LogEntry, check_deal
from .inbound import SEEDS, Refused, is_seed, read_json

SAVE_VERSION = 3
PASS_WORDS = {PAID_PASS: "--", FREE_PASS: "-0"}  # how a save's move line writes a pass
MAX_SAVE_CHARS = 2_000_000  # a 300-round game saves in well under 100 kB
SAVE_DEPTH = 3  # the save's object, its "first_deal" and that deal's list of hands
MAX_ROUNDS = 100_000


Save: TypeAlias = dict[str, Any]  # a save's JSON object, as read


def _from_version_1(data: Save) -> Save:
    # Version 2 added the house rules; a version 1 game was played by the standard ones.
    return {**data, "version": 2, "rules": {"may_pass": False}}


def _from_version_2(data: Save) -> Save:
    # Version 3 added casual games (take-backs allowed); every earlier game was a real one.
    return {**data, "version": 3, "casual": False}


MIGRATIONS: dict[int, Callable[[Save], Save]] = {
    1: _from_version_1,
    2: _from_version_2,
}  # save version -> the same save one version newer


class SaveError(ValueError):
    """A save that cannot be loaded, and why; nothing was loaded."""


def move_line(log: Sequence[LogEntry]) -> str:
    """One round's turns (a ``Round.log``) as a save writes them: "6D 7D -- 5D -0"."""
    return " ".join(str(CARDS[e]) if e >= 0 else PASS_WORDS[e] for e in log)


def turns_of(line: str) -> list[str | None]:
    """The turns of one round's move line: a card notation per play, None per pass.

    >>> turns_of("6D 7D -- 5D -0")
    ['6D', '7D', None, '5D', None]
    """
    return [None if word in PASS_WORDS.values() else word for word in line.split()]


class Saved(Protocol):
    """What ``load`` needs of a game: its save, to check against the one read."""

    def to_json(self) -> str: ...


G_co = TypeVar("G_co", bound=Saved, covariant=True)


class Replays(Protocol[G_co]):
    """What ``load`` needs of the game's class (``Game``): a game rebuilt from its seed and turns."""

    def replay(
        self,
        players: int,
        chips: int,
        seed: int,
        moves: Sequence[Sequence[str | None]],
        first_deal: tuple[int, list[list[str]]] | None,
        may_pass: bool,
        casual: bool,
        /,
    ) -> G_co: ...


def load(game_class: Replays[G_co], text: object) -> G_co:
    """The game (an instance of ``game_class``, rebuilt by its ``replay``) that the save ``text``
    holds; ``SaveError`` saying what is wrong otherwise."""

    def need(condition: object, message: str) -> None:
        if not condition:
            raise SaveError(message)

    def whole(value: object, low: int, high: int, what: str) -> int:
        if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
            raise SaveError(f"{what} must be a whole number from {low} to {high}, not {_short(value)}")
        return value

    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("this is not a Sixes save: it is not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError(f"a save is JSON text, not {type(text).__name__}")
    try:
        data = read_json(text, deepest=SAVE_DEPTH, longest=MAX_SAVE_CHARS)
    except Refused as error:
        raise SaveError(f"this is not a Sixes save: {error}") from None
    need(isinstance(data, dict), "this is not a Sixes save: it is not a JSON object")
    version = data.get("version")
    need(version is not None, "this is not a Sixes save: it has no version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        raise SaveError(
            f"this save was written by a newer Sixes (save version {version}; this one reads {SAVE_VERSION})"
        )
    while type(version) is int and version in MIGRATIONS:
        data = MIGRATIONS[version](data)
        version = data["version"]
    need(
        version == SAVE_VERSION and not isinstance(version, bool),
        f"save version {_short(version)} cannot be read (this Sixes reads version {SAVE_VERSION})",
    )

    players = whole(data.get("players"), MIN_PLAYERS, MAX_PLAYERS, "the number of players")
    start = whole(data.get("start_chips"), MIN_CHIPS, MAX_CHIPS, "the starting chips")
    seed = data.get("seed")
    need(is_seed(seed), f"the seed must be a whole number from 0 to {SEEDS.stop - 1}, not {_short(seed)}")
    round_number = whole(data.get("round"), 1, MAX_ROUNDS, "the round number")
    rules = data.get("rules")
    need(
        isinstance(rules, dict) and set(rules) == {"may_pass"} and isinstance(rules["may_pass"], bool),
        'the house rules must be given as {"may_pass": true or false}',
    )
    casual = data.get("casual")
    need(isinstance(casual, bool), f"whether the game is casual must be true or false, not {_short(casual)}")
    total = players * start

    def seat_list(key: str, what: str) -> list[int]:
        values = data.get(key)
        need(isinstance(values, list) and len(values) == players, f"{what} must list {players} seats")
        return [whole(v, 0, total, f"{what} of seat {seat}") for seat, v in enumerate(values)]

    chips = seat_list("chips", "the chips")
    pot = whole(data.get("pot"), 0, total, "the pot")
    need(
        sum(chips) + pot == total,
        f"the chips do not add up: the seats hold {sum(chips)} and the pot {pot}, "
        f"but {players} players starting with {start} make {total}",
    )
    start_chips = seat_list("round_start_chips", "the chips at the deal")
    need(sum(start_chips) == total, f"the chips at the deal add up to {sum(start_chips)}, not {total}")

    def card_list(value: object, where: str) -> list[Card]:
        if not isinstance(value, str):
            raise SaveError(f'{where} must be text such as "6D 7D"')
        cards = []
        for word in value.split():
            try:
                cards.append(Card.parse(word))
            except ValueError:
                raise SaveError(f"{where}: {_short(word)} is not a card of this deck") from None
        return cards

    hands_text = data.get("hands")
    need(isinstance(hands_text, list) and len(hands_text) == players, f"the hands must list {players} seats")
    hands = [card_list(h, f"the hand of seat {seat}") for seat, h in enumerate(hands_text)]
    columns_data = data.get("columns")
    need(
        isinstance(columns_data, dict) and sorted(columns_data) == sorted(SUITS),
        "the columns must be given for the four suits S, H, D and C",
    )
    columns = {suit: card_list(columns_data[suit], f"the {SUIT_NAMES[suit]} column") for suit in SUITS}

    seen = 0
    for cards in [*hands, *columns.values()]:
        for card in cards:
            need(not seen & card.bit, f"the card {card} is in the save twice")
            seen |= card.bit
    need(
        seen == FULL_DECK, "the deck does not add up: " + ", ".join(map(str, cards_of(FULL_DECK & ~seen))) + " missing"
    )

    for suit, cards in columns.items():
        if cards:
            need(all(c.suit == suit for c in cards), f"the {SUIT_NAMES[suit]} column holds another suit's card")
            ranks = sorted(c.index % 10 for c in cards)
            need(
                ranks == list(range(ranks[0], ranks[-1] + 1)) and ranks[0] <= SIX <= ranks[-1],
                f"the {SUIT_NAMES[suit]} column must be an unbroken run through its 6, not {' '.join(map(str, cards))}",
            )
    played = mask_of(c for cards in columns.values() for c in cards)
    need(not played or played >> SIX_D & 1, "a column has started before the 6D was led")

    whole(data.get("dealer"), 0, players - 1, "the dealer")  # checked fully by the replay
    turn = whole(data.get("turn"), 0, players - 1, "the seat to act")
    out = [seat for seat, hand in enumerate(hands) if not hand]
    need(len(out) <= 1, f"seats {' and '.join(map(str, out))} have both gone out, but a round ends with the first")
    if out:
        need(pot == 0, "the round is over but the pot was not paid out")
    elif not rules["may_pass"]:  # under the house rule the 6D holder may pass before leading
        need(
            played or hands[turn] and Card.parse("6D") in hands[turn],
            f"seat {turn} cannot be to act: the seat holding the 6D leads",
        )

    moves = data.get("moves")
    need(
        isinstance(moves, list) and len(moves) == round_number and all(isinstance(m, str) for m in moves),
        f"the move history must hold one line for each of the {round_number} rounds",
    )
    rounds = [turns_of(line) for line in moves]
    for number, turns in enumerate(rounds, 1):
        for word in filter(None, turns):  # None is a pass
            try:
                Card.parse(word)
            except ValueError:
                raise SaveError(f"round {number} of the move history: {_short(word)} is not a move") from None

    first_deal = data.get("first_deal")
    if first_deal is not None:
        need(
            isinstance(first_deal, dict)
            and isinstance(first_deal.get("hands"), list)
            and len(first_deal["hands"]) == players,
            "the first deal is not readable",
        )
        first_deal = (
            whole(first_deal.get("dealer"), 0, players - 1, "the first dealer"),
            [[str(c) for c in card_list(h, "the first deal")] for h in first_deal["hands"]],
        )
        try:
            check_deal([mask_of(h) for h in first_deal[1]], SaveError)
        except SaveError as error:
            raise SaveError(f"the first deal is wrong: {error}") from None

    try:
        game = game_class.replay(players, start, seed, rounds, first_deal, rules["may_pass"], casual)
    except ValueError as error:
        raise SaveError(f"the move history breaks the rules: {error}") from None
    rebuilt = json.loads(game.to_json())
    for key, value in rebuilt.items():
        need(
            _same(key, value, data.get(key)),
            f"the save's {key.replace('_', ' ')} do not match its own move history (the save was edited or damaged)",
        )
    return game


def _same(key: str, rebuilt: Any, saved: Any) -> bool:
    if key in ("hands",):
        return [sorted(h.split()) for h in rebuilt] == [sorted(h.split()) for h in saved]
    if key == "columns":
        return {s: sorted(v.split()) for s, v in rebuilt.items()} == {s: sorted(v.split()) for s, v in saved.items()}
    return bool(rebuilt == saved)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
