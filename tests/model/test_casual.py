"""Casual games in the page's model: kept out of the statistics and the daily record, and each take-back told in
the game log where it happened (sixes.model.casual). Take-backs themselves: tests/engine/test_takeback.py."""

import sixes
from sixes.model import deals, stats
from tests.conftest import bot, bots_until_seat_0, end_of_game, first_card, last_card, play


def test_a_casual_game_leaves_the_statistics_and_the_daily_record_unchanged():
    record = stats.Stats()
    real = sixes.Game(chips=2, seed=4)
    record.start_game(real)
    record.hint_used(real)
    record.record_round(play(real, bot("medium")), "easy")
    kept = record.to_json()
    assert record.by_level["easy"]["rounds"] == 1 and record.hints == 1
    casual = sixes.Game(chips=2, seed=5, casual=True)
    record.start_game(casual)
    record.hint_used(casual)
    while not casual.over:
        record.record_round(play(casual, bot("medium")), "easy")
        if not casual.over:
            casual.next_round()
    assert record.to_json() == kept
    daily = deals.DailyRecord()
    seed = daily.start("2026-12-01")
    game = play(sixes.Game(seed=seed, casual=True, **deals.DAILY_RULES), bot("medium"), until=end_of_game)
    assert not daily.is_daily(game)
    daily.finish(game)
    assert daily.result("2026-12-01") is None


def test_the_game_log_tells_each_take_back_where_it_happened():
    from sixes.model import casual, record, table
    from sixes.model.settings import Settings

    settings = Settings()
    names, say = settings.names, settings.say
    game = sixes.Game(seed=3, casual=True)
    bots_until_seat_0(game)
    log = casual.TakeBacks()
    play(game, last_card, turns=1)
    bots_until_seat_0(game)
    kept = len(game.history)
    play(game, last_card, turns=1)
    bots_until_seat_0(game)
    undone = game.take_back()
    log.add(game, undone)
    play(game, first_card, turns=1)
    bots_until_seat_0(game)
    lines = casual.with_take_backs(record.log_lines(game, names, say), game, log.of(game), names, say)
    assert lines[: 1 + kept] == record.log_lines(game, names, say)[: 1 + kept], "the deal and the turns kept"
    taken = lines[1 + kept]
    assert taken == "Taken back: " + "; ".join(table.narrate(move, names, say, game.rules) for move in undone) + "."
    assert taken.startswith("Taken back: You ")
    assert lines[2 + kept :] == record.log_lines(game, names, say)[1 + kept :], "then the moves played instead"
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
    play(game, last_card, turns=1)
    bots_until_seat_0(game)
    play(game, last_card, turns=1)
    bots_until_seat_0(game)
    log.add(game, game.take_back())  # the second move
    log.add(game, game.take_back())  # then the first: the second's stretch is gone too
    assert [at for _, at, _ in log.of(game)] == [start, start]
