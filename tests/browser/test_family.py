"""The Sevens family on the page (issue 54, item 4): each variant dealt from a link and a round of it played by clicking,
at a phone's and a laptop's size, in Chromium (all four) and in Firefox ESR and WebKitGTK (a 52-card game and
Cinquillo on a phone); and a full column of each column shape (13 cards round the 7, Cinquillo's 10 round the 5) at
every screen size and card size in Chromium. On the way: the variant on <html>, points or chips as the variant keeps
them (no pot where it keeps points), every rank whole (issue 52's measure, test_card_faces.RANKS), every card where
its slot says, a tapped card's flight finding its open end by the variant's ranks, and nothing outside the screen.

The engine under CPython is the referee, as in test_engines: the page's save is loaded and what the page shows is
compared with it.
"""

import itertools
import json
import pathlib
import sys
from random import Random

import pytest

import sixes
from tests.conftest import play, random_card

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode
from test_card_faces import CARD_SIZES, RANKS
from test_engines import LEGAL, act, boot, saved_game, settled
from test_page import boot as boot_page
from test_page import person_to_act
from test_robustness import plant
from test_screens import SIZES, new_page, next_frame

KEEPS_POINTS = {"sixes": False, "sevens": True, "fan-tan": False, "cinquillo": True}

# Chromium: every variant at both sizes; Firefox and WebKit: every game of the family but Sixes (which the rest of the
# suite plays in them) at both sizes.
PHONE, LAPTOP = (390, 844), (1280, 800)
ROUNDS = [
    pytest.param(engine, variant, size, id=f"{engine}-{variant}-{size[0]}x{size[1]}")
    for engine, variant, size in [
        *[("chromium", variant, size) for variant in KEEPS_POINTS for size in (PHONE, LAPTOP)],
        *[
            (engine, variant, size)
            for engine in ("firefox", "webkit")
            for variant in ("sevens", "fan-tan", "cinquillo")
            for size in (PHONE, LAPTOP)
        ],
    ]
]

