"""The table's HTML: every piece of markup the page sets from the model (cards, hand, columns, seats, the round's
and the game's tables, the new-game dialog's levels, the rules), as text, so the tests read it without a browser.

One card template: corner index top-left and bottom-right, a big suit (or the face letter) in the middle; the suit
shapes are SVG symbols in index.html. Everything a person typed (their name) is escaped.
"""

from collections.abc import Iterable
from html import escape

from ..engine.core import Seat
from .settings import BOT_NAMES, LEVELS, Settings
from .table import ColumnView, SeatView, Standing, SummaryRow, TableView, card_label, hand_card_name
from .words import Say, number_of


def rules_html(say: Say, variant: str = "sixes") -> str:
    """The "How to play" page: the catalogue's rules text, where a line starting "# " is a heading, then the keys,
    marked ``keys`` so that a touch screen (the CSS's ``pointer: coarse``) leaves them out. Another game of the
    family (``variant``) says first what it changes, then Sixes' rules, which it plays otherwise."""

    def paragraphs(text: str) -> str:
        return "".join(
            f"<h3>{escape(line[2:])}</h3>" if line.startswith("# ") else f"<p>{escape(line)}</p>"
            for line in text.splitlines()
        )

    changes = "" if variant == "sixes" else paragraphs(say("rules_" + variant.replace("-", "_")))
    return f'{changes}{paragraphs(say("rules"))}<div class="keys">{paragraphs(say("rules_keys"))}</div>'


def _suit_svg(suit: str, cls: str) -> str:
    return f'<svg class="{cls}" aria-hidden="true"><use href="#suit-{suit}"></use></svg>'


# A Spanish-suited deck numbers its cards 1–7, sota 10, caballo 11, rey 12. A 52-card game has tens, which no
# Spanish deck has: it numbers on from them, sota 11, caballo 12, rey 13, so no index is shown twice in a column.
SPANISH_INDEX = {"A": "1", "T": "10", "J": "10", "Q": "11", "K": "12"}  # (T: a say not dealing the game)
SPANISH_INDEX_WITH_TENS = {"A": "1", "T": "10", "J": "11", "Q": "12", "K": "13"}


def spanish_index(rank: str, say: Say) -> str:
    """A rank's index in Spanish suits, in the game's deck (``say.tens``).

    >>> from sixes.model.words import say_in
    >>> spanish_index("J", say_in("es", "spanish")), spanish_index("J", say_in("es", "spanish").dealing("9TJQK"))
    ('10', '11')
    """
    return (SPANISH_INDEX_WITH_TENS if say.tens else SPANISH_INDEX).get(rank, rank)


def card_face(card: str, say: Say, name: str | None = None, mini: bool = False) -> str:
    """A card's inside: its name for screen readers (``name``, else the card's own), and for the eye
    the indexes and the middle, in the person's deck (``say.deck``). A ``mini`` card (a hand left at the
    round's end) shows its index alone: the rest would be elements for every page style to skip."""
    rank, suit = card[0], card[1]
    spanish = say.deck == "spanish"
    shown = spanish_index(rank, say) if spanish else number_of(rank) or rank
    symbol = f"es-{suit}" if spanish else suit
    face = f'<span class="index"><b>{shown}</b>{_suit_svg(symbol, "pip")}</span>'
    if not mini:  # the middle, and the index upside down
        face += f'<b class="face">{rank}</b>' if rank in "JQK" and not spanish else _suit_svg(symbol, "big")
        face += f'<span class="index flip"><b>{shown}</b>{_suit_svg(symbol, "pip")}</span>'
    return f'<span class="sr-only">{escape(name or say.card(card))}</span><span aria-hidden="true">{face}</span>'


def hand_html(table: TableView) -> str:
    return "".join(hand_card_html(card, playable, table.say) for card, playable in table.hand)


