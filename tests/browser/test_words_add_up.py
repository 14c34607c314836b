"""Every word adds up, and the keyboard keeps its place (issue 52, items 3-5): a link opened in a second tab, the
day's deal given up in so many words, the daily record in Statistics, the guided first deal across a reload, the
text of a game saved, and where the focus goes after each dialog, at a phone's size and a desktop's."""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

import sixes
from sixes.model import deals
from sixes.model.words import say_in

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # pytest imports tests in importlib mode
import test_engines as in_engines
from test_life import deal_from_the_dialog, into_round_two, play_into
from test_page import act, boot, fix_clock, hand_cards, person_to_act, play_round, ready, settled

EN = say_in("en")
SIZES = [(390, 844), (1280, 800)]
FOCUSED = (
    "document.activeElement.closest('#hand') ? 'hand' : document.activeElement.id || document.activeElement.tagName"
)


# --- links, the day's deal, the guide ---------------------------------------------------------
def test_a_link_opened_beside_the_tab_playing_asks_in_its_own_tab(page, site):
    boot(page, site + "?seed=5&speed=0")
    play_into(page)
    kept = page.evaluate("localStorage.getItem('sixes.game')")
    second = page.context.new_page()
    second.goto(site + "?seed=9")
    ready(second)
    expect(second.locator("#replace-game")).to_be_visible()  # asked where the link was opened, not dropped
    expect(page.locator("#elsewhere")).to_be_visible()  # (the game came to this tab to be asked about)
    second.click("#replace-keep")
    settled(second)
    assert second.evaluate("localStorage.getItem('sixes.game')") == kept, "Keep playing: byte for byte"
    assert second.evaluate("location.search") == ""
    third = page.context.new_page()
    third.goto(site + "?seed=9")
    ready(third)
    expect(second.locator("#elsewhere")).to_be_visible()
    third.click("#replace-accept")
    third.wait_for_function("JSON.parse(localStorage.getItem('sixes.game')).seed === 9")
    settled(third)
    assert sixes.Game.from_json(third.evaluate("localStorage.getItem('sixes.game')")).seed == 9


def test_leaving_the_days_deal_says_the_day_is_given_up(page, site):
    fix_clock(page, "2026-12-07T09:00:00")
    boot(page, site + "?speed=0")
    page.click("#menu-new-game")
    page.click("#daily-deal")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('sixes.game')).seed === {deals.daily_seed('2026-12-07')}")
    page.click("#dismiss")
    play_into(page)
    kept = page.evaluate("localStorage.getItem('sixes.game')")
    deal_from_the_dialog(page)
    expect(page.locator("#replace-game[data-leaving='daily']")).to_be_visible()
    expect(page.locator("#replace-text")).to_contain_text(EN("replace_daily"))
    page.click("#replace-keep")
    assert page.evaluate("localStorage.getItem('sixes.game')") == kept
    assert json.loads(page.evaluate("localStorage.getItem('sixes.daily.v1')"))["results"] == {}, "the day goes on"
    # Another game in progress is asked about in the ordinary words.
    deal_from_the_dialog(page)
    page.click("#replace-accept")
    play_into(page)
    deal_from_the_dialog(page)
    expect(page.locator("#replace-game")).to_be_visible()
    assert page.evaluate("document.getElementById('replace-game').dataset.leaving") is None
    expect(page.locator("#replace-text")).to_contain_text(EN("replace_counts"))


@pytest.mark.parametrize("width, height", SIZES)
def test_statistics_show_the_daily_record_with_a_line_to_share(browser, site, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site + "assets/sixes.css")
    results = {
        "2026-12-05": {"chips": 18, "won": True, "rounds": 4},
        "2026-12-06": {"chips": 0, "won": False, "rounds": 7},
        "2026-12-07": {"chips": 14, "won": True, "rounds": 5},
    }
    page.evaluate(
        "record => localStorage.setItem('sixes.daily.v1', record)", json.dumps({"playing": None, "results": results})
    )
    boot(page, site + "?seed=3&speed=0")
    page.evaluate("document.getElementById('menu-stats').click()")
    expect(page.locator("#stats")).to_be_visible()

    def row(key):
        return page.locator("#stats-table tr", has=page.get_by_text(EN(key), exact=True)).locator("td")

    expect(row("stats_daily_won")).to_have_text("2 / 3")
    expect(row("stats_daily_streak")).to_have_text("1")
    line = "Sixes, daily deal of 2026-12-07: won with 14 chips in 5 rounds."
    expect(page.locator("#daily-share-text")).to_have_text(line)
    page.click("#copy-daily")
    expect(page.locator("#copy-daily")).to_have_text(EN("daily_copied"))
    page.locator("#daily-share").scroll_into_view_if_needed()
    box, view = page.locator("#copy-daily").bounding_box(), page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], "the share line's button fits the screen"
    shots = pathlib.Path(__file__).resolve().parents[2] / "build" / "words-52"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=shots / f"daily-record-{width}x{height}.png")
    context.close()


