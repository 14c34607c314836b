"""Statistics across games (sixes.model.stats): counted once, kept across versions, charted."""

import json
import re

import sixes
from sixes.model import stats
from sixes.model.words import say_in
from tests.conftest import bot, play


def play_round(game):
    play(game, bot("easy"))


def test_rounds_games_chips_and_passes_add_up_over_a_game():
    record = stats.Stats()
    game = sixes.Game(chips=3, seed=11)
    record.start_game(game)
    rounds = won = paid = 0
    while True:
        play_round(game)
        rounds += 1
        won += game.round_winner == 0
        paid += sum(m.paid for m in game.history if m.seat == 0)
        record.record_round(game, "easy")
        record.record_round(game, "easy")  # the round's end shown again after a reload
        if game.over:
            break
        game.next_round()
    counts = record.by_level["easy"]
    assert counts == {
        "games": 1,
        "games_won": int(0 in game.winners),
        "games_left": 0,
        "rounds": rounds,
        "rounds_won": won,
    }
    assert record.passes_paid == paid
    assert record.chips_won - record.chips_lost == game.chips[0] - 3
    assert record.current[0] == 3 and record.current[-1] == game.chips[0] and len(record.current) == rounds + 1


def test_the_longest_winning_streak_and_the_last_games_chart():
    record = stats.Stats()
    results = []
    for seed in range(12):
        game = sixes.Game(chips=1, seed=seed, players=3)
        record.start_game(game)
        while not game.over:
            play_round(game)
            record.record_round(game, "hard")
            if not game.over:
                game.next_round()
        results.append(0 in game.winners)
        previous = record.current
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    assert record.best_streak == best and record.streak == run
    assert record.by_level["hard"]["games"] == 12 and record.by_level["hard"]["games_won"] == sum(results)
    record.start_game(sixes.Game(seed=99))
    assert record.last == previous and record.current == [10] and record.hints == 0


def test_hints_count_per_game():
    record = stats.Stats()
    game = sixes.Game(seed=1)
    record.start_game(game)
    record.hint_used(game)
    record.hint_used(game)
    record.start_game(sixes.Game(seed=1))  # the same game again (a reload): still two
    assert record.hints == 2
    record.start_game(sixes.Game(seed=2))
    assert record.hints == 0


def test_saved_statistics_survive_a_round_trip_and_a_damaged_or_older_save():
    record = stats.Stats()
    game = sixes.Game(seed=5)
    play_round(game)
    record.record_round(game, "medium")
    assert stats.Stats.from_json(record.to_json()).__dict__ == record.__dict__
    old = json.loads(record.to_json())
    old["passes_paid"] = "lots"
    old["by_level"]["medium"].pop("rounds_won")
    old["something_new"] = [1, 2]
    loaded = stats.Stats.from_json(json.dumps(old))
    assert loaded.passes_paid == 0 and loaded.by_level["medium"]["rounds_won"] == 0
    assert loaded.chips_won == record.chips_won and loaded.current == record.current
    assert stats.Stats.from_json(None).__dict__ == stats.Stats().__dict__


def test_the_chart_is_drawn_and_given_as_a_table():
    say = say_in("en")
    svg = stats.chart_svg([10, 12, 9], [10, 4, 0], say)
    assert svg.count("<polyline") == 2 and 'aria-hidden="true"' in svg
    assert svg.count('class="axis"') == 2, "an axis up the side and one along the bottom"
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert {"0", "12", "2", "Round", "Chips", "This game", "Last game"} <= set(texts), "numbered and named, with a key"
    html = stats.chart_table([10, 12, 9], [10, 4, 0], say)
    assert html.count("<tr>") == 4 and "<td>12</td><td>4</td>" in html
    assert stats.chart_svg([], [], say) == ""


def test_the_difficulty_a_game_counts_under():
    assert stats.table_level(["hard"] * 4) == "hard" and stats.table_level(["easy", "hard"]) == "mixed"


def test_settings_from_an_older_or_a_newer_version_keep_what_they_can():
    from sixes.model.settings import Settings

    older = Settings.from_json(json.dumps({"name": "Ann", "levels": ["hard"] * 4}))
    assert older.name == "Ann" and older.sound and older.levels[:4] == ["hard"] * 4
    newer = Settings.from_json(json.dumps({"sound": False, "chips": 20, "a_later_setting": [1]}))
    assert newer.sound is False and newer.chips == 20
    assert Settings().updated(sound="off").sound is True, "junk keeps the default"


def one_round_counted(level, **game):
    """Statistics that began a game (``sixes.Game(**game)``) when it was dealt and counted its first round."""
    record, played = stats.Stats(), sixes.Game(**game)
    record.start_game(played, dealt=True)
    play_round(played)
    record.record_round(played, level)
    return record, played


def test_a_game_left_unfinished_counts_as_left_once_and_ends_a_streak():
    record, game = one_round_counted("medium", chips=3, seed=11)
    record.streak = 2
    game.next_round()
    record.leave_game(game, "medium")
    record.leave_game(game, "medium")  # (asked again after a reload: counted once)
    counts = record.by_level["medium"]
    assert (counts["games"], counts["games_left"], counts["rounds"]) == (0, 1, 1)
    assert record.streak == 0
    again = stats.Stats.from_json(record.to_json())
    assert again.by_level["medium"]["games_left"] == 1
    # An older version's counts, without the left ones, read as none left.
    old = stats.Stats.from_json('{"by_level": {"easy": {"games": 2, "games_won": 1, "rounds": 9, "rounds_won": 3}}}')
    assert old.by_level["easy"]["games_left"] == 0
    rows = dict(stats.summary_rows(again, say_in("en")))
    assert rows["Games left unfinished (Medium bots)"] == 1


def test_a_finished_or_casual_game_is_never_counted_as_left():
    record = stats.Stats()
    over = sixes.Game(chips=1, seed=3, players=3)
    while not over.over:
        play_round(over)
        if not over.over:
            over.next_round()
    record.leave_game(over, "easy")
    record.leave_game(sixes.Game(seed=4, casual=True), "easy")
    assert record.by_level == {}


def test_a_deal_starts_the_game_at_once_even_a_shared_deal_played_before():
    record, _ = one_round_counted("easy", chips=2, seed=5)
    record.hints = 3
    chart = list(record.current)
    again = sixes.Game(chips=2, seed=5)  # the same seed and rules, dealt again
    record.start_game(again)  # (a reload: begun already)
    assert record.current == chart
    record.start_game(again, dealt=True)
    assert record.last == chart and record.current == [2] and record.hints == 0
