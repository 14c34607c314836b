"""The learned evaluation: what each legal card is worth, read from the seat's ``View`` alone by a small
network trained on self-play (``tools/train_bot.py``; docs/bots.md has the method and the command).

For each legal card it reads the table as that seat sees it once the card is down: the card's rank, the two
lanes of its suit beyond the new ends (for each card there: ours, or how likely each other seat is to hold it,
from the counts and what their passes proved), the hand-made policy features (``inference.FEATURES``), our
hand's size, every other seat's count and chips in playing order, and the pot. The network gives the chips
the seat ends the round with from here (where the variant keeps points, its points, a penalty counting against)
and its chance to win the round; a card's worth is the chips plus ``WIN_WORTH`` for a round won, as the search
counts it. Each variant has its own network, trained on its rules (``Variant.network`` names it). Pure Python: the
page gets no numpy. The weights (``learned_weights.py``) are read when first needed.
"""

import sys
from array import array
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from .cards import ALL_CARDS, CardIndex, CardSet, indexes_of
from .game import View
from .inference import FEATURES, WIN_WORTH, Slices, Values, run, run_of
from .variants import SIXES, Variant

SEATS = 5  # other seats the features have room for (six players at most)
LANE = 5  # cards a lane describes beyond its end: 5 down from a 6 (5 4 3 2 A), 4 up (7 J Q K); 52 cards, the nearest 5
# The rank as its distance from the centre, one of 10: Sixes' 5 below the 6 to 4 above it (a rank further from the centre,
# as a 52-card deck's A, 2, Q and K, counts as the furthest).
BELOW, ABOVE = 5, 4
CARD = 1 + SEATS  # per card in a lane: ours, and each other seat's chance to hold it
WIDTH = 10 + 1 + 2 * LANE * CARD + len(FEATURES) + 8 + SEATS * 6 + 3  # the inputs, in the order below


class Worth(NamedTuple):
    """The learned estimate of one legal card: chips from here to the round's end, chance to win it."""

    chips: float
    wins: float


def holders(view: View, order: Sequence[int]) -> list[tuple[float, ...]]:
    """For each card index, each other seat's chance (those of ``order``, the seats after ours in playing order)
    to hold it: 0 for a card ours or on the table; for an unseen card, a seat's cards over the cards of every
    seat that may hold it (one with cards left whose passes do not rule the card out)."""
    counts, lacks = view.counts, view.lacks
    chances: list[tuple[float, ...]] = [(0.0,) * SEATS] * ALL_CARDS.bit_length()
    for index in indexes_of(view.unseen_mask):
        may = [counts[s] if counts[s] and not lacks[s] >> index & 1 else 0 for s in order]
        total = sum(may) or 1
        chances[index] = tuple([c / total for c in may] + [0.0] * (SEATS - len(may)))
    return chances


def features(view: View) -> list[tuple[CardIndex, list[float]]]:
    """(card index, inputs) for each legal card of ``view``, in ``WIDTH`` numbers each."""
    me, players, counts, chips = view.seat, view.players, view.counts, view.chips
    hand, played, playable, unseen = view.hand_mask, view.played, view.playable, view.unseen_mask
    order = [(me + k) % players for k in range(1, players)]
    chances = holders(view, order)
    n = hand.bit_count()
    table: list[float] = [float(n == k) for k in range(1, 8)] + [float(n >= 8)]
    for k in range(SEATS):
        if k < len(order):
            c = counts[order[k]]
            table += [c / 8, float(c == 1), float(c == 2), float(c == 3), float(chips[order[k]] == 0), 1.0]
        else:
            table += [0.0] * 6
    table += [float(chips[me] == 0), view.pot / 10, min(view.pot, 20) ** 0.5 / 4]
    rules = view.rules
    slot, centre = rules.slot, rules.centre_slot
    rows = []
    for index in indexes_of(view.legal_mask):
        left = hand & ~(1 << index)
        suit = next(cards for cards in rules.suits if index in cards)  # the suit's cards, low to high
        column = [place for place, card in enumerate(suit) if (played | 1 << index) >> card & 1]
        low, high = column[0], column[-1]
        down, up = list(suit[low - 1 :: -1] if low else ()), list(suit[high + 1 :])
        rank = slot[index]
        lanes = (up, down) if rank > centre else (down, up)  # the lane the card extends first
        step = min(max(rank - centre, -BELOW), ABOVE) + BELOW
        x = [float(step == r) for r in range(BELOW + 1 + ABOVE)]
        x.append(float(rank <= centre))
        for lane in lanes:
            for d in range(LANE):
                if d < len(lane):
                    card = lane[d]
                    x.append(float(left >> card & 1))
                    x += chances[card]
                else:
                    x += [0.0] * CARD
        x += policy_features(index, hand, playable, unseen, counts, view.lacks, me, rules)
        x += table
        rows.append((index, x))
    return rows


