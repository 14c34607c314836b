"""Command line: ``python -m sixes simulate ...`` and ``python -m sixes duplicate ...`` (docs/architecture.md)."""

import argparse
import json
import sys
from collections.abc import Sequence

from .engine.bots import LEVELS
from .engine.core import MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS
from .engine.jobs import JobsFailed, Progress, default_jobs
from .engine.variants import RULES, VARIANTS


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sixes", description="Sixes, the card game.")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play bots against each other and report how they did")
    size = sim.add_mutually_exclusive_group(required=True)
    size.add_argument("--rounds", type=_positive, help="play this many rounds (games back to back)")
    size.add_argument("--games", type=_positive, help="play this many whole games")
    sim.add_argument(
        "--seats",
        type=_seats,
        help=f"bot level per seat, comma separated, {MIN_PLAYERS} to {MAX_PLAYERS} seats, from: {', '.join(LEVELS)} "
        "(default: medium, then easy in every other seat of the variant's table: 5 for Sixes, 4 for the others)",
    )
    dup = commands.add_parser(
        "duplicate",
        help="play each deal once per seat, a candidate bot against a field "
        "of another, so the luck of the cards cancels",
    )
    dup.add_argument("--deals", type=_positive, required=True, help="deals to play (each once per seat)")
    dup.add_argument("--candidate", type=_level, required=True, help=f"the bot measured, one of: {', '.join(LEVELS)}")
    dup.add_argument("--field", type=_level, required=True, help="the bot in every other seat")
    dup.add_argument(
        "--players",
        type=int,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        metavar=f"{MIN_PLAYERS}..{MAX_PLAYERS}",
        help="seats at the table (default: the variant's, 5 for Sixes and 4 for the others)",
    )
    for command in (sim, dup):
        command.add_argument(
            "--variant",
            default="sixes",
            choices=VARIANTS,
            help=f"the rules played, one of the family: {', '.join(VARIANTS)} (default sixes)",
        )
        command.add_argument("--seed", type=int, default=0, help="fixes every deal and bot choice (default 0)")
        command.add_argument(
            "--chips",
            type=int,
            default=10,
            choices=range(MIN_CHIPS, MAX_CHIPS + 1),
            metavar=f"{MIN_CHIPS}..{MAX_CHIPS}",
            help="starting chips (default 10)",
        )
        command.add_argument(
            "--jobs",
            type=_positive,
            default=default_jobs(),
            help="processes to play in (default: all cores); the result is the same for any number",
        )
        command.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    table_size = RULES[args.variant].players
    if args.command == "simulate" and args.seats is None:
        args.seats = ("medium",) + ("easy",) * (table_size - 1)
    if args.command == "duplicate" and args.players is None:
        args.players = table_size

    if args.command == "simulate":
        from .engine.simulate import simulate, table

        progress = Progress(args.rounds or args.games, "rounds" if args.rounds else "games")
    else:
        from .engine.duplicate import duplicate, table

        progress = Progress(args.deals * args.players, "rounds")
    try:  # the progress goes to stderr, so --json still prints one object alone
        if args.command == "simulate":
            result = simulate(
                args.seats,
                args.rounds,
                args.games,
                args.seed,
                args.chips,
                progress.update,
                args.jobs,
                variant_name=args.variant,
            )
        else:
            result = duplicate(
                args.candidate,
                args.field,
                args.deals,
                args.seed,
                args.players,
                args.chips,
                args.jobs,
                progress.update,
                variant_name=args.variant,
            )
    except JobsFailed as error:  # said once the bar is gone (the finally comes first)
        sys.exit(f"python -m sixes {args.command}: {error}")
    finally:
        progress.close()
    print(json.dumps(result) if args.json else table(result))


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _level(text: str) -> str:
    level = text.strip().lower()
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown bot level {text!r}: choose from {', '.join(LEVELS)}")
    return level


def _seats(text: str) -> tuple[str, ...]:
    seats = tuple(s.strip().lower() for s in text.split(","))
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot level {unknown[0]!r}: choose from {', '.join(LEVELS)}")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {len(seats)}")
    return seats


if __name__ == "__main__":
    main()
