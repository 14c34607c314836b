"""The bots: legal cards only, decided from a view alone, the same card for the
same seed and position, hidden hands sampled to fit what the table knows, and
medium stronger than easy."""

import math
import random
from random import Random

import pytest

from sixes import Game
from sixes.engine import bots, inference, weights
from sixes.engine.bots import BOTS, LEVELS, decide, decision_rng
from sixes.engine.cards import CARDS, FULL_DECK, mask_of
from sixes.engine.core import Round
from sixes.engine.game import View
from sixes.engine.inference import sample_hands
from sixes.engine.learned import Estimate, worths
from sixes.engine.simulate import simulate
from tests.conftest import end_of_game, play, random_card


def positions(seed, count, wanted=lambda game: len(game.legal_moves()) > 1):
    """Copies of random games stopped at ``count`` points that are ``wanted``
    (by default: the seat to act has a real choice)."""
    rng = Random(seed)
    game, choose = Game(seed=seed), random_card(rng)
    found = []
    while len(found) < count:
        if game.over:
            game = Game(seed=rng.getrandbits(32))
        elif not game.round_over and wanted(game) and rng.random() < 0.3:
            found.append(Game.from_json(game.to_json()))
        play(game, choose, turns=1, until=end_of_game)
    return found


def test_levels_are_the_ones_the_page_and_simulator_offer():
    assert LEVELS == ("easy", "medium", "hard")
    with pytest.raises(ValueError, match="unknown bot level"):
        decide("expert", Game(seed=1))


@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_is_a_legal_card(level):
    for game in positions(seed=3, count=40):
        card = decide(level, game)
        assert card in game.legal_moves()
        game.play(card)  # and the game takes it


@pytest.mark.parametrize("level", LEVELS)
def test_choose_answers_from_the_view_with_a_card_of_its_legal_set(level):
    for number, game in enumerate(positions(seed=5, count=30)):
        view = game.view(game.turn)
        index = BOTS[level].choose(view, Random(number))
        assert view.legal_mask >> index & 1


@pytest.mark.parametrize("level", LEVELS)
def test_a_forced_move_or_pass_is_played_at_once(level):
    assert str(decide(level, Game(seed=8))) == "6D"  # the round opens with the only legal card
    for game in positions(seed=7, count=10, wanted=lambda game: len(game.legal_moves()) == 1):
        assert decide(level, game) == game.legal_moves()[0]
    for game in positions(seed=7, count=10, wanted=lambda game: not game.legal_moves()):
        assert decide(level, game) is None


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_position_same_card(level):
    for game in positions(seed=11, count=15):
        again = Game.from_json(game.to_json())
        random.seed(1)  # the global generator is not theirs to use: disturbing it changes nothing
        first = decide(level, game)
        random.seed(2)
        assert decide(level, again) == first


def swap_hidden_cards(game):
    """The same game with one card swapped between two other seats that have not
    passed: nothing the seat to act may know has changed. None if no such pair."""
    r = game.round
    me = r.turn
    others = [s for s in range(r.players) if s != me and r.hands[s] and not r.lacks[s]]
    if len(others) < 2:
        return None
    a, b = others[:2]
    low_a, low_b = r.hands[a] & -r.hands[a], r.hands[b] & -r.hands[b]
    twin = Game.from_json(game.to_json())
    hands = twin.round.hands
    hands[a] ^= low_a | low_b
    hands[b] ^= low_a | low_b
    assert twin.view(me) == game.view(me) and twin.round.hands != r.hands
    return twin


@pytest.mark.parametrize("level", LEVELS)
def test_bots_do_not_see_other_hands(level):
    """A bot that peeked at another hand would sometimes change its card when
    two hidden cards change places; one that reads only its view cannot."""
    checked = 0
    for game in positions(seed=13, count=30):
        twin = swap_hidden_cards(game)
        if twin is not None:
            assert decide(level, game) == decide(level, twin)
            checked += 1
    assert checked >= 20


def test_hard_search_does_not_see_other_hands():
    """The same, where the hard bot searches (late in a round), and so draws and
    plays out deals of the hidden cards: those come from the view alone."""

    def searched(game):
        return len(game.legal_moves()) > 1 and len(game.hand(game.turn)) <= bots.BOTS["hard"].search_at

    checked = changed = 0
    for game in positions(seed=47, count=25, wanted=searched):
        twin = swap_hidden_cards(game)
        if twin is not None:
            view = game.view(game.turn)
            assert decide("hard", game) == decide("hard", twin)
            assert (
                inference.run(inference.card_values(view, Random(1), 20)).rows
                == inference.run(inference.card_values(twin.view(twin.turn), Random(1), 20)).rows
            )
            checked += 1
            changed += decide("hard", game) != CARDS[bots.BOTS["hard"].policy.choose(view, decision_rng(game))]
    assert checked >= 10
    assert changed >= 1, "the search must have overruled its policy somewhere for this to test the search"


