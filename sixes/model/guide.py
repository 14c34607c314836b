"""The guided first deal: a scripted deal that teaches by playing, and what the page says at each step.

Pure Python. The deal is fixed and the bots in it play their lowest legal card, so every path
the person can take through it is known in advance (tests/model/test_guide.py walks them all): they
lead the 6♦, play the one card that fits, find that none fits and pay a chip, choose between
two cards that fit, and go out with the last one, taking the pot. What the page says is a
function of the game alone, so a reload of the words (another language) says the same step.
"""

from collections.abc import Sequence
from typing import NamedTuple, TypedDict

from ..engine.cards import SIX, Card
from ..engine.core import Seat
from ..engine.game import Game
from .words import Say

# Seat 0 is the person; the bots hold 9 cards each, so the person's 4 are out in five turns.
HANDS = (
    ("3S", "6H", "QH", "6D"),
    ("KS", "AH", "3H", "JH", "2D", "4D", "7D", "KD", "7C"),
    ("4S", "5S", "JS", "AD", "JD", "QD", "2C", "6C", "KC"),
    ("2S", "6S", "7S", "4H", "5H", "3D", "5D", "3C", "5C"),
    ("AS", "QS", "2H", "7H", "KH", "AC", "4C", "JC", "QC"),
)


def guided_game() -> Game:
    """The guided deal, as a casual game: whatever happens in it, it counts in no statistics."""
    return Game.from_hands([list(hand) for hand in HANDS], casual=True)


def bot_move(game: Game) -> Card | None:
    """A bot's move in the guided deal: its lowest legal card, or None to pass."""
    legal = game.legal_moves()
    return legal[0] if legal else None


class StepFields(TypedDict, total=False):
    """The blanks of a step's words, each as the game has it (``words`` says each in the person's language)."""

    card: Card
    end: Card  # the column's end a card goes beside
    suit: str
    seat: Seat
    held: int  # cards in the person's hand
    cards: list[Card]
    chips: int
    reasons: list["Reason"]  # why each legal card fits


# Why a card fits its column: a key of the words catalogue and its fields.
Reason = tuple[str, StepFields]


class Step(NamedTuple):
    """What the guide says now: a key of the words catalogue and the fields it is filled with."""

    key: str
    fields: StepFields


def step(game: Game) -> Step:
    """The step of the guided deal that ``game`` is at (the person is seat 0).

    >>> step(guided_game())
    Step(key='guide_open', fields={'card': Card('6D'), 'held': 4})
    """
    view = game.view(0)
    history = view.history
    if view.round_over:
        return Step("guide_done", {"chips": sum(move.paid for move in history)})
    if view.turn != 0:
        mine = [move for move in history if move.seat == 0]
        if mine[-1].card is None:
            return Step("guide_paid", {})
        if mine[-1].card == Card.parse("6D"):
            return Step("guide_opened", {"card": mine[-1].card, "suit": "D", "seat": 1})
        return Step("guide_played", {})
    legal = view.legal
    if not history:
        return Step("guide_open", {"card": legal[0], "held": len(view.hand)})
    if not legal:
        return Step("guide_pay", {"cards": view.hand})
    if len(view.hand) == 1:
        return Step("guide_last", {"card": legal[0], "chips": view.pot})
    reasons = [reason(card, view.columns[card.suit]) for card in legal]
    return Step("guide_one" if len(legal) == 1 else "guide_choose", {"reasons": reasons})


def reason(card: Card, column: Sequence[Card]) -> Reason:
    """Why ``card`` fits a column whose cards are ``column`` (low to high): (key, fields)."""
    if card.index % 10 == SIX:
        return "guide_why_six", {"card": card, "suit": card.suit}
    if card.index < column[0].index:
        return "guide_why_below", {"card": card, "end": column[0]}
    return "guide_why_above", {"card": card, "end": column[-1]}


# Steps that say how to play a card or pass: on a touch screen they say "tap", without the keys.
TOUCH_WORDS = {"guide_open": "guide_open_touch", "guide_pay": "guide_pay_touch"}


def words(step: Step, names: Sequence[str], say: Say, touch: bool = False) -> str:
    """The step in the person's language (``say``: words.say_in), bots named by ``names``; ``touch``: for a
    screen that is tapped (CSS ``pointer: coarse``), not clicked and keyed.

    >>> from sixes.model.words import say_in
    >>> words(Step("guide_one", {"reasons": [("guide_why_below", {"card": Card.parse("5D"), "end": Card.parse("6D")})]}),
    ...       ["You", "Aled"], say_in("en"))
    'Your turn. Only one of your cards fits: 5♦ goes directly below the 6♦. It is raised: play it.'
    >>> words(step(guided_game()), ["You"], say_in("en"), touch=True)[-16:]
    'Play it: tap it.'
    """
    key = TOUCH_WORDS.get(step.key, step.key) if touch else step.key
    return say(key, **_filled(step.fields, names, say))


def _filled(fields: StepFields, names: Sequence[str], say: Say) -> dict[str, object]:
    # Each blank is read by its name from ``fields`` (the same value as ``value``), which types it.
    filled: dict[str, object] = {}
    for name, value in fields.items():
        if isinstance(value, Card):
            value = say.label(value)
        elif name == "suit":
            value = say.suit(fields["suit"])
        elif name == "seat":
            name, value = "name", names[fields["seat"]]
        elif name == "held":
            value = say("cards", fields["held"])
        elif name == "cards":
            value = say("list", [say.label(card) for card in fields["cards"]])
        elif name == "chips":
            value = say("chips", fields["chips"])
        elif name == "reasons":
            value = say("list", [say(key, **_filled(parts, names, say)) for key, parts in fields["reasons"]])
        filled[name] = value
    return filled
