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

# One round of a game: its winner and each seat's chips won (or lost, below 0).
RoundResult = tuple[Seat, list[int]]


def play_game(
    seats: Sequence[str], seed: int, chips: int, cap: int | None, number: int
) -> tuple[list[RoundResult], list[Seat]]:
    """Game ``number`` of a run, at most ``cap`` rounds of it: a list of
    (winner, chip change per seat) per round, and the game's winners (empty if cut short)."""
    bots = [BOTS[level] for level in seats]
    rng = Random(f"sixes-simulate/{seed}/game/{number}/bots")
    view = View.of

    def choose(r: Round, legal: CardSet) -> CardIndex:
        return bots[r.turn].choose(view(r, r.turn), rng)

    game = Game(len(seats), chips, seed=Random(f"sixes-simulate/{seed}/game/{number}").getrandbits(63))
    rounds: list[RoundResult] = []
    while True:
        before = game.chips
        winner = game.round.play_out(choose)
        rounds.append((winner, [after - was for after, was in zip(game.chips, before)]))
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
) -> dict[str, Any]:
    """Play ``rounds`` rounds (games back to back, the last one cut short) or
    ``games`` whole games, over ``jobs`` processes (or ``jobs`` at once in
    ``executor``, a ``concurrent.futures.Executor``). ``progress(n)`` is told
    each finished round or game. Returns each seat's rounds and games won and chips
    gained or lost, the rounds and games played, and the seconds taken."""
    if (rounds is None) == (games is None):
        raise ValueError("give either a number of rounds or a number of games")
    if any(level not in BOTS for level in seats):
        raise ValueError(f"unknown bot level in {','.join(seats)}: choose from {', '.join(BOTS)}")
    players = len(seats)
    round_wins, game_wins, chip_delta = [0] * players, [0] * players, [0] * players
    played_rounds = played_games = 0
    started = time.perf_counter()
    seen = 0  # games back from the workers, the last one perhaps cut short

    def games_left() -> float:  # with --rounds: the games still wanted, at the rounds a game has lasted so far
        assert rounds is not None  # (asked only when games is None, so rounds is given)
        return (rounds - played_rounds) * seen / max(played_rounds, 1)

    numbers = itertools.count() if games is None else range(games)
    work = functools.partial(play_game, tuple(seats), seed, chips, rounds)
    for game_rounds, winners in ordered_map(work, numbers, jobs, executor, games_left if games is None else None):
        seen += 1
        whole = bool(winners)  # a game cut short has no winners
        if rounds is not None and len(game_rounds) > rounds - played_rounds:
            game_rounds, whole = game_rounds[: rounds - played_rounds], False
        for winner, deltas in game_rounds:
            round_wins[winner] += 1
            for seat, delta in enumerate(deltas):
                chip_delta[seat] += delta
        played_rounds += len(game_rounds)
        if whole:
            played_games += 1
            for seat in winners:
                game_wins[seat] += 1
        if progress:
            progress(1 if rounds is None else len(game_rounds))
        if rounds is not None and played_rounds >= rounds:
            break
    return {
        "seats": list(seats),
        "rounds": played_rounds,
        "games": played_games,
        "round_wins": round_wins,
        "game_wins": game_wins,
        "chip_delta": chip_delta,
        "seconds": round(time.perf_counter() - started, 3),
    }


def table(result: dict[str, Any]) -> str:
    """The result as a readable table: win share with its standard error."""
    n = result["rounds"]
    lines = [f"{'seat':<5}{'bot':<8}{'round wins':>12}{'share':>16}{'game wins':>11}{'chips/round':>13}"]
    for seat, level in enumerate(result["seats"]):
        wins = result["round_wins"][seat]
        share = wins / n if n else 0.0
        se = math.sqrt(share * (1 - share) / n) if n else 0.0
        lines.append(
            f"{seat:<5}{level:<8}{wins:>12}{f'{share:.1%} ± {se:.1%}':>16}"
            f"{result['game_wins'][seat]:>11}{result['chip_delta'][seat] / max(n, 1):>+13.3f}"
        )
    rate = n / result["seconds"] if result["seconds"] else float("inf")
    lines.append(f"{n} rounds, {result['games']} whole games in {result['seconds']:.2f} s ({rate:,.0f} rounds/s)")
    return "\n".join(lines)