def hand_card_html(card: str, playable: bool, say: Say) -> str:
    """One card of the hand: a button, disabled while it is not playable."""
    return (
        f'<button class="card" data-card="{card}" data-suit="{card[1]}"{"" if playable else " disabled"}>'
        f"{card_face(card, say, hand_card_name(card, playable, say))}</button>"
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


def seat_parts(seat: SeatView, say: Say) -> list[tuple[str, str]]:
    """The inside of a seat, its elements in order as (key, html): who sits there (with the dealer's button),
    their card backs (a bot's), their chips and cards, and what their passes prove they lack (if anything).
    A move changes a part or two, not the seat."""
    level = f'<span class="level">{say(seat.level)}</span>' if seat.level else ""
    # The dealer's button: a little deck, no letter (a "D" passed for Dafydd's initial), named for screen readers.
    dealer = (
        (f'<span class="dealer" title="{say("dealer")}">{DECK_ICON}<span class="sr-only">{say("dealer")}</span></span>')
        if seat.dealer
        else ""
    )
    who = (
        f'<div class="who"><span class="avatar" aria-hidden="true">{escape(initial(seat.name, say.lang))}</span>'
        f'<span class="name">{escape(seat.name)}</span>{dealer}{level}</div>'
    )
    count, unit = seat.cards, say("cards_unit", seat.cards)
    score = (
        f'<span class="chips" title="{say("chips_title")}">{seat.chips}</span>'
        if seat.points is None
        else f'<span class="points" title="{say("points_title")}">{seat.points}</span>'
    )
    stats = f'<div class="stats">{score}<span class="count">{count}<span class="unit"> {unit}</span></span></div>'
    backs = "" if seat.level is None else f'<span class="backs" aria-hidden="true">{BACK * seat.cards}</span>'
    parts = [("who", who), ("backs", backs), ("stats", stats), ("lacks", lacks_html(seat, say))]
    return [(key, html) for key, html in parts if html]


def seat_attributes(seat: SeatView, say: Say) -> dict[str, str]:
    """A seat's element's attributes: its chips, cards and proven gaps (for CSS and tests), and what a screen reader
    names it. (Which seat acts, aria-current, is the drawing's.)"""
    score = say("chips", seat.chips) if seat.points is None else say("points", seat.points)
    label = say("seat_label", name=seat.name, chips=score, cards=say("cards", seat.cards))
    kept = {"data-chips": str(seat.chips)} if seat.points is None else {"data-points": str(seat.points)}
    return {**kept, "data-cards": str(seat.cards), "data-lacks": " ".join(seat.lacks), "aria-label": label}


def hand_per_row(cards: int, most: int = 8) -> int:
    """The hand's cards a row: an upright phone shows up to 8 in one row (a 320 px one 7, ``most``, each 44 px
    wide where it shows); more take two rows of half the hand each.

    >>> hand_per_row(8), hand_per_row(8, most=7), hand_per_row(14), hand_per_row(7, most=7)
    (8, 4, 7, 7)
    """
    return cards if cards <= most else -(-cards // 2)


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


BACK = '<i class="back"></i>'  # one card of a bot's hand, face down

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
    return spanish_index(card[0], say) if say.deck == "spanish" else card[0]


def _table_html(headers: Iterable[str], rows: Iterable[str], say: Say) -> str:
    head = "".join(f'<th scope="col">{say(key)}</th>' for key in headers)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def summary_html(rows: Iterable[SummaryRow], say: Say, points: bool = False) -> str:
    return _table_html(
        ("th_player", "th_points" if points else "th_chips", "th_change"),
        (
            f'<tr class="{"out" if row.went_out else ""}"><th scope="row">{escape(row.name)}</th>'
            f"<td>{row.before} → {row.after}</td><td>{row.change}</td></tr>"
            for row in rows
        ),
        say,
    )


def hands_html(hands: Iterable[tuple[Seat, str, list[str]]], say: Say) -> str:
    """The cards left in each hand as small face-up cards: one ``[data-hand="N"]`` per seat."""
    rows = "".join(
        f'<li><span class="owner">{escape(name)}</span><span class="mini-hand" data-hand="{seat}">'
        + (
            "".join(
                f'<span class="card mini" data-card="{card}" data-suit="{card[1]}">{card_face(card, say, mini=True)}</span>'
                for card in cards
            )
            or f'<span class="none">{say("hand_empty")}</span>'
        )
        + "</span></li>"
        for seat, name, cards in hands
    )
    return f'<h3 class="hands-title">{say("hands_left")}</h3><ul class="hands">{rows}</ul>'


def standings_html(rows: Iterable[Standing], say: Say, points: bool = False) -> str:
    return _table_html(
        ("th_place", "th_player", "th_points" if points else "th_chips"),
        (
            f'<tr class="{"won" if won else ""}"><td>{place}</td><th scope="row">{escape(name)}</th><td>{chips}</td></tr>'
            for place, name, chips, won in rows
        ),
        say,
    )


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
