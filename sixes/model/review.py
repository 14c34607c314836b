"""The review of a finished round: its table move by move, the expert's marks on the person's choices, and
the same deal played again with the hard bot in the person's seat.

Pure Python, so the page and the tests agree on every figure without a browser. The heavy work comes in
small steps (one deal, one bot decision) that the page runs between paints; each step draws only from a
generator seeded by the position (the marks, as the hint there does) or the round (the expert's replay), so
the same round gives the same figures however it is sliced.
"""

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any, TypedDict

from ..engine import expert, inference
from ..engine.bots import BOTS, Thinker
from ..engine.cards import EVERY_CARD, CardIndex, CardSet, mask_of
from ..engine.core import FREE_PASS, PAID_PASS, LogEntry, Round, Seat
from ..engine.game import Game, View
from ..engine.variants import Variant
from ..engine.variants import variant as variant_rules
from . import hints, keys
from .kept import json_object
from .words import Say

if TYPE_CHECKING:  # a review of an imported record is the only one that needs the records
    from .record import Replay

REVIEW_KEY = keys.REVIEW_KEY  # localStorage: the marks and expert results of rounds reviewed lately
KEPT = 40  # rounds kept there, the newest; each is a few hundred bytes
EXPERT_SEEDS = 8  # bot seeds the expert plays the deal with
COSTLY = 0.5  # worth (a chip, or a 30th of a round won): a choice beyond the noise that costs this much is a mistake
ESTIMATOR = "expert/3"  # part of every stored key: a better estimator does not reuse old marks
PERSON = 0


