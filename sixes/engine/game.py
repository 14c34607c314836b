"""The game of Sixes (or another of the family) as players and programs see it: rounds, chips, points, saves and views.

A thin layer over ``core.Round``: it checks and explains every move, deals
each round from the game's seed, ends the game by its variant's rules, and saves and
loads the whole game as versioned JSON.
"""

import json
import secrets
from collections.abc import Sequence
from random import Random
from types import EllipsisType
from typing import Any, NamedTuple

from .cards import EVERY_CARD, SUIT_MASKS, SUIT_NAMES, SUITS, Card, CardSet, cards_of, mask_of
from .core import MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS, PAID_PASS, LogEntry, Round, Seat, check_deal, deal
from .inbound import SEEDS, is_seed
from .saves import SAVE_VERSION, load, move_line
from .variants import SIXES, Variant, variant


class IllegalMove(ValueError):
    """A play, pass or call the rules do not allow now; the game is unchanged."""


class Move(NamedTuple):
    """One turn: ``card`` played by ``seat``, or ``card`` None for a pass that paid ``paid`` chips."""

    seat: Seat
    card: Card | None
    paid: int


# A first round dealt as given (``Game.from_hands``): the dealer, and each seat's cards in notation.
FirstDeal = tuple[Seat, list[list[str]]]


def round_rng(seed: int, round_number: int) -> Random:
    """The generator for one round's deal: seeded by text, which is hashed the
    same way on every Python, so a seed gives the same deals everywhere."""
    return Random(f"sixes/{seed}/round/{round_number}")


def _moves_of(log: Sequence[LogEntry], leader: Seat, players: int, rules: Variant) -> tuple[Move, ...]:
    seat = leader
    moves = []
    for entry in log:
        if entry >= 0:
            moves.append(Move(seat, EVERY_CARD[entry], 0))
        else:
            moves.append(Move(seat, None, rules.pass_chips if entry == PAID_PASS else 0))
        seat = (seat + 1) % players
    return tuple(moves)


def columns_of(played: CardSet) -> dict[str, list[Card]]:
    """Played cards by suit, each column low to high (a run through its centre card)."""
    return {suit: cards_of(played & SUIT_MASKS[i]) for i, suit in enumerate(SUITS)}


def describe_column(suit: str, played: CardSet) -> str:
    cards = columns_of(played)[suit]
    if not cards:
        return f"the {SUIT_NAMES[suit]} column has not started"
    return f"the {SUIT_NAMES[suit]} column is {cards[0]}–{cards[-1]}"


class View(NamedTuple):
    """What one seat may know: its own hand, the table and the public history.

    Sets of cards are ints (see ``cards``) for the bots; the properties give
    the same as lists of Cards for people and pages. A named tuple because
    the simulator makes one for every bot decision.
    """

    seat: Seat
    players: int
    hand_mask: CardSet
    playable: CardSet  # open ends of the columns (cards that would be legal for whoever holds them)
    played: CardSet
    counts: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int
    turn: Seat
    dealer: Seat
    leader: Seat  # the seat that led (the 6D in Sixes)
    log: tuple[LogEntry, ...]  # this round's turns: card index, or a negative number for a pass
    lacks: tuple[CardSet, ...]  # per seat, cards its passes show it does not hold
    round_winner: Seat | None
    points: tuple[int, ...] = ()  # per seat, where the variant keeps points (0s elsewhere)
    rules: Variant = SIXES  # the variant played

    @classmethod
    def of(cls, r: Round, seat: Seat) -> "View":
        """The view of ``seat`` at a ``core.Round``."""
        return cls(
            seat,
            len(r.hands),
            r.hands[seat],
            r.playable,
            r.played,
            tuple(map(int.bit_count, r.hands)),
            tuple(r.chips),
            r.pot,
            r.turn,
            r.dealer,
            r.leader,
            tuple(r.log),
            tuple(r.lacks),
            r.winner if r.winner >= 0 else None,
            tuple(r.points),
            r.rules,
        )

    @property
    def hand(self) -> list[Card]:
        return cards_of(self.hand_mask)

    @property
    def legal_mask(self) -> CardSet:
        return self.hand_mask & self.playable if self.turn == self.seat and self.round_winner is None else 0

    @property
    def legal(self) -> list[Card]:
        return cards_of(self.legal_mask)

    @property
    def unseen_mask(self) -> CardSet:
        """Cards in the other seats' hands, whoever holds them."""
        return self.rules.deck & ~self.played & ~self.hand_mask

    @property
    def columns(self) -> dict[str, list[Card]]:
        return columns_of(self.played)

    @property
    def history(self) -> tuple[Move, ...]:
        return _moves_of(self.log, self.leader, self.players, self.rules)

    @property
    def round_over(self) -> bool:
        return self.round_winner is not None


