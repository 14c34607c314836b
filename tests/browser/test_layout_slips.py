"""Layout slips a newcomer met (issue 52, item 7) and the crash evidence of item 9: the game's end with every seat's
cards left on a phone and a desktop, the columns' room at 320×568, the offline note beside what the player reads,
the "Missing cards" icon, the review's expert card and the replay's round picker; and a crashed Chromium page
leaving its log and its crash's status for the failing test's output (tests/browser/conftest.py, ChromiumLog)."""

import json
import pathlib
import sys
from random import Random

import pytest
from playwright import sync_api as playwright_api
from playwright.sync_api import expect

import sixes
from sixes.model import record
from tests.conftest import play, random_card

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_card_faces import lacking_a_diamond_game
from test_looks import TARGETS
from test_page import act, boot, person_to_act, play_round, settled
from test_review import MARKED
from test_robustness import plant
from test_screens import SIZES, new_page, next_frame, outside

SHOTS = pathlib.Path(__file__).resolve().parents[2] / "build" / "layout-slips"  # the screens, to look at
SHOTS.mkdir(parents=True, exist_ok=True)


# --- item 9: a crash says more ------------------------------------------------------------------------------------
def test_a_crashed_page_leaves_its_log_and_the_crashs_status(browser, site, chromium_log):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site + "assets/sixes.css")
        page.evaluate("console.warn('said before the crash')")
        with pytest.raises(playwright_api.Error):  # (aborted, or the page crashed: which comes first is a race)
            page.goto("chrome://crash")  # Chromium's own way to crash a renderer (a null pointer dereference)
        other = context.new_page()  # the events arrive while Playwright talks to the browser: ask until both have
        for _ in range(100):
            if len(chromium_log.crashes) >= 2:
                break
            other.evaluate("new Promise(done => setTimeout(done, 20))")
        text = chromium_log.text()
        assert "console.warning: said before the crash" in text, text
        assert any(crash.startswith("page crash event: ") for crash in chromium_log.crashes), chromium_log.crashes
        crashed = [crash for crash in chromium_log.crashes if "Target.targetCrashed" in crash]
        assert crashed and "status crashed" in crashed[0], chromium_log.crashes
    finally:
        context.close()
    chromium_log.clear()  # (a crash on purpose: nothing for this test's report)


# --- item 7: the game's end, every seat's cards left --------------------------------------------------------------
# Each card of the game's end's cards left: [card, how far inside the dialog's scrolling body it lies as the dialog
# opened (left, right, top, bottom; negative: outside), the same once the body is scrolled to it], and the dialog's
# box, the body's scroll and the viewport.
OVER_HANDS = """() => { const dialog = document.getElementById('game-over'), body = dialog.querySelector('.body');
  const inside = (card) => { const c = card.getBoundingClientRect(), v = body.getBoundingClientRect();
    return [c.left - v.left, v.right - c.right, c.top - v.top, v.bottom - c.bottom].map(n => +n.toFixed(1)); };
  const cards = [...dialog.querySelectorAll('#over-hands [data-card]')].map(card => [card.dataset.card, inside(card)]);
  const top = body.scrollTop;
  cards.forEach((seen, i) => { const card = dialog.querySelectorAll('#over-hands [data-card]')[i];
    card.scrollIntoView({block: 'nearest', inline: 'nearest'}); seen.push(inside(card)); });
  body.scrollTop = top;
  const box = dialog.getBoundingClientRect();
  return {cards, dialog: [box.left, box.top, box.right, box.bottom], width: box.width, scrolls: body.scrollHeight > body.clientHeight + 1,
          view: [innerWidth, innerHeight]}; }"""


