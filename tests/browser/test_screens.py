"""Every screen from a 320×568 phone to a 2560×1440 desktop, upright or on its side: the whole table is in view
without scrolling, it grows with the screen, dialogs fit, and what a real table shows is what the engine says."""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from conftest import ACTION_TIMEOUT, BOOT_TIMEOUT
from test_page import boot, person_to_act, play_game, play_round, ready, saved_game

from sixes.engine.cards import cards_of

# The screens docs/architecture.md names: phones upright and sideways, a netbook, laptops, desktops, a tablet both ways.
SIZES = [
    (320, 568),
    (360, 640),
    (375, 667),
    (390, 844),
    (412, 915),
    (568, 320),
    (640, 360),
    (844, 390),
    (768, 1024),
    (1024, 768),
    (1024, 600),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
]

# What must be in view during play, and whether the page scrolls; each box as [what, left, top, right, bottom].
MEASURE = """() => {
  const shown = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const box = (what, e) => { const r = e.getBoundingClientRect(); return [what, r.left, r.top, r.right, r.bottom]; };
  const all = (css) => [...document.querySelectorAll(css)].filter(shown);
  const boxes = [
    ...all('[data-seat]').map(e => box('seat ' + e.dataset.seat, e)),
    ...all('[data-column]').map(e => box('column ' + e.dataset.column, e)),
    ...all('#hand .card').map(e => box('card ' + e.dataset.card, e)),
    ...['pot', 'pass', 'hint', 'status', 'round-label'].map(id => document.getElementById(id))
      .filter(shown).map(e => box('#' + e.id, e)),
    ...all('#menu-button, .bar .controls').map(e => box('menu', e)),
  ];
  const root = document.documentElement;
  return {boxes, width: innerWidth, height: innerHeight, scroll: [root.scrollWidth, root.scrollHeight],
          scrolled: [scrollX, scrollY]};
}"""


# The controls where they sit in the bar (wide screens): each shown one's middle height, and whether it is cut
# short (a button whose words do not fit, or any control past the screen's edge).
BAR_LINE = """() => [...document.querySelectorAll('#menu:not(:popover-open) > *')].filter(e => e.getClientRects().length)
  .map(e => { const box = e.getBoundingClientRect(), control = e.matches('label') ? e.querySelector('select') : e;
              return [e.id || control.id, Math.round(box.top + box.height / 2),
                      e.matches('button') && e.scrollWidth > e.clientWidth + 1 || box.right > innerWidth]; })"""

# At 1280×800 the tests click these directly, so each sits in the bar.
IN_THE_BAR = [
    "speed",
    "lang",
    "deck",
    "theme",
    "card-size",
    "rules-button",
    "sound",
    "show-lacks",
    "menu-stats",
    "open-practise",
    "menu-log",
    "export-profile",
    "import-profile",
    "menu-new-game",
]


def off_one_line(controls):
    """What is wrong with the bar's controls (from BAR_LINE): [] when all sit on one line and their words fit."""
    middles = [middle for _, middle, _ in controls]
    wrong = [f"cut short: {name}" for name, _, cut in controls if cut]
    if not middles or max(middles) - min(middles) > 2:
        wrong.append(f"not on one line: {controls}")
    return wrong


def outside(page):
    """What the person cannot see without scrolling: [] when the whole table is in view."""
    seen = page.evaluate(MEASURE)
    width, height = seen["width"], seen["height"]
    problems = [
        what
        for what, left, top, right, bottom in seen["boxes"]
        if left < 0 or top < 0 or right > width + 0.5 or bottom > height + 0.5
    ]
    if seen["scroll"][0] > width or seen["scroll"][1] > height:
        problems.append(f"the page scrolls: {seen['scroll']} in {width}×{height}")
    named = {what for what, *_ in seen["boxes"]}
    missing = {
        "#pot",
        "#pass",
        "#hint",
        "#status",
        "#round-label",
        "menu",
        "column S",
        "column H",
        "column D",
        "column C",
    } - named
    return problems + [f"not shown: {what}" for what in sorted(missing)]


def new_page(browser, watch, width=1280, height=800, deck="french", settings=None, stored=True, **options):
    """A tab with ``deck`` and ``settings`` saved (sixes.settings) before its first load, unless the page has saved its
    own since, or nothing stored if not ``stored`` (a first visit); ``options``: Playwright's (color_scheme…)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    context.route("**/*", watch.route)
    if stored:
        saved = json.dumps(json.dumps({"deck": deck} | (settings or {})))
        context.add_init_script(
            f"localStorage.getItem('sixes.settings') ?? localStorage.setItem('sixes.settings', {saved})"
        )
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT)
    page.set_default_navigation_timeout(BOOT_TIMEOUT)
    page.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    return context, page


def next_frame(page):
    """Wait until the page has drawn a frame since now (two animation frames: the second comes after a paint)."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def each_size(page, check):
    """Resize through every size (as a window or a turned phone does) and collect what ``check`` finds wrong."""
    found = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        next_frame(page)  # the layout after the resize
        wrong = check(width, height)
        if wrong:
            found[f"{width}×{height}"] = wrong
    return found


