"""The message catalogues (sixes/locale/<lang>/LC_MESSAGES/sixes.po, read as translation tools read them):
every language says everything, with the same blanks, in every plural form its Plural-Forms header
numbers, and that header follows CLDR. Then what the page says from the compiled catalogues."""

import gettext
import pathlib
import re
import string

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from sixes.engine.cards import Card
from sixes.model import guide, table, table_html, words
from sixes.model.settings import Settings, first_language
from sixes.model.words import say_in

LOCALE = pathlib.Path(words.LOCALE)
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")  # msgstr[N] in this order, those the language has
COUNTS = [*range(201), 999_999, 1_000_000, 1_000_001, 2_000_000, 3_000_000, 10**9]


def blanks(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def catalogue(lang):
    source = LOCALE / lang / "LC_MESSAGES" / "sixes.po"
    with open(source, "rb") as file:
        found = read_po(file, abort_invalid=True)
    # A parser keeps one of two messages with the same key: count them in the text as well.
    assert source.read_text(encoding="utf-8").count("\nmsgctxt ") == len(found), f"{lang}: a key twice"
    return found


def messages(found):
    return [message for message in found if message.id]  # (not the header)


def forms(message):
    return message.string if message.pluralizable else (message.string,)


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_catalogue_has_every_key_with_the_same_blanks(lang):
    found, english = catalogue(lang), {message.context: message for message in messages(catalogue("en"))}
    assert found.locale_identifier == lang
    assert [message.context for message in messages(found)] == list(english), "every key, in the same order"
    for message in messages(found):
        key, model = message.context, english[message.context]
        assert message.id == model.id, f"{key}: a translation of today's English"
        assert message.pluralizable == model.pluralizable, key
        assert not message.fuzzy and all(forms(message)), f"{key}: translated"
        english_blanks = set().union(*map(blanks, forms(model)))
        assert ("python-brace-format" in message.flags) == bool(english_blanks), f"{key}: flagged for the tools"
        if message.pluralizable:
            assert len(message.string) == found.num_plurals, f"{key}: every form {lang} needs"
            # A form may leave the count unsaid (Welsh "dim sglodion" for none), but adds no blank of its own.
            assert set().union(*map(blanks, message.string)) == english_blanks, key
            assert all(blanks(form) <= english_blanks for form in message.string), key
        else:
            assert blanks(message.string) == english_blanks, key


def test_a_count_fills_its_own_blank_in_a_word_with_a_count():
    english = {message.context: message for message in messages(catalogue("en"))}
    for key, blank in words.COUNTED_BY.items():
        assert english[key].pluralizable and all(blank in blanks(form) for form in english[key].string), key


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_plural_forms_follow_cldr(lang):
    """Form N of every word with a count is the N-th of the language's CLDR categories: Plural-Forms
    (as gettext reads it) picks, for each count, the form of the count's category in Babel's CLDR data."""
    found = catalogue(lang)
    rule = Locale.parse(lang).plural_form
    categories = [tag for tag in CLDR_ORDER if tag == "other" or tag in rule.tags]
    assert found.num_plurals == len(categories)
    plural = gettext.c2py(found.plural_expr)
    assert {n: categories[plural(n)] for n in COUNTS} == {n: rule(n) for n in COUNTS}
    assert {plural(n) for n in COUNTS} == set(range(found.num_plurals)), "every form is said for some count"


@pytest.mark.parametrize(
    "lang, counts",
    [
        ("en", {1: "one", 0: "other", 2: "other", 21: "other"}),
        ("cy", {0: "zero", 1: "one", 2: "two", 3: "few", 6: "many", 4: "other", 10: "other", 100: "other"}),
        ("si", {0: "one", 1: "one", 2: "other", 11: "other"}),
        ("es", {1: "one", 0: "other", 2: "other", 1_000_000: "many", 3_000_000: "many", 1_000_001: "other"}),
    ],
)
def test_the_page_says_each_count_in_its_cldr_category(lang, counts):
    categories = [tag for tag in CLDR_ORDER if tag in counts.values()]
    assert {n: categories[words.WORDS[lang].plural(n)] for n in counts} == counts


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_page_reads_what_the_catalogue_says(lang):
    """The compiled catalogue (make build) holds every message of the .po as it is now."""
    found = catalogue(lang)
    assert dict(words.WORDS[lang]) == {message.context: message.string for message in messages(found)}
    plural = gettext.c2py(found.plural_expr)
    assert [words.WORDS[lang].plural(n) for n in COUNTS] == [plural(n) for n in COUNTS]


def test_a_missing_compiled_catalogue_says_how_to_make_it():
    with pytest.raises(FileNotFoundError, match=r"xx/LC_MESSAGES/sixes\.mo is missing\. Run `make build`"):
        _ = words.Catalogue("xx").translation


def test_a_message_a_catalogue_lacks_is_said_in_english(monkeypatch):
    """A language being translated works before every message is: an untranslated one is in English."""
    partial = words.Catalogue("cy")
    partial.words = {key: word for key, word in words.WORDS["cy"].items() if key not in ("round", "chips")}
    monkeypatch.setitem(words.WORDS, "cy", partial)
    welsh = say_in("cy")
    assert (welsh("round", n=2), welsh("chips", 0), welsh("cards", 0)) == ("Round 2", "0 chips", "dim cardiau")


def test_counts_read_naturally():
    assert [say_in("en")("chips", n) for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]
    assert [say_in("cy")("cards", n) for n in (0, 1, 2, 8)] == ["dim cardiau", "1 cerdyn", "2 cerdyn", "8 cerdyn"]
    assert say_in("es")("chips", 1) == "1 ficha" and say_in("es")("chips", 1_000_000) == "1000000 de fichas"
    assert say_in("si")("chips", 1) == "චිප් 1" and say_in("si")("chips", 5) == "චිප්ස් 5"


def test_lists_join_with_each_languages_and():
    assert say_in("cy")("list", ["Aled", "Owen"]) == "Aled ac Owen" and say_in("cy")("list", ["Owen"]) == "Owen"
    assert say_in("es")("list", ["Aled", "Hierro"]) == "Aled y Hierro"
    assert say_in("es")("list", ["Aled", "Inés"]) == "Aled e Inés"
    assert say_in("es")("list", ["Aled", "Bethan", "Tú"]) == "Aled, Bethan y Tú"
    assert say_in("si")("list", ["ඔබ", "Aled"]) == "ඔබ සහ Aled"


def test_the_spanish_deck_names_diamonds_oros_and_the_faces_sota_caballo_rey():
    """Spanish writes a card's name in lower case (it is a common noun: "la sota de copas")."""
    spanish = say_in("es", "spanish")
    assert [spanish.card(card) for card in ("6D", "JH", "QS", "KC", "AD")] == [
        "6 de oros",
        "sota de copas",
        "caballo de espadas",
        "rey de bastos",
        "as de oros",
    ]
    assert say_in("en", "spanish").card("6D") == "6 of Coins" and say_in("en", "four").card("6D") == "6 of Diamonds"
    assert say_in("si", "spanish").card("6D") == "කාසි 6" and say_in("cy").card("KH") == "Brenin o Galonnau"
    face = table_html.card_face("QS", spanish)
    assert "caballo de espadas" in face and "<b>11</b>" in face and "#suit-es-S" in face


def test_welsh_mutates_the_suit_after_o_in_a_cards_name():
    welsh, spanish_suits = say_in("cy"), say_in("cy", "spanish")
    assert [welsh.card(card) for card in ("6D", "AS", "QH", "7C")] == [
        "6 o Ddiemwntau",
        "As o Rawiau",
        "Brenhines o Galonnau",
        "7 o Glybiau",
    ]
    assert [spanish_suits.card(card) for card in ("6D", "JH", "QS", "KC")] == [
        "6 o Aur",
        "Macwy o Gwpanau",
        "Marchog o Gleddyfau",
        "Brenin o Bastynau",
    ]
    assert welsh.suit("D") == "Diemwntau", "a column keeps the suit's own name"


def test_welsh_says_yr_ac_ag_before_a_vowel():
    """Welsh "y", "a" and "â" are "yr", "ac" and "ag" before a vowel, so none stands before a blank that a vowel may
    begin: the Spanish-suited Aur in the guide's column, an Ace as a mark's best card, Aled among the names dealt a
    card more."""
    french, spanish = say_in("cy"), say_in("cy", "spanish")
    names, six = ["Chi", "Aled", "Bethan"], Card.parse("6D")
    why_six = [("guide_why_six", {"card": six, "suit": "D"})]
    said = [
        guide.words(guide.Step("guide_opened", {"card": six, "suit": "D", "seat": 1}), names, spanish),
        guide.words(guide.Step("guide_one", {"reasons": why_six}), names, spanish),
        *(say("mark_plain_close", n=3, card=say.label("7D"), best=say.label("AD")) for say in (french, spanish)),
        french("dealt_more_you", names=french("list", ["Aled", "Elin"])),
    ]
    before_a_vowel = re.compile(r"\b(?:y|a|â) [aeiouâêîôû]", re.IGNORECASE)
    assert [text for text in said if before_a_vowel.search(text)] == []
    assert "colofn Aur" in said[1] and "cystal â'r As o Aur" in said[3]


def test_a_card_in_a_spanish_sentence_takes_its_ranks_article():
    """The article comes from the catalogue by the card's rank (la jota, la sota, el caballo), not from the code."""
    french, spanish = say_in("es"), say_in("es", "spanish")
    assert [french.label(card) for card in ("6D", "AS", "JH", "QH", "KC")] == [
        "el 6♦",
        "el A♠",
        "la J♥",
        "la Q♥",
        "el K♣",
    ]
    assert [spanish.label(card) for card in ("6D", "AS", "JH", "QH", "KC")] == [
        "el 6 de oros",
        "el as de espadas",
        "la sota de copas",
        "el caballo de copas",
        "el rey de bastos",
    ]
    assert [say_in(lang).label("JH") for lang in ("en", "cy", "si")] == ["J♥", "J♥", "J♥"]


@pytest.mark.parametrize(
    "lang, value, places, signed, written",
    [
        ("en", 2.14, 1, True, "+2.1"),
        ("es", 2.14, 1, True, "+2,1"),
        ("es", -0.36, 1, False, "−0,4"),
        ("cy", -1.25, 2, True, "−1.25"),
        ("si", 0.5, 1, False, "0.5"),
        ("es", -0.04, 1, True, "0,0"),
        ("en", -0.0, 1, True, "0.0"),
        ("en", 0, 0, True, "0"),
        ("es", -3, 0, True, "−3"),
        ("es", 7, 0, False, "7"),
    ],
)
def test_a_figure_is_written_as_its_language_writes_it(lang, value, places, signed, written):
    assert say_in(lang).number(value, places=places, signed=signed) == written


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_decimal_sign_is_the_languages_own(lang):
    """Each catalogue's decimal sign is CLDR's for its language (Babel's data)."""
    assert words.WORDS[lang]["decimal_sign"] == Locale.parse(lang).number_symbols["latn"]["decimal"]


def test_settings_keep_a_known_deck_and_language_only():
    settings = Settings().updated(deck="spanish", lang="si")
    assert (settings.deck, settings.lang) == ("spanish", "si")
    assert settings.updated(deck="tarot", lang="fr").deck == "spanish"
    assert Settings.from_json(settings.to_json()).say.card("6D") == "කාසි 6"


def test_a_hand_card_says_its_name_and_whether_it_is_playable_and_a_column_its_run():
    say = say_in("en")
    view = table.TableView(1, [], [("6D", True), ("KS", False)], [], 0, False, False, True, [], "", say)
    html = table_html.hand_html(view)
    assert ">6 of Diamonds, playable<" in html and ">King of Spades<" in html
    column = table.ColumnView("D", [("4D", 3), ("5D", 4), ("6D", 5), ("7D", 6), ("JD", 7)], [])
    assert table.column_label(column, say) == "Diamonds: 4 to Jack"
    assert table.column_label(table.ColumnView("S", [], []), say) == "Spades: not started"
    assert table.column_label(table.ColumnView("D", [("6D", 5)], []), say_in("es", "spanish")) == "Columna de oros: 6"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_rules_page_has_sections_and_the_lead_card(lang):
    text = say_in(lang)("rules")
    assert text.count("# ") >= 4
    assert say_in(lang).card("6D") in text


@pytest.mark.parametrize(
    "preferred, chosen",
    [(["cy-GB", "en"], "cy"), (["fr-FR", "es-419"], "es"), (["SI"], "si"), (["fr", "de"], "en"), ([], "en")],
)
def test_a_first_visit_follows_the_browsers_languages(preferred, chosen):
    assert first_language(preferred) == chosen


def test_before_snapshot_reads_and_indexes_every_catalogue(monkeypatch):
    """What the page's memory snapshot calls (assets/snapshot.mjs), so a restored interpreter reads no words."""
    fresh = {lang: words.Catalogue(lang) for lang in words.LANGUAGES}
    monkeypatch.setattr(words, "WORDS", fresh)
    assert not any("words" in vars(catalogue) for catalogue in fresh.values())
    words.before_snapshot()
    assert all({"translation", "words"} <= vars(catalogue).keys() for catalogue in fresh.values())
