"""The save format: its version, its move lines, and loading a save (trust nothing, explain every
refusal, never half-load).

``Game.to_json`` writes a save and ``Game.from_json`` reads one through ``load``; this module knows
the game only as the class handed to ``load``, so it imports nothing of ``game`` and the arrow
between the two points one way (game → saves).

A save holds the variant (written only where it is not Sixes, so a Sixes save
is what it was before the family came, and one from then loads as Sixes), the
table as it is and the seed plus every turn since the first deal. The table is checked on its own (cards, chips, columns, turn) so a
refusal can say what is wrong, then the game is rebuilt from seed and turns,
and must come out as the same table. What is returned is the rebuilt game.
"""

import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol, TypeAlias, TypeVar, cast

from .cards import EVERY_CARD, SUIT_NAMES, SUITS, Card, CardSet, cards_of, mask_of
from .core import FREE_PASS, MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS, PAID_PASS, LogEntry, check_deal
from .inbound import SEEDS, Refused, is_seed, read_json
from .variants import RULES, SIXES, VARIANTS, Variant

SAVE_VERSION = 3
PASS_WORDS = {PAID_PASS: "--", FREE_PASS: "-0"}  # how a save's move line writes a pass
MAX_SAVE_CHARS = 2_000_000  # a 300-round game saves in well under 100 kB
SAVE_DEPTH = 3  # the save's object, its "first_deal" and that deal's list of hands
MAX_ROUNDS = 100_000
MAX_POINTS = 10_000  # far beyond any game's end (50 points, scored at most 52 a round)


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
    return " ".join(str(EVERY_CARD[e]) if e >= 0 else PASS_WORDS[e] for e in log)


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
        variant: str,
        /,
    ) -> G_co: ...


def load(game_class: Replays[G_co], text: object) -> G_co:
    """The game (an instance of ``game_class``, rebuilt by its ``replay``) that the save ``text``
    holds; ``SaveError`` saying what is wrong otherwise. Each part of the save is read by its own
    function below, in the order a refusal should name what is wrong."""
    data = _current(_save_object(text))
    header = _header(data)
    _chips(data, header)
    table = _table(data, header)
    _turn(data, header, table)
    moves = _moves(data, header)
    first_deal = _first_deal(data, header)
    return _rebuilt(game_class, data, header, moves, first_deal)


def _get(data: Save, key: str) -> Any:
    """What the save holds under ``key`` (None if nothing), as read: to be checked before it is used."""
    return data.get(key)


def _need(condition: object, message: str) -> None:
    if not condition:
        raise SaveError(message)


def _whole(value: object, low: int, high: int, what: str) -> int:
    if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
        raise SaveError(f"{what} must be a whole number from {low} to {high}, not {_short(value)}")
    return value


def _save_object(text: object) -> Save:
    """The save's JSON object, read within bounds."""
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
    _need(isinstance(data, dict), "this is not a Sixes save: it is not a JSON object")
    return cast(Save, data)


def _current(data: Save) -> Save:
    """The save brought up to this version (``MIGRATIONS``); refused if it is newer or unreadable."""
    version = _get(data, "version")
    _need(version is not None, "this is not a Sixes save: it has no version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        raise SaveError(
            f"this save was written by a newer Sixes (save version {version}; this one reads {SAVE_VERSION})"
        )
    while type(version) is int and version in MIGRATIONS:
        data = MIGRATIONS[version](data)
        version = data["version"]
    _need(
        version == SAVE_VERSION and not isinstance(version, bool),
        f"save version {_short(version)} cannot be read (this Sixes reads version {SAVE_VERSION})",
    )
    return data


class Header(NamedTuple):
    """What a save says of the game as a whole: its rules, its table and where it has got to."""

    rules: Variant
    players: int
    start: int  # each player's chips at the start
    seed: int
    round_number: int
    may_pass: bool
    casual: bool

    @property
    def total(self) -> int:
        return self.players * self.start


