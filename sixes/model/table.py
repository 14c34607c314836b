"""What the page draws, as plain data and text: a pure view of the game for seat 0.

Everything here runs under CPython, so the tests check what a person sees
without a browser. It reads the game only through ``game.view(0)`` and the
public table (chips, round number, winners): other seats' hands never reach it.
The HTML of it all is in table_html.py; the person's choices in settings.py.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.cards import EVERY_CARD, SUITS, Card, cards_of
from ..engine.core import Seat
from ..engine.game import Game, Move, View
from ..engine.variants import Variant
from .settings import Settings
from .words import MINUS, SUIT_SYMBOLS, Say

if TYPE_CHECKING:  # the page loads the hints when first asked for one (hint_text)
    from .hints import Hint

# A card drawn in a column: its notation and its slot, the rank's place A=0 … K=9 (so a 6 is always at 5).
Slotted = tuple[str, int]
# A row of the final standings: (place, name, chips, winner).
Standing = tuple[int, str, int, bool]


def card_label(card: Card | str) -> str:
    """'7♥' for 7H: the short form for narration and the corner of a card."""
    card = str(card)
    return card[0] + SUIT_SYMBOLS[card[1]]


def narrate(move: Move, names: Sequence[str], say: Say, rules: Variant) -> str:
    """One line for a turn: 'Bethan played 7♥', 'Carys paid 1 chip and passed', 'You played 5♠'; a pass in a game of
    free passes (Sevens, Cinquillo) just 'Carys passed', not Sixes' 'passed with no chip to pay'."""
    key = (
        "played" if move.card is not None else "paid" if move.paid else "passed_free" if rules.pass_chips else "passed"
    )
    card = move.card and say.label(move.card)
    return say(f"{key}_you", card=card) if move.seat == 0 else say(key, name=names[move.seat], card=card)


@dataclass
class SeatView:
    seat: Seat
    name: str
    level: str | None  # None for the person
    chips: int
    cards: int
    dealer: bool
    acting: bool
    lacks: list[str] = field(default_factory=list)  # unplayed cards its passes prove it does not hold (data-lacks)
    clues: list[str] = field(
        default_factory=list
    )  # those of them worth drawing: not in the person's hand; [] if hidden
    points: int | None = None  # where the variant keeps points (Sevens, Cinquillo), the seat's, shown for its chips


@dataclass
class ColumnView:
    suit: str
    cards: list[Slotted]  # (notation, slot): slot is the rank's place A=0 … K=9, so a 6 is always at 5
    ends: list[Slotted]  # the cards playable on this column now, drawn as faint outlines
    last: str | None = None  # the last card played, if it is in this column (data-last)


@dataclass
class TableView:
    round_number: int
    seats: list[SeatView]
    hand: list[tuple[str, bool]]  # (notation, playable)
    columns: list[ColumnView]
    pot: int
    must_pass: bool
    can_pass: bool  # must, or may by the house rule
    your_turn: bool
    narration: list[str]  # newest last
    status: str
    say: Say  # the words of the person's language (words.say_in)
    deal_note: str = ""  # who was dealt a card more, when the deck does not share out evenly
    variant: str = "sixes"  # the game of the family on the table (<html data-variant>)
    keeps_points: bool = False  # scored in points, so no pot and no chips are shown
    pass_word: str = "pay_pass"  # what the Pass button says: it pays, it is free for want of chips, or always free


def build(game: Game, settings: Settings, interactive: bool = True) -> TableView:
    """The table as seat 0 sees it. ``interactive`` False (bots or an automatic
    move about to go) leaves every card and the pass button disabled."""
    view = game.view(0)
    names, say = settings.names, settings.say.dealing(game.rules.ranks)
    over = view.round_over
    your_turn = interactive and not over and view.turn == 0
    legal = {str(card) for card in view.legal} if your_turn else set()
    seats = [
        SeatView(
            seat,
            names[seat],
            None if seat == 0 else settings.levels[seat - 1],
            view.chips[seat],
            view.counts[seat],
            seat == view.dealer,
            not over and seat == view.turn,
            *seat_lacks(view, seat, settings.show_lacks),
            points=view.points[seat] if view.rules.keeps_points else None,
        )
        for seat in range(view.players)
    ]
    ends = cards_of(view.playable) if not over else []
    history = view.history
    last = last_card(history)
    columns = [
        ColumnView(
            suit,
            _slotted(cards, view.rules),
            _slotted((c for c in ends if c.suit == suit), view.rules),
            last if last and last[1] == suit else None,
        )
        for suit, cards in view.columns.items()
    ]
    narration = [narrate(move, names, say, game.rules) for move in history[-3:]]
    if not history:
        narration = [dealt_text(game.round_number, view.dealer, names, say)]
    must_pass = your_turn and not legal
    # A pass pays a chip, is free for want of chips, or is free by the variant's rule: the button's and status's words.
    pass_word, must_pass_word = (
        ("pay_pass", "must_pay")
        if view.rules.pass_chips and view.chips[0]
        else ("pass_free", "must_pass_free")
        if view.rules.pass_chips
        else ("pass_plain", "must_pass_plain")
    )
    can_pass = must_pass or (your_turn and game.may_pass)
    if view.round_winner is not None:  # (the round is over)
        status = say("went_out_you") if view.round_winner == 0 else say("went_out", name=names[view.round_winner])
    elif must_pass:
        status = say(must_pass_word)
    elif your_turn:
        status = say("your_turn_may_pass" if game.may_pass else "your_turn")
    elif view.turn == 0:
        status = say("forced")  # not interactive: the option plays it for the person
    else:
        status = say("to_play", name=names[view.turn])
    hand = [(str(card), str(card) in legal) for card in view.hand]
    return TableView(
        game.round_number,
        seats,
        hand,
        columns,
        view.pot,
        must_pass,
        can_pass,
        your_turn,
        narration,
        status,
        say,
        deal_note(view.players, view.dealer, names, say, view.rules.deck.bit_count()),
        view.rules.name,
        view.rules.keeps_points,
        pass_word,
    )


