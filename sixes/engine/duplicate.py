"""Duplicate evaluation: ``python -m sixes duplicate``. Each deal is played once
per seat, the candidate bot in that seat and the field bot in all the others,
so the luck of the cards falls on the candidate as often as on the field and
cancels: what is left is how much better or worse it plays.

Every deal, and every bot's generator in every playing of it, is seeded by the
run's seed and its own numbers, so the figures do not depend on the number of
processes, and two candidates measured with the same seed meet the same deals
and the same field choices (common random numbers: their difference is sharper
than either figure).
"""

import functools
import time
from collections.abc import Callable
from concurrent.futures import Executor
from random import Random
from typing import Any

from .bots import BOTS, Bot
from .cards import CardSet
from .core import Round, Seat, deal
from .game import View
from .inference import Mean
from .jobs import ordered_map
from .variants import SIXES, Variant, variant


def deal_of(seed: int, number: int, players: int, rules: Variant = SIXES) -> tuple[Seat, list[CardSet]]:
    """Deal ``number`` of a run: (dealer, hands)."""
    rng = Random(f"sixes-duplicate/{seed}/deal/{number}")
    dealer = int(rng.random() * players)
    return dealer, deal(players, dealer, rng, rules)


def play_deal(
    candidate: str | Bot,
    field: str | Bot,
    players: int,
    chips: int,
    seed: int,
    number: int,
    rules: Variant = SIXES,
) -> tuple[int, int]:
    """Deal ``number`` played ``players`` times, the candidate in each seat in
    turn: (rounds it won, chips it gained), summed over those playings; where the
    variant keeps points, the points it scored stand for the chips.
    ``candidate`` and ``field`` are bot levels or objects with ``choose``."""
    dealer, hands = deal_of(seed, number, players, rules)
    candidate = BOTS[candidate] if isinstance(candidate, str) else candidate
    field = BOTS[field] if isinstance(field, str) else field
    wins = gained = 0
    view = View.of
    for seat in range(players):
        bots = [candidate if s == seat else field for s in range(players)]
        # One generator per bot, so the field's choices do not shift with how
        # many numbers the candidate draws.
        rngs = [Random(f"sixes-duplicate/{seed}/deal/{number}/candidate/{seat}/seat/{s}") for s in range(players)]
        r = Round(hands, [chips] * players, dealer, rules=rules)
        # (B023: the chooser is used up within this seat's playing, so it always sees this seat's bots.)
        winner = r.play_out(lambda r, legal: bots[r.turn].choose(view(r, r.turn), rngs[r.turn]))  # noqa: B023
        wins += winner == seat
        gained += r.points[seat] if rules.keeps_points else r.chips[seat] - chips
    return wins, gained


def duplicate(
    candidate: str,
    field: str,
    deals: int,
    seed: int = 0,
    players: int = 5,
    chips: int = 10,
    jobs: int = 1,
    progress: Callable[[int], object] | None = None,
    executor: Executor | None = None,
    variant_name: str = "sixes",
) -> dict[str, Any]:
    """Play ``deals`` deals of the variant, each once per seat, over ``jobs`` processes (or
    ``jobs`` at once in ``executor``, a ``concurrent.futures.Executor``).
    ``progress(n)`` is told the rounds of each finished deal. Returns the candidate's
    share of rounds won and chips per round (where the variant keeps points, its points per round instead),
    each with its standard error over deals, the deals and rounds played, and the seconds taken."""
    for level in (candidate, field):
        if level not in BOTS:
            raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(BOTS)}")
    rules = variant(variant_name)
    started = time.perf_counter()
    share = Mean()
    per_round = Mean()
    work = functools.partial(play_deal, candidate, field, players, chips, seed, rules=rules)
    for wins, gained in ordered_map(work, range(deals), jobs, executor):
        share.add(wins / players)
        per_round.add(gained / players)
        if progress:
            progress(players)
    # (A Sixes result has the keys and bytes it had before the family came.)
    named = {} if rules is SIXES else {"variant": rules.name}
    kept, error = ("points_per_round", "points_se") if rules.keeps_points else ("chips_per_round", "chips_se")
    return {
        **named,
        "candidate": candidate,
        "field": field,
        "players": players,
        "deals": deals,
        "rounds": deals * players,
        "share": round(share.mean, 6),
        "share_se": round(share.error, 6),
        kept: round(per_round.mean, 6),
        error: round(per_round.error, 6),
        "seconds": round(time.perf_counter() - started, 3),
    }


def table(result: dict[str, Any]) -> str:
    """The result as a readable table, each figure with its 95% interval."""
    of = f" of {result['variant']}" if "variant" in result else ""
    lines = [
        (
            f"{result['candidate']} against {result['players'] - 1} {result['field']}, "
            f"{result['deals']:,} deals{of} played once per seat ({result['rounds']:,} rounds):"
        )
    ]
    fair = 1 / result["players"]
    # (a variant that keeps points shows them where Sixes shows chips: its chips never move)
    kept = ("points per round", "points_per_round", "points_se") if "points_se" in result else None
    kept = kept or ("chips per round", "chips_per_round", "chips_se")
    for name, mean, se, unit in (
        ("share of rounds won", result["share"], result["share_se"], "%"),
        (kept[0], result[kept[1]], result[kept[2]], ""),
    ):
        if unit:
            shown = f"{mean:.1%} ± {se:.1%}   95% interval {mean - 1.96 * se:.1%} to {mean + 1.96 * se:.1%}"
        else:
            shown = f"{mean:+.3f} ± {se:.3f}   95% interval {mean - 1.96 * se:+.3f} to {mean + 1.96 * se:+.3f}"
        lines.append(f"  {name:<20}{shown}")
    lines.append(f"  (a fair share is {fair:.1%}; ± is one standard error over deals; {result['seconds']:.1f} s)")
    return "\n".join(lines)
