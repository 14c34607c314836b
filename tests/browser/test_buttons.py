"""Every button a player can see, pressed once in each state they can reach: none may raise.

From each state (playing, the guided deal, a round's summary, the game's end) the test presses every
visible, enabled button of the top layer (the open dialog, else the page and its menu), once each. A
press that opens a dialog is followed into it; a press that closes the layer it was in (a Close, a
Cancel) has the layer opened again by the button that opened it, until every button in it has been
pressed. After each press: no Python error shown (``.py-error``) and no page or console error.
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_page import boot, play_round

# Each visible enabled button of the top layer, named by a selector that finds it again after a redraw.
BUTTONS = """() => {
  const open = [...document.querySelectorAll('dialog[open]')];
  const layer = open.length ? open[open.length - 1] : document;
  const menu = document.getElementById('menu-button');
  const quote = (value) => JSON.stringify(String(value));
  return [...layer.querySelectorAll('button')]
    // (The menu's buttons count while it is folded away behind its button: they are pressed through it.)
    .filter(b => !b.disabled && (b.checkVisibility() || b.closest('#menu') && menu.checkVisibility())
                 && (layer !== document || !b.closest('dialog')))
    .map(b => {
      if (b.id) return '#' + b.id;
      const at = '#' + b.parentElement.closest('[id]').id + ' button';
      if (b.dataset.card) return `${at}[data-card=${quote(b.dataset.card)}]`;
      if (b.dataset.move) return `${at}[data-move=${quote(b.dataset.move)}]`;
      return b.value ? `${at}[value=${quote(b.value)}]` : `${at}[type=${quote(b.type)}]:not([value])`;
    });
}"""
TOP = "() => [...document.querySelectorAll('dialog[open]')].map(d => d.id).pop() || 'page'"
SETTLED = "html[data-turn]:not([data-turn=bots])"
# Pressed last in the page's layer: they play a move, so the state the test came to check goes on.
MOVES = ("#hand button", "#pass", "#next-round", "#new-game", "#guide-play", "#guide-skip")
# A new game from these is dealt by date or at random: pressed only where no state is left to visit.
DEALS = ("#daily-deal", "#start-game")


def pressed_cleanly(page, watch, selector):
    if not page.locator(selector).is_visible() and page.locator(f"#menu {selector}").count():
        page.click("#menu-button")  # a menu folded behind its button
    page.locator(selector).click()
    page.wait_for_selector(SETTLED)
    assert page.locator(".py-error").count() == 0, f"{selector}: {page.locator('.py-error').first.inner_text()}"
    assert watch.errors == [], f"{selector}: {watch.errors}"


def press_every_button(page, watch, pressed, opener=None, skip=DEALS):
    """Press each unpressed button of the top layer; follow a dialog it opens; reopen this layer
    (by ``opener``) when a press closed it while some of its buttons were still unpressed. Those in ``skip``
    are left alone."""
    layer = page.evaluate(TOP)
    while True:
        if page.evaluate(TOP) != layer:
            if opener is None or not page.locator(opener).is_visible():
                return
            pressed_cleanly(page, watch, opener)
            if page.evaluate(TOP) != layer:
                return
        waiting = [b for b in page.evaluate(BUTTONS) if b not in pressed and b not in skip]
        if layer == "page":  # the moves last: the page's other buttons are pressed in this state
            waiting.sort(key=lambda selector: selector.startswith(MOVES))
        if not waiting:
            if opener is not None and page.evaluate(TOP) == layer:  # opened again for nothing: Escape shuts it
                page.keyboard.press("Escape")
                assert page.evaluate(TOP) != layer, f"Escape closes {layer}"
            return
        button = waiting[0]
        pressed.add(button)
        pressed_cleanly(page, watch, button)
        now = page.evaluate(TOP)
        if now not in (layer, "page"):  # a dialog opened: its buttons, then back to this layer
            press_every_button(page, watch, pressed, button, skip)
        if layer == "page" and button.startswith(MOVES):
            return


def settled_turn(page):
    page.wait_for_selector(SETTLED)
    return page.evaluate("document.documentElement.dataset.turn")


def play_to(page, turns):
    """Play the person's first legal card (or pass), round after round, until the table waits on one of ``turns``."""
    while (turn := settled_turn(page)) not in turns:
        if turn == "round-over":
            page.click("#next-round")
        else:
            play_round(page)


