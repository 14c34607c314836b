"""The page's view model under CPython: what seat 0 is shown, and the files the browser gets."""

import json
import pathlib
import re
from types import SimpleNamespace

import pytest

import sixes
from sixes.engine import bots
from sixes.engine.cards import cards_of, mask_of
from sixes.engine.variants import SIXES, variant
from sixes.model import hints, keys, table, table_html, words
from sixes.model.settings import Settings
from sixes.model.words import say_in
from tests.conftest import bot, end_of_game, play

ROOT = pathlib.Path(__file__).resolve().parents[2]

# A scripted deal, so the test knows every hand; seat 0 leads with the 6D.
HANDS = [
    ["6D", "AS", "2S", "3S", "4S", "5S", "AH", "2H"],
    ["6C", "7S", "JS", "QS", "KS", "3H", "4H", "5H"],
    ["6H", "7H", "JH", "QH", "KH", "AD", "2D", "3D"],
    ["4D", "5D", "7D", "JD", "QD", "KD", "AC", "2C"],
    ["6S", "3C", "4C", "5C", "7C", "JC", "QC", "KC"],
]
PERSON_SORTED = ["AS", "2S", "3S", "4S", "5S", "AH", "2H", "6D"]


def seat_html(seat, say):
    """A seat's whole inside, as the page draws it part by part."""
    return "".join(html for _, html in table_html.seat_parts(seat, say))


def scripted():
    return sixes.Game.from_hands(HANDS, chips=10, dealer=4)


def play_out(game):
    """Finish the round with medium bots in every seat."""
    return play(game, bot("medium"))


def test_the_person_sees_their_own_hand_and_no_other():
    game = scripted()
    view = table.build(game, Settings())
    assert [card for card, _ in view.hand] == PERSON_SORTED, "sorted by suit, then rank"
    drawn = table_html.hand_html(view) + "".join(seat_html(seat, view.say) for seat in view.seats)
    drawn += "".join(table_html.column_html(column, view.say) for column in view.columns)
    shown = set(re.findall(r'data-card="(\w+)"', drawn))
    assert shown == set(HANDS[0])
    assert [seat.cards for seat in view.seats] == [8] * 5
    assert drawn.count('class="back"') == 32, "four bots, eight card backs each"


def test_only_legal_cards_are_playable_and_only_on_the_persons_turn():
    game = scripted()
    view = table.build(game, Settings())
    assert view.your_turn and [card for card, playable in view.hand if playable] == ["6D"]
    assert not view.must_pass and view.status == "Your turn: play a raised card."
    waiting = table.build(game, Settings(), interactive=False)
    assert not any(playable for _, playable in waiting.hand) and not waiting.your_turn
    game.play("6D")
    view = table.build(game, Settings())
    assert not view.your_turn and not any(playable for _, playable in view.hand)
    assert [seat.acting for seat in view.seats] == [False, True, False, False, False]
    assert view.status == "Aled to play…"


def test_must_pass_when_no_card_is_legal():
    game = scripted()
    for move in ("6D", "6C", "6H", "5D", "7C"):  # seats 0-4: nothing opens for seat 0's cards
        game.play(move)
    view = table.build(game, Settings())
    assert game.legal_moves() == [] and view.must_pass and view.your_turn
    assert not any(playable for _, playable in view.hand)
    assert view.status == "You cannot play: pay 1 chip and pass."
    game.pass_turn()
    assert not table.build(game, Settings()).must_pass, "only on the person's own turn"


def test_columns_keep_each_rank_in_its_place_with_the_open_ends():
    game = scripted()
    game.play("6D")
    columns = {column.suit: column for column in table.build(game, Settings()).columns}
    assert columns["D"].cards == [("6D", 5)]
    assert sorted(columns["D"].ends) == [("5D", 4), ("7D", 6)]
    assert columns["S"].cards == [] and columns["S"].ends == [("6S", 5)]
    html = table_html.column_html(columns["D"], say_in("en"))
    assert 'class="end above"' in html and 'class="end below"' in html
    assert 'class="end start"' in table_html.column_html(columns["S"], say_in("en"))


