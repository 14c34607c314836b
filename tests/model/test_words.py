"""The message catalogues: every language says everything, with the same blanks, in its own plural forms."""

import string

import pytest

from sixes.model import table, words
from sixes.model.words import PLURAL_CATEGORIES, Plural, plural_category, say_in


def blanks(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_catalogue_has_every_key_with_the_same_blanks(lang):
    catalogue, english = words.WORDS[lang], words.EN
    assert catalogue.keys() == english.keys()
    for key, word in catalogue.items():
        model = english[key]
        assert type(word) is type(model) or (callable(word) and callable(model)), key
        if isinstance(word, Plural):
            assert word.by == model.by, key
            assert set(word.forms) == set(PLURAL_CATEGORIES[lang]), f"{key}: the forms {lang} needs"
            # A form may leave the count unsaid (Welsh "dim sglodion" for none), but adds no blank of its own.
            english_blanks = set().union(*map(blanks, model.forms.values()))
            assert set().union(*map(blanks, word.forms.values())) == english_blanks, key
            assert all(blanks(form) <= english_blanks for form in word.forms.values()), key
        elif isinstance(word, str):
            assert blanks(word) == blanks(model), key


@pytest.mark.parametrize("lang, counts", [
    ("en", {1: "one", 0: "other", 2: "other", 21: "other"}),
    ("cy", {0: "zero", 1: "one", 2: "two", 3: "few", 6: "many", 4: "other", 10: "other", 100: "other"}),
    ("si", {0: "one", 1: "one", 2: "other", 11: "other"}),
    ("es", {1: "one", 0: "other", 2: "other", 1_000_000: "many", 3_000_000: "many", 1_000_001: "other"}),
])
def test_plural_categories_follow_cldr(lang, counts):
    assert {n: plural_category(lang, n) for n in counts} == counts
    for category in counts.values():
        assert category in PLURAL_CATEGORIES[lang]


def test_counts_read_naturally():
    assert [say_in("en")("chips", n) for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]
    assert [say_in("cy")("cards", n) for n in (0, 1, 2, 8)] == ["dim cardiau", "1 cerdyn", "2 cerdyn", "8 cerdyn"]
    assert say_in("es")("chips", 1) == "1 ficha" and say_in("es")("chips", 1_000_000) == "1000000 de fichas"
    assert say_in("si")("chips", 1) == "චිප් 1" and say_in("si")("chips", 5) == "චිප්ස් 5"


def test_lists_join_with_each_languages_and():
    assert say_in("es")("list", ["Aled", "Inés"]) == "Aled e Inés"
    assert say_in("es")("list", ["Aled", "Bethan", "Tú"]) == "Aled, Bethan y Tú"
    assert say_in("si")("list", ["ඔබ", "Aled"]) == "ඔබ සහ Aled"


def test_the_spanish_deck_names_diamonds_oros_and_the_faces_sota_caballo_rey():
    spanish = say_in("es", "spanish")
    assert [spanish.card(card) for card in ("6D", "JH", "QS", "KC", "AD")] == [
        "6 de Oros", "Sota de Copas", "Caballo de Espadas", "Rey de Bastos", "As de Oros"]
    assert say_in("en", "spanish").card("6D") == "6 of Coins" and say_in("en", "four").card("6D") == "6 of Diamonds"
    assert say_in("si", "spanish").card("6D") == "කාසි 6" and say_in("cy").card("KH") == "Brenin Calonnau"
    face = table.card_face("QS", spanish)
    assert "Caballo de Espadas" in face and "<b>11</b>" in face and "#suit-es-S" in face


def test_settings_keep_a_known_deck_and_language_only():
    settings = table.Settings().updated(deck="spanish", lang="si")
    assert (settings.deck, settings.lang) == ("spanish", "si")
    assert settings.updated(deck="tarot", lang="fr").deck == "spanish"
    assert table.Settings.from_json(settings.to_json()).say.card("6D") == "කාසි 6"


def test_a_hand_card_says_its_name_and_whether_it_is_playable_and_a_column_its_run():
    say = say_in("en")
    view = table.TableView(1, [], [("6D", True), ("KS", False)], [], 0, False, False, True, [], "", say)
    html = table.hand_html(view)
    assert ">6 of Diamonds, playable<" in html and ">King of Spades<" in html
    column = table.ColumnView("D", [("4D", 3), ("5D", 4), ("6D", 5), ("7D", 6), ("JD", 7)], [])
    assert table.column_label(column, say) == "Diamonds: 4 to Jack"
    assert table.column_label(table.ColumnView("S", [], []), say) == "Spades: not started"
    assert table.column_label(table.ColumnView("D", [("6D", 5)], []), say_in("es", "spanish")) == "Oros: 6"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_rules_page_has_sections_and_the_lead_card(lang):
    text = say_in(lang)("rules")
    assert text.count("# ") >= 4
    six_of_diamonds = say_in(lang).card("6D")
    assert any(word in text for word in (six_of_diamonds, six_of_diamonds.lower(), "6 o Ddiemwntau"))


@pytest.mark.parametrize("preferred, chosen", [
    (["cy-GB", "en"], "cy"), (["fr-FR", "es-419"], "es"), (["SI"], "si"), (["fr", "de"], "en"), ([], "en")])
def test_a_first_visit_follows_the_browsers_languages(preferred, chosen):
    assert table.first_language(preferred) == chosen
