"""Duplicate evaluation (docs/bots.md): each deal played once per seat, the figures
and their errors, the same result in any number of processes, and a bare
CPython is enough to run it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sixes.engine import bots, jobs
from sixes.engine.duplicate import duplicate, play_deal, table
from sixes.engine.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]


def run(*args, python=(sys.executable,)):
    return subprocess.run([*python, "-m", "sixes", *args], capture_output=True, text=True, cwd=ROOT, check=False)


class Spy(bots.Easy):
    """An easy bot that notes the seats it was asked to play in."""

    def __init__(self):
        self.seats = set()

    def choose(self, view, rng):
        self.seats.add(view.seat)
        return super().choose(view, rng)


def test_each_deal_is_played_once_per_seat_with_the_candidate_in_it():
    for players in (3, 5, 6):
        candidate, field = Spy(), Spy()
        for number in range(5):  # a seat may have no real choice in one deal; over five, every seat has
            wins, _gained = play_deal(candidate, field, players, 10, seed=1, number=number)
            assert 0 <= wins <= players
        assert candidate.seats == set(range(players)) == field.seats


def test_json_has_every_figure_of_spec_3():
    out = run("duplicate", "--deals", "60", "--seed", "2", "--candidate", "medium", "--field", "easy", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert set(result) == {
        "candidate",
        "field",
        "players",
        "deals",
        "rounds",
        "share",
        "share_se",
        "chips_per_round",
        "chips_se",
        "seconds",
    }
    assert (result["candidate"], result["field"], result["players"], result["deals"]) == ("medium", "easy", 5, 60)
    assert result["rounds"] == 300
    assert 0 < result["share_se"] < 0.1 and 0 < result["chips_se"] < 1


def test_the_field_against_itself_wins_a_fair_share():
    result = duplicate("easy", "easy", deals=300, seed=3)
    assert abs(result["share"] - 0.2) < 4 * result["share_se"]
    assert abs(result["chips_per_round"]) < 4 * result["chips_se"]


def test_medium_beats_easy_by_duplicate():
    # About 30.5% and +1 chip a round expected; the standard error is under 1%.
    result = duplicate("medium", "easy", deals=400, seed=4)
    assert result["share"] - 3 * result["share_se"] > 0.22
    assert result["chips_per_round"] - 3 * result["chips_se"] > 0


def test_same_result_whatever_the_number_of_jobs(monkeypatch):
    pools = []
    start_processes = jobs._processes
    # Runs this small would otherwise be played in one process: here only the first item is.
    monkeypatch.setattr(jobs, "FIRST_SECONDS", 0)
    monkeypatch.setattr(jobs, "POOL_PAYS_SECONDS", 0)
    monkeypatch.setattr(jobs, "_processes", lambda *args: pools.append(args) or start_processes(*args))
    one = duplicate("medium", "easy", deals=50, seed=5, players=4, chips=3, jobs=1)
    two = duplicate("medium", "easy", deals=50, seed=5, players=4, chips=3, jobs=2)
    assert {k: v for k, v in one.items() if k != "seconds"} == {k: v for k, v in two.items() if k != "seconds"}
    for size in ({"rounds": 150}, {"games": 12}):
        one = simulate(["medium", "easy", "easy"], seed=6, chips=4, jobs=1, **size)
        three = simulate(["medium", "easy", "easy"], seed=6, chips=4, jobs=3, **size)
        assert {k: v for k, v in one.items() if k != "seconds"} == {k: v for k, v in three.items() if k != "seconds"}
    assert len(pools) == 3  # each run with more than one job had its processes


@pytest.mark.parametrize(
    "args",
    [
        ("duplicate", "--deals", "30", "--seed", "6", "--candidate", "medium", "--field", "easy", "--json"),
        ("simulate", "--rounds", "200", "--seed", "6", "--seats", "medium,easy,easy,easy", "--json"),
    ],
)
def test_the_command_line_passes_jobs_through_and_keeps_the_figures(args):
    one, two = (json.loads(run(*args, "--jobs", jobs).stdout) for jobs in ("1", "2"))
    assert one.pop("seconds") >= 0 and two.pop("seconds") >= 0
    assert one == two


def test_a_bare_python_runs_both_commands():
    # -S: no site-packages at all, so nothing beyond the standard library can be imported.
    bare = (sys.executable, "-S")
    out = run("simulate", "--rounds", "300", "--seats", "easy,easy,easy", python=bare)
    assert out.returncode == 0, out.stderr
    out = run("duplicate", "--deals", "20", "--candidate", "medium", "--field", "easy", "--players", "3", python=bare)
    assert out.returncode == 0, out.stderr
    assert "share of rounds won" in out.stdout


def test_readable_table_gives_share_and_chips_with_their_intervals():
    text = table(
        {
            "candidate": "hard",
            "field": "medium",
            "players": 5,
            "deals": 2000,
            "rounds": 10000,
            "share": 0.23,
            "share_se": 0.004,
            "chips_per_round": 0.2,
            "chips_se": 0.05,
            "seconds": 12.0,
        }
    )
    assert "23.0% ± 0.4%" in text and "22.2% to 23.8%" in text
    assert "+0.200 ± 0.050" in text and "+0.102 to +0.298" in text


@pytest.mark.parametrize(
    "args, message",
    [
        (["--deals", "10", "--candidate", "genius", "--field", "easy"], "unknown bot level 'genius'"),
        (["--deals", "0", "--candidate", "hard", "--field", "easy"], "must be 1 or more"),
        (["--deals", "10", "--candidate", "hard", "--field", "easy", "--players", "9"], "invalid choice"),
        (["--deals", "10", "--candidate", "hard"], "the following arguments are required: --field"),
        (["--deals", "10", "--candidate", "hard", "--field", "easy", "--jobs", "0"], "must be 1 or more"),
    ],
)
def test_bad_arguments_get_a_clear_message(args, message):
    out = run("duplicate", *args)
    assert out.returncode == 2
    assert message in out.stderr


def test_progress_without_tqdm_is_a_plain_counter(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if not installed: importing it fails
    clock = iter(range(0, 1000, 1))
    monkeypatch.setattr(jobs.time, "monotonic", lambda: next(clock))
    progress = jobs.Progress(10, "rounds")
    assert progress.bar is None
    for _ in range(10):
        progress.update()
    shown = capsys.readouterr().err
    assert "10/10 rounds (100%)" in shown
    progress.close()
    assert capsys.readouterr().err.startswith("\r")
