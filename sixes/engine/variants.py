"""The family's rule sets (RULES.md, "The family"): each variant a record of its rules, which the one engine reads.

A variant says its deck's ranks, the centre rank that starts a column, the card that leads, the table's usual size,
what a pass and a deal cost, how a round's end scores and when the game ends. Everything the engine looks up while
it plays (which cards a card opens, which lie beyond it, the deck as a set) is worked out from those once, here.

>>> rules = variant("sevens")
>>> rules.deck.bit_count(), rules.lead, rules.centre, rules.players
(52, '7D', '7', 4)
>>> variant("whist")
Traceback (most recent call last):
...
ValueError: unknown variant 'whist': choose one of sixes, sevens, fan-tan, cinquillo
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import ALL_CARDS, SUITS, Card, CardIndex, CardSet

POINTS_TO_END = 50  # Sevens' and Cinquillo's game ends when a player has this many (our ruling, RULES.md)


@dataclass(frozen=True, eq=False)
class Variant:
    """One member of the family: its rules as data. Two are the same variant only if they are the same record."""

    name: str
    ranks: str  # the deck's ranks, low to high
    centre: str  # the rank that starts a column
    lead: str  # the card whose holder opens the round with it
    players: int  # the table's usual size
    pass_chips: int  # what a pass pays into the pot (0: a free pass)
    ante: int  # what each player who has chips pays into the pot at each deal
    card_chips: int  # chips the winner takes from each other player per card left in hand, as far as their chips go
    card_penalty: int  # points each other player scores per card left in hand
    win_points: int  # points the winner scores
    won_card_points: int  # points the winner scores per card left in the others' hands
    points_to_end: int  # a player reaching this many points ends the game; 0: a player without chips ends it
    most_win: bool  # whether the most chips (or points) win the game, or the fewest
    about: str  # one line in the rules' own words
    # The bots' own (docs/bots.md). What a round won is worth to the hard bot and the expert beyond its chips or points
    # (Sixes' 30: rounds won are what players count; where points are the score, a round won is worth what it saves or
    # scores, and 1 more only breaks near ties), and the name in ``learned_weights`` of the network they read in this
    # variant, trained on its rules with that worth (tools/train_bot.py --variants).
    win_worth: float = 30
    network: str = "LAYERS"
    # What a learned mark's margin stands for (a card within ``inference.TIED`` of it of the best is as good as the
    # best): Sixes' 0.5 chip, and each other network's the same share of its own error against the search (measured
    # by bench/learned_margin.py: Sixes' network strays 1.93 worth from the search on a difference, so 0.5 is 0.26
    # of that; docs/bots.md).
    learned_error: float = 0.5

    # Worked out from the rules above (``__post_init__``).
    deck: CardSet = field(init=False)  # every card of the deck
    indexes: tuple[CardIndex, ...] = field(init=False)  # the deck's cards low index first: the order it is shuffled in
    lead_index: CardIndex = field(init=False)
    centres: CardSet = field(init=False)  # the centre card of each suit
    slot: tuple[int, ...] = field(init=False)  # per card index, its rank's place in ``ranks`` (-1: not in the deck)
    centre_slot: int = field(init=False)
    suits: tuple[tuple[CardIndex, ...], ...] = field(init=False)  # per suit, its cards low to high
    unlocks: tuple[CardSet, ...] = field(init=False)  # per card, the cards its play makes playable
    beyond: tuple[CardSet, ...] = field(init=False)  # per card, the cards of its suit that wait for it

    def __post_init__(self) -> None:
        suits = tuple(tuple(Card.parse(rank + suit, ALL_CARDS).index for rank in self.ranks) for suit in SUITS)
        deck = sum(1 << index for cards in suits for index in cards)
        slot = [-1] * ALL_CARDS.bit_length()
        for cards in suits:
            for place, index in enumerate(cards):
                slot[index] = place
        centre = self.ranks.index(self.centre)
        lead = Card.parse(self.lead, deck).index
        centres = sum(1 << cards[centre] for cards in suits)
        unlocks, beyond = [0] * len(slot), [0] * len(slot)
        for cards in suits:
            for place, index in enumerate(cards):
                if place == centre:
                    nearest = [cards[p] for p in (place - 1, place + 1) if 0 <= p < len(cards)]
                    # The lead opens the other suits' centre cards: how "the lead comes first" falls out of the table.
                    unlocks[index] = _set(nearest) | (centres & ~(1 << index) if index == lead else 0)
                    further: Sequence[CardIndex] = [c for c in cards if c != index]
                elif place < centre:
                    unlocks[index] = _set(cards[place - 1 : place] if place else [])
                    further = cards[:place]
                else:
                    unlocks[index] = _set(cards[place + 1 : place + 2])
                    further = cards[place + 1 :]
                beyond[index] = _set(further)
        tables = {
            "deck": deck,
            "indexes": tuple(sorted(index for cards in suits for index in cards)),
            "lead_index": lead,
            "centres": centres,
            "slot": tuple(slot),
            "centre_slot": centre,
            "suits": suits,
            "unlocks": tuple(unlocks),
            "beyond": tuple(beyond),
        }
        for name, value in tables.items():
            object.__setattr__(self, name, value)  # (a frozen record: set once, here)

    @property
    def keeps_points(self) -> bool:
        """Whether the game is scored in points (Sevens, Cinquillo) rather than chips."""
        return self.points_to_end > 0

    def over(self, chips: Sequence[int], points: Sequence[int]) -> bool:
        """Whether a game whose round has just ended, standing at ``chips`` and ``points``, is over."""
        return max(points) >= self.points_to_end if self.keeps_points else min(chips) == 0

    def winners(self, chips: Sequence[int], points: Sequence[int]) -> list[int]:
        """The seats that win a game that is over (a tie shares the win)."""
        score = [p if self.most_win else -p for p in points] if self.keeps_points else list(chips)
        best = max(score)
        return [seat for seat, s in enumerate(score) if s == best]

    def result(self, chips: int, points: int) -> int:
        """One seat's chips or points as a number to make as large as possible (a penalty counts against)."""
        if self.keeps_points:
            return points if self.most_win else -points
        return chips

    def __repr__(self) -> str:
        return f"variant({self.name!r})"


