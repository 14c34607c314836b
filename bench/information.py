"""Issue #34's trace: how the hard bot's strength grows with what it knows of the hidden hands.

The hard bot searches at every decision (``search_at`` 10), and its search's deals are told the true holder of a
fraction of the hidden cards (a cheat, measured only to find where the strength is): each deal the chain draws has
every revealed card moved to its true holder, swapped with a card that seat was given wrongly. A card is revealed
at fraction k when its own draw (one per deal and card, the same for every k) is under k, so each fraction's cards
include the smaller fractions'. Fraction 0 is the view alone; 1 is the whole deal; -1 is less than the view: deals
drawn from the counts and passes alone, without the chain's reading of the others' plays.

Duplicate play against 4 `medium` (or, with ``--medium-player``, a medium player against 4 such hard bots), every
fraction on the same deals (paired over deals, against the shipped hard bot), with how often the search's deals put a hidden card in its true holder's hand. The fraction of cards placed
right that the view alone gives is where a player stands on this curve.

With ``--hint ROUNDS``, the hint's loss instead: on the rounds of ``bench/strength.py --only hint``, the card of the
search at every position told each fraction, and of the learned figures, against the best card by the true hands.

Run: .venv/bin/python bench/information.py [--deals 300] [--seed 5150] [--fractions=-1,0,0.25,0.5,1] [--jobs 2]
     .venv/bin/python bench/information.py --hint 300 --seed 101 [--fractions=0,0.25,0.5,0.75]
(``--fractions=`` with its ``=``, so that a leading -1 is not read as an option.)
"""

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import judged_choices

from sixes.engine import inference, learned
from sixes.engine.bots import Hard
from sixes.engine.cards import indexes_of
from sixes.engine.duplicate import deal_of, play_deal
from sixes.engine.expert import SEARCH_AT
from sixes.engine.inference import card_values, run, sample_hands
from sixes.engine.learned import Estimate

SHIPPED = inference.likely_deals


class Teller:
    """Deals for the search, each with the revealed hidden cards moved to their true holders; it counts how many
    hidden cards its deals place right. ``hands`` are the true hands (at the deal or now: only unseen cards count)."""

    def __init__(self, hands, draws, fraction):
        self.hands, self.draws, self.fraction = hands, draws, fraction
        self.right = self.placed = 0

    def deals(self, view, rng, count, *rest):
        holder = {
            i: s for s, hand in enumerate(self.hands) if s != view.seat for i in indexes_of(hand & view.unseen_mask)
        }
        revealed = [i for i in holder if self.draws[i] < self.fraction]
        chain = (
            SHIPPED(view, rng, count, *rest) if self.fraction >= 0 else (sample_hands(view, rng) for _ in range(count))
        )
        for hands in chain:
            if hands is not None:
                for index in revealed:
                    seat, true = next(s for s, h in enumerate(hands) if h >> index & 1), holder[index]
                    if seat != true:
                        # Any card the true holder was dealt wrongly can go: none placed right is moved away.
                        swaps = [
                            j for j in indexes_of(hands[true]) if holder[j] != true and not view.lacks[seat] >> j & 1
                        ]
                        if swaps:
                            j = swaps[int(rng.random() * len(swaps))]
                            hands[seat] ^= 1 << index | 1 << j
                            hands[true] ^= 1 << index | 1 << j
                self.right += sum(hands[s] >> i & 1 for i, s in holder.items())
                self.placed += len(holder)
            yield hands

    def values(self, search):
        """``search`` (a generator of ``inference``'s) run with this teller's deals."""
        inference.likely_deals = self.deals
        try:
            return (yield from search)
        finally:
            inference.likely_deals = SHIPPED


def draws(*name):
    """Each card's draw for a deal: a card is revealed at the fractions above it."""
    rng = Random("information/" + "/".join(map(str, name)))
    return [rng.random() for _ in range(40)]


class Told(Hard):
    """The hard bot searching at every decision, its deals told the holders of the revealed cards."""

    def __init__(self, fraction, seed, number):
        super().__init__(search_at=10)
        self.teller = Teller(deal_of(seed, number, 5)[1], draws(seed, number), fraction)

    def values(self, view, rng, deals):
        return (yield from self.teller.values(super().values(view, rng, deals)))


