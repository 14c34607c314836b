"""Shared links and daily deals (sixes.model.deals)."""

from urllib.parse import parse_qsl

import sixes
from sixes.model import deals
from tests.conftest import bot, end_of_game, play


def test_a_link_deals_the_same_game_with_the_same_rules():
    game = sixes.Game(players=3, chips=42, seed=123456, may_pass=True)
    params = dict(parse_qsl(deals.link_query(game)))
    rules = deals.rules_from_params(params, deals.DAILY_RULES)
    again = sixes.Game(seed=int(params["seed"]), **rules)
    assert again == game


def test_a_link_with_junk_rules_falls_back_to_the_persons_own():
    mine = {"players": 4, "chips": 20, "may_pass": True}
    assert deals.rules_from_params({"players": "9", "chips": "-1", "may_pass": "yes"}, mine) == {
        "players": 4,
        "chips": 20,
        "may_pass": False,
    }
    assert deals.rules_from_params({}, mine) == mine


def test_the_daily_seed_depends_on_the_date_alone():
    days = [f"2026-12-{day:02}" for day in range(1, 32)]
    seeds = [deals.daily_seed(day) for day in days]
    assert len(set(seeds)) == len(days)
    assert seeds == [deals.daily_seed(day) for day in days]
    # Fixed here so that a change to the derivation (which would give everyone another deal) is noticed.
    assert deals.daily_seed("2026-11-29") == 3418507824


def play_out(game):
    """Bots in every seat until the game ends (the person's result is what counts)."""
    return play(game, bot("easy"), until=end_of_game)


def test_the_daily_result_is_remembered_once_per_day_and_survives_a_reload():
    record = deals.DailyRecord(None)
    seed = record.start("2026-11-29")
    game = play_out(sixes.Game(seed=seed, **deals.DAILY_RULES))
    assert record.is_daily(game)
    record.finish(game)
    first = {"chips": game.chips[0], "won": 0 in game.winners}
    assert deals.DailyRecord(record.to_json()).result("2026-11-29") == first
    # Played again the same day: the first result stands.
    record.start("2026-11-29")
    record.finish(play_out(sixes.Game(seed=seed, chips=1, players=5)))
    assert record.result("2026-11-29") == first and record.playing is None


def test_a_game_with_other_rules_or_seed_is_not_the_daily_deal():
    record = deals.DailyRecord()
    seed = record.start("2026-11-29")
    assert not record.is_daily(sixes.Game(seed=seed, players=6))
    assert not record.is_daily(sixes.Game(seed=seed + 1))
    record.finish(play_out(sixes.Game(seed=seed, players=6)))
    assert record.results == {}


def test_an_unreadable_record_is_a_fresh_one():
    for text in ("{", "[]", '{"playing": 3, "results": {"2026-01-01": {"chips": "x"}}}'):
        record = deals.DailyRecord(text)
        assert record.playing is None and record.results == {}


def test_a_daily_deal_left_unfinished_counts_its_first_playing_only():
    record = deals.DailyRecord()
    seed = record.start("2026-12-05")
    game = sixes.Game(seed=seed, **deals.DAILY_RULES)
    assert record.in_progress(game, "2026-12-05") and not record.in_progress(game, "2026-12-06")
    assert not record.is_replay(game)
    play(game, bot("easy"))  # a round, then the game is left
    game.next_round()
    record.finish(game)
    assert record.result("2026-12-05") == {"chips": game.chips[0], "won": False} and record.playing is None
    # Dealt again: a replay, which counts nowhere, and whose finish changes nothing.
    record.start("2026-12-05")
    again = play_out(sixes.Game(seed=seed, **deals.DAILY_RULES))
    assert record.is_replay(again)
    record.finish(again)
    assert record.result("2026-12-05") == {"chips": game.chips[0], "won": False}
