"""Hints: the hard bot's card, and a reason that is true of the position."""

from random import Random

from sixes import Game
from sixes.engine import bots
from sixes.engine.bots import BEYOND
from sixes.engine.core import UNLOCKS
from sixes.model.hints import REASONS, hint
from tests.conftest import play, random_card


def positions(count):
    rng = Random(4)
    for seed in range(count):
        game = play(Game(seed=seed), random_card(rng), turns=rng.randrange(1, 30))
        if not game.round_over:
            yield game


def test_hint_is_the_hard_bots_card_with_a_true_reason():
    reasons = set()
    for game in positions(60):
        before = game.to_json()
        h = hint(game)
        assert game.to_json() == before  # a hint changes nothing
        assert h.reason in REASONS
        reasons.add(h.reason)
        assert h.card == bots.decide("hard", game)
        hand = sum(c.bit for c in game.hand(game.turn))
        if h.reason == "must_pass":
            assert game.legal_moves() == []
        elif h.reason == "only_card":
            assert game.legal_moves() == [h.card]
        elif h.reason == "keeps_blocked":
            assert h.detail in game.legal_moves() and h.detail != h.card
            assert not hand & BEYOND[h.detail.index]
        elif h.reason == "opens_own":
            assert h.detail.bit & hand & UNLOCKS[h.card.index]
        elif h.reason == "leads_to_own":
            assert h.detail == (hand & BEYOND[h.card.index]).bit_count() > 0
    assert {"only_card", "keeps_blocked"} <= reasons