# What the table shows of the family, read in one go: [the variant, each seat's kept figures, the score marks shown
# (.points, .chips), whether #pot shows, each column's [slot, top] by slot, the centre's dashed place's top (its
# column's own), each playable card's open end as the tap's flight finds it (assets/boot.js: by sixesHand.ranks) with
# its column and slot, and the columns' card width beside the hand's rows and the seats' "no ..." tabs]. (The columns
# are sized by the room the seats and the hand leave them: in a 52-card game on a phone they grow once the hand is one
# row, and keep their size as the seats' tabs come and go.)
TABLE = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const ranks = window.sixesHand.ranks;
  return {
    variant: document.documentElement.dataset.variant,
    seats: [...document.querySelectorAll('[data-seat]')].filter(shown).sort((a, b) => a.dataset.seat - b.dataset.seat)
      .map(s => [s.dataset.points ?? null, s.dataset.chips ?? null]),
    marks: ['.seat .points', '.seat .chips'].map(css => [...document.querySelectorAll(css)].filter(shown).length),
    pot: shown(document.getElementById('pot')),
    columns: [...document.querySelectorAll('[data-column]')].map(column => {
      const top = column.getBoundingClientRect().top;
      return [...column.querySelectorAll(':scope > .card[data-card]')]
        .map(card => [+card.dataset.slot, card.dataset.card, card.getBoundingClientRect().top - top])
        .sort((a, b) => a[0] - b[0]);
    }),
    flights: [...document.querySelectorAll('#hand button:enabled')].map(b => {
      const [rank, suit] = b.dataset.card;
      const end = document.querySelector(
        `#table [data-column="${suit}"] > .end[data-slot="${ranks.indexOf(rank)}"]`);
      return [b.dataset.card, end ? end.closest('[data-column]').dataset.column : null, end ? +end.dataset.slot : null];
    }),
    felt: [document.querySelector('[data-column]').getBoundingClientRect().width,
           document.getElementById('hand').classList.contains('two-rows'), document.querySelectorAll('.lacks .gap').length],
  };
}"""

# What lies outside the viewport, or a page that scrolls: each as [what, left, top, right, bottom].
OUTSIDE = """() => {
  const shown = (e) => e.getClientRects().length > 0;
  const all = (css) => [...document.querySelectorAll(css)].filter(shown);
  const out = all('[data-seat], [data-column], [data-column] > .card, #hand .card, #pot, #pass, #hint, #status,'
                  + ' #round-label')
    .map(e => [e.dataset.card || e.dataset.column || e.dataset.seat || e.id, e.getBoundingClientRect()])
    .filter(([, r]) => r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    .map(([what, r]) => [what, r.left, r.top, r.right, r.bottom].map(v => typeof v === 'number' ? Math.round(v) : v));
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight || scrollX || scrollY) {
    out.push(['the page scrolls', root.scrollWidth, root.scrollHeight, innerWidth, innerHeight]);
  }
  return out;
}"""


def wrong_with_table(seen, game, variant):
    """What the table (TABLE's reading) shows otherwise than the rules of ``game`` (its save) say."""
    rules, wrong = game.rules, []
    if seen["variant"] != variant:
        wrong.append(f"html[data-variant] is {seen['variant']}")
    if KEEPS_POINTS[variant]:
        if [points for points, _ in seen["seats"]] != [str(p) for p in game.points]:
            wrong.append(f"seats' points {seen['seats']}, not {game.points}")
        if any(chips is not None for _, chips in seen["seats"]) or seen["marks"] != [len(game.points), 0]:
            wrong.append(f"chips on a points game's seats: {seen['seats']} {seen['marks']}")
        if seen["pot"]:
            wrong.append("a pot in a game without chips")
    else:
        if [chips for _, chips in seen["seats"]] != [str(c) for c in game.chips]:
            wrong.append(f"seats' chips {seen['seats']}, not {game.chips}")
        if any(points is not None for points, _ in seen["seats"]) or seen["marks"] != [0, len(game.chips)]:
            wrong.append(f"points on a chips game's seats: {seen['seats']} {seen['marks']}")
        if not seen["pot"]:
            wrong.append("no pot in a game of chips")
    for column in seen["columns"]:
        for slot, card, _ in column:
            if slot != rules.ranks.index(card[0]):
                wrong.append(f"{card} in slot {slot}")
        # Each card one step above the one of the slot under it: the same step all the way up the column.
        steps = [round(below - above, 1) for (_, _, below), (_, _, above) in itertools.pairwise(column)]
        if steps and (min(steps) <= 0 or max(steps) - min(steps) > 1):
            wrong.append(f"a column's steps {steps}")
    for card, column, slot in seen["flights"]:
        if column != card[1] or slot != rules.ranks.index(card[0]):
            wrong.append(f"{card}'s flight finds its end at {column} {slot}")
    return wrong


@pytest.mark.parametrize("engine, variant, size", ROUNDS, indirect=["engine"])
def test_a_round_of_each_variant_dealt_from_a_link_and_played_by_clicking(engine, variant, size):
    engine.viewport(*size)
    boot(engine, f"?seed=21&speed=0&variant={variant}&lang=en")
    engine.keep_viewport()
    wrong, turns, felt = {}, 0, []
    while settled(engine).startswith("you "):
        game, seen = saved_game(engine), engine.evaluate(TABLE)
        felt.append(seen["felt"])
        assert game.variant == variant and len(game.rules.ranks) == (13 if variant in ("sevens", "fan-tan") else 10)
        found = wrong_with_table(seen, game, variant) + engine.evaluate(RANKS) + engine.evaluate(OUTSIDE)
        if found:
            wrong[f"turn {turns}"] = found
        legal = engine.evaluate(LEGAL)
        assert legal == [str(card) for card in game.legal_moves()], "exactly the legal cards are enabled"
        act(engine, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
        turns += 1
    # The round's summary (the game's end, if the round ended it: Fan Tan's card payments can take a player's last
    # chip in the first round), over the table as the round left it.
    game = saved_game(engine)
    end, summary = ("game-over", "game-over") if game.over else ("round-over", "round-summary")
    assert game.round_over and settled(engine) == f"{end} {len(game.history)}"
    engine.wait(f"document.getElementById('{summary}').open")
    assert engine.evaluate("document.documentElement.dataset.turn") == end
    wrong[end] = wrong_with_table(engine.evaluate(TABLE), game, variant) + engine.evaluate(OUTSIDE)
    assert turns > 0
    if size == PHONE and len(game.rules.ranks) == 13:
        # A 13-card column is sized by the height: a seat growing a line of "no ..." tabs at a bot's pass, or the
        # narration a second line ("... paid 1 chip and passed" twice), resized every card, and cost the phone
        # profile ~150 ms of layout each time. A size for each of the hand's layouts.
        assert max(gaps for _, _, gaps in felt) > 0, "the seats showed what passes proved"
        sizes = {(two_rows, round(width, 1)) for width, two_rows, _ in felt}
        assert len(sizes) == len({two_rows for two_rows, _ in sizes}), json.dumps(felt)
    assert {k: v for k, v in wrong.items() if v} == {}, (
        "the table as the variant's rules say, in view, every rank whole"
    )
    heads = engine.evaluate(f"[...document.querySelectorAll('#{summary} th')].map(th => th.textContent)")
    assert ("Points" if KEEPS_POINTS[variant] else "Chips") in heads, heads


def full_column_game(variant, seed=1):
    """A game of ``variant`` at the person's turn with a column of every rank (13 or 10 cards), from CPython's random
    moves."""
    game = play(
        sixes.Game(seed=seed, variant=variant),
        random_card(Random(seed)),
        until=lambda g: g.turn == 0 and g.legal_moves() and max(map(len, g.columns.values())) == len(g.rules.ranks),
        turns=400,
    )
    assert not game.round_over and game.variant == variant
    return game


@pytest.mark.parametrize("variant", ["sevens", "cinquillo"])
def test_a_full_column_fits_every_screen_at_every_card_size_with_every_rank_whole(browser, watch, site, variant):
    game = full_column_game(variant)
    wrong = {}
    for card_size in CARD_SIZES:
        context, page = new_page(browser, watch, stored=False)
        try:
            plant(page, site, {"sixes.game": game.to_json(), "sixes.settings": json.dumps({"card_size": card_size})})
            boot_page(page, site + "?lang=en&speed=0")
            assert person_to_act(page)
            assert page.evaluate("document.documentElement.dataset.variant") == variant
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                next_frame(page)
                found = page.evaluate(RANKS) + page.evaluate(OUTSIDE)
                longest = max(len(column) for column in page.evaluate(TABLE)["columns"])
                if longest != len(game.rules.ranks):
                    found.append(f"the longest column shows {longest} cards")
                if found:
                    wrong[f"{card_size} {width}×{height}"] = found
        finally:
            context.close()
    assert wrong == {}, "each rank whole above the card on it, every card in view, no scrolling"
    assert watch.errors == []