def policy_features(
    index: CardIndex,
    hand: CardSet,
    playable: CardSet,
    unseen: CardSet,
    counts: Sequence[int],
    lacks: Sequence[CardSet],
    me: int,
    rules: Variant = SIXES,
) -> list[float]:
    """The values of ``inference.FEATURES`` for one legal card, unweighted: ``policy_scores`` is their sum
    weighted by a policy (tests/engine/test_learned.py holds the two together)."""
    players = len(counts)
    after_me, before_me = (me + 1) % players, (me - 1) % players
    beyond, opened, card = rules.beyond[index], rules.unlocks[index], 1 << index
    danger = following = preceding = near = 0.0
    for other in indexes_of(opened & unseen):
        may = [s for s in range(players) if s != me and counts[s] and not lacks[s] >> other & 1]
        cards = sum(counts[s] for s in may)
        danger += len(may) / cards
        following += counts[after_me] / cards if after_me in may else 0.0
        preceding += counts[before_me] / cards if before_me in may else 0.0
        near += sum(counts[s] for s in may if counts[s] <= 2) / cards
    return [
        (hand & beyond).bit_count(),
        (unseen & beyond).bit_count(),
        (hand & opened).bit_count(),
        float(rules.centres >> index & 1),
        danger,
        following,
        ((hand ^ card) & ((playable ^ card) | opened)).bit_count(),
        run_of(index, hand, rules),
        near,
        preceding,
        (opened & unseen).bit_count(),
    ]


class Network:
    """A small fully connected network: ReLU between layers, two outputs (chips, chance to win)."""

    def __init__(self, layers: Sequence[tuple[list[list[float]], list[float]]]) -> None:
        self.layers = layers  # per layer: (rows of weights, one row per output; biases)

    @classmethod
    def read(cls, layers: Sequence[tuple[int, int, str]]) -> "Network":
        """The network of ``learned_weights.LAYERS`` (or another variant's): per layer its inputs, its outputs, and
        float32 weights (row by row of outputs, then the biases) in base64, little-endian; or float16 (half the bytes,
        told apart by their length: the family's smaller networks, ``tools/train_bot.py --half``)."""
        import base64  # (only here: the page's boot does not need it)
        import struct

        read = []
        for inputs, outputs, text in layers:
            data = base64.b64decode(text)
            count = inputs * outputs + outputs
            if len(data) == 2 * count:
                flat = list(struct.unpack(f"<{count}e", data))
            else:
                numbers = array("f", data)
                if sys.byteorder != "little":
                    numbers.byteswap()
                flat = numbers.tolist()
            rows = [flat[o * inputs : (o + 1) * inputs] for o in range(outputs)]
            read.append((rows, flat[inputs * outputs :]))
        return cls(read)

    def __call__(self, inputs: Sequence[float]) -> list[float]:
        x = list(inputs)
        last = len(self.layers) - 1
        for k, (rows, biases) in enumerate(self.layers):
            x = [sum(map(float.__mul__, row, x), b) for row, b in zip(rows, biases)]
            if k < last:
                x = [max(0.0, v) for v in x]
        return x


@cache
def network(name: str = SIXES.network) -> Network:
    """The shipped network ``name`` (a variant's ``Variant.network``: Sixes' by default), read from
    ``learned_weights`` the first time it is asked for."""
    from . import learned_weights

    layers: Sequence[tuple[int, int, str]] = getattr(learned_weights, name)
    return Network.read(layers)


def worths(view: View) -> dict[CardIndex, Worth]:
    """The learned estimate of every legal card at ``view``."""
    return run(estimating(view))


def estimating(view: View) -> Slices[dict[CardIndex, Worth]]:
    """``worths`` in slices, one card each: a phone's page keeps drawing while a hand of eight is weighed."""
    net = network(view.rules.network)
    result = {}
    for index, x in features(view):
        chips, wins = net(x)
        result[index] = Worth(chips, min(max(wins, 0.0), 1.0))
        yield
    return result


# How far apart two cards' learned worths may be and still count as equal (``inference.TIED`` of these errors):
# the network's noise, not a deal's (docs/bots.md, "The learned evaluation"). Sixes'; each variant's is its
# ``Variant.learned_error``.
ERROR = 0.5


class Estimate(Values):
    """``worths`` as an ``inference.Values``: the figures the hint and the review read, without playouts."""

    def __init__(self, figures: dict[CardIndex, Worth], win_worth: float = WIN_WORTH, error: float = ERROR) -> None:
        super().__init__(list(figures), [], win_worth)
        self.figures, self.error = figures, error

    def _worth(self, index: CardIndex) -> float:
        chips, wins = self.figures[index]
        return chips + self.win_worth * wins

    def worth(self, index: CardIndex) -> tuple[float, float]:
        return self._worth(index), self.error

    def chips(self, index: CardIndex) -> float:
        return self.figures[index].chips

    def wins(self, index: CardIndex) -> float:
        return self.figures[index].wins

    def versus(self, index: CardIndex, other: CardIndex) -> tuple[float, float]:
        return self._worth(index) - self._worth(other), self.error

    @property
    def best(self) -> CardIndex:
        return max(self.cards, key=lambda index: (self._worth(index), -index))


def before_snapshot() -> None:
    """Read Sixes' network while the page's memory snapshot is made (assets/snapshot.mjs), so that a returning
    player's first hard decision does not read it again (another variant's is read at its first)."""
    network(SIXES.network)
