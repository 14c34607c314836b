"""What the page draws, as plain data and HTML text: a pure view of the game for seat 0.

Everything here runs under CPython, so the tests check what a person sees
without a browser. It reads the game only through ``game.view(0)`` and the
public table (chips, round number, winners): other seats' hands never reach it.
"""

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from html import escape
from typing import TYPE_CHECKING

from ..engine.cards import RANKS, SIX, SIX_OF_DIAMONDS, Card, cards_of
from ..engine.core import MAX_CHIPS, MAX_PLAYERS, MIN_CHIPS, MIN_PLAYERS, Seat
from ..engine.game import Game, Move, View
from .kept import json_object
from .words import DECKS, LANGUAGES, SUIT_SYMBOLS, Say, say_in

if TYPE_CHECKING:  # the page loads the hints when first asked for one (hint_text)
    from .hints import Hint

BOT_NAMES = ("Aled", "Bethan", "Carys", "Dafydd", "Elin")  # seats 1..; a table of n players seats the first n-1
LEVELS = ("easy", "medium", "hard")
# Seconds a bot "thinks" before its move shows; the move's animation takes part of it.
SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}
MAX_NAME = 20
# localStorage keys: the game, the person's settings, and an unloadable save kept for them (all in keys.py).
from .keys import BACKUP_KEY, GAME_KEY, SETTINGS_KEY  # noqa: F401 (named here for the controller)

# A card drawn in a column: its notation and its slot, the rank's place A=0 … K=9 (so a 6 is always at 5).
Slotted = tuple[str, int]
# A row of the final standings: (place, name, chips, winner).
Standing = tuple[int, str, int, bool]


@dataclass
class Settings:
    """The person's choices, saved apart from the game; anything unreadable falls back to the default."""

    name: str = ""  # "" is "You" in the page's language
    levels: list[str] = field(default_factory=lambda: ["medium"] * len(BOT_NAMES))
    chips: int = 10
    speed: str = "normal"
    autoplay: bool = False
    may_pass: bool = False  # house rule: pass (and pay) even with a card to play
    lang: str = "en"
    deck: str = "french"  # how cards are drawn and named: french, four (colours) or spanish
    players: int = 5  # house rule: 3 to 6 at the table
    sound: bool = True  # a card's snap and a chip's clink
    show_lacks: bool = True  # draw what each seat's passes prove it does not hold (off: count them yourself)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None) -> "Settings":
        """Settings from saved text, keeping each valid field and defaulting the rest.

        >>> settings = Settings.from_json('{"name": "Ann", "chips": 500, "levels": ["hard"]}')
        >>> settings.name, settings.chips, settings.levels
        ('Ann', 10, ['medium', 'medium', 'medium', 'medium', 'medium'])
        """
        return cls().updated(**json_object(text))

    def updated(
        self,
        name: object = None,
        levels: object = None,
        chips: object = None,
        speed: object = None,
        autoplay: object = None,
        may_pass: object = None,
        lang: object = None,
        players: object = None,
        deck: object = None,
        sound: object = None,
        show_lacks: object = None,
        **_ignored: object,
    ) -> "Settings":
        """A copy with every valid given field changed (a settings form or a save may hold junk)."""
        result = Settings(**asdict(self))
        if isinstance(name, str):
            result.name = name.strip()[:MAX_NAME]
        # Settings saved before six-player tables hold four levels: the fifth bot keeps its own.
        if isinstance(levels, list) and len(levels) in (4, len(BOT_NAMES)) and all(lv in LEVELS for lv in levels):
            result.levels = list(levels) + result.levels[len(levels) :]
        if isinstance(chips, int) and not isinstance(chips, bool) and MIN_CHIPS <= chips <= MAX_CHIPS:
            result.chips = chips
        if isinstance(speed, str) and speed in SPEEDS:  # (a list or an object is unhashable: never looked up)
            result.speed = speed
        if isinstance(autoplay, bool):
            result.autoplay = autoplay
        if isinstance(may_pass, bool):
            result.may_pass = may_pass
        if lang in LANGUAGES and isinstance(lang, str):
            result.lang = lang
        if deck in DECKS and isinstance(deck, str):
            result.deck = deck
        if type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:
            result.players = players
        if isinstance(sound, bool):
            result.sound = sound
        if isinstance(show_lacks, bool):
            result.show_lacks = show_lacks
        return result

    @property
    def say(self) -> Say:
        return say_in(self.lang, self.deck)

    @property
    def names(self) -> list[str]:
        return [self.name or self.say("you"), *BOT_NAMES]


