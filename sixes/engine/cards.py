"""Cards of the 40-card Spanish-style deck, and card sets as bits of an int.

A card's index is ``suit * 10 + rank``: ranks run A 2 3 4 5 6 7 J Q K
(0..9, the 6 is rank 5) and suits S H D C (0..3). A set of cards is an int
with bit ``index`` set for each card in it, so hands, legal moves and the
playable ends of the columns are single ints and set algebra is one operator.
"""

from collections.abc import Iterable
from typing import TypeAlias

CardIndex: TypeAlias = int  # suit * 10 + rank: 0 (AS) to 39 (KC)
CardSet: TypeAlias = int  # a set of cards: bit ``index`` set for each card in it (python-chess's Bitboard)

RANKS = "A234567JQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SIX = RANKS.index("6")
DECK_SIZE = 40
FULL_DECK = (1 << DECK_SIZE) - 1


class Card:
    """One card; equal by value, ordered by suit then rank, ``str`` is its notation.

    >>> Card.parse("6D")
    Card('6D')
    >>> str(Card.parse("jc")), Card.parse("KD").rank, Card.parse("AS").suit
    ('JC', 'K', 'S')
    >>> sorted(map(Card.parse, ["7H", "AS", "6H"]))
    [Card('AS'), Card('6H'), Card('7H')]
    """

    __slots__ = ("index",)

    index: CardIndex

    def __new__(cls, index: CardIndex) -> "Card":  # noqa: PYI034 (the interned Card, never a new one)
        # Cards are interned: there are only 40, so parse and bit lookups share them.
        return CARDS[index]

    @classmethod
    def parse(cls, text: "Card | str") -> "Card":
        """The card for a notation such as "6D"; ValueError (with the reason) for anything else."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card is written like 6D, not {text!r}")  # noqa: TRY004 (the engine refuses with ValueError)
        try:
            return _BY_NAME[text.strip().upper()]
        except KeyError:
            raise ValueError(
                f"{text!r} is not a card of this deck: write rank then suit, "
                f"rank one of {' '.join(RANKS)} and suit one of {' '.join(SUITS)} (e.g. 6D)"
            ) from None

    @property
    def rank(self) -> str:
        return RANKS[self.index % 10]

    @property
    def suit(self) -> str:
        return SUITS[self.index // 10]

    @property
    def bit(self) -> CardSet:
        return 1 << self.index

    def __str__(self) -> str:
        return _NAMES[self.index]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[type["Card"], tuple[CardIndex]]:
        return (Card, (self.index,))


_NAMES = [rank + suit for suit in SUITS for rank in RANKS]
_cards = []
for _index in range(DECK_SIZE):
    _card = object.__new__(Card)
    _card.index = _index
    _cards.append(_card)
CARDS: tuple[Card, ...] = tuple(_cards)
_BY_NAME = {name: CARDS[i] for i, name in enumerate(_NAMES)}

SIX_OF_DIAMONDS = Card.parse("6D")


def indexes_of(mask: CardSet) -> list[CardIndex]:
    """The indexes of the cards in a set, low first.

    >>> indexes_of(Card.parse("6D").bit | Card.parse("AS").bit)
    [0, 25]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: CardSet) -> list[Card]:
    """The cards in a set, low index first.

    >>> cards_of(Card.parse("6D").bit | Card.parse("AS").bit)
    [Card('AS'), Card('6D')]
    """
    return [CARDS[i] for i in indexes_of(mask)]


def mask_of(cards: Iterable["Card | str"]) -> CardSet:
    """The set of the given cards (Cards or notations)."""
    mask = 0
    for card in cards:
        mask |= Card.parse(card).bit
    return mask


def suit_mask(suit: str) -> CardSet:
    """Every card of one suit ("S", "H", "D" or "C")."""
    return ((1 << 10) - 1) << (SUITS.index(suit) * 10)
