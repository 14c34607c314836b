"""Take-backs in casual games (Game.take_back) and the casual flag in saves. What the page's model does with
casual games (kept out of the statistics, take-backs in the game log): tests/model/test_casual.py."""

import json
from pathlib import Path

import pytest

import sixes
from sixes import IllegalMove
from sixes.engine.saves import SAVE_VERSION
from tests.conftest import bot, bots_until_seat_0, first_card, last_card, play


@pytest.mark.parametrize("seed", range(12))
def test_a_take_back_returns_the_game_to_the_moment_before_the_move_exactly(seed):
    game = sixes.Game(seed=seed, casual=True)
    bots_until_seat_0(game)
    turns = 0
    while not game.round_over:
        before = game.to_json()
        play(game, last_card, turns=1)
        bots_until_seat_0(game)
        after = game.to_json()
        undone = game.take_back()
        assert game.to_json() == before, "table, chips, pot, history and save as they were"
        assert undone[0].seat == 0 and all(move.seat != 0 for move in undone[1:])
        assert len(json.loads(after)["moves"][-1].split()) - len(json.loads(before)["moves"][-1].split()) == len(undone)
        # The same move again brings the same replies: the bots decide from the position alone.
        play(game, last_card, turns=1)
        bots_until_seat_0(game)
        assert game.to_json() == after
        turns += 1
    assert turns > 1
    assert sixes.Game.from_json(game.to_json()) == game


def test_a_take_back_then_another_move_plays_on_from_there():
    game = sixes.Game(seed=3, casual=True)
    bots_until_seat_0(game)
    while len(game.legal_moves()) < 2:  # a turn with a real choice
        play(game, last_card, turns=1)
        bots_until_seat_0(game)
    first, second = game.legal_moves()[:2]
    game.play(first)
    bots_until_seat_0(game)
    game.take_back()
    game.play(second)
    assert game.history[-1] == sixes.Move(0, second, 0)
    bots_until_seat_0(game)
    assert sixes.Game.from_json(game.to_json()) == game, "the save of the new line of play loads"


def test_take_backs_go_back_move_by_move_to_the_start_of_the_round():
    game = sixes.Game(seed=8, casual=True)
    bots_until_seat_0(game)
    saves = []
    while not game.round_over:
        saves.append(game.to_json())
        play(game, first_card, turns=1)
        bots_until_seat_0(game)
    for save in reversed(saves):
        game.take_back()
        assert game.to_json() == save
    with pytest.raises(IllegalMove, match="nothing to take back"):
        game.take_back()


def test_only_a_casual_game_allows_take_backs_and_only_of_this_round():
    game = sixes.Game(seed=5)
    bots_until_seat_0(game)
    play(game, last_card, turns=1)
    with pytest.raises(IllegalMove, match="only a casual game"):
        game.take_back()
    casual = play(sixes.Game(seed=5, casual=True), bot("medium"))
    casual.next_round()
    bots_until_seat_0(casual)
    with pytest.raises(IllegalMove, match="seat 0 has not moved in this round"):
        casual.take_back()
    with pytest.raises(IllegalMove, match="no seat 7"):
        casual.take_back(7)


def test_a_take_back_of_the_move_that_went_out_reopens_the_round_and_the_pot():
    # Seat 0 holds the 6D and the 5D only; nobody else can play until the sixes open, so chips go in.
    rest = [card for card in (f"{rank}{suit}" for suit in "SHDC" for rank in "A234567JQK") if card not in ("6D", "5D")]
    game = sixes.Game.from_hands([["6D", "5D"], rest[:10], rest[10:20], rest[20:30], rest[30:]], casual=True)
    game.play("6D")
    bots_until_seat_0(game)
    before, pot = game.to_json(), game.pot
    game.play("5D")
    assert game.round_winner == 0 and game.pot == 0
    game.take_back()
    assert game.to_json() == before and not game.round_over and game.pot == pot


def test_the_casual_flag_is_saved_and_old_saves_load_as_real_games():
    game = sixes.Game(seed=9, casual=True)
    data = json.loads(game.to_json())
    assert data["version"] == SAVE_VERSION and data["casual"] is True
    assert sixes.Game.from_json(game.to_json()).casual
    assert not sixes.Game.from_json(sixes.Game(seed=9).to_json()).casual
    # Version 1 and version 2 saves (no casual flag) are real games.
    v1 = sixes.Game.from_json((Path(__file__).parent / "fixtures" / "save-v1.json").read_text())
    assert not v1.casual
    v2 = {**json.loads(sixes.Game(seed=9).to_json()), "version": 2}
    del v2["casual"]
    assert not sixes.Game.from_json(json.dumps(v2)).casual
    for junk in ("yes", 1, None):
        with pytest.raises(sixes.SaveError, match="casual must be true or false"):
            sixes.Game.from_json(json.dumps({**data, "casual": junk}))
