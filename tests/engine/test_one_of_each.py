"""The engine's single ways of doing a thing: a turn applied from its log entry or its card, the round a
game is playing, and the mean with its standard error."""

import math
import statistics
from random import Random

import pytest

from sixes.engine.cards import Card
from sixes.engine.core import FREE_PASS, PAID_PASS, Round
from sixes.engine.game import Game, IllegalMove, View
from sixes.engine.inference import Mean, mean_and_error
from tests.conftest import play, random_card


def played_round(seed, chips=1):
    """A round played to its end by random legal cards, with few chips so that both kinds of pass occur."""
    game = Game(players=5, chips=chips, seed=seed)
    hands = list(game.round.hands)  # as dealt: nothing is played yet
    dealer = game.dealer
    play(game, random_card(Random(seed)))
    return game, hands, dealer


@pytest.mark.parametrize("seed", [0, 2, 3, 4])  # rounds with paid and free passes both
def test_a_round_replayed_entry_by_entry_comes_out_the_same(seed):
    game, hands, dealer = played_round(seed)
    log = game.round.log
    assert PAID_PASS in log and FREE_PASS in log  # the replay meets both kinds of pass, not only cards
    again = Round(hands, [1] * 5, dealer)
    for entry in log:
        again.apply(entry)
    for name in Round.__slots__:
        assert getattr(again, name) == getattr(game.round, name), name


def test_game_apply_plays_a_card_or_passes_for_none_as_play_and_pass_turn_do():
    by_apply, by_hand = Game(seed=11, chips=2), Game(seed=11, chips=2)
    rng = Random(11)
    while not by_apply.round_over:
        legal = by_apply.legal_moves()
        card = rng.choice(legal) if legal else None
        by_apply.apply(card)
        by_hand.play(card) if card is not None else by_hand.pass_turn()
        assert by_apply.to_json() == by_hand.to_json()
    assert any(move.card is None for move in by_apply.history)


def test_game_apply_refuses_a_pass_where_the_rules_do():
    game = Game(seed=4)
    with pytest.raises(IllegalMove, match="cannot pass"):
        game.apply(None)  # the 6D holder must lead it


def test_a_games_round_is_the_round_it_plays_and_deals_anew():
    game = Game(seed=6)
    first = game.round
    game.play("6D")
    assert game.round is first and first.log == [Card.parse("6D").index]
    assert game.view(game.turn) == View.of(game.round, game.turn)
    play(game, random_card(Random(6)))
    game.next_round()
    assert game.round is not first and game.round.log == []


@pytest.mark.parametrize("values", [[1.0, 2.0, 4.0, 8.0], [3, -1, 0, 0, 30, 31], [0.2] * 5, [-2.5, 7.0]])
def test_the_mean_and_both_standard_errors_are_the_textbook_ones(values):
    n = len(values)
    figures = Mean(values)
    assert math.isclose(figures.mean, statistics.fmean(values))
    assert math.isclose(figures.error, statistics.stdev(values) / math.sqrt(n), abs_tol=1e-12)
    assert math.isclose(figures.spread_error, statistics.pstdev(values) / math.sqrt(n), abs_tol=1e-12)
    assert mean_and_error(values) == (figures.mean, figures.spread_error)
    running = Mean()
    for x in values:
        running.add(x)
    assert (running.mean, running.error) == (figures.mean, figures.error)


def test_one_value_has_no_spread_to_trust():
    assert Mean([5]).error == 0.0  # as duplicate reports it
    assert mean_and_error([5]) == (5, math.inf)  # never trusted by the hard bot's margin
    assert Mean().mean == 0.0