def first_language(preferred: Iterable[object]) -> str:
    """The first of the browser's languages (``navigator.languages``) this page speaks, else English."""
    for tag in preferred:
        lang = str(tag).split("-")[0].lower()
        if lang in LANGUAGES:
            return lang
    return "en"


def rules_html(say: Say) -> str:
    """The "How to play" page: the catalogue's rules text, where a line starting "# " is a heading, then the keys,
    marked ``keys`` so that a touch screen (the CSS's ``pointer: coarse``) leaves them out."""

    def paragraphs(text: str) -> str:
        return "".join(
            f"<h3>{escape(line[2:])}</h3>" if line.startswith("# ") else f"<p>{escape(line)}</p>"
            for line in text.splitlines()
        )

    return f'{paragraphs(say("rules"))}<div class="keys">{paragraphs(say("rules_keys"))}</div>'


def card_label(card: Card | str) -> str:
    """'7♥' for 7H: the short form for narration and the corner of a card."""
    card = str(card)
    return card[0] + SUIT_SYMBOLS[card[1]]


def narrate(move: Move, names: Sequence[str], say: Say) -> str:
    """One line for a turn: 'Bethan played 7♥', 'Carys paid 1 chip and passed', 'You played 5♠'."""
    key = "played" if move.card is not None else "paid" if move.paid else "passed_free"
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
    deal_note: str = ""  # who was dealt a card more, when 40 cards do not share out evenly


def build(game: Game, settings: Settings, interactive: bool = True) -> TableView:
    """The table as seat 0 sees it. ``interactive`` False (bots or an automatic
    move about to go) leaves every card and the pass button disabled."""
    view = game.view(0)
    names, say = settings.names, settings.say
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
            *_lacks(view, seat, settings.show_lacks),
        )
        for seat in range(view.players)
    ]
    ends = cards_of(view.playable) if not over else []
    history = view.history
    last = last_card(history)
    columns = [
        ColumnView(
            suit,
            _slotted(cards),
            _slotted(c for c in ends if c.suit == suit),
            last if last and last[1] == suit else None,
        )
        for suit, cards in view.columns.items()
    ]
    narration = [narrate(move, names, say) for move in history[-3:]]
    if not history:
        narration = [say("dealt", n=game.round_number, name=names[view.dealer])]
    must_pass = your_turn and not legal
    can_pass = must_pass or (your_turn and game.may_pass)
    if view.round_winner is not None:  # (the round is over)
        status = say("went_out_you") if view.round_winner == 0 else say("went_out", name=names[view.round_winner])
    elif must_pass:
        status = say("must_pay" if view.chips[0] else "must_pass_free")
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
        deal_note(view.players, view.dealer, names, say),
    )


def last_card(history: Sequence[Move]) -> str | None:
    """The notation of the last card played this round (passes since do not count), or None."""
    return next((str(move.card) for move in reversed(history) if move.card is not None), None)


def _lacks(view: View, seat: Seat, shown: bool) -> tuple[list[str], list[str]]:
    """A seat's proven gaps (its passes while those cards were playable, minus those played since), and the
    ones to draw: a card in the person's own hand tells them nothing new, and the setting may hide them all."""
    lacks = cards_of(view.lacks[seat] & ~view.played)
    clues = [card for card in lacks if not view.hand_mask & card.bit] if shown and seat != view.seat else []
    return [str(card) for card in lacks], [str(card) for card in clues]


