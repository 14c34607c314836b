"""A game's life around the table: how one is dealt, replaced, left, finished and counted, played as a person would.
A game in progress is never replaced without the person's say (#replace-game), and "Keep playing" leaves its save
byte for byte; statistics begin a game when it is dealt; the game's end is no dead end; notices wait for dialogs;
the focus follows the game."""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

import sixes
from sixes.model import deals

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import (
    accessibility_problems,
    act,
    boot,
    fix_clock,
    hand_cards,
    person_to_act,
    play_game,
    play_round,
    ready,
    saved_game,
    settled,
)

KEPT = (
    "() => Object.fromEntries(['sixes.game', 'sixes.stats.v1', 'sixes.daily.v1', 'sixes.settings']"
    ".map(key => [key, localStorage.getItem(key)]))"
)


def stats_of(page):
    return json.loads(page.evaluate("localStorage.getItem('sixes.stats.v1')") or "{}")


def play_into(page):
    """Play the person's first choice of the game, so that it is in progress, and the bots' turns after it."""
    assert person_to_act(page)
    legal = hand_cards(page, "#hand button:enabled")
    act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    assert person_to_act(page)


def into_round_two(page):
    play_round(page)
    act(page, "#next-round")
    assert saved_game(page).round_number == 2


def told(page, words):
    """The notice says ``words``, once those before it in the queue are dismissed (one notice shows at a time)."""
    for _ in range(3):
        expect(page.locator("#notice")).to_be_visible()
        if words in page.locator("#notice-text").inner_text():
            return
        page.click("#dismiss")
    raise AssertionError(f"never told: {words}")


def deal_from_the_dialog(page):
    page.click("#menu-new-game")
    expect(page.locator("#setup")).to_be_visible()
    page.click("#start-game")


def test_a_shared_link_asks_before_it_replaces_a_game_in_progress(page, site):
    boot(page, site + "?seed=12&speed=0")
    into_round_two(page)
    play_into(page)
    game = saved_game(page)
    kept = page.evaluate(KEPT)
    page.goto(site + "?seed=12345&speed=0")
    ready(page)
    expect(page.locator("#replace-game")).to_be_visible()
    question = page.locator("#replace-text").inner_text()
    assert "round 2" in question and f"{game.chips[0]} chips" in question, question
    assert page.evaluate(KEPT)["sixes.game"] == kept["sixes.game"], "nothing is replaced while the person decides"
    page.click("#replace-keep")
    expect(page.locator("#replace-game")).to_be_hidden()
    after = page.evaluate(KEPT)
    assert after["sixes.game"] == kept["sixes.game"] and after["sixes.stats.v1"] == kept["sixes.stats.v1"]
    assert settled(page).startswith("you "), "the game in progress plays on"
    # Escape is "Keep playing" too; then the link again, accepted: the old game is counted as left.
    page.goto(site + "?seed=12345&speed=0")
    ready(page)
    expect(page.locator("#replace-game")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#replace-game")).to_be_hidden()
    assert page.evaluate(KEPT)["sixes.game"] == kept["sixes.game"]
    page.goto(site + "?seed=12345&speed=0")
    ready(page)
    page.click("#replace-accept")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('sixes.game')).seed === 12345")
    assert saved_game(page).round_number == 1
    counts = stats_of(page)["by_level"]["medium"]
    assert counts["games_left"] == 1 and counts["games"] == 0
    assert stats_of(page)["current"] == [saved_game(page).start_chips], "the new game is the one charted"


def test_a_shared_link_with_nothing_in_progress_deals_at_once(page, site):
    boot(page, site + "?seed=12&speed=0")
    page.goto(site + "?seed=77&speed=0")
    ready(page)
    assert saved_game(page).seed == 77
    expect(page.locator("#replace-game")).to_be_hidden()
    assert "games_left" not in json.dumps(stats_of(page).get("by_level", {})) or all(
        c["games_left"] == 0 for c in stats_of(page)["by_level"].values()
    )


