"""Practise (sixes.model.practise): the person's own mistakes kept as positions, each set up as the table stood at
that choice, any legal card judged by the expert's marks there, the positions offered least practised and costliest
first and retired once answered right twice, and the store the page keeps: bounded, read back whatever was done to
it, and carried by a profile."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sixes
from sixes.engine.cards import CARDS, Card, cards_of
from sixes.engine.core import FREE_PASS, PAID_PASS
from sixes.engine.game import columns_of
from sixes.model import hints, keys, practise, profile, review, table
from sixes.model.settings import Settings
from sixes.model.words import LANGUAGES, say_in
from tests.conftest import bot, first_card, play
from tests.model.test_profile import KEPT, SAVED, Store

NAMES = Settings().names


def person_first_card(seed):
    """A round of ``seed`` in which the person plays the lowest legal card and the others are medium bots: the person
    makes clear mistakes (seed 3: the card played opened nothing, so the hint says why; seed 10: it let a seat play)."""
    medium = bot("medium")
    return play(sixes.Game(seed=seed), lambda game: first_card(game) if game.turn == 0 else medium(game))


@pytest.fixture(scope="module")
def rounds():
    """{seed: (the game at the round's end, its record, its marks)}, worked out once (marks take a while)."""
    found = {}
    for seed in (3, 10):
        game = person_first_card(seed)
        record = review.RoundRecord.of_game(game)
        found[seed] = (game, record, review.marks_of(record))
    return found


@pytest.fixture(scope="module")
def positions(rounds):
    """Every position of those rounds, by seed."""
    return {seed: practise.positions_of(record, marks) for seed, (_, record, marks) in rounds.items()}


def fresh(position):
    """The same position with no practice yet (the store changes positions in place)."""
    return practise.Position(position.record, position.mark)


# --- a mistake becomes a position ---------------------------------------------------------------------------------
def test_a_clear_mistake_in_a_seeded_round_becomes_a_position_with_the_table_as_it_stood(rounds, positions):
    """Every part of the position's table against a game replayed to that move through the engine's own API, and
    the table the page draws of it (what each seat's passes proved)."""
    proved = 0
    for seed, (game, record, marks) in rounds.items():
        assert positions[seed] and [p.mark for p in positions[seed]] == review.flagged(marks)
        for position in positions[seed]:
            then = sixes.Game(seed=seed)
            for move in game.history[: position.mark.move]:
                then.apply(move.card)
            view = position.view()
            assert then.turn == view.turn == 0
            assert columns_of(view.played) == then.columns
            assert (view.pot, list(view.chips), list(view.counts)) == (then.pot, then.chips, then.counts)
            assert cards_of(view.hand_mask) == then.hand(0), "the person's hand"
            assert position.legal() == [card.index for card in then.legal_moves()]
            drawn = table.build(then, Settings())
            lacks = [table.seat_lacks(view, seat, True)[0] for seat in range(view.players)]
            assert lacks == [seat.lacks for seat in drawn.seats], "what every seat's passes proved"
            proved += any(lacks)
            assert game.history[position.mark.move].card.index == position.mark.played, "the card really played"
            assert position.key == f"{record.key}/{position.mark.move}"
            assert position.cost == position.mark.cost >= review.COSTLY
            assert position.turn == review.turn_of(record, position.mark.move)
    assert proved, "some of these tables hold what passes proved, for the test to mean anything"


def test_a_round_without_a_clear_mistake_gives_no_position(rounds):
    _, record, marks = rounds[3]
    assert practise.positions_of(record, [mark for mark in marks if not mark.clear]) == []


# --- an answer judged ---------------------------------------------------------------------------------------------
def test_the_best_card_is_judged_best_and_the_card_played_costly_with_the_reviews_reason(positions):
    say = say_in("en")
    for position in positions[3] + positions[10]:
        mark = position.mark
        best = practise.judge(position, mark.best)
        assert (best.kind, best.card, best.best, best.cost, best.reason) == ("best", mark.best, mark.best, 0, None)
        assert practise.verdict_text(best, NAMES, say) == "The best card here."
        played = practise.judge(position, mark.played)
        assert (played.kind, played.cost) == ("costly", mark.cost)
        assert played.reason == review.reason(position.record, mark)
        why = review.reason_text(played.reason, NAMES, say)
        assert (
            practise.verdict_text(played, NAMES, say)
            == f"Still costly: {say.label(CARDS[mark.best])} was better. {why}"
        )
    # What the round went on to show, where it showed something; else the hint's reason for the best card.
    assert {practise.judge(p, p.mark.played).reason.key for p in positions[3] + positions[10]} >= {"hint", "opened_for"}


def test_another_costly_card_is_judged_costly_with_the_reason_the_hint_gives_for_the_best(positions):
    checked = 0
    for position in positions[10]:
        mark = position.mark
        for card in position.legal():
            if card in (mark.best, mark.played) or not mark.clear_of(card):
                continue
            verdict = practise.judge(position, card)
            assert verdict.kind == "costly" and verdict.cost == mark.cost_of(card) >= review.COSTLY
            hint = hints.reason_for(position.view(), mark.best)
            assert verdict.reason == review.Reason("hint", card, mark.best, hint=hint)
            assert hint.card.index == mark.best
            text = practise.verdict_text(verdict, NAMES, say_in("en"))
            assert text.startswith(
                f"Still costly: {say_in('en').label(CARDS[mark.best])} was better. The hint would have said: "
            )
            checked += 1
    assert checked >= 2


def test_a_card_inside_the_noise_or_under_costly_is_as_good_as_the_best(positions):
    position = positions[10][0]
    best, played = position.mark.best, position.mark.played
    worth = position.mark.values[best][0]

    def with_played(value):
        return practise.Position(
            position.record, review.Mark(position.mark.move, played, {**position.mark.values, played: value})
        )

    for value in ((worth - 0.3, 0.0, 0.0, 0.0), (worth - 1.5, 1.0, 0.0, 0.0)):  # under COSTLY; inside the noise
        verdict = practise.judge(with_played(value), played)
        assert verdict.kind == "good" and verdict.reason is None
        assert practise.verdict_text(verdict, NAMES, say_in("en")) == "As good as the best."
    assert practise.judge(with_played((worth - 1.5, 0.1, 0.0, 0.0)), played).kind == "costly"


def test_a_card_that_may_not_be_played_there_is_refused(positions):
    position = next(p for p in positions[3] + positions[10] if p.view().hand_mask != p.view().legal_mask)
    held = cards_of(position.view().hand_mask & ~position.view().legal_mask)  # in the hand, not playable yet
    for card in (held[0].index, Card.parse("6D").index, 99, "7H"):
        with pytest.raises(ValueError, match="not a card that may be played here"):
            practise.judge(position, card)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_verdict_and_heading_reads_in_every_language(lang, positions):
    say = say_in(lang)
    position = positions[10][0]
    for card in position.legal():
        text = practise.verdict_text(practise.judge(position, card), NAMES, say)
        assert text and "{" not in text
    heading = practise.heading(position, say)
    assert str(position.record.number) in heading and str(position.turn) in heading and "{" not in heading
    for key in ("practise_title", "practise_question", "practise_next", "practise_empty", "practise_done"):
        assert say(key)
    assert "3" in say("practise_count", 3) and "{" not in say("practise_count", 1)


# --- practising ----------------------------------------------------------------------------------------------------
def right(position):
    return practise.judge(position, position.mark.best)


def wrong(position):
    return practise.judge(position, position.mark.played)


def test_a_position_answered_right_twice_in_a_row_is_retired_and_not_offered_again(positions):
    store = practise.PractiseStore()
    store.add(map(fresh, positions[10]))
    first, other = store.positions.values()
    store.answer(first.key, right(first))
    store.answer(first.key, wrong(first))  # a costly answer starts the run again
    store.answer(first.key, right(first))
    assert not first.retired and first.streak == 1 and store.waiting() == 2
    store.answer(first.key, right(first))
    assert first.retired and (first.tries, first.streak, first.last) == (4, 2, 4)
    assert store.next() is other and store.next(after=other.key) is other, "the only one left, even just answered"
    store.answer(other.key, right(other))
    store.answer(other.key, right(other))
    assert store.next() is None and store.waiting() == 0
    assert store.counts() == {"kept": 0, "retired": 2, "answered": 6, "right": 5}


def test_the_least_practised_come_first_then_the_costliest_and_never_the_one_just_answered(positions):
    store = practise.PractiseStore()
    store.add(map(fresh, positions[3] + positions[10]))
    by_cost = sorted(store.positions.values(), key=lambda p: -p.cost)
    assert store.next() is by_cost[0]
    assert store.next(after=by_cost[0].key) is by_cost[1]
    seen = []
    for _ in range(len(by_cost)):
        position = store.next(after=seen[-1] if seen else None)
        seen.append(position.key)
        store.answer(position.key, wrong(position))
    assert seen == [p.key for p in by_cost], "each once before any twice, costliest first"
    assert store.next() is by_cost[0]


def test_a_position_kept_already_keeps_its_progress(positions):
    store = practise.PractiseStore()
    store.add(map(fresh, positions[10]))
    key = positions[10][0].key
    store.answer(key, right(store.positions[key]))
    store.add(map(fresh, positions[10]))  # the round reviewed again
    assert len(store.positions) == len(positions[10]) and store.positions[key].tries == 1


# --- kept in the browser -------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def kept(rounds):
    """A store's text after some practice: both rounds kept and counted, one answer given."""
    store = practise.PractiseStore()
    for seed, (_, record, marks) in rounds.items():
        store.keep_round(f"{seed}/5/10", record, marks)
    position = store.next()
    store.answer(position.key, wrong(position))
    return store.to_json()


def test_the_store_reads_back_what_it_wrote(kept, positions):
    store = practise.PractiseStore(kept)
    assert store.to_json() == kept and ": " not in kept and ", " not in kept
    assert list(store.positions) == [p.key for p in positions[3] + positions[10]]
    for position in positions[3] + positions[10]:
        again = store.positions[position.key]
        assert again.record == position.record and again.mark.played == position.mark.played
        assert again.mark.best == position.mark.best and abs(again.cost - position.cost) < 1e-3
        assert [practise.judge(again, c).kind for c in again.legal()] == [
            practise.judge(position, c).kind for c in position.legal()
        ]
    assert store.counts()["answered"] == 1 and sum(p.tries for p in store.positions.values()) == 1
    assert len(kept) / len(store.positions) < 600, "a few hundred bytes a position"


def test_unreadable_text_is_an_empty_store():
    for junk in (None, "", "not json", "[]", "3", '{"positions": 3, "rounds": {}, "answered": "x", "right": -1}'):
        store = practise.PractiseStore(junk)
        assert (store.positions, store.rounds, store.next(), store.by_game()) == ({}, {}, None, [])
        assert store.counts() == {"kept": 0, "retired": 0, "answered": 0, "right": 0}


def first_entry(text):
    return json.loads(text)["positions"][0]


def mangled(entry, **changes):
    return {**entry, **changes}


def without(entry, name):
    return {key: value for key, value in entry.items() if key != name}


def a_later_choice(entry):
    """The person's next choice in the round after the entry's own (a real choice, with other cards to choose)."""
    fields = (entry[name] for name in practise.RECORD_FIELDS)
    record = review.RoundRecord(*(tuple(value) if isinstance(value, list) else value for value in fields))
    return next(move for move in review.choices(record) if move > entry["move"])


def number(entry, value):
    """The entry with its first card's worth replaced by ``value``."""
    first, *rest = entry["values"]
    return mangled(entry, values=[[first[0], value, *first[2:]], *rest])


def passes_first(entry, may_pass=False):
    """The round with a pass by every seat before the 6♦ (the leader's, who holds it, a pass only the house rule
    allows), the rest as it was."""
    players = len(entry["hands"])
    return mangled(entry, log=[PAID_PASS] * players + entry["log"], move=entry["move"] + players, may_pass=may_pass)


# Ways a kept position is damaged, each to be skipped alone: name -> the entry (a dict, as read) damaged.
DAMAGE = {
    "not an object": lambda e: [1, 2],
    "hands a text": lambda e: mangled(e, hands="AS KS"),
    "a card dealt twice": lambda e: mangled(e, hands=[e["hands"][1], *e["hands"][1:]]),
    "a card beyond the deck": lambda e: mangled(e, hands=[e["hands"][0] | 1 << 40, *e["hands"][1:]]),
    "a seat added with no cards": lambda e: mangled(e, hands=[*e["hands"], 0], chips=[*e["chips"], 10]),
    "chips negative": lambda e: mangled(e, chips=[-1, *e["chips"][1:]]),
    "chips for too few seats": lambda e: mangled(e, chips=e["chips"][:-1]),
    "chips as text": lambda e: mangled(e, chips=[str(c) for c in e["chips"]]),
    "dealer out of range": lambda e: mangled(e, dealer=len(e["hands"])),
    "may_pass not true or false": lambda e: mangled(e, may_pass=0),
    "number zero": lambda e: mangled(e, number=0),
    "seed missing": lambda e: without(e, "seed"),
    "a card played that was not playable": lambda e: mangled(e, log=[e["log"][1], e["log"][0], *e["log"][2:]]),
    "a pass while able to play": lambda e: passes_first(e),
    "a free pass with chips to pay": lambda e: mangled(
        e, log=[FREE_PASS if entry == PAID_PASS else entry for entry in e["log"]]
    ),
    "a move after the round was won": lambda e: mangled(e, log=[*e["log"], e["log"][-1]]),
    "a log entry not a number": lambda e: mangled(e, log=[*e["log"][:-1], "QC"]),
    "move out of range": lambda e: mangled(e, move=len(e["log"]) + 3),
    "move negative": lambda e: mangled(e, move=-1),
    "move a text": lambda e: mangled(e, move=str(e["move"])),
    "move a fraction": lambda e: mangled(e, move=float(e["move"])),
    "move another seat's": lambda e: mangled(e, move=e["move"] + 1),
    "move a later choice, with this one's cards": lambda e: mangled(e, move=a_later_choice(e)),
    "values missing": lambda e: without(e, "values"),
    "a card that was not legal": lambda e: mangled(e, values=[*e["values"], [Card.parse("6D").index, 0, 0, 0, 0]]),
    "a legal card left out": lambda e: mangled(e, values=e["values"][1:]),
    "a card twice": lambda e: mangled(e, values=[*e["values"], e["values"][0]]),
    "three numbers": lambda e: mangled(e, values=[e["values"][0][:4], *e["values"][1:]]),
    "a number as text": lambda e: number(e, "1"),
    "a number true": lambda e: number(e, True),
    "a number not a number": lambda e: number(e, float("nan")),  # (json writes NaN, and Python reads it)
    "a number infinite": lambda e: number(e, float("inf")),
    "tries negative": lambda e: mangled(e, tries=-1),
    "streak a text": lambda e: mangled(e, streak="2"),
}


@pytest.mark.parametrize("name", DAMAGE)
def test_a_mangled_position_is_skipped_and_every_other_kept(kept, name):
    whole = practise.PractiseStore(kept)
    others = list(whole.positions)[1:]
    data = json.loads(kept)
    data["positions"][0] = DAMAGE[name](first_entry(kept))
    store = practise.PractiseStore(json.dumps(data))
    assert list(store.positions) == others
    assert [p.tries for p in store.positions.values()] == [whole.positions[key].tries for key in others]
    assert store.rounds == whole.rounds and store.answered == whole.answered


def test_a_pass_the_house_rule_allows_is_read(kept):
    data = json.loads(kept)
    data["positions"][0] = passes_first(first_entry(kept), may_pass=True)
    assert len(practise.PractiseStore(json.dumps(data)).positions) == len(data["positions"])


def test_a_position_kept_twice_is_read_once(kept):
    data = json.loads(kept)
    data["positions"].append(data["positions"][0])
    assert practise.PractiseStore(json.dumps(data)).to_json() == kept


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 50) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_value_in_any_field_is_read_or_skipped_never_a_failure(kept, data):
    whole = json.loads(kept)
    entry = whole["positions"][0]
    field = data.draw(st.sampled_from([*entry, "values.0", "log.0", "hands.0"]))
    value = data.draw(JSON)
    if "." in field:
        name, index = field.split(".")
        entry[name][int(index)] = value
    else:
        entry[field] = value
    store = practise.PractiseStore(json.dumps(whole))
    assert len(store.positions) >= len(whole["positions"]) - 1
    for position in store.positions.values():
        practise.judge(position, position.mark.best)


COUNT = st.lists(st.one_of(st.text(max_size=3), st.integers(-2, 5), JSON), min_size=3, max_size=5)
STORE = st.fixed_dictionaries(
    {},
    optional={"positions": JSON, "rounds": st.lists(COUNT, max_size=6) | JSON, "answered": JSON, "right": JSON},
)


@settings(max_examples=200, deadline=None)
@given(JSON | STORE)
def test_any_json_is_a_store_to_practise_from(value):
    store = practise.PractiseStore(json.dumps(value))
    assert store.next() is None or store.waiting()
    assert practise.stats_rows(store, say_in("en"))
    assert practise.PractiseStore(store.to_json()).to_json() == store.to_json()


def synthetic_positions(count):
    """``count`` positions from rounds everyone plays with the lowest legal card, marked by hand (no expert)."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        record = review.RoundRecord.of_game(play(sixes.Game(seed=seed), first_card))
        for move in review.choices(record):
            values = {
                card.index: (-float(n), 0.0, 0.0, 0.0) for n, card in enumerate(cards_of(record.at(move).legal()))
            }
            found.append(practise.Position(record, review.Mark(move, record.log[move], values)))
    return found[:count]


def test_the_newest_positions_are_kept_the_retired_dropped_first():
    many = synthetic_positions(practise.KEPT + 6)
    store = practise.PractiseStore()
    store.add(many[: practise.KEPT])
    store.positions[many[3].key].streak = 2  # retired
    store.add(many[practise.KEPT : practise.KEPT + 1])
    assert many[3].key not in store.positions and many[0].key in store.positions, "the retired one goes first"
    store.add(many[practise.KEPT + 1 :])
    assert list(store.positions) == [p.key for p in many[:3] + many[4:]][5:], "then the oldest"
    text = store.to_json()
    assert len(practise.PractiseStore(text).positions) == practise.KEPT
    assert len(text) < practise.KEPT * 600


# --- the share of costly choices, game by game ---------------------------------------------------------------------
def test_a_round_is_counted_once_and_its_games_share_is_kept(rounds):
    store = practise.PractiseStore()
    (_, first, first_marks), (_, second, second_marks) = rounds[3], rounds[10]
    store.note_round("game-a", first, first_marks)
    store.note_round("game-b", second, second_marks)
    store.note_round("game-a", first, first_marks)  # reviewed again
    store.note_round("game-b", second, [])  # (no marks: nothing to count)
    costly = [sum(mark.clear for mark in marks) for marks in (first_marks, second_marks)]
    assert store.by_game() == [("game-a", len(first_marks), costly[0]), ("game-b", len(second_marks), costly[1])]
    again = practise.PractiseStore(store.to_json())
    assert again.by_game() == store.by_game()
    # A game's rounds add up, in the order the games were first seen.
    data = json.loads(store.to_json())
    data["rounds"].append(["game-a", "another round", 4, 1])
    assert practise.PractiseStore(json.dumps(data)).by_game()[0] == ("game-a", len(first_marks) + 4, costly[0] + 1)


def test_the_newest_rounds_are_counted_and_a_mangled_count_skipped(rounds):
    _, record, marks = rounds[10]
    counts = [[f"g{n // 3}", f"r{n}", 3, n % 2] for n in range(practise.ROUNDS_KEPT)]
    bad = [
        ["g", "x", 1, 2],
        ["g", "y", "3", 0],
        [1, "z", 3, 0],
        ["g", "w", 3],
        "r",
        ["g", "v", -1, -1],
        ["g", "u", 0, 0],
    ]
    store = practise.PractiseStore(json.dumps({"rounds": counts[:5] + bad + counts[5:]}))
    assert list(store.rounds) == [c[1] for c in counts]
    store.note_round("g" * 500, record, marks)  # a name too long to keep whole is cut, not lost
    assert len(store.rounds) == practise.ROUNDS_KEPT and "r0" not in store.rounds and record.key in store.rounds
    assert practise.PractiseStore(store.to_json()).rounds == store.rounds


def test_the_statistics_say_what_was_practised_and_the_share_game_by_game(kept):
    store = practise.PractiseStore(kept)
    rows = dict(practise.stats_rows(store, say_in("en")))
    assert rows["Positions to practise"] == len(store.positions)
    assert rows["Practice answers right"] == "0 / 1"
    shares = [f"{round(100 * costly / choices)}%" for _, choices, costly in store.by_game()]
    assert rows["Choices that cost beyond the noise, game by game"] == " · ".join(shares)
    assert (
        dict(practise.stats_rows(practise.PractiseStore(), say_in("en")))[
            "Choices that cost beyond the noise, game by game"
        ]
        == "—"
    )


# --- carried by a profile ------------------------------------------------------------------------------------------
def test_the_practice_key_goes_to_another_browser_and_back_byte_for_byte(kept):
    assert practise.PRACTISE_KEY == keys.PRACTISE_KEY == "sixes.practise.v1" in keys.PROFILE_KEYS
    here = {**KEPT, keys.PRACTISE_KEY: kept}
    exported = profile.export(here.get, SAVED)
    loaded = profile.parse(exported.encode())
    elsewhere = Store()
    assert profile.replace(elsewhere, loaded, SAVED)
    assert elsewhere.texts[keys.PRACTISE_KEY] == kept
    waiting = practise.PractiseStore(kept).waiting()
    assert loaded.summary().practise == waiting and profile.summary_of({}).practise == 0
    html = profile.summary_html(loaded.summary(), profile.summary_of({}), say_in("en"))
    assert f'<th scope="row">Positions to practise</th><td>{waiting}</td><td>0</td>' in html


def test_a_profile_with_a_mangled_position_loads_and_the_rest_are_practised(kept):
    data = json.loads(kept)
    data["positions"][0]["move"] = "first"
    exported = profile.export({**KEPT, keys.PRACTISE_KEY: json.dumps(data)}.get, SAVED)
    loaded = profile.parse(exported)
    store = practise.PractiseStore(loaded.texts[keys.PRACTISE_KEY])
    assert list(store.positions) == list(practise.PractiseStore(kept).positions)[1:]
    assert loaded.summary().practise == len(store.positions)
