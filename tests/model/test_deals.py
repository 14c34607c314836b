"""Shared links and daily deals (sixes.model.deals)."""

import json
from datetime import date, timedelta
from urllib.parse import parse_qsl

import pytest

import sixes
from sixes.model import deals, words
from tests.conftest import bot, end_of_game, play


def test_a_link_deals_the_same_game_with_the_same_rules():
    game = sixes.Game(players=3, chips=42, seed=123456, may_pass=True)
    params = dict(parse_qsl(deals.link_query(game)))
    rules = deals.rules_from_params(params, deals.DAILY_RULES)
    again = sixes.Game(seed=int(params["seed"]), **rules)
    assert again == game


def test_a_link_with_junk_rules_falls_back_to_the_persons_own():
    mine: deals.Rules = {"players": 4, "chips": 20, "may_pass": True, "variant": "sixes"}
    junk = {"players": "9", "chips": "-1", "may_pass": "yes", "variant": "whist"}
    assert deals.rules_from_params(junk, mine) == {"players": 4, "chips": 20, "may_pass": False, "variant": "sixes"}
    assert deals.rules_from_params({}, mine) == mine
    # A link to another game of the family deals it at its own table's size unless the link says another.
    assert deals.rules_from_params({"variant": "cinquillo"}, mine) == {**mine, "variant": "cinquillo"}
    assert deals.rules_from_params({"variant": "sevens"}, {**mine, "players": 5})["players"] == 4
    assert deals.rules_from_params({"variant": "sevens", "players": "6"}, mine)["players"] == 6


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
    first = {"chips": game.chips[0], "won": 0 in game.winners, "rounds": game.round_number}
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
    assert (
        record.result("2026-12-05") == {"chips": game.chips[0], "won": False, "rounds": game.round_number}
        and record.playing is None
    )
    # Dealt again: a replay, which counts nowhere, and whose finish changes nothing.
    record.start("2026-12-05")
    again = play_out(sixes.Game(seed=seed, **deals.DAILY_RULES))
    assert record.is_replay(again)
    record.finish(again)
    assert record.result("2026-12-05") == {"chips": game.chips[0], "won": False, "rounds": game.round_number}


# --- a daily record that cannot be --------------------------------------------------------------------------------
def a_years_results(days):
    start = date(2025, 1, 1)
    return {(start + timedelta(days=n)).isoformat(): {"chips": n % 51, "won": n % 3 == 0} for n in range(days)}


@pytest.mark.parametrize(
    ("data", "told"),
    [
        ({"results": {"<b>x</b>": {"chips": 10**30, "won": True}}}, "'<b>x</b>' is not a date"),  # the issue's
        ({"results": {"2026-11-30": {"chips": 10**30, "won": True}}}, "is 1000000000000000000000000000000 chips"),
        ({"results": {"2026-11-30": {"chips": -1, "won": False}}}, "is -1 chips"),
        ({"results": {"2026-11-30": {"chips": deals.DAILY_MOST + 1, "won": True}}}, "not from 0 to 50"),
        ({"results": {"2026-11-30": {"chips": 4, "won": 1}}}, "not chips and whether it was won"),
        ({"results": {"2026-02-29": {"chips": 4, "won": False}}}, "'2026-02-29' is not a date"),  # (not a leap year)
        ({"results": {"20261130": {"chips": 4, "won": False}}}, "'20261130' is not a date"),
        ({"results": [1]}, "its results are [1]"),
        ({"playing": "tomorrow"}, "dated 'tomorrow'"),
        ({"playing": 20261130}, "dated 20261130"),
        ({"results": a_years_results(deals.KEPT_DAYS + 1)}, "367 days' results"),
    ],
)
def test_a_daily_record_that_cannot_be_says_why_and_reads_as_what_can(data, told):
    problems = deals.DailyRecord.check(data)
    assert any(told in problem for problem in problems), problems
    record = deals.DailyRecord(json.dumps(data))
    assert deals.DailyRecord.check(json.loads(record.to_json())) == [], "what the page writes back can be"
    assert all(0 <= result["chips"] <= deals.DAILY_MOST for result in record.results.values())


def test_a_daily_record_kept_by_play_can_be_and_keeps_its_newest_year():
    record = deals.DailyRecord()
    record.start("2026-11-29")
    record.finish(play_out(sixes.Game(seed=deals.daily_seed("2026-11-29"), **deals.DAILY_RULES)))
    record.start("2026-11-30")
    assert deals.DailyRecord.check(json.loads(record.to_json())) == []
    assert deals.DailyRecord(record.to_json()).to_json() == record.to_json()
    results = a_years_results(deals.KEPT_DAYS + 5)
    read = deals.DailyRecord(json.dumps({"playing": None, "results": results}))
    assert list(read.results) == sorted(results)[-deals.KEPT_DAYS :], "the newest kept, as finish keeps them"


@pytest.mark.parametrize(
    "text",
    [
        '{"playing": "2026-11-30", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"playing": "2026-11-30", "x": "' + "x" * 20_000_000 + '"}',
    ],
)
def test_a_daily_record_too_deep_or_too_long_is_a_fresh_one(text):
    record = deals.DailyRecord(text)
    assert record.playing is None and record.results == {}


def test_a_field_nested_deeper_than_the_records_own_loses_only_itself():
    text = '{"playing": "2026-11-30", "results": {"2026-11-29": [[[[1]]]], "2026-11-28": {"chips": 3, "won": false}}}'
    record = deals.DailyRecord(text)
    assert record.playing == "2026-11-30" and record.results == {"2026-11-28": {"chips": 3, "won": False}}


def test_the_daily_record_in_statistics_counts_days_won_and_the_streak_and_shares_the_last_day():
    """Issue 52: the day's results were kept and never shown."""
    say = words.say_in("en")
    record = deals.DailyRecord()
    assert deals.daily_rows(record, say) == [] and deals.share_line(record, say) == "", "nothing until a day is played"
    for day, chips, won, rounds in [
        ("2026-12-02", 3, False, 4),
        ("2026-12-04", 12, True, 6),  # (a day missed before it: the streak starts here)
        ("2026-12-05", 20, True, 3),
        ("2026-12-06", 14, True, 5),
    ]:
        record.results[day] = {"chips": chips, "won": won, "rounds": rounds}
    assert deals.daily_rows(record, say) == [("Daily deals won", "3 / 4"), ("Daily deals won in a row", 3)]
    assert deals.share_line(record, say) == "Sixes, daily deal of 2026-12-06: won with 14 chips in 5 rounds."
    record.results["2026-12-07"] = {"chips": 1, "won": False, "rounds": 1}
    assert deals.daily_rows(record, say)[1] == ("Daily deals won in a row", 0), "a day lost ends the streak"
    assert deals.share_line(record, say) == "Sixes, daily deal of 2026-12-07: lost with 1 chip after 1 round."
    record.results["2026-12-08"] = {"chips": 9, "won": True}  # (kept before the rounds were)
    assert deals.share_line(record, say) == "", "no line that would leave out the rounds"


def test_a_daily_deal_ended_keeps_how_many_rounds_it_lasted():
    game = play(sixes.Game(**deals.DAILY_RULES, seed=deals.daily_seed("2026-12-07")), bot("medium"), until=end_of_game)
    record = deals.DailyRecord()
    record.start("2026-12-07")
    record.finish(game)
    assert record.result("2026-12-07")["rounds"] == game.round_number
    assert deals.DailyRecord(record.to_json()).results == record.results, "read back as written"
    assert deals.DailyRecord.check(json.loads(record.to_json())) == []