@pytest.mark.parametrize(
    "query, deck, cards",
    [
        ("seed=12&lang=en", "french", None),
        ("seed=12&lang=si", "french", None),  # the longest words
        ("seed=12&lang=es", "spanish", None),
        ("seed=7&players=3&lang=en", "four", 14),  # a hand of 14 cards
        ("seed=5&players=6&lang=cy", "french", None),
    ],
)
def test_the_whole_table_is_in_view_on_every_screen(browser, site, watch, query, deck, cards):
    context, page = new_page(browser, watch, deck=deck)
    try:
        boot(page, site + f"?{query}&speed=0")
        assert person_to_act(page)
        if cards:
            assert page.locator("#hand .card").count() == cards
        assert each_size(page, lambda width, height: outside(page)) == {}
        assert watch.errors == []
    finally:
        context.close()


def expanded(page, selector):
    """Whether the accessibility tree (what a screen reader reads) says the element's popup is open."""
    cdp = page.context.new_cdp_session(page)
    node = cdp.send(
        "DOM.querySelector", {"nodeId": cdp.send("DOM.getDocument")["root"]["nodeId"], "selector": selector}
    )
    tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node["nodeId"], "fetchRelatives": False})
    return {p["name"]: p["value"]["value"] for p in tree["nodes"][0].get("properties", [])}.get("expanded")


def test_the_menu_fits_and_works_by_keyboard_where_the_controls_fold(browser, site, watch):
    context, page = new_page(browser, watch, 390, 844)
    try:
        boot(page, site + "?seed=12&speed=0&lang=si")
        assert person_to_act(page)
        expect(page.locator("#round-label")).to_be_visible()
        expect(page.locator("#status")).to_be_visible()
        expect(page.locator("#menu-new-game")).to_be_hidden()
        page.focus("#menu-button")
        assert expanded(page, "#menu-button") is False
        page.keyboard.press("Enter")
        expect(page.locator("#menu")).to_be_visible()
        # The popover's own invoker says so (the page writes no aria-expanded, which the Nu checker refuses there).
        assert expanded(page, "#menu-button") is True
        assert page.locator("#menu-button").get_attribute("aria-expanded") is None
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "speed", "Tab goes from the button into the menu"
        from test_page import serious_accessibility_problems

        assert serious_accessibility_problems(page) == [], "the open menu"

        def menu_inside(width, height):
            if not page.locator("#menu-button").is_visible():
                return None
            if not page.evaluate("document.getElementById('menu').matches(':popover-open')"):
                page.click("#menu-button")
            box = page.locator("#menu").bounding_box()
            return (
                None
                if box["x"] >= 0
                and box["y"] >= 0
                and box["x"] + box["width"] <= width
                and box["y"] + box["height"] <= height
                else box
            )

        assert each_size(page, menu_inside) == {}
        page.set_viewport_size({"width": 390, "height": 844})
        page.keyboard.press("Escape")
        expect(page.locator("#menu")).to_be_hidden()
        assert expanded(page, "#menu-button") is False
        assert page.evaluate("document.activeElement.id") == "menu-button", "focus comes back to the button"
        page.click("#menu-button")
        page.click("#rules-button")
        expect(page.locator("#rules")).to_be_visible()
        expect(page.locator("#menu")).to_be_hidden(), "a dialog closes the menu"
        page.set_viewport_size({"width": 1280, "height": 800})
        expect(page.locator("#menu-button")).to_be_hidden()
        expect(page.locator("#menu-new-game")).to_be_visible()  # wide: every control in the bar
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "cy", "es", "si"])
def test_the_bar_is_one_line_on_a_wide_screen_in_every_language(browser, site, watch, lang):
    context, page = new_page(browser, watch)
    try:
        boot(page, site + f"?seed=12&speed=0&lang={lang}")
        assert person_to_act(page)
        for width, height in [(1280, 800), (1200, 800), (1920, 1080)]:
            page.set_viewport_size({"width": width, "height": height})
            next_frame(page)
            controls = page.evaluate(BAR_LINE)
            assert off_one_line(controls) == [], (width, lang)
            assert [name for name, *_ in controls] == IN_THE_BAR, "every control in the bar, in the order of Tab"
            round_label = page.locator("#round-label").bounding_box()
            assert round_label["width"] >= 60, "the round's label still reads"
        page.set_viewport_size({"width": 1280, "height": 800})
        for control in IN_THE_BAR:
            expect(page.locator(f"#{control}")).to_be_visible()
        from test_page import serious_accessibility_problems

        assert serious_accessibility_problems(page) == [], "the bar's icon buttons are named"
        assert watch.errors == []
    finally:
        context.close()


