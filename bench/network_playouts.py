"""Issue #34's question of the late search: does the learned network, as the hard bot's own policy in its
playouts, beat the tuned policy there? Duplicate play against 4 `medium`, the hard bot as shipped and so changed
on the same deals, paired over deals (docs/bots.md has the answer: no measurable difference, at about 9 times the time).

Run: .venv/bin/python bench/network_playouts.py [--deals 1200] [--seed 4321] [--jobs 2]
"""

import argparse
import statistics
import time
from multiprocessing import Pool

from sixes.engine import inference, learned, weights
from sixes.engine.duplicate import play_deal
from sixes.engine.game import View

SHIPPED = inference.playout_policy


def network_policy(me, rng, randoms, mine=weights.HARD_POLICY, field=weights.MEDIUM):
    """The playouts' chooser with seat ``me`` (unless it is played at random) choosing by the network."""
    others = SHIPPED(me, rng, randoms, mine, field)

    def pick(r, legal):
        if r.turn == me and legal.bit_count() > 1 and not randoms[me]:
            worth = learned.worths(View.of(r, me))
            return max(worth, key=lambda i: worth[i].chips + learned.WIN_WORTH * worth[i].wins)
        return others(r, legal)

    return pick


def one(work):
    """(rounds won, chips gained) of the hard bot in one deal, its playouts by the network or as shipped."""
    by_network, seed, number = work
    inference.playout_policy = network_policy if by_network else SHIPPED  # (this worker's own module)
    return play_deal("hard", "medium", 5, 10, seed, number)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=4321)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    runs, seconds = {}, {}
    with Pool(options.jobs) as pool:
        for by_network in (False, True):
            started = time.perf_counter()
            runs[by_network] = pool.map(one, [(by_network, options.seed, n) for n in range(options.deals)])
            seconds[by_network] = time.perf_counter() - started
            print(f"{'network' if by_network else 'shipped'} playouts: {seconds[by_network]:.0f} s", flush=True)
    share = {k: statistics.mean(won / 5 for won, _ in run) for k, run in runs.items()}
    shares = [(a[0] - b[0]) / 5 for a, b in zip(runs[True], runs[False])]
    chips = [(a[1] - b[1]) / 5 for a, b in zip(runs[True], runs[False])]

    def error(values):
        return statistics.stdev(values) / len(values) ** 0.5

    print(f"hard against 4 medium, {options.deals} deals of seed {options.seed}:")
    print(f"  its playouts as shipped {100 * share[False]:.2f}%, by the network {100 * share[True]:.2f}% of rounds")
    print(f"  paired: share {100 * statistics.mean(shares):+.2f}% ± {100 * error(shares):.2f}%,")
    print(
        f"  chips a round {statistics.mean(chips):+.3f} ± {error(chips):.3f}; time ×{seconds[True] / seconds[False]:.1f}"
    )


if __name__ == "__main__":
    main()
