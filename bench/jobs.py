"""How much the simulator gains from more processes (issue 24), each figure with its command.

    python bench/jobs.py [--repeat 3] [--before DIR] [--piped 0]

Runs the command line as a user would, timing the whole process (start, the
pool's start and end included): simulate 30,000 rounds of 5 easy bots and
duplicate 300 deals of hard against medium at --jobs 1 and --jobs 2, and 3,000
rounds at the default against --jobs 1. Runs alternate, so that a change in the
machine's load falls on both sides; medians are printed. --before DIR times a
checkout of another version (its sixes/ under DIR) side by side. --piped N runs
the 3,000-round command and a 30,000-round one N times each with stdout piped
into another process, each given 60 s, and counts the runs that did not end.
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
CASES = [
    ("simulate 30,000 rounds, easy", [*EASY, "--rounds", "30000"], ["--jobs", "1"], ["--jobs", "2"]),
    ("duplicate 300 deals, hard vs medium",
     ["duplicate", "--deals", "300", "--seed", "3", "--candidate", "hard", "--field", "medium", "--json"],
     ["--jobs", "1"], ["--jobs", "2"]),
    ("simulate 3,000 rounds, easy", [*EASY, "--rounds", "3000"], ["--jobs", "1"], []),
]


def seconds(root, args):
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sixes", *args], cwd=root, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def shown(args, root):
    where = "" if root == ROOT else f"(in {root}) "
    return where + "python -m sixes " + " ".join(args)


def speedups(roots, repeat):
    for name, args, one, many in CASES:
        print(f"{name}:")
        for root in roots:
            times = {"one": [], "many": []}
            for _ in range(repeat):  # alternated
                times["one"].append(seconds(root, args + one))
                times["many"].append(seconds(root, args + many))
            a, b = statistics.median(times["one"]), statistics.median(times["many"])
            label = " ".join(many) or "the default jobs"
            print(f"  {'before' if root != ROOT else 'now':<7}{' '.join(one)}: {a:6.2f} s   {label}: {b:6.2f} s   "
                  f"speedup {a / b:.2f}x   (runs: {', '.join(f'{t:.2f}' for t in times['one'])} | "
                  f"{', '.join(f'{t:.2f}' for t in times['many'])})")
            print(f"         {shown(args + many, root)}")


def piped(root, runs):
    """Runs of the command with its stdout read by another process (cat), as in the hang of issue 24."""
    for args in ([*EASY, "--rounds", "3000"], [*EASY, "--rounds", "30000", "--jobs", "2"]):
        stuck = 0
        started = time.perf_counter()
        for _ in range(runs):
            command = subprocess.Popen([sys.executable, "-m", "sixes", *args], cwd=root, stdout=subprocess.PIPE,
                                       start_new_session=True)  # its own group, so a stuck run can be ended whole
            reader = subprocess.Popen(["cat"], stdin=command.stdout, stdout=subprocess.DEVNULL)
            command.stdout.close()
            try:
                command.wait(timeout=60)
            except subprocess.TimeoutExpired:
                stuck += 1
                os.killpg(command.pid, 9)
                command.wait()
            reader.wait()
        print(f"{runs} runs piped into cat, {stuck} did not end in 60 s ({time.perf_counter() - started:.0f} s in all)"
              f"\n  {shown(args, root)} | cat")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="a checkout of another version, timed side by side")
    parser.add_argument("--piped", type=int, default=0, help="runs of the piped hang check (0: none)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    if args.repeat:
        speedups([ROOT] + ([args.before] if args.before else []), args.repeat)
    if args.piped:
        piped(ROOT, args.piped)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