@pytest.mark.parametrize("width, height", [(390, 844), (320, 568), (1280, 800)])
def test_the_games_end_shows_every_card_left_whole_on_a_phone_and_a_desktop(browser, watch, site, width, height):
    """Issue 52: on a phone the list of cards left was cut mid-row by the dialog's scrolling edge, and on a desktop
    the dialog was narrow (415 px, then 576 px with its last row cut). At 390×844 and 1280×800 every card now shows
    whole as the dialog opens; at 320×568, where the dialog must scroll, each is whole once scrolled to, and none is
    ever cut at the sides. The dialog lies inside the viewport, and on a desktop is wide enough for the chips beside
    the cards."""
    context, page = new_page(browser, watch, width, height, stored=False)
    try:
        boot(page, site + "?seed=3&chips=1&speed=0&lang=en")  # over in its first round: 11 cards left in 4 hands
        while True:
            play_round(page)
            if settled(page).startswith("game-over"):
                break
            act(page, "#next-round")
        expect(page.locator("#game-over")).to_be_visible()
        # The round's lesson comes once its marks are worked out (a line and more above the cards): its room too.
        page.wait_for_function("!document.getElementById('over-lesson').hidden", timeout=30_000)
        next_frame(page)
        seen = page.evaluate(OVER_HANDS)
        left, top, right, bottom = seen["dialog"]
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, seen["dialog"]
        assert len(seen["cards"]) == 11
        cut = [card for card, *sides in seen["cards"] if any(min(side[:2]) < -0.5 for side in sides)]
        assert cut == [], "no card cut at the dialog's sides"
        hidden = [card for card, _, scrolled in seen["cards"] if min(scrolled) < -0.5]
        assert hidden == [], "each card whole once the dialog's body is scrolled to it"
        if (width, height) != (320, 568):
            assert not seen["scrolls"], "the whole game's end in view"
            assert [card for card, shown, _ in seen["cards"] if min(shown) < -0.5] == [], seen["cards"]
        if width >= 1200:
            assert 640 <= seen["width"] <= 900, seen["width"]
        page.screenshot(path=SHOTS / f"game-over-{width}x{height}.png")
    finally:
        context.close()
    assert watch.errors == []


# --- item 7: the columns' room at 320×568 ---------------------------------------------------------------------------
# The smallest height of the column's ``cards``, and each bot's seat: its name cut short (px of it hidden), and the other seats its
# name's box overlaps.
COLUMNS_AND_SEATS = """(cards) => {
  const seats = [...document.querySelectorAll('.seat:not(.you):not([hidden])')];
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return {
    card: Math.min(...[...document.querySelectorAll(cards)].map(c => c.getBoundingClientRect().height)),
    seats: seats.map(seat => { const name = seat.querySelector('.name'), box = name.getBoundingClientRect();
      return [seat.dataset.seat, name.scrollWidth - name.clientWidth, box.width,
              seats.filter(other => other !== seat && meets(box, other.getBoundingClientRect())).map(o => o.dataset.seat)]; }),
  }; }"""


@pytest.mark.parametrize("position, floor", [("first turn", 44), ("gaps shown", 37)])
def test_a_320_phone_gives_the_columns_the_room_the_seats_kept(browser, watch, site, position, floor):
    """Issue 52: at 320×568 the columns' cards shrank while the bots' seats kept three or four lines each (a name
    under its letter, the chips, the gaps), Pass took two lines and the narration two. Each seat now takes two lines
    (and its gaps, smaller, one or two more), Pass one and the narration one: a column's card was 33.8 px tall at the
    first turn of seed 12 and 30.8 px at a turn where a seat shows four gaps, and is now 45 and 37.7 px. Nothing
    scrolls, every card of the hand shows 44×44 px of itself, and every seat's name shows whole, over no other seat."""
    context, page = new_page(browser, watch, 320, 568, stored=False)
    try:
        if position == "first turn":
            boot(page, site + "?seed=12&speed=0&lang=en")
            assert person_to_act(page)
            card = "[data-column] .end.start"  # (no card in the columns yet: the 6's place, a card tall)
        else:
            settings = json.dumps({"speed": "instant"})
            plant(page, site, {"sixes.game": lacking_a_diamond_game().to_json(), "sixes.settings": settings})
            boot(page, site + "?lang=en")
            assert person_to_act(page)
            card = "[data-column] .card"
        next_frame(page)
        seen = page.evaluate(COLUMNS_AND_SEATS, card)
        page.screenshot(path=SHOTS / f"columns-320x568-{position.replace(' ', '-')}.png")
        assert seen["card"] >= floor, seen
        assert outside(page) == [], "the whole table in view, the page not scrolling"
        assert [card for card in page.evaluate(TARGETS) if min(card[1:]) < 44] == []
        assert len(seen["seats"]) == 4
        assert [seat for seat in seen["seats"] if seat[1] > 0 or seat[2] < 20 or seat[3]] == [], seen["seats"]
    finally:
        context.close()
    assert watch.errors == []


