"""Command line: ``python -m sixes simulate ...`` (see SPEC §3)."""

import argparse
import json
import sys

from .bots import LEVELS
from .simulate import simulate, table


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sixes", description="Sixes, the card game.")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play bots against each other and report how they did")
    size = sim.add_mutually_exclusive_group(required=True)
    size.add_argument("--rounds", type=_positive, help="play this many rounds (games back to back)")
    size.add_argument("--games", type=_positive, help="play this many whole games")
    sim.add_argument("--seed", type=int, default=0, help="fixes every deal and bot choice (default 0)")
    sim.add_argument("--seats", type=_seats, default=("medium", "easy", "easy", "easy", "easy"),
                     help=f"bot level per seat, comma separated, 3 to 6 seats, from: {', '.join(LEVELS)}")
    sim.add_argument("--chips", type=int, default=10, choices=range(1, 100), metavar="1..99",
                     help="starting chips (default 10)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)

    progress = None
    bar = None
    if not args.json:
        from tqdm import tqdm

        # delay: short runs finish before any bar is drawn.
        bar = tqdm(total=args.rounds or args.games, unit=" rounds" if args.rounds else " games",
                   delay=1.0, file=sys.stderr, leave=False)
        progress = bar.update
    try:
        result = simulate(args.seats, args.rounds, args.games, args.seed, args.chips, progress)
    finally:
        if bar is not None:
            bar.close()
    print(json.dumps(result) if args.json else table(result))


def _positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _seats(text):
    seats = tuple(s.strip().lower() for s in text.split(","))
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot level {unknown[0]!r}: choose from {', '.join(LEVELS)}")
    if not 3 <= len(seats) <= 6:
        raise argparse.ArgumentTypeError(f"a table has 3 to 6 seats, not {len(seats)}")
    return seats


if __name__ == "__main__":
    main()
