"""A long session: rounds played through the page with a bot in every seat (?bots=all) at ?speed=0.

Every round the chips must add up, on the table and in the save; the JS heap after
a forced garbage collection must not grow from round 20 to the end (nothing the
page creates per move or per round may outlive it). bench/soak.py runs 300 rounds.
"""

import pathlib
import sys

import sixes

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # pytest imports tests in importlib mode
from test_page import ready

WATCHED = "localStorage.getItem('sixes.watched')"  # (an all-bot table's game is its own: docs/storage.md)

ROUNDS = 60  # about a minute here; bench/soak.py plays 300
BASELINE_ROUND = 20
ROUND_ENDED = "document.getElementById('round-summary').open || document.getElementById('game-over').open"
TABLE = """() => [...document.querySelectorAll('[data-seat]:not([hidden])')]
  .reduce((sum, seat) => sum + Number(seat.dataset.chips), Number(document.getElementById('pot').dataset.chips))"""


def heap(cdp):
    """After a full garbage collection: the page's JS heap in use, its DOM nodes and its event listeners."""
    cdp.send("HeapProfiler.collectGarbage")
    counters = cdp.send("Memory.getDOMCounters")
    return {
        "js_heap": cdp.send("Runtime.getHeapUsage")["usedSize"],
        "nodes": counters["nodes"],
        "listeners": counters["jsEventListeners"],
    }


def soak(page, base, rounds, seed=1, measure_at=()):
    """Play ``rounds`` rounds at an all-bot table; returns the heap figures after round 20, the rounds
    in ``measure_at`` and the last, by round, and how many games the rounds made."""
    cdp = page.context.new_cdp_session(page)
    page.goto(f"{base}?seed={seed}&speed=0&bots=all")
    ready(page)
    figures, games = {}, 1
    for number in range(1, rounds + 1):
        page.wait_for_function(ROUND_ENDED, polling=100, timeout=60_000)
        assert page.locator(".py-error").count() == 0
        game = sixes.Game.from_json(page.evaluate(WATCHED))  # the save passes every check of the loader, chips included
        assert game.round_over
        assert page.evaluate(TABLE) == game.players * game.start_chips == sum(game.chips), f"round {number}"
        if number in (BASELINE_ROUND, rounds, *measure_at):
            figures[number] = heap(cdp)
        if game.over:
            page.click("#new-game")
            page.click("#start-game")
            games += 1
        else:
            page.click("#next-round")
    figures["games"] = games
    return figures


def test_a_long_session_conserves_chips_and_memory(page, site):
    figures = soak(page, site, ROUNDS)
    start, end = figures[BASELINE_ROUND]["js_heap"], figures[ROUNDS]["js_heap"]
    print(
        f"\nJS heap after round {BASELINE_ROUND}: {start:,} B; after round {ROUNDS}: {end:,} B "
        f"({end / start - 1:+.1%}); {figures['games']} games"
    )
    assert end <= 1.2 * start
    assert figures[ROUNDS]["listeners"] == figures[BASELINE_ROUND]["listeners"], "every listener added is removed"
    assert sixes.Game.from_json(page.evaluate(WATCHED))
    assert page.evaluate("localStorage.getItem('sixes.game')") is None, "the bots never played the person's game"
