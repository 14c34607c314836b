"""The review of a finished round: its table move by move, the expert's marks on the person's choices, and
the same deal played again with the hard bot in the person's seat.

Pure Python, so the page and the tests agree on every figure without a browser. The heavy work comes in
small steps (one deal, one bot decision) that the page runs between paints; each step draws only from a
generator seeded by the round itself, so the same round gives the same figures however it is sliced.
"""

import hashlib
import json
import math
from dataclasses import dataclass
from random import Random

from ..engine.bots import BEYOND, BOTS, Medium, sample_hands
from ..engine.cards import CARDS, indexes_of, mask_of
from ..engine.core import FREE_PASS, PAID_PASS, UNLOCKS, Round
from ..engine.game import View
from .kept import json_object

from .keys import REVIEW_KEY  # noqa: F401 (localStorage: the marks and expert results of rounds reviewed lately)
KEPT = 40  # rounds kept there, the newest; each is a few hundred bytes
DEALS = 240  # deals per marked turn: the hard bot samples about 130 per decision
SLICE = 4  # deals per step the page runs between paints (each deal plays out every legal card)
EXPERT_SEEDS = 8  # bot seeds the expert plays the deal with
COSTLY = 0.5  # chips: a choice that costs this much against the best, beyond the noise, is flagged
FLAGGED = 3  # at most this many flagged choices per round
ESTIMATOR = "medium-playouts/1"  # part of every stored key: a better estimator does not reuse old marks
PERSON = 0


@dataclass(frozen=True)
class RoundRecord:
    """One round as dealt and played: enough to set up its table at any move."""

    seed: int
    number: int
    hands: tuple  # card sets as dealt, per seat
    chips: tuple  # per seat, as the round began
    dealer: int
    may_pass: bool
    log: tuple  # core.Round's log: a card index per play, PAID_PASS or FREE_PASS per pass

    @classmethod
    def of_game(cls, game):
        """The round ``game`` is in (or has just finished), from its public table and history."""
        hands = [mask_of(game.hand(seat)) for seat in range(game.players)]
        log = []
        for move in game.history:
            if move.card is None:
                log.append(PAID_PASS if move.paid else FREE_PASS)
            else:
                hands[move.seat] |= move.card.bit
                log.append(move.card.index)
        return cls(game.seed, game.round_number, tuple(hands), tuple(game.round_start_chips), game.dealer,
                   game.may_pass, tuple(log))

    @property
    def players(self):
        return len(self.hands)

    @property
    def key(self):
        """A short name for this round, the same wherever it is played: the digest of its deal and its moves."""
        text = json.dumps([self.hands, self.chips, self.dealer, self.may_pass, self.log])
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    def at(self, n):
        """The round's table after its first ``n`` moves (a ``core.Round``: hands, columns, chips, pot, turn)."""
        r = Round(self.hands, self.chips, self.dealer, self.may_pass)
        for entry in self.log[:n]:
            r.pass_turn() if entry < 0 else r.play(entry)
        return r

    def before_each_move(self):
        """(move number, its log entry, the table just before it) for every move, on one round played forward."""
        r = Round(self.hands, self.chips, self.dealer, self.may_pass)
        for move, entry in enumerate(self.log):
            yield move, entry, r
            r.pass_turn() if entry < 0 else r.play(entry)

    def seats_of_moves(self):
        """The seat that made each move."""
        return [r.turn for _, _, r in self.before_each_move()]

    @property
    def finished(self):
        return self.at(len(self.log)).winner >= 0

    def result(self, seat=PERSON):
        """The chips ``seat`` won (or lost) in the round."""
        return self.at(len(self.log)).chips[seat] - self.chips[seat]


def round_of_replay(replay, number):
    """Round ``number`` (from 1) of an imported record (``record.Replay``) as it ended, or as far as it went."""
    deals = [k for k, turn in enumerate(replay.turns) if turn == "deal"]
    if not 1 <= number <= len(deals) + 1:
        raise ValueError(f"the record has rounds 1 to {len(deals) + 1}, not {number}")
    end = deals[number - 1] if number <= len(deals) else len(replay.turns)
    return RoundRecord.of_game(replay.game_at(end))


# --- the expert's estimate of each card ---------------------------------------------------------------

def _medium_playout(rng):
    medium = Medium()

    def choose(r, _legal):
        return medium.choose(View.of(r, r.turn), rng)

    return choose


def card_values(view, rng, deals):
    """Each legal card's expected chips for the seat of ``view`` (its chips at the round's end less its chips
    now), over ``deals`` deals of the unseen cards consistent with the view (``bots.sample_hands``), every
    card played out in the same deals by the medium policy in every seat.

    Returns {card index: (mean, standard error)}, the legal cards in index order: the same shape as
    ``bots.card_values`` of the searching bot, so either can stand for the other.
    """
    candidates = indexes_of(view.legal_mask)
    me = view.seat
    choose = _medium_playout(rng)
    totals = [0] * len(candidates)
    squares = [0] * len(candidates)
    for _ in range(deals):
        hands = sample_hands(view, rng)
        for k, index in enumerate(candidates):
            r = Round.at(hands[:], list(view.chips), view.pot, view.playable, me)
            r.lacks = list(view.lacks)  # what the passes so far proved, for the medium players to use
            r.play(index)
            if r.winner < 0:
                r.play_out(choose)
            won = r.chips[me] - view.chips[me]
            totals[k] += won
            squares[k] += won * won
    values = {}
    for k, index in enumerate(candidates):
        mean = totals[k] / deals
        values[index] = (mean, math.sqrt(max(squares[k] / deals - mean * mean, 0) / deals))
    return values


