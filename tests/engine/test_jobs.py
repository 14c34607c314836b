"""The job pool (sixes/engine/jobs.py): work handed out in runs, no processes
for a run too small to pay for them, any Executor in place of ours, and a clear
error, never a wait for ever, when a worker dies or stops."""

import concurrent.futures
import functools
import os
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

from sixes.engine import jobs
from sixes.engine.duplicate import duplicate
from sixes.engine.simulate import play_game, simulate

ROOT = Path(__file__).resolve().parents[2]


def children(pid):
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()  # after the command's name: state, parent, ...
        except (OSError, IndexError):
            continue  # ended while we looked
        if int(state[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def running(pid):
    """Whether ``pid`` is a process, and not one that has ended and waits to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def workers(pid):
    """The pool's workers: ``pid``'s children where it forks them itself (each runs ``pid``'s own command), the
    fork server's where it has one (``pid``'s grandchildren); never the resource tracker, nor anything else
    ``pid`` started (a test run's browsers)."""

    def command(process):
        try:
            return Path(f"/proc/{process}/cmdline").read_bytes()
        except OSError:
            return None  # ended while we looked

    own = command(pid)
    found = []
    for child in children(pid):
        line = command(child)
        if line == own and running(child):
            found.append(child)
        elif line is not None and b"multiprocessing.forkserver" in line:
            found += [worker for worker in children(child) if running(worker)]
    return found


def end(pids):
    """Whatever a test started and left, ended."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Counting(concurrent.futures.ThreadPoolExecutor):
    """Another Executor, as a researcher might pass in: it notes each task's items."""

    def __init__(self):
        super().__init__(2)
        self.runs = []

    def submit(self, fn, *args, **kwargs):
        assert fn is jobs.play_run
        self.runs.append(len(args[1]))
        return super().submit(fn, *args, **kwargs)


def test_work_is_handed_out_in_runs_of_tens_of_milliseconds(monkeypatch):
    clock = [0.0]

    def work(item):  # a millisecond of CPU each, on a clock of its own
        clock[0] += 0.001
        return item

    monkeypatch.setattr(jobs, "time", types.SimpleNamespace(process_time=lambda: clock[0]))
    with Counting() as executor:
        results = list(jobs.ordered_map(work, range(1000), jobs=2, executor=executor))
    assert results == list(range(1000))
    # The first 50 ms are played here, timed; then 50 items a task, all handed to the executor.
    assert executor.runs == [50] * 19


def test_another_executor_plays_the_same_games_and_deals():
    with Counting() as executor:
        mine = simulate(["medium", "easy", "easy"], rounds=1500, seed=8, jobs=2, executor=executor)
        assert executor.runs, "the executor was not used"
        theirs = duplicate("medium", "easy", deals=150, seed=8, jobs=2, executor=executor)
    assert {k: v for k, v in mine.items() if k != "seconds"} == {
        k: v for k, v in simulate(["medium", "easy", "easy"], rounds=1500, seed=8).items() if k != "seconds"
    }
    assert {k: v for k, v in theirs.items() if k != "seconds"} == {
        k: v for k, v in duplicate("medium", "easy", deals=150, seed=8).items() if k != "seconds"
    }


def test_a_run_too_small_to_pay_starts_no_processes(monkeypatch):
    def no_processes(*args):
        raise AssertionError("processes started for a run this small")

    monkeypatch.setattr(jobs, "_processes", no_processes)
    small = simulate(["easy"] * 5, rounds=100, seed=3, jobs=2)
    assert small["rounds"] == 100
    assert duplicate("medium", "easy", deals=10, seed=3, jobs=2)["deals"] == 10


def test_a_run_cut_short_is_not_handed_out_far_beyond_its_end():
    # 600 rounds of games about 18 rounds long: about 34 games wanted, so the tasks stop near there.
    with Counting() as executor:
        result = simulate(["easy"] * 3, rounds=600, seed=4, jobs=2, executor=executor)
    played_here = result["games"]  # at most, the games before the first task
    assert result["rounds"] == 600
    assert sum(executor.runs) <= 34 + 15, (executor.runs, played_here)


# A simulation that never ends of itself, at two jobs: its workers are there to be killed.
ENDLESS = [
    sys.executable,
    "-m",
    "sixes",
    "simulate",
    "--rounds",
    "100000000",
    "--seats",
    "easy,easy,easy",
    "--jobs",
    "2",
]


def test_a_killed_worker_ends_the_command_with_a_clear_error():
    command = subprocess.Popen(
        ENDLESS,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    found = []
    try:
        deadline = time.monotonic() + 60
        while not found:
            assert command.poll() is None and time.monotonic() < deadline, "no worker started"
            time.sleep(0.05)
            found = workers(command.pid)
        os.kill(found[0], signal.SIGKILL)
        out, err = command.communicate(timeout=60)  # a wait for ever fails here
    finally:
        end([command.pid, *found])
    assert command.returncode == 1
    assert "python -m sixes simulate: a worker process died" in err
    assert "Traceback" not in err and out == ""


def test_workers_end_when_the_command_is_killed():
    command = subprocess.Popen(
        ENDLESS,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    found = []
    try:
        deadline = time.monotonic() + 60
        while len(found) < 2:
            assert command.poll() is None and time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.05)
            found = workers(command.pid)
        command.kill()  # no chance to stop its pool
        command.wait()
        deadline = time.monotonic() + 30
        while any(running(pid) for pid in found):
            assert time.monotonic() < deadline, "the workers outlived the command"
            time.sleep(0.1)
    finally:
        end(found)


def test_workers_that_stop_making_progress_end_the_run_with_a_clear_error():
    work = functools.partial(play_game, ("easy",) * 3, 1, 10, None)
    run = jobs.ordered_map(work, range(400), jobs=2, stall=2)
    stopped = []
    for _ in run:
        stopped = workers(os.getpid())
        if len(stopped) == 2:
            break
    assert len(stopped) == 2, "the pool never started its two workers"
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)  # alive, and doing nothing
    started = time.monotonic()
    try:
        with pytest.raises(jobs.JobsFailed, match="no work finished in 2 s"):
            list(run)
        assert time.monotonic() - started < 30
        deadline = time.monotonic() + 30
        while set(workers(os.getpid())) & set(stopped):  # the stuck workers are ended, not left behind
            assert time.monotonic() < deadline, "the stuck workers were left running"
            time.sleep(0.05)
    finally:
        end(stopped)


def test_the_pool_forks_only_a_process_without_other_threads():
    """Fork starts workers quickest, but a fork copies locks other threads hold (a test run that drove a browser
    hung so): with another thread running, the workers come from a fork server."""
    method = (
        "import functools, threading, sys\n"
        "from sixes.engine import jobs\n"
        "from sixes.engine.simulate import play_game\n"
        "if sys.argv[1] == 'threaded':\n"
        "    threading.Thread(target=threading.Event().wait, daemon=True).start()\n"
        "pool = jobs._processes(2, functools.partial(play_game, ('easy',) * 3, 1, 10, None))\n"
        "print(pool._mp_context.get_start_method())\n"
        "pool.shutdown()\n"
    )
    started = {
        how: subprocess.run(
            [sys.executable, "-c", method, how], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout.strip()
        for how in ("alone", "threaded")
    }
    assert started == {"alone": "fork", "threaded": "forkserver"}