def test_a_reload_during_the_guided_first_deal_resumes_it(page, site):
    boot(page, site)
    page.wait_for_selector("html[data-turn=guide]")
    page.wait_for_function("document.querySelector('#hand button:enabled')")
    card = page.evaluate("document.querySelector('#hand button:enabled').dataset.card")
    page.click(f'#hand [data-card="{card}"]')
    page.wait_for_function("Number(document.documentElement.dataset.moves) > 1")
    page.wait_for_function("document.querySelector('#hand button:enabled')")
    moves = page.evaluate("document.documentElement.dataset.moves")
    page.reload()
    ready(page)
    page.wait_for_selector("html[data-turn=guide]")
    assert page.evaluate("document.documentElement.dataset.moves") == moves, "the guide where it was, not a real game"
    assert page.locator(f'[data-column] [data-card="{card}"]').count() == 1
    page.click("#guide-skip")
    settled(page)
    page.reload()
    ready(page)
    settled(page)  # skipped, the guide is over: a reload plays the real game
    assert page.evaluate("localStorage.getItem('sixes.guide')") is None


# --- where the focus goes -----------------------------------------------------------------------
@pytest.mark.parametrize("width, height", SIZES)
def test_the_focus_never_falls_to_the_page_after_a_dialog(browser, site, watch, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    boot(page, site + "?seed=12&speed=0")
    into_round_two(page)
    play_into(page)
    # A link's question, answered with Escape: the hand takes the focus (it had no opener to go back to).
    page.goto(site + "?seed=4")
    ready(page)
    expect(page.locator("#replace-game")).to_be_visible()
    page.keyboard.press("Escape")
    settled(page)
    page.wait_for_function(f"({FOCUSED}) !== 'BODY'")
    assert page.evaluate(FOCUSED) in ("hand", "pass")
    # A header dialog closed by its own Close: back on what opened it (the Menu's button on a phone); from there
    # the arrow keys reach the hand.
    phone = width < 1200
    if phone:
        page.click("#menu-button")
    page.click("#menu-stats")
    expect(page.locator("#stats")).to_be_visible()
    page.click("#stats button[type=submit]")
    expect(page.locator("#stats")).to_be_hidden()
    page.wait_for_function(f"({FOCUSED}) !== 'BODY'")
    assert page.evaluate(FOCUSED) == ("menu-button" if phone else "menu-stats")
    if hand_cards(page, "#hand button:enabled"):
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUSED) == "hand", "the arrows reach the hand from the header's button"
    context.close()


@pytest.mark.parametrize("width, height", SIZES)
def test_the_games_end_closed_gives_the_focus_to_see_the_result(browser, site, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    boot(page, site + "?seed=3&chips=1&speed=0")
    while True:
        play_round(page)
        if page.locator("#game-over").is_visible():
            break
        act(page, "#next-round")
    page.keyboard.press("Escape")
    expect(page.locator("#game-over")).to_be_hidden()
    page.wait_for_function("document.activeElement.id === 'show-result'")
    context.close()


def test_a_lessons_review_it_answers_after_the_summary_is_shown_again(page, site):
    for seed in (3, 5, 10, 14, 21):  # (a round whose lesson names a mistake, with its "Review it")
        boot(page, f"{site}?seed={seed}&speed=0")
        play_round(page)
        page.wait_for_function("!document.getElementById('round-lesson').hidden", timeout=30_000)
        if page.locator("#round-lesson-review").is_visible():
            break
    expect(page.locator("#round-lesson-review")).to_be_visible()
    for _ in range(2):  # a browser lets a repeated Escape close the summary, and the page shows it again
        page.keyboard.press("Escape")
        expect(page.locator("#round-summary")).to_be_visible()
    page.click("#round-lesson-review")
    expect(page.locator("#review")).to_be_visible()


def test_a_casual_take_back_by_enter_leaves_the_focus_on_the_hand(page, site):
    boot(page, site + "?seed=6&speed=0")
    page.click("#menu-new-game")
    page.check("#setup [name=casual]")
    page.click("#start-game")
    assert person_to_act(page)
    legal = hand_cards(page, "#hand button:enabled")
    act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    assert person_to_act(page), "the bots have played and Take back is there to press (it waits while they play)"
    expect(page.locator("#take-back")).to_be_enabled()
    page.focus("#take-back")
    page.keyboard.press("Enter")
    page.wait_for_function(f"({FOCUSED}) === 'hand' || ({FOCUSED}) === 'pass'")


@pytest.mark.parametrize("width, height", SIZES)
def test_a_link_question_and_a_menu_dialog_give_the_focus_back_in_every_engine(engine, width, height):
    """Item 5 in Chromium, Firefox and WebKit: Escape on a link's question leaves the focus on the hand (the dialog
    had no opener), and a dialog opened from the header and closed by its own Close gives it back to its opener."""
    engine.viewport(width, height)
    in_engines.boot(engine, "?seed=12&speed=0")
    in_engines.play_into(engine)
    in_engines.boot(engine, "?seed=4")
    in_engines.open_dialog(engine, "replace-game")
    engine.press("Escape")
    engine.wait("!document.getElementById('replace-game').open")
    engine.wait(f"['hand', 'pass'].includes({FOCUSED})")
    phone = engine.evaluate("getComputedStyle(document.getElementById('menu-button')).display !== 'none'")
    if phone:
        engine.click("#menu-button")
    engine.click("#menu-stats")
    in_engines.open_dialog(engine, "stats")
    engine.click("#stats button[type=submit]")
    engine.wait("!document.getElementById('stats').open")
    opener = "menu-button" if phone else "menu-stats"
    engine.wait(f"(opener) => ({FOCUSED}) === opener", opener)
