"""Cards of the family's decks (the 40-card Spanish-style deck, and the 52-card one), and card sets as bits of an int.

A card of the 40-card deck has the index it always had, ``suit * 10 + rank``: ranks run A 2 3 4 5 6 7 J Q K (0..9,
the 6 is rank 5) and suits S H D C (0..3). The 8, 9 and T that a 52-card deck adds come after them, ``40 + suit * 3``
plus 0, 1 or 2, so a Sixes position, set or save is the same number it was before the family came. A set of cards is
an int with bit ``index`` set for each card in it, so hands, legal moves and the playable ends of the columns are single
ints and set algebra is one operator. Cards sort by suit, then rank (``Card.order``), not by index.
"""

from collections.abc import Iterable
from typing import TypeAlias

CardIndex: TypeAlias = int  # 0 (AS) to 39 (KC) for the 40-card deck, then 40 (8S) to 51 (TC)
CardSet: TypeAlias = int  # a set of cards: bit ``index`` set for each card in it (python-chess's Bitboard)

RANKS = "A234567JQK"  # the 40-card deck's (Sixes', Cinquillo's), low to high
ALL_RANKS = "A23456789TJQK"  # a 52-card deck's, low to high: the ten is T
ADDED_RANKS = "89T"  # what a 52-card deck adds
SUITS = "SHDC"
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SIX = RANKS.index("6")
DECK_SIZE = 40
FULL_DECK = (1 << DECK_SIZE) - 1  # the 40-card deck
ALL_CARDS = (1 << 52) - 1  # every card of either deck


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
        # Cards are interned: there are only 52, so parse and bit lookups share them.
        return EVERY_CARD[index]

    @classmethod
    def parse(cls, text: "Card | str", deck: CardSet = FULL_DECK) -> "Card":
        """The card of ``deck`` (by default the 40-card one) for a notation such as "6D"; ValueError (with the
        reason) for anything else, a card of another deck too.

        >>> Card.parse("TD", ALL_CARDS), Card.parse("8D")
        Traceback (most recent call last):
        ...
        ValueError: '8D' is not a card of this deck: write rank then suit, rank one of A 2 3 4 5 6 7 J Q K and suit one of S H D C (e.g. 6D)
        """
        if isinstance(text, Card) and deck >> text.index & 1:
            return text
        if not isinstance(text, (str, Card)):
            raise ValueError(f"a card is written like 6D, not {text!r}")  # noqa: TRY004 (the engine refuses with ValueError)
        card = _BY_NAME.get(str(text).strip().upper())
        if card is None or not deck >> card.index & 1:
            ranks = " ".join(rank for rank in ALL_RANKS if deck & _RANK_MASKS[rank])
            raise ValueError(
                f"{str(text)!r} is not a card of this deck: write rank then suit, "
                f"rank one of {ranks} and suit one of {' '.join(SUITS)} (e.g. 6D)"
            )
        return card

    @property
    def rank(self) -> str:
        return _NAMES[self.index][0]

    @property
    def suit(self) -> str:
        return _NAMES[self.index][1]

    @property
    def order(self) -> int:
        """Where the card sorts: by suit, then rank (A low, K high, the 8, 9 and T between 7 and J)."""
        return _ORDER[self.index]

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
            return _ORDER[self.index] < _ORDER[other.index]
        return NotImplemented

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[type["Card"], tuple[CardIndex]]:
        return (Card, (self.index,))


_NAMES = [rank + suit for suit in SUITS for rank in RANKS] + [rank + suit for suit in SUITS for rank in ADDED_RANKS]
_ORDER = [SUITS.index(name[1]) * len(ALL_RANKS) + ALL_RANKS.index(name[0]) for name in _NAMES]
_cards = []
for _index in range(len(_NAMES)):
    _card = object.__new__(Card)
    _card.index = _index
    _cards.append(_card)
EVERY_CARD: tuple[Card, ...] = tuple(_cards)  # by index: ``EVERY_CARD[index]`` is that card, whichever deck
CARDS = EVERY_CARD[:DECK_SIZE]  # the 40-card deck
_BY_NAME = {name: EVERY_CARD[i] for i, name in enumerate(_NAMES)}
_RANK_MASKS = {rank: sum(1 << i for i, name in enumerate(_NAMES) if name[0] == rank) for rank in ALL_RANKS}
SUIT_MASKS = tuple(sum(1 << i for i, name in enumerate(_NAMES) if name[1] == suit) for suit in SUITS)

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
    """The cards in a set, in order (by suit, then rank).

    >>> cards_of(Card.parse("6D").bit | Card.parse("AS").bit | Card.parse("TS", ALL_CARDS).bit)
    [Card('AS'), Card('TS'), Card('6D')]
    """
    cards = [EVERY_CARD[i] for i in indexes_of(mask)]
    if mask >> DECK_SIZE:  # (the 40-card deck's cards are in order by index)
        cards.sort()
    return cards


def mask_of(cards: Iterable["Card | str"], deck: CardSet = FULL_DECK) -> CardSet:
    """The set of the given cards (Cards or notations) of ``deck``."""
    mask = 0
    for card in cards:
        mask |= Card.parse(card, deck).bit
    return mask


def suit_mask(suit: str) -> CardSet:
    """Every card of one suit ("S", "H", "D" or "C"), of either deck."""
    return SUIT_MASKS[SUITS.index(suit)]
