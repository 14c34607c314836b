"""Nothing lost on bad input (issue 51): links, game records, profiles and storage that refuses, each met as a person
meets them. Every test asserts the player's words, that no Python traceback reaches the page, that the table plays on,
and that what is kept is byte for byte as it was wherever nothing should change.

The stories a phone meets too run in the three engines (the ``engine`` fixture) at a phone's size and a desktop's;
the rest in Chromium. CPython is the referee: the saves planted are made by the same engine the page runs.
"""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

import sixes
from sixes.engine.inbound import SEEDS
from sixes.model import record
from sixes.model.settings import Settings
from sixes.model.words import say_in

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # pytest imports tests in importlib mode
import test_engines as in_engines
from test_page import boot, person_to_act, settled
from test_robustness import SHOWN, plant, play_turns, played_until_seat_0_chooses, shown_game

EN = say_in("en")
SHOTS = pathlib.Path(__file__).resolve().parents[2] / "build" / "bad-input"
SIZES = [(390, 844), (1280, 800)]  # a phone upright, a desktop
NO_TRACEBACK = "document.querySelectorAll('.py-error').length === 0 && !document.body.innerText.includes('Traceback')"
# What is kept, but the table shown at the next visit and whether the browser was asked to keep the site's data
# (both the page's own, written when it is idle).
KEPT = """() => Object.fromEntries(Object.keys(localStorage).sort()
  .filter(key => !['sixes.table.v1', 'sixes.storage.v1'].includes(key)).map(key => [key, localStorage.getItem(key)]))"""
PLAYING = "['you', 'bots'].includes(document.documentElement.dataset.turn)"


def link_refusal(value):
    shown = value if len(value) <= 24 else value[:23] + "…"
    return EN("link_bad_seed", value=shown, most=SEEDS.stop - 1)


# The seeds of links that cannot be dealt, as a link carries them (URL-encoded), and the value the page reads.
BAD_SEEDS = {
    "23 nines": ("9" * 23, "9" * 23),  # > 2**64: dealt once, and its save then refused on the next visit
    "4,301 digits": ("9" * 4301, "9" * 32),  # more than Python's int() reads: stopped the boot
    "a superscript two": ("%C2%B2", "²"),  # a digit to str.isdigit, not to int(): stopped the boot
    "letters": ("abc", "abc"),
    "negative": ("-1", "-1"),
    "empty": ("", ""),
    "a plus sign": ("%2B5", "+5"),
}


def a_saved_game_in_round_2():
    game = played_until_seat_0_chooses(seed=31, rounds=2)
    return {"sixes.game": game.to_json(), "sixes.settings": json.dumps({"speed": "instant", "lang": "en"})}


# --- links ------------------------------------------------------------------------
@pytest.mark.parametrize("name", BAD_SEEDS)
def test_a_link_whose_seed_cannot_be_dealt_says_so_and_leaves_the_game_as_it_was(page, site, name):
    query, read = BAD_SEEDS[name]
    kept = a_saved_game_in_round_2()
    plant(page, site, kept)
    boot(page, f"{site}?seed={query}&speed=abc")
    expect(page.locator("#notice-text")).to_have_text(
        link_refusal(read) + " " + EN("link_unread", name="speed", value="abc")
    )
    assert page.evaluate(NO_TRACEBACK)
    assert not page.evaluate("document.getElementById('replace-game').open"), "nothing to ask: no deal was made"
    assert page.evaluate("location.search") == "", "the link is consumed, so a reload resumes"
    assert page.evaluate(KEPT) == kept, "the game, byte for byte"
    assert page.evaluate(SHOWN) == shown_game(sixes.Game.from_json(kept["sixes.game"]))
    play_turns(page, 1)  # the table plays on


def test_a_links_rules_in_digits_int_would_refuse_or_misread_are_named_and_the_deal_goes_on(page, site):
    """?players=² stopped the page before it drew (str.isdigit says yes, int() says no); ?chips=٣ was read as 3. Both
    are now left out by name, and the link's deal is dealt with the usual table."""
    boot(page, f"{site}?seed=5&speed=0&players=%C2%B2&chips=%D9%A3")
    settled(page)
    for name, value in (("players", "²"), ("chips", "٣")):
        expect(page.locator("#notice-text")).to_contain_text(EN("link_unread", name=name, value=value))
    assert page.evaluate(NO_TRACEBACK)
    game = sixes.Game.from_json(page.evaluate("localStorage.getItem('sixes.game')"))
    assert (game.seed, game.players, game.start_chips) == (5, Settings().players, Settings().chips)


def test_the_largest_seed_deals_a_game_that_a_reload_reopens(page, site):
    kept = a_saved_game_in_round_2()
    plant(page, site, kept)
    boot(page, f"{site}?seed={SEEDS.stop - 1}")
    expect(page.locator("#replace-game")).to_be_visible()  # (a game in progress is never replaced unasked)
    page.click("#replace-accept")
    person_to_act(page)
    play_turns(page, 2)
    person_to_act(page)
    dealt = page.evaluate("localStorage.getItem('sixes.game')")
    assert sixes.Game.from_json(dealt).seed == SEEDS.stop - 1
    page.reload()
    person_to_act(page)
    expect(page.locator("#notice")).to_be_hidden()  # (not "your saved game could not be opened")
    assert page.evaluate("localStorage.getItem('sixes.game')") == dealt
    assert page.evaluate(SHOWN) == shown_game(sixes.Game.from_json(dealt))


