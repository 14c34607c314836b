"""Practise: the person's own costly choices, kept as positions to play again, and how each went.

A position is a round as dealt and played (``review.RoundRecord``) with the expert's mark on one of the person's
choices in it, so the table just before that choice, and the reason the round went on to give, are made again from
what is kept rather than stored twice. Any legal card may be tried there and is judged by that mark, by the rule
the review's marks use. The store the page keeps under PRACTISE_KEY trusts nothing it reads back: each position is
checked on its own against the round it claims to come from, and one that does not hold together is skipped with
the rest kept. It also counts, round by round, the person's choices and the costly ones among them, so the
statistics show that share game by game. Practice reads and writes this store alone: never the game, its save or
the statistics.
"""

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import EVERY_CARD, CardIndex
from ..engine.core import FREE_PASS, MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS, PAID_PASS, Round, check_deal
from ..engine.game import View
from ..engine.inbound import is_seed
from ..engine.saves import MAX_POINTS, MAX_ROUNDS
from ..engine.variants import VARIANTS
from ..engine.variants import variant as variant_rules
from . import hints, keys, review
from .kept import MOST, json_object
from .words import Say

PRACTISE_KEY = keys.PRACTISE_KEY
KEPT = 200  # positions kept, the newest; each is a few hundred bytes (the round, the mark, the progress)
ROUNDS_KEPT = 200  # rounds counted in the share of costly choices, the newest
RETIRED = 2  # right answers in a row that retire a position: once could be luck
SHARES_SHOWN = 10  # games whose share of costly choices the statistics name, the latest
NAME_LONGEST = 100  # characters of a game's name (the page's: its seed and start) or a round's key, as kept
PERSON = review.PERSON
KINDS = ("best", "good", "costly")  # a verdict's kind, best first


@dataclass
class Position:
    """One of the person's costly choices, to be played again, and how practising it has gone."""

    record: review.RoundRecord  # the whole round: its table at the move, and what followed for the reason
    mark: review.Mark  # the expert's values of every legal card there; ``mark.played`` the card really played
    tries: int = 0
    streak: int = 0  # right answers in a row
    last: int = 0  # the store's answer count when last practised; 0: never

    @property
    def key(self) -> str:
        return f"{self.record.key}/{self.mark.move}"

    def table(self) -> Round:
        """The round's table just before the choice."""
        return self.record.at(self.mark.move)

    def view(self) -> View:
        """What the person knew there: their hand, the columns, the counts, chips, pot and what passes proved."""
        return View.of(self.table(), PERSON)

    def legal(self) -> list[CardIndex]:
        return [card.index for card in self.view().legal]

    @property
    def turn(self) -> int:
        """Which of the person's turns in the round it was (from 1), as the review's marks name it."""
        return review.turn_of(self.record, self.mark.move)

    @property
    def retired(self) -> bool:
        return self.streak >= RETIRED

    @property
    def cost(self) -> float:
        """What the card played gave away against the best, in worth."""
        return self.mark.cost


def positions_of(record: review.RoundRecord, marks: Iterable[review.Mark]) -> list[Position]:
    """The clear mistakes of a round (``review.flagged``: costliest first), as positions to practise."""
    return [Position(record, mark) for mark in review.flagged(marks)]


# --- an answer judged --------------------------------------------------------------------------------------------


@dataclass
class Verdict:
    """How a card tried at a position stands against the expert's best there."""

    kind: str  # one of KINDS
    card: CardIndex
    best: CardIndex
    cost: float  # worth it gives away against the best
    reason: review.Reason | None = None  # why it cost: only for "costly"