def test_every_button_of_a_round_and_a_game_presses_cleanly(browser, site, watch):
    """The table on the person's turn (the bar's buttons, every dialog they open, a hint), a round's summary
    and its review, and the game's end: two chips each, so the game ends in a few rounds."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('sixes.settings', JSON.stringify({chips: 2}))")
    page = watched(context, watch)
    try:
        boot(page, site + "?seed=8&speed=0")  # (two rounds with two chips each)
        page.wait_for_selector("html[data-turn=you]")
        pressed = set()
        press_every_button(page, watch, pressed, skip=(*DEALS, "#guide-start"))  # (the guide: the next test)
        for dialog in ("rules", "stats", "log", "setup-form"):
            assert any(button.startswith(f"#{dialog} ") for button in pressed), f"the {dialog} dialog's buttons"
        assert {"#hint", "#copy-link", "#sound", "#show-lacks", "#reset-stats", "#save-text"} <= pressed
        play_to(page, ("round-over", "game-over"))
        assert page.evaluate("document.documentElement.dataset.turn") == "round-over", "a round's end first"
        press_every_button(page, watch, pressed)
        assert {"#review-round", "#review-prev", "#review-next", "#next-round"} <= pressed
        assert '#review button[type="submit"]:not([value])' in pressed, "the review's Close"
        play_to(page, ("game-over",))
        # Its Close leaves the finished table, which opens the game's end again (#show-result).
        press_every_button(page, watch, pressed, opener="#show-result", skip=())
        assert {
            "#review-last-round",
            "#over-stats",
            "#open-practise",
            "#over-log",
            "#over-close",
            "#new-game",
        } <= pressed
        assert "#daily-deal" in pressed
        # Last, the new games: the game's end opened the new-game dialog, whose daily deal began one.
        page.wait_for_selector(SETTLED)
        pressed_cleanly(page, watch, "#menu-new-game")
        press_every_button(page, watch, pressed, "#menu-new-game", skip=())
        assert "#start-game" in pressed
    finally:
        context.close()


def test_every_button_of_the_guided_deal_on_a_phone_presses_cleanly(browser, site, watch):
    """A first visit on a phone: the guided deal, the menu's popover and its dialogs, the guide played to its
    end ("Play a real game"), and the guide skipped."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = watched(context, watch)
    try:
        boot(page, site + "?speed=0")
        page.wait_for_selector("html[data-turn=guide]")
        pressed = set()
        press_every_button(page, watch, pressed)
        assert {"#menu-button", "#rules-button", "#guide-start", "#menu-stats"} <= pressed
        while not page.locator("#guide-play").is_visible():  # the guide's bots move at once: play on
            # (The guide's marker says "guide" throughout: wait for the person's turn, or the guide's end.)
            page.wait_for_function(
                "() => !document.getElementById('guide-play').hidden"
                " || document.querySelector('#hand button:enabled')"
                " || !document.getElementById('pass').disabled"
            )
            if page.locator("#guide-play").is_visible():
                break
            card = page.locator("#hand button:enabled")
            pressed_cleanly(page, watch, "#hand button:enabled >> nth=0" if card.count() else "#pass")
        pressed_cleanly(page, watch, "#guide-play")
        page.wait_for_selector("html[data-turn=you], html[data-turn=bots]")
        pressed_cleanly(page, watch, "#menu-button")
        pressed_cleanly(page, watch, "#rules-button")
        pressed_cleanly(page, watch, "#guide-start")
        page.wait_for_selector("html[data-turn=guide]")
        pressed_cleanly(page, watch, "#guide-skip")
        page.wait_for_selector("html[data-turn=you], html[data-turn=bots]")
    finally:
        context.close()


def watched(context, watch):
    """A page of ``context`` whose errors and foreign requests ``watch`` records (as the page fixture's)."""
    context.route("**/*", watch.route)
    page = context.new_page()
    page.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    return page
