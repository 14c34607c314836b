"""What every folder of tests shares: playing a game on to the position a test needs, and running a
layer's docstring examples.

Test modules import it (`from tests.conftest import play, random_card`): pytest's importlib mode
(pyproject.toml) registers this file as `tests.conftest` before it collects any test, and a module
can use it at import time too, to build the saves a parametrize or a strategy draws from.
"""

import doctest
import importlib
import pathlib

from sixes.engine import bots

ROOT = pathlib.Path(__file__).resolve().parent.parent


def end_of_round(game):
    return game.round_over


def end_of_game(game):
    return game.over


def play(game, choose, turns=None, until=end_of_round):
    """Play ``game`` on, every seat moving by ``choose(game)`` (a card, or None to pay and pass),
    until ``until(game)`` holds or ``turns`` turns have been played, whichever comes first. When a
    round ends short of that the next one is dealt (dealing is no turn); a game that is over stops
    it. Returns ``game``."""
    played = 0
    while not until(game) and (turns is None or played < turns):
        if game.round_over:
            if game.over:
                break
            game.next_round()
            continue
        card = choose(game)
        game.apply(card)
        played += 1
    return game


def random_card(rng):
    """A chooser for ``play``: a legal card drawn from ``rng``, or a pass when there is none."""

    def choose(game):
        legal = game.legal_moves()
        return rng.choice(legal) if legal else None

    return choose


def first_card(game):
    """A chooser for ``play``: the lowest legal card, or a pass when there is none."""
    legal = game.legal_moves()
    return legal[0] if legal else None


def last_card(game):
    """A chooser for ``play``: the highest legal card, or a pass when there is none."""
    legal = game.legal_moves()
    return legal[-1] if legal else None


def bot(level):
    """A chooser for ``play``: the card the bot of that level plays (it sees only the seat's view)."""
    return lambda game: bots.decide(level, game)


def bots_until_seat_0(game, level="medium"):
    """Bots play the other seats until seat 0 (the person's) must act or the round ends."""
    return play(game, bot(level), until=lambda game: game.round_over or game.turn == 0)


def modules_with_examples(package):
    """The modules of ``package`` ("sixes.engine") whose docstrings hold ``>>>`` examples, by name: each
    layer's test_doctests runs them all, so a module that gains examples needs no list."""
    folder = ROOT.joinpath(*package.split("."))
    return [f"{package}.{path.stem}" for path in sorted(folder.glob("*.py")) if ">>>" in path.read_text()]


def check_examples(name):
    failed, attempted = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failed == 0 and attempted > 0, name