def deal_note(players: int, dealer: Seat, names: Sequence[str], say: Say) -> str:
    """'Aled and Bethan hold a card more': 40 cards among 3 or 6 leave some seats, left of the dealer first, one up.

    >>> deal_note(6, 0, Settings().names, say_in("en"))
    'Aled, Bethan, Carys and Dafydd got a card more.'
    >>> deal_note(5, 0, Settings().names, say_in("en"))
    ''
    """
    extra = [(dealer + 1 + i) % players for i in range(40 % players)]
    if not extra:
        return ""
    if 0 in extra:
        others = [names[seat] for seat in extra if seat]
        return say("dealt_more_you", names=say("list", others)) if others else say("dealt_more_only_you")
    return say("dealt_more", names=say("list", [names[seat] for seat in extra]))


def _slotted(cards: Iterable[Card]) -> list[Slotted]:
    return [(str(card), RANKS.index(card.rank)) for card in cards]


@dataclass
class SummaryRow:
    name: str
    before: int
    after: int
    went_out: bool

    @property
    def change(self) -> str:
        return f"{self.after - self.before:+d}" if self.after != self.before else "±0"


def round_summary(game: Game, settings: Settings) -> tuple[str, str, list[SummaryRow]]:
    """Who went out, the pot they won, and every seat's chips before → after this round."""
    names, say = settings.names, settings.say
    winner = game.round_winner
    if winner is None:
        raise ValueError("a round is summed up only once it is over")
    won = sum(move.paid for move in game.history)
    rows = [
        SummaryRow(names[seat], before, after, seat == winner)
        for seat, (before, after) in enumerate(zip(game.round_start_chips, game.chips))
    ]
    title = say("out_title_you") if winner == 0 else say("out_title", name=names[winner])
    if not won:
        line = say("empty_pot")
    else:
        line = (
            say("won_pot_you", chips=say("chips", won))
            if winner == 0
            else say("won_pot", name=names[winner], chips=say("chips", won))
        )
    return title, line, rows


def game_over_text(game: Game, settings: Settings) -> str:
    """Why the game ended: the last round's result and who ran out of chips."""
    _, line, _ = round_summary(game, settings)
    broke = [settings.names[seat] for seat in range(game.players) if game.chips[seat] == 0]
    return f"{line} {settings.say('game_over', names=settings.say('list', broke))}"


def standings(game: Game, settings: Settings) -> tuple[str, list[Standing]]:
    """Final places, most chips first; ties share a place. Rows: (place, name, chips, winner)."""
    names, say = settings.names, settings.say
    order = sorted(range(game.players), key=lambda seat: -game.chips[seat])
    rows: list[Standing] = []
    for i, seat in enumerate(order):
        place = rows[-1][0] if i and game.chips[seat] == game.chips[order[i - 1]] else i + 1
        rows.append((place, names[seat], game.chips[seat], seat in game.winners))
    if game.winners == [0]:
        title = say("win_you")
    elif len(game.winners) == 1:
        title = say("wins", name=names[game.winners[0]])
    else:
        title = say("share", names=say("list", [names[seat] for seat in game.winners]))
    return title, rows


# --- HTML -------------------------------------------------------------------
# One card template: corner index top-left and bottom-right, a big suit (or
# the face letter) in the middle; the suit shapes are SVG symbols in index.html.


def _suit_svg(suit: str, cls: str) -> str:
    return f'<svg class="{cls}" aria-hidden="true"><use href="#suit-{suit}"></use></svg>'


# A Spanish-suited deck numbers its cards 1–7, sota 10, caballo 11, rey 12.
SPANISH_INDEX = {"A": "1", "J": "10", "Q": "11", "K": "12"}


