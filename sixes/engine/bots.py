"""The bots. Each sees only a ``View`` of its own seat and draws only from the
generator it is handed, so a game's seed fixes every bot choice.

A bot's ``choose(view, rng)`` is asked only when there is a real choice and
returns a card index from ``view.legal_mask``.
"""

import math
from random import Random

from .cards import CARDS, FULL_DECK, SIX, indexes_of
from .core import SIX_D, SIXES, UNLOCKS, Round
from .weights import HARD_POLICY


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


def run_of(index, hand):
    """Own cards that follow ``index`` with no gap: playable one after another
    once it is down, whatever the others hold (both ways from a 6)."""
    run = 0
    opened = UNLOCKS[index] & ~SIXES
    while opened:
        low = opened & -opened
        opened ^= low
        if hand & low:
            run += 1
            opened |= UNLOCKS[low.bit_length() - 1] & ~SIXES
    return run


FEATURES = ("own beyond", "unseen beyond", "own opened", "six", "opens for others", "opens for the next seat",
            "cards legal after", "own run", "opens for a seat near its last card", "opens for the seat before",
            "opens an unseen card")


def policy_card(weights, legal, hand, playable, unseen, counts, lacks, me, random):
    """The legal card with the highest ``policy_scores``."""
    scores = policy_scores(weights, legal, hand, playable, unseen, counts, lacks, me, random)
    return max(scores)[1]


