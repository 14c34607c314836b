"""Hostile saves: whatever the text, the loader returns a valid game or raises SaveError."""

import json
from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixes import Game, SaveError
from sixes.engine.saves import SAVE_VERSION
from tests.conftest import end_of_game, play, random_card

SAVES = [
    play(Game(players=3 + seed % 4, chips=3, seed=seed), random_card(Random(seed)), turns, until=end_of_game).to_json()
    for seed, turns in [(1, 0), (2, 13), (3, 60), (4, 200), (5, 900)]
] + [  # the family's others (a save of Sixes has no "variant"; theirs do, and points where they keep them)
    play(Game(chips=3, seed=seed, variant=name), random_card(Random(seed)), turns, until=end_of_game).to_json()
    for seed, turns, name in [(6, 70, "sevens"), (7, 150, "fan-tan"), (8, 400, "cinquillo")]
]


def loads_or_refuses(text):
    """The promise: a game that saves back to a loadable save, or SaveError with a message."""
    try:
        game = Game.from_json(text)
    except SaveError as error:
        assert str(error)
        return None
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert sum(game.chips) + game.pot == game.players * game.start_chips
    return game


fuzz = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
save = st.sampled_from(SAVES)


@fuzz
@given(save, st.integers(0, 10**6))
def test_truncated(text, cut):
    loads_or_refuses(text[: cut % (len(text) + 1)])


@fuzz
@given(save, st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 7)), min_size=1, max_size=8))
def test_bit_flipped(text, flips):
    data = bytearray(text.encode())
    for position, bit in flips:
        data[position % len(data)] ^= 1 << bit
    loads_or_refuses(bytes(data))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)


@fuzz
@given(save, st.data())
def test_a_field_replaced_by_anything(text, data):
    save_data = json.loads(text)
    key = data.draw(st.sampled_from(sorted(save_data)))
    save_data[key] = data.draw(JSON_VALUES)
    loads_or_refuses(json.dumps(save_data))


@fuzz
@given(save, st.data())
def test_a_number_or_card_nudged(text, data):
    save_data = json.loads(text)
    key = data.draw(st.sampled_from(["chips", "round_start_chips", "hands", "moves"]))
    values = save_data[key]
    i = data.draw(st.integers(0, len(values) - 1))
    if isinstance(values[i], int):
        values[i] += data.draw(st.sampled_from([-(10**12), -1, 1, 10**12]))
    else:
        words = values[i].split()
        words.append(data.draw(st.sampled_from(["6D", "KS", "AH", "XX", "--", "9C", "7H"])))
        if words and data.draw(st.booleans()):
            words.pop(data.draw(st.integers(0, len(words) - 1)))
        values[i] = " ".join(words)
    loads_or_refuses(json.dumps(save_data))


@fuzz
@given(
    save,
    st.sampled_from(["turn", "dealer", "pot", "round", "seed", "players", "start_chips", "version"]),
    st.integers(-(10**20), 10**20),
)
def test_a_counter_set_to_any_whole_number(text, key, value):
    save_data = json.loads(text)
    save_data[key] = value
    loads_or_refuses(json.dumps(save_data))


def test_huge_and_deep_texts_are_refused_not_crashing():
    assert loads_or_refuses("x" * 5_000_000) is None
    assert loads_or_refuses("[" * 100_000 + "]" * 100_000) is None
    assert loads_or_refuses('{"version": 1, "players": 5}') is None
    assert loads_or_refuses(SAVES[1].replace(f'"version":{SAVE_VERSION}', '"version":true')) is None
