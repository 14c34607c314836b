"""Bot strength by duplicate play, and the hard bot's thinking time, each
printed with the command that reproduces it.

    python bench/strength.py [--deals 2000] [--decisions 300] [--seed 1] [--jobs N] [--only ...]

Strength is measured by ``python -m sixes duplicate``: each deal is played once
per seat, the candidate in that seat and the field bot in the others, so the
luck of the cards cancels. It prints the share of rounds the candidate wins (a
fair share at 5 seats is 20%) and its chips per round, each with its 95%
interval. The hard bot's time is per real decision (one with more than one
legal card), at its default budget, against 4 medium: the best of 3 runs of
each decision, so that other processes on the machine do not pass for a slow
position.
"""

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sixes import Game
from sixes.engine.bots import decide, thinking
from sixes.engine.duplicate import duplicate
from sixes.engine.jobs import default_jobs

# (candidate, field, share target, lowest share the 95% interval may reach)
PAIRS = (("medium", "easy", None, None), ("hard", "medium", 0.23, 0.215), ("hard", "easy", None, None))


def strength(candidate, field, deals, seed, jobs, target, floor):
    r = duplicate(candidate, field, deals, seed=seed, jobs=jobs)
    low, high = r["share"] - 1.96 * r["share_se"], r["share"] + 1.96 * r["share_se"]
    chips_low = r["chips_per_round"] - 1.96 * r["chips_se"]
    goal = f"; target >= {target:.0%} with the interval above {floor:.1%}, chips > 0 likewise" if target else ""
    print(
        f"{candidate} against 4 {field}: wins {r['share']:.1%} ± {r['share_se']:.1%} of rounds "
        f"(95%: {low:.1%} to {high:.1%}), {r['chips_per_round']:+.3f} ± {r['chips_se']:.3f} chips per round "
        f"(95% from {chips_low:+.3f}), {r['rounds']:,} rounds{goal}; {r['seconds']:.0f} s\n"
        f"  python -m sixes duplicate --deals {deals} --seed {seed} --candidate {candidate} --field {field}"
    )


def hard_timing(decisions, seed):
    """Hard in seat 0 against 4 medium, timed on every decision that is a real
    choice: wall time, and the CPU time this process spent (what the wall time
    would be on a machine with nothing else running)."""
    times, cpu_times = [], []
    rng = Random(seed)
    game = Game(seed=seed)
    while len(times) < decisions:
        if game.over:
            game = Game(seed=rng.getrandbits(32))
        elif game.round_over:
            game.next_round()
        level = "hard" if game.turn == 0 else "medium"
        if level == "hard" and len(game.legal_moves()) > 1:
            best = best_cpu = math.inf
            for _ in range(3):  # the same decision each time: it is deterministic
                started, started_cpu = time.perf_counter(), time.process_time()
                card = decide(level, game)
                best = min(best, time.perf_counter() - started)
                best_cpu = min(best_cpu, time.process_time() - started_cpu)
            times.append(best * 1000)
            cpu_times.append(best_cpu * 1000)
        else:
            card = decide(level, game)
        game.apply(card)
    for name, figures in (("wall", times), ("CPU", cpu_times)):
        figures.sort()
        p95 = figures[min(len(figures) - 1, int(0.95 * len(figures)))]
        print(
            f"hard, ms per decision over {len(figures)} decisions ({name} time): "
            f"mean {statistics.fmean(figures):.1f}, "
            f"p95 {p95:.1f}, max {figures[-1]:.1f} (target: mean <= 40, max <= 100)"
        )
    print(f"  python bench/strength.py --only timing --decisions {decisions} --seed {seed}")


def hard_slices(decisions, seed):
    """The longest stretch of the hard bot's search between two of its yields
    (CPU time): the page hands the event loop back after the first yield past
    20 ms, so its longest task while a hard bot thinks is about 20 ms plus this."""
    stretches, rng, game, seen = [], Random(seed), Game(seed=seed), 0
    while seen < decisions:
        if game.over:
            game = Game(seed=rng.getrandbits(32))
        elif game.round_over:
            game.next_round()
        level = "hard" if game.turn == 0 else "medium"
        steps = thinking(level, game)
        seen += level == "hard" and len(game.legal_moves()) > 1
        while True:
            started = time.process_time()
            try:
                next(steps)
            except StopIteration as done:
                card = done.value
                break
            finally:
                stretches.append(time.process_time() - started)
        game.apply(card)
    stretches.sort()
    p99 = stretches[int(0.99 * len(stretches))]
    print(
        f"hard, stretches of its search between two yields over {decisions} decisions (CPU time; wall time "
        f"in Pyodide): {len(stretches):,} stretches, 99% under {p99 * 1000:.1f} ms, "
        f"longest {stretches[-1] * 1000:.1f} ms\n"
        f"  python bench/strength.py --only slices --decisions {decisions} --seed {seed}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per pair (each played once per seat)")
    parser.add_argument("--decisions", type=int, default=300, help="hard decisions to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument(
        "--only", choices=[f"{c}-{f}" for c, f, _, _ in PAIRS] + ["timing", "slices"], help="one figure"
    )
    args = parser.parse_args()
    for candidate, field, target, floor in PAIRS:
        if args.only in (None, f"{candidate}-{field}"):
            strength(candidate, field, args.deals, args.seed, args.jobs, target, floor)
    if args.only in (None, "timing"):
        hard_timing(args.decisions, args.seed)
    if args.only in (None, "slices"):
        hard_slices(args.decisions, args.seed)


if __name__ == "__main__":
    main()
