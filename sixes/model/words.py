"""Everything the page says, in each language it speaks: English, Welsh, Sinhala and Spanish.

The words live in gettext catalogues, one per language (sixes/locale/<lang>/LC_MESSAGES/sixes.po, the
files translators edit; README "Translating"), read here by the standard library's ``gettext`` from
the sixes.mo the build compiles beside each (make build). Each message's context (msgctxt) is the key
the code asks for, its msgid the English. A word is a template filled with ``str.format``; a word
with a count has one form per plural form of its language, chosen by the catalogue's own
Plural-Forms. The only grammar here is what a template cannot say: the "and" that joins a list.
The person is addressed as "you" in their own words, not by name: Welsh conjugates the verb
("Chwaraeoch chi"), so those lines have keys of their own.
"""

import gettext
import os
from collections.abc import Mapping
from functools import cached_property

LANGUAGES = ("en", "cy", "si", "es")
DECKS = ("french", "four", "spanish")
# The Spanish-suited deck draws and names the engine's suits as oros, copas, espadas and bastos.
SPANISH_SUITS = {"D": "oros", "H": "copas", "S": "espadas", "C": "bastos"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

DOMAIN = "sixes"
LOCALE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")  # sixes/locale/<lang>/LC_MESSAGES/sixes.po, .mo
# The blank a word's count fills, where it is not {n}.
COUNTED_BY = {"hint_leads_to_own": "detail"}
# Where "and" changes with the sound the last name begins with: then a list takes the catalogue's
# "list_sound_change" ("ac" in Welsh before a vowel; "e" in Spanish before an "i" sound, but not "hie").
SOUND_CHANGES = {
    "cy": lambda last: last[:1].lower() in "aeiouwyâêîôûŵŷ",
    "es": lambda last: last.lower().startswith(("i", "í", "hi")) and not last.lower().startswith("hie"),
}


class Catalogue(Mapping):
    """One language's compiled catalogue, read when first asked for: key → template, or for a word
    with a count the tuple of its forms in Plural-Forms order.

    >>> WORDS["cy"]["round"], WORDS["en"]["cards_unit"], WORDS["es"].plural(1_000_000)
    ('Rownd {n}', ('card', 'cards'), 1)
    """

    def __init__(self, lang):
        self.lang = lang

    @cached_property
    def translation(self):
        try:
            return gettext.translation(DOMAIN, LOCALE, [self.lang])
        except FileNotFoundError:
            raise FileNotFoundError(f"The {self.lang} words are not compiled: {LOCALE}/{self.lang}/LC_MESSAGES/"
                                    f"{DOMAIN}.mo is missing. Run `make build`.") from None

    @cached_property
    def words(self):
        # gettext looks a message up by context and English text together; the code asks by key (the
        # context) alone, so index the catalogue by key once. gettext has no public list of its messages.
        words, plurals = {}, {}
        for entry, text in self.translation._catalog.items():
            if isinstance(entry, tuple):  # (context\x04msgid, N): form N of a word with a count
                entry, form = entry
                plurals.setdefault(entry.partition("\x04")[0], {})[form] = text
            elif "\x04" in entry:  # (not the header, whose msgid is "")
                words[entry.partition("\x04")[0]] = text
        return words | {key: tuple(forms[n] for n in sorted(forms)) for key, forms in plurals.items()}

    def plural(self, count):
        """The form that ``count`` takes: the catalogue's Plural-Forms, as gettext reads it."""
        return self.translation.plural(count)

    def __getitem__(self, key):
        return self.words[key]

    def __iter__(self):
        return iter(self.words)

    def __len__(self):
        return len(self.words)


WORDS = {lang: Catalogue(lang) for lang in LANGUAGES}
EN = WORDS["en"]


class Say:
    """The words of one language, drawing one deck: ``say("round", n=2)`` → "Round 2".

    >>> say_in("cy")("chips", 3), say_in("cy")("list", ["Aled", "Bethan", "Chi"]), say_in("en")("list", ["A", "B"])
    ('3 sglodyn', 'Aled, Bethan a Chi', 'A and B')
    >>> say_in("en").card("QC"), say_in("es", "spanish").card("6D"), say_in("en", "spanish").label("JH")
    ('Queen of Clubs', '6 de Oros', 'Knave of Cups')
    """

    def __init__(self, lang, deck="french"):
        self.lang, self.deck, self.words = lang, deck, WORDS[lang]

    def __call__(self, key, /, *args, **fields):
        if key == "list":  # names joined with the language's "and": "Aled, Bethan and You"
            names, = args
            if len(names) == 1:
                return names[0]
            key = "list_sound_change" if SOUND_CHANGES.get(self.lang, lambda last: False)(names[-1]) else "list"
            args, fields = (), {"names": ", ".join(names[:-1]), "last": names[-1]}
        # A message the catalogue lacks (left untranslated, or fuzzy) is said in English, as gettext does.
        words = self.words if key in self.words else EN
        word = words[key]
        if isinstance(word, tuple):  # a word with a count, given first or in its own blank
            by = COUNTED_BY.get(key, "n")
            count = args[0] if args else fields[by]
            word, fields = word[words.plural(count)], {**fields, by: count}
        return word.format(**fields)

    def suit(self, suit):
        return self(SPANISH_SUITS[suit] if self.deck == "spanish" else suit)

    def rank(self, rank):
        if rank.isdigit():
            return rank
        return self(f"es_{rank}" if self.deck == "spanish" else f"rank_{rank}")

    def card(self, card):
        """A card's name read aloud: "6 of Diamonds", or with Spanish suits "6 of Coins"."""
        card = str(card)
        return self("card_name", rank=self.rank(card[0]), suit=self.suit(card[1]))

    def label(self, card):
        """The short form in narration and hints: '7♥'; a Spanish-suited card has no symbol, so its name."""
        card = str(card)
        return self.card(card) if self.deck == "spanish" else card[0] + SUIT_SYMBOLS[card[1]]


def say_in(lang, deck="french"):
    return Say(lang, deck)
