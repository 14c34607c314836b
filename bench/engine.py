"""Engine speed figures, each printed with the command that reproduces it.

python bench/engine.py [--rounds 20000] [--repeat 3]
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sixes import Game


def random_play_rate(rounds, repeat):
    command = [
        sys.executable,
        "-m",
        "sixes",
        "simulate",
        "--rounds",
        str(rounds),
        "--seats",
        "easy,easy,easy,easy,easy",
        "--jobs",
        "1",
        "--json",
    ]  # one process: the figure is the engine's speed on one core
    rates = []
    for _ in range(repeat):
        result = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        rates.append(result["rounds"] / result["seconds"])
    shown = " ".join(command[1:]).replace(sys.executable, "python")
    print(
        f"random-play rounds per second: median {statistics.median(rates):,.0f} "
        f"(runs: {', '.join(f'{r:,.0f}' for r in rates)}; target >= 10,000)\n  python {shown}"
    )


def save_and_load(rounds_wanted):
    rng = Random(1)
    game = Game(chips=99, seed=1)
    while game.round_number < rounds_wanted and not game.over:
        while not game.round_over:
            legal = game.legal_moves()
            game.play(rng.choice(legal)) if legal else game.pass_turn()
        if not game.over:
            game.next_round()
    text = game.to_json()
    started = time.perf_counter()
    loaded = Game.from_json(text)
    seconds = time.perf_counter() - started
    assert loaded == game
    print(
        f"save of a {game.round_number}-round game: {len(text):,} characters; "
        f"Game.from_json (checks and replays every turn) {seconds * 1000:.1f} ms\n  python bench/engine.py"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    random_play_rate(args.rounds, args.repeat)
    save_and_load(300)


if __name__ == "__main__":
    main()