def card_face(card: str, say: Say, name: str | None = None) -> str:
    """A card's inside: its name for screen readers (``name``, else the card's own), and for the eye
    the indexes and the middle, in the person's deck (``say.deck``)."""
    rank, suit = card[0], card[1]
    spanish = say.deck == "spanish"
    shown = SPANISH_INDEX.get(rank, rank) if spanish else rank
    symbol = f"es-{suit}" if spanish else suit
    index = f'<span class="index"><b>{shown}</b>{_suit_svg(symbol, "pip")}</span>'
    middle = f'<b class="face">{rank}</b>' if rank in "JQK" and not spanish else _suit_svg(symbol, "big")
    flip = f'<span class="index flip"><b>{shown}</b>{_suit_svg(symbol, "pip")}</span>'
    name = escape(name or say.card(card))
    return f'<span class="sr-only">{name}</span><span aria-hidden="true">{index}{middle}{flip}</span>'


def hand_html(table: TableView) -> str:
    return "".join(hand_card_html(card, playable, table.say) for card, playable in table.hand)


def hand_card_html(card: str, playable: bool, say: Say) -> str:
    """One card of the hand: a button, disabled while it is not playable."""
    return (
        f'<button class="card" data-card="{card}" data-suit="{card[1]}"{"" if playable else " disabled"}>'
        f"{card_face(card, say, hand_card_name(card, playable, say))}</button>"
    )


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


def column_html(column: ColumnView, say: Say) -> str:
    return "".join(
        html if key != column.last else html.replace(">", " data-last>", 1) for key, html in column_parts(column, say)
    )


def column_parts(column: ColumnView, say: Say) -> list[tuple[str, str]]:
    """A column's elements in order as (key, html): its open ends, keyed "end" and the slot, then its cards, keyed
    by notation. The cards leave out data-last, which moves on every turn: whoever draws them marks column.last."""
    # An open end peeks out above or below the run (or sits in the 6's place before it starts).
    top = column.cards[-1][1] if column.cards else None
    ends = [
        (
            f"end{slot}",
            (
                f'<span class="end {"start" if top is None else "above" if slot > top else "below"}" '
                f'data-suit="{card[1]}" data-slot="{slot}" aria-hidden="true">{_end_label(card, say)}'
                f"</span>"
            ),
        )
        for card, slot in column.ends
    ]
    return ends + [
        (
            card,
            (
                f'<span class="card" data-card="{card}" data-suit="{card[1]}" data-slot="{slot}">'
                f"{card_face(card, say)}</span>"
            ),
        )
        for card, slot in column.cards
    ]


def _end_label(card: str, say: Say) -> str:
    # A Spanish-suited end shows its number alone: the suit's name would not fit, and its colour tells it.
    return _index(card, say) if say.deck == "spanish" else card_label(card)


def seat_html(seat: SeatView, say: Say) -> str:
    """The inside of a seat: name, dealer button, chips and (for bots) one card back per card held."""
    level = f'<span class="level">{say(seat.level)}</span>' if seat.level else ""
    # The dealer's button: a little deck, no letter (a "D" passed for Dafydd's initial), named for screen readers.
    dealer = (
        (f'<span class="dealer" title="{say("dealer")}">{DECK_ICON}<span class="sr-only">{say("dealer")}</span></span>')
        if seat.dealer
        else ""
    )
    backs = '<i class="back"></i>' * seat.cards
    backs = "" if seat.level is None else f'<span class="backs" aria-hidden="true">{backs}</span>'
    count, unit = seat.cards, say("cards_unit", seat.cards)
    return (
        f'<div class="who"><span class="avatar" aria-hidden="true">{escape(initial(seat.name, say.lang))}</span>'
        f'<span class="name">{escape(seat.name)}</span>{dealer}{level}</div>'
        f'{backs}<div class="stats"><span class="chips" title="{say("chips_title")}">{seat.chips}</span>'
        f'<span class="count">{count}<span class="unit"> {unit}</span></span></div>{lacks_html(seat, say)}'
    )


