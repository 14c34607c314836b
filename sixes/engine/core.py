"""The rules of a round of any of the family on card sets held as ints: the one engine under
``Game``, the simulator and the bots' playouts. What differs between the variants is data
(``variants.Variant``), which a round is handed.

The whole rule of what may be played is one int, ``playable``: the open ends
of the columns. Playing a card removes it and adds what it opens (the variant's
``unlocks``), so a seat's legal moves are ``hand & playable``. Before the lead
(the 6D in Sixes) is down only it is playable, and it opens the other centre
cards: that is how the rule "the 6D holder leads with the 6D" falls out of the
same table.
"""

import functools
import operator
from collections.abc import Callable, Sequence
from random import Random
from typing import TypeAlias

from .cards import FULL_DECK, CardIndex, CardSet, cards_of
from .variants import SIXES, Variant

Seat: TypeAlias = int  # 0 to players - 1; each seat plays after the one before it, seat 0 after the last
# One turn of a round's log: the index of the card played, or PAID_PASS or FREE_PASS (below) for a pass.
LogEntry: TypeAlias = int

SIX_D = SIXES.lead_index  # Sixes' lead, the 6D
UNLOCKS = SIXES.unlocks  # Sixes' table of what each card opens
PAID_PASS = -1  # log entries: a card index, or one of these two
FREE_PASS = -2  # a pass that paid nothing: a seat with no chips, or a variant's free pass
MIN_PLAYERS, MAX_PLAYERS = 3, 6  # the house rules' range (RULES.md); 5 is the standard table
MIN_CHIPS, MAX_CHIPS = 1, 99


