"""The expert: how a seat plays (the policies), which hidden hands are likely given the plays so far, and
what each legal card is worth. The hard bot's search, the hint and the review's marks all read one estimate,
``card_values``, so they cannot disagree beyond its noise.

A card's worth is measured in playouts: deals of the unseen cards drawn by how likely they make the other
seats' plays (a Metropolis chain on how probable those plays are for a medium player, ``likely_deals``),
every legal card played out in each deal (the seat by the hard policy, the others as medium, or at random for
a seat whose plays fit no medium player), each playout scored in the chips the seat ends the round with plus
``WIN_WORTH`` for a round won. Standard library only; every draw comes from the generator handed in.
"""

import math
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from random import Random
from typing import Generic, NamedTuple, TypeAlias, TypeVar

from .cards import CardIndex, CardSet, indexes_of
from .core import Chooser, Round, Seat
from .game import View
from .variants import SIXES, Variant
from .weights import HARD_POLICY, MEDIUM

Weights: TypeAlias = Sequence[float]  # a policy: one weight per FEATURES
T = TypeVar("T")
# Work in slices, the engine's one way: a generator that yields None between slices and returns its result
# (``run`` drives one to its end; a page calls ``next`` between frames).
Slices: TypeAlias = Generator[None, None, T]

WIN_WORTH = SIXES.win_worth  # a won round counts this many chips more in Sixes (each variant's: Variant.win_worth)
TEMPERATURE = 0.3  # how far the others' plays are taken to stray from medium's scores
BURN_IN, THIN = 60, 4  # the chain's steps before its first deal, and between two deals
RANDOM_BELOW = -1.0  # log-likelihood per choice under which a seat's plays fit no medium player
# The expert's budget for the hint and the review, in cards played: a playout from later in the round
# (shorter) costs less, so a position gets more deals the nearer the round's end. A hard bot's decision
# uses a quarter of it (``bots.Hard``).
PLAYS, FEWEST, MOST = 20000, 40, 240
TIED = 2  # standard errors of the shortfall: a card within this of the best is as good as the best (review)


def nth_card(mask: CardSet, k: int) -> CardIndex:
    """The index of the k-th card (from 0, low index first) of a set."""
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_card(mask: CardSet, rng: Random) -> CardIndex:
    return nth_card(mask, int(rng.random() * mask.bit_count()))


BEYOND = SIXES.beyond  # Sixes' cards of a suit that cannot be played until a card is: further from the 6


def run_of(index: CardIndex, hand: CardSet, rules: Variant = SIXES) -> int:
    """Own cards that follow ``index`` with no gap: playable one after another
    once it is down, whatever the others hold (both ways from a centre card)."""
    run = 0
    unlocks, centres = rules.unlocks, rules.centres
    opened = unlocks[index] & ~centres
    while opened:
        low = opened & -opened
        opened ^= low
        if hand & low:
            run += 1
            opened |= unlocks[low.bit_length() - 1] & ~centres
    return run


# --- how a seat plays -----------------------------------------------------------------------------------

FEATURES = (
    "own beyond",
    "unseen beyond",
    "own opened",
    "six",  # a centre card (a 6 in Sixes)
    "opens for others",
    "opens for the next seat",
    "cards legal after",
    "own run",
    "opens for a seat near its last card",
    "opens for the seat before",
    "opens an unseen card",
)


