"""Hints for the person: the expert's card, with a one-line reason.

The card is the best of the expert's estimate at the position (``expert.expert_values``), the very figures
the review's marks read there later, so a hint's card is never marked a miss. The reason is a key and a
detail, not a sentence, so the page can say it in the person's language; the review gives the same reason
for a better card.
"""

from typing import NamedTuple

from ..engine.cards import EVERY_CARD, Card, CardIndex, cards_of
from ..engine.expert import expert_values
from ..engine.game import Game, View
from ..engine.inference import Slices, run
from .words import Say


class Hint(NamedTuple):
    """``card`` to play (None: must pass); ``reason`` one of REASONS; ``detail`` a Card or a count."""

    card: Card | None
    reason: str
    detail: Card | int | None


REASONS = ("must_pass", "only_card", "keeps_blocked", "opens_own", "leads_to_own", "best_odds")


def hint(game: Game) -> Hint:
    """What the expert would do in the seat to act, and why, from that seat's view only."""
    return run(hinting(game))


def hinting(game: Game) -> Slices[Hint]:
    """``hint`` as a generator that yields between the expert's deals (so a page can draw in between). It
    takes the table as it is now, whatever is played while it works."""
    return advice(game.view(game.turn))


def advice(view: View) -> Slices[Hint]:
    legal = view.legal_mask
    if not legal:
        return Hint(None, "must_pass", None)
    if not legal & (legal - 1):
        return Hint(EVERY_CARD[legal.bit_length() - 1], "only_card", None)
    values = yield from expert_values(view)
    return reason_for(view, values.best)


def reason_for(view: View, index: CardIndex) -> Hint:
    """Why to play card ``index`` of the legal cards at ``view`` rather than another, as a ``Hint``."""
    hand, unseen, legal = view.hand_mask, view.unseen_mask, view.legal_mask
    beyond, unlocks = view.rules.beyond, view.rules.unlocks
    # A card kept back that holds others up while nothing of ours waits behind it.
    blockers = [c for c in cards_of(legal & ~(1 << index)) if not hand & beyond[c.index] and unseen & beyond[c.index]]
    if blockers:
        most = max(blockers, key=lambda c: (unseen & beyond[c.index]).bit_count())
        return Hint(EVERY_CARD[index], "keeps_blocked", most)
    if hand & unlocks[index]:
        return Hint(EVERY_CARD[index], "opens_own", cards_of(hand & unlocks[index])[0])
    behind = (hand & beyond[index]).bit_count()
    if behind:
        return Hint(EVERY_CARD[index], "leads_to_own", behind)
    return Hint(EVERY_CARD[index], "best_odds", None)


def words(hint: Hint, say: Say) -> str:
    """The hint's advice in the person's language, without the 'Hint:' before it.

    >>> from sixes.model.words import say_in
    >>> words(Hint(Card.parse("7H"), "leads_to_own", 1), say_in("en"))
    'Play 7♥: 1 of your cards waits behind it.'
    """
    detail = say.label(hint.detail) if isinstance(hint.detail, Card) else hint.detail
    return say(f"hint_{hint.reason}", card=hint.card and say.label(hint.card), detail=detail)
