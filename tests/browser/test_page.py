"""The game in a real browser: boot, a round played by clicking, saves across reloads.

Each test boots Pyodide (seconds), so each one checks a whole story. The
engine under CPython is the referee: the page's save is loaded here and what
the page shows is compared with what the rules say.
"""

import json
import pathlib
import sys

from playwright.sync_api import expect

import sixes
from sixes.model import review, table
from sixes.model.settings import BOT_NAMES

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from conftest import BOOT_TIMEOUT

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The settled marker (docs/testing.md): who the table waits for, and the moves played in the round. "guide" (the
# guided deal) and "bots" are not waited for: whatever a test reads next belongs to the person's turn or an end.
SETTLED = (
    "([leaving]) => { const d = document.documentElement.dataset;"
    " return ['you', 'round-over', 'game-over'].includes(d.turn) && `${d.turn} ${d.moves}` !== leaving"
    " && `${d.turn} ${d.moves}`; }"
)


def boot(page, url):
    page.goto(url)
    ready(page)
    assert page.locator(".py-error").count() == 0


def ready(page):
    """Wait for a (re)load to become interactive: the one wait allowed a boot's time."""
    page.wait_for_selector("html[data-state=ready]", timeout=BOOT_TIMEOUT)


def settled(page, leaving=None):
    """Wait until the table waits for the person or shows a round's (or the game's) end, in another state than
    ``leaving``; returns that state as the marker says it, e.g. "you 7" or "round-over 41"."""
    return page.wait_for_function(SETTLED, arg=[leaving]).json_value()


def fix_clock(page, when):
    """The page's clock starts at ``when`` ("2026-11-29T10:00:00", local time) and runs on from there."""
    page.clock.install(time=when)


def accessibility_problems(page, impacts=None):
    """axe-core's findings on the page as it is now, of the ``impacts`` named (None: every impact), injected as text:
    no request."""
    # Evaluated, not added as a <script>: the page's CSP refuses inline scripts, and rightly.
    page.evaluate((ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text())
    found = page.evaluate("axe.run().then(result => result.violations)")
    return [
        (v["id"], [node["target"] for node in v["nodes"]]) for v in found if impacts is None or v["impact"] in impacts
    ]


def serious_accessibility_problems(page):
    """axe-core's serious and critical findings on the page as it is now."""
    return accessibility_problems(page, ("serious", "critical"))


def saved_game(page):
    return sixes.Game.from_json(page.evaluate("localStorage.getItem('sixes.game')"))


def person_to_act(page):
    """Wait until the person must act (True) or the round has ended (False)."""
    return settled(page).startswith("you ")


def act(page, selector):
    """Click ``selector`` (a card, the pass, the next round...) where the table is settled; returns once the
    page has taken it (the marker moved on), so nothing read next belongs to the state before."""
    before = settled(page)
    page.locator(selector).click()
    page.wait_for_function(
        "(before) => `${document.documentElement.dataset.turn} ${document.documentElement.dataset.moves}` !== before",
        arg=before,
    )


def leave_if_asked(page, save):
    """After a new deal was asked for over ``save`` (the text of the game then): say "Leave it and deal" if the page
    asks first (a game in progress), and return once the new game is saved."""
    page.wait_for_function(
        "(save) => document.getElementById('replace-game').open || localStorage.getItem('sixes.game') !== save",
        arg=save,
    )
    if page.evaluate("document.getElementById('replace-game').open"):
        page.click("#replace-accept")
    page.wait_for_function("(save) => localStorage.getItem('sixes.game') !== save", arg=save)


def hand_cards(page, selector="#hand button"):
    return page.eval_on_selector_all(selector, "buttons => buttons.map(b => b.dataset.card)")


def table_state(page):
    """Everything the table shows that a reload must bring back."""
    return page.evaluate("""() => ({
      seats: [...document.querySelectorAll('[data-seat]')].map(s =>
        [s.dataset.seat, s.dataset.chips, s.dataset.cards, s.getAttribute('aria-current')]),
      hand: [...document.querySelectorAll('#hand button')].map(b => [b.dataset.card, b.disabled]),
      columns: [...document.querySelectorAll('[data-column]')].map(c =>
        [...c.querySelectorAll('[data-card]')].map(e => e.dataset.card)),
      pot: document.getElementById('pot').dataset.chips,
      pass: document.getElementById('pass').disabled,
      summary: document.getElementById('round-summary').open,
      // (the round's lesson comes when its marks are worked out, after the summary: test_practise's own)
      summaryText: (() => { const s = document.getElementById('round-summary').cloneNode(true);
                            s.querySelector('.lesson-line').remove(); return s.textContent; })(),
    })""")


def play_round(page):
    """Play the person's turns with the first legal card (or the pass) until the round ends."""
    while person_to_act(page):
        legal = hand_cards(page, "#hand button:enabled")
        act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")


def play_game(page, rounds=20):
    """Play round after round as play_round does until the game is over (at most ``rounds`` rounds)."""
    for _ in range(rounds):
        play_round(page)
        if settled(page).startswith("game-over"):
            return
        act(page, "#next-round")


def test_boots_under_a_subpath_with_nothing_from_elsewhere(page, site, watch):
    boot(page, site + "?seed=3&speed=0&lang=en")
    assert page.evaluate("location.pathname") == "/sixes/"
    assert page.evaluate("location.search") == "", "URL parameters are consumed"
    assert watch.requests and all(url.startswith(site) for url in watch.requests), "every URL is relative"
    assert any(url.endswith("pyodide.asm.wasm") for url in watch.requests), "the runtime came from this origin"
    game = saved_game(page)
    assert game.seed == 3
    expect(page.locator("#boot")).to_be_hidden()
    chips = [int(page.get_attribute(f'[data-seat="{seat}"]', "data-chips")) for seat in range(5)]
    assert sum(chips) + int(page.get_attribute("#pot", "data-chips")) == 50
    # The person's cards are in the page; no other seat's card is, except those played.
    in_page = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
    played = {str(card) for column in game.columns.values() for card in column}
    assert in_page == {str(card) for card in game.hand(0)} | played
    assert serious_accessibility_problems(page) == []


def test_a_round_played_by_clicking(page, site):
    boot(page, site + "?seed=11&speed=0")
    decisions = 0
    while person_to_act(page):
        game = saved_game(page)
        assert game.turn == 0
        assert sum(move.seat == 0 for move in game.history) == decisions, "each click played exactly once"
        legal = [str(card) for card in game.legal_moves()]
        assert hand_cards(page) == [str(card) for card in game.hand(0)], "the whole hand, sorted"
        assert hand_cards(page, "#hand button:enabled") == legal, "exactly the legal cards are enabled"
        assert page.is_enabled("#pass") == (not legal), "#pass only when no card is legal"
        decisions += 1
        if not legal:
            page.click("#pass")
            continue
        illegal = next((card for card in hand_cards(page) if card not in legal), None)
        if illegal:
            page.click(f'#hand [data-card="{illegal}"]', force=True)  # a disabled card does nothing
            assert page.locator(f'[data-column] [data-card="{illegal}"]').count() == 0
        card = legal[-1]
        # Two clicks in one go (a double click on a slow page): the second must not play again.
        page.eval_on_selector(f'#hand [data-card="{card}"]', "button => { button.click(); button.click(); }")
        expect(page.locator(f'[data-column="{card[1]}"] [data-card="{card}"]')).to_have_count(1)
        expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)
    game = saved_game(page)
    assert game.round_over and decisions > 0
    summary = page.locator("#round-summary")
    expect(summary).to_be_visible()
    names = ["You", "Aled", "Bethan", "Carys", "Dafydd"]
    rows = summary.locator("tbody tr")
    for seat in range(5):
        expect(rows.nth(seat)).to_contain_text(f"{game.round_start_chips[seat]} → {game.chips[seat]}")
    expect(summary).to_contain_text(f"{names[game.round_winner]} went out")
    assert serious_accessibility_problems(page) == []
    page.click("#next-round")
    expect(page.locator("#round-label")).to_have_text("Round 2")
    assert saved_game(page).round_number == 2


def test_keyboard_play_and_a_reload_mid_round_resumes_exactly(page, site):
    boot(page, site + "?seed=5&speed=0")
    person_to_act(page)
    page.focus("#hand button:enabled, #pass:enabled")
    for _ in range(2):  # after a move by keyboard, focus comes back to the hand on the next turn
        played = page.evaluate("document.activeElement.dataset.card || 'pass'")
        page.keyboard.press("Enter")
        assert person_to_act(page)
        assert page.evaluate("document.activeElement.matches('#hand button:enabled, #pass:enabled')")
        assert played == "pass" or page.locator(f'[data-column] [data-card="{played}"]').count() == 1
    before, save = table_state(page), page.evaluate("localStorage.getItem('sixes.game')")
    page.reload()
    ready(page)
    assert table_state(page) == before
    assert page.evaluate("localStorage.getItem('sixes.game')") == save


def test_chips_carry_over_rounds_and_reloads_in_welsh(page, site):
    boot(page, site + "?seed=21&speed=0&lang=cy")
    expect(page.locator("html")).to_have_attribute("lang", "cy")
    expect(page.locator("#menu-new-game")).to_have_text("Gêm newydd")
    play_round(page)
    expect(page.locator("#round-summary")).to_contain_text("Delio'r rownd nesaf")
    ended = table_state(page)
    chips = saved_game(page).chips
    assert ended["summary"]
    page.reload()
    ready(page)
    assert table_state(page) == ended, "the round summary comes back as it was"
    page.click("#next-round")
    person_to_act(page)
    game = saved_game(page)
    assert game.round_number == 2 and game.round_start_chips == chips
    page.reload()
    ready(page)
    assert saved_game(page).round_start_chips == chips
    seat_chips = [int(page.get_attribute(f'[data-seat="{seat}"]', "data-chips")) for seat in range(5)]
    assert seat_chips == saved_game(page).chips
    expect(page.locator("#round-label")).to_have_text("Rownd 2"), "the language outlives the URL parameter"


def test_corrupt_save_is_kept_and_a_new_game_starts(page, site):
    boot(page, site + "?seed=2&speed=0")  # (a link: not the guided first deal, which a reload would resume)
    broken = '{"version": 1, "players": 5, "hands": "not cards"'
    page.evaluate("text => localStorage.setItem('sixes.game', text)", broken)
    page.reload()
    ready(page)
    expect(page.locator("#notice")).to_contain_text("could not be opened")
    assert page.evaluate("localStorage.getItem('sixes.game.backup')") == broken
    assert saved_game(page).round_number == 1
    assert person_to_act(page)
    page.click("#dismiss")
    expect(page.locator("#notice")).to_be_hidden()


def test_new_game_settings_and_game_over_survive_reload(page, site):
    boot(page, site + "?seed=2")  # normal speed: a new game is dealt while the old one's bots think
    page.click("#menu-new-game")
    page.fill("#setup [name=name]", "Ann <b>")
    page.fill("#setup [name=chips]", "1")
    page.select_option("#setup [name=level-all]", "easy")
    page.select_option("#setup [name=speed]", "instant")
    page.check("#setup [name=may_pass]")
    page.click("#start-game")
    expect(page.locator('[data-seat="0"] .name')).to_have_text("Ann <b>")
    settings = json.loads(page.evaluate("localStorage.getItem('sixes.settings')"))
    assert settings["levels"] == ["easy"] * len(BOT_NAMES) and settings["chips"] == 1 and settings["speed"] == "instant"
    assert person_to_act(page), "the new game's bots play on"
    assert saved_game(page).start_chips == 1 and saved_game(page).may_pass
    assert page.is_enabled("#pass"), "the house rule lets the person pass at any turn"
    # With one chip each, the first pass empties a seat: the game ends within a few rounds.
    play_game(page)
    game = saved_game(page)
    assert game.over
    expect(page.locator("#game-over")).to_be_visible()
    # The last round in one line, once worked out; a deal of New game is the luck of the draw, and a round whose
    # every move of the person's was forced has nothing to say (review.lesson_text), which one chip each makes likely.
    lesson = expect(page.locator("#over-lesson"))
    said = bool(review.choices(review.RoundRecord.of_game(game)))
    if said:
        lesson.to_be_visible(timeout=60_000)
    standings = page.locator("#game-over").inner_text()
    page.reload()
    ready(page)
    expect(page.locator("#game-over")).to_be_visible()
    (lesson.to_be_visible if said else lesson.to_be_hidden)()  # (its marks kept: at once)
    assert page.locator("#game-over").inner_text() == standings
    page.click("#new-game")
    page.click("#start-game")
    expect(page.locator("#game-over")).to_be_hidden()
    page.wait_for_selector("html:not([data-turn=game-over])")  # the new game dealt (the form's close deals it)
    assert not saved_game(page).over


def test_bots_move_at_a_pace_a_person_can_follow(page, site):
    # "fast" is the quickest animated speed: each bot waits 0.4 s, and cards fly to their columns.
    page.context.add_init_script("""
      localStorage.setItem('sixes.settings', JSON.stringify({speed: 'fast'}));
      window.narrated = [];
      addEventListener('DOMContentLoaded', () => new MutationObserver(() => narrated.push(performance.now()))
        .observe(document.getElementById('narration'), {childList: true, subtree: true, characterData: true}));
    """)
    boot(page, site + "?seed=5")
    ready = page.evaluate("performance.getEntriesByName('sixes-ready')[0].startTime")
    assert person_to_act(page)
    bot_moves = [move for move in saved_game(page).history if move.seat != 0]
    assert len(bot_moves) >= 2
    # Each bot waits its 0.4 s after the move before it, so the k-th bot move is told k waits after ready at the
    # earliest. (Not move by move: a move is told once its frame is painted, so one slow frame brings the next
    # move's line closer to it, as a loaded machine's run saw, 272 ms, without any bot moving sooner.)
    told = [at - ready for at in page.evaluate("narrated")[-len(bot_moves) :]]
    assert all(at >= 350 * k for k, at in enumerate(told, start=1)), told
    legal = hand_cards(page, "#hand button:enabled")
    page.click(f'#hand [data-card="{legal[0]}"]')
    expect(page.locator(f'[data-column] [data-card="{legal[0]}"]')).to_have_count(1)
    assert page.evaluate("document.getAnimations().length") > 0, "the played card travels to its column"


def test_forced_moves_play_themselves_and_hints_name_a_legal_card(page, site):
    boot(page, site + "?seed=9&speed=0")
    page.check("#autoplay")
    clicks = 0
    while person_to_act(page):
        legal = hand_cards(page, "#hand button:enabled")
        assert len(legal) >= 2, "with the option on, a forced move is never left to the person"
        page.click("#hint")
        expect(page.locator("#hand .hinted")).to_have_count(1)  # the expert works it out in slices
        hint = page.text_content("#status")
        assert hint.startswith("Hint: Play ")
        hinted = hint.removeprefix("Hint: Play ").split(":")[0].split(",")[0]
        assert hinted in [table.card_label(card) for card in legal]
        assert table.card_label(page.get_attribute("#hand .hinted", "data-card")) == hinted
        page.click(f'#hand [data-card="{legal[0]}"]')
        clicks += 1
    assert sum(move.seat == 0 for move in saved_game(page).history) > clicks, "some turns were played for the person"


def test_a_runtime_that_fails_to_load_is_explained_in_words(page, site, watch):
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site)
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    expect(page.locator("#boot-text")).to_contain_text("The game could not start")
    expect(page.locator("#boot-text")).to_contain_text("pyodide.asm.wasm did not load")  # which file, by name
    expect(page.locator("#boot")).to_be_visible()
    # The whole explanation is in the person's language, not just its first words.
    page.goto(site + "?lang=cy")
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    expect(page.locator("#boot-text")).to_contain_text("Doedd dim modd cychwyn y gêm")
    expect(page.locator("#boot-text")).to_contain_text("pyodide.asm.wasm heb lwytho")
    expect(page.locator("#boot-text")).not_to_contain_text("If you run it yourself")
    watch.errors.clear()  # the failed downloads are rightly logged as errors