def test_narration_names_the_last_moves():
    names, say = Settings().updated(name="Ann").names, say_in("en")
    rules, free = SIXES, variant("sevens")
    assert table.narrate(sixes.Move(2, sixes.Card.parse("7H"), 0), names, say, rules) == "Bethan played 7♥"
    assert table.narrate(sixes.Move(3, None, 1), names, say, rules) == "Carys paid 1 chip and passed"
    assert table.narrate(sixes.Move(0, None, 0), names, say, rules) == "You passed with no chip to pay", "you, not Ann"
    # A game where a pass costs nothing has no chip to pay: a pass is a pass (it was "with no chip to pay" in Sevens).
    assert table.narrate(sixes.Move(3, None, 0), names, say, free) == "Carys passed"
    assert table.narrate(sixes.Move(0, None, 0), names, say, free) == "You passed"
    game = scripted()
    assert table.build(game, Settings()).narration == ["Round 1: Dafydd dealt."]
    for move in ("6D", "6C", "6H", "5D"):
        game.play(move)
    assert table.build(game, Settings()).narration == ["Aled played 6♣", "Bethan played 6♥", "Carys played 5♦"]


def test_round_summary_shows_each_seat_before_and_after():
    game = play_out(sixes.Game(seed=8))
    title, line, rows = table.round_summary(game, Settings())
    winner = game.round_winner
    assert [(row.before, row.after) for row in rows] == list(zip(game.round_start_chips, game.chips))
    assert [row.went_out for row in rows] == [seat == winner for seat in range(5)]
    pot = sum(move.paid for move in game.history)
    assert rows[winner].after - rows[winner].before == pot - sum(m.paid for m in game.history if m.seat == winner)
    assert str(pot) in line and Settings().names[winner] in title
    html = table_html.summary_html(rows, say_in("en"))
    assert html.count("<tr") == 6 and f"{rows[0].before} → {rows[0].after}" in html


def test_standings_share_places_on_ties():
    game = play(sixes.Game(seed=1, chips=1), bot("medium"), until=end_of_game)
    title, rows = table.standings(game, Settings())
    chips = [row[2] for row in rows]
    assert chips == sorted(chips, reverse=True)
    assert [row[0] for row in rows] == [1 + chips.index(c) for c in chips]
    assert {row[1] for row in rows if row[3]} == {Settings().names[s] for s in game.winners}
    broke = [Settings().names[seat] for seat in range(1, 5) if game.chips[seat] == 0] + ["you"] * (not game.chips[0])
    out = say_in("en")("list", broke)
    assert table.game_over_text(game, Settings()).endswith(f"Out of chips: {out}. The game is over.")
    assert "Place" in table_html.standings_html(rows, say_in("en"))
    assert title.endswith(("win", "wins", "win!")) or title.startswith("You share the win with ")


def over(chips, winners):
    """A finished game as game_over_text and standings read it: its chips, its winners, an empty last pot."""
    return SimpleNamespace(
        players=len(chips),
        chips=chips,
        points=[0] * len(chips),
        rules=SIXES,
        winners=winners,
        round_winner=winners[0],
        history=[],
        round_start_chips=chips,
    )


@pytest.mark.parametrize(
    "lang, chips, winners, title, end",
    [
        ("es", [0, 0, 15], [2], "Gana Bethan", "Sin fichas: Aled y tú. La partida ha terminado."),
        ("es", [0, 5, 10], [2], "Gana Bethan", "Te has quedado sin fichas. La partida ha terminado."),
        ("es", [8, 8, 0], [0, 1], "Compartes la victoria con Aled", "Sin fichas: Bethan. La partida ha terminado."),
        (
            "cy",
            [8, 8, 0],
            [0, 1],
            "Rydych chi'n rhannu'r fuddugoliaeth gyda Aled",
            "Heb sglodion: Bethan. Mae'r gêm drosodd.",
        ),
        ("en", [0, 0, 16], [2], "Bethan wins", "Out of chips: Aled and you. The game is over."),
        ("si", [5, 5, 0, 5], [0, 1, 3], "ඔබ Aled සහ Carys සමඟ ජයග්‍රහණය බෙදා ගනී", "චිප්ස් අවසන්: Bethan. ක්‍රීඩාව අවසන්."),
    ],
)
def test_the_person_is_said_as_you_not_as_a_name_a_verb_agrees_with(lang, chips, winners, title, end):
    """ "Ana y Tú comparten la victoria" reads wrong: the person's own sentences say "you" ("Compartes ... con Ana")."""
    settings, game = Settings().updated(lang=lang), over(chips, winners)
    assert table.standings(game, settings)[0] == title
    assert table.game_over_text(game, settings).endswith(end)