def test_new_game_asks_first_and_keeps_everything_on_no(page, site):
    boot(page, site + "?seed=12&speed=0")
    play_into(page)
    kept = page.evaluate(KEPT)
    page.click("#menu-new-game")
    page.fill("#setup [name=chips]", "3")  # a choice made, then the deal declined: the settings stay too
    page.click("#start-game")
    expect(page.locator("#replace-game")).to_be_visible()
    expect(page.locator("#replace-title")).to_have_text("Leave the game in progress?")
    page.click("#replace-keep")
    expect(page.locator("#replace-game")).to_be_hidden()
    assert page.evaluate(KEPT) == kept
    old = saved_game(page).seed
    deal_from_the_dialog(page)
    page.click("#replace-accept")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('sixes.game')).seed !== {old}")
    assert stats_of(page)["by_level"]["medium"]["games_left"] == 1
    # The new game's hand takes the focus: the arrow keys play at once.
    assert person_to_act(page)
    focused = page.evaluate("document.activeElement.closest('#hand') ? 'hand' : document.activeElement.id")
    playable = hand_cards(page, "#hand button:enabled")
    assert focused == ("hand" if playable else "pass"), "focus on the hand after Deal (or Pass, if nothing fits)"
    if playable:
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.card") in playable
    # A game just dealt and not played into is not asked about.
    deal_from_the_dialog(page)
    expect(page.locator("#replace-game")).to_be_hidden()
    page.wait_for_selector("html[data-state=ready]")


def test_the_daily_deal_resumes_the_days_game_and_counts_its_first_playing_only(page, site):
    fix_clock(page, "2026-11-29T10:00:00")
    boot(page, site + "?speed=0")
    page.click("#menu-new-game")
    page.click("#daily-deal")
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('sixes.game')).seed === {deals.daily_seed('2026-11-29')}"
    )
    expect(page.locator("#notice-text")).to_have_text("Daily deal 2026-11-29")
    page.click("#dismiss")
    into_round_two(page)
    play_into(page)
    kept = page.evaluate(KEPT)
    page.click("#menu-new-game")
    page.click("#daily-deal")
    told(page, "Today's deal goes on where you left it.")
    expect(page.locator("#replace-game")).to_be_hidden()
    assert page.evaluate(KEPT)["sixes.game"] == kept["sixes.game"], "pressed again, the day's deal resumes"
    # Left for another game, then dealt again: the day keeps its first playing, and the replay counts nowhere.
    deal_from_the_dialog(page)
    page.click("#replace-accept")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('sixes.daily.v1')).playing === null")
    left = json.loads(page.evaluate("localStorage.getItem('sixes.daily.v1')"))["results"]["2026-11-29"]
    day_game = sixes.Game.from_json(kept["sixes.game"])
    assert left == {"chips": day_game.chips[0], "won": False, "rounds": day_game.round_number}
    page.click("#menu-new-game")
    page.click("#daily-deal")
    told(page, "Dealt again, it counts nowhere.")
    rounds = stats_of(page)["by_level"]["medium"]["rounds"]
    play_round(page)
    assert stats_of(page)["by_level"]["medium"]["rounds"] == rounds
    assert json.loads(page.evaluate("localStorage.getItem('sixes.daily.v1')"))["results"]["2026-11-29"] == left


def test_statistics_show_the_game_just_dealt(page, site):
    page.context.add_init_script(
        "localStorage.setItem('sixes.settings', JSON.stringify({chips: 1, speed: 'instant', levels: "
        "['easy', 'easy', 'easy', 'easy', 'easy']}))"
    )
    boot(page, site + "?seed=2")
    play_game(page)
    finished = stats_of(page)["current"]
    page.click("#new-game")
    page.click("#start-game")
    page.wait_for_selector("html:not([data-turn=game-over])")
    assert person_to_act(page)
    kept = stats_of(page)
    assert kept["current"] == [1] and kept["last"] == finished and kept["hints"] == 0
    page.click("#menu-stats")
    rows = page.locator("#stats-chart tbody tr")
    expect(rows).to_have_count(len(finished))
    expect(rows.first).to_contain_text("1")  # round 0: this game's 1 chip beside the last game's