def policy_scores(
    weights: Weights,
    legal: CardSet,
    hand: CardSet,
    playable: CardSet,
    unseen: CardSet,
    counts: Sequence[int],
    lacks: Sequence[CardSet],
    me: Seat,
    random: Callable[[], float],
    rules: Variant = SIXES,
) -> list[tuple[float, CardIndex]]:
    """(score, index) for each legal card (a policy plays the highest, ``max(scores)[1]``):
    the weighted sum of ``FEATURES``: the cards
    it leads to in the seat's own hand and beyond it, whether it is a centre card (a 6 in Sixes), how
    likely each card it opens is to help another seat (a card opened for a seat
    with c cards takes it 1/c of the way out; passes narrow down who may hold
    it), how much of that goes to the seat that plays next, how many cards the
    seat could play next turn if nobody else moved, its own run behind it, the
    chance it opens a card for a seat with two cards or fewer, or for the seat
    that plays just before this one, and how many unseen cards it opens."""
    w_beyond, w_unseen, w_opened, w_six, w_danger, w_next, w_after, w_run, w_near, w_before, w_unseen_opened = weights
    players = len(counts)
    after_me = me + 1 if me + 1 < players else 0
    before_me = me - 1 if me else players - 1
    beyonds, unlocks, centres = rules.beyond, rules.unlocks, rules.centres
    scores = []
    for index in indexes_of(legal):
        beyond = beyonds[index]
        opened = unlocks[index]
        score = (
            w_beyond * (hand & beyond).bit_count()
            + w_unseen * (unseen & beyond).bit_count()
            + w_opened * (hand & opened).bit_count()
            + w_six * (centres >> index & 1 == 1)
            + 0.01 * random()  # breaks ties (and near ties)
        )
        if w_after:
            card = 1 << index
            score += w_after * ((hand ^ card) & ((playable ^ card) | opened)).bit_count()
        if w_run:
            score += w_run * run_of(index, hand, rules)
        opened &= unseen
        if w_unseen_opened:
            score += w_unseen_opened * opened.bit_count()
        while opened:
            low = opened & -opened
            opened ^= low
            # The chance each possible holder has it is its share of their cards,
            # so the expected 1/c over holders is (possible holders) / (their cards).
            holders = cards = 0
            for seat, count in enumerate(counts):
                if seat != me and count and not lacks[seat] & low:
                    holders += 1
                    cards += count
            score += w_danger * holders / cards
            if w_next and counts[after_me] and not lacks[after_me] & low:
                score += w_next * counts[after_me] / cards
            if w_before and counts[before_me] and not lacks[before_me] & low:
                score += w_before * counts[before_me] / cards
            if w_near:
                score += (
                    w_near
                    * sum(
                        count
                        for seat, count in enumerate(counts)
                        if seat != me and 0 < count <= 2 and not lacks[seat] & low
                    )
                    / cards
                )
        scores.append((score, index))
    return scores


# --- which hidden hands are likely ----------------------------------------------------------------------


def sample_hands(view: View, rng: Random) -> list[CardSet]:
    """One deal of the unseen cards to the other seats that fits the view."""
    me, players = view.seat, view.players
    lacks = view.lacks
    unseen = indexes_of(view.unseen_mask)
    random = rng.random
    for attempt in range(20):
        # After a few failures, forget the passes rather than give up: a deal that
        # fits the counts is still better than none.
        honour_lacks = attempt < 15
        hands = [0] * players
        hands[me] = view.hand_mask
        room = list(view.counts)
        room[me] = 0
        options = []
        for index in unseen:
            seats = [s for s in range(players) if room[s] and not (honour_lacks and lacks[s] >> index & 1)]
            options.append((len(seats), random(), index, seats))
        options.sort()  # the most constrained cards first
        for _, _, index, seats in options:
            seats = [s for s in seats if room[s]]
            if not seats:
                break
            weight = sum(room[s] for s in seats)
            x = random() * weight
            for seat in seats:
                x -= room[seat]
                if x < 0:
                    break
            hands[seat] |= 1 << index
            room[seat] -= 1
        else:
            return hands
    raise AssertionError("no deal fits the card counts")  # cannot happen: counts always add up


