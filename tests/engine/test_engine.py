"""The engine's contract beyond the rules: determinism, views, saves, refusals."""

import json
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sixes
from sixes import Game, IllegalMove, SaveError
from sixes.engine.core import deal, shuffled_deck
from tests.conftest import end_of_game, play, random_card


def advance(game, rng, turns):
    return play(game, random_card(rng), turns, until=end_of_game)


def finished_game(seed=3, chips=3):
    return play(Game(chips=chips, seed=seed), random_card(Random(seed)), until=end_of_game)


# --- determinism ------------------------------------------------------------
def test_same_seed_same_deals_different_seed_different_deals():
    a, b, c = Game(seed=123), Game(seed=123), Game(seed=124)
    assert [a.hand(s) for s in range(5)] == [b.hand(s) for s in range(5)]
    assert [a.hand(s) for s in range(5)] != [c.hand(s) for s in range(5)]


def test_shuffle_draws_only_on_random_so_it_is_stable_across_pythons():
    class OnlyRandom:
        def __init__(self):
            self.inner = Random(5)
            self.calls = 0

        def random(self):
            self.calls += 1
            return self.inner.random()

    rng = OnlyRandom()
    deck = shuffled_deck(rng)
    assert sorted(deck) == list(range(40)) and rng.calls == 39


def test_seed_42_deal_is_pinned():
    # Saves replay their games from the seed: if the deal of a seed ever
    # changed, every saved game would stop loading. This pins it.
    game = Game(seed=42)
    assert game.dealer == 0
    assert " ".join(map(str, game.hand(1))) == "AS 4S 4H 5H QH 3D 6D KC"
    assert " ".join(map(str, game.hand(0))) == " ".join(map(str, sorted(game.hand(0))))


def test_global_random_state_does_not_matter():
    import random

    random.seed(1)
    a = advance(Game(seed=77), Random(0), 40).to_json()
    random.seed(2)
    random.random()
    b = advance(Game(seed=77), Random(0), 40).to_json()
    assert a == b


def test_replaying_seed_and_moves_rebuilds_the_same_game():
    game = advance(Game(chips=4, seed=8), Random(8), 150)
    data = json.loads(game.to_json())
    moves = [[None if w in ("--", "-0") else w for w in line.split()] for line in data["moves"]]
    replayed = Game.replay(5, 4, 8, moves)
    assert replayed.to_json() == game.to_json()
    assert replayed == game


# --- the view ---------------------------------------------------------------
def test_view_shows_own_hand_counts_and_table_but_no_other_hand():
    game = advance(Game(seed=31), Random(31), 12)
    seat = 2
    view = game.view(seat)
    assert view.hand == game.hand(seat)
    assert list(view.counts) == game.counts and list(view.chips) == game.chips and view.pot == game.pot
    assert view.columns == game.columns
    assert view.history == tuple(game.history)
    others = 0
    for s in range(5):
        if s != seat:
            others |= sum(c.bit for c in game.hand(s))
    assert view.unseen_mask == others  # known only as a set, not who holds what
    for field in view._fields:
        value = getattr(view, field)
        for s in range(5):
            if s != seat and game.hand(s):
                assert value != sum(c.bit for c in game.hand(s))


def test_view_legal_only_for_the_seat_to_act():
    game = Game(seed=6)
    assert game.view(game.turn).legal == game.legal_moves()
    assert game.view((game.turn + 1) % 5).legal == []


def test_a_pass_tells_everyone_the_seat_lacks_every_playable_card():
    game = Game(seed=9)
    rng = Random(9)
    while game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    seat = game.turn
    playable = game.view(seat).playable
    game.pass_turn()
    for looker in range(5):
        assert game.view(looker).lacks[seat] == playable
    assert not sum(c.bit for c in game.hand(seat)) & playable


# --- saves ------------------------------------------------------------------
@pytest.mark.parametrize("turns", [0, 1, 17, 45, 300])
def test_save_round_trips_mid_round_and_between_rounds(turns):
    game = advance(Game(chips=5, seed=14), Random(14), turns)
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.history == game.history and loaded.round_start_chips == game.round_start_chips
    # The loaded game plays on exactly like the original.
    assert advance(loaded, Random(1), 30).to_json() == advance(game, Random(1), 30).to_json()


def test_save_round_trips_a_finished_game_and_a_scripted_deal():
    game = finished_game()
    loaded = Game.from_json(game.to_json())
    assert loaded.over and loaded.winners == game.winners and loaded.chips == game.chips
    scripted = Game.from_hands([[str(c) for c in Game(seed=2).hand(s)] for s in range(5)], chips=7, seed=5)
    advance(scripted, Random(3), 80)
    assert Game.from_json(scripted.to_json()).to_json() == scripted.to_json()


def test_save_is_compact():
    game = finished_game(seed=4, chips=10)
    assert len(game.to_json()) < 400 + 200 * game.round_number


def edited(game, change):
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


MID = advance(Game(seed=20), Random(20), 23)