def test_the_game_over_screen_has_ways_out_and_comes_back_after_a_reload(page, site):
    page.context.add_init_script("localStorage.setItem('sixes.settings', JSON.stringify({chips: 1, speed: 'instant'}))")
    boot(page, site + "?seed=2")
    play_game(page)
    over = page.locator("#game-over")
    expect(over).to_be_visible()
    # Its statistics and game log open over it; closing them comes back to it.
    page.click("#over-stats")
    expect(page.locator("#stats")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#stats")).to_be_hidden()
    expect(over).to_be_visible()
    page.click("#over-log")
    expect(page.locator("#log")).to_be_visible()
    assert page.evaluate(
        "(() => { const l = document.getElementById('log-list'); return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; })()"
    ), "the log opens at its latest move"
    page.keyboard.press("Escape")
    expect(over).to_be_visible()
    page.click("#game-over #open-practise")  # (the menu's Practise, on the game's end while it is open)
    expect(page.locator("#practise")).to_be_visible()
    page.keyboard.press("Escape")
    expect(over).to_be_visible()
    # Escape closes it: the header works, and the table offers the result again.
    page.keyboard.press("Escape")
    expect(over).to_be_hidden()
    expect(page.locator("#show-result")).to_be_visible()
    assert settled(page).startswith("game-over")
    page.click("#menu-stats")
    expect(page.locator("#stats")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#menu #open-practise")).to_be_attached()  # (back in the menu)
    page.click("#show-result")
    expect(over).to_be_visible()
    page.click("#over-close")
    expect(over).to_be_hidden()
    page.reload()
    ready(page)
    expect(over).to_be_visible()
    expect(page.locator("#over-stats")).to_be_visible()


def test_a_round_summary_survives_every_escape(page, site):
    boot(page, site + "?seed=12&speed=0")
    play_round(page)
    summary = page.locator("#round-summary")
    expect(summary).to_be_visible()
    for _ in range(4):
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.getElementById('round-summary').open")
    expect(page.locator("#next-round")).to_be_visible()
    assert settled(page).startswith("round-over")
    act(page, "#next-round")
    expect(summary).to_be_hidden()


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_a_notice_waits_for_the_round_summary_and_every_dialog_closes_with_escape(browser, site, watch, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", watch.route)
    # A browser that will not promise to keep the site's data: the page says so once, after the first round.
    context.add_init_script("navigator.storage.persist = () => Promise.resolve(false)")
    page = context.new_page()
    page.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    try:
        boot(page, site + "?seed=12&speed=0")
        phone = page.locator("#menu-button").is_visible()
        for opener, dialog in (
            ("#rules-button", "rules"),
            ("#menu-stats", "stats"),
            ("#menu-log", "log"),
            ("#menu-new-game", "setup"),
        ):
            if phone:
                page.click("#menu-button")
            page.click(opener)
            expect(page.locator(f"#{dialog}")).to_be_visible()
            page.keyboard.press("Escape")
            expect(page.locator(f"#{dialog}")).to_be_hidden()
            if phone:  # the dialog's opener closed with the menu: the focus goes back to the Menu button
                expect(page.locator("#menu-button"), dialog).to_be_focused()
        play_round(page)
        expect(page.locator("#round-summary")).to_be_visible()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('sixes.storage.v1') || '{}').asked")
        expect(page.locator("#notice")).to_be_hidden()  # never under the summary
        act(page, "#next-round")
        expect(page.locator("#notice")).to_be_visible()
        expect(page.locator("#notice-text")).to_contain_text("may clear")
        if phone:
            menu, notice = page.locator("#menu-button").bounding_box(), page.locator("#notice").bounding_box()
            assert notice["y"] >= menu["y"] + menu["height"], "the notice leaves the Menu free"
        page.click("#dismiss")
        expect(page.locator("#notice")).to_be_hidden()
    finally:
        context.close()
    assert watch.unforgiven() == []


@pytest.mark.parametrize("width, height", [(360, 640), (1280, 800)])
def test_axe_finds_nothing_at_the_table_while_python_loads_and_on_a_rounds_summary(browser, site, watch, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", watch.route)
    page = context.new_page()
    page.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    try:
        boot(page, site + "?seed=12&speed=0")
        assert person_to_act(page)
        assert accessibility_problems(page) == [], "at the table"
        page.wait_for_function("() => localStorage.getItem('sixes.table.v1') !== null")
        # Back again, Python held back (its runtime's WebAssembly waits for the test): the kept table, inert, as it
        # shows then.
        held = []
        page.route("**/pyodide.asm.wasm", lambda route: route.fallback() if held == [None] else held.append(route))
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("html[data-shown=saved][data-state=booting]")
        assert accessibility_problems(page) == [], "while Python loads"
        assert page.evaluate("document.documentElement.dataset.state") == "booting", "axe read the page while it loads"
        waiting, held[:] = list(held), [None]
        for route in waiting:
            route.fallback()  # (on to the context's route, which serves it)
        ready(page)
        play_round(page)
        expect(page.locator("#round-summary")).to_be_visible()
        assert accessibility_problems(page) == [], "on the round's summary"
    finally:
        context.close()
    assert watch.unforgiven() == []
