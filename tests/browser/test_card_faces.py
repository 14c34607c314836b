"""Every card reads whole (issue 52): in a long column each card's rank shows all of itself above the card that lies
on it, at every card size and screen size, and an open end's dashed edge lies under the cards; Large's ranks are a
fifth bigger on a phone too, with nothing outside the screen and every card of the hand still a finger wide.

The games are CPython's (random legal moves, as tests/conftest.py plays them), planted in localStorage before the
page opens (test_robustness.plant): a column of 10 cards whose Q and J lie under the next card, and a hand of 8 in two
rows at 320 px where a card that cannot be played lies over a raised one.
"""

import json
import pathlib
import sys
from random import Random

import sixes
from sixes.model import table
from tests.conftest import play, random_card

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_looks import TARGETS
from test_page import boot, person_to_act
from test_robustness import plant
from test_screens import SIZES, new_page, next_frame, outside

CARD_SIZES = ("normal", "large", "compact")

# Each column card with another lying on it (the card of the slot below, one step lower): its rank's box (a Range over
# the rank's letters: the font's ascent and descent, so Q's tail and J's hook are inside it) must end above that card's
# top edge, 0.5 px allowed. And the lowest card's lower index (upside down, bottom right) is its own at every point:
# no open end's dashed edge drawn over it. Each finding: [card, what, how far the rank shows (px), its box's height].
RANKS = """() => [...document.querySelectorAll('[data-column]')].flatMap(column => {
  const cards = [...column.querySelectorAll(':scope > .card[data-card]')];
  const at = Object.fromEntries(cards.map(card => [card.dataset.slot, card]));
  const rank = (card, which) => {
    const range = document.createRange();
    range.selectNodeContents(card.querySelector(`.index${which} b`));
    return range.getBoundingClientRect();
  };
  return cards.flatMap(card => {
    const next = at[card.dataset.slot - 1];
    if (next) {
      const box = rank(card, ':not(.flip)'), over = next.getBoundingClientRect();
      return box.bottom > over.top + 0.5
        ? [[card.dataset.card, 'rank covered', +(over.top - box.top).toFixed(2), +box.height.toFixed(2)]] : [];
    }
    const box = rank(card, '.flip');
    const points = [[box.left + 1, box.top + 1], [box.right - 1, box.top + 1], [box.left + 1, box.bottom - 1],
                    [box.right - 1, box.bottom - 1], [(box.left + box.right) / 2, (box.top + box.bottom) / 2]];
    const hidden = points.filter(([x, y]) => document.elementFromPoint(x, y)?.closest('.card') !== card);
    return hidden.length ? [[card.dataset.card, 'lower index under something', hidden.length, +box.height.toFixed(2)]] : [];
  });
})"""

# The smallest rank's font size in the hand and in the columns (CSS px).
RANK_SIZES = """() => ['#hand .card', '[data-column] .card'].map(css => Math.min(...[...document.querySelectorAll(css)]
  .map(card => parseFloat(getComputedStyle(card.querySelector('.index b')).fontSize))))"""


def long_column_game(seed=1):
    """A game at the person's turn with a column of 10 cards (A to K) and others of 6, from CPython's random moves."""
    game = play(
        sixes.Game(players=5, chips=10, seed=seed),
        random_card(Random(seed)),
        until=lambda game: game.turn == 0 and game.legal_moves() and max(map(len, game.columns.values())) >= 10,
    )
    assert not game.round_over and sorted(map(len, game.columns.values()))[-2:] == [6, 10]
    return game


def two_rows_game():
    """A game at the person's first turn with 8 cards, where the first of the two rows a 320 px phone shows has a card
    that cannot be played over one that can (raised under it)."""
    for seed in range(100):
        game = play(sixes.Game(players=5, chips=10, seed=seed), random_card(Random(seed)), until=lambda g: g.turn == 0)
        hand, legal = [str(card) for card in game.hand(0)], {str(card) for card in game.legal_moves()}
        if len(hand) == 8 and any(hand[i] not in legal and hand[i + 4] in legal for i in range(4)):
            return game
    raise AssertionError("no such deal in 100 seeds")


def planted(browser, watch, site, game, card_size, width=1280, height=800):
    """A tab showing ``game`` with ``card_size`` cards, at the person's turn."""
    settings = {"speed": "instant", "card_size": card_size}
    context, page = new_page(browser, watch, width, height, stored=False)
    plant(page, site, {"sixes.game": game.to_json(), "sixes.settings": json.dumps(settings)})
    boot(page, site + "?lang=en")
    assert page.evaluate("document.documentElement.dataset.cardSize") == card_size
    assert person_to_act(page)
    return context, page


def test_every_rank_of_a_long_column_shows_whole_at_every_card_size_and_screen(browser, watch, site):
    game = long_column_game()
    wrong = {}
    for card_size in CARD_SIZES:
        context, page = planted(browser, watch, site, game, card_size)
        try:
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                next_frame(page)
                found = page.evaluate(RANKS) + outside(page)
                if found:
                    wrong[f"{card_size} {width}×{height}"] = found
        finally:
            context.close()
    assert wrong == {}, "each rank whole above the card on it, nothing over the lowest card's index"
    assert watch.errors == []


