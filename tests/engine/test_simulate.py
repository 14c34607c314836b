"""The simulator (docs/architecture.md), from Python and from a shell."""

import json
import subprocess
import sys

import pytest

from sixes.engine.simulate import simulate, table


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "sixes", "simulate", *args], capture_output=True, text=True, check=False
    )


def test_json_has_every_figure_and_they_add_up():
    out = run("--rounds", "300", "--seed", "4", "--seats", "easy,medium,easy,easy,easy", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert {"rounds", "games", "round_wins", "game_wins", "chip_delta", "seconds"} <= set(result)
    assert result["rounds"] == 300 == sum(result["round_wins"])
    assert sum(result["chip_delta"]) == 0  # chips move between seats, never appear or vanish
    assert len(result["game_wins"]) == 5 and result["games"] >= 1


def test_games_mode_counts_whole_games_and_ties_count_for_each_winner():
    result = simulate(["easy"] * 4, games=60, seed=2, chips=2)
    assert result["games"] == 60
    assert sum(result["game_wins"]) >= 60
    assert result["rounds"] == sum(result["round_wins"]) >= 60


def test_same_seed_same_result():
    a = simulate(["medium", "easy", "easy"], rounds=200, seed=9)
    b = simulate(["medium", "easy", "easy"], rounds=200, seed=9)
    c = simulate(["medium", "easy", "easy"], rounds=200, seed=10)
    for key in ("round_wins", "game_wins", "chip_delta"):
        assert a[key] == b[key]
    assert (a["round_wins"], a["chip_delta"]) != (c["round_wins"], c["chip_delta"])


def test_readable_table_names_every_seat_with_share_and_error():
    out = run("--rounds", "100", "--seats", "easy,easy,easy")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 5 and "rounds/s" in lines[-1]
    assert all("±" in line for line in lines[1:4])


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rounds", "10", "--seats", "easy,genius,easy"], "unknown bot level 'genius'"),
        (["--rounds", "10", "--seats", "easy,easy"], "3 to 6 seats"),
        (["--rounds", "0"], "must be 1 or more"),
        (["--rounds", "5", "--games", "5"], "not allowed with"),
        (["--seats", "easy,easy,easy"], "one of the arguments --rounds --games is required"),
    ],
)
def test_bad_arguments_get_a_clear_message(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr


def test_table_from_a_result():
    text = table(
        {
            "seats": ["easy"] * 3,
            "rounds": 4,
            "games": 1,
            "round_wins": [2, 1, 1],
            "game_wins": [1, 0, 0],
            "chip_delta": [4, -2, -2],
            "seconds": 0.5,
        }
    )
    assert "50.0% ± 25.0%" in text and "+1.000" in text and "8 rounds/s" in text