def pooled(parts):
    """The (mean, standard error) of several ``card_values`` answers over disjoint deals, as if from one call:
    ``parts`` is [(deals, {card: (mean, se)}), ...]. So the page can ask for a few deals at a time."""
    total = sum(deals for deals, _ in parts)
    out = {}
    for index in parts[0][1]:
        mean = sum(deals * values[index][0] for deals, values in parts) / total
        # Each part's spread is se² × deals; add the spread of the parts' means about the whole mean.
        spread = sum(deals * (values[index][1] ** 2 * deals + (values[index][0] - mean) ** 2)
                     for deals, values in parts) / total
        out[index] = (mean, math.sqrt(spread / total))
    return out


@dataclass
class Mark:
    """The expert's view of one of the person's choices: every legal card's (mean, se) and the card played."""

    move: int  # the move's place in the round's log
    played: int  # card index
    values: dict  # card index -> (mean, se)

    @property
    def best(self):
        return max(self.values, key=lambda index: self.values[index][0])

    @property
    def cost(self):
        """Chips the choice gave away against the best card, on average."""
        return self.values[self.best][0] - self.values[self.played][0]

    @property
    def clear(self):
        """The cost stands out of the noise of the two estimates (two standard errors)."""
        error = math.hypot(self.values[self.best][1], self.values[self.played][1])
        return self.cost >= COSTLY and self.cost > 2 * error

    def to_data(self):
        return {"move": self.move, "values": [[index, round(m, 4), round(se, 4)] for index, (m, se) in
                                              self.values.items()]}


def choices(record, seat=PERSON):
    """The moves where ``seat`` played a card with two or more to choose from: the ones the expert marks.
    (A pass the house rule allowed is not a card choice, and a forced move is no choice at all.)"""
    return [move for move, entry, r in record.before_each_move()
            if r.turn == seat and entry >= 0 and r.legal().bit_count() >= 2]


class Marking:
    """The expert's marks on a round, worked out in steps: ``step()`` adds ``SLICE`` deals to one choice and
    says whether more remain; ``done`` / ``progress`` say how far it is; ``marks`` is the result so far."""

    def __init__(self, record, deals=DEALS, seat=PERSON):
        self.record, self.deals, self.seat = record, deals, seat
        self.moves = choices(record, seat)
        self.marks = []
        self._parts = []
        self._rng = None

    @property
    def done(self):
        return len(self.marks) == len(self.moves)

    @property
    def progress(self):
        """The share of the work done, 0 to 1."""
        if not self.moves:
            return 1.0
        dealt = sum(deals for deals, _ in self._parts)
        return (len(self.marks) + dealt / self.deals) / len(self.moves)

    def step(self):
        if self.done:
            return False
        move = self.moves[len(self.marks)]
        view = View.of(self.record.at(move), self.seat)
        if self._rng is None:
            self._rng = Random(f"sixes/review/{ESTIMATOR}/{self.record.key}/move/{move}")
        dealt = sum(deals for deals, _ in self._parts)
        deals = min(SLICE, self.deals - dealt)
        self._parts.append((deals, card_values(view, self._rng, deals)))
        if dealt + deals == self.deals:
            self.marks.append(Mark(move, self.record.log[move], pooled(self._parts)))
            self._parts, self._rng = [], None
        return not self.done

    def run(self):
        while self.step():
            pass
        return self.marks


def marks_of(record, deals=DEALS, seat=PERSON):
    """Every mark on the round at once (the page uses ``Marking`` in steps instead)."""
    return Marking(record, deals, seat).run()


def flagged(marks):
    """The costliest clear mistakes, costliest first, at most ``FLAGGED``."""
    return sorted((mark for mark in marks if mark.clear), key=lambda mark: -mark.cost)[:FLAGGED]


# --- why a choice cost: what the round went on to show ------------------------------------------------

@dataclass
class Reason:
    """Why a flagged card cost, as a catalogue key and its fields (card indexes and seats, not yet words)."""

    key: str  # opened_for_winner, opened_for, led_to_own, worth_more
    card: int
    best: int
    seat: int | None = None  # who the card helped
    turns: int = 0  # that seat's turns from the mistake to going out
    their_card: int | None = None  # the card it let them play
    own: int = 0  # the person's cards waiting behind the best card


