"""The guided first deal (sixes.model.guide): every path the person can take through it teaches every step,
in order, and every step is said in every language and deck."""

import re

import pytest

from sixes.engine.cards import RANKS
from sixes.model import guide
from sixes.model.settings import Settings
from sixes.model.words import DECKS, LANGUAGES, say_in

# The steps on the person's turns, in the order they must come on every path.
PERSON_STEPS = ["guide_open", "guide_one", "guide_pay", "guide_choose", "guide_last"]


def paths(game=None, steps=()):
    """Every way the person can play the guided deal: (steps seen, in order, with repeats dropped; the game at its end)."""
    game = game or guide.guided_game()
    steps = list(steps)
    while not game.round_over:
        now = guide.step(game)
        if not steps or steps[-1] != now:
            steps.append(now)
        if game.turn != 0:
            card = guide.bot_move(game)
            game.apply(card)
            continue
        legal = game.legal_moves()
        if len(legal) > 1:
            for card in legal:
                branch = game.from_json(game.to_json())
                branch.play(card)
                yield from paths(branch, steps)
            return
        game.play(legal[0]) if legal else game.pass_turn()
    yield steps + [guide.step(game)], game


ALL = list(paths())


def test_the_person_has_a_real_choice_so_there_is_more_than_one_path():
    assert len(ALL) >= 2


@pytest.mark.parametrize("number", range(len(ALL)))
def test_every_path_teaches_each_step_in_order_and_the_person_takes_the_pot(number):
    steps, game = ALL[number]
    keys = [step.key for step in steps]
    assert [key for key in keys if key in PERSON_STEPS] == PERSON_STEPS
    assert keys[0] == "guide_open" and keys[1] == "guide_opened"
    assert keys.index("guide_paid") == keys.index("guide_pay") + 1, "the chip just paid is explained next"
    assert keys[-1] == "guide_done"
    assert game.round_winner == 0, "the person goes out first"
    pot = sum(move.paid for move in game.history)
    assert steps[-1].fields == {"chips": pot} and pot >= 3, "the bots paid in too: a pot worth taking"
    assert game.chips[0] == 10 - 1 + pot
    assert sum(move.seat == 0 and move.card is None for move in game.history) == 1, "the person passes once"
    choice = next(step for step in steps if step.key == "guide_choose")
    assert len(choice.fields["reasons"]) == 2


def test_the_reasons_say_truly_where_each_card_goes():
    steps, _ = ALL[0]
    said = {step.key: step for step in steps}
    assert said["guide_one"].fields["reasons"] == [
        ("guide_why_six", {"card": said["guide_one"].fields["reasons"][0][1]["card"], "suit": "H"})
    ]
    for key, fields in said["guide_choose"].fields["reasons"]:
        card, end = fields["card"], fields["end"]
        assert card.suit == end.suit and abs(RANKS.index(card.rank) - RANKS.index(end.rank)) == 1
        assert key == ("guide_why_below" if card.index < end.index else "guide_why_above")


def test_the_guided_deal_is_casual_so_it_counts_in_no_statistics():
    assert guide.guided_game().casual


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("deck", DECKS)
def test_every_step_is_said_in_every_language_and_deck(lang, deck):
    say = say_in(lang, deck)
    names = Settings(lang=lang).names
    seen = set()
    for steps, _ in ALL:
        for step in steps:
            text = guide.words(step, names, say)
            assert text and not re.search(r"[{}]", text), text
            seen.add(text)
    assert len(seen) >= 10
    if deck == "spanish":
        assert not any(symbol in text for text in seen for symbol in "♠♥♦♣"), "Spanish suits have no symbols"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_touch_screen_the_guide_says_tap_and_names_no_key(lang):
    say, names = say_in(lang), Settings(lang=lang).names
    for steps, _ in ALL[:1]:
        for step in steps:
            if step.key in guide.TOUCH_WORDS:
                keyed, touched = guide.words(step, names, say), guide.words(step, names, say, touch=True)
                assert touched != keyed and touched.startswith(keyed[:40]), "the same step, said for a tap"
                assert not re.search(r"Enter|Intro|\bP\b", touched) and re.search(r"Enter|Intro|\bP\b", keyed)
            else:
                assert guide.words(step, names, say, touch=True) == guide.words(step, names, say)
    if lang == "en":
        assert "tap it" in guide.words(guide.step(guide.guided_game()), names, say, touch=True)


def test_before_a_jack_lands_on_a_seven_the_guide_says_the_eights_to_tens_are_out():
    steps, _ = ALL[0]
    said = [guide.words(step, Settings().names, say_in("en")) for step in steps]
    assert "no 8s or 9s (and no 10s with French suits)" in said[1] and "goes directly above a 7" in said[1]
    assert steps[1].key == "guide_opened", "said as the bots begin to play, before Bethan's J♦ on the 7♦"