def one(work):
    """(rounds won, chips gained, hidden cards placed right, placed) of one deal, for one fraction or the shipped
    (None): the hard bot against 4 medium, or a medium player against 4 hard."""
    fraction, seed, number, medium_player = work
    hard = "hard" if fraction is None else Told(fraction, seed, number)
    candidate, field = ("medium", hard) if medium_player else (hard, "medium")
    won, gained = play_deal(candidate, field, 5, 10, seed, number)
    return (won, gained, 0, 0) if fraction is None else (won, gained, hard.teller.right, hard.teller.placed)


def hint(rounds, seed, fractions):
    """The hint's loss against the best card by the true hands (bench/strength.py's judge, on its rounds) when the
    search at every position is told each fraction of the hidden holders; and the learned figures' loss."""
    losses = {k: {True: [], False: []} for k in ["learned", *fractions]}
    for number, view, hands, judged in judged_choices(rounds, seed):
        best = max(judged.values())
        early = view.hand_mask.bit_count() > SEARCH_AT
        losses["learned"][early].append(best - judged[Estimate(learned.worths(view)).best])
        for k in fractions:
            teller = Teller(hands, draws("hint", number), k)
            losses[k][early].append(best - judged[run(teller.values(card_values(view))).best])
    for early, label in ((True, f"more than {SEARCH_AT} cards in hand"), (False, f"{SEARCH_AT} or fewer")):
        # Paired with the search told nothing (the "before"), decision by decision.
        before = losses.get(0.0, {}).get(early)
        for k, loss in losses.items():
            name = "the learned figures" if k == "learned" else f"the search {told(k)}"
            mean = statistics.mean(loss[early])
            paired = ""
            if before and k != 0.0 and len(before) > 1 and statistics.mean(before) > 0:
                gap = [a - b for a, b in zip(loss[early], before)]
                paired = (
                    f"; against told nothing {statistics.mean(gap):+.3f} ± {error(gap):.3f} "
                    f"(falls {1 - mean / statistics.mean(before):.0%})"
                )
            print(
                f"the hint's loss, {label}, {len(loss[early])} decisions, {name}: {mean:.3f} ± {error(loss[early]):.3f} worth{paired}"
            )
    print(f"  {rounds} rounds from seed {seed} (bench/strength.py --only hint's rounds)")


def told(fraction):
    return "by counts and passes alone" if fraction < 0 else f"told {fraction:.0%} of hidden holders"


def error(values):
    return statistics.stdev(values) / len(values) ** 0.5


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5150)
    parser.add_argument("--fractions", default="0,0.25,0.5,1")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--medium-player", action="store_true", help="a medium player against 4 such hard bots")
    parser.add_argument("--hint", type=int, metavar="ROUNDS", help="the hint's loss on these rounds instead")
    options = parser.parse_args()
    if options.hint:
        return hint(options.hint, options.seed, [float(f) for f in options.fractions.split(",")])
    shipped = None
    who = "a medium player against 4 " if options.medium_player else ""
    with Pool(options.jobs) as pool:
        for fraction in [None] + [float(f) for f in options.fractions.split(",")]:
            started = time.perf_counter()
            work = [(fraction, options.seed, n, options.medium_player) for n in range(options.deals)]
            run = pool.map(one, work, chunksize=1)
            seconds = time.perf_counter() - started
            share = statistics.mean(won / 5 for won, *_ in run)
            if fraction is None:
                shipped = run
                print(
                    f"{who}hard as shipped: {share:.2%} ± {error([w / 5 for w, *_ in run]):.2%} of rounds; {seconds:.0f} s"
                )
                continue
            shares = [(a[0] - b[0]) / 5 for a, b in zip(run, shipped)]
            chips = [(a[1] - b[1]) / 5 for a, b in zip(run, shipped)]
            right = sum(r[2] for r in run) / max(1, sum(r[3] for r in run))
            print(
                f"{who}hard searching at every decision, {told(fraction)}: {share:.2%} of rounds, "
                f"against shipped {statistics.mean(shares):+.2%} ± {error(shares):.2%}, chips "
                f"{statistics.mean(chips):+.3f} ± {error(chips):.3f}; its deals place {right:.1%} of hidden cards "
                f"right; {seconds:.0f} s",
                flush=True,
            )
    print(f"  {options.deals} deals of seed {options.seed}" + ("" if options.medium_player else " against 4 medium"))


if __name__ == "__main__":
    main()
