"""The table of the family's other games as the page draws it (issue 54): points where a variant keeps them (Sevens,
Cinquillo) and no pot or chips then, the free pass said as free, the rounds' and the game's ends in points, the
columns' slots by the variant's ranks, and links, records and practice that keep the variant."""

import json
import random
import re

import pytest

import sixes
from sixes.model import deals, keys, links, practise, profile, record, review, stats, table, table_html
from sixes.model.settings import Settings
from sixes.model.words import say_in


def played(game: sixes.Game, until_over: bool = False) -> sixes.Game:
    """``game`` played on by the first legal card (or a pass), to the round's end or the game's."""
    while True:
        while not game.round_over:
            legal = game.legal_moves()
            game.play(legal[0]) if legal else game.pass_turn()
        if not until_over or game.over:
            return game
        game.next_round()


@pytest.mark.parametrize("variant", ["sevens", "cinquillo"])
def test_a_points_game_shows_points_not_chips_and_its_end_in_points(variant):
    game = sixes.Game(seed=4, variant=variant)
    view = table.build(game, Settings())
    assert view.keeps_points and view.variant == variant and view.pass_word == "pass_plain"
    assert all(seat.points == 0 for seat in view.seats)
    attributes = table_html.seat_attributes(view.seats[1], say_in("en"))
    assert (
        attributes["data-points"] == "0" and "data-chips" not in attributes and "0 points" in attributes["aria-label"]
    )
    played(game)
    _, line, rows = table.round_summary(game, Settings())
    assert [(row.before, row.after) for row in rows] == list(zip(game.round_start_points, game.points))
    assert "point" in line and "chip" not in line
    assert "Points" in table_html.summary_html(rows, say_in("en"), points=True)
    played(game, until_over=True)
    _, places = table.standings(game, Settings())
    winners = {Settings().names[seat] for seat in game.winners}
    assert {name for _, name, _, won in places if won} == winners
    assert [score for _, _, score, _ in places] == sorted(game.points, reverse=variant == "cinquillo")
    end = table.game_over_text(game, Settings())
    assert end.endswith("The game is over.") and "50 points" in end
    assert "You reached" not in end, "the person is named as in a sentence"


def test_sixes_and_fan_tan_keep_chips_and_a_paid_pass():
    for variant in ("sixes", "fan-tan"):
        view = table.build(sixes.Game(seed=4, variant=variant), Settings())
        assert not view.keeps_points and view.pass_word == "pay_pass"
        assert all(seat.points is None for seat in view.seats)


@pytest.mark.parametrize("variant", ["fan-tan", "sixes"])
def test_what_each_seat_paid_at_a_rounds_end_is_what_its_chips_lost_in_the_last_move(variant):
    """The chips that fly at Fan Tan's round end (motion.py) are read from the round as played: on random play,
    players and chips, each seat's payment is what the winning card took from its chips; Sixes pays nothing so."""
    paid_any = False
    for seed in range(120):
        rng = random.Random(seed)
        game = sixes.Game(players=rng.randint(3, 6), chips=rng.choice([1, 2, 3, 5, 20]), seed=seed, variant=variant)
        while not game.over:
            assert table.paid_at_end(game) == [0] * game.players, "nothing is paid while the round plays"
            legal = game.legal_moves()
            before = list(game.chips)
            game.apply(rng.choice(legal) if legal else None)
            if game.round_over:
                lost = [
                    0 if seat == game.round_winner else was - now
                    for seat, (was, now) in enumerate(zip(before, game.chips))
                ]
                assert table.paid_at_end(game) == lost
                paid_any = paid_any or any(lost)
                if not game.over:
                    game.next_round()
    assert paid_any == (variant == "fan-tan")


def test_fan_tans_round_end_names_the_pot_with_its_antes_and_the_cards_payments_and_they_add_up():
    """The summary's sentence counts the pot as it was (the antes and the paid passes) and names what the cards left
    paid: the two figures are the winner's gain over the chips they had once their own ante and passes were paid."""
    say = Settings().say
    for seed in range(40):
        game = played(sixes.Game(seed=seed, variant="fan-tan"))
        winner = game.round_winner
        _, line = table.round_result(game, Settings().names, say)
        pot = sum(min(had, game.rules.ante) for had in game.round_start_chips)
        pot += sum(move.paid for move in game.history)
        paid = sum(table.paid_at_end(game))
        assert say("chips", pot) in line and (say("chips", paid) in line) == bool(paid)
        own = game.round_start_chips[winner] - min(game.round_start_chips[winner], game.rules.ante)
        own -= sum(move.paid for move in game.history if move.seat == winner)
        assert game.chips[winner] - own == pot + paid