# The dealer's button (a circle on the avatar's upper left) and the avatar's letter, the button moved to each bot's seat
# in turn (the CSS places it by its seat, not by who deals): [seat, how far the button is from the letter's ink
# (negative: it lies over it), in px].
DEALER_APART = """() => {
  const dealer = document.querySelector('.seat:not(.you) .dealer');
  return [...document.querySelectorAll('.seat:not(.you):not([hidden])')].map(seat => {
    const avatar = seat.querySelector('.avatar');
    avatar.after(dealer);
    const letter = document.createRange();
    letter.selectNodeContents(avatar);
    // The letter's ink: its text box (the font's ascent and descent) cut to what the font's glyph covers.
    const text = letter.getBoundingClientRect(), button = dealer.getBoundingClientRect();
    const context = document.createElement('canvas').getContext('2d');
    context.font = getComputedStyle(avatar).font;
    const ink = context.measureText(avatar.textContent);
    const baseline = text.top + ink.fontBoundingBoxAscent;
    const box = {left: text.left - ink.actualBoundingBoxLeft, right: text.left + ink.actualBoundingBoxRight,
                 top: baseline - ink.actualBoundingBoxAscent, bottom: baseline + ink.actualBoundingBoxDescent};
    const [x, y, r] = [button.left + button.width / 2, button.top + button.height / 2, button.width / 2];
    const apart = Math.hypot(Math.max(box.left - x, 0, x - box.right), Math.max(box.top - y, 0, y - box.bottom)) - r;
    return [seat.dataset.seat, Math.round(apart * 10) / 10];
  });
}"""


def test_the_dealers_button_lies_beside_the_avatar_not_on_it_at_every_screen(browser, watch, site):
    """At 320×568 the dealer's button lay over a corner of its seat's letter. It now lies above the avatar's corner,
    clear of the letter, at every screen size, by every bot's seat."""
    context, page = new_page(browser, watch, 320, 568, stored=False)
    try:
        boot(page, site + "?seed=12&speed=0&lang=en")
        assert person_to_act(page)
        touching = {}
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            next_frame(page)
            apart = page.evaluate(DEALER_APART)
            assert len(apart) == 4
            touching.update({f"{width}×{height} seat {seat}": gap for seat, gap in apart if gap < 0})
        page.set_viewport_size({"width": 320, "height": 568})
        next_frame(page)
        page.locator(".seat:not(.you)").first.screenshot(path=SHOTS / "dealer-320x568.png")
        assert touching == {}, "the button clear of every seat's letter"
    finally:
        context.close()
    assert watch.errors == []


# --- item 7: offline, the note beside what the player reads --------------------------------------------------------
# The offline note's box, and what it overlaps of each bot's name and the round's label.
OFFLINE_OVER = """() => { const note = document.getElementById('offline-note').getBoundingClientRect();
  const meets = (b) => note.left < b.right && b.left < note.right && note.top < b.bottom && b.top < note.bottom;
  const named = [...document.querySelectorAll('.seat:not(.you):not([hidden]) .name'), document.getElementById('round-label')];
  return {note: [note.left, note.top, note.width, note.height],
          over: named.filter(e => meets(e.getBoundingClientRect())).map(e => e.id || e.textContent)}; }"""


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_the_offline_note_covers_no_name_and_not_the_round(browser, watch, site, width, height):
    """Issue 52: offline, a note covered the bots' names for 8 s, then an "Offline" pill covered "Round 1". The
    sentence now lies in the page's flow under the header and the word in the bar after the round's label: neither
    overlaps a seat's name or the label, and the whole table stays in view."""
    context, page = new_page(browser, watch, width, height, stored=False)
    try:
        boot(page, site + "?seed=12&speed=0&lang=en")
        assert person_to_act(page)
        context.set_offline(True)
        expect(page.locator("#offline-note")).to_be_visible()
        expect(page.locator("#offline-note")).to_contain_text("nothing is lost")
        next_frame(page)
        sentence = page.evaluate(OFFLINE_OVER)
        page.screenshot(path=SHOTS / f"offline-sentence-{width}x{height}.png")
        assert sentence["over"] == [], sentence
        assert outside(page) == [], "the table makes room for the sentence"
        page.wait_for_selector("#offline-note.brief", timeout=15_000)  # (the sentence shrinks after 8 s)
        next_frame(page)
        word = page.evaluate(OFFLINE_OVER)
        page.screenshot(path=SHOTS / f"offline-word-{width}x{height}.png")
        assert word["over"] == [], word
        assert outside(page) == []
        assert page.get_attribute("#offline-note p", "data-short") == "Offline" and word["note"][2] < 120, word
        bar = page.locator("header.bar").bounding_box()
        assert bar["height"] <= 60, "the bar keeps one line with the word in it"
        context.set_offline(False)
        expect(page.locator("#offline-note")).to_be_hidden()
    finally:
        context.close()
    assert watch.errors == []


