"""The family (RULES.md, "The family (variants)"): Sixes, Sevens, Fan Tan and Cinquillo on one engine, each
variant's deal, lead, columns, passes, scoring and end against the rules' table, on many seeded deals."""

import json
import subprocess
import sys
from random import Random

import pytest

import sixes
from sixes import Card, Game, IllegalMove, SaveError
from sixes.engine import bots
from sixes.engine.cards import ALL_CARDS, RANKS, SUITS, cards_of
from sixes.engine.core import shuffled_deck
from sixes.engine.game import round_rng
from sixes.engine.learned import WIDTH, features
from sixes.engine.variants import RULES, variant
from tests.conftest import ROOT, end_of_game, play, random_card

FAMILY = ["sixes", "sevens", "fan-tan", "cinquillo"]
# The rules' table, row by row: deck's ranks, centre, lead, usual players, a pass's chips.
TABLE = {
    "sixes": ("A234567JQK", "6", "6D", 5, 1),
    "sevens": ("A23456789TJQK", "7", "7D", 4, 0),
    "fan-tan": ("A23456789TJQK", "7", "7D", 4, 1),
    "cinquillo": ("A234567JQK", "5", "5D", 4, 0),
}
SEEDS = range(12)


def games_of(name, seeds=SEEDS):
    for seed in seeds:
        yield Game(players=3 + seed % 4, chips=2 + seed % 4, seed=seed, variant=name)


def test_the_family_is_named_and_sixes_is_the_default():
    assert sixes.VARIANTS == tuple(FAMILY)
    game = Game(seed=1)
    assert game.variant == "sixes" and game.players == 5 and game.points == [0] * 5


@pytest.mark.parametrize("name", FAMILY)
def test_each_variant_has_the_rules_of_its_row(name):
    ranks, centre, lead, players, pass_chips = TABLE[name]
    game = Game(seed=3, variant=name)
    assert game.variant == name and game.players == players
    cards = sorted(str(c) for seat in range(players) for c in game.hand(seat))
    assert cards == sorted(rank + suit for rank in ranks for suit in SUITS)
    rules = variant(name)
    assert (rules.ranks, rules.centre, rules.lead, rules.pass_chips) == (ranks, centre, lead, pass_chips)


@pytest.mark.parametrize("bad", ["whist", "Sevens ", "", None, 7])
def test_an_unknown_variant_is_refused_naming_it(bad):
    with pytest.raises(ValueError, match=f"unknown variant {bad!r}"):
        Game(seed=1, variant=bad)
    with pytest.raises(ValueError, match="unknown variant"):
        Game.from_hands([["6D"]], variant=bad)


def test_the_ten_is_t_and_cards_outside_the_games_deck_are_refused():
    assert str(Card.parse("td", ALL_CARDS)) == "TD" and Card.parse("8D", ALL_CARDS) < Card.parse("JD")
    with pytest.raises(ValueError, match="not a card of this deck"):
        Card.parse("TD")  # (the 40-card deck, as ever)
    for name, outside in [("sixes", "8D"), ("cinquillo", "TS")]:
        game = Game(seed=1, variant=name)
        with pytest.raises(IllegalMove, match=f"'{outside}' is not a card of this deck"):
            game.play(outside)
    game = Game(seed=1, variant="sevens")
    with pytest.raises(IllegalMove, match="not playable: the round opens with the 7D"):
        game.play(next(c for c in game.hand(game.turn) if str(c) != "7D"))