def check_sample(view, hands):
    assert len(hands) == view.players
    assert hands[view.seat] == view.hand_mask
    seen = view.played
    for seat, hand in enumerate(hands):
        assert hand.bit_count() == view.counts[seat]
        assert not hand & view.lacks[seat], "a seat that passed cannot hold what was playable then"
        assert not hand & seen, "each card once"
        seen |= hand
    assert seen == FULL_DECK


def test_sampled_hands_fit_counts_own_hand_played_cards_and_passes():
    with_lacks = 0
    for game in positions(seed=17, count=60):
        view = game.view(game.turn)
        with_lacks += any(view.lacks)
        rng = Random(1)
        for _ in range(5):
            check_sample(view, sample_hands(view, rng))
    assert with_lacks >= 10, "the positions must include passes for the test to mean anything"


def test_sampled_hands_follow_a_pass_that_pins_cards_to_one_seat():
    # After the 6D, seats 1-3 pass while 5D, 7D and the other sixes are playable.
    # Seat 4 holds 6C and 5D, so 6S, 6H and 7D can only be in seat 0's hand.
    hands = [
        ["6D", "6S", "7D", "2H", "3H", "4H", "5H", "6H"],
        ["AH", "7H", "JH", "QH", "KH", "AC", "2C", "3C"],
        ["4C", "5C", "7C", "JC", "QC", "KC", "AS", "2S"],
        ["3S", "4S", "5S", "7S", "JS", "QS", "KS", "AD"],
        ["6C", "5D", "2D", "3D", "4D", "JD", "QD", "KD"],
    ]
    game = Game.from_hands(hands, dealer=4)
    game.play("6D")
    for _ in range(3):
        game.pass_turn()
    view = game.view(4)
    assert view.turn == 4 and all(view.lacks[seat] & mask_of(["6S", "6H", "7D"]) for seat in (1, 2, 3))
    rng = Random(2)
    for _ in range(50):
        sample = sample_hands(view, rng)
        check_sample(view, sample)
        assert sample[0] & mask_of(["6S", "6H", "7D"]) == mask_of(["6S", "6H", "7D"])


def test_sample_respects_lacks_for_round_core_passes():
    r = Round.at(
        [mask_of(["7D", "AS"]), mask_of(["5D", "2S"]), mask_of(["KD", "3S"])], [5, 5, 5], 0, mask_of(["7D", "5D"]), 2
    )
    r.pass_turn()  # seat 2 cannot play 7D or 5D
    view = View.of(r, 0)
    for seed in range(30):
        sample = sample_hands(view, Random(seed))
        check_sample(view, sample)
        assert sample[1] & mask_of(["5D"])


def test_medium_beats_easy():
    # About 30% expected; 24% is over 5 standard errors below that and over 4 above a fair 20%.
    result = simulate(["medium", "easy", "easy", "easy", "easy"], rounds=3000, seed=1)
    share = result["round_wins"][0] / result["rounds"]
    assert share > 0.24, f"medium won {share:.1%} of rounds against easy bots"
    assert result["chip_delta"][0] > 0


def test_easy_is_uniform_over_legal_cards():
    view = next(g.view(g.turn) for g in positions(seed=19, count=10) if len(g.legal_moves()) >= 3)
    legal = view.legal_mask.bit_count()
    rng = Random(4)
    counts = {}
    draws = 3000
    for _ in range(draws):
        index = bots.Easy().choose(view, rng)
        counts[index] = counts.get(index, 0) + 1
    assert len(counts) == legal
    expected = draws / legal
    assert all(abs(n - expected) < 5 * math.sqrt(expected) for n in counts.values())


def test_hard_plays_the_learned_card_unless_its_search_overrules_it():
    sure_only = bots.Hard(plays=400, margin=math.inf)  # a margin no search can clear
    for number, game in enumerate(positions(seed=23, count=20)):
        view = game.view(game.turn)
        assert sure_only.choose(view, Random(number)) == Estimate(worths(view)).best


def test_medium_is_the_policy_with_hand_set_weights():
    medium, same = bots.Medium(), bots.Policy(bots.Medium().weights)
    for number, game in enumerate(positions(seed=29, count=20)):
        view = game.view(game.turn)
        assert medium.choose(view, Random(number)) == same.choose(view, Random(number))


def test_deals_the_expert_plays_out_fit_the_view():
    with_lacks = 0
    for number, game in enumerate(positions(seed=31, count=25)):
        view = game.view(game.turn)
        with_lacks += any(view.lacks)
        deals = [hands for hands in inference.likely_deals(view, Random(number), 10) if hands is not None]
        assert len(deals) == 10
        for hands in deals:
            check_sample(view, hands)
    assert with_lacks >= 5


def test_the_field_model_finds_a_medium_players_hand_likelier_than_chance():
    """Deals drawn by the expert's chain put more hidden cards in the right
    hand than deals that only fit counts and passes, at a table of medium bots."""
    right_chain = right_uniform = 0
    later = played_positions("medium", 37, lambda game: len(game.legal_moves()) > 1 and len(game.round.log) > 10)
    for checked, game in zip(range(25), later):
        view, true = game.view(game.turn), game.round.hands

        def right(hands):  # (B023: used up within this position's iteration)
            return sum((hands[s] & true[s]).bit_count() for s in range(view.players) if s != view.seat)  # noqa: B023

        right_chain += sum(
            right(hands) for hands in inference.likely_deals(view, Random(checked), 20) if hands is not None
        )
        right_uniform += sum(right(sample_hands(view, Random(checked + 1000 * k))) for k in range(20))
    assert right_chain > 1.08 * right_uniform