class FieldModel:
    """How likely the other seats' plays this round are, had they played as the
    field's policy with scores softened by ``temperature`` (each choice's
    softmax probability). A seat's plays depend only on its own hand and what
    was public, so the log-likelihood of a deal is a sum over seats, each
    computed (and remembered) from that seat's hand alone."""

    def __init__(self, view: View, weights: Weights, temperature: float) -> None:
        self.weights, self.temperature = weights, temperature
        players, me = view.players, view.seat
        # Per seat, its real-choice candidates: (cards it held then beyond its hand now,
        # playable, played, counts, lacks, card chosen).
        self.choices: list[list[tuple[CardSet, CardSet, CardSet, tuple[int, ...], tuple[CardSet, ...], CardIndex]]] = [
            [] for _ in range(players)
        ]
        played_by = [0] * players
        seat = view.leader
        for entry in view.log:
            if entry >= 0:
                played_by[seat] |= 1 << entry
            seat = seat + 1 if seat + 1 < players else 0
        counts = [view.counts[s] + played_by[s].bit_count() for s in range(players)]
        lacks = [0] * players
        self.rules = rules = view.rules
        playable, played, before = 1 << rules.lead_index, 0, [0] * players
        seat = view.leader
        for entry in view.log:
            if entry < 0:
                lacks[seat] |= playable & view.lacks[seat]  # no lacks at all under the house rule "may pass"
            else:
                if seat != me:
                    self.choices[seat].append(
                        (played_by[seat] & ~before[seat], playable, played, tuple(counts), tuple(lacks), entry)
                    )
                card = 1 << entry
                before[seat] |= card
                counts[seat] -= 1
                playable = (playable ^ card) | rules.unlocks[entry]
                played |= card
            seat = seat + 1 if seat + 1 < players else 0
        self.memo: list[dict[CardSet, float]] = [{} for _ in range(players)]

    def log_likelihood(self, seat: Seat, hand: CardSet) -> float:
        memo = self.memo[seat]
        if hand in memo:
            return memo[hand]
        total = 0.0
        weights, temperature, rules = self.weights, self.temperature, self.rules
        for extra, playable, played, counts, lacks, chosen in self.choices[seat]:
            held = hand | extra
            legal = held & playable
            if legal & (legal - 1):
                unseen = rules.deck & ~played & ~held
                scores = policy_scores(weights, legal, held, playable, unseen, counts, lacks, seat, _half, rules)
                top = max(scores)[0]
                # fsum: correctly rounded, where sum() of floats changed in Python 3.12.
                total -= math.log(math.fsum(math.exp((score - top) / temperature) for score, _ in scores))
                total += next(score for score, index in scores if index == chosen) / temperature - top / temperature
        memo[hand] = total
        return total


def _half() -> float:
    return 0.5


def likely_deals(
    view: View,
    rng: Random,
    count: int,
    randoms: list[bool] | None = None,
    field: Weights = MEDIUM,
    temperature: float = TEMPERATURE,
    burn_in: int = BURN_IN,
    thin: int = THIN,
    random_below: float = RANDOM_BELOW,
) -> Iterator[list[CardSet] | None]:
    """``count`` deals of the unseen cards drawn from how likely they make
    the other seats' plays so far under the ``field`` policy: a Metropolis
    chain over deals that fit the view, each step swapping two cards between
    two seats. It yields None now and then while it warms up, so that a page
    running it in slices gets the event loop back in time. At the end of
    the warm-up it marks in ``randoms`` (one flag a seat) the seats that
    play like no field player, and from then on draws their hands from the
    counts and passes alone."""
    hands = sample_hands(view, rng)
    model = FieldModel(view, field, temperature)
    if randoms is None:
        randoms = [False] * view.players

    def likelihood(seat: Seat, hand: CardSet) -> float:
        return 0.0 if randoms[seat] else model.log_likelihood(seat, hand)

    lacks = view.lacks
    me = view.seat
    unseen = indexes_of(view.unseen_mask)
    if len(unseen) < 2:
        for _ in range(count):
            yield hands
        return
    owner: dict[CardIndex, Seat] = {}
    for seat, hand in enumerate(hands):
        if seat != me:
            for index in indexes_of(hand):
                owner[index] = seat
    current = [likelihood(seat, hand) if seat != me else 0.0 for seat, hand in enumerate(hands)]
    random = rng.random
    n = len(unseen)
    best = current[:]
    for step in range(burn_in + count * thin):
        x = unseen[int(random() * n)]
        y = unseen[int(random() * n)]
        a, b = owner[x], owner[y]
        if a != b and not (lacks[a] >> y & 1 or lacks[b] >> x & 1):
            swap = 1 << x | 1 << y
            new_a, new_b = hands[a] ^ swap, hands[b] ^ swap
            ll_a, ll_b = likelihood(a, new_a), likelihood(b, new_b)
            delta = ll_a + ll_b - current[a] - current[b]
            # Always draw, so that the generator's stream does not hang on a
            # sign that floating point may round differently elsewhere (Pyodide).
            chance = random()
            if delta >= 0 or chance < math.exp(delta):
                hands[a], hands[b], current[a], current[b] = new_a, new_b, ll_a, ll_b
                owner[x], owner[y] = b, a
        if step < burn_in:
            best = [max(pair) for pair in zip(best, current)]
        if step == burn_in - 1:
            # A seat whose plays no deal the chain met explains as the field's
            # (log-likelihood per choice below random_below) plays like no
            # medium player: from now on its plays tell nothing of its hand,
            # and the playouts play it at random.
            for seat, choices in enumerate(model.choices):
                if choices and best[seat] < random_below * len(choices):
                    randoms[seat] = True
                    current[seat] = 0.0
        if step >= burn_in and (step - burn_in) % thin == thin - 1:
            yield hands[:]
        elif step < burn_in and step % 10 == 9:
            yield None