def judge(position: Position, card: CardIndex) -> Verdict:
    """The verdict on playing ``card`` (an index of a legal card) at ``position``: "best"; "good" when what it
    gives away is inside the estimate's noise or under ``review.COSTLY`` (not a clear mistake, by the rule the
    review flags the person's own choices with); "costly" otherwise, with a reason. The card really played gets
    the review's reason (what the round went on to show); another card, what the hint says for the best card,
    since what that card would have opened was never played out."""
    legal = position.legal()
    if card not in legal:
        shown = ", ".join(str(EVERY_CARD[index]) for index in legal)
        raise ValueError(f"{card!r} is not a card that may be played here: those are {shown}")
    mark = position.mark
    best, cost = mark.best, mark.cost_of(card)
    if card == best:
        return Verdict("best", card, best, cost)
    if not mark.clear_of(card):
        return Verdict("good", card, best, cost)
    if card == mark.played:
        return Verdict("costly", card, best, cost, review.reason(position.record, mark))
    return Verdict(
        "costly", card, best, cost, review.Reason("hint", card, best, hint=hints.reason_for(position.view(), best))
    )


def verdict_text(verdict: Verdict, names: Sequence[str], say: Say) -> str:
    """The verdict in the person's language: 'The best card here.', 'As good as the best.', or 'Still costly: 7♥
    was better.' and why."""
    if verdict.kind != "costly":
        return say(f"practise_{verdict.kind}")
    assert verdict.reason is not None  # (judge gives every costly verdict its reason)
    return say(
        "practise_costly", best=say.label(EVERY_CARD[verdict.best]), why=review.reason_text(verdict.reason, names, say)
    )


def heading(position: Position, say: Say) -> str:
    """Where the position comes from, in words the person can place: 'Round 3, your turn 4'."""
    return say("practise_from", n=position.record.number, turn=position.turn)


# --- kept in the browser -----------------------------------------------------------------------------------------

# A round's count for the share of costly choices: (the game it was in, the person's choices, the costly ones).
RoundCount = tuple[str, int, int]