def test_a_52_card_column_slots_by_the_variants_ranks_and_the_ten_reads_10():
    game = played(sixes.Game(seed=9, variant="sevens"))
    for column in table.build(game, Settings()).columns:
        assert [slot for _, slot in column.cards] == sorted({slot for _, slot in column.cards})
        assert all(0 <= slot <= 12 for _, slot in column.cards)
    say = say_in("en")
    assert say.label("TD") == "10♦" and say.card("TD") == "10 of Diamonds"
    assert "<b>10</b>" in table_html.card_face("TD", say)


@pytest.mark.parametrize("deck", ["french", "four", "spanish"])
@pytest.mark.parametrize("variant", sorted(sixes.VARIANTS))
def test_no_index_is_shown_twice_in_a_column_in_any_deck(variant, deck):
    """Spanish suits number the sota 10, which a 52-card game's ten is too: there the faces number on (11, 12, 13),
    in the table, the round's hands and wherever the game's words draw a card."""
    game = sixes.Game(seed=1, variant=variant)
    say = table.build(game, Settings(deck=deck)).say
    for suit in "CDHS":
        shown = [re.search(r"<b>(\w+)</b>", table_html.card_face(rank + suit, say))[1] for rank in game.rules.ranks]
        assert len(set(shown)) == len(shown), shown
    if deck == "spanish":
        assert [table_html.spanish_index(rank, say) for rank in "JQK"] == (
            ["11", "12", "13"] if "T" in game.rules.ranks else ["10", "11", "12"]
        )


def test_links_and_records_keep_the_game_of_the_family():
    game = played(sixes.Game(seed=12, variant="fan-tan"))
    query = deals.link_query(game)
    params = dict(part.split("=") for part in query.split("&"))
    asked = links.read(params)
    assert asked.seed == 12 and not asked.unread
    assert deals.rules_from_params(params, deals.DAILY_RULES) == deals.rules_of_game(game)
    assert links.read({"seed": "1", "variant": "whist"}).unread == [
        ("link_unread", {"name": "variant", "value": "whist"})
    ]
    replay = record.steps_of(record.to_record(game))
    assert sixes.Game.from_json(replay.start_json).variant == "fan-tan"
    assert replay.game_at(len(replay.turns)).to_json() == game.to_json(), "replayed to the end, the same game"
    assert json.loads(record.to_record(sixes.Game(seed=1))).get("variant") is None, "a record of Sixes as before"


def test_a_position_to_practise_keeps_its_variant():
    game = played(sixes.Game(seed=21, variant="cinquillo"))
    kept = review.RoundRecord.of_game(game)
    assert kept.variant == "cinquillo" and kept.rules.centre == "5"
    data = practise._data_of(practise.Position(kept, review.Mark(0, kept.log[0], {}), 0, 0, 0))
    assert practise._record_of(json.loads(json.dumps(data))) == kept
    data["variant"] = "whist"
    assert practise._record_of(data) is None, "a variant this page does not know is not read"


def test_each_game_of_the_family_keeps_its_own_statistics_and_a_points_game_charts_points():
    assert keys.STATS_KEYS["sixes"] == keys.STATS_KEY == "sixes.stats.v1", "Sixes' statistics where they always were"
    assert len(set(keys.STATS_KEYS.values())) == len(sixes.VARIANTS)
    game, kept = played(sixes.Game(seed=8, variant="sevens")), stats.Stats()
    kept.record_round(game, "medium")
    assert kept.current == [0, game.points[0]] and kept.by_level["medium"]["rounds"] == 1
    rows = dict(stats.summary_rows(kept, say_in("en"), "sevens"))
    assert rows["Game"] == "Sevens"
    assert ">Points<" in stats.chart_svg(kept.current, [], say_in("en"), unit="th_points")


def test_the_round_label_names_a_game_other_than_sixes():
    assert table.round_label(table.build(sixes.Game(seed=2), Settings())) == "Round 1"
    assert table.round_label(table.build(sixes.Game(seed=2, variant="fan-tan"), Settings())) == "Fan Tan · Round 1"


def test_a_profile_with_a_game_of_the_family_this_page_cannot_read_is_refused_whole():
    sevens = keys.FAMILY_STATS_KEYS["sevens"]
    newer = {"format": profile.FORMAT, "saved": "2026-12-01T10:00Z", "site": "x"}
    for held, versions, reason in (
        ({sevens: {}}, {sevens: 2}, "newer"),
        ({"sixes.stats.whist.v1": {}}, {}, "newer"),  # (a game of the family a later version plays)
    ):
        text = json.dumps({**newer, "keys": held, "versions": versions})
        with pytest.raises(profile.ProfileError) as refused:
            profile.parse(text)
        assert refused.value.reason == reason, text
