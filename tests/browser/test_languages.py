"""Languages and decks in the browser: switched in play without a reload, chosen on a first visit,
and the table, dialogs and rules page audited by axe-core in every language."""

import pathlib
import sys

import pytest
from playwright.sync_api import expect

from sixes.model import words

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import boot, leave_if_asked, person_to_act, play_game, play_round, ready, serious_accessibility_problems


def test_switching_language_and_deck_changes_the_words_and_drawing_not_the_game(page, site):
    boot(page, site + "?seed=4&speed=0&lang=EN")  # the parameter is case-insensitive
    assert person_to_act(page)
    page.evaluate("window.sameDocument = true")
    save = page.evaluate("localStorage.getItem('sixes.game')")
    expect(page.locator("#menu-new-game")).to_have_text("New game")
    for lang, new_game, dealer in (
        ("cy", "Gêm newydd", "Deliwr"),
        ("si", "නව ක්‍රීඩාව", "බෙදන්නා"),
        ("es", "Partida nueva", "Reparte"),
    ):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("html")).to_have_attribute("dir", "ltr")
        expect(page.locator("#menu-new-game")).to_have_text(new_game)
        expect(page.locator(".dealer")).to_have_attribute("title", dealer)
        expect(page.locator("#status")).to_have_text(words.WORDS[lang]["your_turn"])
    page.select_option("#deck", "spanish")
    expect(page.locator("html")).to_have_attribute("data-deck", "spanish")
    expect(page.locator('[data-column="D"]')).to_have_attribute("aria-label", "Columna de oros: 6")
    assert page.locator('#hand use[href^="#suit-es-"]').count() > 0
    assert page.locator('#hand use[href^="#suit-"]:not([href^="#suit-es-"])').count() == 0
    assert page.evaluate("window.sameDocument") and page.evaluate("localStorage.getItem('sixes.game')") == save
    # Remembered: a reload speaks Spanish and draws Spanish suits.
    page.reload()
    ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("html")).to_have_attribute("data-deck", "spanish")


def test_a_first_visit_follows_the_browsers_language(browser, site, watch):
    context = browser.new_context(locale="cy-GB")
    context.route("**/*", watch.route)
    page = context.new_page()
    try:
        boot(page, site + "?seed=1&speed=0")
        expect(page.locator("html")).to_have_attribute("lang", "cy")
        expect(page.locator("#rules-button")).to_have_text("Sut i chwarae")
    finally:
        context.close()


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_no_serious_accessibility_problem_in_any_language(page, site, lang):
    boot(page, site + f"?seed=8&speed=0&lang={lang}")
    assert person_to_act(page)
    assert serious_accessibility_problems(page) == [], "the table"
    page.click("#rules-button")
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#rules-text h3")).to_have_count(6)  # (the keys' section is shown: a mouse, not a finger)
    expect(page.locator("#rules-text .keys")).to_be_visible()
    assert serious_accessibility_problems(page) == [], "the rules page"
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_be_hidden()
    page.click("#menu-new-game")
    expect(page.locator("#setup")).to_be_visible()
    assert serious_accessibility_problems(page) == [], "the new-game dialog"
    page.keyboard.press("Escape")
    play_round(page)
    expect(page.locator("#round-summary")).to_be_visible()
    assert serious_accessibility_problems(page) == [], "the round summary"
    page.click("#next-round")
    for button, dialog in (("#menu-stats", "#stats"), ("#menu-log", "#log")):
        page.click(button)
        expect(page.locator(dialog)).to_be_visible()
        assert serious_accessibility_problems(page) == [], dialog
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
    boot(page, site + f"?seed=8&chips=1&speed=0&lang={lang}")  # one chip each: the game ends soon
    expect(page.locator("#replace-game")).to_be_visible()  # (the game before is in progress)
    assert serious_accessibility_problems(page) == [], "the question before a new deal"
    leave_if_asked(page, page.evaluate("localStorage.getItem('sixes.game')"))  # (the old table until then)
    play_game(page)
    expect(page.locator("#game-over")).to_be_visible()
    assert serious_accessibility_problems(page) == [], "the game-over dialog"


def test_the_words_before_python_runs_are_in_the_page_language_too(page, site, watch):
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site + "?lang=ES")
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    expect(page.locator("#boot-text")).to_contain_text("No se pudo iniciar el juego")
    watch.errors.clear()  # the failed download is rightly logged as an error