def lacks_html(seat: SeatView, say: Say) -> str:
    """A seat's proven gaps at a glance, 'no 5♦ 7♦ J♣' (each card its own tab, in the person's deck: ranks run
    together read as one number), in words for a screen reader, read where the seat is read rather than announced
    ('Carys has none of: …'), and why, for a pointer resting on it or a tap (the title, which input.py shows)."""
    if not seat.clues:
        return ""
    symbol = "es-" if say.deck == "spanish" else ""
    drawn = " ".join(
        f'<span class="gap" data-suit="{card[1]}">{_index(card, say)}{_suit_svg(symbol + card[1], "pip")}</span>'
        for card in seat.clues
    )
    sentence = escape(say("lacks", name=seat.name, cards=", ".join(say.card(card) for card in seat.clues)))
    why = escape(say("lacks_why", name=seat.name, cards=say("list", [say.label(card) for card in seat.clues])))
    return (
        f'<p class="lacks" title="{why}"><span aria-hidden="true"><b>{say("lacks_mark")}</b> {drawn}</span>'
        f'<span class="sr-only">{sentence}</span></p>'
    )


# Welsh counts these as single letters: "Chi" (you) begins with Ch, not with the C of Carys.
WELSH_DIGRAPHS = ("ch", "dd", "ff", "ng", "ll", "ph", "rh", "th")
DECK_ICON = (
    '<svg class="deck-icon" viewBox="0 0 20 20" aria-hidden="true">'
    '<rect x="3" y="5" width="9" height="12" rx="1.5" transform="rotate(-14 7.5 11)"/>'
    '<rect x="8" y="3" width="9" height="12" rx="1.5" transform="rotate(12 12.5 9)"/></svg>'
)


def initial(name: str, lang: str) -> str:
    """The letter on a seat's avatar: the name's first letter of the language's alphabet.

    >>> initial("Chi", "cy"), initial("Carys", "cy"), initial("Chi", "en"), initial("ඔබ", "si")
    ('Ch', 'C', 'C', 'ඔ')
    """
    if lang == "cy" and name[:2].lower() in WELSH_DIGRAPHS:
        return name[:2].capitalize()
    return name[:1].upper()


def _index(card: str, say: Say) -> str:
    return SPANISH_INDEX.get(card[0], card[0]) if say.deck == "spanish" else card[0]


def _table_html(headers: Iterable[str], rows: Iterable[str], say: Say) -> str:
    head = "".join(f'<th scope="col">{say(key)}</th>' for key in headers)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def summary_html(rows: Iterable[SummaryRow], say: Say) -> str:
    return _table_html(
        ("th_player", "th_chips", "th_change"),
        (
            f'<tr class="{"out" if row.went_out else ""}"><th scope="row">{escape(row.name)}</th>'
            f"<td>{row.before} → {row.after}</td><td>{row.change}</td></tr>"
            for row in rows
        ),
        say,
    )


def round_hands(game: Game, names: Sequence[str]) -> list[tuple[Seat, str, list[str]]]:
    """At a round's end, every seat's cards left, face up for all to check: (seat, name, cards)."""
    if not game.round_over:
        raise ValueError("hands are shown only once the round is over")
    return [(seat, names[seat], [str(card) for card in game.hand(seat)]) for seat in range(game.players)]


def hands_html(hands: Iterable[tuple[Seat, str, list[str]]], say: Say) -> str:
    """The cards left in each hand as small face-up cards: one ``[data-hand="N"]`` per seat."""
    rows = "".join(
        f'<li><span class="owner">{escape(name)}</span><span class="mini-hand" data-hand="{seat}">'
        + (
            "".join(
                f'<span class="card mini" data-card="{card}" data-suit="{card[1]}">{card_face(card, say)}</span>'
                for card in cards
            )
            or f'<span class="none">{say("hand_empty")}</span>'
        )
        + "</span></li>"
        for seat, name, cards in hands
    )
    return f'<h3 class="hands-title">{say("hands_left")}</h3><ul class="hands">{rows}</ul>'


