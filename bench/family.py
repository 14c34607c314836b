"""The bots in each member of the family (issue 54, item 2): duplicate play, paired with the field in the same seat,
and the hard bot's time per decision.

    python bench/family.py strength --variant sevens --candidate medium --field easy --deals 2000 --seed 54 [--jobs 2]
    python bench/family.py timing --variant sevens [--decisions 300] [--seed 1]

``strength`` plays each deal as ``python -m sixes duplicate`` does (``duplicate.play_deal``, the same seeds: its
share and its chips or points per round are the command's, byte for byte), and beside it the same deal with the
field's bot in the candidate's seat too. Where the variant keeps points they are not shared out as chips are (a
round's points do not add up to nothing), so the candidate's points alone say little: what says how much better it
plays is the difference, deal by deal, from the field's bot in the same seat of the same deal, with its standard error
over deals. Sevens' points are penalties (the command counts them as they are scored, so fewer is better); a negative
difference there is a gain. Chips add up to nothing, so a chip variant's difference is the chips themselves, near
enough: the field's own figure is printed to show it.

``timing`` is ``bench/strength.py --only timing`` in the variant: the hard bot in seat 0 against the variant's table of
medium bots, every real decision (more than one legal card) timed three times, the best kept (wall and CPU).
"""

import argparse
import functools
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from strength import hard_timing  # (this folder: the script's own, first on the path)

from sixes.engine.bots import BOTS, Policy
from sixes.engine.duplicate import play_deal
from sixes.engine.inference import Mean
from sixes.engine.jobs import Progress, default_jobs, ordered_map
from sixes.engine.variants import VARIANTS, variant
from sixes.engine.weights import HARD_POLICY

# Beside the levels, for a look at where strength comes from: the hard bot's tuned policy alone (its playouts' player).
PLAYERS = {**BOTS, "hard-policy": Policy(HARD_POLICY)}


def both(candidate, field, players, chips, seed, rules, number):
    """Deal ``number`` played as duplicate plays it, and again with the field's bot in the candidate's seats."""
    return (
        play_deal(candidate, field, players, chips, seed, number, rules),
        play_deal(field, field, players, chips, seed, number, rules),
    )


def strength(args):
    rules = variant(args.variant)
    players = args.players or rules.players
    candidate, field = PLAYERS[args.candidate], PLAYERS[args.field]
    work = functools.partial(both, candidate, field, players, args.chips, args.seed, rules)
    share, kept, field_kept, difference = Mean(), Mean(), Mean(), Mean()
    started = time.perf_counter()
    progress = Progress(args.deals * players, "rounds")
    try:
        for (wins, gained), (_, field_gained) in ordered_map(work, range(args.deals), args.jobs):
            share.add(wins / players)
            kept.add(gained / players)
            field_kept.add(field_gained / players)
            difference.add((gained - field_gained) / players)
            progress.update(players)
    finally:
        progress.close()
    unit = "points" if rules.keeps_points else "chips"
    result = {
        "variant": rules.name,
        "candidate": args.candidate,
        "field": args.field,
        "players": players,
        "deals": args.deals,
        "share": round(share.mean, 6),
        "share_se": round(share.error, 6),
        f"{unit}_per_round": round(kept.mean, 6),
        f"{unit}_se": round(kept.error, 6),
        f"field_{unit}_per_round": round(field_kept.mean, 6),
        f"field_{unit}_se": round(field_kept.error, 6),
        "difference": round(difference.mean, 6),
        "difference_se": round(difference.error, 6),
        "seconds": round(time.perf_counter() - started, 3),
    }
    print(json.dumps(result))
    better = -difference.mean if rules.keeps_points and not rules.most_win else difference.mean
    print(
        f"{args.candidate} against {players - 1} {args.field}, {rules.name}, {args.deals:,} deals: "
        f"share {share.mean:.2%} ± {share.error:.2%} (fair {1 / players:.0%}, "
        f"{(share.mean - 1 / players) / share.error:+.1f} se); {unit} a round {kept.mean:+.3f} ± {kept.error:.3f}, "
        f"the field's bot in the same seat {field_kept.mean:+.3f} ± {field_kept.error:.3f}, difference "
        f"{difference.mean:+.3f} ± {difference.error:.3f} ({better / difference.error:+.1f} se in the candidate's "
        f"favour)\n  python -m sixes duplicate --variant {rules.name} --deals {args.deals} --seed {args.seed} "
        f"--candidate {args.candidate} --field {args.field} --players {players} --json",
        file=sys.stderr,
    )


def timing(args):
    """Hard in seat 0 against medium, every real decision timed: bench/strength.py's, in the variant."""
    hard_timing(args.decisions, args.seed, args.variant)
    print(f"  python bench/family.py timing --variant {args.variant} --decisions {args.decisions} --seed {args.seed}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("strength", "timing"))
    parser.add_argument("--variant", choices=VARIANTS, default="sixes")
    parser.add_argument("--candidate", default="medium")
    parser.add_argument("--field", default="easy")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, help="default: the variant's table")
    parser.add_argument("--chips", type=int, default=10)
    parser.add_argument("--seed", type=int, default=54)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--decisions", type=int, default=300, help="hard decisions to time")
    args = parser.parse_args()
    strength(args) if args.what == "strength" else timing(args)


if __name__ == "__main__":
    main()