@pytest.mark.parametrize(
    "lang, you, aled",
    [
        ("es", "Ronda 3: repartes tú.", "Ronda 3: reparte Aled."),
        ("cy", "Rownd 3: delioch chi.", "Rownd 3: deliodd Aled."),
        ("en", "Round 3: you dealt.", "Round 3: Aled dealt."),
    ],
)
def test_the_dealer_is_said_in_the_past_and_the_person_as_you(lang, you, aled):
    settings = Settings().updated(lang=lang)
    assert [table.dealt_text(3, seat, settings.names, settings.say) for seat in (0, 1)] == [you, aled]


def test_names_are_escaped_in_html():
    settings = Settings().updated(name="<img src=x>")
    view = table.build(scripted(), settings)
    assert "<img" not in seat_html(view.seats[0], view.say)
    assert "&lt;img" in seat_html(view.seats[0], view.say)


def test_restore_keeps_a_good_save_and_replaces_a_bad_one():
    game = scripted()
    game.play("6D")
    assert table.restore(game.to_json(), scripted)[0] == game
    fresh, problem = table.restore(None, scripted)
    assert fresh == scripted() and problem is None
    for lang in words.LANGUAGES:
        assert keys.BACKUP_KEY in say_in(lang)("unloadable", key=keys.BACKUP_KEY)
    for bad in ("", "{", json.dumps({"version": 99}), game.to_json().replace('"pot":0', '"pot":7')):
        fresh, problem = table.restore(bad, scripted)
        assert fresh == scripted()
        assert problem


@pytest.mark.parametrize(
    "card, label, name", [("7H", "7♥", "7 of Hearts"), ("AS", "A♠", "Ace of Spades"), ("QC", "Q♣", "Queen of Clubs")]
)
def test_card_words(card, label, name):
    assert table.card_label(card) == label and say_in("en").card(card) == name
    assert f"<b>{card[0]}</b>" in table_html.card_face(card, say_in("en"))


def test_the_house_rule_lets_the_person_pass_with_a_card_to_play():
    strict = table.build(scripted(), Settings())
    assert not strict.can_pass and not strict.must_pass
    relaxed = table.build(sixes.Game.from_hands(HANDS, dealer=4, may_pass=True), Settings())
    assert relaxed.can_pass and not relaxed.must_pass and relaxed.status.endswith("or pass.")
    assert Settings().updated(may_pass=True).may_pass


def test_every_language_says_everything_the_page_asks_for():
    assert words.WORDS["cy"].keys() == words.WORDS["en"].keys()
    html = (ROOT / "index.html").read_text()
    asked = set(re.findall(r'data-say(?:-label|-title)?="(\w+)"', html))  # (each of the three ways index.html asks)
    assert asked and asked <= words.EN.keys()
    hint_keys = {f"hint_{reason}" for reason in hints.REASONS}
    assert hint_keys <= words.EN.keys()


def test_the_table_in_welsh():
    settings = Settings().updated(lang="cy")
    game = scripted()
    view = table.build(game, settings)
    assert view.status == "Eich tro chi: chwaraewch gerdyn wedi'i godi."
    assert view.narration == ["Rownd 1: deliodd Dafydd."]
    game.play("6D")
    view = table.build(game, settings)
    assert view.narration == ["Chwaraeoch chi 6♦"] and view.status == "Tro Aled…"
    assert "Brenin o Galonnau" in table_html.card_face("KH", view.say)
    assert Settings().updated(lang="cy").names[0] == "Chi"
    assert say_in("cy")("list", ["Chi", "Aled"]) == "Chi ac Aled"


# --- what a real table shows (issue 11) -----------------------------------------


