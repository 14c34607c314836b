"""The learned evaluation: it reads the seat's view alone, its policy features are the policy's own, its network
computes what a network does, and the expert reads it before the search takes over."""

import math
from random import Random

from sixes.engine import expert, learned
from sixes.engine.core import Round, deal
from sixes.engine.game import View
from sixes.engine.inference import FEATURES, policy_scores, run
from sixes.engine.weights import HARD_POLICY, MEDIUM
from tests.engine.test_bots import positions


def test_every_legal_card_gets_its_inputs_and_only_legal_cards_do():
    for game in positions(seed=11, count=40):
        view = game.view(game.turn)
        rows = learned.features(view)
        assert [index for index, _ in rows] == [c.index for c in game.legal_moves()]
        assert all(len(x) == learned.WIDTH for _, x in rows)


def test_the_inputs_are_read_from_the_view_alone():
    """Two rounds that differ only in how the cards the seat cannot see are split give the same inputs."""
    rng = Random(4)
    checked = 0
    while checked < 30:
        hands = deal(5, 0, rng)
        r = Round(hands, [10] * 5, 0)
        for _ in range(int(rng.random() * 12)):
            legal = r.legal()
            if r.winner >= 0:
                break
            if legal:
                r.play(legal.bit_length() - 1)
            else:
                r.pass_turn()
        if r.winner >= 0 or r.legal().bit_count() < 2:
            continue
        me = r.turn
        # Swap one card between the two seats after ours whose passes allow it: a deal the view cannot tell apart.
        a, b = (me + 1) % 5, (me + 2) % 5
        x = next((c for c in range(40) if r.hands[a] >> c & 1 and not r.lacks[b] >> c & 1), None)
        y = next((c for c in range(40) if r.hands[b] >> c & 1 and not r.lacks[a] >> c & 1), None)
        if x is None or y is None:
            continue
        twin = r.copy()
        twin.hands[a] ^= 1 << x | 1 << y
        twin.hands[b] ^= 1 << x | 1 << y
        assert learned.features(View.of(r, me)) == learned.features(View.of(twin, me))
        checked += 1


def test_policy_features_weighted_by_a_policy_are_its_scores():
    for game in positions(seed=12, count=40):
        view = game.view(game.turn)
        hand, unseen = view.hand_mask, view.unseen_mask
        for weights in (MEDIUM, HARD_POLICY, tuple(range(1, len(FEATURES) + 1))):
            scores = policy_scores(
                weights, view.legal_mask, hand, view.playable, unseen, view.counts, view.lacks, view.seat, lambda: 0.0
            )
            for score, index in scores:
                values = learned.policy_features(index, hand, view.playable, unseen, view.counts, view.lacks, view.seat)
                assert math.isclose(sum(w * v for w, v in zip(weights, values)), score, abs_tol=1e-9)


def test_the_network_is_a_relu_network():
    # 2 inputs -> 2 hidden (ReLU) -> 2 outputs, worked out by hand.
    net = learned.Network([([[1.0, -1.0], [0.5, 0.5]], [0.0, -1.0]), ([[2.0, 1.0], [0.0, -1.0]], [0.5, 0.25])])
    # hidden: [3 - 1, 0.5*3 + 0.5*1 - 1] = [2, 1]; out: [2*2 + 1 + 0.5, -1 + 0.25]
    assert net([3.0, 1.0]) == [5.5, -0.75]
    # hidden: [1 - 3 -> 0 by the ReLU, 2 - 1 = 1]; out: [1 + 0.5, -1 + 0.25]
    assert net([1.0, 3.0]) == [1.5, -0.75]


def test_the_shipped_weights_fit_the_inputs_and_give_a_chance_between_0_and_1():
    net = learned.network()
    assert len(net.layers[0][0][0]) == learned.WIDTH
    assert all(len(rows) == len(biases) for rows, biases in net.layers)
    for game in positions(seed=13, count=20):
        for worth in learned.worths(game.view(game.turn)).values():
            assert 0.0 <= worth.wins <= 1.0
            assert math.isfinite(worth.chips)


def test_the_expert_reads_the_learned_figures_before_it_searches():
    early = next(g for g in positions(seed=14, count=60) if g.view(g.turn).hand_mask.bit_count() > expert.SEARCH_AT)
    view = early.view(early.turn)
    values = run(expert.expert_values(view))
    figures = learned.worths(view)
    assert values.cards == list(figures)
    best = max(figures, key=lambda i: figures[i].chips + values.win_worth * figures[i].wins)
    assert values.best == best
    assert values.chips(best) == figures[best].chips and values.wins(best) == figures[best].wins
    late = next(g for g in positions(seed=15, count=200) if g.view(g.turn).hand_mask.bit_count() <= expert.SEARCH_AT)
    searched = run(expert.expert_values(late.view(late.turn)))
    assert searched.rows  # played out in deals


def test_the_network_is_read_before_the_pages_snapshot_and_kept():
    learned.network.cache_clear()
    learned.before_snapshot()  # (assets/snapshot.mjs calls it in the snapshot's interpreter)
    assert learned.network.cache_info().currsize == 1
    assert learned.network() is learned.network()