class Game:
    """A game of Sixes (or of ``variant``, another of the family): rounds dealt from ``seed`` until the variant's end,
    for Sixes a player out of chips. ``players`` is the variant's usual table unless given.

    >>> game = Game(players=5, chips=10, seed=42)
    >>> game.legal_moves() == [Card.parse("6D")]   # the round opens with the 6D
    True
    >>> game.play("6D"); sum(game.chips) + game.pot
    50
    >>> sevens = Game(seed=42, variant="sevens")
    >>> sevens.players, sevens.legal_moves() == [Card.parse("7D")], sevens.points
    (4, True, [0, 0, 0, 0])
    """

    def __init__(
        self,
        players: int | EllipsisType = ...,
        chips: int = 10,
        seed: int | None = None,
        may_pass: bool = False,
        *,
        casual: bool = False,
        variant: str = "sixes",
        _first_deal: FirstDeal | None = None,
    ) -> None:
        self.rules = rules = _variant(variant)
        if players is ...:
            players = rules.players
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
        if type(chips) is not int or not MIN_CHIPS <= chips <= MAX_CHIPS:
            raise ValueError(f"starting chips must be a whole number from {MIN_CHIPS} to {MAX_CHIPS}, not {chips!r}")
        if seed is None:
            seed = secrets.randbelow(2**32)
        if not is_seed(seed):  # (a seed a save can hold: the game must reopen)
            shown = f"{seed!r:.40}" if not isinstance(seed, int) or seed.bit_length() <= 100 else "a longer number"
            raise ValueError(f"seed must be a whole number from 0 to {SEEDS.stop - 1}, not {shown}")
        self.players = players
        self.start_chips = chips
        self.may_pass = bool(may_pass)  # house rule "may pass while able to play"
        self.casual = bool(casual)  # a game for fun: take-backs allowed, kept out of the statistics
        self.seed = seed
        self.round_number = 1
        self.first_deal = _first_deal  # (dealer, hands) of a scripted first round (from_hands), else None
        self.past_logs: list[list[LogEntry]] = []  # the turns of every finished round, for replays
        if _first_deal:
            dealer, hands = _first_deal[0], [mask_of(hand, rules.deck) for hand in _first_deal[1]]
            # (A first deal read from a record is checked here: a round dealt without the lead has no one to lead.)
            if len(hands) != players or type(dealer) is not int or not 0 <= dealer < players:
                raise ValueError(f"a first deal must give {players} hands and name a dealer from 0 to {players - 1}")
            check_deal(hands, ValueError, rules.deck)
        else:
            rng = round_rng(seed, 1)
            dealer = int(rng.random() * players)
            hands = deal(players, dealer, rng, rules)
        self.round_start_chips = [chips] * players  # (before the ante, if the variant has one)
        self.round_start_points = [0] * players
        self._round = Round(hands, self.round_start_chips, dealer, self.may_pass, rules, self.round_start_points)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[Card | str]],
        chips: int = 10,
        seed: int = 0,
        dealer: Seat | None = None,
        may_pass: bool = False,
        casual: bool = False,
        variant: str = "sixes",
    ) -> "Game":
        """A game whose first round is dealt as given (for tests and puzzles):
        every card of the variant's deck exactly once. Later rounds are dealt from ``seed``.

        >>> hands = [["6D", "7D"], ["5D"], ["4D"]]  # too few cards
        >>> Game.from_hands(hands)
        Traceback (most recent call last):
        ...
        ValueError: a deal must hold all 40 cards once each: missing AS, 2S, 3S, 4S, 5S, 6S, 7S, JS, QS, KS, ...
        """
        if not isinstance(hands, (list, tuple)) or not all(isinstance(hand, (list, tuple)) for hand in hands):
            raise ValueError("hands must be a list of one list of cards per seat")
        deck = _variant(variant).deck
        parsed = [[Card.parse(card, deck) for card in hand] for hand in hands]
        check_deal([mask_of(hand, deck) for hand in parsed], ValueError, deck)
        players = len(parsed)
        dealer = players - 1 if dealer is None else dealer
        if type(dealer) is not int or not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        return cls(
            players,
            chips,
            seed,
            may_pass,
            casual=casual,
            variant=variant,
            _first_deal=(dealer, [[str(c) for c in sorted(h)] for h in parsed]),
        )

    # --- the table -------------------------------------------------------
    @property
    def turn(self) -> Seat:
        return self._round.turn

    @property
    def dealer(self) -> Seat:
        return self._round.dealer

    @property
    def chips(self) -> list[int]:
        return list(self._round.chips)

    @property
    def pot(self) -> int:
        return self._round.pot

    @property
    def variant(self) -> str:
        """The name of the rules played (``sixes.VARIANTS``); ``rules`` is their record."""
        return self.rules.name

    @property
    def points(self) -> list[int]:
        """Each seat's points, where the variant keeps them (Sevens' penalty, Cinquillo's score); 0s elsewhere."""
        return list(self._round.points)

    @property
    def counts(self) -> list[int]:
        return [hand.bit_count() for hand in self._round.hands]

    @property
    def columns(self) -> dict[str, list[Card]]:
        return columns_of(self._round.played)

    @property
    def history(self) -> list[Move]:
        return list(_moves_of(self._round.log, self._round.leader, self.players, self.rules))

    @property
    def round_over(self) -> bool:
        return self._round.winner >= 0

    @property
    def round_winner(self) -> Seat | None:
        return self._round.winner if self._round.winner >= 0 else None

    @property
    def over(self) -> bool:
        return self.round_over and self.rules.over(self._round.chips, self._round.points)

    @property
    def winners(self) -> list[Seat]:
        return self.rules.winners(self._round.chips, self._round.points) if self.over else []

    @property
    def round(self) -> Round:
        """This round as the rules engine holds it (``core.Round``), for programs that play it out fast
        (the simulator) or read its log. It is the game's own: a change to it is a change to the game."""
        return self._round

    def hand(self, seat: Seat) -> list[Card]:
        return cards_of(self._round.hands[self._seat(seat)])

    def legal_moves(self) -> list[Card]:
        return [] if self.round_over else cards_of(self._round.legal())

    def view(self, seat: Seat) -> View:
        return View.of(self._round, self._seat(seat))

    # --- moves -----------------------------------------------------------
    def play(self, card: Card | str) -> None:
        """The seat to act plays ``card`` (a Card or its notation)."""
        self._check_in_play()
        try:
            card = Card.parse(card, self.rules.deck)
        except ValueError as error:
            raise IllegalMove(str(error)) from None
        r = self._round
        if not r.hands[r.turn] & card.bit:
            raise IllegalMove(f"{card} is not in seat {r.turn}'s hand")
        if not r.playable & card.bit:
            raise IllegalMove(f"{card} is not playable: {self._why_not(card)}")
        r.play(card.index)

    def pass_turn(self) -> None:
        """The seat to act passes, paying what the variant asks (in Sixes a chip into the pot, if it has one)."""
        self._check_in_play()
        legal = self.legal_moves()
        if legal and not self.may_pass:
            names = ", ".join(map(str, legal))
            raise IllegalMove(f"seat {self.turn} cannot pass: a player who can play must play ({names})")
        if legal and not min(self._round.chips[self.turn], self.rules.pass_chips):
            # Only a forced pass is free; else a broke player (or anyone, where passes are free) could stall the round.
            raise IllegalMove(f"seat {self.turn} has no chips to pay for a pass and can play, so must play")
        self._round.pass_turn()

    def apply(self, card: Card | str | None) -> None:
        """One turn: ``play(card)``, or ``pass_turn()`` where ``card`` is None (as replays and bots give turns)."""
        if card is None:
            self.pass_turn()
        else:
            self.play(card)

    def next_round(self) -> None:
        """Deal the next round; its dealer is whoever led (played the 6D, in Sixes) in this one."""
        if not self.round_over:
            raise IllegalMove("the round is still being played")
        if self.over:
            end = (
                f"a player has {self.rules.points_to_end} points"
                if self.rules.keeps_points
                else "a player has no chips left"
            )
            raise IllegalMove(f"the game is over: {end}")
        self.past_logs.append(self._round.log)
        self.round_number += 1
        dealer = self._round.leader
        chips, points = self._round.chips, self._round.points
        hands = deal(self.players, dealer, round_rng(self.seed, self.round_number), self.rules)
        self._round = Round(hands, chips, dealer, self.may_pass, self.rules, points)
        self.round_start_chips, self.round_start_points = list(chips), list(points)

    def take_back(self, seat: Seat = 0) -> list[Move]:
        """Undo ``seat``'s last move of this round and every move made since (a casual game only).

        The game is then exactly as it was before that move, its save too; the bots decide
        from the position alone, so the same move brings the same replies. Returns the
        moves undone, oldest first.

        >>> game = Game(seed=42, casual=True)
        >>> leader, before = game.turn, game.to_json()
        >>> game.play("6D"); game.play(game.legal_moves()[0])  # the leader, then the next seat
        >>> [move.seat - leader for move in game.take_back(leader)], game.to_json() == before
        ([0, 1], True)
        """
        if not self.casual:
            raise IllegalMove("only a casual game allows take-backs")
        seat = self._seat(seat)
        r = self._round
        moves = _moves_of(r.log, r.leader, self.players, self.rules)
        last = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat == seat), None)
        if last is None:
            raise IllegalMove(f"seat {seat} has not moved in this round: there is nothing to take back")
        hands = r.hands[:]  # the hands as dealt: what is held now and what each seat has played
        for move in moves:
            if move.card is not None:
                hands[move.seat] |= move.card.bit
        again = Round(hands, self.round_start_chips, r.dealer, self.may_pass, self.rules, self.round_start_points)
        for entry in r.log[:last]:
            again.apply(entry)
        self._round = again
        return list(moves[last:])

    def _check_in_play(self) -> None:
        if self.over:
            raise IllegalMove("the game is over: start a new game")
        if self.round_over:
            raise IllegalMove("the round is over: deal the next round first")

    def _seat(self, seat: object) -> Seat:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalMove(f"there is no seat {seat!r}: seats are 0 to {self.players - 1}")
        return seat

    def _why_not(self, card: Card) -> str:
        r = self._round
        if not r.played >> self.rules.lead_index & 1:
            return f"the round opens with the {self.rules.lead}"
        ends = " or ".join(str(c) for c in cards_of(r.playable) if c.suit == card.suit)
        state = describe_column(card.suit, r.played)
        return f"{state} (playable now: {ends or 'nothing, it is complete'})"

    # --- saves -----------------------------------------------------------
    def to_json(self) -> str:
        """The whole game as compact JSON: the table now, plus seed and every turn so far."""
        r = self._round
        data: dict[str, Any] = {"version": SAVE_VERSION}
        if self.rules is not SIXES:  # (a Sixes save is written as before the family came, byte for byte)
            data["variant"] = self.variant
        data |= {
            "players": self.players,
            "start_chips": self.start_chips,
            "rules": {"may_pass": self.may_pass},
            "casual": self.casual,
            "seed": self.seed,
            "round": self.round_number,
            "dealer": r.dealer,
            "turn": r.turn,
            "chips": r.chips,
            "pot": r.pot,
            **({"points": r.points} if self.rules.keeps_points else {}),
            "round_start_chips": self.round_start_chips,
            "hands": [" ".join(map(str, cards_of(h))) for h in r.hands],
            "columns": {suit: " ".join(map(str, cards)) for suit, cards in self.columns.items()},
            "moves": [move_line(log) for log in self.past_logs + [r.log]],
        }
        if self.first_deal:
            data["first_deal"] = {"dealer": self.first_deal[0], "hands": [" ".join(h) for h in self.first_deal[1]]}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """The game a ``to_json`` text holds; ``SaveError`` saying what is wrong otherwise."""
        return load(cls, text)

    @classmethod
    def replay(
        cls,
        players: int,
        chips: int,
        seed: int,
        moves: Sequence[Sequence[str | None]],
        first_deal: FirstDeal | None = None,
        may_pass: bool = False,
        casual: bool = False,
        variant: str = "sixes",
    ) -> "Game":
        """Rebuild a game from its seed and turns (one list of card notations or
        None per round); ``IllegalMove`` if any turn breaks the rules.
        ``first_deal`` is ``(dealer, hands)`` for a game begun by ``from_hands``."""
        game = cls(players, chips, seed, may_pass, casual=casual, variant=variant, _first_deal=first_deal)
        for number, turns in enumerate(moves):
            if number:
                game.next_round()
            for turn in turns:
                game.apply(turn)
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # a game changes as it is played: equal by value, so not hashable


def _variant(name: object) -> Variant:
    # (Game's parameter is named variant, which hides the function of that name.)
    return variant(name)
