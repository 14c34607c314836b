"""Bot strength by duplicate play, the hard bot's thinking time and the hint's loss, each
printed with the command that reproduces it (issue #34's targets beside each).

    python bench/strength.py [--deals 2000] [--decisions 300] [--rounds 300] [--seed 1] [--jobs N] [--only ...]

``--deals`` is the unit of each pair's deals: hard against medium plays twice as many, medium against four hard
(the slowest: four searching seats) a quarter.
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
from sixes.engine.cards import indexes_of, mask_of
from sixes.engine.core import Round
from sixes.engine.duplicate import duplicate
from sixes.engine.expert import SEARCH_AT, expert_values
from sixes.engine.inference import WIN_WORTH, card_values, playout_policy, run
from sixes.engine.jobs import default_jobs

# (candidate, field, share of the deals asked for, the target as words): issue #34's. The deals' seeds are the
# duplicate runs' own, which the training (tools/train_bot.py, its own seeds) never deals.
PAIRS = (
    ("medium", "easy", 1, ""),
    ("hard", "medium", 2, "target >= 23.0% with the 95% interval above 22.5% (>= 4,000 deals), chips >= +0.2"),
    ("medium", "hard", 0.25, "target <= 17.5% (was 18.7%)"),
    ("hard", "easy", 0.5, "target >= 31% (medium gets 30.8%)"),
)


def strength(candidate, field, deals, seed, jobs, goal):
    r = duplicate(candidate, field, deals, seed=seed, jobs=jobs)
    low, high = r["share"] - 1.96 * r["share_se"], r["share"] + 1.96 * r["share_se"]
    chips_low = r["chips_per_round"] - 1.96 * r["chips_se"]
    goal = f"; {goal}" if goal else ""
    print(
        f"{candidate} against 4 {field}: wins {r['share']:.1%} ± {r['share_se']:.1%} of rounds "
        f"(95%: {low:.1%} to {high:.1%}), {r['chips_per_round']:+.3f} ± {r['chips_se']:.3f} chips per round "
        f"(95% from {chips_low:+.3f}), {r['rounds']:,} rounds{goal}; {r['seconds']:.0f} s\n"
        f"  python -m sixes duplicate --deals {deals} --seed {seed} --candidate {candidate} --field {field}"
    )


def hard_timing(decisions, seed, variant="sixes"):
    """Hard in seat 0 against medium (``variant``'s table), timed on every decision that is a real choice: wall time,
    and the CPU time this process spent (what the wall time would be on a machine with nothing else running)."""
    times, cpu_times = [], []
    rng = Random(seed)
    game = Game(seed=seed, variant=variant)
    while len(times) < decisions:
        if game.over:
            game = Game(seed=rng.getrandbits(32), variant=variant)
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
            f"hard in {variant}, ms per decision over {len(figures)} decisions ({name} time): "
            f"mean {statistics.fmean(figures):.1f}, "
            f"p95 {p95:.1f}, max {figures[-1]:.1f} (target: mean <= 10, max <= 100)"
        )


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


def true_worths(view, hands, tries=4):
    """Each legal card's worth judged by the true hands (the omniscient search: the cheat, measured only to judge):
    played out in the real deal, the seat then by the hard policy and the others as medium, a few times over for the
    policies' tie-breaks; chips plus WIN_WORTH for a round won."""
    worths = {}
    for index in indexes_of(view.legal_mask):
        total = 0.0
        for t in range(tries):
            r = Round.at(list(hands), list(view.chips), view.pot, view.playable, view.seat)
            r.play(index)
            if r.winner < 0:
                r.play_out(playout_policy(view.seat, Random(t), [False] * view.players))
            total += r.chips[view.seat] - view.chips[view.seat] + WIN_WORTH * (r.winner == view.seat)
        worths[index] = total / tries
    return worths


def judged_choices(rounds, seed):
    """The person's real choices on the rounds of bench/review.py (medium bots, the person's seat playing its first
    legal card), each as (the round's seed, the view, the true hands, each legal card's worth by them)."""
    for number in range(seed, seed + rounds):
        game = Game(seed=number)
        while not game.round_over:
            view = game.view(game.turn)
            if game.turn == 0 and view.legal_mask.bit_count() > 1:
                hands = [mask_of(game.hand(s)) for s in range(view.players)]
                yield number, view, hands, true_worths(view, hands)
            if game.turn == 0:
                legal = game.legal_moves()
                game.apply(legal[0] if legal else None)
            else:
                game.apply(decide("medium", game))


def hint_loss(rounds, seed):
    """The hint's card against the best card judged by the true hands, on the rounds of bench/review.py: the worth the
    hint gives away, before (the search's playouts at every position, ``inference.card_values``) and now
    (``expert.expert_values``: learned before SEARCH_AT cards)."""
    losses = {"before": {True: [], False: []}, "now": {True: [], False: []}}
    for _, view, _, judged in judged_choices(rounds, seed):
        best = max(judged.values())
        early = view.hand_mask.bit_count() > SEARCH_AT
        for name, estimate in (("before", card_values(view)), ("now", expert_values(view))):
            losses[name][early].append(best - judged[run(estimate).best])
    for early, label in ((True, f"more than {SEARCH_AT} cards in hand"), (False, f"{SEARCH_AT} or fewer")):
        before, now = losses["before"][early], losses["now"][early]
        fall = 1 - statistics.fmean(now) / statistics.fmean(before)
        print(
            f"the hint's loss against the best card by the true hands, {label}, {len(now)} decisions: "
            f"before {statistics.fmean(before):.3f} ± {statistics.stdev(before) / math.sqrt(len(before)):.3f}, "
            f"now {statistics.fmean(now):.3f} ± {statistics.stdev(now) / math.sqrt(len(now)):.3f} worth "
            f"(falls {fall:.0%}; target: by 30% or more)"
        )
    before = losses["before"][True] + losses["before"][False]
    now = losses["now"][True] + losses["now"][False]
    print(
        f"the hint's loss over all {len(now)} decisions: before {statistics.fmean(before):.3f}, now "
        f"{statistics.fmean(now):.3f} (falls {1 - statistics.fmean(now) / statistics.fmean(before):.0%})\n"
        f"  python bench/strength.py --only hint --rounds {rounds} --seed {seed}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per pair (each played once per seat)")
    parser.add_argument("--decisions", type=int, default=300, help="hard decisions to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=300, help="rounds of bench/review.py for the hint's loss")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument(
        "--only", choices=[f"{c}-{f}" for c, f, _, _ in PAIRS] + ["timing", "slices", "hint"], help="one figure"
    )
    args = parser.parse_args()
    for candidate, field, part, goal in PAIRS:
        if args.only in (None, f"{candidate}-{field}"):
            strength(candidate, field, round(args.deals * part), args.seed, args.jobs, goal)
    if args.only in (None, "timing"):
        hard_timing(args.decisions, args.seed)
        print(f"  python bench/strength.py --only timing --decisions {args.decisions} --seed {args.seed}")
    if args.only in (None, "slices"):
        hard_slices(args.decisions, args.seed)
    if args.only in (None, "hint"):
        hint_loss(args.rounds, args.seed)


if __name__ == "__main__":
    main()