def test_the_last_card_played_is_marked_once_and_stays_marked_through_passes():
    game = scripted()
    assert all(column.last is None for column in table.build(game, Settings()).columns), "no card yet"
    for move in ("6D", "6C", "6H", "5D", "7C"):
        game.play(move)
        view = table.build(game, Settings())
        drawn = "".join(table_html.column_html(column, view.say) for column in view.columns)
        assert re.findall(r'data-card="(\w+)"[^>]*data-last', drawn) == [move]
    game.pass_turn()  # seat 0 cannot play: the 7C stays the last card played
    view = table.build(game, Settings())
    assert [column.last for column in view.columns if column.last] == ["7C"]


def passes_seen(seed, until_round_over=True):
    """Play seed's first round with medium bots, noting the open ends at each pass: a seat that passes
    holds none of them. Returns the game and, per seat, the cards its passes ruled out."""
    game = sixes.Game(seed=seed)
    ruled_out = [set() for _ in range(game.players)]
    while not game.round_over:
        card = bots.decide("medium", game)
        if card is None:
            ruled_out[game.turn] |= {str(c) for c in cards_of(game.view(0).playable)}
            game.pass_turn()
        else:
            game.play(card)
        if not until_round_over and any(ruled_out[1:]):
            break
    return game, ruled_out


def test_each_seat_shows_the_unplayed_cards_its_passes_prove_it_does_not_hold():
    game, ruled_out = passes_seen(3, until_round_over=False)
    played = {str(card) for column in game.columns.values() for card in column}
    mine = {str(card) for card in game.hand(0)}
    view = table.build(game, Settings())
    assert any(seat.lacks for seat in view.seats[1:]), "a bot has passed"
    for seat in view.seats:
        assert seat.lacks == [str(c) for c in cards_of(mask_of(ruled_out[seat.seat] - played))]
        assert not set(seat.lacks) & {str(card) for card in game.hand(seat.seat)}, "it really does not hold them"
        assert seat.clues == ([] if seat.seat == 0 else [card for card in seat.lacks if card not in mine])
    hidden = table.build(game, Settings().updated(show_lacks=False))
    assert [seat.lacks for seat in hidden.seats] == [seat.lacks for seat in view.seats], "data-lacks stays"
    assert all(not seat.clues for seat in hidden.seats) and 'class="lacks"' not in seat_html(
        hidden.seats[1], hidden.say
    )


def test_a_seats_gaps_are_drawn_card_by_card_and_said_in_words():
    say = say_in("en")
    seat = table.SeatView(3, "Carys", "medium", 9, 6, False, False, ["5D", "7D", "JC"], ["5D", "7D", "JC"])
    html = seat_html(seat, say)
    assert "Carys has none of: 5 of Diamonds, 7 of Diamonds, Jack of Clubs." in html
    gaps = re.findall(r'<span class="gap" data-suit="(\w)">([^<]*)<svg', html)
    assert gaps == [("D", "5"), ("D", "7"), ("C", "J")], "each card its own tab: no '57♦' to read as fifty-seven"
    assert (
        'title="Carys passed when these cards could have been played, so holds none of them: 5♦, 7♦ and J♣."' in html
    ), "why, for a tap or a resting pointer"
    spanish = seat_html(seat, say_in("es", "spanish"))
    assert (
        "#suit-es-D" in spanish
        and "10" in spanish
        and "ninguna de estas: 5 de oros, 7 de oros, sota de bastos." in spanish
    )
    assert "no tiene ninguna: el 5 de oros, el 7 de oros y la sota de bastos." in spanish, (
        "in a sentence, with the article"
    )
    assert 'class="lacks"' not in seat_html(table.SeatView(3, "Carys", "medium", 9, 6, False, False), say)