def standings_html(rows: Iterable[Standing], say: Say) -> str:
    return _table_html(
        ("th_place", "th_player", "th_chips"),
        (
            f'<tr class="{"won" if won else ""}"><td>{place}</td><th scope="row">{escape(name)}</th><td>{chips}</td></tr>'
            for place, name, chips, won in rows
        ),
        say,
    )


def restore(text: str | None, new_game: Callable[[], Game]) -> tuple[Game, str | None]:
    """The saved game in ``text``, or a fresh ``new_game()`` when there is none
    or it cannot be loaded. Returns (game, why the save was refused or None)."""
    if text is None:
        return new_game(), None
    try:
        return Game.from_json(text), None
    except Exception as error:  # noqa: BLE001 - whatever is wrong with a save, the page must still open
        return new_game(), str(error) or type(error).__name__


def narration_html(lines: Iterable[str]) -> str:
    return " · ".join(f"<span>{escape(line)}</span>" for line in lines)


def levels_html(settings: Settings) -> str:
    """The new-game dialog's bot levels: one choice for the whole table, and one per seat."""
    say = settings.say

    def options(chosen: str) -> str:
        return "".join(
            f'<option value="{level}"{" selected" if level == chosen else ""}>{say(level)}</option>' for level in LEVELS
        )

    same = settings.levels[0] if len(set(settings.levels)) == 1 else ""
    mixed = "" if same else " selected"
    rows = [
        (
            f'<label class="all">{say("all_bots")} <select name="level-all">'
            f'<option value=""{mixed}>{say("mixed")}</option>{options(same)}</select></label>'
        )
    ]
    # Every bot's choice is in the form; the page hides the seats beyond the table's size.
    rows += [
        f"<label{'' if seat < settings.players else ' hidden'}>{name} "
        f'<select name="level-{seat}">{options(level)}</select></label>'
        for seat, (name, level) in enumerate(zip(BOT_NAMES, settings.levels), start=1)
    ]
    return "".join(rows)


def hint_text(hint: "Hint", say: Say) -> str:
    """The expert's advice (``sixes.model.hints``) in a sentence.

    >>> from sixes import Card
    >>> from sixes.model.hints import Hint
    >>> hint_text(Hint(Card.parse("7H"), "leads_to_own", 1), say_in("en"))
    'Hint: Play 7♥: 1 of your cards waits behind it.'
    """
    from .hints import words  # here, not at the top: the page loads the hints when first asked for one

    return say("hint", words=words(hint, say))


def why_not_text(view: View, card: Card | str, say: Say) -> str:
    """Why ``card`` cannot be played now, in a line, for a tap on it (``view``: the person's ``game.view(0)``):
    the round opens with the 6♦, else the card needs its neighbour on the 6's side laid first.

    >>> from sixes.model.guide import guided_game
    >>> game = guided_game()  # the person holds 3♠ 6♥ Q♥ 6♦
    >>> why_not_text(game.view(0), "QH", say_in("en"))
    'Q♥ waits: the round opens with the 6♦.'
    >>> game.play("6D")
    >>> why_not_text(game.view(0), "QH", say_in("en")), why_not_text(game.view(0), "3S", say_in("en"))
    ('Q♥ needs J♥ on its column first.', '3♠ needs 4♠ on its column first.')
    """
    card = Card.parse(card)
    if not view.played & SIX_OF_DIAMONDS.bit:
        return say("why_not_open", card=say.label(card), six=say.label(SIX_OF_DIAMONDS))
    rank = RANKS.index(card.rank)
    needs = Card.parse(RANKS[rank + 1 if rank < SIX else rank - 1] + card.suit)  # its neighbour towards the 6
    return say("why_not_needs", card=say.label(card), needs=say.label(needs))