def _header(data: Save) -> Header:
    """The variant (a save from before the family is of Sixes), the table and the house rules."""
    name: Any = data.get("variant", SIXES.name)
    _need(
        isinstance(name, str) and name in RULES,
        f"this save is of a game this Sixes does not know, {_short(name)} (it knows {', '.join(VARIANTS)})",
    )
    players = _whole(_get(data, "players"), MIN_PLAYERS, MAX_PLAYERS, "the number of players")
    start = _whole(_get(data, "start_chips"), MIN_CHIPS, MAX_CHIPS, "the starting chips")
    seed = _get(data, "seed")
    _need(is_seed(seed), f"the seed must be a whole number from 0 to {SEEDS.stop - 1}, not {_short(seed)}")
    round_number = _whole(_get(data, "round"), 1, MAX_ROUNDS, "the round number")
    rules = _get(data, "rules")
    _need(
        isinstance(rules, dict) and set(rules) == {"may_pass"} and isinstance(rules["may_pass"], bool),
        'the house rules must be given as {"may_pass": true or false}',
    )
    casual = _get(data, "casual")
    _need(isinstance(casual, bool), f"whether the game is casual must be true or false, not {_short(casual)}")
    return Header(RULES[name], players, start, seed, round_number, rules["may_pass"], casual)


def _seat_list(data: Save, header: Header, key: str, what: str, most: int) -> list[int]:
    values = _get(data, key)
    _need(isinstance(values, list) and len(values) == header.players, f"{what} must list {header.players} seats")
    return [_whole(v, 0, most, f"{what} of seat {seat}") for seat, v in enumerate(values)]


def _chips(data: Save, header: Header) -> None:
    """The chips (never made or lost: the seats' and the pot's add up to the start's) and the points."""
    total = header.total
    chips = _seat_list(data, header, "chips", "the chips", total)
    pot = _whole(_get(data, "pot"), 0, total, "the pot")
    _need(
        sum(chips) + pot == total,
        f"the chips do not add up: the seats hold {sum(chips)} and the pot {pot}, "
        f"but {header.players} players starting with {header.start} make {total}",
    )
    start_chips = _seat_list(data, header, "round_start_chips", "the chips at the deal", total)
    _need(sum(start_chips) == total, f"the chips at the deal add up to {sum(start_chips)}, not {total}")
    if header.rules.keeps_points:
        _seat_list(data, header, "points", "the points", MAX_POINTS)


class Table(NamedTuple):
    """The cards as the save lays them: each seat's hand, and the columns."""

    hands: list[list[Card]]
    columns: dict[str, list[Card]]
    played: CardSet


def _cards(value: object, where: str, rules: Variant) -> list[Card]:
    if not isinstance(value, str):
        raise SaveError(f'{where} must be text such as "6D 7D"')
    cards = []
    for word in value.split():
        try:
            cards.append(Card.parse(word, rules.deck))
        except ValueError:
            raise SaveError(f"{where}: {_short(word)} is not a card of this deck") from None
    return cards


def _table(data: Save, header: Header) -> Table:
    """The hands and the columns: the variant's whole deck once, each column an unbroken run through its centre."""
    rules, players = header.rules, header.players
    hands_text = _get(data, "hands")
    _need(isinstance(hands_text, list) and len(hands_text) == players, f"the hands must list {players} seats")
    hands = [_cards(h, f"the hand of seat {seat}", rules) for seat, h in enumerate(hands_text)]
    columns_data = _get(data, "columns")
    _need(
        isinstance(columns_data, dict) and sorted(columns_data) == sorted(SUITS),
        "the columns must be given for the four suits S, H, D and C",
    )
    columns = {suit: _cards(columns_data[suit], f"the {SUIT_NAMES[suit]} column", rules) for suit in SUITS}

    seen = 0
    for cards in [*hands, *columns.values()]:
        for card in cards:
            _need(not seen & card.bit, f"the card {card} is in the save twice")
            seen |= card.bit
    deck = rules.deck
    _need(seen == deck, "the deck does not add up: " + ", ".join(map(str, cards_of(deck & ~seen))) + " missing")

    for suit, cards in columns.items():
        if cards:
            _need(all(c.suit == suit for c in cards), f"the {SUIT_NAMES[suit]} column holds another suit's card")
            slots = sorted(rules.slot[c.index] for c in cards)
            _need(
                slots == list(range(slots[0], slots[-1] + 1)) and slots[0] <= rules.centre_slot <= slots[-1],
                f"the {SUIT_NAMES[suit]} column must be an unbroken run through its {rules.centre}, "
                f"not {' '.join(map(str, cards))}",
            )
    played = mask_of((c for cards in columns.values() for c in cards), deck)
    _need(not played or played >> rules.lead_index & 1, f"a column has started before the {rules.lead} was led")
    return Table(hands, columns, played)


