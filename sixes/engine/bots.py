"""The bots. Each sees only a ``View`` of its own seat and draws only from the
generator it is handed, so a game's seed fixes every bot choice.

A bot (``Bot``) has ``choose(view, rng)``, asked only when there is a real choice,
which returns a card index from ``view.legal_mask``; one that can also think in
slices (``Thinker``, the hard bot) has ``think``, the same as a generator.
"""

from collections.abc import Sequence
from random import Random
from typing import Protocol, runtime_checkable

from .cards import EVERY_CARD, Card, CardIndex, indexes_of
from .expert import SEARCH_AT
from .game import Game, View
from .inference import (
    BURN_IN,
    FEATURES,
    RANDOM_BELOW,
    TEMPERATURE,
    THIN,
    Slices,
    Values,
    card_values,
    policy_scores,
    random_card,
    run,
)
from .learned import Estimate, estimating
from .weights import HARD_POLICY, MEDIUM


class Bot(Protocol):
    """A player: ``choose`` is asked only when the seat has a real choice, and returns a card index from
    ``view.legal_mask``, drawing only from ``rng``."""

    def choose(self, view: View, rng: Random) -> CardIndex: ...


@runtime_checkable
class Thinker(Bot, Protocol):
    """A bot that can also think in slices: ``think`` is ``choose`` as a generator (``inference.Slices``), for a
    page that must keep drawing."""

    def think(self, view: View, rng: Random) -> Slices[CardIndex]: ...


class Easy:
    """A uniformly random legal card."""

    def choose(self, view: View, rng: Random) -> CardIndex:
        return random_card(view.legal_mask, rng)


class Policy:
    """A player by ``policy_scores`` with fixed weights (the best-scored card): fast enough to play out
    thousands of rounds in a second."""

    def __init__(self, weights: Sequence[float]) -> None:
        self.weights = tuple(weights)
        assert len(self.weights) == len(FEATURES)

    def choose(self, view: View, rng: Random) -> CardIndex:
        return max(
            policy_scores(
                self.weights,
                view.legal_mask,
                view.hand_mask,
                view.playable,
                view.unseen_mask,
                view.counts,
                view.lacks,
                view.seat,
                rng.random,
                view.rules,
            )
        )[1]


class Medium(Policy):
    """A heuristic player with hand-set weights. It plays first the cards that
    lead to its own: those that open cards it holds, that have its cards beyond
    them, and the sixes (which start two runs). It holds back cards that would
    open a card for someone else, the more so the fewer cards the possible
    holders have left, and cards that block many unseen cards."""

    def __init__(self) -> None:
        super().__init__(MEDIUM)


class Hard:
    """The learned evaluation at every decision, and the expert's search on top of it once the round nears its end.

    Its card is the best of ``learned.worths``: a network trained by self-play
    (``tools/train_bot.py``) that scores each legal card from the view. With ``search_at``
    cards or fewer in hand it asks the search (``inference.card_values``, with its own
    generator and a smaller budget): every legal card played out in the same deals of the
    hidden cards, deals likely given the other seats' plays so far, the seat by the tuned
    policy ``Policy(HARD_POLICY)`` (``tools/tune_policy.py``), scored in
    chips (or the variant's points) plus ``win_worth`` for a round won (the variant's ``Variant.win_worth`` unless
    given). It plays the learned card unless
    another scored more over the same deals by ``margin`` standard errors of
    the paired difference.

    Why only then: measured by duplicate play against medium, the search gained
    nothing with 5 cards or more (too little is known of the hidden hands, and
    the playouts cannot tell cards apart), and clearly with 4 or fewer. A won
    round counts 30 chips more in Sixes because rounds won are what players count (the
    chips still break near ties); where a variant keeps points, the points are what
    count (``Variant.win_worth``, docs/bots.md). Playing random seats at random is what keeps
    it as strong as medium at a table of easy bots, whose plays no deal
    explains as medium's. Searching its own later cards exhaustively in each
    deal, rather than playing them by its policy, measured worse: with the deal
    known, it plans for cards it cannot know. (README, Benchmarks.)
    Budgeted in cards played (``plays``, at most ``most`` deals), so it is
    deterministic for a given generator; ``think`` does the same work in slices,
    for a page that must keep drawing."""

    def __init__(
        self,
        plays: int = 5000,
        most: int = 200,
        margin: float = 0.5,
        temperature: float = TEMPERATURE,
        search_at: int = SEARCH_AT,
        burn_in: int = BURN_IN,
        thin: int = THIN,
        weights: Sequence[float] | None = None,
        win_worth: float | None = None,
        random_below: float = RANDOM_BELOW,
    ) -> None:
        self.plays, self.most, self.margin, self.temperature = plays, most, margin, temperature
        self.search_at, self.burn_in, self.thin, self.win_worth = search_at, burn_in, thin, win_worth
        self.policy = Policy(HARD_POLICY if weights is None else weights)
        self.random_below = random_below
        self.field = Medium()

    def choose(self, view: View, rng: Random) -> CardIndex:
        return run(self.think(view, rng))

    def think(self, view: View, rng: Random) -> Slices[CardIndex]:
        """The search as a generator that yields between deals and returns the
        card index (``run`` drives it to the end)."""
        # (a round won counts as this bot's search counts it)
        win_worth = view.rules.win_worth if self.win_worth is None else self.win_worth
        default = Estimate((yield from estimating(view)), win_worth).best
        if view.hand_mask.bit_count() > self.search_at:
            return default
        candidates = indexes_of(view.legal_mask)
        # The budget is in cards played, so a playout from later in the round (shorter) costs less.
        count = min(self.most, max(20, self.plays // (len(candidates) * sum(view.counts))))
        values = yield from self.values(view, rng, count)
        best, best_mean = default, 0.0
        for index in candidates:
            mean, error = values.versus(index, default)
            if mean > self.margin * error and mean > best_mean:
                best, best_mean = index, mean
        return best

    def values(self, view: View, rng: Random, deals: int) -> Slices[Values]:
        """``inference.card_values`` as this bot plays it out: its policy, its field, its chain's settings."""
        values = yield from card_values(
            view,
            rng,
            deals,
            self.policy.weights,
            self.field.weights,
            self.temperature,
            self.burn_in,
            self.thin,
            self.random_below,
        )
        values.win_worth = view.rules.win_worth if self.win_worth is None else self.win_worth
        return values


BOTS: dict[str, Bot] = {"easy": Easy(), "medium": Medium(), "hard": Hard()}
LEVELS = tuple(BOTS)


def decision_rng(game: Game) -> Random:
    """The generator for the decision at this point of this game: same seed,
    same position, same choice — also after a reload."""
    return Random(f"sixes/{game.seed}/round/{game.round_number}/turn/{len(game.round.log)}")


def decide(level: str, game: Game) -> Card | None:
    """The card the ``level`` bot in the seat to act plays, or None if it must pass.
    It sees only that seat's view."""
    return run(thinking(level, game))


def thinking(level: str, game: Game) -> Slices[Card | None]:
    """``decide`` as a generator that yields between slices of the bot's search
    (so a page can draw in between) and returns the card, or None for a pass."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
    view = game.view(game.turn)
    legal = view.legal_mask
    if not legal:
        return None
    if not legal & (legal - 1):
        return EVERY_CARD[legal.bit_length() - 1]
    bot = BOTS[level]
    if isinstance(bot, Thinker):
        return EVERY_CARD[(yield from bot.think(view, decision_rng(game)))]
    return EVERY_CARD[bot.choose(view, decision_rng(game))]