@pytest.mark.parametrize("width, height", SIZES)
def test_odd_links_stop_nothing_in_every_engine(engine, width, height):
    engine.viewport(width, height)
    kept = a_saved_game_in_round_2()
    # Planted before the page's own scripts on the first load (a later load finds the game there).
    engine.init_script(
        f"if (localStorage.getItem('sixes.game') === null) for (const [k, v] of Object.entries({json.dumps(kept)}))"
        " localStorage.setItem(k, v);"
    )
    for name in ("4,301 digits", "a superscript two", "23 nines"):
        query, read = BAD_SEEDS[name]
        in_engines.boot(engine, f"?seed={query}")
        engine.wait("(words) => document.getElementById('notice-text').textContent === words", link_refusal(read))
        assert engine.evaluate(NO_TRACEBACK), name
        assert engine.evaluate(KEPT) == kept, name
        assert engine.evaluate(PLAYING), name
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.screenshot(SHOTS / f"{engine.engine}-{width}x{height}-link.png")


# --- game records -------------------------------------------------------------------
OPEN_RECORD = """(text) => {
  const input = document.getElementById('open-record'), files = new DataTransfer();
  files.items.add(new File([text], 'record.json', {type: 'application/json'}));
  input.files = files.files;
  input.dispatchEvent(new Event('change', {bubbles: true}));
}"""


def bad_records():
    """Each record the issue found breaking the page, with the reason the page now gives."""
    data = json.loads(record.to_record(sixes.Game(seed=2)))
    hands = [[str(c) for c in sixes.Game(seed=8).hand(s)] for s in range(5)]
    short_deal = {"dealer": 0, "hands": [" ".join(hand) for hand in hands[:-1]] + [""]}
    return {
        "a seed of 2**64": (json.dumps({**data, "seed": 2**64, "moves": []}), "record_cannot_open"),
        "a deck that does not add up": (json.dumps({**data, "first_deal": short_deal}), "record_cannot_open"),
        "100,000 [": ("[" * 100_000, "record_not_record"),
        "a move no rule allows": (json.dumps({**data, "moves": ["KS"]}), "record_breaks_rules"),
    }


@pytest.mark.parametrize("width, height", SIZES)
def test_a_record_that_cannot_be_opened_says_why_in_the_log_and_the_table_plays_on(engine, width, height):
    engine.viewport(width, height)
    in_engines.boot(engine, "?seed=3&speed=0")
    in_engines.settled(engine)
    engine.evaluate("document.getElementById('menu-log').click()")
    in_engines.open_dialog(engine, "log")
    log = engine.evaluate("document.getElementById('log-list').innerText")
    kept = engine.evaluate(KEPT)
    for name, (text, reason) in bad_records().items():
        engine.evaluate("document.getElementById('record-error').hidden = true")
        engine.evaluate(OPEN_RECORD, text)
        engine.wait("() => !document.getElementById('record-error').hidden")
        assert engine.evaluate("document.getElementById('record-error').textContent") == EN(reason), name
        assert engine.evaluate("document.getElementById('log').open"), name
        assert engine.evaluate("document.getElementById('log-list').innerText") == log, "the log still shows the game"
        assert engine.evaluate(NO_TRACEBACK), name
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.screenshot(SHOTS / f"{engine.engine}-{width}x{height}-record.png")
    assert engine.evaluate(KEPT) == kept, "a record refused changes nothing kept"
    engine.press("Escape")
    engine.wait("!document.getElementById('log').open")
    assert in_engines.play_round(engine) > 0, "the bots play on"


# --- storage that refuses, then works ----------------------------------------------------
# localStorage's writes refused while window.refusing is true, as a full or blocked store refuses them.
REFUSING = """
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.refusing) {
      window.refused = (window.refused || 0) + 1;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return write.call(this, key, value);
  };
"""