def policy_scores(weights, legal, hand, playable, unseen, counts, lacks, me, random):
    """(score, index) for each legal card: the weighted sum of ``FEATURES``: the cards
    it leads to in the seat's own hand and beyond it, whether it is a 6, how
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
    scores = []
    for index in indexes_of(legal):
        beyond = BEYOND[index]
        opened = UNLOCKS[index]
        score = (
            w_beyond * (hand & beyond).bit_count()
            + w_unseen * (unseen & beyond).bit_count()
            + w_opened * (hand & opened).bit_count()
            + w_six * (index % 10 == SIX)
            + 0.01 * random()  # breaks ties (and near ties)
        )
        if w_after:
            card = 1 << index
            score += w_after * ((hand ^ card) & ((playable ^ card) | opened)).bit_count()
        if w_run:
            score += w_run * run_of(index, hand)
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
                score += w_near * sum(count for seat, count in enumerate(counts)
                                      if seat != me and 0 < count <= 2 and not lacks[seat] & low) / cards
        scores.append((score, index))
    return scores


class Policy:
    """A player by ``policy_card`` with fixed weights: fast enough to play out
    thousands of rounds in a second."""

    def __init__(self, weights):
        self.weights = tuple(weights)
        assert len(self.weights) == len(FEATURES)

    def choose(self, view, rng):
        return policy_card(self.weights, view.legal_mask, view.hand_mask, view.playable, view.unseen_mask,
                           view.counts, view.lacks, view.seat, rng.random)


class Medium(Policy):
    """A heuristic player with hand-set weights. It plays first the cards that
    lead to its own: those that open cards it holds, that have its cards beyond
    them, and the sixes (which start two runs). It holds back cards that would
    open a card for someone else, the more so the fewer cards the possible
    holders have left, and cards that block many unseen cards."""

    def __init__(self):
        super().__init__((3, -0.5, 3, 1, -4, 0, 0, 0, 0, 0, 0))


class Hard:
    """A tuned policy, and a search on top of it once the round nears its end.

    Its policy is ``Policy(HARD_POLICY)``: weights tuned offline against medium
    bots (``tools/tune_policy.py``). With ``search_at`` cards or fewer in hand
    it searches: it draws deals of the unseen cards that fit the view (card
    counts, and the cards passes prove a seat lacks) and are likely given the
    other seats' plays so far, had they played as the field's policy (medium,
    its scores softened by ``temperature``; see ``deals``). It plays every legal
    card out in each deal, itself by its policy and the others as medium (or at
    random, for a seat whose plays so far fit no medium player: ``deals``),
    scores each playout in the chips it ends with plus ``win_worth`` if it won
    the round, and plays its policy's card unless another scored more over the
    same deals by ``margin`` standard errors of the paired difference.

    Why only then: measured by duplicate play against medium, the search gained
    nothing with 5 cards or more (too little is known of the hidden hands, and
    the playouts cannot tell cards apart), and clearly with 4 or fewer. A won
    round counts 30 chips more because rounds won are what players count (the
    chips still break near ties). Playing random seats at random is what keeps
    it as strong as medium at a table of easy bots, whose plays no deal
    explains as medium's. Searching its own later cards exhaustively in each
    deal, rather than playing them by its policy, measured worse: with the deal
    known, it plans for cards it cannot know. (README, Benchmarks.)
    Budgeted in cards played (``plays``, at most ``most`` deals), so it is
    deterministic for a given generator; ``think`` does the same work in slices,
    for a page that must keep drawing."""

    def __init__(self, plays=5000, most=200, margin=0.5, temperature=0.3, search_at=4, burn_in=60, thin=4,
                 weights=None, win_worth=30, random_below=-1.0):
        self.plays, self.most, self.margin, self.temperature = plays, most, margin, temperature
        self.search_at, self.burn_in, self.thin, self.win_worth = search_at, burn_in, thin, win_worth
        self.policy = Policy(HARD_POLICY if weights is None else weights)
        self.random_below = random_below
        self.field = Medium()

    def choose(self, view, rng):
        return run(self.think(view, rng))

    def think(self, view, rng):
        """The search as a generator that yields between deals and returns the
        card index (``run`` drives it to the end)."""
        candidates = indexes_of(view.legal_mask)
        default = candidates.index(self.policy.choose(view, rng))
        if view.hand_mask.bit_count() > self.search_at:
            return candidates[default]
        # The budget is in cards played, so a playout from later in the round (shorter) costs less.
        count = min(self.most, max(20, self.plays // (len(candidates) * sum(view.counts))))
        deals = yield from self.play_outs(view, rng, candidates, count, self.win_worth)
        best, best_mean = default, 0
        for k in range(len(candidates)):
            mean, error = mean_and_error([chips[k] - chips[default] for chips in deals])
            if mean > self.margin * error and mean > best_mean:
                best, best_mean = k, mean
        return candidates[best]

    def play_outs(self, view, rng, candidates, deals, win_worth=0):
        """A generator, yielding between deals, that returns for each of
        ``deals`` deals the chips the seat ends the round with after each
        candidate, and ``win_worth`` more where it won the round."""
        me = view.seat
        randoms = [False] * view.players
        pick = self.playout_policy(me, rng, randoms)
        out = []
        for hands in self.deals(view, rng, deals, randoms):
            if hands is None:  # the chain is warming up
                yield
                continue
            outcomes = []
            for index in candidates:
                # Every card is played out in the same deal, so their difference is
                # not drowned by how lucky the deal is.
                r = Round.at(hands[:], list(view.chips), view.pot, view.playable, me)
                r.lacks = list(view.lacks)
                r.play(index)
                if r.winner < 0:
                    r.play_out(pick)
                outcomes.append(r.chips[me] + win_worth * (r.winner == me))
            out.append(outcomes)
            yield
        return out

    def playout_policy(self, me, rng, randoms):
        """``choose(round, legal)`` for playouts: this seat by its policy, the
        others as the field, or at random where ``randoms`` says so."""
        mine, theirs = self.policy.weights, self.field.weights
        random = rng.random

        def pick(r, legal):
            seat = r.turn
            if randoms[seat]:
                return random_card(legal, rng)
            hand = r.hands[seat]
            return policy_card(mine if seat == me else theirs, legal, hand, r.playable, FULL_DECK & ~r.played & ~hand,
                               [h.bit_count() for h in r.hands], r.lacks, seat, random)

        return pick

    def deals(self, view, rng, count, randoms=None):
        """``count`` deals of the unseen cards drawn from how likely they make
        the other seats' plays so far under the field's policy: a Metropolis
        chain over deals that fit the view, each step swapping two cards between
        two seats. It yields None now and then while it warms up, so that a page
        running it in slices gets the event loop back in time. At the end of
        the warm-up it marks in ``randoms`` (one flag a seat) the seats that
        play like no field player, and from then on draws their hands from the
        counts and passes alone."""
        hands = sample_hands(view, rng)
        model = FieldModel(view, self.field.weights, self.temperature)
        if randoms is None:
            randoms = [False] * view.players

        def likelihood(seat, hand):
            return 0.0 if randoms[seat] else model.log_likelihood(seat, hand)

        lacks = view.lacks
        me = view.seat
        unseen = indexes_of(view.unseen_mask)
        if len(unseen) < 2:
            for _ in range(count):
                yield hands
            return
        owner = {}
        for seat, hand in enumerate(hands):
            if seat != me:
                for index in indexes_of(hand):
                    owner[index] = seat
        current = [likelihood(seat, hand) if seat != me else 0.0 for seat, hand in enumerate(hands)]
        random = rng.random
        n = len(unseen)
        best = current[:]
        for step in range(self.burn_in + count * self.thin):
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
            if step < self.burn_in:
                best = [max(pair) for pair in zip(best, current)]
            if step == self.burn_in - 1:
                # A seat whose plays no deal the chain met explains as the field's
                # (log-likelihood per choice below random_below) plays like no
                # medium player: from now on its plays tell nothing of its hand,
                # and the playouts play it at random.
                for seat, choices in enumerate(model.choices):
                    if choices and best[seat] < self.random_below * len(choices):
                        randoms[seat] = True
                        current[seat] = 0.0
            if step >= self.burn_in and (step - self.burn_in) % self.thin == self.thin - 1:
                yield hands[:]
            elif step < self.burn_in and step % 10 == 9:
                yield None

class FieldModel:
    """How likely the other seats' plays this round are, had they played as the
    field's policy with scores softened by ``temperature`` (each choice's
    softmax probability). A seat's plays depend only on its own hand and what
    was public, so the log-likelihood of a deal is a sum over seats, each
    computed (and remembered) from that seat's hand alone."""

    def __init__(self, view, weights, temperature):
        self.weights, self.temperature = weights, temperature
        players, me = view.players, view.seat
        # Per seat, its real-choice candidates: (cards it held then beyond its hand now,
        # playable, played, counts, lacks, card chosen).
        self.choices = [[] for _ in range(players)]
        played_by = [0] * players
        seat = view.leader
        for entry in view.log:
            if entry >= 0:
                played_by[seat] |= 1 << entry
            seat = seat + 1 if seat + 1 < players else 0
        counts = [view.counts[s] + played_by[s].bit_count() for s in range(players)]
        lacks = [0] * players
        playable, played, before = 1 << SIX_D, 0, [0] * players
        seat = view.leader
        for entry in view.log:
            if entry < 0:
                lacks[seat] |= playable & view.lacks[seat]  # no lacks at all under the house rule "may pass"
            else:
                if seat != me:
                    self.choices[seat].append((played_by[seat] & ~before[seat], playable, played, tuple(counts),
                                               tuple(lacks), entry))
                card = 1 << entry
                before[seat] |= card
                counts[seat] -= 1
                playable = (playable ^ card) | UNLOCKS[entry]
                played |= card
            seat = seat + 1 if seat + 1 < players else 0
        self.memo = [{} for _ in range(players)]

    def log_likelihood(self, seat, hand):
        memo = self.memo[seat]
        if hand in memo:
            return memo[hand]
        total = 0.0
        weights, temperature = self.weights, self.temperature
        for extra, playable, played, counts, lacks, chosen in self.choices[seat]:
            held = hand | extra
            legal = held & playable
            if legal & (legal - 1):
                scores = policy_scores(weights, legal, held, playable, FULL_DECK & ~played & ~held, counts, lacks,
                                       seat, _half)
                top = max(scores)[0]
                # fsum: correctly rounded, where sum() of floats changed in Python 3.12.
                total -= math.log(math.fsum(math.exp((score - top) / temperature) for score, _ in scores))
                total += next(score for score, index in scores if index == chosen) / temperature - top / temperature
        memo[hand] = total
        return total


