"""Every public engine call given nonsense: a ValueError subclass with a message, and nothing changed."""

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sixes import Card, Game, IllegalMove
from tests.conftest import end_of_game, play, random_card

ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.binary(max_size=4),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sampled_from(["6D", "KS", "7H", "AC", "6S", "5D", "7D"]),
    st.builds(lambda i: Card(i), st.integers(0, 39)),
)


def position(seed, turns):
    return play(
        Game(players=3 + seed % 4, chips=1 + seed % 4, seed=seed), random_card(Random(seed)), turns, until=end_of_game
    )


def refused_or_done(call):
    try:
        call()
    except ValueError as error:
        assert str(error)
        return False
    return True


@settings(max_examples=500, deadline=None)
@given(
    st.integers(0, 10**5),
    st.integers(0, 150),
    st.sampled_from(["play", "pass_turn", "next_round", "hand", "view"]),
    ANYTHING,
)
def test_a_call_on_a_game_is_done_or_refused_leaving_the_game_unchanged(seed, turns, method, argument):
    game = position(seed, turns)
    before = game.to_json()
    call = getattr(game, method)
    done = refused_or_done((lambda: call(argument)) if method in ("play", "hand", "view") else call)
    if not done or method in ("hand", "view"):
        assert game.to_json() == before
    if method == "play" and done:
        assert Card.parse(argument) in [c for cards in game.columns.values() for c in cards]


@settings(max_examples=300, deadline=None)
@given(ANYTHING, ANYTHING, st.one_of(ANYTHING, st.integers(2**64 - 3, 2**64 + 3), st.integers(-3, 3)), ANYTHING)
def test_a_new_game_is_made_or_refused(players, chips, seed, may_pass):
    """And a game made is one its save reopens (issue 51: a seed of 2**64 was dealt, and its save refused)."""
    try:
        game = Game(players=players, chips=chips, seed=seed, may_pass=may_pass)
    except ValueError as error:
        assert str(error)
        return
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("seed", [-1, 2**64, 10**5000], ids=["-1", "2**64", "10**5000"])
def test_a_seed_no_save_can_hold_deals_no_game(seed):
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 18446744073709551615"):
        Game(seed=seed)


@settings(max_examples=300, deadline=None)
@given(st.one_of(ANYTHING, st.lists(st.lists(ANYTHING, max_size=10), max_size=7)), ANYTHING, ANYTHING)
def test_a_scripted_deal_is_made_or_refused(hands, chips, dealer):
    refused_or_done(lambda: Game.from_hands(hands, chips=chips, dealer=dealer))


@settings(max_examples=200, deadline=None)
@given(ANYTHING)
def test_loading_anything_is_done_or_refused(text):
    refused_or_done(lambda: Game.from_json(text))


@pytest.mark.parametrize("value", [True, False])
def test_booleans_are_not_numbers_of_players_or_chips(value):
    with pytest.raises(ValueError):
        Game(players=value)
    with pytest.raises(ValueError):
        Game(chips=value)


def test_moves_after_the_game_ended_are_refused():
    game = position(5, 5000)
    assert game.over
    before = game.to_json()
    for call in (lambda: game.play("KS"), game.pass_turn, game.next_round):
        with pytest.raises(IllegalMove):
            call()
    assert game.to_json() == before
