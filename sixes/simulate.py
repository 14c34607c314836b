"""Bots against bots, many rounds fast: ``python -m sixes simulate``.

Rounds are dealt by ``Game`` and played by the same core the page uses; every
bot decision sees only a ``View`` of its seat.
"""

import math
import time
from random import Random

from .bots import BOTS
from .game import Game, View


def simulate(seats, rounds=None, games=None, seed=0, chips=10, progress=None):
    """Play ``rounds`` rounds (games back to back, the last one cut short) or
    ``games`` whole games. ``progress(n)`` is told each finished round or game.
    Returns the figures SPEC §3 names."""
    if (rounds is None) == (games is None):
        raise ValueError("give either a number of rounds or a number of games")
    if any(level not in BOTS for level in seats):
        raise ValueError(f"unknown bot level in {','.join(seats)}: choose from {', '.join(BOTS)}")
    players = len(seats)
    bots = [BOTS[level] for level in seats]
    rng = Random(f"sixes-simulate/{seed}/bots")
    view = View.of

    def choose(r, legal):
        return bots[r.turn].choose(view(r, r.turn), rng)

    round_wins, game_wins, chip_delta = [0] * players, [0] * players, [0] * players
    played_rounds = played_games = 0
    started = time.perf_counter()
    game = None
    while (rounds is None or played_rounds < rounds) and (games is None or played_games < games):
        if game is None:
            game = Game(players, chips, seed=Random(f"sixes-simulate/{seed}/game/{played_games}").getrandbits(63))
        else:
            game.next_round()
        before = game.chips
        winner = game._round.play_out(choose)
        played_rounds += 1
        round_wins[winner] += 1
        for seat, after in enumerate(game.chips):
            chip_delta[seat] += after - before[seat]
        if game.over:
            played_games += 1
            for seat in game.winners:
                game_wins[seat] += 1
            game = None
            if games is not None and progress:
                progress(1)
        if rounds is not None and progress:
            progress(1)
    return {
        "seats": list(seats),
        "rounds": played_rounds,
        "games": played_games,
        "round_wins": round_wins,
        "game_wins": game_wins,
        "chip_delta": chip_delta,
        "seconds": round(time.perf_counter() - started, 3),
    }


def table(result):
    """The result as a readable table: win share with its standard error."""
    n = result["rounds"]
    lines = [f"{'seat':<5}{'bot':<8}{'round wins':>12}{'share':>16}{'game wins':>11}{'chips/round':>13}"]
    for seat, level in enumerate(result["seats"]):
        wins = result["round_wins"][seat]
        share = wins / n if n else 0.0
        se = math.sqrt(share * (1 - share) / n) if n else 0.0
        lines.append(f"{seat:<5}{level:<8}{wins:>12}{f'{share:.1%} ± {se:.1%}':>16}"
                     f"{result['game_wins'][seat]:>11}{result['chip_delta'][seat] / max(n, 1):>+13.3f}")
    rate = n / result["seconds"] if result["seconds"] else float("inf")
    lines.append(f"{n} rounds, {result['games']} whole games in {result['seconds']:.2f} s ({rate:,.0f} rounds/s)")
    return "\n".join(lines)