@pytest.mark.parametrize("name", FAMILY)
def test_the_deal_is_every_card_one_at_a_time_from_the_dealers_left(name):
    for game in games_of(name):
        rng = round_rng(game.seed, 1)
        dealer = int(rng.random() * game.players)
        assert game.dealer == dealer
        for k, index in enumerate(shuffled_deck(rng, game.rules.indexes)):
            assert game.round.hands[(dealer + 1 + k) % game.players] >> index & 1
        size = game.rules.deck.bit_count()
        counts = game.counts
        assert sum(counts) == size and max(counts) - min(counts) <= 1
        more = [(dealer + 1 + k) % game.players for k in range(size % game.players)]
        assert all(counts[seat] == size // game.players + (seat in more) for seat in range(game.players))


@pytest.mark.parametrize("name", FAMILY)
def test_the_holder_of_the_lead_leads_with_it_and_deals_next(name):
    lead = Card.parse(TABLE[name][2], ALL_CARDS)
    for game in games_of(name):
        for _ in range(3):
            assert lead in game.hand(game.turn) and game.legal_moves() == [lead]
            leader = game.turn
            play(game, random_card(Random(game.seed)))
            if game.over:
                break
            game.next_round()
            assert game.dealer == leader


@pytest.mark.parametrize("name", FAMILY)
def test_columns_start_with_the_centre_card_and_grow_one_card_at_a_time_each_way(name):
    ranks, centre = TABLE[name][0], TABLE[name][1]
    for game in games_of(name, range(6)):
        choose = random_card(Random(game.seed))
        while not game.round_over:
            before = {suit: [str(c) for c in cards] for suit, cards in game.columns.items()}
            card = choose(game)
            game.apply(card)
            if card is None:
                continue
            column = [c.rank for c in game.columns[card.suit]]
            if not before[card.suit]:
                assert card.rank == centre
            else:
                assert card.rank in (column[0], column[-1]) and len(column) == len(before[card.suit]) + 1
            at = ranks.index(column[0])
            assert "".join(column) == ranks[at : at + len(column)] and centre in column


@pytest.mark.parametrize("name", FAMILY)
def test_a_pass_costs_what_the_variant_says(name):
    cost = TABLE[name][4]
    passes = 0
    for game in games_of(name):
        choose = random_card(Random(game.seed))
        while not game.round_over:
            seat, chips, pot = game.turn, game.chips, game.pot
            card = choose(game)
            if card is not None:
                game.play(card)
                continue
            paid = min(cost, chips[seat])
            game.pass_turn()
            passes += 1
            assert game.chips[seat] == chips[seat] - paid and game.pot == pot + paid
            assert game.history[-1].paid == paid
    assert passes > 20


def test_a_free_pass_is_only_for_a_player_who_cannot_play_even_under_the_house_rule():
    game = Game(seed=2, variant="sevens", may_pass=True)
    play(game, random_card(Random(2)), until=lambda game: game.legal_moves() and game.history)
    with pytest.raises(IllegalMove, match="must play"):
        game.pass_turn()


def round_end(game, choose):
    """Play the round to its last card; the hands' cards just before it, the chips, the pot and the points."""
    while True:
        card = choose(game)
        if card is not None and len(game.hand(game.turn)) == 1:
            before = (game.counts, game.chips, game.pot, game.points, game.turn)
            game.play(card)
            return before
        game.apply(card)


@pytest.mark.parametrize("name", FAMILY)
def test_a_rounds_end_scores_as_the_variant_says(name):
    for game in games_of(name):
        choose = random_card(Random(game.seed))
        for _ in range(4):
            counts, chips, pot, points, winner = round_end(game, choose)
            counts[winner] = 0
            left = sum(counts)
            assert game.round_winner == winner
            expected_chips, expected_points = chips[:], points[:]
            expected_chips[winner] += pot
            if name == "sevens":  # a penalty point a card left, for every other player
                expected_points = [p + n for p, n in zip(points, counts)]
            elif name == "fan-tan":  # the pot, and a chip a card from each other player as far as their chips go
                for seat, n in enumerate(counts):
                    paid = min(n, chips[seat])
                    expected_chips[seat] -= paid
                    expected_chips[winner] += paid
            elif name == "cinquillo":  # 5, and a point a card left in the others' hands
                expected_points[winner] += 5 + left
            assert (game.chips, game.pot, game.points) == (expected_chips, 0, expected_points)
            if game.over:
                break
            game.next_round()


@pytest.mark.parametrize("name", FAMILY)
def test_the_game_ends_as_the_variant_says_and_the_right_players_win(name):
    for game in games_of(name):
        play(game, random_card(Random(game.seed)), until=end_of_game)
        chips, points = game.chips, game.points
        if name in ("sixes", "fan-tan"):
            assert min(chips) == 0 and points == [0] * game.players
            best = max(chips)
            assert game.winners == [s for s in range(game.players) if chips[s] == best]
        else:
            assert max(points) >= 50 and chips == [game.start_chips] * game.players
            best = min(points) if name == "sevens" else max(points)
            assert game.winners == [s for s in range(game.players) if points[s] == best]
        with pytest.raises(IllegalMove, match="the game is over"):
            game.next_round()


def test_fan_tan_antes_at_each_deal_and_never_makes_or_loses_a_chip():
    for game in games_of("fan-tan"):
        total = game.players * game.start_chips
        choose = random_card(Random(game.seed))
        assert game.pot == game.players and game.chips == [game.start_chips - 1] * game.players
        while not game.over:
            if game.round_over:
                before = game.chips
                game.next_round()
                assert game.pot == sum(1 for c in before if c) and game.round_start_chips == before
            else:
                game.apply(choose(game))
            assert sum(game.chips) + game.pot == total


@pytest.mark.parametrize("name", FAMILY)
def test_saves_round_trip_in_every_variant(name):
    for game in games_of(name, range(6)):
        rng = Random(game.seed)
        for _ in range(5):
            play(game, random_card(rng), turns=int(rng.random() * 40), until=end_of_game)
            text = game.to_json()
            data = json.loads(text)
            assert data.get("variant", "sixes") == name and ("points" in data) == (name in ("sevens", "cinquillo"))
            again = Game.from_json(text)
            assert again.to_json() == text and again.variant == name and again.points == game.points
            if game.over:
                break


def test_a_save_from_before_the_family_loads_as_sixes():
    text = (ROOT / "tests" / "engine" / "fixtures" / "save-v1.json").read_text()
    assert Game.from_json(text).variant == "sixes"
    game = play(Game(seed=5), random_card(Random(5)), turns=30)
    assert '"variant"' not in game.to_json() and Game.from_json(game.to_json()).variant == "sixes"


def edited(game, change):
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


def test_a_save_whose_cards_are_not_its_variants_deck_is_refused():
    sixes_game = play(Game(seed=4), random_card(Random(4)), turns=20)
    with pytest.raises(SaveError, match="'8S' is not a card of this deck"):
        Game.from_json(edited(sixes_game, lambda d: d["hands"].__setitem__(0, d["hands"][0] + " 8S")))
    sevens = play(Game(seed=4, variant="sevens"), random_card(Random(4)), turns=20)
    with pytest.raises(SaveError, match="is not a card of this deck"):
        Game.from_json(edited(sevens, lambda d: d.update(variant="cinquillo")))  # its 8s, 9s and 10s
    with pytest.raises(SaveError, match="deck does not add up"):
        Game.from_json(edited(sevens, lambda d: d["hands"].__setitem__(0, d["hands"][0].rsplit(" ", 1)[0])))
    with pytest.raises(SaveError):  # a Sevens game's points taken away
        Game.from_json(edited(sevens, lambda d: d.pop("points")))


@pytest.mark.parametrize("bad", ["whist", 3, None, ["sevens"]])
def test_a_save_of_an_unknown_variant_is_refused_naming_it(bad):
    game = play(Game(seed=4, variant="sevens"), random_card(Random(4)), turns=10)
    with pytest.raises(SaveError, match=rf"does not know, {bad!r}".replace("[", r"\[").replace("]", r"\]")):
        Game.from_json(edited(game, lambda d: d.update(variant=bad)))


@pytest.mark.parametrize("name", FAMILY)
def test_a_take_back_leaves_the_game_as_it_was_in_every_variant(name):
    game = Game(seed=9, casual=True, variant=name)
    play(game, random_card(Random(9)), turns=25)
    seat, before = game.turn, game.to_json()
    game.apply(random_card(Random(1))(game))
    play(game, random_card(Random(2)), turns=3)
    game.take_back(seat)
    assert game.to_json() == before


def test_the_hands_given_are_the_variants_deck():
    deck = [r + s for r in RANKS for s in SUITS]
    with pytest.raises(ValueError, match="all 52 cards"):
        Game.from_hands([deck[:14], deck[14:28], deck[28:]], variant="sevens")
    hands = [[c for c in deck if c[1] == suit] for suit in "SHD"]
    hands[0] += [c for c in deck if c[1] == "C"]
    game = Game.from_hands(hands, variant="cinquillo")
    assert game.turn == 2 and game.legal_moves() == [Card.parse("5D")]


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_bot_plays_every_variant_legally_from_its_view(name, level):
    game = Game(seed=11, variant=name)
    seats = [level] + ["medium"] * (game.players - 1)
    for _ in range(2 if level != "hard" else 1):
        while not game.round_over:
            view = game.view(game.turn)
            card = bots.decide(seats[game.turn], game)
            assert (card is None) == (not view.legal) and (card is None or card in view.legal)
            game.apply(card)  # (raises IllegalMove on a card the rules refuse)
        if game.over:
            break
        game.next_round()


@pytest.mark.parametrize("name", FAMILY)
def test_the_learned_features_have_their_width_in_every_variant(name):
    game = Game(seed=6, variant=name)
    play(game, random_card(Random(6)), turns=9)
    rows = features(game.view(game.turn))
    assert rows and all(len(x) == WIDTH for _, x in rows)
    assert [index for index, _ in rows] == sorted(c.index for c in game.legal_moves())


def test_every_variants_tables_follow_from_its_row():
    for name, rules in RULES.items():
        for suit in SUITS:
            cards = [Card.parse(rank + suit, ALL_CARDS) for rank in rules.ranks]
            centre = rules.ranks.index(rules.centre)
            for place, card in enumerate(cards):
                opened = cards_of(rules.unlocks[card.index])
                if place < centre:
                    assert opened == cards[place - 1 : place] if place else not opened
                elif place > centre:
                    assert opened == cards[place + 1 : place + 2], name
                else:
                    assert set(cards[place - 1 : place + 2 : 2]) <= set(opened)


def cli(*args):
    out = subprocess.run([sys.executable, "-m", "sixes", *args, "--json"], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    del result["seconds"]
    return result


@pytest.mark.parametrize("name", ["sevens", "fan-tan", "cinquillo"])
def test_the_commands_take_a_variant_and_its_table(name):
    result = cli("simulate", "--games", "3", "--seed", "2", "--variant", name)
    assert result["variant"] == name and len(result["seats"]) == 4 and result["games"] == 3
    assert ("points" in result) == (name != "fan-tan")
    assert cli("simulate", "--games", "3", "--seed", "2", "--variant", name, "--jobs", "2") == result
    dup = cli("duplicate", "--deals", "4", "--candidate", "medium", "--field", "easy", "--variant", name)
    assert dup["players"] == 4 and dup["rounds"] == 16
    assert ("points_per_round" in dup) == (name != "fan-tan") != ("chips_per_round" in dup)