class PractiseStore:
    """The positions to practise and the rounds counted, as the page keeps them (JSON under PRACTISE_KEY).
    Unreadable text is an empty store; a position or a round that does not hold together is skipped alone."""

    def __init__(self, text: str | None = None) -> None:
        data = json_object(text)
        self.positions: dict[str, Position] = {}  # by key, the oldest first
        for entry in _list(data.get("positions")):
            position = _position_of(entry)
            if position is not None:
                self.positions.setdefault(position.key, position)
        self.rounds: dict[str, RoundCount] = {}  # by the round's key, the oldest first
        for item in _list(data.get("rounds")):
            if _round_count(item):
                self.rounds.setdefault(item[1], (item[0], item[2], item[3]))
        # Every answer given, and the right ones: the positions' own counts go when they do.
        self.answered = _count(data.get("answered"))
        self.right = min(_count(data.get("right")), self.answered)
        # (a position's ``last`` is an answer's number, so the count never runs behind one kept)
        self.answered = max([self.answered, *(position.last for position in self.positions.values())])

    def to_json(self) -> str:
        return json.dumps(
            {
                "answered": self.answered,
                "right": self.right,
                "positions": [_data_of(position) for position in self.positions.values()],
                "rounds": [[game, key, choices, costly] for key, (game, choices, costly) in self.rounds.items()],
            },
            separators=(",", ":"),
        )

    def add(self, positions: Iterable[Position]) -> None:
        """Keep ``positions``; one kept already keeps its progress. Past KEPT, the retired go first, then the
        oldest."""
        for position in positions:
            self.positions.setdefault(position.key, position)
        while len(self.positions) > KEPT:
            retired = (key for key, position in self.positions.items() if position.retired)
            del self.positions[next(retired, next(iter(self.positions)))]

    def note_round(self, game_id: str, record: review.RoundRecord, marks: Iterable[review.Mark]) -> None:
        """Count a round's choices and the costly ones among them (``marks``: all of the round's), once however
        often it is reviewed; ``game_id`` names the game it was in."""
        marks = list(marks)
        if not marks or record.key in self.rounds:  # (a round without a choice says nothing of the share)
            return
        # (a name cut to what the store reads back, so a count kept is never one it then skips)
        self.rounds[record.key] = (game_id[:NAME_LONGEST], len(marks), sum(mark.clear for mark in marks))
        for old in list(self.rounds)[:-ROUNDS_KEPT]:
            del self.rounds[old]

    def keep_round(self, game_id: str | None, record: review.RoundRecord, marks: Sequence[review.Mark]) -> None:
        """What a round's marks, once worked out, give practice: its mistakes as positions, and (for a round of the
        person's game, ``game_id``) its count game by game."""
        self.add(positions_of(record, marks))
        if game_id is not None:
            self.note_round(game_id, record, marks)

    def next(self, after: str | None = None) -> Position | None:
        """The position to practise next: of those not retired, the least practised, then the costliest; not
        ``after`` (the one just answered) while another waits. None: nothing to practise."""
        waiting = [(key, position) for key, position in self.positions.items() if not position.retired]
        choice = [(key, position) for key, position in waiting if key != after] or waiting
        if not choice:
            return None
        return min(choice, key=lambda item: (item[1].tries, -item[1].cost, item[1].last, item[0]))[1]

    def answer(self, key: str, verdict: Verdict) -> None:
        """Count an answer at the position ``key``: a costly card starts its run of right answers again."""
        position = self.positions.get(key)
        if position is None:  # (dropped meanwhile, by another tab's practice)
            return
        right = verdict.kind != "costly"
        self.answered += 1
        self.right += right
        position.tries += 1
        position.streak = position.streak + 1 if right else 0
        position.last = self.answered

    def waiting(self) -> int:
        """Positions still to practise: not retired."""
        return sum(not position.retired for position in self.positions.values())

    def counts(self) -> dict[str, int]:
        """For the statistics: positions kept to practise, retired, and answers given and right."""
        return {
            "kept": self.waiting(),
            "retired": len(self.positions) - self.waiting(),
            "answered": self.answered,
            "right": self.right,
        }

    def by_game(self) -> list[tuple[str, int, int]]:
        """(game, the person's choices, the costly ones) per game, in the order the games were first counted."""
        games: dict[str, tuple[int, int]] = {}
        for game, choices, costly in self.rounds.values():
            before = games.get(game, (0, 0))
            games[game] = (before[0] + choices, before[1] + costly)
        return [(game, choices, costly) for game, (choices, costly) in games.items()]


def stats_rows(store: PractiseStore, say: Say) -> list[tuple[str, str | int]]:
    """(label, value) rows for the statistics, as ``stats.summary_rows`` gives its own: positions to practise,
    answers right of those given, and the share of costly choices in each of the latest games, oldest first."""
    counts = store.counts()
    shares = [f"{round(100 * costly / choices)}%" for _, choices, costly in store.by_game()[-SHARES_SHOWN:]]
    return [
        (say("stats_practise_kept"), counts["kept"]),
        (say("stats_practise_right"), f"{counts['right']} / {counts['answered']}"),
        (say("stats_costly_share"), " · ".join(shares) or "—"),
    ]


# --- reading what was kept: each part checked, since the text may be damaged or hostile --------------------------

RECORD_FIELDS = ("seed", "number", "hands", "chips", "dealer", "may_pass", "log")


def _data_of(position: Position) -> dict[str, Any]:
    record = position.record
    return {
        **{name: getattr(record, name) for name in RECORD_FIELDS},
        # (another game of the family than Sixes says which, with its points: a position of Sixes is as it was)
        **({"variant": record.variant, "points": record.points} if record.variant != "sixes" else {}),
        **position.mark.to_data(),
        "tries": position.tries,
        "streak": position.streak,
        "last": position.last,
    }


