"""The rules of a round of Sixes on card sets held as ints: the one engine under
``Game``, the simulator and the bots' playouts.

The whole rule of what may be played is one int, ``playable``: the open ends
of the columns. Playing a card removes it and adds what it opens (``UNLOCKS``),
so a seat's legal moves are ``hand & playable``. Before the 6D is down only
the 6D is playable, and the 6D opens the other sixes: that is how the rule
"the 6D holder leads with the 6D" falls out of the same table.
"""

import functools
import operator
from collections.abc import Callable, Sequence
from random import Random
from typing import TypeAlias

from .cards import DECK_SIZE, FULL_DECK, RANKS, SIX, SIX_OF_DIAMONDS, CardIndex, CardSet, cards_of

Seat: TypeAlias = int  # 0 to players - 1; each seat plays after the one before it, seat 0 after the last
# One turn of a round's log: the index of the card played, or PAID_PASS or FREE_PASS (below) for a pass.
LogEntry: TypeAlias = int

SIX_D = SIX_OF_DIAMONDS.index
SIXES = sum(1 << (suit * 10 + SIX) for suit in range(4))
PAID_PASS = -1  # log entries: a card index, or one of these two
FREE_PASS = -2  # a seat with no chips passes without paying
MIN_PLAYERS, MAX_PLAYERS = 3, 6  # the house rules' range (RULES.md); 5 is the standard table
MIN_CHIPS, MAX_CHIPS = 1, 99


def _unlocks(index: CardIndex) -> CardSet:
    rank = index % 10
    if rank == SIX:
        opened = 1 << (index - 1) | 1 << (index + 1)
        return opened | (SIXES & ~(1 << index) if index == SIX_D else 0)
    if rank < SIX:
        return 1 << (index - 1) if rank > 0 else 0
    return 1 << (index + 1) if rank < len(RANKS) - 1 else 0


UNLOCKS = tuple(_unlocks(i) for i in range(DECK_SIZE))


def shuffled_deck(rng: Random) -> list[CardIndex]:
    """The 40 card indexes in an order drawn from ``rng.random()`` alone.

    Fisher–Yates written out, because ``random.shuffle``'s use of the
    generator is not promised to stay the same across Python versions, and
    the same seed must give the same deal in CPython and in Pyodide.
    """
    deck = list(range(DECK_SIZE))
    random = rng.random
    for i in range(DECK_SIZE - 1, 0, -1):
        j = int(random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(players: int, dealer: Seat, rng: Random) -> list[CardSet]:
    """Every card dealt one at a time, starting with the dealer's left (seat dealer+1)."""
    hands = [0] * players
    seat = dealer
    for index in shuffled_deck(rng):
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
        "pot",
        "turn",
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

    def __init__(self, hands: Sequence[CardSet], chips: Sequence[int], dealer: Seat, may_pass: bool = False) -> None:
        self.hands = list(hands)
        self.chips = list(chips)
        self.dealer = dealer
        self.pot = 0
        self.playable = 1 << SIX_D
        self.played = 0  # every card on the table
        self.leader = next(seat for seat, hand in enumerate(hands) if hand >> SIX_D & 1)
        self.turn = self.leader
        self.log = []
        # What every seat's passes told the table: cards it cannot be holding.
        self.lacks = [0] * len(hands)
        self.winner = -1
        # House rule: a seat may pass while able to play. Its passes then prove nothing.
        self.may_pass = may_pass

    @classmethod
    def at(cls, hands: list[CardSet], chips: list[int], pot: int, playable: CardSet, turn: Seat) -> "Round":
        """A round part-played, for the bots' playouts (no history, no dealer)."""
        new = cls.__new__(cls)
        new.hands, new.chips, new.pot, new.playable, new.turn = hands, chips, pot, playable, turn
        new.played = ~functools.reduce(operator.or_, hands) & FULL_DECK
        new.log, new.lacks, new.dealer, new.leader, new.winner = [], [0] * len(hands), -1, -1, -1
        new.may_pass = False
        return new

    def copy(self) -> "Round":
        new = Round.__new__(Round)
        new.hands = self.hands[:]
        new.chips = self.chips[:]
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
        self.playable = (self.playable ^ card) | UNLOCKS[index]
        self.played |= card
        self.log.append(index)
        if self.hands[seat]:
            self.turn = seat + 1 if seat + 1 < len(self.hands) else 0
        else:
            self.winner = seat
            self.chips[seat] += self.pot
            self.pot = 0

    def pass_turn(self) -> None:
        seat = self.turn
        if self.chips[seat]:
            self.chips[seat] -= 1
            self.pot += 1
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


def check_deal(hands: Sequence[CardSet], error: Callable[[str], Exception]) -> None:
    """Raise ``error`` unless the hands (card sets as ints) hold the whole deck once."""
    seen = 0
    for hand in hands:
        if seen & hand:
            raise error(f"a deal must hold all 40 cards once each: {', '.join(map(str, cards_of(seen & hand)))} twice")
        seen |= hand
    if seen != FULL_DECK:
        missing = cards_of(FULL_DECK & ~seen)
        shown = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        raise error(f"a deal must hold all 40 cards once each: missing {shown}")
