"""How far the learned evaluation's difference between two cards strays from the search's, per variant: the noise a
learned mark's margin stands for (``learned.ERROR``: a card within ``inference.TIED`` of these errors of the best is
marked as good as the best). Sixes' 0.5 was set for chips; the family's networks score points or other chips, so
each variant's noise is measured here rather than assumed.

Positions of random play where the expert reads the network (more than ``expert.SEARCH_AT`` cards in hand, two legal
cards at least); at each, every legal card against the network's best, both by the network (``learned.Estimate``)
and by the search's playouts in many deals (``inference.card_values``, the same deals for every card, so the
difference's own standard error is small). The network's error of a difference is what is left of the spread of
(network − search) once the search's own variance is taken out: sqrt(mean((n − s)^2) − mean(se^2)).

Run: nice .venv/bin/python bench/learned_margin.py [--positions 60] [--deals 400] [--seed 7] [--marks 30] [--variants ...]
"""

import argparse
import math
import sys
import time
from random import Random

import sixes
from sixes.engine import expert, inference
from sixes.engine.inference import card_values, run
from sixes.engine.learned import Estimate, estimating
from sixes.engine.variants import variant as sixes_variant


def positions(variant, count, seed):
    """``count`` views of random play in ``variant`` where the expert reads the network and has a choice."""
    rng, found, number = Random(f"{seed}/{variant}"), [], 0
    while len(found) < count:
        game, number = sixes.Game(seed=rng.randrange(2**32), variant=variant), number + 1
        stop = rng.randrange(1, 30)
        for _ in range(stop):
            if game.round_over:
                break
            legal = game.legal_moves()
            game.apply(rng.choice(legal) if legal else None)
        if game.round_over:
            continue
        view = game.view(game.turn)
        if not expert.searches(view) and view.legal_mask.bit_count() >= 2:
            found.append(view)
    return found


def measure(view, deals, seed):
    """Per legal card other than the network's best: (network's difference, search's difference, its error)."""
    net = Estimate(run(estimating(view)), view.rules.win_worth)
    search = run(card_values(view, Random(seed), deals=deals))
    best = net.best
    return [(net.versus(best, other)[0], *search.versus(best, other)) for other in net.cards if other != best]


def marked(variant, deals):
    """(learned choices, marked costly with Sixes' margin, with the variant's own): seat 0 plays its first legal card
    in ``deals`` deals, each choice the expert reads the network for weighed as the review weighs it."""
    choices = costly_then = costly_now = 0
    for seed in range(deals):
        game = sixes.Game(seed=seed, variant=variant)
        while not game.round_over:
            legal = game.legal_moves()
            view = game.view(game.turn)
            if game.turn == 0 and len(legal) > 1 and not expert.searches(view):
                values = run(expert.expert_values(view))
                cost = values.worth(values.best)[0] - values.worth(legal[0].index)[0]
                choices += 1
                costly_then += cost > inference.TIED * sixes_variant("sixes").learned_error
                costly_now += cost > inference.TIED * view.rules.learned_error
            game.apply(legal[0] if legal else None)
    return choices, costly_then, costly_now


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--marks", type=int, default=30, help="deals in which seat 0's marks are counted")
    parser.add_argument("--variants", nargs="+", default=sorted(sixes.VARIANTS), choices=sorted(sixes.VARIANTS))
    args = parser.parse_args()
    print(f"{args.positions} positions a variant, {args.deals} deals each, seed {args.seed}")
    for variant in args.variants:
        started, rows = time.process_time(), []
        for n, view in enumerate(positions(variant, args.positions, args.seed)):
            rows += measure(view, args.deals, n)
            print(f"  {variant} {n + 1}/{args.positions}", file=sys.stderr, end="\r", flush=True)
        squared = sum((net - search) ** 2 for net, search, _ in rows) / len(rows)
        search_var = sum(se**2 for _, _, se in rows) / len(rows)
        error = math.sqrt(max(squared - search_var, 0.0))
        spread = math.sqrt(sum(search**2 for _, search, _ in rows) / len(rows))
        told = [(net, search) for net, search, se in rows if abs(search) > 2 * se]  # (the search tells them apart)
        agree = sum((net > 0) == (search > 0) for net, search in told)
        clear = len(told)
        print(
            f"{variant}: {len(rows)} pairs; network's error of a difference {error:.3f} worth "
            f"(rms of network - search {math.sqrt(squared):.3f}, the search's own se rms {math.sqrt(search_var):.3f}); "
            f"the differences' size rms {spread:.3f}; of {clear} pairs the search tells apart, the network orders "
            f"{agree} the same way; the margin now {inference.TIED} x {sixes_variant(variant).learned_error} worth; "
            f"{time.process_time() - started:.0f} s CPU"
        )
        choices, then, now = marked(variant, args.marks)
        print(
            f"  first legal card in {args.marks} deals: {choices} learned choices, {then} marked costly with Sixes' "
            f"margin, {now} with {variant}'s own"
        )


if __name__ == "__main__":
    main()
