"""The review of a round (sixes.model.review): its table at every move, the expert's estimates and marks, the reasons
given, the expert's replay of the deal, and what is kept in the browser."""

import json
from random import Random

import pytest

import sixes
from sixes.engine.cards import Card
from sixes.engine.game import View, columns_of
from sixes.model import record, review, words
from tests.conftest import bot, play

# A three-seat deal (dealer seat 0) and 49 moves after which the person holds A♥ and J♣, both playable; Aled and
# Carys hold one card each, Q♣ and K♣, and cannot play. J♣ opens Q♣ and Aled goes out at once; A♥ leaves both
# stuck, and the person's J♣ next turn is their last card.
HANDS = [["4S", "7S", "AH", "2H", "4H", "JH", "3D", "5D", "JD", "QD", "KD", "4C", "JC"],
         ["AS", "2S", "3S", "JS", "KS", "5H", "6H", "KH", "AD", "4D", "6D", "7D", "6C", "QC"],
         ["5S", "6S", "QS", "3H", "7H", "QH", "2D", "AC", "2C", "3C", "5C", "7C", "KC"]]
MOVES = ("6D 6S 5D 6H 7H JH 4D QH 3D KH 2D 7S JS QS -- KS 5S 4S 3S -- -- 2S -- -- AD -- -- AS -- -- 6C 5C 4C 7D "
         "3C JD 5H 2C QD -- 7C 4H -- AC KD -- 3H 2H -- --")


def scripted(last=None):
    """The scripted game at the person's choice, then (if ``last``) that card played and the round played out."""
    game = sixes.Game.from_hands(HANDS, dealer=0)
    for turn in sixes.engine.saves.turns_of(MOVES):
        game.pass_turn() if turn is None else game.play(turn)
    assert game.turn == 0 and [str(c) for c in game.legal_moves()] == ["AH", "JC"]
    if last:
        game.play(last)
        play_out(game)
    return game


def play_out(game, person=None):
    """Medium bots in every seat (the person's too, unless ``person`` chooses for it) to the round's end."""
    medium = bot("medium")
    return play(game, lambda game: person(game) if person and game.turn == 0 else medium(game))


def medium_round(seed):
    return play_out(sixes.Game(seed=seed))


def test_the_card_that_opens_a_run_for_a_seat_with_one_card_left_is_marked_the_worst():
    game = scripted(last="JC")
    assert game.round_winner == 1, "J♣ let Aled play Q♣, his last card"
    rec = review.RoundRecord.of_game(game)
    choice = len(rec.log) - 2  # the person's J♣, just before Aled's Q♣
    mark = next(mark for mark in review.marks_of(rec, deals=60) if mark.move == choice)
    jc, ah = Card.parse("JC").index, Card.parse("AH").index
    assert mark.played == jc and mark.best == ah
    assert min(mark.values, key=lambda index: mark.values[index][0]) == jc, "marked the worst"
    assert mark.values[ah][0] - mark.values[jc][0] > 1, "by more than a chip: the pot was there to win"
    assert mark.clear and mark in review.flagged(review.marks_of(rec, deals=60))
    found = review.reason(rec, mark)
    assert (found.key, found.seat, found.turns, found.their_card) == ("opened_for_winner", 1, 1,
                                                                      Card.parse("QC").index)
    settings = sixes.model.table.Settings()
    assert review.reason_text(found, mark.cost, settings.names, settings.say) == \
        "J♣ opened the way for Aled, who went out 1 turn later."


def test_estimates_taken_a_few_deals_at_a_time_pool_to_the_same_as_one_call():
    game = medium_round(3)
    rec = review.RoundRecord.of_game(game)
    move = review.choices(rec)[0]
    view = View.of(rec.at(move), 0)
    whole = review.card_values(view, Random("x"), 12)
    rng = Random("x")
    parts = [(4, review.card_values(view, rng, 4)) for _ in range(3)]
    pooled = review.pooled(parts)
    assert pooled.keys() == whole.keys()
    for index in whole:
        assert pooled[index] == pytest.approx(whole[index], abs=1e-9)


def test_the_round_record_sets_up_the_table_as_it_stood_at_every_move():
    game = medium_round(10)
    rec = review.RoundRecord.of_game(game)
    moves = [turn for turn in sixes.engine.saves.turns_of(json.loads(game.to_json())["moves"][0])]
    assert len(rec.log) == len(moves)
    for n in range(len(moves) + 1):
        then = sixes.Game.replay(5, 10, 10, [moves[:n]])
        r = rec.at(n)
        assert columns_of(r.played) == then.columns
        assert (r.chips, r.pot, r.turn) == (then.chips, then.pot, then.turn)
        assert [sixes.engine.cards.cards_of(hand) for hand in r.hands] == [then.hand(seat) for seat in range(5)]
    assert rec.finished and rec.result() == game.chips[0] - 10
    assert review.RoundRecord.of_game(game).key == rec.key != review.RoundRecord.of_game(medium_round(11)).key


