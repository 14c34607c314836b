"""The expert: the one estimate of every legal card that the hard bot, the hint and the review's marks read.

While the seat holds more than ``SEARCH_AT`` cards it is the learned evaluation (``learned.worths``): so
early in a round too little is known of the hidden hands for playouts to tell cards apart, and the network,
trained on what such positions led to, does. From ``SEARCH_AT`` cards it is the search
(``inference.card_values``): likely deals of the hidden cards, each legal card played out in every one.
"""

from random import Random

from .game import View
from .inference import BURN_IN, Slices, Values, card_values, expert_deals
from .learned import Estimate, estimating

SEARCH_AT = 4  # cards in hand from which the expert searches (docs/bots.md: where the search gains)


def searches(view: View) -> bool:
    """Whether the expert searches at ``view`` rather than reading the learned evaluation."""
    return view.hand_mask.bit_count() <= SEARCH_AT


def expert_values(view: View, rng: Random | None = None, deals: int | None = None) -> Slices[Values]:
    """The expert's estimate at ``view`` as ``inference.Slices``: the search's playouts (with the generator
    and the deals handed in, or those of the position) or, before ``SEARCH_AT`` cards, the learned figures."""
    if searches(view):
        return (yield from card_values(view, rng, deals))
    return Estimate((yield from estimating(view)), view.rules.win_worth, view.rules.learned_error)


def expert_steps(view: View) -> int:
    """How many times ``expert_values`` yields at ``view``, about (a deal or ten steps of the chain's warm-up
    each, or a card of the learned figures): a page's progress counts them."""
    return expert_deals(view) + BURN_IN // 10 if searches(view) else view.legal_mask.bit_count()