def _half():
    return 0.5


def run(steps):
    """Drive a bot's ``think`` generator to its end: its card index."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def mean_and_error(values):
    """The mean of the values and its standard error (infinite for one value)."""
    n = len(values)
    mean = sum(values) / n
    variance = max(sum(x * x for x in values) / n - mean * mean, 0.0)
    return mean, math.sqrt(variance / n) if n > 1 else math.inf


def card_values(view, rng, deals=100):
    """For each legal card index of ``view`` (the seat to act), the chips the
    seat gains from this moment to the end of the round if it plays that card,
    estimated by the hard bot's search: ``deals`` deals of the unseen cards that
    fit the view, drawn by how likely they make the other seats' plays (see
    ``Hard.deals``), each played out by the hard bot's policy for this seat and
    medium for the others.
    Returns {index: (mean, standard error)}.

    >>> from sixes import Game
    >>> from random import Random
    >>> game = Game(seed=3)
    >>> game.play("6D")
    >>> values = card_values(game.view(game.turn), Random(1), deals=20)
    >>> sorted(values) == sorted(c.index for c in game.legal_moves())
    True
    """
    candidates = indexes_of(view.legal_mask)
    if not candidates:
        return {}
    played = run(BOTS["hard"].play_outs(view, rng, candidates, deals))
    start = view.chips[view.seat]
    return {index: mean_and_error([chips[k] - start for chips in played]) for k, index in enumerate(candidates)}


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
    return run(thinking(level, game))


def thinking(level, game):
    """``decide`` as a generator that yields between slices of the bot's search
    (so a page can draw in between) and returns the card, or None for a pass."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
    view = game.view(game.turn)
    legal = view.legal_mask
    if not legal:
        return None
    if not legal & (legal - 1):
        return CARDS[legal.bit_length() - 1]
    bot = BOTS[level]
    if hasattr(bot, "think"):
        return CARDS[(yield from bot.think(view, decision_rng(game)))]
    return CARDS[bot.choose(view, decision_rng(game))]
