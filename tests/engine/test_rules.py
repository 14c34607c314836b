"""One test per rule and ruling of RULES.md, named after it."""

from random import Random

import pytest

from sixes import Card, Game, IllegalMove
from sixes.engine.cards import CARDS, RANKS, SUITS
from sixes.engine.core import deal
from tests.conftest import first_card, play, random_card

ALL = [str(c) for c in CARDS]


def spread(players=5, first=None):
    """All 40 cards dealt round the table in deck order; with ``first``, seat 0
    holds exactly those cards and the rest are shared out among the others."""
    if not first:
        return [ALL[seat::players] for seat in range(players)]
    rest = [c for c in ALL if c not in first]
    return [list(first)] + [rest[seat :: players - 1] for seat in range(players - 1)]


# --- Table and deck --------------------------------------------------------
def test_five_players_by_default_each_dealt_eight():
    game = Game(seed=1)
    assert game.players == 5
    assert game.counts == [8] * 5


@pytest.mark.parametrize("players", [3, 4, 6])
def test_house_rule_three_to_six_players_extra_cards_left_of_dealer_first(players):
    for seed in range(5):
        game = Game(players=players, seed=seed)
        counts = game.counts
        extra = 40 % players
        left_of_dealer = [(game.dealer + 1 + k) % players for k in range(players)]
        assert [counts[s] for s in left_of_dealer] == [40 // players + 1] * extra + [40 // players] * (players - extra)


@pytest.mark.parametrize("players", [2, 7, "5", None])
def test_house_rule_players_outside_three_to_six_refused(players):
    with pytest.raises(ValueError, match="players"):
        Game(players=players)


def test_forty_card_deck_has_no_eights_nines_or_tens():
    game = Game(seed=3)
    cards = [str(c) for seat in range(5) for c in game.hand(seat)]
    assert sorted(cards) == sorted(r + s for r in "A234567JQK" for s in "SHDC")
    for rank in "89T":
        with pytest.raises(ValueError):
            Card.parse(rank + "S")


def test_ranks_aces_low_kings_high():
    assert RANKS == "A234567JQK"
    assert Card.parse("AS") < Card.parse("2S") < Card.parse("7S") < Card.parse("JS") < Card.parse("KS")


def test_starting_chips_default_ten_settable_one_to_ninety_nine():
    assert Game(seed=1).chips == [10] * 5
    assert Game(chips=1, seed=1).chips == [1] * 5
    assert Game(chips=99, seed=1).chips == [99] * 5
    for bad in (0, 100, -3, 2.5):
        with pytest.raises(ValueError, match="starting chips"):
            Game(chips=bad)


def test_card_notation_rank_then_suit_round_trips():
    for card in CARDS:
        assert str(Card.parse(str(card))) == str(card)
        assert str(card)[0] in RANKS and str(card)[1] in SUITS
    assert str(Card.parse("kd")) == "KD"
    for bad in ("", "6", "6X", "10D", "D6", 6, None):
        with pytest.raises(ValueError):
            Card.parse(bad)


# --- The deal -------------------------------------------------------------
def test_deal_gives_out_every_card():
    hands = deal(5, 0, Random(1))
    union = 0
    for hand in hands:
        assert union & hand == 0
        union |= hand
    assert union == (1 << 40) - 1


def test_deal_one_card_at_a_time_starting_left_of_dealer():
    class Unshuffled:  # random() == 0.99.. keeps every card in place
        def random(self):
            return 0.999999

    hands = deal(5, 2, Unshuffled())
    # With no shuffle, card k of the deck goes to seat (dealer + 1 + k) % 5.
    for k in range(40):
        assert hands[(2 + 1 + k) % 5] >> k & 1


def test_first_dealer_chosen_at_random_from_the_seed():
    dealers = {Game(seed=s).dealer for s in range(60)}
    assert dealers == {0, 1, 2, 3, 4}
    assert Game(seed=9).dealer == Game(seed=9).dealer


def test_next_dealer_is_whoever_played_the_six_of_diamonds():
    rng = Random(2)
    game = Game(seed=11)
    for _ in range(5):
        led_by = game.turn  # the 6D holder acts first
        play(game, random_card(rng))
        if game.over:
            break
        game.next_round()
        assert game.dealer == led_by


def test_dealer_has_no_other_privilege():
    for seed in range(20):
        game = Game(seed=seed)
        assert Card.parse("6D") in game.hand(game.turn)  # the 6D holder leads, dealer or not
        assert game.chips == [10] * 5


# --- Play -----------------------------------------------------------------
def test_six_of_diamonds_holder_goes_first_and_must_play_it():
    hands = spread(first=["6D", "6S", "5H", "6H"])
    game = Game.from_hands(hands)
    assert game.turn == 0
    assert game.legal_moves() == [Card.parse("6D")]
    with pytest.raises(IllegalMove, match="opens with the 6D"):
        game.play("6S")
    game.play("6D")
    assert game.columns["D"] == [Card.parse("6D")]


def test_play_passes_to_the_left_seat_i_to_i_plus_one():
    game = Game(seed=5)
    rng = Random(5)
    for _ in range(30):
        if game.round_over:
            break
        seat = game.turn
        legal = game.legal_moves()
        game.play(rng.choice(legal)) if legal else game.pass_turn()
        if not game.round_over:
            assert game.turn == (seat + 1) % 5
            assert game.history[-1].seat == seat


def test_any_six_starts_its_column_after_the_six_of_diamonds():
    hands = spread(first=["6D", "2C"])
    game = Game.from_hands(hands)
    game.play("6D")
    holder = next(s for s in range(5) if Card.parse("6S") in game.hand(s))
    play(game, first_card, until=lambda game: game.turn == holder)
    assert Card.parse("6S") in game.legal_moves()
    game.play("6S")
    assert game.columns["S"] == [Card.parse("6S")]


def test_columns_grow_down_to_ace_and_up_six_seven_jack_queen_king():
    # Three seats; seat 0 holds the whole Diamonds suit, the others 15 cards each,
    # so seat 0 always has exactly the next Diamond to play and goes out first.
    diamonds = [r + "D" for r in RANKS]
    game = Game.from_hands(spread(players=3, first=diamonds))
    order = []
    while not game.round_over:
        legal = game.legal_moves()
        if game.turn == 0:
            diamonds_legal = sorted(str(c) for c in legal if c.suit == "D")
            order.append(diamonds_legal)
            game.play(diamonds_legal[-1])  # up first, then down
        else:
            game.play(legal[0]) if legal else game.pass_turn()
    assert order == [
        ["6D"],
        ["5D", "7D"],
        ["5D", "JD"],
        ["5D", "QD"],
        ["5D", "KD"],
        ["5D"],
        ["4D"],
        ["3D"],
        ["2D"],
        ["AD"],
    ]
    assert [str(c) for c in game.columns["D"]] == ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD"]
    assert game.round_winner == 0


def test_seven_and_jack_are_adjacent():
    game = Game.from_hands(spread(players=3, first=["6D", "7D", "JD", "5S", "4S"]))
    for card in ("6D", "7D"):
        game.play(card)
        play(game, first_card, until=lambda game: game.turn == 0)
    assert Card.parse("JD") in game.legal_moves()


def test_only_the_card_next_to_a_columns_ends_is_legal():
    game = Game.from_hands(spread(first=["6D", "4D", "JD", "QD"]))
    game.play("6D")
    # Seat 1 acts; 4D, JD are not next to 6D: refused with the reason and nothing changes.
    game.round.turn = 0  # let seat 0 try its cards out of turn order just for the check
    before = game.to_json()
    with pytest.raises(IllegalMove, match=r"the Diamonds column is 6D–6D \(playable now: 5D or 7D\)"):
        game.play("4D")
    with pytest.raises(IllegalMove, match="not playable"):
        game.play("JD")
    assert game.to_json() == before


def test_cannot_play_a_card_not_in_hand():
    game = Game(seed=4)
    other = (game.turn + 1) % 5
    card = game.hand(other)[0]
    with pytest.raises(IllegalMove, match="not in seat"):
        game.play(card)


def test_a_player_who_cannot_play_pays_one_chip_and_passes():
    game = Game(seed=8)
    rng = Random(8)
    while True:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    seat, chips, pot = game.turn, game.chips, game.pot
    game.pass_turn()
    assert game.chips[seat] == chips[seat] - 1
    assert game.pot == pot + 1
    assert game.history[-1] == (seat, None, 1)
    assert game.turn == (seat + 1) % 5


def test_a_player_who_can_play_must_play():
    game = Game(seed=12)
    before = game.to_json()
    with pytest.raises(IllegalMove, match="must play"):
        game.pass_turn()
    assert game.to_json() == before


def test_any_legal_card_may_be_chosen():
    for seed in range(40):
        game = Game(seed=seed)
        game.play("6D")
        legal = game.legal_moves()
        if len(legal) > 1:
            for card in legal:
                copy = Game.from_json(game.to_json())
                copy.play(card)
                assert card in copy.columns[card.suit]
            return
    pytest.fail("no seat had a choice in 40 deals")


def test_house_rule_may_pass_while_able_to_play_off_by_default():
    assert Game(seed=1).may_pass is False
    game = Game(seed=1, may_pass=True)
    assert game.legal_moves() == [Card.parse("6D")]
    seat = game.turn
    game.pass_turn()  # allowed although the 6D could be played; it still costs a chip
    assert game.chips[seat] == 9 and game.pot == 1 and game.turn == (seat + 1) % 5
    # A pass that may be voluntary tells the table nothing about the hand.
    assert game.view(2).lacks[seat] == 0
    loaded = Game.from_json(game.to_json())
    assert loaded.may_pass and loaded.to_json() == game.to_json()


def test_house_rule_may_pass_only_a_forced_pass_is_free():
    game = Game(chips=1, seed=4, may_pass=True)
    seat = game.turn
    game.pass_turn()  # pays its only chip
    play(game, first_card, until=lambda game: game.turn == seat)
    assert game.legal_moves() == [Card.parse("6D")]  # the others could only pass
    with pytest.raises(IllegalMove, match="no chips"):
        game.pass_turn()


def test_a_player_with_no_chips_passes_without_paying():
    game = Game(chips=1, seed=3)
    rng = Random(3)
    seen_free_pass = False
    while not game.round_over:
        legal = game.legal_moves()
        if legal:
            game.play(rng.choice(legal))
        else:
            seat, chips, pot = game.turn, game.chips[game.turn], game.pot
            game.pass_turn()
            if chips == 0:
                assert game.chips[seat] == 0 and game.pot == pot
                assert game.history[-1].paid == 0
                seen_free_pass = True
    assert seen_free_pass


# --- Winning a round --------------------------------------------------------
def test_first_player_to_play_their_last_card_wins_the_pot():
    rng = Random(21)
    for seed in range(10):
        game = Game(seed=seed)
        play(game, random_card(rng))
        winner = game.round_winner
        assert game.counts[winner] == 0
        assert sum(1 for n in game.counts if n == 0) == 1
        paid = [sum(m.paid for m in game.history if m.seat == s) for s in range(5)]
        assert game.pot == 0
        # The winner takes every chip paid in, its own passes included.
        assert game.chips[winner] == game.round_start_chips[winner] - paid[winner] + sum(paid)


def test_no_payment_for_cards_left_in_hand():
    game = Game(seed=30)
    play(game, random_card(Random(30)))
    passes = [sum(1 for m in game.history if m.seat == s and m.card is None and m.paid) for s in range(5)]
    for seat in range(5):
        if seat != game.round_winner:
            assert game.chips[seat] == game.round_start_chips[seat] - passes[seat]


def test_a_round_always_ends_and_passes_never_go_round_the_table():
    rng = Random(99)
    for seed in range(300):
        game = Game(players=3 + seed % 4, seed=seed)
        run = 0
        turns = 0
        while not game.round_over:
            legal = game.legal_moves()
            if legal:
                game.play(rng.choice(legal))
                run = 0
            else:
                game.pass_turn()
                run += 1
                assert run < game.players
            turns += 1
            assert turns < 40 * game.players
        assert game.round_over


def test_moves_after_the_round_ended_are_refused():
    game = Game(seed=2)
    play(game, random_card(Random(2)))
    before = game.to_json()
    with pytest.raises(IllegalMove, match="round is over"):
        game.play("KS")
    with pytest.raises(IllegalMove, match="round is over"):
        game.pass_turn()
    assert game.to_json() == before


# --- Winning the game -----------------------------------------------------
def play_game(seed, chips=3, rng=None):
    rng = rng or Random(seed)
    game = Game(chips=chips, seed=seed)
    while True:
        play(game, random_card(rng))
        if game.over:
            return game
        assert min(game.chips) > 0
        game.next_round()


def test_game_checked_after_the_round_ends_when_a_player_has_no_chips():
    for seed in range(10):
        game = play_game(seed)
        assert game.over and min(game.chips) == 0
        with pytest.raises(IllegalMove, match="game is over"):
            game.next_round()


def test_game_not_over_mid_round_even_with_a_broke_player():
    for seed in range(50):
        game = Game(chips=1, seed=seed)
        rng = Random(seed)
        while not game.round_over:
            if min(game.chips) == 0:
                assert not game.over and game.winners == []
                return
            legal = game.legal_moves()
            game.play(rng.choice(legal)) if legal else game.pass_turn()
    pytest.fail("nobody went broke mid-round in 50 one-chip games")


def test_most_chips_win_and_ties_share():
    tie_seen = False
    for seed in range(200):
        game = play_game(seed, chips=2)
        best = max(game.chips)
        assert game.winners == [s for s in range(5) if game.chips[s] == best]
        tie_seen |= len(game.winners) > 1
    assert tie_seen


def test_next_round_refused_while_round_in_play():
    game = Game(seed=1)
    with pytest.raises(IllegalMove, match="still being played"):
        game.next_round()


def test_chips_are_never_created_or_destroyed():
    rng = Random(7)
    for seed in range(20):
        game = Game(players=3 + seed % 4, chips=4, seed=seed)
        total = game.players * 4
        while not game.over:
            while not game.round_over:
                legal = game.legal_moves()
                game.play(rng.choice(legal)) if legal else game.pass_turn()
                assert sum(game.chips) + game.pot == total
            if not game.over:
                game.next_round()
