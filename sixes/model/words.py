"""Everything the page says, in each language it speaks: English, Welsh, Sinhala and Spanish.

The words live in gettext catalogues, one per language (sixes/locale/<lang>/LC_MESSAGES/sixes.po, the
files translators edit; README "Translating"), read here by the standard library's ``gettext`` from
the sixes.mo the build compiles beside each (make build). Each message's context (msgctxt) is the key
the code asks for, its msgid the English. A word is a template filled with ``str.format``; a word
with a count has one form per plural form of its language, chosen by the catalogue's own
Plural-Forms. The only grammar here is what a template cannot say: the "and" that joins a list.
The person is addressed as "you" in their own words, not by name: Welsh conjugates the verb
("Chwaraeoch chi"), so those lines have keys of their own.
What a card's name needs in a sentence is the catalogue's too, not the code's word order: the suit as a
card's name holds it (Welsh "6 o Ddiemwntau", mutated after "o": keys "of_<suit>"), and the card with what its
rank asks for in a sentence (Spanish "el 6♦", "la sota de oros": keys "in_sentence_<rank>"). Figures are
written with the catalogue's decimal sign and a true minus sign (``Say.number``).
"""

import gettext
import os
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from typing import TypeAlias

from ..engine.cards import Card

LANGUAGES = ("en", "cy", "si", "es")
DECKS = ("french", "four", "spanish")
# The Spanish-suited deck draws and names the engine's suits as oros, copas, espadas and bastos.
SPANISH_SUITS = {"D": "oros", "H": "copas", "S": "espadas", "C": "bastos"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MINUS = "\N{MINUS SIGN}"  # a figure's minus, in every language: "−0.4", not the hyphen "-0.4"

DOMAIN = "sixes"
LOCALE = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "locale"
)  # sixes/locale/<lang>/LC_MESSAGES/sixes.po, .mo
# The blank a word's count fills, where it is not {n}.
COUNTED_BY = {"hint_leads_to_own": "detail"}
# Where "and" changes with the sound the last name begins with: then a list takes the catalogue's
# "list_sound_change" ("ac" in Welsh before a vowel; "e" in Spanish before an "i" sound, but not "hie").
SOUND_CHANGES: dict[str, Callable[[str], bool]] = {
    "cy": lambda last: last[:1].lower() in "aeiouwyâêîôûŵŷ",
    "es": lambda last: last.lower().startswith(("i", "í", "hi")) and not last.lower().startswith("hie"),
}

# A catalogue's word: a template, or for a word with a count its forms in Plural-Forms order.
Word: TypeAlias = str | tuple[str, ...]


class Compiled(gettext.GNUTranslations):
    """A compiled catalogue as gettext reads it, naming the two attributes its parser sets that the stubs leave out:
    the messages (by msgid, or "context\x04msgid"; a word with a count by (that, form)) and the plural rule."""

    _catalog: dict[str | tuple[str, int], str]
    plural: Callable[[int], int]


class Catalogue(Mapping[str, Word]):
    """One language's compiled catalogue, read when first asked for: key → template, or for a word
    with a count the tuple of its forms in Plural-Forms order.

    >>> WORDS["cy"]["round"], WORDS["en"]["cards_unit"], WORDS["es"].plural(1_000_000)
    ('Rownd {n}', ('card', 'cards'), 1)
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang

    @cached_property
    def translation(self) -> Compiled:
        try:
            return gettext.translation(DOMAIN, LOCALE, [self.lang], class_=Compiled)
        except FileNotFoundError:
            raise FileNotFoundError(
                f"The {self.lang} words are not compiled: {LOCALE}/{self.lang}/LC_MESSAGES/"
                f"{DOMAIN}.mo is missing. Run `make build`."
            ) from None

    @cached_property
    def words(self) -> dict[str, Word]:
        # gettext looks a message up by context and English text together; the code asks by key (the
        # context) alone, so index the catalogue by key once. gettext has no public list of its messages.
        words: dict[str, Word] = {}
        plurals: dict[str, dict[int, str]] = {}
        for entry, text in self.translation._catalog.items():
            if isinstance(entry, tuple):  # (context\x04msgid, N): form N of a word with a count
                entry, form = entry
                plurals.setdefault(entry.partition("\x04")[0], {})[form] = text
            elif "\x04" in entry:  # (not the header, whose msgid is "")
                words[entry.partition("\x04")[0]] = text
        return words | {key: tuple(forms[n] for n in sorted(forms)) for key, forms in plurals.items()}

    def plural(self, count: int) -> int:
        """The form that ``count`` takes: the catalogue's Plural-Forms, as gettext reads it."""
        return self.translation.plural(count)

    def __getitem__(self, key: str) -> Word:
        return self.words[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)


WORDS = {lang: Catalogue(lang) for lang in LANGUAGES}
EN = WORDS["en"]