def dealt_text(round_number: int, dealer: Seat, names: Sequence[str], say: Say) -> str:
    """Who dealt a round: 'Round 2: Aled dealt.', or of the person 'Round 2: you dealt.' (their name is no verb's
    subject: Spanish says "repartes tú", not "reparte Tú").

    >>> from sixes.model.words import say_in
    >>> dealt_text(2, 0, ["Tú", "Ana"], say_in("es")), dealt_text(2, 1, ["Tú", "Ana"], say_in("es"))
    ('Ronda 2: repartes tú.', 'Ronda 2: reparte Ana.')
    """
    return say("dealt_you", n=round_number) if dealer == 0 else say("dealt", n=round_number, name=names[dealer])


def round_label(view: TableView) -> str:
    """The game of the family (when it is not Sixes), the round's number, and who was dealt a card more if anyone was."""
    game = "" if view.variant == "sixes" else view.say("variant_" + view.variant.replace("-", "_"))
    return " · ".join(filter(None, [game, view.say("round", n=view.round_number), view.deal_note]))


def last_card(history: Sequence[Move]) -> str | None:
    """The notation of the last card played this round (passes since do not count), or None."""
    return next((str(move.card) for move in reversed(history) if move.card is not None), None)


def seat_lacks(view: View, seat: Seat, shown: bool) -> tuple[list[str], list[str]]:
    """A seat's proven gaps (its passes while those cards were playable, minus those played since), and the
    ones to draw: a card in the person's own hand tells them nothing new, and the setting may hide them all."""
    lacks = cards_of(view.lacks[seat] & ~view.played)
    clues = [card for card in lacks if not view.hand_mask & card.bit] if shown and seat != view.seat else []
    return [str(card) for card in lacks], [str(card) for card in clues]


def deal_note(players: int, dealer: Seat, names: Sequence[str], say: Say, cards: int = 40) -> str:
    """'Aled and Bethan hold a card more': 40 cards (or 52) among 3 or 6 leave some seats, left of the dealer first,
    one up.

    >>> from sixes.model.words import say_in
    >>> deal_note(6, 0, Settings().names, say_in("en"))
    'Aled, Bethan, Carys and Dafydd got a card more.'
    >>> deal_note(5, 0, Settings().names, say_in("en"))
    ''
    """
    extra = [(dealer + 1 + i) % players for i in range(cards % players)]
    if not extra:
        return ""
    if 0 in extra:
        others = [names[seat] for seat in extra if seat]
        return say("dealt_more_you", names=say("list", others)) if others else say("dealt_more_only_you")
    return say("dealt_more", names=say("list", [names[seat] for seat in extra]))


def _slotted(cards: Iterable[Card], rules: Variant) -> list[Slotted]:
    return [(str(card), rules.slot[card.index]) for card in cards]


@dataclass
class SummaryRow:
    name: str
    before: int
    after: int
    went_out: bool

    @property
    def change(self) -> str:
        """'+3', '−2' (a true minus sign, as Say.number writes it), '±0'."""
        return f"{self.after - self.before:+d}".replace("-", MINUS) if self.after != self.before else "±0"


def antes(game: Game) -> list[int]:
    """What each seat anted into the pot at this round's deal (Fan Tan: a chip, if it had one; 0 elsewhere)."""
    return [min(had, game.rules.ante) for had in game.round_start_chips]


