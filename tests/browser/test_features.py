"""Issue 7 in a real browser: tables of 3 and 6, shared and daily deals, the game log, statistics.

Each test boots Pyodide (seconds), so each one tells a whole story; the
engine under CPython checks what the page saved.
"""

import pathlib
import sys

from playwright.sync_api import expect

import sixes
from sixes.model import deals, record, stats
from sixes.model.settings import Settings

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from conftest import ACTION_TIMEOUT, BOOT_TIMEOUT
from test_page import act, boot, fix_clock, leave_if_asked, person_to_act, play_round, ready, saved_game


def deal_new_game(page, **fields):
    """Deal a new game from the new-game dialog; returns once it is on the table (it is saved as it is drawn)."""
    save = page.evaluate("localStorage.getItem('sixes.game')")
    page.locator("#menu-new-game").click()
    for name, value in fields.items():
        page.locator(f"#setup [name={name}]").select_option(value)
    page.locator("#start-game").click()  # the dialog's close deals (or asks first), a moment after the click
    leave_if_asked(page, save)


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


def daily_hand(browser, site, watch, when, url_extra=""):
    """The person's first hand of the daily deal in a fresh browser (empty storage) whose clock says ``when``."""
    context = browser.new_context()
    context.route("**/*", watch.route)
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT)
    page.set_default_navigation_timeout(BOOT_TIMEOUT)
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    fix_clock(page, when)
    boot(page, site + "?speed=0" + url_extra)  # a first visit: the guided deal, until the daily deal replaces it
    page.locator("#menu-new-game").click()
    page.locator("#daily-deal").click()
    person_to_act(page)  # the daily deal's first turn for the person (nobody goes out sooner)
    game = saved_game(page)
    hand = page.eval_on_selector_all("#hand button", "buttons => buttons.map(b => b.dataset.card)")
    context.close()
    return game, hand


def test_the_daily_deal_is_the_same_for_everyone_on_a_date(browser, site, watch):
    first, hand = daily_hand(browser, site, watch, "2026-11-29T10:00:00")
    assert first.seed == deals.daily_seed("2026-11-29") and first.players == 5
    # Another person, later that day, in another language: the same deal.
    _, again = daily_hand(browser, site, watch, "2026-11-29T23:00:00", "&lang=cy")
    assert again == hand == [str(card) for card in sixes.Game(seed=first.seed, **deals.DAILY_RULES).hand(0)]
    tomorrow, _ = daily_hand(browser, site, watch, "2026-11-30T08:00:00")
    assert tomorrow.seed == deals.daily_seed("2026-11-30")
    assert watch.errors == [] and watch.foreign == []


def test_a_copied_link_deals_the_same_game_elsewhere(page, site, browser):
    boot(page, site + "?speed=0")
    deal_new_game(page, players="4", speed="instant")
    page.click("#menu-new-game")
    page.click("#copy-link")
    expect(page.locator("#notice")).to_contain_text("?seed=")
    url = page.locator("#notice-text").inner_text().split(": ", 1)[1]
    shared = saved_game(page)
    page.goto(url)
    ready(page)
    assert page.evaluate("location.search") == "", "the link's parameters are consumed"
    game = saved_game(page)
    assert (game.seed, game.players, game.start_chips, game.may_pass) == (
        shared.seed,
        4,
        shared.start_chips,
        shared.may_pass,
    )