@dataclass(frozen=True)
class RoundRecord:
    """One round as dealt and played: enough to set up its table at any move."""

    seed: int
    number: int
    hands: tuple[CardSet, ...]  # card sets as dealt, per seat
    chips: tuple[int, ...]  # per seat, as the round began
    dealer: Seat
    may_pass: bool
    log: tuple[LogEntry, ...]  # core.Round's log: a card index per play, PAID_PASS or FREE_PASS per pass
    variant: str = "sixes"  # the game of the family it was played in
    points: tuple[int, ...] = ()  # per seat, as the round began, where the variant keeps points

    @property
    def rules(self) -> Variant:
        return variant_rules(self.variant)

    def start(self) -> Round:
        """The round's table before its first move."""
        return Round(self.hands, self.chips, self.dealer, self.may_pass, self.rules, self.points or None)

    @classmethod
    def of_game(cls, game: Game) -> "RoundRecord":
        """The round ``game`` is in (or has just finished), from its public table and history."""
        hands = [mask_of(game.hand(seat), game.rules.deck) for seat in range(game.players)]
        log: list[LogEntry] = []
        for move in game.history:
            if move.card is None:
                log.append(PAID_PASS if move.paid else FREE_PASS)
            else:
                hands[move.seat] |= move.card.bit
                log.append(move.card.index)
        return cls(
            game.seed,
            game.round_number,
            tuple(hands),
            tuple(game.round_start_chips),
            game.dealer,
            game.may_pass,
            tuple(log),
            game.variant,
            tuple(game.round_start_points) if game.rules.keeps_points else (),
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def key(self) -> str:
        """A short name for this round, the same wherever it is played: the digest of its deal and its moves."""
        family = [self.variant, self.points] if self.variant != "sixes" else []  # (a round of Sixes keeps its key)
        text = json.dumps([self.hands, self.chips, self.dealer, self.may_pass, self.log, *family])
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    def at(self, n: int) -> Round:
        """The round's table after its first ``n`` moves (a ``core.Round``: hands, columns, chips, pot, turn)."""
        r = self.start()
        for entry in self.log[:n]:
            r.apply(entry)
        return r

    def before_each_move(self) -> Iterator[tuple[int, LogEntry, Round]]:
        """(move number, its log entry, the table just before it) for every move, on one round played forward."""
        r = self.start()
        for move, entry in enumerate(self.log):
            yield move, entry, r
            r.apply(entry)

    def seats_of_moves(self) -> list[Seat]:
        """The seat that made each move."""
        return [r.turn for _, _, r in self.before_each_move()]

    @property
    def finished(self) -> bool:
        return self.at(len(self.log)).winner >= 0

    def result(self, seat: Seat = PERSON) -> int:
        """The chips ``seat`` won (or lost) in the round."""
        return self.at(len(self.log)).chips[seat] - self.chips[seat]


def round_of_replay(replay: "Replay", number: int) -> RoundRecord:
    """Round ``number`` (from 1) of an imported record (``record.Replay``) as it ended, or as far as it went."""
    deals = [k for k, turn in enumerate(replay.turns) if turn == "deal"]
    if not 1 <= number <= len(deals) + 1:
        raise ValueError(f"the record has rounds 1 to {len(deals) + 1}, not {number}")
    end = deals[number - 1] if number <= len(deals) else len(replay.turns)
    return RoundRecord.of_game(replay.game_at(end))


# --- the expert's marks: the one estimate the hint and the hard bot read too (engine.inference) ------

# What the expert makes of one legal card: (worth, error of the shortfall to the best, chips, share of rounds won).
CardMark = tuple[float, float, float, float]


class MarkData(TypedDict):
    """A mark as ``ReviewStore`` keeps it: the move, and per card [index, *its CardMark rounded]."""

    move: int
    values: list[list[float]]


@dataclass
class Mark:
    """The expert's view of one of the person's choices: the card played, and for every legal card its
    worth (chips plus ``inference.WIN_WORTH`` for a round won), the standard error of its shortfall against
    the best card over the same deals, its chips and its chance to win the round."""

    move: int  # the move's place in the round's log
    played: CardIndex
    values: dict[CardIndex, CardMark]  # card index -> (worth, error of the shortfall to the best, chips, share won)

    @classmethod
    def of_values(cls, move: int, played: CardIndex, values: inference.Values) -> "Mark":
        """The mark of an ``inference.Values``."""
        best = values.best
        return cls(
            move,
            played,
            {
                index: (values.worth(index)[0], values.versus(best, index)[1], values.chips(index), values.wins(index))
                for index in values.cards
            },
        )

    @property
    def best(self) -> CardIndex:
        return max(self.values, key=lambda index: self.values[index][0])

    @property
    def cost(self) -> float:
        """Worth the choice gave away against the best card, on average."""
        return self.cost_of(self.played)

    @property
    def tied(self) -> bool:
        """The card played is as good as the best: what it gave away is inside the estimate's noise."""
        return self.tied_of(self.played)

    @property
    def clear(self) -> bool:
        """A clear mistake: it gave away ``COSTLY`` or more, beyond the noise."""
        return self.clear_of(self.played)

    # The same three of any legal card: practice judges whichever card the person picks by the played card's rule.
    def cost_of(self, index: CardIndex) -> float:
        return self.values[self.best][0] - self.values[index][0]

    def tied_of(self, index: CardIndex) -> bool:
        return self.cost_of(index) <= inference.TIED * self.values[index][1]

    def clear_of(self, index: CardIndex) -> bool:
        return not self.tied_of(index) and self.cost_of(index) >= COSTLY

    def to_data(self) -> MarkData:
        return {
            "move": self.move,
            "values": [[index, *(round(x, 4) for x in value)] for index, value in self.values.items()],
        }


def choices(record: RoundRecord, seat: Seat = PERSON) -> list[int]:
    """The moves where ``seat`` played a card with two or more to choose from: the ones the expert marks.
    (A pass the house rule allowed is not a card choice, and a forced move is no choice at all.)"""
    return [
        move
        for move, entry, r in record.before_each_move()
        if r.turn == seat and entry >= 0 and r.legal().bit_count() >= 2
    ]


def turn_of(record: RoundRecord, move: int, seat: Seat = PERSON) -> int:
    """Which of ``seat``'s turns in the round ``move`` was (from 1): what the marks call it, a number the
    person can count on their own, where a move's place in the round counts everyone's."""
    return record.seats_of_moves()[: move + 1].count(seat)


def mark_text(record: RoundRecord, mark: Mark, say: Say) -> str:
    """One choice in plain words, as a newcomer reads it at a glance: 'Your turn 3: J♦, the best card here.',
    '… as good as the best.', '… nearly as good as J♣.', and for a clear mistake the very figures of the line below
    it (``mark_figures``), so the one can be checked against the other: 'Your turn 3: J♣ was better: 44% to win the
    round and +1.2 chips, against 30% and +0.6 with J♦.' (The marks rank cards by their worth, chips plus a round
    won counted as 30 chips: naming that sum would be a figure the reader cannot find.)"""
    fields: dict[str, object] = {
        "n": turn_of(record, mark.move),
        "card": say.label(EVERY_CARD[mark.played]),
        "best": say.label(EVERY_CARD[mark.best]),
    }
    if mark.best == mark.played:
        return say("mark_plain_best", **fields)
    if mark.tied:
        return say("mark_plain_tied", **fields)
    if not mark.clear:
        return say("mark_plain_close", **fields)
    chips, percent = figures(mark, mark.played, say)
    best_chips, best_percent = figures(mark, mark.best, say)
    return say(
        "mark_plain_versus", chips=chips, percent=percent, best_chips=best_chips, best_percent=best_percent, **fields
    )


def figures(mark: Mark, index: CardIndex, say: Say) -> tuple[str, int]:
    """A card's expert figures as the marks show them: its chips (signed, in the person's numbers) and its chance
    of winning the round in whole percent."""
    _, _, chips, wins = mark.values[index]
    return say.number(chips, signed=True), round(100 * wins)


def mark_figures(mark: Mark, say: Say) -> str:
    """The expert's figures behind a mark, for those who want them: 'J♦: +0.6 chips, 8% to win · J♣: …'."""

    def figure(index: CardIndex) -> str:
        chips, percent = figures(mark, index, say)
        return say(
            "mark_figure", card=say.label(EVERY_CARD[index]), value=say("mark_value", chips=chips, percent=percent)
        )

    shown = [mark.played] if mark.best == mark.played else [mark.played, mark.best]
    return " · ".join(figure(index) for index in shown)


def lesson_text(record: RoundRecord, marks: Sequence[Mark], names: Sequence[str], say: Say) -> str:
    """The round in one line, at its end: the person's costliest choice, if any cost beyond the noise, with the card
    the expert would have played and why ('Your costliest choice: Q♦ on your turn 5. Q♦ let Bethan play …'), or that
    every choice was as good as the expert's; '' when every move was forced."""
    if not marks:
        return ""
    missed = [mark for mark in marks if not mark.tied and mark.best != mark.played]
    if not missed:
        return say("lesson_all_good")
    worst = max(missed, key=lambda mark: mark.cost)
    fields = {"n": turn_of(record, worst.move), "card": say.label(EVERY_CARD[worst.played])}
    if not worst.clear:
        return say("lesson_close", best=say.label(EVERY_CARD[worst.best]), **fields)
    return f"{say('lesson_costliest', **fields)} {reason_text(reason(record, worst), names, say)}"


class Marking:
    """The expert's marks on a round, worked out in slices (``slices()``, an ``inference.Slices``: a step plays
    out one more deal, or warms the chain up a little, for one choice); ``done`` / ``progress`` say how far it
    is; ``marks`` is the result so far. Each choice reads ``expert.expert_values`` at its position, with the
    generator and the deals that position gives, so the hint at that table gives the same figures."""

    def __init__(self, record: RoundRecord, seat: Seat = PERSON) -> None:
        self.record, self.seat = record, seat
        self.moves = choices(record, seat)
        self.marks: list[Mark] = []
        self._steps = self._expected = 0  # of the choice under way

    @property
    def done(self) -> bool:
        return len(self.marks) == len(self.moves)

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1."""
        if not self.moves:
            return 1.0
        part = min(self._steps / self._expected, 1.0) if self._expected else 0.0
        return (len(self.marks) + part) / len(self.moves)

    def slices(self) -> inference.Slices[list[Mark]]:
        for move in self.moves[len(self.marks) :]:
            view = View.of(self.record.at(move), self.seat)
            work = expert.expert_values(view)
            self._steps, self._expected = 0, expert.expert_steps(view)
            while True:
                try:
                    next(work)
                except StopIteration as finished:
                    self.marks.append(Mark.of_values(move, self.record.log[move], finished.value))
                    self._steps = self._expected = 0
                    break
                self._steps += 1
                yield
        return self.marks

    def run(self) -> list[Mark]:
        return inference.run(self.slices())


def marks_of(record: RoundRecord, seat: Seat = PERSON) -> list[Mark]:
    """Every mark on the round at once (the page uses ``Marking`` in steps instead)."""
    return Marking(record, seat).run()


def flagged(marks: Iterable[Mark]) -> list[Mark]:
    """The clear mistakes, costliest first: each is shown with its reason."""
    return sorted((mark for mark in marks if mark.clear), key=lambda mark: -mark.cost)


# --- why a choice cost: what the round went on to show, or what the hint would have said -----------------


@dataclass
class Reason:
    """Why a flagged card cost, as a catalogue key and its fields (card indexes and seats, not yet words)."""

    key: str  # opened_for_winner, opened_for, hint
    card: CardIndex
    best: CardIndex
    seat: Seat | None = None  # who the card helped
    turns: int = 0  # that seat's turns from the mistake to going out
    their_card: CardIndex | None = None  # the card it let them play
    hint: hints.Hint | None = None  # the hint at that position for the best card


def reason(record: RoundRecord, mark: Mark, seat: Seat = PERSON) -> Reason:
    """What the card played opened, and for whom (from the moves that followed); failing that, the reason
    the hint gives for the best card at that position."""
    seats = record.seats_of_moves()
    opened = record.rules.unlocks[mark.played]
    winner = record.at(len(record.log)).winner
    for later in range(mark.move + 1, len(record.log)):
        entry, who = record.log[later], seats[later]
        if who == seat or entry < 0 or not opened >> entry & 1:
            continue
        if who == winner:
            turns = sum(1 for k in range(mark.move + 1, len(record.log)) if seats[k] == who)
            return Reason("opened_for_winner", mark.played, mark.best, who, turns, entry)
        return Reason("opened_for", mark.played, mark.best, who, their_card=entry)
    view = View.of(record.at(mark.move), seat)
    return Reason("hint", mark.played, mark.best, hint=hints.reason_for(view, mark.best))


def reason_text(found: Reason, names: Sequence[str], say: Say) -> str:
    """A flagged choice in the person's language: '7♣ opened the way for Dafydd, who went out 2 turns later.'"""
    label = say.label
    fields = {"card": label(EVERY_CARD[found.card]), "best": label(EVERY_CARD[found.best])}
    if found.seat is not None:
        fields["name"] = names[found.seat]
    if found.key == "opened_for_winner":
        return say("why_opened_for_winner", found.turns, **fields)
    if found.key == "opened_for":
        assert found.their_card is not None  # (reason gives opened_for with the card it opened)
        return say("why_opened_for", their=label(EVERY_CARD[found.their_card]), **fields)
    assert found.hint is not None  # (and the hint for any other key)
    return say("why_hint", words=hints.words(found.hint, say))


# --- your hand in expert hands -------------------------------------------------------------------------


class ExpertPlay:
    """The round's deal played again with the hard bot in the person's seat and the other seats' own bots
    (``levels``, seat 1 first), once per bot seed, in slices (``slices()``: a step plays up to the next real
    bot decision, and a searching bot's decision takes a step per slice of its own). ``results`` holds the
    person's seat's chips won in each replay finished so far."""

    def __init__(
        self,
        record: RoundRecord,
        levels: Iterable[str],
        seeds: int = EXPERT_SEEDS,
        seat: Seat = PERSON,
        expert: str = "hard",
    ) -> None:
        self.record, self.seeds, self.seat, self.expert = record, seeds, seat, expert
        self.levels = list(levels)
        self.results: list[int] = []

    @property
    def done(self) -> bool:
        return len(self.results) == self.seeds

    @property
    def progress(self) -> float:
        return len(self.results) / self.seeds

    def _level(self, seat: Seat) -> str:
        return self.expert if seat == self.seat else self.levels[(seat - self.seat - 1) % len(self.levels)]

    def slices(self) -> inference.Slices[list[int]]:
        record = self.record
        while not self.done:
            r = record.start()
            while r.winner < 0:
                legal = r.legal()
                if not legal:
                    r.pass_turn()
                elif not legal & (legal - 1):
                    r.play(legal.bit_length() - 1)
                else:
                    bot = BOTS[self._level(r.turn)]
                    view = View.of(r, r.turn)
                    rng = Random(f"sixes/expert/{record.key}/seed/{len(self.results)}/turn/{len(r.log)}")
                    if isinstance(bot, Thinker):  # the same card as choose(), worked out a slice a step
                        r.play((yield from bot.think(view, rng)))
                    else:
                        r.play(bot.choose(view, rng))
                    yield
            self.results.append(r.chips[self.seat] - record.chips[self.seat])
        return self.results

    def run(self) -> list[int]:
        return inference.run(self.slices())

    @property
    def mean(self) -> float:
        return sum(self.results) / len(self.results)


def expert_key(record: RoundRecord, levels: Sequence[str]) -> str:
    return f"expert/{record.key}/{'-'.join(levels)}/{EXPERT_SEEDS}"


def marks_key(record: RoundRecord) -> str:
    return f"marks/{ESTIMATOR}/{record.key}"


# --- kept in the browser so a reload does not work it out again ----------------------------------------


class ReviewStore:
    """The marks and expert results of the rounds reviewed lately, as JSON; unreadable text is an empty store."""

    def __init__(self, text: str | None = None) -> None:
        entries = json_object(text).get("entries")
        # Each key's JSON as kept (Any): a round's marks (MarkData) or its expert results; the readers check it.
        self.entries: dict[str, Any] = (
            {key: value for key, value in entries.items() if isinstance(key, str)} if isinstance(entries, dict) else {}
        )

    def to_json(self) -> str:
        return json.dumps({"entries": self.entries}, separators=(",", ":"))

    def put(self, key: str, value: list[MarkData] | list[int]) -> None:
        self.entries.pop(key, None)
        self.entries[key] = value  # the newest last; the oldest go first
        for old in list(self.entries)[:-KEPT]:
            del self.entries[old]

    def marks(self, record: RoundRecord) -> list[Mark] | None:
        """The stored marks of ``record``, or None (none stored, or not readable)."""
        data: Any = self.entries.get(marks_key(record))  # (None, not iterable, when none are stored)
        try:
            # (a card's values that are not four numbers fail to unpack, and the marks are not readable)
            marks = [
                Mark(
                    item["move"],
                    record.log[item["move"]],
                    {
                        int(i): (float(worth), float(error), float(chips), float(wins))
                        for i, worth, error, chips, wins in item["values"]
                    },
                )
                for item in data
            ]
        except (TypeError, KeyError, IndexError, ValueError):
            return None
        return marks if [mark.move for mark in marks] == choices(record) else None

    def put_marks(self, record: RoundRecord, marks: Iterable[Mark]) -> None:
        self.put(marks_key(record), [mark.to_data() for mark in marks])

    def expert(self, record: RoundRecord, levels: Sequence[str]) -> list[int] | None:
        """The stored expert results of ``record`` with these bots, or None."""
        data = self.entries.get(expert_key(record, levels))
        if isinstance(data, list) and len(data) == EXPERT_SEEDS and all(type(x) is int for x in data):
            return data
        return None

    def put_expert(self, record: RoundRecord, levels: Sequence[str], results: Iterable[int]) -> None:
        self.put(expert_key(record, levels), list(results))
