"""The page's looks (issue 45): a light and a dark theme, set by the setting or by the system, with no frame of the
other before Python; Large and Compact cards on every screen; forced colours (a contrast theme) keeping every mark;
and both themes passing axe-core's contrast checks at the table, a dialog and the review."""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import accessibility_problems, act, boot, person_to_act, play_round, ready, settled
from test_review import MARKED
from test_robustness import plant, played_until_seat_0_chooses
from test_screens import SIZES, new_page, next_frame, outside

# Each theme's felt (sixes.css --felt) and its colour for the browser's bar (theme-color, assets/first.js).
FELT = {"light": "#1d6b45", "dark": "#143a28"}

# Every frame's theme until Python is up: recorded from the first one on (an init script runs before the page's own).
FRAMES = """(() => {
  const frames = window.sixesFrames = [];
  const look = () => {
    const root = document.documentElement, style = getComputedStyle(root);
    frames.push([root.dataset.theme ?? null, style.getPropertyValue('--felt').trim(), root.dataset.shown ?? null,
                 Boolean(document.body)]);
    if (root.dataset.state !== 'ready') requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""

# Each card of the hand: how much of it shows (a finger's target, WCAG 2.5.5: 44×44 CSS px at least), found by
# asking the page what lies at each point: [card, widest row of its own points, tallest column of them].
TARGETS = """() => [...document.querySelectorAll('#hand .card')].filter(c => c.getClientRects().length).map(card => {
  const box = card.getBoundingClientRect(), mine = (x, y) => card.contains(document.elementFromPoint(x, y));
  let wide = 0, tall = 0, at = null;
  for (let y = Math.ceil(box.top) + 1; y < box.bottom - 1; y += 4) {
    let run = 0;
    for (let x = Math.floor(box.left); x < box.right; x++) {
      run = mine(x, y) ? run + 1 : 0;
      if (run > wide) { wide = run; at = x - run / 2; }
    }
  }
  if (at !== null) {
    let run = 0;
    for (let y = Math.floor(box.top); y < box.bottom; y++) { run = mine(at, y) ? run + 1 : 0; tall = Math.max(tall, run); }
  }
  return [card.dataset.card, wide, tall]; })"""

# The narrowest card in the hand and in the columns (CSS px).
WIDTHS = """() => ['#hand .card', '[data-column] .card'].map(css =>
  Math.min(...[...document.querySelectorAll(css)].map(c => c.getBoundingClientRect().width)))"""

# The smallest rank's font size in the hand and in the columns (CSS px): what Large is for.
RANKS = """() => ['#hand .card', '[data-column] .card'].map(css => Math.min(...[...document.querySelectorAll(css)]
  .map(card => parseFloat(getComputedStyle(card.querySelector('.index b')).fontSize))))"""


def looks_page(browser, watch, width=1280, height=800, settings=None, **options):
    """A tab with ``settings`` saved before its first load (None: a first visit's empty storage) and Playwright's
    ``options`` (color_scheme, forced_colors, contrast)."""
    return new_page(browser, watch, width, height, settings=settings, stored=settings is not None, **options)


def theme(page):
    """The theme in effect: <html data-theme>, the felt it paints, and the browser bar's colour."""
    return page.evaluate("""() => [document.documentElement.dataset.theme,
      getComputedStyle(document.documentElement).getPropertyValue('--felt').trim(),
      document.querySelector('meta[name="theme-color"]').content]""")


def in_theme(name):
    return [name, FELT[name], FELT[name]]


def saved_settings(page):
    return json.loads(page.evaluate("localStorage.getItem('sixes.settings')"))


def pick(page, select, value):
    """Choose ``value`` in the header's ``select`` (from the Menu where the controls fold into it)."""
    if page.locator("#menu-button").is_visible():
        page.click("#menu-button")
    page.select_option(select, value)


def test_the_theme_follows_the_system_until_the_setting_chooses_and_every_frame_shows_it(browser, watch, site):
    context, page = looks_page(browser, watch, color_scheme="dark")
    try:
        boot(page, site + "?seed=12&speed=0")
        assert theme(page) == in_theme("dark"), "the system's theme by default"
        body = page.evaluate("getComputedStyle(document.body).backgroundImage")
        assert FELT["light"] not in body and "rgb(20, 58, 40)" in body, "the felt is the dark one"
        page.emulate_media(color_scheme="light")
        page.wait_for_function("document.documentElement.dataset.theme === 'light'")  # followed as the system changes
        assert theme(page) == in_theme("light")
        assert page.input_value("#theme") == "system"
        pick(page, "#theme", "dark")
        assert theme(page) == in_theme("dark"), "the setting over the system"
        assert saved_settings(page)["theme"] == "dark", "kept with the settings (and so in a profile)"
        page.emulate_media(color_scheme="dark")
        page.emulate_media(color_scheme="light")
        next_frame(page)
        assert theme(page) == in_theme("dark"), "a chosen theme does not follow the system"
        assert person_to_act(page)
        act(page, "#hand button:enabled >> nth=0")  # a table to keep for the next visit
        page.wait_for_function("localStorage.getItem('sixes.table.v1')")
        # A returning player: the kept table at the first paint, in the dark theme from the first frame on.
        page.add_init_script(FRAMES)
        page.reload()
        ready(page)
        frames = page.evaluate("window.sixesFrames")
        assert frames and frames[0][3], "frames recorded from the first one, the body there"
        assert {(name, felt) for name, felt, *_ in frames} == {("dark", FELT["dark"])}, frames
        assert any(shown == "saved" for *_, shown, _ in frames), "the kept table was shown before Python"
        assert page.input_value("#theme") == "dark"
        pick(page, "#theme", "light")
        assert theme(page) == in_theme("light")
        assert page.evaluate("document.body.getBoundingClientRect().width") == 1280
        assert watch.errors == []
    finally:
        context.close()


def test_a_first_visit_shows_the_lesson_in_the_systems_theme_from_the_first_frame(browser, watch, site):
    for scheme in ("dark", "light"):
        context, page = looks_page(browser, watch, 390, 844, color_scheme=scheme)
        try:
            page.add_init_script(FRAMES)
            boot(page, site)
            frames = page.evaluate("window.sixesFrames")
            assert frames and {(name, felt) for name, felt, *_ in frames} == {(scheme, FELT[scheme])}, frames
            assert any(shown == "first" for *_, shown, _ in frames), "the lesson and the first table before Python"
            assert theme(page) == in_theme(scheme)
        finally:
            context.close()
    assert watch.errors == []


def test_large_and_compact_cards_fit_every_screen_and_every_card_of_the_hand_is_a_finger_wide(browser, watch, site):
    measured = {}
    for size in ("normal", "large", "compact"):
        context, page = looks_page(browser, watch, settings={"card_size": size})
        try:
            boot(page, site + "?seed=12&speed=0")
            assert page.evaluate("document.documentElement.dataset.cardSize") == size
            assert page.input_value("#card-size") == size
            assert person_to_act(page)
            page.click("#hand button:enabled")  # the 6D: a column to measure
            assert person_to_act(page)
            wrong = {}
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                next_frame(page)
                found = outside(page)
                small = [target for target in page.evaluate(TARGETS) if min(target[1:]) < 44]
                if found or small:
                    wrong[f"{width}×{height}"] = found + small
                measured[size, width, height] = page.evaluate(WIDTHS), page.evaluate(RANKS)
            assert wrong == {}, size
            assert watch.errors == []
        finally:
            context.close()
    # Large: the hand's cards a quarter bigger where the screen has the room, and the ranks a quarter bigger in the
    # hand and the columns (a column's cards keep their size: their step follows the bigger rank, test_card_faces.py).
    for width, height in [(1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (1024, 768)]:
        (normal, _), (large, _) = measured["normal", width, height], measured["large", width, height]
        assert large[0] >= 1.25 * normal[0] - 0.5, ("hand", width, height, normal, large)
    for width, height in [(1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (768, 1024), (1024, 768)]:
        (_, normal), (_, large) = measured["normal", width, height], measured["large", width, height]
        assert large[0] >= 1.25 * normal[0] - 0.1, ("the hand's ranks", width, height, normal, large)
        assert large[1] >= 1.25 * normal[1] - 0.1, ("the columns' ranks", width, height, normal, large)
    for width, height in [(1280, 800), (1920, 1080), (1024, 768)]:
        (normal, _), (compact, _) = measured["normal", width, height], measured["compact", width, height]
        assert compact[0] < normal[0] and compact[1] < 0.9 * normal[1], ("more felt", width, height, normal, compact)
    for width, height in SIZES:  # Large never smaller: the hand's cards, and every rank
        (cards, ranks), (large_cards, large_ranks) = measured["normal", width, height], measured["large", width, height]
        assert large_cards[0] >= cards[0] - 0.5, (width, height)
        assert large_ranks[0] >= ranks[0] and large_ranks[1] >= ranks[1], (width, height, ranks, large_ranks)


def test_the_card_size_takes_effect_on_change_and_is_kept(page, site):
    boot(page, site + "?seed=12&speed=0")
    assert person_to_act(page)
    before = page.evaluate(WIDTHS)[0]
    pick(page, "#card-size", "large")
    assert page.evaluate("document.documentElement.dataset.cardSize") == "large"
    assert page.evaluate(WIDTHS)[0] >= 1.25 * before - 0.5
    assert saved_settings(page)["card_size"] == "large"
    page.reload()
    ready(page)
    assert page.evaluate("document.documentElement.dataset.cardSize") == "large"
    assert page.input_value("#card-size") == "large"


# What a contrast theme must still tell apart, each by more than a colour: [the playable cards' and the others'
# transform, outline style and border style], the seat to act's outline, the last card's outline, and whether each
# card's rank and suit are drawn (a colour other than the card's background).
FORCED = """() => {
  const style = (e) => getComputedStyle(e), card = (e) => { const s = style(e);
    return [s.transform, s.outlineStyle, s.borderTopStyle]; };
  const playable = [...document.querySelectorAll('#hand .card:enabled')].map(card);
  const not = [...document.querySelectorAll('#hand .card:disabled')].map(card);
  const acting = document.querySelector('[data-seat][aria-current="true"]');
  const last = document.querySelector('[data-column] [data-last]');
  const drawn = [...document.querySelectorAll('.card')].every(c => {
    const s = style(c), index = c.querySelector('.index');
    return style(index).color !== s.backgroundColor && style(c.querySelector('.pip')).fill !== s.backgroundColor; });
  return {playable, not, acting: acting && [acting.matches('.you') ? style(acting.querySelector('.avatar')).outlineStyle
          : style(acting).outlineStyle], last: last && style(last).outlineStyle, drawn,
          pot: style(document.getElementById('pot')).borderTopStyle};
}"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_forced_colours_keep_the_cards_the_playable_marks_the_seat_to_act_and_the_last_card(
    browser, watch, site, scheme
):
    context, page = looks_page(browser, watch, 390, 844, forced_colors="active", color_scheme=scheme)
    try:
        boot(page, site + "?seed=12&speed=0")
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        # The person's turn with a card played before it, and cards both playable and not in the hand.
        both = (
            "document.querySelector('[data-column] [data-last]') && document.querySelector('#hand .card:enabled')"
            " && document.querySelector('#hand .card:disabled')"
        )
        while not (person_to_act(page) and page.evaluate(both)):
            if page.locator("#next-round").is_visible():
                act(page, "#next-round")
                continue
            legal = page.eval_on_selector_all("#hand button:enabled", "cards => cards.map(c => c.dataset.card)")
            act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
        assert person_to_act(page)
        seen = page.evaluate(FORCED)
        assert seen["drawn"], "every card's rank and suit drawn in a colour of its own"
        assert seen["acting"] and seen["acting"][0] != "none", "the seat to act is ringed"
        assert seen["last"] not in (None, "none"), "the last card played is ringed"
        assert seen["pot"] != "none", "the pot is outlined"
        for transform, outline, border in seen["playable"]:
            assert transform != "none" and outline == "solid", "a playable card is raised and ringed"
            for other in seen["not"]:
                assert other[0] == "none" and other[1] == "none" and other[2] == "dashed", "the others lie flat, dashed"
        assert page.locator(".chips").first.evaluate("e => getComputedStyle(e, '::before').backgroundColor") != (
            page.evaluate("getComputedStyle(document.body).backgroundColor")
        ), "a chip shows on the background"
        assert watch.errors == []
    finally:
        context.close()


def test_prefers_more_contrast_strengthens_the_outlines_and_the_playable_marks(browser, watch, site):
    context, page = looks_page(browser, watch, contrast="more")
    try:
        boot(page, site + "?seed=12&speed=0")
        assert person_to_act(page)
        card = "getComputedStyle(document.querySelector('#hand .card:enabled'))"
        assert page.evaluate(f"{card}.borderTopWidth") == "2px"
        assert page.evaluate(f"{card}.boxShadow").count("rgb(") >= 2, "the playable ring doubled"
    finally:
        context.close()


def luminance(css):
    """WCAG's relative luminance of a computed colour, "rgb(r, g, b)" or "rgba(r, g, b, a)" (opaque here)."""
    channels = [int(part) / 255 for part in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one, other):
    """WCAG's contrast ratio of two computed colours."""
    light, dark = sorted([luminance(one), luminance(other)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The focused element's ring and what it is drawn on: the open dialog's background.
RING = """() => { const focused = document.activeElement, s = getComputedStyle(focused);
  return [focused.id, focused.matches(':focus-visible'), s.outlineStyle, s.outlineWidth, s.outlineColor,
          getComputedStyle(focused.closest('dialog')).backgroundColor]; }"""


@pytest.mark.parametrize("name", ["light", "dark"])
def test_the_focus_ring_stands_out_from_a_dialog_in_both_themes(browser, watch, site, name):
    """WCAG 1.4.11: the ring a keyboard's focus draws is 3:1 against the dialog it is drawn on (the felt's sky blue was
    1.6:1 on the light theme's paper)."""
    context, page = looks_page(browser, watch, settings={"theme": name})
    try:
        boot(page, site + "?seed=12&speed=0")
        assert person_to_act(page)
        rings = {}
        for opener, dialog in (("#rules-button", "rules"), ("#menu-new-game", "setup")):
            page.focus(opener)
            page.keyboard.press("Enter")
            expect(page.locator(f"#{dialog}")).to_be_visible()
            page.keyboard.press("Tab")
            focused, visible, style, width, ring, paper = page.evaluate(RING)
            assert visible and style == "solid" and width == "3px", (dialog, focused, style, width)
            rings[dialog] = contrast(ring, paper)
            page.keyboard.press("Escape")
            expect(page.locator(f"#{dialog}")).to_be_hidden()
        assert min(rings.values()) >= 3, rings
        assert watch.errors == []
    finally:
        context.close()


# In forced colours, what tells each mark apart: a card's outline and border, as [style, width, colour, offset].
MARKS = """(card) => { const s = getComputedStyle(card);
  return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset, s.borderTopStyle, s.borderTopColor]; }"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_forced_colours_mark_the_focused_and_hinted_cards_and_edge_every_dialog(browser, watch, site, scheme):
    """A contrast theme keeps the focus on a playable card (its playable ring had overridden the focus's), the hint,
    a dialog's edge (it had neither border nor shadow), the boot card's own background (a translucent one let the
    table's lines through its words), and #lang and #deck in the enabled colour once enabled."""
    context, page = looks_page(browser, watch, forced_colors="active", color_scheme=scheme)
    try:
        plant(page, site, {"sixes.game": played_until_seat_0_chooses(seed=8, rounds=1).to_json()})
        boot(page, site + "?lang=en")
        assert person_to_act(page)
        playable = page.locator("#hand button:enabled")
        assert playable.count() >= 2
        playable.first.focus()
        assert playable.first.evaluate("card => card.matches(':focus-visible')")
        focused, other = playable.first.evaluate(MARKS), playable.nth(1).evaluate(MARKS)
        assert focused[:4] != other[:4] and "none" not in (focused[0], other[0]), (focused, other)
        assert playable.first.evaluate("card => getComputedStyle(card).transform") != "none", "still raised"
        page.click("#hint")
        hinted = page.locator("#hand .card.hinted")
        expect(hinted).to_have_count(1)
        assert hinted.evaluate(MARKS)[0] == "dashed", "the hint's own ring"
        # The selects enabled once Python was up are drawn as they are (painted again from scratch, no pixel changes).
        for select in ("#lang", "#deck"):
            shown = page.locator(select).screenshot()
            page.eval_on_selector(select, "e => { e.style.display = 'none'; e.offsetWidth; e.style.display = ''; }")
            next_frame(page)
            assert page.locator(select).screenshot() == shown, f"{select} painted in another colour than its own"
        boot_card = page.evaluate("""(() => { const s = getComputedStyle(document.getElementById('boot'));
            return [s.backgroundColor, s.borderTopStyle]; })()""")
        assert boot_card[0].startswith("rgb(") and boot_card[1] != "none", ("opaque, edged", boot_card)
        page.click("#rules-button")
        expect(page.locator("#rules")).to_be_visible()
        edge = page.evaluate("""(() => { const s = getComputedStyle(document.getElementById('rules'));
            return [s.borderTopStyle, parseFloat(s.borderTopWidth), s.borderTopColor, s.backgroundColor]; })()""")
        assert edge[0] != "none" and edge[1] >= 1 and edge[2] != edge[3], ("a dialog's edge", edge)
        assert watch.errors == []
    finally:
        context.close()


CONTRAST = ("color-contrast", "color-contrast-enhanced")


def contrast_problems(page):
    """axe-core's findings (every impact) on the page as it is now: none at all, contrast included."""
    return accessibility_problems(page)


@pytest.mark.parametrize("name", ["light", "dark"])
def test_both_themes_pass_axe_at_the_table_a_dialog_and_the_review(browser, watch, site, name):
    context, page = looks_page(browser, watch, 390, 844, settings={"theme": name})
    try:
        boot(page, site + "?seed=3&speed=0")
        assert theme(page) == in_theme(name)
        assert person_to_act(page)
        assert contrast_problems(page) == [], "the table"
        page.click("#menu-button")
        page.click("#rules-button")
        expect(page.locator("#rules")).to_be_visible()
        assert contrast_problems(page) == [], "the rules"
        page.keyboard.press("Escape")
        play_round(page)
        expect(page.locator("#round-summary")).to_be_visible()
        assert contrast_problems(page) == [], "the round's summary"
        page.click("#review-round")
        expect(page.locator("#review")).to_be_visible()
        page.wait_for_function(MARKED, timeout=120_000)
        assert contrast_problems(page) == [], "the review and its marks"
        page.keyboard.press("Escape")
        expect(page.locator("#review")).to_be_hidden()
        page.click("#next-round")
        settled(page)
        page.click("#menu-button")
        page.click("#menu-stats")
        expect(page.locator("#stats")).to_be_visible()
        assert contrast_problems(page) == [], "the statistics and their chart"
        assert watch.errors == []
    finally:
        context.close()
