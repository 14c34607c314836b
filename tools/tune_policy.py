"""Tune the hard bot's policy weights against a field of medium bots by CMA-ES,
each candidate scored by duplicate play (``sixes.duplicate``) on the same deals
as the rest of its generation, so the luck of the cards cancels between them.

    .venv/bin/pip install cma
    nice -n 19 .venv/bin/python tools/tune_policy.py [--generations 30] [--deals 600] [--jobs 1]

It prints each generation's best and mean and, at the end, the weights to paste
into ``sixes/engine/weights.py`` (``HARD_POLICY``); only those weights ship. Check the
result with ``python -m sixes duplicate`` on a seed the tuning never used.
"""

import argparse
import functools
import sys
from pathlib import Path

import cma

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sixes.engine.bots import FEATURES, Medium, Policy
from sixes.engine.duplicate import play_deal
from sixes.engine.inference import Mean
from sixes.engine.jobs import ordered_map
from sixes.engine.weights import HARD_POLICY


def score(weights, deals, seed, jobs, players=5):
    """Share of rounds won plus a hundredth of the chips per round: the share
    is the target, and chips break its near ties towards fewer paid passes."""
    work = functools.partial(play_deal, Policy(weights), Medium(), players, 10, seed)
    share, chips = Mean(), Mean()
    for wins, gained in ordered_map(work, range(deals), jobs):
        share.add(wins / players)
        chips.add(gained / players)
    return share.mean + 0.01 * chips.mean, share.mean, chips.mean


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument("--deals", type=int, default=600, help="deals per candidate (each played once per seat)")
    parser.add_argument("--sigma", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--start",
        choices=("medium", "hard"),
        default="hard",
        help="start from medium's weights or from the shipped ones (default)",
    )
    parser.add_argument("--seed", type=int, default=1000, help="first deal seed; each generation takes the next")
    args = parser.parse_args()
    start = list(HARD_POLICY if args.start == "hard" else Medium().weights)
    strategy = cma.CMAEvolutionStrategy(start, args.sigma, {"seed": 1, "verbose": -9})
    for generation in range(args.generations):
        candidates = strategy.ask()
        seed = args.seed + generation  # new deals each generation: tune to the game, not to a deal set
        results = [score(w, args.deals, seed, args.jobs) for w in candidates]
        strategy.tell(candidates, [-r[0] for r in results])
        best = max(range(len(results)), key=lambda k: results[k][0])
        mean = strategy.result.xfavorite
        print(
            f"generation {generation}: best share {results[best][1]:.2%} chips {results[best][2]:+.3f}; "
            f"mean weights {', '.join(f'{x:.2f}' for x in mean)}",
            flush=True,
        )
    print("HARD_POLICY = (" + ", ".join(f"{x:.3f}" for x in strategy.result.xfavorite) + ")  # " + ", ".join(FEATURES))


if __name__ == "__main__":
    main()