def _turn(data: Save, header: Header, table: Table) -> None:
    """The dealer and the seat to act, and whether the round can stand as it is."""
    players = header.players
    _whole(_get(data, "dealer"), 0, players - 1, "the dealer")  # checked fully by the replay
    turn = _whole(_get(data, "turn"), 0, players - 1, "the seat to act")
    out = [seat for seat, hand in enumerate(table.hands) if not hand]
    _need(len(out) <= 1, f"seats {' and '.join(map(str, out))} have both gone out, but a round ends with the first")
    lead = header.rules.lead
    if out:
        _need(_get(data, "pot") == 0, "the round is over but the pot was not paid out")
    elif not header.may_pass:  # under the house rule the lead's holder may pass before leading
        _need(
            table.played or Card.parse(lead, header.rules.deck) in table.hands[turn],
            f"seat {turn} cannot be to act: the seat holding the {lead} leads",
        )


def _moves(data: Save, header: Header) -> list[list[str | None]]:
    """The move history: one line a round, every word a card of the deck or a pass."""
    moves = _get(data, "moves")
    _need(
        isinstance(moves, list) and len(moves) == header.round_number and all(isinstance(m, str) for m in moves),
        f"the move history must hold one line for each of the {header.round_number} rounds",
    )
    rounds = [turns_of(line) for line in moves]
    for number, turns in enumerate(rounds, 1):
        for word in filter(None, turns):  # None is a pass
            try:
                Card.parse(word, header.rules.deck)
            except ValueError:
                raise SaveError(f"round {number} of the move history: {_short(word)} is not a move") from None
    return rounds


def _first_deal(data: Save, header: Header) -> tuple[int, list[list[str]]] | None:
    """The first round's deal, where the game was begun from hands given (``Game.from_hands``)."""
    first_deal = _get(data, "first_deal")
    if first_deal is None:
        return None
    players, rules = header.players, header.rules
    _need(
        isinstance(first_deal, dict)
        and isinstance(_get(first_deal, "hands"), list)
        and len(first_deal["hands"]) == players,
        "the first deal is not readable",
    )
    dealt = (
        _whole(_get(first_deal, "dealer"), 0, players - 1, "the first dealer"),
        [[str(c) for c in _cards(h, "the first deal", rules)] for h in first_deal["hands"]],
    )
    try:
        check_deal([mask_of(h, rules.deck) for h in dealt[1]], SaveError, rules.deck)
    except SaveError as error:
        raise SaveError(f"the first deal is wrong: {error}") from None
    return dealt


def _rebuilt(
    game_class: Replays[G_co],
    data: Save,
    header: Header,
    moves: list[list[str | None]],
    first_deal: tuple[int, list[list[str]]] | None,
) -> G_co:
    """The game replayed from its seed and turns, which must come out as the table the save holds."""
    try:
        game = game_class.replay(
            header.players,
            header.start,
            header.seed,
            moves,
            first_deal,
            header.may_pass,
            header.casual,
            header.rules.name,
        )
    except ValueError as error:
        raise SaveError(f"the move history breaks the rules: {error}") from None
    rebuilt = json.loads(game.to_json())
    for key, value in rebuilt.items():
        _need(
            _same(key, value, _get(data, key)),
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