def _set(indexes: Sequence[CardIndex]) -> CardSet:
    return sum(1 << index for index in indexes)


FORTY, FIFTY_TWO = "A234567JQK", "A23456789TJQK"

SIXES = Variant(
    "sixes",
    FORTY,
    "6",
    "6D",
    players=5,
    pass_chips=1,
    ante=0,
    card_chips=0,
    card_penalty=0,
    win_points=0,
    won_card_points=0,
    points_to_end=0,
    most_win=True,
    about="40 cards, the 6s start the columns; a pass pays a chip into the pot, the first out takes it",
)
SEVENS = Variant(
    "sevens",
    FIFTY_TWO,
    "7",
    "7D",
    players=4,
    pass_chips=0,
    ante=0,
    card_chips=0,
    card_penalty=1,
    win_points=0,
    won_card_points=0,
    points_to_end=POINTS_TO_END,
    most_win=False,
    about="52 cards, the 7s start the columns; a pass is free, every card left in hand is a penalty point",
    network="SEVENS",
    win_worth=1,
    learned_error=0.05,  # (its network's error of a difference: 0.19 points)
)
FAN_TAN = Variant(
    "fan-tan",
    FIFTY_TWO,
    "7",
    "7D",
    players=4,
    pass_chips=1,
    ante=1,
    card_chips=1,
    card_penalty=0,
    win_points=0,
    won_card_points=0,
    points_to_end=0,
    most_win=True,
    about="52 cards, the 7s start the columns; an ante and a chip a pass, the first out takes the pot and a chip a card",
    network="FAN_TAN",
    learned_error=0.9,  # (3.47 worth)
)
CINQUILLO = Variant(
    "cinquillo",
    FORTY,
    "5",
    "5D",
    players=4,
    pass_chips=0,
    ante=0,
    card_chips=0,
    card_penalty=0,
    win_points=5,
    won_card_points=1,
    points_to_end=POINTS_TO_END,
    most_win=True,
    about="40 cards, the 5s start the columns; a pass is free, the first out scores 5 and a point a card left",
    network="CINQUILLO",
    win_worth=1,
    learned_error=0.25,  # (0.95 points)
)

RULES: dict[str, Variant] = {rules.name: rules for rules in (SIXES, SEVENS, FAN_TAN, CINQUILLO)}
VARIANTS = tuple(RULES)  # the names, Sixes first


def variant(name: object) -> Variant:
    """The rules named ``name``; ValueError naming it if there is no such variant."""
    rules = RULES.get(name) if isinstance(name, str) else None
    if rules is None:
        raise ValueError(f"unknown variant {name!r}: choose one of {', '.join(VARIANTS)}")
    return rules
