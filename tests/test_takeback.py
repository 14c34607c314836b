"""Take-backs in casual games (Game.take_back), the casual flag in saves, and casual games kept out of the
statistics and the daily record."""

import json
from pathlib import Path

import pytest

import sixes
from sixes.engine import bots
from sixes.model import deals, stats
from sixes import IllegalMove
from sixes.engine.saves import SAVE_VERSION


def bots_play(game, until, level="medium"):
    """Bots play every seat (the next round dealt when one ends) until ``until(game)``."""
    while not until(game):
        if game.round_over:
            game.next_round()
        card = bots.decide(level, game)
        game.play(card) if card is not None else game.pass_turn()
    return game


def bots_until_seat_0(game):
    """The other seats play until seat 0 must act or the round ends."""
    bots_play(game, lambda game: game.round_over or game.turn == 0)


def seat_0_moves(game, choose=lambda legal: legal[-1]):
    legal = game.legal_moves()
    game.play(choose(legal)) if legal else game.pass_turn()


@pytest.mark.parametrize("seed", range(12))
def test_a_take_back_returns_the_game_to_the_moment_before_the_move_exactly(seed):
    game = sixes.Game(seed=seed, casual=True)
    bots_until_seat_0(game)
    turns = 0
    while not game.round_over:
        before = game.to_json()
        seat_0_moves(game)
        bots_until_seat_0(game)
        after = game.to_json()
        undone = game.take_back()
        assert game.to_json() == before, "table, chips, pot, history and save as they were"
        assert undone[0].seat == 0 and all(move.seat != 0 for move in undone[1:])
        assert len(json.loads(after)["moves"][-1].split()) - len(json.loads(before)["moves"][-1].split()) == len(undone)
        # The same move again brings the same replies: the bots decide from the position alone.
        seat_0_moves(game)
        bots_until_seat_0(game)
        assert game.to_json() == after
        turns += 1
    assert turns > 1
    assert sixes.Game.from_json(game.to_json()) == game


def test_a_take_back_then_another_move_plays_on_from_there():
    game = sixes.Game(seed=3, casual=True)
    bots_until_seat_0(game)
    while len(game.legal_moves()) < 2:  # a turn with a real choice
        seat_0_moves(game)
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
        seat_0_moves(game, lambda legal: legal[0])
        bots_until_seat_0(game)
    for save in reversed(saves):
        game.take_back()
        assert game.to_json() == save
    with pytest.raises(IllegalMove, match="nothing to take back"):
        game.take_back()


def test_only_a_casual_game_allows_take_backs_and_only_of_this_round():
    game = sixes.Game(seed=5)
    bots_until_seat_0(game)
    seat_0_moves(game)
    with pytest.raises(IllegalMove, match="only a casual game"):
        game.take_back()
    casual = bots_play(sixes.Game(seed=5, casual=True), lambda game: game.round_over)
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


def test_a_casual_game_leaves_the_statistics_and_the_daily_record_unchanged():
    record = stats.Stats()
    real = sixes.Game(chips=2, seed=4)
    record.start_game(real)
    record.hint_used(real)
    record.record_round(bots_play(real, lambda game: game.round_over), "easy")
    kept = record.to_json()
    assert record.by_level["easy"]["rounds"] == 1 and record.hints == 1
    casual = sixes.Game(chips=2, seed=5, casual=True)
    record.start_game(casual)
    record.hint_used(casual)
    while not casual.over:
        record.record_round(bots_play(casual, lambda game: game.round_over), "easy")
        if not casual.over:
            casual.next_round()
    assert record.to_json() == kept
    daily = deals.DailyRecord()
    seed = daily.start("2026-12-01")
    game = bots_play(sixes.Game(seed=seed, casual=True, **deals.DAILY_RULES), lambda game: game.over)
    assert not daily.is_daily(game)
    daily.finish(game)
    assert daily.result("2026-12-01") is None


def test_the_game_log_tells_each_take_back_where_it_happened():
    from sixes.model import casual, record, table

    settings = table.Settings()
    names, say = settings.names, settings.say
    game = sixes.Game(seed=3, casual=True)
    bots_until_seat_0(game)
    log = casual.TakeBacks()
    seat_0_moves(game)
    bots_until_seat_0(game)
    kept = len(game.history)
    seat_0_moves(game)
    bots_until_seat_0(game)
    undone = game.take_back()
    log.add(game, undone)
    seat_0_moves(game, lambda legal: legal[0])
    bots_until_seat_0(game)
    lines = casual.with_take_backs(record.log_lines(game, names, say), game, log.of(game), names, say)
    assert lines[:1 + kept] == record.log_lines(game, names, say)[:1 + kept], "the deal and the turns kept"
    taken = lines[1 + kept]
    assert taken == "Taken back: " + "; ".join(table.narrate(move, names, say) for move in undone) + "."
    assert taken.startswith("Taken back: You ")
    assert lines[2 + kept:] == record.log_lines(game, names, say)[1 + kept:], "then the moves played instead"
    # Kept as text beside the save, and read back tolerantly; another game's record is not this one's.
    assert casual.TakeBacks(log.to_json()).of(game) == log.of(game)
    assert casual.TakeBacks(log.to_json()).of(sixes.Game(seed=4, casual=True)) == []
    for junk in (None, "", "[", '{"game": 5, "entries": {}}', '{"game": "3/5/10", "entries": [{"round": "x"}]}'):
        assert casual.TakeBacks(junk).of(game) == []


def test_a_take_back_before_an_earlier_one_carries_that_one_back_with_it():
    from sixes.model import casual

    game = sixes.Game(seed=11, casual=True)
    bots_until_seat_0(game)
    log = casual.TakeBacks()
    start = len(game.history)
    seat_0_moves(game)
    bots_until_seat_0(game)
    seat_0_moves(game)
    bots_until_seat_0(game)
    log.add(game, game.take_back())  # the second move
    log.add(game, game.take_back())  # then the first: the second's stretch is gone too
    assert [at for _, at, _ in log.of(game)] == [start, start]
