"""Bots against bots, many rounds fast: ``python -m sixes simulate``.

Rounds are dealt by ``Game`` and played by the same core the page uses; every
bot decision sees only a ``View`` of its seat. Each game has its own seed and
bot generator, drawn from the run's seed and the game's number, so games can be
played by several processes and still give the result of one.
"""

import functools
import itertools
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from random import Random
from typing import Any

from .bots import BOTS
from .cards import CardIndex, CardSet
from .core import Round, Seat
from .game import Game, View
from .jobs import ordered_map
from .variants import SIXES, variant

# One round of a game: its winner, each seat's chips won (or lost, below 0) and points scored.
RoundResult = tuple[Seat, list[int], list[int]]


def play_game(
    seats: Sequence[str], seed: int, chips: int, cap: int | None, number: int, variant_name: str = "sixes"
) -> tuple[list[RoundResult], list[Seat]]:
    """Game ``number`` of a run of the variant, at most ``cap`` rounds of it: a list of
    (winner, chip change per seat, points per seat) per round, and the game's winners (empty if cut short)."""
    bots = [BOTS[level] for level in seats]
    rng = Random(f"sixes-simulate/{seed}/game/{number}/bots")
    view = View.of

    def choose(r: Round, legal: CardSet) -> CardIndex:
        return bots[r.turn].choose(view(r, r.turn), rng)

    game_seed = Random(f"sixes-simulate/{seed}/game/{number}").getrandbits(63)
    game = Game(len(seats), chips, seed=game_seed, variant=variant_name)
    rounds: list[RoundResult] = []
    while True:
        before, points_before = game.round_start_chips, game.points
        winner = game.round.play_out(choose)
        chip_changes = [after - was for after, was in zip(game.chips, before)]
        rounds.append((winner, chip_changes, [after - was for after, was in zip(game.points, points_before)]))
        if game.over or len(rounds) == cap:
            return rounds, game.winners
        game.next_round()


def simulate(
    seats: Sequence[str],
    rounds: int | None = None,
    games: int | None = None,
    seed: int = 0,
    chips: int = 10,
    progress: Callable[[int], object] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    variant_name: str = "sixes",
) -> dict[str, Any]:
    """Play ``rounds`` rounds of the variant (games back to back, the last one cut short) or
    ``games`` whole games, over ``jobs`` processes (or ``jobs`` at once in
    ``executor``, a ``concurrent.futures.Executor``). ``progress(n)`` is told
    each finished round or game. Returns each seat's rounds and games won and chips
    gained or lost (and points scored, where the variant keeps them), the rounds and games played, and the
    seconds taken."""
    if (rounds is None) == (games is None):
        raise ValueError("give either a number of rounds or a number of games")
    if any(level not in BOTS for level in seats):
        raise ValueError(f"unknown bot level in {','.join(seats)}: choose from {', '.join(BOTS)}")
    rules = variant(variant_name)
    players = len(seats)
    round_wins, game_wins, chip_delta, points = [0] * players, [0] * players, [0] * players, [0] * players
    played_rounds = played_games = 0
    started = time.perf_counter()
    seen = 0  # games back from the workers, the last one perhaps cut short

    def games_left() -> float:  # with --rounds: the games still wanted, at the rounds a game has lasted so far
        assert rounds is not None  # (asked only when games is None, so rounds is given)
        return (rounds - played_rounds) * seen / max(played_rounds, 1)

    numbers = itertools.count() if games is None else range(games)
    work = functools.partial(play_game, tuple(seats), seed, chips, rounds, variant_name=rules.name)
    for game_rounds, winners in ordered_map(work, numbers, jobs, executor, games_left if games is None else None):
        seen += 1
        whole = bool(winners)  # a game cut short has no winners
        if rounds is not None and len(game_rounds) > rounds - played_rounds:
            game_rounds, whole = game_rounds[: rounds - played_rounds], False
        for winner, deltas, scored in game_rounds:
            round_wins[winner] += 1
            for seat, delta in enumerate(deltas):
                chip_delta[seat] += delta
            for seat, score in enumerate(scored):
                points[seat] += score
        played_rounds += len(game_rounds)
        if whole:
            played_games += 1
            for seat in winners:
                game_wins[seat] += 1
        if progress:
            progress(1 if rounds is None else len(game_rounds))
        if rounds is not None and played_rounds >= rounds:
            break
    # (A Sixes result has the keys and bytes it had before the family came.)
    named = {} if rules is SIXES else {"variant": rules.name}
    return {
        **named,
        "seats": list(seats),
        "rounds": played_rounds,
        "games": played_games,
        "round_wins": round_wins,
        "game_wins": game_wins,
        "chip_delta": chip_delta,
        **({"points": points} if rules.keeps_points else {}),
        "seconds": round(time.perf_counter() - started, 3),
    }


def table(result: dict[str, Any]) -> str:
    """The result as a readable table: win share with its standard error."""
    n = result["rounds"]
    # (a variant that keeps points shows them where Sixes shows chips: its chips never move)
    kept, heading = ("points", "points/round") if "points" in result else ("chip_delta", "chips/round")
    lines = [f"{'seat':<5}{'bot':<8}{'round wins':>12}{'share':>16}{'game wins':>11}{heading:>13}"]
    for seat, level in enumerate(result["seats"]):
        wins = result["round_wins"][seat]
        share = wins / n if n else 0.0
        se = math.sqrt(share * (1 - share) / n) if n else 0.0
        lines.append(
            f"{seat:<5}{level:<8}{wins:>12}{f'{share:.1%} ± {se:.1%}':>16}"
            f"{result['game_wins'][seat]:>11}{result[kept][seat] / max(n, 1):>+13.3f}"
        )
    rate = n / result["seconds"] if result["seconds"] else float("inf")
    of = f" of {result['variant']}" if "variant" in result else ""
    lines.append(f"{n} rounds, {result['games']} whole games{of} in {result['seconds']:.2f} s ({rate:,.0f} rounds/s)")
    return "\n".join(lines)