def test_the_table_grows_with_the_screen_and_every_seat_reads_on_a_small_phone(browser, site, watch):
    context, page = new_page(browser, watch)
    try:
        boot(page, site + "?seed=12&speed=0")
        assert person_to_act(page)
        page.click("#hand button:enabled")  # the 6D: a column to measure
        assert person_to_act(page)
        widths = "() => [...document.querySelectorAll('#hand .card, [data-column] .card')].map(c => [c.closest('#hand') ? 'hand' : 'column', c.getBoundingClientRect().width])"

        def sizes_at(width, height):
            page.set_viewport_size({"width": width, "height": height})
            next_frame(page)
            seen = page.evaluate(widths)
            return {kind: min(w for k, w in seen if k == kind) for kind in ("hand", "column")}

        laptop, desktop = sizes_at(1280, 800), sizes_at(1920, 1080)
        for kind in ("hand", "column"):
            assert desktop[kind] >= 1.3 * laptop[kind], (kind, laptop, desktop)
        sizes_at(360, 640)
        seats = page.evaluate("""[...document.querySelectorAll('[data-seat]:not([hidden])')].map(s => {
          const name = s.querySelector('.name'), chips = s.querySelector('.chips'), style = getComputedStyle(name);
          return [parseFloat(style.fontSize), name.scrollWidth <= name.clientWidth, name.textContent,
                  chips.getBoundingClientRect().width > 0, parseFloat(getComputedStyle(chips).fontSize)]; })""")
        assert len(seats) == 5
        for size, whole, name, chips_shown, chips_size in seats:
            assert size >= 12 and whole and name and chips_shown and chips_size >= 11, seats
    finally:
        context.close()


# An open dialog's title and buttons, each inside the viewport without scrolling the page: [] when all are, else what
# is not. What lies between may scroll inside the dialog (its .body); the buttons never need it.
DIALOG_FITS = """(id) => { const dialog = document.getElementById(id), out = [];
  const shown = (e) => e.getClientRects().length > 0;
  for (const e of [dialog.querySelector('h2'), ...dialog.querySelectorAll('button')].filter(shown)) {
    if (e.closest('.body')) continue;  // (a button inside what scrolls, as the review's marks)
    const r = e.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      out.push((e.id || e.tagName) + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round));
  }
  const root = document.documentElement;
  if (root.scrollHeight > innerHeight + 0.5 || scrollY) out.push('the page scrolls');
  return out; }"""


def dialog_fits(page, dialog):
    """What of ``dialog`` falls outside the screen at each size: {} when it fits them all."""
    return each_size(page, lambda w, h: page.evaluate(DIALOG_FITS, dialog))


def test_every_dialog_keeps_its_title_and_buttons_on_every_screen(browser, site, watch):
    context, page = new_page(browser, watch)
    try:
        boot(page, site + "?seed=12&chips=4&speed=0&lang=si")  # Sinhala's words are the longest
        assert person_to_act(page)
        play_round(page)  # the stats, the log and the review then hold a round
        expect(page.locator("#round-summary")).to_be_visible()
        # (the round's marks worked out: its lesson is in the summary, and its mistakes are there to practise)
        page.wait_for_function("() => localStorage.getItem('sixes.practise.v1')", timeout=60_000)
        assert dialog_fits(page, "round-summary") == {}
        page.set_viewport_size({"width": 1280, "height": 800})
        page.click("#review-round")
        expect(page.locator("#review")).to_be_visible()
        assert dialog_fits(page, "review") == {}
        page.set_viewport_size({"width": 1280, "height": 800})
        page.keyboard.press("Escape")
        page.click("#next-round")
        assert person_to_act(page)
        for button, dialog in (
            ("#rules-button", "rules"),
            ("#menu-stats", "stats"),
            ("#open-practise", "practise"),
            ("#menu-log", "log"),
            ("#menu-new-game", "setup"),
        ):
            page.click(button)
            expect(page.locator(f"#{dialog}")).to_be_visible()
            assert dialog_fits(page, dialog) == {}, dialog
            page.set_viewport_size({"width": 1280, "height": 800})
            if dialog == "setup":  # a game in progress: Deal asks first
                page.click("#start-game")
                expect(page.locator("#replace-game")).to_be_visible()
                assert dialog_fits(page, "replace-game") == {}
                page.set_viewport_size({"width": 1280, "height": 800})
            page.keyboard.press("Escape")
            expect(page.locator(f"#{dialog}")).to_be_hidden()
        play_game(page, rounds=60)
        expect(page.locator("#game-over")).to_be_visible()
        assert dialog_fits(page, "game-over") == {}
        # The new-game dialog opened from the game's end opens at its top: its title in view.
        page.set_viewport_size({"width": 1280, "height": 800})
        page.click("#new-game")
        expect(page.locator("#setup")).to_be_visible()
        assert page.evaluate("document.querySelector('#setup .body').scrollTop") == 0
        assert dialog_fits(page, "setup") == {}
    finally:
        context.close()


