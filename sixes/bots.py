"""The bots. Each sees only a ``View`` of its own seat and draws only from the
generator it is handed, so a game's seed fixes every bot choice.

A bot's ``choose(view, rng)`` is asked only when there is a real choice and
returns a card index from ``view.legal_mask``.
"""

import math
from random import Random

from .cards import CARDS, SIX, indexes_of
from .core import UNLOCKS, Round


def nth_card(mask, k):
    """The index of the k-th card (from 0, low index first) of a set."""
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_card(mask, rng):
    return nth_card(mask, int(rng.random() * mask.bit_count()))


def _beyond(index):
    """Cards of the suit that cannot be played until this card is: further from the 6."""
    suit, rank = divmod(index, 10)
    if rank == SIX:
        ranks = [r for r in range(10) if r != SIX]
    elif rank < SIX:
        ranks = range(rank)
    else:
        ranks = range(rank + 1, 10)
    return sum(1 << (suit * 10 + r) for r in ranks)


BEYOND = tuple(_beyond(i) for i in range(40))


class Easy:
    """A uniformly random legal card."""

    def choose(self, view, rng):
        return random_card(view.legal_mask, rng)


class Medium:
    """A heuristic player. It plays first the cards that lead to its own: those
    that open cards it holds, that have its cards beyond them, and the sixes
    (which start two runs). It holds back cards that would open a card for
    someone else, the more so the fewer cards the possible holders have left
    (a card opened for a seat with c cards takes it 1/c of the way out), and
    cards that block many unseen cards. Passes narrow down who holds what."""

    def choose(self, view, rng):
        hand = view.hand_mask
        unseen = view.unseen_mask
        me, counts, lacks = view.seat, view.counts, view.lacks
        best, best_score = -1, None
        for index in indexes_of(view.legal_mask):
            beyond = BEYOND[index]
            opened = UNLOCKS[index]
            score = (
                3 * (hand & beyond).bit_count()
                - 0.5 * (unseen & beyond).bit_count()
                + 3 * (hand & opened).bit_count()
                + (index % 10 == SIX)
                + 0.01 * rng.random()  # breaks ties (and near ties)
            )
            opened &= unseen
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
                score -= 4 * holders / cards
            if best_score is None or score > best_score:
                best, best_score = index, score
        return best


class Hard:
    """Determinized Monte Carlo over the information set, checking medium's
    judgement: deal the unseen cards to the other seats in ways consistent with
    what the view shows (card counts, and the cards their passes prove they
    lack), play every legal card out in each deal with fast random play, and
    play medium's card unless another gained more chips in the same deals by
    ``margin`` standard errors of the paired difference.

    Why the margin: at a budget that fits a browser's frame, taking the
    playouts' best card outright is noisier than the heuristic and won no more
    rounds against medium bots in our measurements, whatever the playout
    policy; the margin lets the search overrule only where it can tell cards
    apart. Budgeted by playouts, so it is deterministic for a given generator."""

    def __init__(self, playouts=400, margin=1.5):
        self.playouts = playouts
        self.margin = margin
        self.prior = Medium()

    def choose(self, view, rng):
        candidates = indexes_of(view.legal_mask)
        default = candidates.index(self.prior.choose(view, rng))
        gain = [0] * len(candidates)  # over all deals, chips won beyond medium's card
        square = [0] * len(candidates)
        me = view.seat
        deals = max(1, self.playouts // len(candidates))
        pick = _random_choice(rng)
        for _ in range(deals):
            # Every card is played out in the same deal, so their difference is
            # not drowned by how lucky the deal is.
            hands = sample_hands(view, rng)
            outcomes = []
            for index in candidates:
                r = Round.at(hands[:], list(view.chips), view.pot, view.playable, me)
                r.play(index)
                if r.winner < 0:
                    r.play_out(pick)
                outcomes.append(r.chips[me])
            for k, chips in enumerate(outcomes):
                difference = chips - outcomes[default]
                gain[k] += difference
                square[k] += difference * difference
        best, best_mean = default, 0
        for k in range(len(candidates)):
            mean = gain[k] / deals
            error = math.sqrt(max(square[k] / deals - mean * mean, 0) / deals)
            if mean > self.margin * error and mean > best_mean:
                best, best_mean = k, mean
        return candidates[best]


def _random_choice(rng):
    random = rng.random

    def pick(_round, legal):
        return nth_card(legal, int(random() * legal.bit_count()))

    return pick


def sample_hands(view, rng):
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


BOTS = {"easy": Easy(), "medium": Medium(), "hard": Hard()}
LEVELS = tuple(BOTS)


def decision_rng(game):
    """The generator for the decision at this point of this game: same seed,
    same position, same choice — also after a reload."""
    return Random(f"sixes/{game.seed}/round/{game.round_number}/turn/{len(game._round.log)}")


def decide(level, game):
    """The card the ``level`` bot in the seat to act plays, or None if it must pass.
    It sees only that seat's view."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
    view = game.view(game.turn)
    legal = view.legal_mask
    if not legal:
        return None
    if not legal & (legal - 1):
        return CARDS[legal.bit_length() - 1]
    return CARDS[BOTS[level].choose(view, decision_rng(game))]