def _position_of(entry: object) -> Position | None:
    """The position an entry holds, or None if any part of it does not hold together."""
    if not isinstance(entry, dict):
        return None
    record = _record_of(entry)
    move, values = entry.get("move"), _values_of(entry.get("values"))
    progress = [entry.get(name, 0) for name in ("tries", "streak", "last")]
    if record is None or values is None or not all(_whole(n) and 0 <= n <= MOST for n in progress):
        return None
    if (
        not _whole(move)
        or move not in review.choices(record)
        or sum(1 << index for index in values) != record.at(move).legal()
    ):
        return None  # not a choice the person had there, or not the cards they had to choose from
    return Position(record, review.Mark(move, record.log[move], values), *progress)


def _record_of(entry: dict[str, Any]) -> review.RoundRecord | None:
    fields: list[Any] = [entry.get(name) for name in RECORD_FIELDS]  # (JSON as kept: each checked below)
    seed, number, hands, chips, dealer, may_pass, log = fields
    variant, points = entry.get("variant", "sixes"), entry.get("points", [])
    if not (is_seed(seed) and _whole(number) and 1 <= number <= MAX_ROUNDS and type(may_pass) is bool):
        return None
    if not (isinstance(variant, str) and variant in VARIANTS and (points == [] or _wholes(points))):
        return None
    deck = variant_rules(variant).deck
    if not (_wholes(hands) and MIN_PLAYERS <= len(hands) <= MAX_PLAYERS and all(0 <= h <= deck for h in hands)):
        return None
    if points and (len(points) != len(hands) or not all(0 <= p <= MAX_POINTS for p in points)):
        return None
    try:
        check_deal(hands, ValueError, deck)
    except ValueError:
        return None
    players = len(hands)
    if not (_wholes(chips) and len(chips) == players and min(chips) >= 0 and sum(chips) <= MAX_CHIPS * players):
        return None
    if not (_whole(dealer) and 0 <= dealer < players and _wholes(log)):
        return None
    record = review.RoundRecord(
        seed, number, tuple(hands), tuple(chips), dealer, may_pass, tuple(log), variant, tuple(points)
    )
    return record if _played_out(record) else None


def _played_out(record: review.RoundRecord) -> bool:
    """Whether every move of the record's log could have been made (``core.Round`` trusts its caller)."""
    r = record.start()
    for entry in record.log:
        if r.winner >= 0:  # (a move after the round was won)
            return False
        legal = r.legal()
        if 0 <= entry and legal >> entry & 1:
            r.play(entry)
        elif entry == (PAID_PASS if min(r.chips[r.turn], r.rules.pass_chips) else FREE_PASS) and (
            not legal or r.may_pass
        ):
            r.pass_turn()
        else:
            return False
    return True


def _values_of(data: object) -> dict[CardIndex, review.CardMark] | None:
    """A mark's values as kept (per card: its index and four numbers), or None."""
    if not isinstance(data, list):
        return None
    values: dict[CardIndex, review.CardMark] = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 5 and _whole(item[0]) and 0 <= item[0] < len(EVERY_CARD)):
            return None
        if not all(type(x) in (int, float) and math.isfinite(x) for x in item[1:]):
            return None
        worth, error, chips, wins = (float(x) for x in item[1:])
        values[item[0]] = (worth, error, chips, wins)
    return values if len(values) == len(data) else None  # (a card twice is not a mark)


def _round_count(item: object) -> bool:
    """Whether a kept round's count reads: [game, round key, choices, costly]."""
    if not (isinstance(item, list) and len(item) == 4):
        return False
    game, key, choices, costly = item
    return (
        isinstance(game, str)
        and len(game) <= NAME_LONGEST
        and isinstance(key, str)
        and len(key) <= NAME_LONGEST
        and _whole(choices)
        and _whole(costly)
        and 0 <= costly <= choices
        and choices > 0  # (a round without a choice is never counted: the share would divide by none)
    )


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _whole(value: object) -> bool:
    return type(value) is int  # (not True or False, which JSON keeps apart)


def _wholes(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(map(_whole, value))


def _count(value: object) -> int:
    return value if type(value) is int and 0 <= value <= MOST else 0  # (a count past MOST was never made)
