"""Hints for the person: the card the hard bot would play, with a one-line reason.

The reason is a key and a detail, not a sentence, so the page can say it in
the person's language.
"""

from collections import namedtuple

from ..engine.bots import BEYOND, BOTS, decision_rng
from ..engine.cards import CARDS, cards_of
from ..engine.core import UNLOCKS

Hint = namedtuple("Hint", "card reason detail")
Hint.__doc__ = """``card`` to play (None: must pass); ``reason`` one of REASONS; ``detail`` a Card or a count."""

REASONS = ("must_pass", "only_card", "keeps_blocked", "opens_own", "leads_to_own", "best_odds")


def hint(game):
    """What the hard bot would do in the seat to act, and why, from that seat's view only."""
    view = game.view(game.turn)
    legal = view.legal_mask
    if not legal:
        return Hint(None, "must_pass", None)
    if not legal & (legal - 1):
        return Hint(CARDS[legal.bit_length() - 1], "only_card", None)
    index = BOTS["hard"].choose(view, decision_rng(game))
    hand, unseen = view.hand_mask, view.unseen_mask
    # A card kept back that holds others up while nothing of ours waits behind it.
    blockers = [c for c in cards_of(legal & ~(1 << index)) if not hand & BEYOND[c.index] and unseen & BEYOND[c.index]]
    if blockers:
        most = max(blockers, key=lambda c: (unseen & BEYOND[c.index]).bit_count())
        return Hint(CARDS[index], "keeps_blocked", most)
    if hand & UNLOCKS[index]:
        return Hint(CARDS[index], "opens_own", cards_of(hand & UNLOCKS[index])[0])
    behind = (hand & BEYOND[index]).bit_count()
    if behind:
        return Hint(CARDS[index], "leads_to_own", behind)
    return Hint(CARDS[index], "best_odds", None)