def shuffled_deck(rng: Random, deck: Sequence[CardIndex] = SIXES.indexes) -> list[CardIndex]:
    """The card indexes of ``deck`` in an order drawn from ``rng.random()`` alone.

    Fisher–Yates written out, because ``random.shuffle``'s use of the
    generator is not promised to stay the same across Python versions, and
    the same seed must give the same deal in CPython and in Pyodide.
    """
    deck = list(deck)
    random = rng.random
    for i in range(len(deck) - 1, 0, -1):
        j = int(random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(players: int, dealer: Seat, rng: Random, rules: Variant = SIXES) -> list[CardSet]:
    """Every card of the variant's deck dealt one at a time, starting with the dealer's left (seat dealer+1)."""
    hands = [0] * players
    seat = dealer
    for index in shuffled_deck(rng, rules.indexes):
        seat = seat + 1 if seat + 1 < players else 0
        hands[seat] |= 1 << index
    return hands


class Round:
    """One round in play. Trusts its caller: ``Game`` checks and explains moves first."""

    __slots__ = (
        "chips",
        "dealer",
        "hands",
        "lacks",
        "leader",
        "log",
        "may_pass",
        "playable",
        "played",
        "points",
        "pot",
        "rules",
        "turn",
        "unlocks",
        "winner",
    )

    hands: list[CardSet]
    playable: CardSet
    played: CardSet
    turn: Seat
    chips: list[int]
    pot: int
    dealer: Seat
    leader: Seat
    log: list[LogEntry]
    lacks: list[CardSet]
    winner: Seat  # -1 while the round is in play
    may_pass: bool
    points: list[int]
    rules: Variant
    unlocks: tuple[CardSet, ...]  # the rules' (looked up at every card played)

    def __init__(
        self,
        hands: Sequence[CardSet],
        chips: Sequence[int],
        dealer: Seat,
        may_pass: bool = False,
        rules: Variant = SIXES,
        points: Sequence[int] | None = None,
    ) -> None:
        self.hands = list(hands)
        self.chips = list(chips)
        self.points = list(points) if points is not None else [0] * len(hands)
        self.rules, self.unlocks = rules, rules.unlocks
        self.dealer = dealer
        self.pot = 0
        for seat, has in enumerate(self.chips):  # the ante: each player who has chips
            paid = min(has, rules.ante)
            self.chips[seat] -= paid
            self.pot += paid
        self.playable = 1 << rules.lead_index
        self.played = 0  # every card on the table
        self.leader = next(seat for seat, hand in enumerate(hands) if hand >> rules.lead_index & 1)
        self.turn = self.leader
        self.log = []
        # What every seat's passes told the table: cards it cannot be holding.
        self.lacks = [0] * len(hands)
        self.winner = -1
        # House rule: a seat may pass while able to play. Its passes then prove nothing.
        self.may_pass = may_pass

    @classmethod
    def at(
        cls,
        hands: list[CardSet],
        chips: list[int],
        pot: int,
        playable: CardSet,
        turn: Seat,
        rules: Variant = SIXES,
        points: list[int] | None = None,
    ) -> "Round":
        """A round part-played, for the bots' playouts (no history, no dealer)."""
        new = cls.__new__(cls)
        new.hands, new.chips, new.pot, new.playable, new.turn = hands, chips, pot, playable, turn
        new.rules, new.unlocks = rules, rules.unlocks
        new.points = points if points is not None else [0] * len(hands)
        new.played = ~functools.reduce(operator.or_, hands) & rules.deck
        new.log, new.lacks, new.dealer, new.leader, new.winner = [], [0] * len(hands), -1, -1, -1
        new.may_pass = False
        return new

    def copy(self) -> "Round":
        new = Round.__new__(Round)
        new.hands = self.hands[:]
        new.chips = self.chips[:]
        new.points = self.points[:]
        new.rules, new.unlocks = self.rules, self.unlocks
        new.lacks = self.lacks[:]
        new.log = self.log[:]
        new.playable, new.played, new.turn, new.pot = self.playable, self.played, self.turn, self.pot
        new.dealer, new.leader, new.winner, new.may_pass = self.dealer, self.leader, self.winner, self.may_pass
        return new

    @property
    def players(self) -> int:
        return len(self.hands)

    def legal(self) -> CardSet:
        return self.hands[self.turn] & self.playable

    def play(self, index: CardIndex) -> None:
        seat = self.turn
        card = 1 << index
        self.hands[seat] ^= card
        self.playable = (self.playable ^ card) | self.unlocks[index]
        self.played |= card
        self.log.append(index)
        if self.hands[seat]:
            self.turn = seat + 1 if seat + 1 < len(self.hands) else 0
        else:
            self.went_out(seat)

    def went_out(self, seat: Seat) -> None:
        """The round's end, scored by the rules: the winner takes the pot, and what the cards left in hand are worth."""
        self.winner = seat
        chips, rules = self.chips, self.rules
        chips[seat] += self.pot
        self.pot = 0
        if rules.card_chips or rules.keeps_points:
            points = self.points
            for other, hand in enumerate(self.hands):
                left = hand.bit_count()
                paid = min(chips[other], rules.card_chips * left)
                chips[other] -= paid
                chips[seat] += paid
                points[other] += rules.card_penalty * left
                points[seat] += rules.won_card_points * left
            points[seat] += rules.win_points

    def pass_turn(self) -> None:
        seat = self.turn
        paid = min(self.chips[seat], self.rules.pass_chips)
        if paid:
            self.chips[seat] -= paid
            self.pot += paid
            self.log.append(PAID_PASS)
        else:
            self.log.append(FREE_PASS)
        if not self.may_pass:
            self.lacks[seat] |= self.playable
        self.turn = seat + 1 if seat + 1 < len(self.hands) else 0

    def apply(self, entry: LogEntry) -> None:
        """One turn as its log entry writes it: a card index is played, a pass (either sentinel) passed."""
        if entry < 0:
            self.pass_turn()
        else:
            self.play(entry)

    def play_out(self, choose: "Chooser") -> Seat:
        """Play to the end of the round. ``choose(round, legal)`` returns a card
        index from ``legal`` and is asked only when there is a real choice."""
        while self.winner < 0:
            legal = self.hands[self.turn] & self.playable
            if not legal:
                self.pass_turn()
            elif legal & (legal - 1):
                self.play(choose(self, legal))
            else:
                self.play(legal.bit_length() - 1)
        return self.winner


# How ``Round.play_out`` asks for a card: ``choose(round, legal)``, a card index from ``legal``.
Chooser: TypeAlias = Callable[[Round, CardSet], CardIndex]


def check_deal(hands: Sequence[CardSet], error: Callable[[str], Exception], deck: CardSet = FULL_DECK) -> None:
    """Raise ``error`` unless the hands (card sets as ints) hold the whole ``deck`` once."""
    seen = 0
    whole = f"a deal must hold all {deck.bit_count()} cards once each"
    for hand in hands:
        if seen & hand:
            raise error(f"{whole}: {', '.join(map(str, cards_of(seen & hand)))} twice")
        seen |= hand
    if seen & ~deck:
        raise error(f"{whole}: {', '.join(map(str, cards_of(seen & ~deck)))} are not in it")
    if seen != deck:
        missing = cards_of(deck & ~seen)
        shown = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        raise error(f"{whole}: missing {shown}")