def test_an_exported_game_imports_and_replays_step_by_step(page, site, tmp_path):
    boot(page, site + "?seed=21&speed=0")
    play_round(page)
    page.click("#next-round")
    page.wait_for_selector("#hand button:enabled, #pass:enabled")
    game = saved_game(page)
    page.click("#menu-log")
    lines = page.locator("#log-list li")
    expect(lines.first).to_contain_text("Round 1")
    with page.expect_download() as download:
        page.click("#save-record")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    replay = record.steps_of(path.read_text())
    assert replay.game_at(len(replay.turns)) == game, "the record replays to the very same game"
    with page.expect_download() as text:
        page.click("#save-text")
    saved = text.value.path().read_text(encoding="utf-8").splitlines()
    settings = Settings()
    # The log, and the round's result (issue 52: the text, read away from the table, says who went out).
    assert saved == record.log_lines(game, settings.names, settings.say, results=True)
    assert [line for line in saved if " went out. " not in line] == lines.all_inner_texts()
    kept = page.evaluate("localStorage.getItem('sixes.game')")
    with page.expect_file_chooser() as chooser:
        page.click("#open-record-button")  # (a button in the page's words opens the browser's file control)
    chooser.value.set_files(path)
    expect(page.locator("#replay")).to_be_visible()
    assert page.evaluate("localStorage.getItem('sixes.game')") == kept, "a record opened never replaces the game"
    expect(page.locator("#replay-step")).to_have_text(f"Move 0 of {len(replay.turns)}")
    expect(lines).to_have_count(1)
    for _ in range(3):
        page.click("#replay-forward")
    page.click("#replay-back")
    expect(page.locator("#replay-step")).to_have_text(f"Move 2 of {len(replay.turns)}")
    expect(lines).to_have_count(3)
    expect(page.locator("#log-list li.now")).to_have_text(
        record.log_lines(replay.game_at(2), settings.names, settings.say)[-1]
    )


def test_the_sound_is_made_before_the_first_click_and_plays_only_after_it(page, site):
    # Made in the first click's task, the audio context held up that click's card (issue #20): it is made once the
    # page is idle, and no sound starts before a click lets it play (a bot's card would snap into a waiting context).
    page.add_init_script("""{
      const Real = AudioContext, start = AudioScheduledSourceNode.prototype.start;
      window.audioContexts = 0;
      window.soundsStarted = 0;
      window.AudioContext = class extends Real { constructor() { super(); window.audioContexts += 1; } };
      AudioScheduledSourceNode.prototype.start = function (...when) { window.soundsStarted += 1; start.apply(this, when); };
    }""")
    boot(page, site + "?seed=4&speed=fast")  # seats 3 and 4 play before the person
    page.wait_for_function("window.audioContexts === 1")  # made with no click at all
    assert person_to_act(page)
    assert page.evaluate("[document.documentElement.dataset.moves, window.soundsStarted]") == ["2", 0]
    act(page, "#hand button:enabled")
    page.wait_for_function("window.soundsStarted > 0")  # the person's card snapped
    assert page.evaluate("window.audioContexts") == 1


def test_statistics_count_a_round_and_survive_a_reload_until_reset(page, site):
    boot(page, site + "?seed=8&speed=0")
    page.click("#hint") if page.is_enabled("#hint") else None
    play_round(page)
    saved = stats.Stats.from_json(page.evaluate(f"localStorage.getItem('{stats.STATS_KEY}')"))
    assert saved.by_level["medium"]["rounds"] == 1 and len(saved.current) == 2
    page.reload()
    ready(page)
    page.click("#next-round")
    page.click("#menu-stats")
    expect(page.locator("#stats-table")).to_contain_text("Rounds won (Medium bots)")
    expect(page.locator("#stats-chart svg polyline")).to_have_count(1)
    expect(page.locator("#stats-chart table tbody tr")).to_have_count(2)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#reset-stats")
    expect(page.locator("#stats-chart svg")).to_have_count(0)
    assert "rounds" not in page.evaluate(f"localStorage.getItem('{stats.STATS_KEY}')")


def test_sound_is_silent_under_speed_0_and_its_mute_toggle_is_remembered(page, site):
    # Counts the audio contexts the page makes: none means no sound at all.
    page.add_init_script("""{
      const Real = AudioContext;
      window.audioContexts = 0;
      window.AudioContext = class extends Real { constructor() { super(); window.audioContexts += 1; } };
    }""")
    boot(page, site + "?seed=4&speed=0")
    play_round(page)
    assert page.evaluate("window.audioContexts") == 0, "?speed=0 is silent"
    page.click("#next-round")
    page.click("#sound")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.reload()  # without ?speed=0 now: only the mute keeps it quiet
    ready(page)
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    play_round(page)
    assert page.evaluate("window.audioContexts") == 0, "muted"
    page.click("#next-round")
    page.click("#sound")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    play_round(page)
    assert page.evaluate("window.audioContexts") == 1, "one context, made on a click, plays every sound"