@pytest.mark.parametrize("width, height", SIZES)
def test_storage_refused_across_a_new_deal_and_a_rounds_end_is_said_then_written(engine, width, height):
    engine.viewport(width, height)
    engine.init_script(REFUSING)
    in_engines.boot(engine, "?seed=8&speed=0")
    in_engines.play_into(engine)  # (a game in progress)
    old = engine.evaluate("localStorage.getItem('sixes.game')")
    engine.evaluate("window.refusing = true")
    engine.evaluate("document.getElementById('menu-new-game').click()")
    in_engines.open_dialog(engine, "setup")
    engine.click("#start-game")
    in_engines.open_dialog(engine, "replace-game")
    engine.click("#replace-accept")
    in_engines.settled(engine)
    not_saving = """(words) => document.getElementById('notice-text').textContent === words
                                && !document.getElementById('notice').hidden"""
    engine.wait(not_saving, EN("not_saving"))  # said during the deal, and the deal does not clear it
    assert in_engines.play_round(engine, saved=False) > 0
    in_engines.open_dialog(engine, "round-summary")
    assert engine.evaluate("localStorage.getItem('sixes.game')") == old, "nothing written while refused"
    assert engine.evaluate("localStorage.getItem('sixes.stats.v1')") is not None  # (the first deal's, before)
    assert engine.evaluate(NO_TRACEBACK)
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.screenshot(SHOTS / f"{engine.engine}-{width}x{height}-not-saving.png")
    # Nothing more is written now, and the page still tries again every few seconds (twice more, here).
    tries = engine.evaluate("window.refused")
    engine.wait("(tries) => window.refused > tries", tries, timeout=10)
    engine.wait("(tries) => window.refused > tries", engine.evaluate("window.refused"), timeout=10)
    engine.evaluate("window.refusing = false")  # storage works again: within seconds, everything refused is written
    engine.wait("(old) => localStorage.getItem('sixes.game') !== old", old, timeout=10)
    game = in_engines.saved_game(engine)
    assert game.round_over and game.seed != 8, "the new game, at its round's end, is the one kept"
    stats = json.loads(engine.evaluate("localStorage.getItem('sixes.stats.v1')"))
    assert sum(level["rounds"] for level in stats["by_level"].values()) == 1, "the round counted once"
    assert sum(level["games_left"] for level in stats["by_level"].values()) == 1, "the game left, counted once"
    engine.click("#next-round")
    in_engines.settled(engine)
    engine.wait("() => document.getElementById('notice').hidden")


# --- the bots' own table, and an error in a handler ---------------------------------
def test_an_all_bot_table_never_plays_the_persons_saved_game(page, site):
    kept = a_saved_game_in_round_2()
    plant(page, site, kept)
    boot(page, f"{site}?bots=all&speed=0")
    page.wait_for_function("Number(document.documentElement.dataset.moves) > 12")
    assert page.evaluate(NO_TRACEBACK)
    watched = page.evaluate(KEPT)
    assert watched["sixes.game"] == kept["sixes.game"], "the person's game, byte for byte"
    assert "sixes.stats.v1" not in watched, "a bot's rounds count in no statistics"
    assert sixes.Game.from_json(watched["sixes.watched"]).round_number == 1, "the bots' game is one of its own"
    boot(page, site)  # the person comes back: their game, as they left it
    settled(page)
    assert page.evaluate(SHOWN) == shown_game(sixes.Game.from_json(kept["sixes.game"]))


def test_an_error_in_a_handler_is_said_in_a_sentence_and_the_table_plays_on(page, site, watch):
    boot(page, f"{site}?seed=5&speed=0")
    person_to_act(page)
    watch.forgive("Sixes: Traceback")
    page.evaluate("() => { window.sixesLooks = () => { throw new Error('a fault planted by the test'); }; }")
    page.select_option("#theme", "dark")
    expect(page.locator("#notice-text")).to_have_text(EN("went_wrong"))
    assert page.evaluate(NO_TRACEBACK)
    assert any("a fault planted by the test" in error for error in watch.errors), "the details are in the console"
    page.click("#dismiss")
    play_turns(page, 2)


# --- a browser killed within seconds of a move ----------------------------------------------------
@pytest.mark.parametrize("width, height", SIZES)
def test_the_games_copy_in_indexeddb_is_kept_and_resumed_when_newer(engine, width, height):
    """A browser writes localStorage to disk seconds after a save (bench/browser_kill.py: Chromium and Firefox 5 s,
    then Chromium once a minute): killed meanwhile, it comes back to an older save, while the copy in IndexedDB,
    made durable at once, has the last one. Every save is copied; the newer of the two is resumed."""
    engine.viewport(width, height)
    in_engines.boot(engine, "?seed=8&speed=0")
    in_engines.play_into(engine)
    engine.evaluate("sixesCopy.read('sixes.game').then(copy => { window.copied = copy; })")
    engine.wait("window.copied !== undefined")
    copy = engine.evaluate("window.copied")
    assert copy["text"] == engine.evaluate("localStorage.getItem('sixes.game')"), "the last save, copied"
    assert str(copy["seq"]) == engine.evaluate("localStorage.getItem('sixes.game.seq')"), "numbered alike"
    # As a browser killed before it wrote localStorage leaves it: the copy newer than what localStorage kept.
    newer = played_until_seat_0_chooses(seed=8, rounds=2)
    engine.evaluate(
        "(text) => sixesCopy.put('sixes.game', 1000, text).then(() => { window.put = true; })", newer.to_json()
    )
    engine.wait("window.put === true")
    in_engines.boot(engine, "")
    in_engines.settled(engine)
    assert engine.evaluate("localStorage.getItem('sixes.game')") == newer.to_json(), "the newer copy resumed"
    assert engine.evaluate("localStorage.getItem('sixes.game.seq')") == "1000"
    assert engine.evaluate(SHOWN) == shown_game(newer)
    assert engine.evaluate(NO_TRACEBACK)