def test_large_ranks_are_a_fifth_bigger_on_a_phone_and_every_card_of_the_hand_a_finger_wide(browser, watch, site):
    ranks, wrong = {}, {}
    for name, game in (("long column", long_column_game()), ("two rows", two_rows_game())):
        for card_size in ("normal", "large"):
            context, page = planted(browser, watch, site, game, card_size, 390, 844)
            try:
                for width, height in [(390, 844), (320, 568)]:
                    page.set_viewport_size({"width": width, "height": height})
                    next_frame(page)
                    found = outside(page) + [card for card in page.evaluate(TARGETS) if min(card[1:]) < 44]
                    if found:
                        wrong[f"{name}, {card_size} {width}×{height}"] = found
                    ranks[name, card_size, width] = page.evaluate(RANK_SIZES)
            finally:
                context.close()
    assert wrong == {}, "nothing outside the screen, each card of the hand showing 44×44 px of itself"
    for name in ("long column", "two rows"):
        for width in (390, 320):
            normal, large = ranks[name, "normal", width], ranks[name, "large", width]
            assert large[0] >= normal[0] and large[1] >= normal[1], (name, width, normal, large)
        normal, large = ranks[name, "normal", 390], ranks[name, "large", 390]
        assert large[0] >= 1.2 * normal[0], ("the hand's ranks at 390×844", name, normal, large)
        assert large[1] >= 1.2 * normal[1], ("the columns' ranks at 390×844", name, normal, large)
    assert watch.errors == []


def lacking_a_diamond_game():
    """A game at the person's turn where a bot's passes prove it lacks a diamond the person does not hold (a "no …"
    tab with a diamond on the seat)."""
    for seed in range(200):
        game = play(
            sixes.Game(players=5, chips=10, seed=seed),
            random_card(Random(seed)),
            until=lambda g: (
                g.turn == 0
                and any(
                    card.endswith("D") for seat in range(1, 5) for card in table.seat_lacks(g.view(0), seat, True)[1]
                )
            ),
            turns=60,
        )
        if game.turn == 0 and not game.round_over:
            return game
    raise AssertionError("no such game in 200 seeds")


def test_four_colours_draw_the_seats_missing_cards_in_their_cards_colours(browser, watch, site):
    """The "no …" tabs of a seat name cards in the deck's colours: a blue diamond in four colours (it stayed red)."""
    context, page = new_page(browser, watch, 390, 844, stored=False)
    try:
        settings = json.dumps({"speed": "instant", "deck": "four"})
        plant(page, site, {"sixes.game": lacking_a_diamond_game().to_json(), "sixes.settings": settings})
        boot(page, site + "?lang=en")
        assert person_to_act(page)
        colours = page.evaluate("""['D', 'H', 'C', 'S'].map(suit => [
          [...document.querySelectorAll(`.gap[data-suit="${suit}"]`)].map(e => getComputedStyle(e).color),
          getComputedStyle(document.querySelector(`.card[data-suit="${suit}"]`) ?? document.body).color])""")
        diamonds, card = colours[0]
        assert diamonds and set(diamonds) == {card}, colours
        for tabs, card in colours[1:]:
            assert set(tabs) <= {card}, colours
        assert watch.errors == []
    finally:
        context.close()


# Each raised (playable) card of the hand with its ring (3 px): on the screen, and over no card of the row above
# except below that card's first 44 px (a 320 px phone's two rows lie over each other by design). Each finding:
# [card, what, px].
RAISED = """() => { const cards = [...document.querySelectorAll('#hand .card')], ring = 3;
  return cards.filter(card => !card.disabled).flatMap(card => {
    const box = card.getBoundingClientRect(), found = [];
    if (box.left - ring < 0 || box.right + ring > innerWidth) found.push([card.dataset.card, 'off the screen', box.left]);
    for (const other of cards) {
      const above = other.getBoundingClientRect();
      if (other === card || above.top >= box.top - 20 || above.right <= box.left || above.left >= box.right) continue;
      const room = Math.min(above.bottom, above.top + 44) - (box.top - ring);
      if (room > 0.5) found.push([card.dataset.card, `over ${other.dataset.card}`, +room.toFixed(2)]);
    }
    return found; }); }"""


def test_a_raised_card_of_a_two_row_hand_leaves_the_row_above_and_the_screen_alone(browser, watch, site):
    """Four players: a hand of 10 in two rows on a phone; the 7♦ raised under the K♠ (issue 52: it covered the K♠'s
    foot and its ring touched the screen's edge)."""
    context, page = new_page(browser, watch, 390, 844)
    try:
        boot(page, site + "?seed=21&players=4&speed=0&lang=en")
        assert person_to_act(page)
        assert page.locator("#hand .card").count() == 10
        wrong = {}
        for width, height in [(390, 844), (360, 640), (412, 915), (320, 568)]:
            page.set_viewport_size({"width": width, "height": height})
            next_frame(page)
            found = page.evaluate(RAISED) + [card for card in page.evaluate(TARGETS) if min(card[1:]) < 44]
            if found:
                wrong[f"{width}×{height}"] = found
        assert wrong == {}
        assert watch.errors == []
    finally:
        context.close()
