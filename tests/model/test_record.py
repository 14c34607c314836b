"""Game records (sixes.model.record): an exported game replays exactly, step by step, and reads as a log."""

import json

import pytest

import sixes
from sixes.model import record
from sixes.model.settings import Settings
from tests.conftest import bot, play


def played(game, rounds):
    """Medium bots in every seat to the end of round ``rounds`` (or of the game, if sooner)."""
    return play(game, bot("medium"), until=lambda game: game.round_over and (game.round_number == rounds or game.over))


@pytest.mark.parametrize("players, chips, may_pass", [(5, 10, False), (3, 2, True), (6, 4, False)])
def test_an_exported_game_replays_exactly(players, chips, may_pass):
    game = played(sixes.Game(players=players, chips=chips, seed=17, may_pass=may_pass), rounds=4)
    game.play(game.legal_moves()[0]) if not game.round_over else None
    replay = record.steps_of(record.to_record(game))
    assert replay.game_at(len(replay.turns)) == game
    assert replay.game_at(0) == sixes.Game(players=players, chips=chips, seed=17, may_pass=may_pass)


def test_stepping_forward_and_back_goes_through_every_turn_in_order():
    game = played(sixes.Game(seed=3), rounds=2)
    replay = record.steps_of(record.to_record(game))
    assert replay.turns.count("deal") == game.round_number - 1
    before = replay.game_at(5)
    assert replay.game_at(6).history[:-1] == before.history and replay.game_at(5) == before


def test_a_scripted_first_deal_is_part_of_the_record():
    hands = [[str(c) for c in sixes.Game(seed=8).hand(s)] for s in range(5)]
    game = played(sixes.Game.from_hands(hands, chips=5, seed=1), rounds=2)
    assert record.steps_of(record.to_record(game)).game_at(10**6) == game


def a_first_deal_short_of_a_card(record_data):
    hands = [[str(c) for c in sixes.Game(seed=8).hand(s)] for s in range(5)]
    record_data.update(moves=[], first_deal={"dealer": 0, "hands": [" ".join(hand) for hand in hands[:-1]] + [""]})


@pytest.mark.parametrize(
    "change, reason, why",
    [
        (lambda r: r.update(format="chess"), "not_record", "not a sixes-record"),
        (lambda r: r.update(players=9), "cannot_open", "players"),
        (lambda r: r["moves"].__setitem__(0, "KS " + r["moves"][0]), "breaks_rules", "breaks the rules"),
        (lambda r: r.update(moves="6D"), "not_record", "one line of turns per round"),
        # Issue 51: a seed no save can hold, and a first deal that is not the deck, reopened no game.
        (lambda r: r.update(seed=2**64, moves=[]), "cannot_open", "seed"),
        (lambda r: r.update(seed=-1), "cannot_open", "seed"),
        (a_first_deal_short_of_a_card, "cannot_open", "40 cards once each"),
    ],
)
def test_a_broken_record_is_refused_with_the_reason(change, reason, why):
    data = json.loads(record.to_record(played(sixes.Game(seed=2), rounds=1)))
    change(data)
    with pytest.raises(record.RecordError, match=why) as refused:
        record.steps_of(json.dumps(data))
    assert refused.value.reason == reason


@pytest.mark.parametrize(
    "text, why",
    [
        ("{", "not valid JSON"),
        ("[" * 100_000, "nested 100,000 deep"),  # (in Pyodide, json's recursion killed the interpreter)
        ('{"seed": ' + "9" * 5000 + "}", "too long to read"),
        (b"\xff", "not UTF-8"),
    ],
)
def test_what_is_not_a_record_at_all_is_refused_before_it_is_read(text, why):
    with pytest.raises(record.RecordError, match=why) as refused:
        record.steps_of(text)
    assert refused.value.reason == "not_record"


def test_the_log_names_every_deal_play_and_pass_in_the_persons_language():
    game = played(sixes.Game(seed=4, chips=3), rounds=2)
    for lang in ("en", "cy"):
        settings = Settings().updated(lang=lang)
        lines = record.log_lines(game, settings.names, settings.say)
        turns = record.steps_of(record.to_record(game)).turns
        assert len(lines) == len(turns) + 1
        assert lines[0] == settings.say("dealt", n=1, name=settings.names[sixes.Game(seed=4, chips=3).dealer])
    english = record.log_lines(game, Settings().names, Settings().say)
    assert any("played 6♦" in line for line in english) and any("passed" in line for line in english)


def test_a_round_the_person_dealt_is_logged_as_theirs():
    """Seed 5 deals first from seat 0: the log says "you dealt", not the person's name as the dealer."""
    game = sixes.Game(seed=5, chips=3)
    assert game.dealer == 0
    spanish = Settings().updated(lang="es")
    assert record.log_lines(game, spanish.names, spanish.say) == ["Ronda 1: repartes tú."]


def test_the_log_saved_as_text_says_each_rounds_result_and_the_chips_at_the_end():
    """Issue 52: "Save as text" had no round winners and no final chips (the Game log's steps stay one a line)."""
    game = played(sixes.Game(seed=4, chips=2), rounds=50)  # (played to its end)
    assert game.over
    settings = Settings()
    plain = record.log_lines(game, settings.names, settings.say)
    full = record.log_lines(game, settings.names, settings.say, results=True)
    results = [line for line in full if line not in plain]
    assert len(results) == game.round_number + 1, "a line for each round's end, and one for the game's"
    for line in results[:-1]:
        assert " went out." in line and ("won the pot" in line or "The pot was empty." in line), line
    order = sorted(range(game.players), key=lambda seat: -game.chips[seat])
    assert results[-1].startswith("The game is over. Chips at the end: ")
    assert results[-1].index(settings.names[order[0]]) < results[-1].index(settings.names[order[-1]]), "most first"
    assert all(f"{game.chips[seat]} chip" in results[-1] for seat in range(game.players))


def test_a_record_without_its_seed_is_refused_not_dealt_at_random():
    """Found by test_readers_property: a record with no seed was dealt at random twice, once to check its moves and once
    to replay them, so its replay stopped on a card not in the hand."""
    for seed in (None, "7", -1, 2**64, 1.5):
        text = json.dumps({**json.loads(record.to_record(sixes.Game(seed=3))), "seed": seed})
        with pytest.raises(record.RecordError) as refused:
            record.steps_of(text)
        assert refused.value.reason == "cannot_open" and "seed" in str(refused.value)