def played_positions(level, seed, wanted):
    """Without end, games played by ``level`` bots in every seat, stopped at
    points that are ``wanted`` (about a third of them): each is the game in
    play, to look at, not to change."""
    rng, game = Random(seed), Game(seed=seed)
    while True:
        if game.round_over:
            game = Game(seed=rng.getrandbits(32)) if game.over else game
            if game.round_over:
                game.next_round()
            continue
        if wanted(game) and rng.random() < 0.3:
            yield game
        card = decide(level, game)
        game.apply(card)


def test_thinking_yields_in_slices_and_ends_with_decides_card():
    searched = bots.BOTS["hard"].search_at  # with more cards than this its policy alone decides

    def wanted(game):
        return len(game.legal_moves()) > 1 and len(game.hand(game.turn)) <= searched

    for game in positions(seed=41, count=8, wanted=wanted):
        steps = bots.thinking("hard", game)
        slices = 0
        while True:
            try:
                next(steps)
                slices += 1
            except StopIteration as done:
                card = done.value
                break
        assert slices >= 10  # many small slices, not one long one
        assert card == decide("hard", game)
    forced = Game(seed=8)  # the 6D: no search, no slices
    assert bots.run(bots.thinking("hard", forced)) == forced.legal_moves()[0]


def test_card_values_give_every_legal_card_a_worth_chips_and_a_chance_to_win():
    for number, game in enumerate(positions(seed=43, count=10)):
        view = game.view(game.turn)
        values = inference.run(inference.card_values(view, Random(number), deals=30))
        assert values.cards == [c.index for c in game.legal_moves()] and len(values.rows) == 30
        for index in values.cards:
            mean, error = values.worth(index)
            # From this moment the seat can lose at most a chip a turn, or win every chip there is.
            assert -view.chips[view.seat] <= values.chips(index) <= sum(view.chips) + view.pot
            assert 0 <= values.wins(index) <= 1 and error >= 0
            assert mean == pytest.approx(values.chips(index) + inference.WIN_WORTH * values.wins(index))
        assert inference.run(inference.card_values(view, Random(number), deals=30)).rows == values.rows
    waiting = game.view((game.turn + 1) % game.players)  # a seat whose turn it is not has no card to value
    assert inference.run(inference.card_values(waiting)).cards == []


def test_the_expert_draws_the_same_deals_at_the_same_position_however_it_was_reached():
    game = positions(seed=45, count=1)[0]
    twin = Game.from_json(game.to_json())
    first = inference.run(inference.card_values(game.view(game.turn)))
    assert inference.run(inference.card_values(twin.view(twin.turn))).rows == first.rows
    assert len(first.rows) == inference.expert_deals(game.view(game.turn))
    game.play(game.legal_moves()[0])
    play(game, random_card(Random(1)), until=lambda g: len(g.legal_moves()) > 1 or g.round_over)
    if not game.round_over:
        assert inference.run(inference.card_values(game.view(game.turn))).rows != first.rows


def test_the_hard_search_scores_a_won_round_win_worth_above_its_chips():
    hard = bots.BOTS["hard"]
    won = 0
    for number, game in enumerate(positions(seed=53, count=10)):
        view = game.view(game.turn)
        values = bots.run(hard.values(view, Random(number), 20))
        assert values.win_worth == view.rules.win_worth == inference.WIN_WORTH > 0 and hard.win_worth is None
        for index in values.cards:
            k = values.cards.index(index)
            worths = [chips + values.win_worth * won for chips, won in (row[k] for row in values.rows)]
            assert values.worth(index)[0] == pytest.approx(sum(worths) / len(worths))
            won += sum(row[k][1] for row in values.rows)
    assert won > 0


def test_the_hard_search_takes_seats_that_play_like_no_medium_player_for_random_players():
    """At a table of easy bots many seats' plays fit no medium player, and the
    search then plays them out at random; at a table of medium bots hardly any."""
    hard = bots.Hard()

    def searched(game):
        return len(game.legal_moves()) > 1 and len(game.hand(game.turn)) <= hard.search_at

    def marked(level, seed):
        flagged = seats = 0
        for game in played_positions(level, seed, searched):
            view = game.view(game.turn)
            randoms = [False] * view.players
            for _ in inference.likely_deals(view, Random(seats), 5, randoms):
                pass
            model = inference.FieldModel(view, weights.MEDIUM, inference.TEMPERATURE)
            for seat, choices in enumerate(model.choices):
                if choices:
                    seats += 1
                    flagged += randoms[seat]
            assert not randoms[view.seat]
            if seats >= 60:
                return flagged / seats

    assert marked("easy", 59) > 0.25
    assert marked("medium", 61) < 0.1
