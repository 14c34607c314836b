"""House rules on the table (RULES.md): 3 to 6 players, starting chips 1-99, may pass while able to play."""

import json

import pytest

import sixes
from sixes.model import table, table_html
from sixes.model.settings import BOT_NAMES, Settings


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_table_note_names_exactly_the_seats_dealt_a_card_more(players):
    settings = Settings().updated(players=players)
    for seed in range(4):
        game = sixes.Game(players=players, seed=seed)
        view = table.build(game, settings)
        assert len(view.seats) == players and [s.name for s in view.seats] == settings.names[:players]
        most = max(game.counts)
        more = [settings.names[seat] for seat in range(players) if game.counts[seat] == most]
        if 40 % players == 0:
            assert view.deal_note == ""
        else:
            assert len(more) == 40 % players
            for name in settings.names[:players]:
                mentioned = name in view.deal_note or (name == "You" and view.deal_note.startswith("You"))
                assert mentioned == (name in more), (view.deal_note, more)


def test_players_setting_takes_3_to_6_and_is_remembered():
    for players in (3, 6):
        settings = Settings().updated(players=players)
        assert Settings.from_json(settings.to_json()).players == players
    for junk in (2, 7, "4", True, None):
        assert Settings().updated(players=junk).players == 5


def test_settings_saved_before_six_player_tables_keep_their_four_bot_levels():
    old = json.dumps({"levels": ["hard", "easy", "hard", "easy"], "chips": 12})
    settings = Settings.from_json(old)
    assert settings.levels == ["hard", "easy", "hard", "easy", "medium"] and settings.chips == 12
    assert settings.players == 5


@pytest.mark.parametrize("chips", [1, 99])
def test_starting_chips_from_the_settings_reach_every_seat(chips):
    settings = Settings().updated(chips=chips)
    game = sixes.Game(players=4, chips=settings.chips, seed=1)
    assert [seat.chips for seat in table.build(game, settings).seats] == [chips] * 4
    assert Settings().updated(chips=100).chips == Settings().updated(chips=0).chips == 10


def test_may_pass_lets_the_person_pass_with_a_card_to_play():
    settings = Settings().updated(may_pass=True)
    for seed in range(50):
        game = sixes.Game(seed=seed, may_pass=True)
        if game.turn == 0:
            break
    view = table.build(game, settings)
    assert view.your_turn and view.can_pass and not view.must_pass and any(p for _, p in view.hand)
    strict = table.build(sixes.Game(seed=seed), Settings())
    assert not strict.can_pass


def test_the_new_game_dialog_shows_one_bot_level_per_seat():
    html = table_html.levels_html(Settings().updated(players=3))
    shown = [name for name in BOT_NAMES if f"<label>{name} " in html]
    assert shown == ["Aled", "Bethan"] and html.count(" hidden>") == 3
