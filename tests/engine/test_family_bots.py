"""The bots in each member of the family (issue 54, item 2): each variant's hard bot and expert read a network of
their own, trained on its rules, and count a round won at the variant's worth; Sixes' are what they were."""

import math
from random import Random

import pytest

from sixes import Game
from sixes.engine import bots, expert, inference, learned, learned_weights
from sixes.engine.variants import RULES, SIXES, VARIANTS
from tests.conftest import end_of_game, play, random_card


def positions(variant, seed, count, wanted=lambda game: len(game.legal_moves()) > 1):
    """Copies of random games of the variant stopped at ``count`` points that are ``wanted``."""
    rng = Random(seed)
    game, choose = Game(seed=seed, variant=variant), random_card(rng)
    found = []
    while len(found) < count:
        if game.over:
            game = Game(seed=rng.getrandbits(32), variant=variant)
        elif not game.round_over and wanted(game) and rng.random() < 0.3:
            found.append(Game.from_json(game.to_json()))
        play(game, choose, turns=1, until=end_of_game)
    return found


def test_sixes_reads_the_network_and_the_worth_it_always_read():
    assert SIXES.network == "LAYERS" and SIXES.win_worth == inference.WIN_WORTH == 30
    assert learned.network().layers == learned.network(SIXES.network).layers
    learned.network.cache_clear()
    learned.before_snapshot()  # the page reads Sixes' network before its snapshot, as a Sixes decision asks for it
    assert learned.network.cache_info().currsize == 1
    learned.worths(Game(seed=3).view(0))
    assert learned.network.cache_info().currsize == 1


@pytest.mark.parametrize("name", VARIANTS)
def test_each_variant_has_its_own_network_written_by_a_command(name):
    rules = RULES[name]
    assert rules.network in learned_weights.COMMANDS
    if rules is not SIXES:
        assert f"--variants {name}" in learned_weights.COMMANDS[rules.network]
        assert learned.network(rules.network) is not learned.network(SIXES.network)
    net = learned.network(rules.network)
    assert len(net.layers[0][0][0]) == learned.WIDTH and len(net.layers[-1][1]) == 2


@pytest.mark.parametrize("name", [name for name in VARIANTS if name != "sixes"])
def test_the_expert_reads_the_variants_network_and_worth(name):
    rules = RULES[name]
    early = positions(name, 5, 3, lambda g: len(g.legal_moves()) > 1 and len(g.hand(g.turn)) > expert.SEARCH_AT)
    for game in early:
        view = game.view(game.turn)
        values = inference.run(expert.expert_values(view))
        assert values.win_worth == rules.win_worth
        # A learned mark's margin is the variant's own (its network's noise, bench/learned_margin.py), not Sixes' chip.
        assert all(values.worth(index)[1] == rules.learned_error != SIXES.learned_error for index in values.cards)
        net = learned.network(rules.network)
        for index, x in learned.features(view):
            chips, wins = net(x)
            assert values.chips(index) == chips and values.wins(index) == min(max(wins, 0.0), 1.0)
            assert math.isfinite(chips)
    late = positions(name, 6, 2, lambda g: len(g.legal_moves()) > 1 and len(g.hand(g.turn)) <= expert.SEARCH_AT)
    for number, game in enumerate(late):
        view = game.view(game.turn)
        searched = inference.run(bots.BOTS["hard"].values(view, Random(number), 10))
        assert searched.win_worth == rules.win_worth and searched.rows
        for index in searched.cards:
            k = searched.cards.index(index)
            worths = [kept + rules.win_worth * won for kept, won in (row[k] for row in searched.rows)]
            assert searched.worth(index)[0] == pytest.approx(sum(worths) / len(worths))


@pytest.mark.parametrize("name", [name for name in VARIANTS if name != "sixes"])
def test_the_hard_bot_plays_the_variants_learned_card_early(name):
    rules = RULES[name]
    for game in positions(name, 7, 4, lambda g: len(g.legal_moves()) > 1 and len(g.hand(g.turn)) > expert.SEARCH_AT):
        figures = learned.worths(game.view(game.turn))
        best = max(figures, key=lambda i: (figures[i].chips + rules.win_worth * figures[i].wins, -i))
        assert bots.decide("hard", game).index == best


def test_a_network_reads_float16_weights_as_well_as_float32():
    """The family's networks are stored in float16 (half the page's bytes), Sixes' in float32: each is told by its
    length, and both read the same figures where float16 holds them exactly."""
    import base64
    import struct

    weights = [0.5, -1.25, 2.0, 0.0, 3.5, -0.75]  # 2 inputs -> 2 outputs, then 2 biases
    for code in ("<6f", "<6e"):
        text = base64.b64encode(struct.pack(code, *weights)).decode()
        net = learned.Network.read([(2, 2, text)])
        assert net.layers == [([[0.5, -1.25], [2.0, 0.0]], [3.5, -0.75])]
    sizes = {name: len(base64.b64decode(getattr(learned_weights, name)[0][2])) for name in learned_weights.COMMANDS}
    for name, size in sizes.items():
        inputs, outputs, _ = getattr(learned_weights, name)[0]
        assert size == (4 if name == SIXES.network else 2) * (inputs * outputs + outputs)