def paid_at_end(game: Game) -> list[int]:
    """What each seat paid the winner of the round just ended for its cards left in hand (Fan Tan's rule), read
    from the round as played: its chips at the deal, less its ante and its paid passes, as far as they go. All 0
    where the variant pays nothing so, and while the round plays.

    >>> game = Game(players=3, chips=1, seed=2, variant="fan-tan")
    >>> while not game.round_over:
    ...     game.apply(game.legal_moves()[0] if game.legal_moves() else None)
    >>> paid_at_end(game)  # each had anted its one chip: nothing left to pay with
    [0, 0, 0]
    """
    rules, winner = game.rules, game.round_winner
    if winner is None or not rules.card_chips:
        return [0] * game.players
    chips = [had - ante for had, ante in zip(game.round_start_chips, antes(game), strict=True)]
    for move in game.history:
        chips[move.seat] -= move.paid
    cards = game.counts
    return [0 if seat == winner else min(chips[seat], rules.card_chips * cards[seat]) for seat in range(game.players)]


def round_summary(game: Game, settings: Settings) -> tuple[str, str, list[SummaryRow]]:
    """Who went out, the pot they won (or the points scored), and every seat's chips (or points) before → after this
    round."""
    title, line = round_result(game, settings.names, settings.say)
    points = game.rules.keeps_points
    starts, now = (game.round_start_points, game.points) if points else (game.round_start_chips, game.chips)
    rows = [
        SummaryRow(settings.names[seat], before, after, seat == game.round_winner)
        for seat, (before, after) in enumerate(zip(starts, now))
    ]
    return title, line, rows


def round_result(game: Game, names: Sequence[str], say: Say) -> tuple[str, str]:
    """Who went out, and the pot they won (its antes and passes) and what the cards left paid them: ("Aled went
    out", "Aled won the pot: 7 chips.")."""
    winner = game.round_winner
    if winner is None:
        raise ValueError("a round is summed up only once it is over")
    rules = game.rules
    won = sum(antes(game)) + sum(move.paid for move in game.history)  # (the pot as it was: antes and paid passes)
    title = say("out_title_you") if winner == 0 else say("out_title", name=names[winner])
    if rules.card_penalty:  # (Sevens: the others' cards left are their penalty)
        return title, say("penalty_points")
    if rules.win_points:  # (Cinquillo: the winner scores)
        scored = game.points[winner] - game.round_start_points[winner]
        return title, say("scored_points", points=say("points", scored))
    if paid := sum(paid_at_end(game)):  # (Fan Tan: the others' cards left pay too)
        chips, paid_chips = say("chips", won), say("chips", paid)
        if winner == 0:
            return title, say("won_pot_cards_you", chips=chips, paid=paid_chips)
        return title, say("won_pot_cards", name=names[winner], chips=chips, paid=paid_chips)
    if not won:
        return title, say("empty_pot")
    if winner == 0:
        return title, say("won_pot_you", chips=say("chips", won))
    return title, say("won_pot", name=names[winner], chips=say("chips", won))


def game_over_text(game: Game, settings: Settings) -> str:
    """Why the game ended: the last round's result and who ran out of chips (or reached the points that end it)."""
    _, line, _ = round_summary(game, settings)
    say = settings.say
    if game.rules.keeps_points:
        end = game.rules.points_to_end
        # (the person named in the words of a sentence, "Aled and you", as in game_over)
        reached = [
            settings.names[seat] if seat else say("you_listed")
            for seat in range(game.players)
            if game.points[seat] >= end
        ]
        return f"{line} {say('game_over_points', names=say('list', reached), points=say('points', end))}"
    broke = [settings.names[seat] for seat in range(1, game.players) if game.chips[seat] == 0]
    if not game.chips[0]:  # the person, named in the words of a sentence ("Aled and you"), not as a seat's name
        broke.append(say("you_listed"))
    over = say("game_over", names=say("list", broke)) if broke != [say("you_listed")] else say("game_over_only_you")
    return f"{line} {over}"


def standings(game: Game, settings: Settings) -> tuple[str, list[Standing]]:
    """Final places, most chips first; ties share a place. Rows: (place, name, chips, winner)."""
    names, say = settings.names, settings.say
    score = game.points if game.rules.keeps_points else game.chips  # (what is shown: chips, or points)
    result = [game.rules.result(chips, points) for chips, points in zip(game.chips, game.points)]
    order = sorted(range(game.players), key=lambda seat: -result[seat])
    rows: list[Standing] = []
    for i, seat in enumerate(order):
        place = rows[-1][0] if i and result[seat] == result[order[i - 1]] else i + 1
        rows.append((place, names[seat], score[seat], seat in game.winners))
    if game.winners == [0]:
        title = say("win_you")
    elif len(game.winners) == 1:
        title = say("wins", name=names[game.winners[0]])
    elif 0 in game.winners:
        title = say("share_you", names=say("list", [names[seat] for seat in game.winners if seat]))
    else:
        title = say("share", names=say("list", [names[seat] for seat in game.winners]))
    return title, rows


