"""Bot strength and the hard bot's thinking time, each printed with the command that reproduces it.

    python bench/strength.py [--rounds 40000] [--hard-rounds 2000] [--decisions 300] [--seed 0]

Strength is the share of rounds a bot wins at a 5-seat table (a fair share is
20%) with its standard error, and the chips it gains per round. The hard
bot's time is per real decision (one with more than one legal card), on this
machine and core, at its default budget: the best of 3 runs of each decision.
"""

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sixes import Game  # noqa: E402
from sixes.bots import decide  # noqa: E402
from sixes.simulate import simulate  # noqa: E402


def strength(seats, rounds, seed, target):
    result = simulate(seats, rounds=rounds, seed=seed)
    n = result["rounds"]
    share = result["round_wins"][0] / n
    se = math.sqrt(share * (1 - share) / n)
    chips = result["chip_delta"][0] / n
    print(f"{seats[0]} against {len(seats) - 1} {seats[1]}: wins {share:.1%} ± {se:.1%} of {n:,} rounds, "
          f"{chips:+.3f} chips per round (target >= {target:.0%}, chips > 0; {result['seconds']:.0f} s)\n"
          f"  python -m sixes simulate --rounds {rounds} --seed {seed} --seats {','.join(seats)}")


def hard_timing(decisions, seed):
    """Hard in seat 0 against 4 medium, timed on every decision that is a real choice."""
    times = []
    rng = Random(seed)
    game = Game(seed=seed)
    while len(times) < decisions:
        if game.over:
            game = Game(seed=rng.getrandbits(32))
        elif game.round_over:
            game.next_round()
        level = "hard" if game.turn == 0 else "medium"
        if level == "hard" and len(game.legal_moves()) > 1:
            # Best of 3 runs of the same decision (it is deterministic), so that other
            # processes on the machine do not pass for a slow position.
            best = math.inf
            for _ in range(3):
                started = time.perf_counter()
                card = decide(level, game)
                best = min(best, time.perf_counter() - started)
            times.append(best * 1000)
        else:
            card = decide(level, game)
        game.play(card) if card is not None else game.pass_turn()
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"hard, ms per decision over {len(times)} decisions: mean {statistics.fmean(times):.1f}, "
          f"p95 {p95:.1f}, max {times[-1]:.1f} (target: mean <= 40, max under ~50)\n"
          f"  python bench/strength.py --only timing --decisions {decisions} --seed {seed}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40000, help="rounds of medium against easy")
    parser.add_argument("--hard-rounds", type=int, default=2000, help="rounds of hard against medium")
    parser.add_argument("--decisions", type=int, default=300, help="hard decisions to time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("medium", "hard", "timing"), help="run one figure")
    args = parser.parse_args()
    if args.only in (None, "medium"):
        strength(["medium"] + ["easy"] * 4, args.rounds, args.seed, 0.27)
    if args.only in (None, "hard"):
        strength(["hard"] + ["medium"] * 4, args.hard_rounds, args.seed, 0.25)
    if args.only in (None, "timing"):
        hard_timing(args.decisions, args.seed)


if __name__ == "__main__":
    main()