def test_only_real_choices_are_marked_and_the_marks_are_the_same_every_time():
    game = medium_round(3)
    rec = review.RoundRecord.of_game(game)
    moves = review.choices(rec)
    assert moves, "seed 3 gives the person choices"
    for move in moves:
        r = rec.at(move)
        assert r.turn == 0 and r.legal().bit_count() >= 2
    forced = [move for move, seat in enumerate(rec.seats_of_moves()) if seat == 0 and move not in moves]
    assert all(rec.at(move).legal().bit_count() <= 1 for move in forced)
    first = review.marks_of(rec, deals=40)
    assert [mark.move for mark in first] == moves
    assert [(m.played, m.values) for m in first] == [(m.played, m.values) for m in review.marks_of(rec, deals=40)]


def test_the_marks_worked_out_in_steps_report_their_progress():
    rec = review.RoundRecord.of_game(medium_round(3))
    work = review.Marking(rec, deals=12)
    seen = [work.progress]
    while work.step():
        seen.append(work.progress)
    assert seen[0] == 0 and seen == sorted(seen) and work.progress == 1 and work.done
    assert len(seen) == len(review.choices(rec)) * 12 // review.SLICE


def test_the_expert_plays_the_same_deal_the_same_way_for_the_same_round():
    game = medium_round(14)
    rec = review.RoundRecord.of_game(game)
    levels = ["medium"] * 4
    results = review.ExpertPlay(rec, levels).run()
    assert len(results) == review.EXPERT_SEEDS
    assert review.ExpertPlay(rec, levels).run() == results
    # Every replay starts from the round's chips and conserves them: a seat can lose at most a chip a pass.
    assert all(-rec.chips[0] <= chips <= sum(rec.chips) - rec.chips[0] for chips in results)


def test_the_expert_sits_in_the_persons_seat_and_the_others_keep_their_bots():
    rec = review.RoundRecord.of_game(medium_round(17))
    play = review.ExpertPlay(rec, ["easy", "medium", "hard", "easy"])
    assert [play._level(seat) for seat in range(5)] == ["hard", "easy", "medium", "hard", "easy"]


def test_a_records_rounds_are_the_rounds_that_were_played():
    game = medium_round(5)
    first = review.RoundRecord.of_game(game)
    game.next_round()
    play_out(game)
    second = review.RoundRecord.of_game(game)
    replay = record.steps_of(record.to_record(game))
    assert review.round_of_replay(replay, 1) == first
    assert review.round_of_replay(replay, 2) == second
    with pytest.raises(ValueError, match="rounds 1 to 2"):
        review.round_of_replay(replay, 3)


def test_the_store_keeps_marks_and_results_and_shrugs_off_junk():
    rec = review.RoundRecord.of_game(medium_round(3))
    marks = review.marks_of(rec, deals=8)
    store = review.ReviewStore()
    store.put_marks(rec, marks)
    store.put_expert(rec, ["medium"] * 4, [1, -2, 0, 3, 1, 1, -1, 0])
    again = review.ReviewStore(store.to_json())
    assert [(m.move, m.played, m.best) for m in again.marks(rec)] == [(m.move, m.played, m.best) for m in marks]
    assert again.expert(rec, ["medium"] * 4) == [1, -2, 0, 3, 1, 1, -1, 0]
    assert again.expert(rec, ["hard"] * 4) is None, "other bots, another result"
    other = review.RoundRecord.of_game(medium_round(4))
    assert again.marks(other) is None
    for junk in (None, "", "[]", '{"entries": 3}', '{"entries": {"marks/x": 1}}', "not json"):
        assert review.ReviewStore(junk).marks(rec) is None
    broken = json.loads(store.to_json())
    broken["entries"][review.marks_key(rec)] = [{"move": 0, "values": [[1, "x", 0]]}]
    assert review.ReviewStore(json.dumps(broken)).marks(rec) is None
    for k in range(review.KEPT + 5):
        store.put(f"k{k}", k)
    assert len(store.entries) == review.KEPT and "k0" not in store.entries


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_reason_reads_in_every_language(lang):
    say = words.say_in(lang)
    names = ["x", "Aled", "Bethan", "Carys", "Dafydd", "Elin"]
    jc, ah, qc = (Card.parse(c).index for c in ("JC", "AH", "QC"))
    for found in (review.Reason("opened_for_winner", jc, ah, 1, 2, qc), review.Reason("opened_for", jc, ah, 3,
                                                                                           their_card=qc),
                  review.Reason("led_to_own", jc, ah, own=2), review.Reason("worth_more", jc, ah)):
        text = review.reason_text(found, 1.25, names, say)
        assert "{" not in text and say.label("JC" if found.key != "led_to_own" else "AH") in text, text
