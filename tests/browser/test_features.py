"""Issue 7 in a real browser: tables of 3 and 6, shared and daily deals, the game log, statistics.

Each test boots Pyodide (seconds), so each one tells a whole story; the
engine under CPython checks what the page saved.
"""

import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import boot, play_round, saved_game  # noqa: E402


def deal_new_game(page, **fields):
    page.click("#menu-new-game")
    for name, value in fields.items():
        page.select_option(f"#setup [name={name}]", value)
    page.click("#start-game")


def test_a_3_and_a_6_player_game_are_played_to_a_round_end(page, site):
    boot(page, site + "?seed=5&speed=0")
    for players in (3, 6):
        if page.locator("#round-summary").is_visible():
            page.click("#next-round")
        deal_new_game(page, players=str(players), speed="instant")
        expect(page.locator("[data-seat]:visible")).to_have_count(players)
        expect(page.locator("#round-label")).to_contain_text("a card more")
        play_round(page)
        game = saved_game(page)
        assert game.players == players and game.round_over
        expect(page.locator("#round-summary tbody tr")).to_have_count(players)
