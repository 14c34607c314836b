"""How much the simulator gains from more processes (issue 24), each figure with its command.

    python bench/jobs.py [--repeat 3] [--before DIR] [--piped 0] [--piped-pool 0] [--cpu] [--floor 0]

Runs the command line as a user would, timing the whole process (start, the
pool's start and end included): simulate 30,000 rounds of 5 easy bots and
duplicate 300 deals of hard against medium at --jobs 1 and --jobs 2, and 3,000
rounds at the default against --jobs 1. Runs alternate, with the other
version's too, so that a change in the machine's load falls on all; medians are
printed. --before DIR times a checkout of another version (its sixes/ under
DIR) side by side. --piped N runs the 3,000-round command N times with stdout
piped into another process, each given 60 s, and counts the runs that did not
end; --piped-pool M likewise a 30,000-round run at --jobs 2, which does start
processes and stops them when its rounds are played. --cpu prints where the
CPU time of a two-job run goes, in this process (the same work handed to our
pool), a figure a loaded machine leaves nearly as it is. --floor N times, N times
alternated, what two cores give with no pool at all: two independent processes, each
simulating half the 30,000 rounds, at once, against one process simulating them all
(and our --jobs 2 beside them) — the most any pool could gain here.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EASY = ["simulate", "--seed", "5", "--seats", "easy,easy,easy,easy,easy", "--json"]
HANG = ["simulate", "--rounds", "3000", "--seed", "1", "--seats", "easy,easy,easy,easy,easy", "--json"]  # the issue's
CASES = [
    ("simulate 30,000 rounds, easy", [*EASY, "--rounds", "30000"], ["--jobs", "1"], ["--jobs", "2"]),
    (
        "duplicate 300 deals, hard vs medium",
        ["duplicate", "--deals", "300", "--seed", "3", "--candidate", "hard", "--field", "medium", "--json"],
        ["--jobs", "1"],
        ["--jobs", "2"],
    ),
    ("simulate 3,000 rounds, easy", [*EASY, "--rounds", "3000"], ["--jobs", "1"], []),
]


def seconds(root, args):
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "sixes", *args],
        cwd=root,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # no progress bar in the figures
    return time.perf_counter() - started


def shown(args, root):
    where = "" if root == ROOT else f"(in {root}) "
    return where + "python -m sixes " + " ".join(args)


def speedups(roots, repeat):
    for name, args, one, many in CASES:
        print(f"{name}:")
        times = {(root, side): [] for root in roots for side in ("one", "many")}
        for _ in range(repeat):  # every side of every version in turn, so a change of load falls on all
            for root in roots:
                times[root, "one"].append(seconds(root, args + one))
                times[root, "many"].append(seconds(root, args + many))
        for root in roots:
            a, b = (statistics.median(times[root, side]) for side in ("one", "many"))
            label = " ".join(many) or "the default jobs"
            print(
                f"  {'now' if root == ROOT else 'before':<7}{' '.join(one)}: {a:6.2f} s   {label}: {b:6.2f} s   "
                f"speedup {a / b:.2f}x   (runs: {', '.join(f'{t:.2f}' for t in times[root, 'one'])} | "
                f"{', '.join(f'{t:.2f}' for t in times[root, 'many'])})"
            )
            print(f"         {shown(args + many, root)}")
        print(f"  load average {os.getloadavg()[0]:.2f}")


def piped(root, runs, pool_runs):
    """Runs of the command with its stdout read by another process (cat), as in the hang of issue 24."""
    for args, count in ((HANG, runs), ([*EASY, "--rounds", "30000", "--jobs", "2"], pool_runs)):
        if not count:
            continue
        stuck = 0
        started = time.perf_counter()
        for _ in range(count):
            command = subprocess.Popen(
                [sys.executable, "-m", "sixes", *args],
                cwd=root,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )  # its own group, so a stuck run can be ended whole
            reader = subprocess.Popen(["cat"], stdin=command.stdout, stdout=subprocess.DEVNULL)
            command.stdout.close()
            try:
                command.wait(timeout=60)
            except subprocess.TimeoutExpired:
                stuck += 1
                os.killpg(command.pid, 9)
                command.wait()
            reader.wait()
        print(
            f"{count} runs piped into cat, {stuck} did not end in 60 s ({time.perf_counter() - started:.0f} s in all)"
            f"\n  {shown(args, root)} | cat"
        )


def cpu_split():
    """CPU seconds, which a loaded machine does not stretch as it does the clock's: the work at one job,
    and at two jobs the main process's and each worker's share (read from /proc before they end)."""
    sys.path.insert(0, str(ROOT))
    from sixes.engine import jobs
    from sixes.engine.duplicate import duplicate
    from sixes.engine.simulate import simulate

    def cpu_of(pid):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime

    for name, run in (
        ("simulate 30,000 rounds", lambda **k: simulate(["easy"] * 5, rounds=30000, seed=5, **k)),
        ("duplicate 300 deals", lambda **k: duplicate("hard", "medium", deals=300, seed=3, **k)),
    ):
        started = time.process_time()
        one = run(jobs=1)
        alone = time.process_time() - started
        pool = jobs._processes(2, run)  # ours, handed in, so that it outlives the run and its workers can be read
        started = time.process_time()
        two = run(jobs=2, executor=pool)
        main_cpu = time.process_time() - started
        workers = [cpu_of(process.pid) for process in pool._processes.values()]
        pool.shutdown()
        assert {**one, "seconds": 0} == {**two, "seconds": 0}
        print(
            f"{name}: one job {alone:.2f} s of CPU; two jobs: main {main_cpu:.2f} s, workers "
            f"{' + '.join(f'{c:.2f}' for c in workers)} s ({main_cpu + sum(workers):.2f} in all; "
            f"{alone / ((main_cpu + sum(workers)) / 2):.2f}x the one job's, were it split evenly over 2 free cores)"
        )


def floor(repeat):
    """One process with all the rounds against two independent processes with half each, started at once."""
    whole = [*EASY, "--rounds", "30000", "--jobs", "1"]
    halves = [[*EASY, "--rounds", "15000", "--jobs", "1"], [*EASY, "--rounds", "15000", "--jobs", "1", "--seed", "6"]]
    times = {"one": [], "pair": [], "pool": []}
    for _ in range(repeat):
        times["one"].append(seconds(ROOT, whole))
        started = time.perf_counter()
        pair = [
            subprocess.Popen(
                [sys.executable, "-m", "sixes", *args], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            for args in halves
        ]
        if any(process.wait() for process in pair):
            raise SystemExit("a half run failed")
        times["pair"].append(time.perf_counter() - started)
        times["pool"].append(seconds(ROOT, [*EASY, "--rounds", "30000", "--jobs", "2"]))
    one, pair, pool = (statistics.median(times[key]) for key in ("one", "pair", "pool"))
    print(
        f"two cores with no pool (simulate 30,000 rounds in one process against 15,000 in each of two at once, "
        f"medians of {repeat}):"
    )
    print(
        f"  one process {one:.2f} s, two at once {pair:.2f} s: at most {one / pair:.2f}x from a second core here; "
        f"--jobs 2 {pool:.2f} s = {one / pool:.2f}x, {pair / pool:.0%} of that most"
    )
    for key, runs in times.items():
        print(f"  {key}: {', '.join(f'{t:.2f}' for t in runs)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="a checkout of another version, timed side by side")
    parser.add_argument("--piped", type=int, default=0, help="piped runs of the 3,000-round command (0: none)")
    parser.add_argument("--piped-pool", type=int, default=0, help="piped runs of 30,000 rounds at --jobs 2")
    parser.add_argument("--cpu", action="store_true", help="the CPU split of a run at two jobs")
    parser.add_argument("--floor", type=int, default=0, help="times two independent half runs (0: not)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    if args.repeat:
        speedups([ROOT] + ([args.before] if args.before else []), args.repeat)
    if args.cpu:
        cpu_split()
    if args.floor:
        floor(args.floor)
    if args.piped or args.piped_pool:
        piped(ROOT, args.piped, args.piped_pool)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