# --- what each card is worth ----------------------------------------------------------------------------


def playout_policy(
    me: Seat, rng: Random, randoms: Sequence[bool], mine: Weights = HARD_POLICY, field: Weights = MEDIUM
) -> Chooser:
    """``choose(round, legal)`` for playouts: seat ``me`` by the ``mine`` policy, the
    others as the ``field``, or at random where ``randoms`` says so."""
    random = rng.random

    def pick(r: Round, legal: CardSet) -> CardIndex:
        seat = r.turn
        if randoms[seat]:
            return random_card(legal, rng)
        hand = r.hands[seat]
        return max(
            policy_scores(
                mine if seat == me else field,
                legal,
                hand,
                r.playable,
                r.rules.deck & ~r.played & ~hand,
                [h.bit_count() for h in r.hands],
                r.lacks,
                seat,
                random,
                r.rules,
            )
        )[1]

    return pick


def expert_deals(view: View) -> int:
    """The deals the expert plays out at this position: ``PLAYS`` cards' worth, within ``FEWEST`` to ``MOST``."""
    return min(MOST, max(FEWEST, PLAYS // (view.legal_mask.bit_count() * sum(view.counts))))


def position_rng(view: View) -> Random:
    """The expert's generator for a position, from the position alone: the hint at a table and the review of
    the same table later draw the same deals, so they give the same figures."""
    # (A str seed is hashed, the same in every Python.) A Sixes position is seeded as before the family came, so the
    # figures kept for it stay true; another variant's adds its points and its name.
    key = tuple(view)[:-2] if view.rules is SIXES else (*view[:-1], view.rules.name)
    return Random(f"sixes/expert/{key!r}")


def card_values(
    view: View,
    rng: Random | None = None,
    deals: int | None = None,
    mine: Weights = HARD_POLICY,
    field: Weights = MEDIUM,
    temperature: float = TEMPERATURE,
    burn_in: int = BURN_IN,
    thin: int = THIN,
    random_below: float = RANDOM_BELOW,
) -> "Slices[Values]":
    """The expert's estimate of every legal card of the seat to act at ``view``: a generator that yields
    between deals (and while the chain warms up), so a page can run it in slices, and returns ``Values``.
    Every legal card is played out in the same ``deals`` deals (``likely_deals``), so their differences are
    not drowned by how lucky a deal is. By default the generator and the deals come from the position alone
    (``position_rng``, ``expert_deals``); the hard bot hands in its own.

    >>> from sixes import Game
    >>> game = Game(seed=3)
    >>> game.play("6D")
    >>> values = run(card_values(game.view(game.turn), Random(1), deals=20))
    >>> values.cards == [c.index for c in game.legal_moves()]
    True
    """
    candidates = indexes_of(view.legal_mask)
    if not candidates:
        return Values([], [])
    rng = position_rng(view) if rng is None else rng
    deals = expert_deals(view) if deals is None else deals
    me = view.seat
    randoms = [False] * view.players
    pick = playout_policy(me, rng, randoms, mine, field)
    rows = []
    rules = view.rules
    points = list(view.points) or [0] * view.players
    for hands in likely_deals(view, rng, deals, randoms, field, temperature, burn_in, thin, random_below):
        if hands is None:  # the chain is warming up
            yield
            continue
        row = []
        for index in candidates:
            r = Round.at(hands[:], list(view.chips), view.pot, view.playable, me, rules, points[:])
            r.lacks = list(view.lacks)
            r.play(index)
            if r.winner < 0:
                r.play_out(pick)
            # (chips in Sixes; where a variant keeps points, the points, a penalty counting against)
            row.append((rules.result(r.chips[me] - view.chips[me], r.points[me] - points[me]), r.winner == me))
        rows.append(row)
        yield
    return Values(candidates, rows, rules.win_worth)


class Values:
    """The playouts of ``card_values``: per deal, per legal card, (chips won from this moment, round won).
    A card's worth is its chips plus ``WIN_WORTH`` for a round won."""

    def __init__(
        self, cards: list[CardIndex], rows: list[list[tuple[int, bool]]], win_worth: float = WIN_WORTH
    ) -> None:
        self.cards, self.rows, self.win_worth = cards, rows, win_worth

    def _worths(self, k: int) -> list[float]:
        worth = self.win_worth
        return [row[k][0] + worth * row[k][1] for row in self.rows]

    def worth(self, index: CardIndex) -> tuple[float, float]:
        """(mean, standard error) of the card's worth."""
        return mean_and_error(self._worths(self.cards.index(index)))

    def chips(self, index: CardIndex) -> float:
        """The chips the card wins on average, from this moment to the round's end."""
        k = self.cards.index(index)
        return sum(row[k][0] for row in self.rows) / len(self.rows)

    def wins(self, index: CardIndex) -> float:
        """The share of deals in which the seat goes on to win the round after this card."""
        k = self.cards.index(index)
        return sum(row[k][1] for row in self.rows) / len(self.rows)

    def versus(self, index: CardIndex, other: CardIndex) -> tuple[float, float]:
        """(mean, standard error) of how much more ``index`` is worth than ``other``, deal by deal."""
        a, b = self._worths(self.cards.index(index)), self._worths(self.cards.index(other))
        return mean_and_error([x - y for x, y in zip(a, b)])

    @property
    def best(self) -> CardIndex:
        """The card worth most on average (the lower card of a dead heat)."""
        means = [sum(worths) for worths in map(self._worths, range(len(self.cards)))]
        return self.cards[means.index(max(means))]


class Mean:
    """A running mean and its standard error: the engine's one such helper (the expert's figures through
    ``mean_and_error``, duplicate's and the tuner's figures added one at a time)."""

    __slots__ = ("n", "squares", "total")

    def __init__(self, values: Iterable[float] = ()) -> None:
        self.n, self.total, self.squares = 0, 0.0, 0.0
        for x in values:
            self.add(x)

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def error(self) -> float:
        """The standard error of the mean from the sample's variance (over n - 1), 0 below two values:
        what duplicate reports."""
        if self.n < 2:
            return 0.0
        variance = max(self.squares - self.n * self.mean**2, 0.0) / (self.n - 1)
        return math.sqrt(variance / self.n)

    @property
    def spread_error(self) -> float:
        """The standard error from the values' own spread (variance over n), infinite for one value: what the
        hard bot's ``margin`` was measured with, so a card seen in one deal is never trusted."""
        n = self.n
        mean = self.total / n
        variance = max(self.squares / n - mean * mean, 0.0)
        return math.sqrt(variance / n) if n > 1 else math.inf


def mean_and_error(values: Iterable[float]) -> tuple[float, float]:
    """The mean of the values and its standard error (``Mean.spread_error``: infinite for one value)."""
    figures = Mean(values)
    return figures.mean, figures.spread_error


class Done(NamedTuple, Generic[T]):
    value: T


def stepped(steps: Slices[T]) -> Iterator[Done[T] | None]:
    """``steps``, one None a step, then its value as Done: what drives it to its end (``run``, and the page's
    ``in_slices``, which pauses between steps) needs no StopIteration of its own."""
    value = yield from steps
    yield Done(value)


def run(steps: Slices[T]) -> T:
    """Drive a generator such as ``card_values`` or a bot's ``think`` to its end: its value."""
    for step in stepped(steps):
        if step is not None:
            return step.value
    raise AssertionError("stepped() ends with Done")