def hand_card_name(card: str, playable: bool, say: Say) -> str:
    """What a screen reader hears for a card of the hand: 'Play 7 of Hearts', or the card's name."""
    return say("playable", card=say.card(card)) if playable else say.card(card)


def column_label(column: ColumnView, say: Say) -> str:
    """What a screen reader hears for a column: 'Diamonds: 4 to Jack'."""
    suit = say.suit(column.suit)
    if not column.cards:
        return say("column_empty", suit=suit)
    low, high = (say.rank(column.cards[i][0][0]) for i in (0, -1))
    return (
        say("column_single", suit=suit, low=low)
        if len(column.cards) == 1
        else say("column_label", suit=suit, low=low, high=high)
    )


def round_hands(game: Game, names: Sequence[str]) -> list[tuple[Seat, str, list[str]]]:
    """At a round's end, every seat's cards left, face up for all to check: (seat, name, cards)."""
    if not game.round_over:
        raise ValueError("hands are shown only once the round is over")
    return [(seat, names[seat], [str(card) for card in game.hand(seat)]) for seat in range(game.players)]


def restore(text: str | None, new_game: Callable[[], Game]) -> tuple[Game, str | None]:
    """The saved game in ``text``, or a fresh ``new_game()`` when there is none
    or it cannot be loaded. Returns (game, why the save was refused or None)."""
    if text is None:
        return new_game(), None
    try:
        return Game.from_json(text), None
    except Exception as error:  # noqa: BLE001 - whatever is wrong with a save, the page must still open
        return new_game(), str(error) or type(error).__name__


def hint_text(hint: "Hint", say: Say) -> str:
    """The expert's advice (``sixes.model.hints``) in a sentence.

    >>> from sixes import Card
    >>> from sixes.model.hints import Hint
    >>> from sixes.model.words import say_in
    >>> hint_text(Hint(Card.parse("7H"), "leads_to_own", 1), say_in("en"))
    'Hint: Play 7♥: 1 of your cards waits behind it.'
    """
    from .hints import words  # here, not at the top: the page loads the hints when first asked for one

    return say("hint", words=words(hint, say))


def why_not_text(view: View, card: Card | str, say: Say) -> str:
    """Why ``card`` cannot be played now, in a line, for a tap on it (``view``: the person's ``game.view(0)``):
    the round opens with the 6♦, else the card needs its neighbour on the 6's side laid first.

    >>> from sixes.model.guide import guided_game
    >>> from sixes.model.words import say_in
    >>> game = guided_game()  # the person holds 3♠ 6♥ Q♥ 6♦
    >>> why_not_text(game.view(0), "QH", say_in("en"))
    'Q♥ waits: the round opens with the 6♦.'
    >>> game.play("6D")
    >>> why_not_text(game.view(0), "QH", say_in("en")), why_not_text(game.view(0), "3S", say_in("en"))
    ('Q♥ needs J♥ on its column first.', '3♠ needs 4♠ on its column first.')
    """
    rules = view.rules
    card = Card.parse(card, rules.deck)
    lead = EVERY_CARD[rules.lead_index]
    if not view.played & lead.bit:
        return say("why_not_open", card=say.label(card), six=say.label(lead))
    rank, centre = rules.slot[card.index], rules.centre_slot
    suit = rules.suits[SUITS.index(card.suit)]
    needs = EVERY_CARD[suit[rank + 1 if rank < centre else rank - 1]]  # its neighbour towards the centre
    return say("why_not_needs", card=say.label(card), needs=say.label(needs))


def in_progress(game: Game) -> bool:
    """A game the person would lose something of if another replaced it: unfinished, and played into (a round
    finished, or a move of theirs in this one). A game just dealt, or over, is not asked about.

    >>> from sixes.model.guide import guided_game
    >>> game = guided_game()
    >>> in_progress(game), game.play("6D"), in_progress(game)
    (False, None, True)
    """
    return not game.over and (game.round_number > 1 or any(move.seat == 0 for move in game.history))


def replace_question(game: Game, settings: Settings, daily: bool = False) -> tuple[str, str]:
    """What the person is asked before a new deal replaces ``game``, in progress: (title, the game named by its
    round and chips, and what leaving it means: for the day's deal (``daily``), that the day is given up with it)."""
    say = settings.say
    where = say("replace_where", round=game.round_number, chips=say("chips", game.chips[0]))
    meaning = "replace_daily" if daily else "replace_casual" if game.casual else "replace_counts"
    return say("replace_title"), f"{where} {say(meaning)}"