def engine_table(game):
    """What the engine says the table shows: the last card played, and each seat's proven gaps."""
    view = game.view(0)
    last = next((str(move.card) for move in reversed(game.history) if move.card is not None), None)
    lacks = [" ".join(str(card) for card in cards_of(view.lacks[seat] & ~view.played)) for seat in range(game.players)]
    return last, lacks


PAGE_TABLE = """() => ({
  last: [...document.querySelectorAll('[data-column] [data-last]')].map(e => e.dataset.card),
  lacks: [...document.querySelectorAll('[data-seat]:not([hidden])')].sort((a, b) => a.dataset.seat - b.dataset.seat)
    .map(s => s.dataset.lacks),
  drawn: [...document.querySelectorAll('[data-seat]:not([hidden])')].sort((a, b) => a.dataset.seat - b.dataset.seat)
    .map(s => [...s.querySelectorAll('.lacks .gap')].length),
  ring: (() => { const e = document.querySelector('[data-column] [data-last]');
                 return e && getComputedStyle(e).boxShadow; })(),
})"""


def test_what_a_real_table_shows_is_what_the_engine_says(page, site):
    boot(page, site + "?seed=21&speed=0")
    turns, gaps_seen = 0, 0
    while person_to_act(page):
        game = saved_game(page)
        last, lacks = engine_table(game)
        shown = page.evaluate(PAGE_TABLE)
        assert shown["last"] == ([last] if last else []), "exactly one card marked: the last one played"
        assert shown["lacks"] == lacks
        mine = {str(card) for card in game.hand(0)}
        for seat in range(1, game.players):
            worth = [card for card in lacks[seat].split() if card not in mine]
            assert (shown["drawn"][seat] > 0) == bool(worth), (seat, worth)
        if last:
            six = page.evaluate(
                "getComputedStyle(document.querySelector('[data-column] .card:not([data-last])')"
                " || document.body).boxShadow"
            )
            assert shown["ring"] not in ("none", six), "the last card is highlighted"
        gaps_seen += sum(shown["drawn"][1:])
        turns += 1
        legal = [str(card) for card in game.legal_moves()]
        page.click(f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    assert turns and gaps_seen, "the deal has bot passes to show"
    game = saved_game(page)
    assert game.round_over
    for seat in range(game.players):
        cards = page.eval_on_selector_all(
            f'#round-summary [data-hand="{seat}"] [data-card]', "cards => cards.map(c => c.dataset.card)"
        )
        assert cards == [str(card) for card in game.hand(seat)], seat
        assert page.locator(f'#round-summary [data-hand="{seat}"]').is_visible()
    assert engine_table(game)[1] == page.evaluate(PAGE_TABLE)["lacks"]


def test_a_setting_hides_the_gaps_but_keeps_them_for_the_tests(page, site):
    boot(page, site + "?seed=21&speed=0")
    while person_to_act(page) and not page.locator(".lacks").count():
        legal = [str(card) for card in saved_game(page).legal_moves()]
        page.click(f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
    assert page.locator(".lacks").count(), "a bot has passed"
    sentence = page.locator(".lacks .sr-only").first.text_content()
    assert sentence.endswith(".") and " has none of: " in sentence, "a screen reader hears the gaps in words"
    before = page.evaluate(PAGE_TABLE)["lacks"]
    page.click("#show-lacks")
    expect(page.locator("#show-lacks")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".lacks")).to_have_count(0)
    assert page.evaluate(PAGE_TABLE)["lacks"] == before
    page.reload()
    ready(page)
    expect(page.locator("#show-lacks")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".lacks")).to_have_count(0)
