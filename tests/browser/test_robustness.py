"""Nothing lost, nothing broken (issue 6): storage that fails, hostile saves, two runtimes, two tabs.

CPython is the referee throughout: saves are made and checked here with the
same engine the page runs in Pyodide, and compared with what the page shows.
"""

import json
import pathlib
import sys
from random import Random

import pytest
from playwright.sync_api import expect

import sixes
from sixes.engine import bots
from sixes.engine.saves import SAVE_VERSION
from sixes.model.words import say_in
from tests.conftest import play, random_card

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # pytest imports tests in importlib mode
from test_page import boot, hand_cards, person_to_act, play_round, saved_game

EN = say_in("en")
CHIPS_ON_TABLE = """() => [...document.querySelectorAll('[data-seat]:not([hidden])')]
  .reduce((sum, seat) => sum + Number(seat.dataset.chips), Number(document.getElementById('pot').dataset.chips))"""
# What the table shows of the game, to compare with a game loaded in CPython.
SHOWN = """() => {
  const seats = [...document.querySelectorAll('[data-seat]:not([hidden])')].sort((a, b) => a.dataset.seat - b.dataset.seat);
  return {
  chips: seats.map(s => Number(s.dataset.chips)),
  cards: seats.map(s => Number(s.dataset.cards)),
  pot: Number(document.getElementById('pot').dataset.chips),
  hand: [...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card),
  columns: Object.fromEntries([...document.querySelectorAll('[data-column]')].map(c =>
    [c.dataset.column, [...c.querySelectorAll('[data-card]')].map(e => e.dataset.card)])),
  };
}"""


def shown_game(game):
    """What SHOWN reads from a page showing ``game``."""
    return {
        "chips": game.chips,
        "cards": game.counts,
        "pot": game.pot,
        "hand": [str(c) for c in game.hand(0)],
        "columns": {suit: [str(c) for c in cards] for suit, cards in game.columns.items()},
    }


def plant(page, site, items):
    """Put ``items`` in the site's localStorage before the game opens (from a plain file of the site: no boot)."""
    page.goto(site + "assets/sixes.css")
    page.evaluate(
        "items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )


def played_until_seat_0_chooses(seed, rounds):
    """A game played by CPython's random moves into its ``rounds``-th round, stopped where seat 0 has a choice."""
    return play(
        sixes.Game(players=5, chips=10, seed=seed),
        random_card(Random(seed)),
        until=lambda game: game.round_number >= rounds and game.turn == 0 and len(game.legal_moves()) >= 2,
    )


def play_turns(page, turns):
    """The person plays ``turns`` turns (first legal card, else pass); the bots answer at once."""
    for _ in range(turns):
        assert person_to_act(page)
        legal = hand_cards(page, "#hand button:enabled")
        page.click(f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
        if legal:
            expect(page.locator(f'[data-column] [data-card="{legal[0]}"]')).to_have_count(1)


# --- storage that fails -------------------------------------------------------
STORAGE_FAULTS = {
    # Site data blocked: reading window.localStorage itself throws, in Chromium's words.
    "disabled": """Object.defineProperty(window, 'localStorage', {get() {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this "
                             + "document.", 'SecurityError'); }});""",
    "missing": "Object.defineProperty(window, 'localStorage', {value: undefined});",
    "throws on write": "Storage.prototype.setItem = function () { throw new Error('this storage is read-only'); };",
}


@pytest.mark.parametrize("fault", [*STORAGE_FAULTS, "full"])
def test_failing_storage_plays_on_in_memory_and_says_so_while_it_lasts(page, site, fault):
    if fault == "full":
        # Really full: a save to resume, then filler up to the browser's own quota, so every later write
        # that grows anything fails with the browser's QuotaExceededError.
        game = played_until_seat_0_chooses(seed=8, rounds=2)
        plant(page, site, {"sixes.game": game.to_json(), "sixes.settings": json.dumps({"speed": "instant"})})
        page.evaluate("""() => {
          for (let n = 0, size = 1 << 20; size >= 1; ) {
            try { localStorage.setItem('filler' + n++, 'x'.repeat(size)); } catch (full) { size >>= 1; }
          }
        }""")
        boot(page, site)
    else:
        page.context.add_init_script(STORAGE_FAULTS[fault])
        boot(page, site + "?seed=8&speed=0")
    columns_before = page.locator("[data-column] [data-card]").count()
    play_turns(page, 1)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-text")).to_have_text(EN("not_saving"))  # said once, alone
    expect(page.locator("#dismiss")).to_be_hidden()  # (it stays while it lasts: no OK puts it away)
    play_turns(page, 2)
    expect(page.locator("#notice-text")).to_have_text(EN("not_saving"))  # still said, and only once
    assert page.locator("[data-column] [data-card]").count() > columns_before + 3, "the game went on in memory"
    assert page.evaluate(CHIPS_ON_TABLE) == 50
    if fault == "full":
        # Writes that grow nothing still fit: what is kept is a whole game from along the way.
        assert saved_game(page).round_number == game.round_number
        # Room made again: what was refused is written (within the page's few seconds between tries), and said so.
        page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('filler')).forEach(k => localStorage.removeItem(k))"
        )
        expect(page.locator("#notice")).to_be_hidden()
        assert page.evaluate(SHOWN) == shown_game(saved_game(page)), "the newest game is the one kept"
    if fault == "throws on write":
        assert page.evaluate("localStorage.length") == 0