# --- item 7: the "Missing cards" icon -------------------------------------------------------------------------------
# Each shape the Missing cards toggle's icon draws: [its tag, fill, stroke], beside the button's own colour and the
# icon's size.
ICON = """() => { const button = document.getElementById('show-lacks'), icon = button.querySelector('.icon');
  const box = icon.getBoundingClientRect();
  return {colour: getComputedStyle(button).color, size: [box.width, box.height],
          shapes: [...icon.querySelectorAll('rect, path')].filter(e => getComputedStyle(e).display !== 'none')
            .map(e => [e.tagName + (e.getAttribute('class') ? '.' + e.getAttribute('class') : ''),
                       getComputedStyle(e).fill, getComputedStyle(e).stroke])}; }"""


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_missing_cards_icon_is_drawn_in_its_buttons_colour(browser, watch, site, width, height, theme):
    """Issue 52: the Missing cards toggle's icon read as a smudge: its second card carried the class of a seat's "no …"
    tab (.gap), whose rule filled it with the cards' ink, dark on the dark bar and menu. Every shape of the icon (a
    card, the diamond it lacks, struck through) is now drawn in the button's own colour, nothing filled in another,
    and the icon is as big as the bar's others (16 px or more)."""
    context, page = new_page(browser, watch, width, height, settings={"theme": theme})
    try:
        boot(page, site + "?seed=12&speed=0&lang=en")
        assert person_to_act(page)
        if width < 1200:
            page.click("#menu-button")
            page.wait_for_function("document.getElementById('menu').matches(':popover-open')")
        seen = page.evaluate(ICON)
        box = page.locator("#show-lacks").bounding_box()
        page.screenshot(path=SHOTS / f"missing-cards-icon-{theme}-{width}x{height}.png", clip=box)
        assert min(seen["size"]) >= 16, seen  # (1.3em, as every icon of the bar)
        wrong = [
            shape for shape in seen["shapes"] if shape[1] not in ("none", seen["colour"]) or shape[2] != seen["colour"]
        ]
        assert wrong == [], (seen["colour"], wrong)
        tags = [tag for tag, _, _ in seen["shapes"]]
        assert tags == ["rect", "path", "path.strike"], tags
    finally:
        context.close()
    assert watch.errors == []


# --- item 7: two fixes of issue 52 held: the review's expert card, the replay's round picker ------------------------
# The review's hand with the expert's card ringed (.best): each card's top-left index is its own (the card's, at the
# index's middle, not another's), the expert's and the one lying on it alike. Each finding: [card, what lies there].
REVIEW_INDEXES = """() => [...document.querySelectorAll('#review-table .review-hand:has(.best) .card')].flatMap(card => {
  const box = card.getBoundingClientRect(), at = document.elementFromPoint(box.left + 6, box.top + 9);
  return at?.closest('.card') === card ? [] : [[card.dataset.card, at?.closest('.card')?.dataset.card ?? at?.tagName]]; })"""


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_the_reviews_expert_card_leaves_the_next_cards_index_in_view(browser, watch, site, width, height):
    """Issue 52: the review's expert card (ringed) was raised over the next card of the fanned hand and hid its index
    (the rule gave it a z-index). At the round's costly choice every card of the person's hand shows its own index."""
    context, page = new_page(browser, watch, width, height)
    try:
        boot(page, site + "?seed=3&speed=0&lang=en")  # (a costly choice in round 1: test_review's SEED)
        play_round(page)
        page.click("#review-round")
        expect(page.locator("#review")).to_be_visible()
        page.wait_for_function(MARKED)
        page.locator("#review-marks li.costly .mark").first.click()
        best = page.locator("#review-table .review-hand .card.best")
        expect(best).to_have_count(1)
        best.scroll_into_view_if_needed()
        assert page.evaluate("document.querySelector('#review-table .card.best').nextElementSibling?.dataset.card")
        assert page.evaluate(REVIEW_INDEXES) == []
        page.screenshot(path=SHOTS / f"review-best-{width}x{height}.png")
    finally:
        context.close()
    assert watch.errors == []


@pytest.mark.parametrize("width, height, least", [(390, 844, (44, 44)), (1280, 800, (44, 30))])
def test_the_replays_round_picker_is_a_fingers_size(browser, watch, site, tmp_path, width, height, least):
    """Issue 52: the round picker of a game record's replay (Game log) was 30×19 px beside buttons a finger tall."""
    game = play(sixes.Game(players=5, chips=10, seed=3), random_card(Random(3)), until=lambda g: g.round_number >= 2)
    path = tmp_path / "game.json"
    path.write_text(record.to_record(game))
    context, page = new_page(browser, watch, width, height)
    try:
        boot(page, site + "?seed=3&speed=0&lang=en")
        assert person_to_act(page)
        if width < 1200:
            page.click("#menu-button")
        page.click("#menu-log")
        page.set_input_files("#open-record", path)
        expect(page.locator("#record-review")).to_be_visible()
        box = page.locator("#review-record-round").bounding_box()
        page.screenshot(path=SHOTS / f"round-picker-{width}x{height}.png")
        assert box["width"] >= least[0] and box["height"] >= least[1], box
    finally:
        context.close()
    assert watch.errors == []