class Say:
    """The words of one language, drawing one deck: ``say("round", n=2)`` → "Round 2".

    >>> say_in("cy")("chips", 3), say_in("cy")("list", ["Aled", "Bethan", "Chi"]), say_in("en")("list", ["A", "B"])
    ('3 sglodyn', 'Aled, Bethan a Chi', 'A and B')
    >>> say_in("en").card("QC"), say_in("es", "spanish").card("6D"), say_in("en", "spanish").label("JH")
    ('Queen of Clubs', '6 de oros', 'Knave of Cups')
    >>> say_in("cy").card("6D"), say_in("es").label("QH"), say_in("es", "spanish").label("JC")
    ('6 o Ddiemwntau', 'la Q♥', 'la sota de bastos')
    """

    def __init__(self, lang: str, deck: str = "french", tens: bool = False) -> None:
        self.lang, self.deck, self.words = lang, deck, WORDS[lang]
        self.tens = tens  # the game's deck has tens (52 cards): Spanish suits then number their faces after the ten

    def dealing(self, ranks: str) -> "Say":
        """These words for a game whose deck has ``ranks`` (a variant's): a deck with tens numbers Spanish-suited
        faces 11, 12 and 13, so no index is said twice in a column."""
        return self if ("T" in ranks) == self.tens else Say(self.lang, self.deck, "T" in ranks)

    def __call__(self, key: str, /, *args: int | list[str], **fields: object) -> str:
        """The word ``key`` filled with ``fields``; a word with a count takes it first (or in its own blank), and
        "list" takes the list of names it joins."""
        if key == "list":  # names joined with the language's "and": "Aled, Bethan and You"
            (names,) = args
            if isinstance(names, int):
                raise TypeError(f"a list is said of names, not of {names!r}")
            if len(names) == 1:
                return names[0]
            sound_change = SOUND_CHANGES.get(self.lang)
            key = "list_sound_change" if sound_change and sound_change(names[-1]) else "list"
            args, fields = (), {"names": ", ".join(names[:-1]), "last": names[-1]}
        # A message the catalogue lacks (left untranslated, or fuzzy) is said in English, as gettext does.
        words = self.words if key in self.words else EN
        word = words[key]
        if isinstance(word, tuple):  # a word with a count, given first or in its own blank
            by = COUNTED_BY.get(key, "n")
            count = args[0] if args else fields[by]
            if not isinstance(count, int):
                raise TypeError(f"{key} is counted by a whole number, not {count!r}")
            word, fields = word[words.plural(count)], {**fields, by: count}
        return word.format(**fields)

    def suit_key(self, suit: str) -> str:
        """The catalogue's key for a suit ("D"), in this deck's suits: "D", or with Spanish suits "oros"."""
        return SPANISH_SUITS[suit] if self.deck == "spanish" else suit

    def rank_key(self, rank: str) -> str:
        """The catalogue's key for a face card or ace, in this deck ("rank_J", or with Spanish suits "es_J")."""
        return f"es_{rank}" if self.deck == "spanish" else f"rank_{rank}"

    def suit(self, suit: str) -> str:
        """A suit's name standing alone: a column's, "Diamonds"."""
        return self(self.suit_key(suit))

    def rank(self, rank: str) -> str:
        return number_of(rank) or self(self.rank_key(rank))

    def card(self, card: Card | str) -> str:
        """A card's name standing alone (what a screen reader says of a card): "6 of Diamonds", with Spanish
        suits "6 of Coins", in Welsh "6 o Ddiemwntau" (the suit as a card's name holds it: "of_<suit>")."""
        notation = str(card)
        return self("card_name", rank=self.rank(notation[0]), suit=self(f"of_{self.suit_key(notation[1])}"))

    def label(self, card: Card | str) -> str:
        """A card as a sentence names it: its short form '7♥' (a Spanish-suited card has no symbol: its name),
        with what its rank asks for in a sentence ("in_sentence_<rank>": Spanish "el 7♥", "la sota de oros")."""
        notation = str(card)
        rank = notation[0]
        name = self.card(notation) if self.deck == "spanish" else (number_of(rank) or rank) + SUIT_SYMBOLS[notation[1]]
        return self(f"in_sentence_{'number' if number_of(rank) else self.rank_key(rank)}", card=name)

    def number(self, value: float, places: int = 1, signed: bool = False) -> str:
        """A figure as the language writes it, to ``places`` decimals: its decimal sign (catalogue key
        "decimal_sign"), a true minus sign, and with ``signed`` a plus sign too; a figure that rounds to
        zero has no sign (never "−0.0").

        >>> say_in("en").number(2.14, signed=True), say_in("es").number(-0.44), say_in("cy").number(-0.04, signed=True)
        ('+2.1', '−0,4', '0.0')
        >>> say_in("es").number(-3, places=0, signed=True), say_in("si").number(12.5, places=2)
        ('−3', '12.50')
        """
        digits = f"{abs(value):.{places}f}"
        sign = "" if not float(digits) else MINUS if value < 0 else "+" if signed else ""
        return sign + digits.replace(".", self("decimal_sign"))


def number_of(rank: str) -> str:
    """A rank that is a number, as it is written ("7", the ten "10"); "" for an ace or a face card.

    >>> number_of("7"), number_of("T"), number_of("J")
    ('7', '10', '')
    """
    return "10" if rank == "T" else rank if rank.isdigit() else ""


def say_in(lang: str, deck: str = "french") -> Say:
    return Say(lang, deck)


def before_snapshot() -> None:
    """Every language's catalogue read and indexed now: the page's memory snapshot (assets/snapshot.mjs) calls a
    module's before_snapshot, so that a returning player's interpreter starts with the words read, not reading them
    at its first word."""
    for catalogue in WORDS.values():
        catalogue.plural(1)  # (reads the catalogue)
        len(catalogue)  # (indexes it)