# --- hostile saves -----------------------------------------------------------
def hostile_saves():
    text = played_until_seat_0_chooses(seed=4, rounds=3).to_json()
    data = json.loads(text)
    return {
        "corrupt JSON": text[: len(text) // 2],
        "a future version": json.dumps({**data, "version": SAVE_VERSION + 1}),
        "chips that do not add up": json.dumps({**data, "chips": [data["chips"][0] + 1, *data["chips"][1:]]}),
        # Near the quota (5 MiB here): it cannot be copied, so it is moved to the backup key.
        "a 5 MB string": "x" * 5_000_000,
    }


def test_hostile_saves_are_kept_aside_and_a_new_game_plays(page, site):
    for name, text in hostile_saves().items():
        plant(page, site, {"sixes.game": text, "sixes.settings": json.dumps({"speed": "instant"})})
        boot(page, site)
        expect(page.locator("#notice-text"), name).to_have_text(EN("unloadable", key="sixes.game.backup"))
        assert page.evaluate("localStorage.getItem('sixes.game.backup')") == text, name
        assert saved_game(page).round_number == 1, name
        play_turns(page, 1)
        assert page.evaluate(CHIPS_ON_TABLE) == 50, name


# --- one game, two runtimes --------------------------------------------------
def replay_checking_bots(start, end, levels):
    """Replay in CPython the turns the page played from save ``start`` to save ``end``, checking that
    each bot's move is the one CPython's bot chooses; returns the game reached."""
    game = sixes.Game.from_json(start)
    before, after = json.loads(start)["moves"], json.loads(end)["moves"]
    for number in range(len(before) - 1, len(after)):
        turns = after[number].split()
        if number == len(before) - 1:
            turns = turns[len(before[number].split()) :]  # the round the page resumed
        else:
            game.next_round()
        for word in turns:
            card = None if word in ("--", "-0") else sixes.Card.parse(word)
            if game.turn:
                assert bots.decide(levels[game.turn - 1], game) == card, f"round {number + 1}, seat {game.turn}"
            game.apply(card)
    return game


def test_a_game_crosses_between_cpython_and_the_page_unchanged(page, site):
    levels = ["hard", "medium", "easy", "medium"]
    game = played_until_seat_0_chooses(seed=2026, rounds=3)
    written_here = game.to_json()
    plant(
        page, site, {"sixes.game": written_here, "sixes.settings": json.dumps({"speed": "instant", "levels": levels})}
    )
    boot(page, site)
    assert page.evaluate("localStorage.getItem('sixes.game')") == written_here, "Pyodide saves it back to the byte"
    assert page.evaluate(SHOWN) == shown_game(game)
    for _ in range(2):
        play_round(page)
        page.click("#next-round")
    person_to_act(page)
    written_there = page.evaluate("localStorage.getItem('sixes.game')")
    assert sixes.Game.from_json(written_there).to_json() == written_there
    replayed = replay_checking_bots(written_here, written_there, levels)
    assert replayed.to_json() == written_there, "same deals, same rules, same bot choices in both runtimes"
    assert page.evaluate(SHOWN) == shown_game(replayed)


# --- two tabs ------------------------------------------------------------------
# Every save each tab writes, in order (the test reads them back from both tabs).
RECORD_SAVES = """
  window.saves = [];
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'sixes.game') saves.push(value);
    return write.call(this, key, value);
  };
"""


def turns_of(save):
    """Every turn of a save, in order, each with its round: a later save of the same game starts with them."""
    return [(number, word) for number, line in enumerate(json.loads(save)["moves"]) for word in line.split()]


def take_over(taker, giver):
    taker.click("#take-over")
    expect(taker.locator("#elsewhere")).to_be_hidden()
    expect(giver.locator("#elsewhere")).to_be_visible()
    expect(giver.locator("#elsewhere")).to_contain_text(EN("other_tab"))


def test_two_tabs_hand_the_game_over_without_losing_or_repeating_a_move(page, site, watch):
    page.context.add_init_script(RECORD_SAVES)
    first = page
    boot(first, site + "?seed=31&speed=fast")  # the bots take 0.4 s a move: a take-over lands among them
    second = page.context.new_page()
    second.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    second.on("pageerror", lambda error: watch.errors.append(str(error)))
    boot(second, site)
    expect(second.locator("#elsewhere")).to_be_visible()
    assert second.evaluate("saves") == [], "a tab that does not play the game never writes it"
    assert second.locator("#hand button:enabled").count() == 0 and second.is_disabled("#menu-new-game")

    play_turns(first, 1)  # the bots are now playing in the first tab
    take_over(second, first)
    handed = first.evaluate("saves")
    assert json.loads(handed[-1])["turn"] != 0, "handed over while the bots were playing"
    assert second.evaluate("saves[0]") == handed[-1], "the second tab plays on from the first one's last move"
    assert first.locator("#hand button:enabled").count() == 0
    play_turns(second, 2)
    take_over(first, second)
    play_turns(first, 1)
    person_to_act(first)
    saves = first.evaluate("saves")
    assert saves[: len(handed)] == handed, "nothing written while the other tab played"
    assert saves[len(handed)] == second.evaluate("saves.at(-1)"), "and it plays on from the other tab's last move"

    # One line of play: every save either tab wrote is the start of the last one.
    last = saves[-1]
    for save in first.evaluate("saves") + second.evaluate("saves"):
        assert turns_of(last)[: len(turns_of(save))] == turns_of(save)
    game = sixes.Game.from_json(last)
    assert sum(game.chips) + game.pot == 50
    assert first.evaluate(SHOWN) == shown_game(game)
