"""Choosing a game of the family in New game (issue 54, item 5), as a person does: the game's line says what it is,
its own table's size is set, it is dealt after the ordinary question, and the table, the link and How to play are
its own. Cinquillo brings Spanish suits, which the header's picker can set back."""

import pathlib
import sys

import pytest
from playwright.sync_api import expect

from sixes.model import table

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import act, boot, person_to_act, play_round, saved_game, settled


def choose(page, variant):
    """New game, ``variant`` chosen in its picker, and dealt (leaving the game in progress if asked)."""
    if page.locator("#menu-button").is_visible():  # (a phone's header keeps New game in its Menu)
        page.click("#menu-button")
    page.click("#menu-new-game")
    expect(page.locator("#setup")).to_be_visible()
    page.select_option('#setup-form select[name="variant"]', variant)
    return page.locator("#variant-about").inner_text()


def deal(page, variant):
    """Deal from the open New game dialog, leaving the game in progress when asked, until ``variant`` is on the table."""
    page.click("#start-game")
    dealt = f"document.documentElement.dataset.variant === '{variant}'"
    page.wait_for_function(f"{dealt} || document.getElementById('replace-game').open")
    if page.evaluate("document.getElementById('replace-game').open"):
        page.click("#replace-accept")
        page.wait_for_function(dealt)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_game_of_the_family_is_chosen_in_new_game_and_played_as_its_own(page, site, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, site + "?seed=7&speed=0")
    settled(page)
    about = choose(page, "sevens")
    assert "52 cards" in about and "7♦" in about
    form = page.locator("#setup-form")
    assert form.locator('select[name="players"]').input_value() == "4", "Sevens' own table"
    assert not form.locator('input[name="chips"]').is_visible(), "a game of points asks for no chips"
    page.screenshot(path=f"build/family-choose-{size[0]}.png")
    deal(page, "sevens")
    settled(page)
    game = saved_game(page)
    assert (game.variant, game.players) == ("sevens", 4)
    seats = page.locator("[data-seat]:not([hidden])")
    assert seats.count() == 4 and all(seats.nth(n).get_attribute("data-points") == "0" for n in range(4))
    assert not page.locator("#pot").is_visible()
    assert page.locator("#round-label").inner_text().startswith("Sevens")
    if person_to_act(page):
        legal = page.locator("#hand button:enabled")
        act(page, f'#hand [data-card="{legal.first.get_attribute("data-card")}"]' if legal.count() else "#pass")
    # A move's save waits for its frame to be painted: wait for it rather than read a save one frame behind.
    page.wait_for_function("JSON.parse(localStorage.getItem('sixes.game')).moves.join('') !== ''")
    assert saved_game(page).variant == "sevens"
    headings = page.locator("#rules-text h3")
    assert headings.first.text_content() == "Sevens", "How to play says the game's own rules first"
    # Cinquillo, chosen afresh, brings Spanish suits; the header's picker still sets the deck.
    choose(page, "cinquillo")
    deal(page, "cinquillo")
    settled(page)
    assert page.evaluate("document.documentElement.dataset.deck") == "spanish"
    assert page.evaluate("JSON.parse(localStorage.getItem('sixes.settings')).deck") == "spanish"
    page.screenshot(path=f"build/family-cinquillo-{size[0]}.png")


def test_a_game_of_points_is_reviewed_in_points(page, site):
    """The review's seats show each seat's points where Sixes shows its chips (issue 54, item 3)."""
    boot(page, site + "?seed=5&speed=0&variant=cinquillo")
    play_round(page)
    page.click("#review-round")
    seats = page.locator("#review .review-seats li")
    expect(seats).to_have_count(4)
    assert all(seats.nth(n).get_attribute("data-points") is not None for n in range(4))
    assert page.locator("#review .review-seats .chips").count() == 0


