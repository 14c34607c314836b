"""A game's log and record: every deal, play and pass in order, exported as text or as a JSON record
(seed, rules, moves) that an import replays step by step, exactly.
"""

import json
from collections.abc import Sequence
from typing import Any

from ..engine.game import Game, IllegalMove
from ..engine.inbound import Refused, is_seed, read_json
from ..engine.saves import MAX_SAVE_CHARS, turns_of
from .table import dealt_text, narrate, round_result
from .words import Say

FORMAT = "sixes-record"
VERSION = 1


RECORD_DEPTH = 3  # the record's object, its "first_deal" and that deal's list of hands
MAX_RECORD_CHARS = MAX_SAVE_CHARS  # a record holds what a save does, and less


class RecordError(ValueError):
    """A record that cannot be replayed, and why: ``reason`` is one of REASONS (the page says it in the person's
    words, key ``record_<reason>``), the message adds what was found, in English, for the console."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{REASONS[reason]}: {detail}")
        self.reason = reason


REASONS = {
    "not_record": "this is not a game record of Sixes",
    "breaks_rules": "a move of this record breaks the rules",
    "cannot_open": "this record's game cannot be dealt",  # its rules, seed or first deal are not a game's
}


def to_record(game: Game) -> str:
    """The JSON record of ``game`` so far: enough to replay it exactly."""
    save = json.loads(game.to_json())
    record: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "players": game.players,
        "chips": game.start_chips,
        "may_pass": game.may_pass,
        "moves": save["moves"],
    }
    if game.variant != "sixes":  # (a record of Sixes is as it was before the family)
        record["variant"] = game.variant
    if "first_deal" in save:
        record["first_deal"] = save["first_deal"]
    return json.dumps(record, indent=1)


def steps_of(text: str | bytes) -> "Replay":
    """The game a record holds, as (game before any move, turns): each turn a card notation or None for a pass,
    and None between rounds (the next deal). ``RecordError`` if it is not a record that replays."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("not_record", "it is not UTF-8 text") from None
    try:
        # (Any: a JSON value, checked piece by piece below and by the replay)
        data = read_json(text, deepest=RECORD_DEPTH, longest=MAX_RECORD_CHARS)
    except Refused as error:
        raise RecordError("not_record", str(error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RecordError("not_record", f"it is not a {FORMAT} version {VERSION}")
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(line, str) for line in moves):
        raise RecordError("not_record", "its moves must be one line of turns per round")
    if not is_seed(data.get("seed")):  # (a game without one would be dealt at random: not the game recorded)
        raise RecordError(
            "cannot_open", f"its seed is {str(data.get('seed'))[:24]}, not a whole number from 0 to 2^64-1"
        )
    first = data.get("first_deal")
    rounds = [turns_of(line) for line in moves]
    may_pass = data.get("may_pass", False)
    variant = data.get("variant", "sixes")  # (checked by the replay: an unknown one cannot be dealt)
    try:
        first_deal = (first["dealer"], [hand.split() for hand in first["hands"]]) if first else None
        # The players, chips and seed as the JSON has them (Any, None if missing): Game.replay checks each.
        rules: tuple[Any, Any, Any] = (data.get("players"), data.get("chips"), data.get("seed"))
        # The game before any move must be one a save can hold (its first deal a whole deck, say): the steps
        # start again from that save.
        start = Game.from_json(Game.replay(*rules, [[]], first_deal, may_pass, variant=variant).to_json())
    except (TypeError, KeyError, AttributeError, ValueError) as error:
        raise RecordError("cannot_open", str(error)) from None
    try:
        Game.replay(*rules, rounds, first_deal, may_pass, variant=variant)  # every move checked once
    except IllegalMove as error:
        raise RecordError("breaks_rules", str(error)) from None
    except (TypeError, KeyError, AttributeError, ValueError) as error:
        raise RecordError("breaks_rules", str(error)) from None
    return Replay(start.to_json(), _steps(rounds))


def _steps(rounds: Sequence[list[str | None]]) -> list[str | None]:
    """The rounds' turns in one list, with "deal" between rounds."""
    steps: list[str | None] = []
    for number, turns in enumerate(rounds):
        steps += (["deal"] if number else []) + turns
    return steps


class Replay:
    """A recorded game to step through: ``game_at(n)`` is the game after its first n steps."""

    def __init__(self, start_json: str, turns: list[str | None]) -> None:
        self.start_json = start_json
        self.turns = turns  # card notation, None for a pass, "deal" for the next round's deal

    def game_at(self, n: int) -> Game:
        game = Game.from_json(self.start_json)
        for turn in self.turns[:n]:
            if turn == "deal":
                game.next_round()
            elif turn is None:
                game.pass_turn()
            else:
                game.play(turn)
        return game


def log_lines(game: Game, names: Sequence[str], say: Say, results: bool = False) -> list[str]:
    """Every deal, play and pass of ``game`` so far, one line each, in the person's language; with ``results`` (the
    log saved as text, read away from the table) each round's end too, and the chips at the game's end."""
    # The game's own moves, replayed once from its first deal: no record to write and check first.
    moves = [turns_of(line) for line in json.loads(game.to_json())["moves"]]
    current = Game.replay(game.players, game.start_chips, game.seed, [[]], game.first_deal, game.may_pass)
    lines = [dealt_text(1, current.dealer, names, say)]
    for turn in _steps(moves):
        if turn == "deal":
            current.next_round()
            lines.append(dealt_text(current.round_number, current.dealer, names, say))
            continue
        current.apply(turn)
        lines.append(narrate(current.history[-1], names, say, current.rules))
        if results and current.round_over:
            lines.append("{}. {}".format(*round_result(current, names, say)))
    if results and current.over:
        order = sorted(range(current.players), key=lambda seat: -current.chips[seat])
        final = say("list", [f"{names[seat]} {say('chips', current.chips[seat])}" for seat in order])
        lines.append(say("log_final", standings=final))
    return lines