def reason(record, mark, seat=PERSON):
    """What the card played opened, and for whom (from the moves that followed); failing that, what the best
    card would have led to in the person's own hand."""
    seats = record.seats_of_moves()
    opened = UNLOCKS[mark.played]
    winner = record.at(len(record.log)).winner
    for later in range(mark.move + 1, len(record.log)):
        entry, who = record.log[later], seats[later]
        if who == seat or entry < 0 or not opened >> entry & 1:
            continue
        if who == winner:
            turns = sum(1 for k in range(mark.move + 1, len(record.log)) if seats[k] == who)
            return Reason("opened_for_winner", mark.played, mark.best, who, turns, entry)
        return Reason("opened_for", mark.played, mark.best, who, their_card=entry)
    hand = record.at(mark.move).hands[seat]
    own = (hand & BEYOND[mark.best]).bit_count()
    if own:
        return Reason("led_to_own", mark.played, mark.best, own=own)
    return Reason("worth_more", mark.played, mark.best)


def reason_text(found, cost, names, say):
    """A flagged choice in the person's language: '7♣ opened the way for Dafydd, who went out 2 turns later.'"""
    label = say.label
    fields = {"card": label(CARDS[found.card]), "best": label(CARDS[found.best]), "chips": f"{cost:.1f}"}
    if found.seat is not None:
        fields["name"] = names[found.seat]
    if found.key == "opened_for_winner":
        return say("why_opened_for_winner", found.turns, **fields)
    if found.key == "opened_for":
        return say("why_opened_for", their=label(CARDS[found.their_card]), **fields)
    if found.key == "led_to_own":
        return say("why_led_to_own", found.own, **fields)
    return say("why_worth_more", **fields)


# --- your hand in expert hands -------------------------------------------------------------------------

class ExpertPlay:
    """The round's deal played again with the hard bot in the person's seat and the other seats' own bots
    (``levels``, seat 1 first), once per bot seed; ``step()`` makes one move. ``results`` holds the person's
    seat's chips won in each replay finished so far."""

    def __init__(self, record, levels, seeds=EXPERT_SEEDS, seat=PERSON, expert="hard"):
        self.record, self.seeds, self.seat, self.expert = record, seeds, seat, expert
        self.levels = list(levels)
        self.results = []
        self._round = None
        self._thinking = None  # a searching bot's decision in progress

    @property
    def done(self):
        return len(self.results) == self.seeds

    @property
    def progress(self):
        return len(self.results) / self.seeds

    def _level(self, seat):
        return self.expert if seat == self.seat else self.levels[(seat - self.seat - 1) % len(self.levels)]

    def step(self):
        """Play up to the next real bot decision of the replay under way; a searching bot's decision is then
        made a slice (one of its deals) per step, so no step runs long."""
        if self.done:
            return False
        record = self.record
        if self._thinking is not None:
            try:
                next(self._thinking)
                return True
            except StopIteration as decided:
                self._thinking = None
                self._round.play(decided.value)
        else:
            if self._round is None:
                self._round = Round(record.hands, record.chips, record.dealer, record.may_pass)
            r = self._round
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
                    if hasattr(bot, "think"):  # the same card as choose(), worked out over the next steps
                        self._thinking = bot.think(view, rng)
                        return True
                    r.play(bot.choose(view, rng))
                    break
        r = self._round
        if r.winner >= 0:
            self.results.append(r.chips[self.seat] - record.chips[self.seat])
            self._round = None
        return not self.done

    def run(self):
        while self.step():
            pass
        return self.results

    @property
    def mean(self):
        return sum(self.results) / len(self.results)


def expert_key(record, levels):
    return f"expert/{record.key}/{'-'.join(levels)}/{EXPERT_SEEDS}"


def marks_key(record):
    return f"marks/{ESTIMATOR}/{DEALS}/{record.key}"


# --- kept in the browser so a reload does not work it out again ----------------------------------------

class ReviewStore:
    """The marks and expert results of the rounds reviewed lately, as JSON; unreadable text is an empty store."""

    def __init__(self, text=None):
        entries = json_object(text).get("entries")
        self.entries = {key: value for key, value in entries.items() if isinstance(key, str)} \
            if isinstance(entries, dict) else {}

    def to_json(self):
        return json.dumps({"entries": self.entries}, separators=(",", ":"))

    def put(self, key, value):
        self.entries.pop(key, None)
        self.entries[key] = value  # the newest last; the oldest go first
        for old in list(self.entries)[:-KEPT]:
            del self.entries[old]

    def marks(self, record):
        """The stored marks of ``record``, or None (none stored, or not readable)."""
        data = self.entries.get(marks_key(record))
        try:
            marks = [Mark(item["move"], record.log[item["move"]], {int(i): (float(m), float(se))
                                                                    for i, m, se in item["values"]})
                     for item in data]
        except (TypeError, KeyError, IndexError, ValueError):
            return None
        return marks if [mark.move for mark in marks] == choices(record) else None

    def put_marks(self, record, marks):
        self.put(marks_key(record), [mark.to_data() for mark in marks])

    def expert(self, record, levels):
        """The stored expert results of ``record`` with these bots, or None."""
        data = self.entries.get(expert_key(record, levels))
        if isinstance(data, list) and len(data) == EXPERT_SEEDS and all(type(x) is int for x in data):
            return data
        return None

    def put_expert(self, record, levels, results):
        self.put(expert_key(record, levels), list(results))