def test_fan_tans_ante_flies_into_the_pot_at_each_deal(page, site):
    """Fan Tan's ante is shown as it happens, as a paid pass is (issue 54, item 4): at the next round's deal every
    seat that had chips sends one into the pot (at a speed that moves; ?speed=0 flies nothing)."""
    page.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => {
            window.antes = 0;
            new MutationObserver(changes => { for (const change of changes) for (const node of change.addedNodes)
                window.antes += node.matches?.("i.chip.flying") ? 1 : 0; })
              .observe(document.getElementById("pot"), { childList: true });
        });"""
    )
    boot(page, site + "?seed=5&speed=0&variant=fan-tan")
    play_round(page)
    assert settled(page).startswith("round-over")
    page.evaluate("window.antes = 0")
    # A speed that moves, picked in the header (under the round's summary, which makes the page behind it inert: set as
    # the picker sets it, by its change event).
    page.evaluate("""(() => { const speed = document.getElementById("speed");
        speed.value = "fast"; speed.dispatchEvent(new Event("change")); })()""")
    act(page, "#next-round")
    game = saved_game(page)
    anted = sum(1 for chips in game.round_start_chips if chips)
    assert game.pot >= anted > 0
    page.wait_for_function("(anted) => window.antes === anted", arg=anted)


def test_fan_tans_card_payments_fly_to_the_winner_at_the_rounds_end(page, site):
    """Fan Tan's card payments are shown as they happen (issue 54, item 4): at the round's end a chip flies from each
    seat that paid the winner for its cards left. Played at ?speed=0 until a seat is near its last card, then at a
    speed that moves (?speed=0 flies nothing)."""
    page.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => {
            window.payments = 0;
            new MutationObserver(changes => { for (const change of changes) for (const node of change.addedNodes)
                window.payments += node.matches?.("i.chip.flying") ? 1 : 0; })
              .observe(document.body, { childList: true });
        });"""
    )
    boot(page, site + "?seed=5&speed=0&variant=fan-tan")
    moving = False
    while settled(page).startswith("you "):
        fewest = page.evaluate(
            "Math.min(...[...document.querySelectorAll('[data-seat]:not([hidden])')].map(s => +s.dataset.cards))"
        )
        if fewest <= 2 and not moving:  # (set as the header's picker sets it, by its change event)
            page.evaluate("""(() => { const speed = document.getElementById("speed");
                speed.value = "fast"; speed.dispatchEvent(new Event("change")); })()""")
            moving = True
        legal = page.locator("#hand button:enabled")
        act(page, f'#hand [data-card="{legal.first.get_attribute("data-card")}"]' if legal.count() else "#pass")
    assert moving, "the round's end came at a speed that moves"
    paid = [seat for seat, chips in enumerate(table.paid_at_end(saved_game(page))) if chips]
    assert paid, "a round of Fan Tan whose losers pay the winner"
    page.wait_for_function("(paid) => window.payments === paid", arg=len(paid))


def test_a_cinquillo_link_brings_spanish_suits_to_a_first_visit_and_to_a_deal_accepted_only(page, site):
    """Spanish suits are Cinquillo's own: a first visit by a Cinquillo link sees them; a returning player's deck
    changes only with the deal they accept ("Keep playing" keeps everything, the deck too)."""
    deck = "document.documentElement.dataset.deck"
    boot(page, site + "?seed=3&speed=0&variant=cinquillo")
    settled(page)
    assert saved_game(page).variant == "cinquillo" and page.evaluate(deck) == "spanish"
    page.select_option("#deck", "french")  # (the person's choice, kept)
    choose(page, "sixes")
    deal(page, "sixes")
    assert person_to_act(page)
    legal = page.locator("#hand button:enabled")
    act(page, f'#hand [data-card="{legal.first.get_attribute("data-card")}"]' if legal.count() else "#pass")
    settled(page)
    kept = page.evaluate("localStorage.getItem('sixes.game')")
    page.goto(site + "?seed=8&speed=0&variant=cinquillo")
    expect(page.locator("#replace-game")).to_be_visible()
    page.click("#replace-keep")
    settled(page)
    assert page.evaluate(deck) == "french" and page.evaluate("localStorage.getItem('sixes.game')") == kept
    page.goto(site + "?seed=8&speed=0&variant=cinquillo")
    expect(page.locator("#replace-game")).to_be_visible()
    page.click("#replace-accept")
    page.wait_for_function("document.documentElement.dataset.variant === 'cinquillo'")
    assert page.evaluate(deck) == "spanish"
    assert page.evaluate("JSON.parse(localStorage.getItem('sixes.settings')).deck") == "spanish"