def test_the_round_summary_shows_every_hand_face_up():
    game = play_out(sixes.Game(seed=8))
    hands = table.round_hands(game, Settings().names)
    assert [cards for _, _, cards in hands] == [[str(card) for card in game.hand(seat)] for seat in range(5)]
    html = table_html.hands_html(hands, say_in("en"))
    for seat in range(5):
        block = re.search(rf'data-hand="{seat}">(.*?)</span></li>', html).group(1)
        assert re.findall(r'data-card="(\w+)"', block) == [str(card) for card in game.hand(seat)]
    assert html.count('class="none"') == 1, "the winner's hand is empty"
    cards_left = sum(len(cards) for _, _, cards in hands)
    assert html.count('class="index"') == html.count('class="sr-only"') == cards_left, "each card: its index, named"
    assert not re.search(r'class="(index flip|big|face)"', html), "a card left shows its index alone"
    with pytest.raises(ValueError):
        table.round_hands(sixes.Game(seed=8), Settings().names)


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_a_card_that_cannot_be_played_says_what_it_waits_for(lang):
    from sixes.model.guide import guided_game

    game = guided_game()  # the person holds 3♠ 6♥ Q♥ 6♦ and leads
    say = say_in(lang)
    opening = table.why_not_text(game.view(0), "QH", say)
    assert "Q♥" in opening and "6♦" in opening, "the round opens with the 6♦"
    game.play("6D")
    assert "J♥" in table.why_not_text(game.view(0), "QH", say), "above the 6: the card below it first"
    assert "4♠" in table.why_not_text(game.view(0), "3S", say), "below the 6: the card above it first"
    assert "5♠" in table.why_not_text(game.view(0), "4S", say)
    assert "7♣" in table.why_not_text(game.view(0), "JC", say), "a Jack sits on the 7: no 8s, 9s or 10s"
    spanish = table.why_not_text(game.view(0), "JC", say_in(lang, "spanish"))
    assert "7" in spanish and not any(symbol in spanish for symbol in "♠♥♦♣")


def test_the_dealer_is_marked_without_a_letter_and_welsh_initials_are_welsh_letters():
    seat = table.SeatView(4, "Dafydd", "medium", 9, 8, True, False)
    html = seat_html(seat, say_in("en"))
    badge = re.search(r'<span class="dealer"[^>]*>(.*?)</span></span>', html).group(1)
    assert "<svg" in badge and re.sub(r"<[^>]+>", "", badge) == "Dealer", "a drawn deck, named for screen readers"
    you = table.SeatView(0, Settings(lang="cy").names[0], None, 9, 8, False, False)
    carys = table.SeatView(3, "Carys", "medium", 9, 8, False, False)
    avatars = [
        re.search(r'class="avatar"[^>]*>([^<]*)<', seat_html(seat, say_in("cy"))).group(1) for seat in (you, carys)
    ]
    assert avatars == ["Ch", "C"], "in Welsh, Chi is not taken for Carys"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_how_to_play_keeps_its_keys_apart_for_a_touch_screen_to_leave_out(lang):
    html = table_html.rules_html(say_in(lang))
    rules, keys = html.split('<div class="keys">')
    assert keys.startswith("<h3>") and re.search("Enter|Intro", keys) and not re.search("Enter|Intro", rules)
    assert rules.count("<h3>") == 5, "aim, cards and chips, play, missing cards, winning"
    assert say_in(lang)("show_lacks") in rules, "the missing cards are explained, by the menu's name for them"


def test_a_game_is_in_progress_once_played_into_until_it_is_over():
    game = sixes.Game(seed=8, chips=1, players=3)
    assert not table.in_progress(game), "just dealt: nothing to lose"
    while game.turn != 0 and not game.round_over:  # the bots before the person's first move do not make it so
        game.apply(bots.decide("easy", game))
        assert not table.in_progress(game)
    while not game.over:
        if game.round_over:
            game.next_round()
            assert table.in_progress(game), "a round finished"
        else:
            game.apply(bots.decide("easy", game))
    assert not table.in_progress(game), "a finished game is never asked about"


@pytest.mark.parametrize("lang", ["en", "cy", "si", "es"])
def test_the_question_before_a_new_deal_names_the_round_and_the_chips(lang):
    game = sixes.Game(seed=8, chips=7)
    while game.round_number < 3:
        if game.round_over:
            game.next_round()
        else:
            game.apply(bots.decide("easy", game))
    settings = Settings(lang=lang)
    title, text = table.replace_question(game, settings)
    assert title == settings.say("replace_title")
    assert "3" in text and settings.say("chips", game.chips[0]) in text
    assert text.endswith(settings.say("replace_counts"))
    assert table.replace_question(game, settings, daily=True)[1].endswith(settings.say("replace_daily"))
    game.casual = True
    assert table.replace_question(game, settings)[1].endswith(settings.say("replace_casual"))
