"""Hints: the expert's best card, and a reason that is true of the position."""

from random import Random

from sixes import Game
from sixes.engine import expert, inference
from sixes.engine.core import UNLOCKS
from sixes.engine.inference import BEYOND
from sixes.model.hints import REASONS, hint, hinting
from tests.conftest import play, random_card


def positions(count):
    rng = Random(4)
    for seed in range(count):
        game = play(Game(seed=seed), random_card(rng), turns=rng.randrange(1, 30))
        if not game.round_over:
            yield game


def test_hint_is_the_experts_best_card_with_a_true_reason():
    reasons = set()
    for game in positions(60):
        before = game.to_json()
        h = hint(game)
        assert game.to_json() == before  # a hint changes nothing
        assert h.reason in REASONS
        reasons.add(h.reason)
        if len(game.legal_moves()) > 1:
            assert h.card.index == inference.run(expert.expert_values(game.view(game.turn))).best
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


def test_the_hint_works_out_in_slices_to_the_same_card():
    """Where the expert searches (late in a round) a slice a deal; earlier the learned figures take no slices."""
    game = next(g for g in positions(200) if len(g.legal_moves()) > 1 and expert.searches(g.view(g.turn)))
    steps, slices = hinting(game), 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            assert done.value == hint(game)
            break
    assert slices >= inference.FEWEST, "a slice a deal, so a page can draw in between"