def swap_first_cards(data):
    a, b = data["hands"][0].split(), data["hands"][1].split()
    a[0], b[0] = b[0], a[0]
    data["hands"][0], data["hands"][1] = " ".join(a), " ".join(b)


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        ("{}", "no version"),
        ("", "not valid JSON"),
        ("x" * 3_000_000, "far too long"),
        (edited(MID, lambda d: d.update(version=sixes.engine.saves.SAVE_VERSION + 1)), "newer Sixes"),
        (edited(MID, lambda d: d.update(rules={"may_pass": "yes"})), "house rules"),
        (edited(MID, lambda d: d.pop("rules")), "house rules"),
        (edited(MID, lambda d: d.update(version=0)), "cannot be read"),
        (edited(MID, lambda d: d.update(players=9)), "number of players"),
        (edited(MID, lambda d: d.update(players="5")), "number of players"),
        (edited(MID, lambda d: d["hands"].__setitem__(0, d["hands"][0] + " 9S")), "9S.*not a card"),
        (edited(MID, lambda d: d["hands"].__setitem__(0, d["hands"][0] + " " + d["hands"][1].split()[0])), "twice"),
        (edited(MID, lambda d: d["hands"].__setitem__(0, " ".join(d["hands"][0].split()[1:]))), "deck does not add up"),
        (edited(MID, lambda d: d["chips"].__setitem__(0, d["chips"][0] + 1)), "chips do not add up"),
        (edited(MID, lambda d: d["chips"].__setitem__(0, -1)), "chips of seat 0"),
        (edited(MID, lambda d: d.update(pot=10**30)), "the pot"),
        (edited(MID, lambda d: d.update(turn=7)), "seat to act"),
        (edited(MID, lambda d: d.update(turn=None)), "seat to act"),
        (edited(MID, lambda d: d["columns"].pop("S")), "four suits"),
        (edited(MID, lambda d: d.update(moves=d["moves"] * 2)), "one line for each"),
        (edited(MID, lambda d: d.update(moves=["6D 6D"])), "breaks the rules"),
        (edited(MID, swap_first_cards), "do not match its own move history"),
        (edited(MID, lambda d: d.update(seed=d["seed"] + 1)), "breaks the rules|do not match"),
    ],
)
def test_bad_saves_are_refused_with_a_reason(text, message):
    with pytest.raises(SaveError, match=message):
        Game.from_json(text)


def test_a_broken_column_is_refused():
    game = advance(Game(seed=2), Random(0), 30)
    data = json.loads(game.to_json())
    suit = next(s for s in "SHDC" if len(data["columns"][s].split()) >= 3)
    column = data["columns"][suit].split()
    gap = column.pop(1)  # take a card out of the middle of the run and give it to a hand
    holder = next(i for i, h in enumerate(data["hands"]) if h)
    data["columns"][suit] = " ".join(column)
    data["hands"][holder] += " " + gap
    with pytest.raises(SaveError, match="unbroken run through its 6"):
        Game.from_json(json.dumps(data))


def test_a_turn_that_cannot_be_is_refused():
    game = Game(seed=3)
    data = json.loads(game.to_json())
    data["turn"] = (data["turn"] + 1) % 5  # before the 6D is down, only its holder may act
    with pytest.raises(SaveError, match="holding the 6D leads"):
        Game.from_json(json.dumps(data))


def test_save_error_and_illegal_move_are_value_errors():
    assert issubclass(SaveError, ValueError) and issubclass(IllegalMove, ValueError)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 10**6),
    st.integers(0, 120),
    st.one_of(st.text(max_size=3), st.integers(), st.none(), st.sampled_from(["6D", "KS", "AH", "7C", "6S"])),
)
def test_a_refused_move_changes_nothing(seed, turns, card):
    game = advance(Game(seed=seed), Random(seed), turns)
    before = game.to_json()
    try:
        game.play(card)
    except IllegalMove as error:
        assert str(error)
        assert game.to_json() == before
    before = game.to_json()
    if game.legal_moves() or game.round_over:
        with pytest.raises(IllegalMove):
            game.pass_turn()
        assert game.to_json() == before


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 200))
def test_any_position_saves_and_loads_to_the_same_game(seed, turns):
    game = advance(Game(players=3 + seed % 4, chips=1 + seed % 6, seed=seed), Random(seed), turns)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_wrong_seats_are_refused():
    game = Game(seed=1)
    for seat in (-1, 5, "0", 1.0, None, True):
        with pytest.raises(IllegalMove, match="no seat"):
            game.hand(seat)
        with pytest.raises(IllegalMove, match="no seat"):
            game.view(seat)


def test_public_names():
    assert {"Card", "Game", "IllegalMove", "SaveError", "Move", "View"} <= set(sixes.__all__)
    assert deal(5, 0, Random(0))  # the core is importable on its own


def test_a_save_of_the_previous_version_loads():
    # Written by save version 1 (before house rules were saved); kept as it was.
    text = (Path(__file__).parent / "fixtures" / "save-v1.json").read_text()
    assert json.loads(text)["version"] == 1
    game = Game.from_json(text)
    assert (game.round_number, game.turn, game.chips, game.pot, game.may_pass) == (4, 4, [6, 6, 3, 4, 11], 0, False)
    assert json.loads(game.to_json())["version"] == sixes.engine.saves.SAVE_VERSION
    assert Game.from_json(game.to_json()) == game
