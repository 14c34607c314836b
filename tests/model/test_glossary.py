"""Each language's glossary (docs/translating.md, "Glossary") against its catalogue: every key the glossary names
says the glossary's word for the term, every key whose English says a term's word is named under it, no message
holds a word the glossary rules out (not even split by a blank), every language has a word for every term English
has; and in Sinhala a zero-width joiner joins only a virama to ර or ය, a yansaya only in the words spelt with one,
and the game's name හය, which is also the numeral six, is never bare in a sentence."""

import pathlib
import re
from typing import NamedTuple

import pytest

from sixes.model import words

GUIDE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "translating.md"
HEADING = re.compile(r"^### .*\((\w+)\)$")
ZWJ, VIRAMA, JOINED = "\u200d", "\u0dca", ("\u0dbb", "\u0dba")  # ර, ය
YANSAYA = VIRAMA + ZWJ + "\u0dba"
SINHALA = "\u0d80-\u0dff\u200c\u200d"  # the script's letters and signs, and the joiners
NAME = "හය"  # the Sinhala game's name, also the numeral six
BLANK = re.compile(r"\{\w*\}")
AS_ENGLISH, LEFT_OUT = "as English", "not "


class Term(NamedTuple):
    """A glossary row. ``keys``: the keys held to the word (in a language other than English, English's keys less
    its own ``left_out``, and its own); ``left_out``: keys that say English's word but are not held to this row's
    (in English, a message that says the word in another sense; elsewhere, one whose translation does without it)."""

    term: str
    forms: list[str]
    keys: list[str]
    left_out: list[str]
    never: list[str]


def glossaries(text):
    """{lang: [Term]} from the guide's tables, one under each "### Language (code)"; English's first."""
    found, lang = {}, None
    for line in text.split("## Glossary", 1)[1].splitlines():
        heading = HEADING.match(line)
        if heading:
            lang = heading[1]
            found[lang] = []
        elif lang and line.startswith("| ") and not line.startswith("| Term |"):
            term, word, keys, never = (cell.strip() for cell in line.strip("|").split("|"))
            items = [item.strip() for item in keys.split(",")]
            left_out = [item.removeprefix(LEFT_OUT) for item in items if item.startswith(LEFT_OUT)]
            listed = [item for item in items if not item.startswith(LEFT_OUT)]
            found[lang].append((term, split(word), listed, left_out, split(never)))
    english = {term: listed for term, _, listed, _, _ in found["en"]}
    assert not any(AS_ENGLISH in listed for listed in english.values()), "English's keys are its own"
    return {
        lang: [
            Term(term, forms, resolved(listed, english.get(term, []), left_out), left_out, never)
            for term, forms, listed, left_out, never in rows
        ]
        for lang, rows in found.items()
    }


def resolved(listed, english, left_out):
    if AS_ENGLISH not in listed:
        return listed
    own = [key for key in listed if key != AS_ENGLISH]
    return [key for key in english if key not in left_out and key not in own] + own


def split(cell):
    return [] if cell == "—" else [form.strip() for form in cell.split(" · ")]


GUIDE_TEXT = GUIDE.read_text(encoding="utf-8")
GLOSSARIES = glossaries(GUIDE_TEXT)
# The Sinhala section's list of the words spelt with a yansaya: "… which begin: මධ්‍යම · …."
WITH_YANSAYA = split(re.search(r"which begin: (.+?)\.\s*$", GUIDE_TEXT, re.MULTILINE)[1])


def said(lang, key):
    """What the catalogue says for ``key``: its template, or every form of a word with a count."""
    word = words.WORDS[lang][key]
    return " ".join(word) if isinstance(word, tuple) else word


def without_blanks(text):
    """The template with its blanks taken out and its spaces closed up: "Aeth {name} allan." → "Aeth allan."."""
    return " ".join(BLANK.sub(" ", text).split())


def says(text, form):
    """Whether ``text`` says ``form`` as a word (or words) of its own, a blank's name not counted: English's
    "card" in "Card table", not in "{card}" nor "discard"."""
    return re.search(rf"(?<!\w){re.escape(form)}(?!\w)", without_blanks(text), re.IGNORECASE) is not None


def test_every_language_has_a_glossary_with_every_term():
    assert set(GLOSSARIES) == set(words.LANGUAGES)
    english = [row.term for row in GLOSSARIES["en"]]
    assert len(english) >= 30 and len(set(english)) == len(english)
    for lang, rows in GLOSSARIES.items():
        assert [row.term for row in rows] == english, f"{lang}: the same terms, in English's order"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_each_key_says_the_glossarys_word(lang):
    catalogue = words.WORDS[lang]
    for term, forms, keys, _, _ in GLOSSARIES[lang]:
        assert forms, f"{lang}: a word for {term}"
        for key in keys:
            assert key in catalogue, f"{lang}: the glossary names {key}, which the catalogue lacks"
            text = said(lang, key).casefold()
            assert any(form.casefold() in text for form in forms), f"{lang} {key}: {term} is {' or '.join(forms)}"


def unlisted(rows, texts):
    """The English messages (``texts``: key → text) that say a term's word but are under no term with that word,
    neither held to it nor left out: ["key says 'word'"]."""
    named = {}  # a form → the keys under some term that has it
    for row in rows:
        for form in row.forms:
            named.setdefault(form.casefold(), set()).update(row.keys, row.left_out)
    return [
        f"{key} says {form!r}"
        for key, text in texts.items()
        for form, keys in named.items()
        if key not in keys and says(text, form)
    ]


def test_every_key_whose_english_says_a_terms_word_is_under_the_term():
    """The glossary's Keys are every message that says a term, not those there were when it was written: a new
    message whose English says "card" is listed under card in English's table (which every language's "as English"
    takes), or left out there as another sense ("not key")."""
    english = {key: said("en", key) for key in words.WORDS["en"]}
    assert not unlisted(GLOSSARIES["en"], english), "list these under their term's Keys in docs/translating.md"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_a_key_left_out_is_one_that_would_be_held(lang):
    """A "not key" stays true: in English the key says the word (in another sense); elsewhere it is one of English's
    keys, and the translation does without the word (if it says it, it is held to it)."""
    english = {row.term: row for row in GLOSSARIES["en"]}
    for term, forms, _, left_out, _ in GLOSSARIES[lang]:
        for key in left_out:
            if lang == "en":
                assert any(says(said("en", key), form) for form in forms), f"en {key} does not say {term}"
            else:
                assert key in english[term].keys, f"{lang} {key}: not one of English's keys for {term}"
                text = said(lang, key).casefold()
                assert not any(form.casefold() in text for form in forms), f"{lang} {key} says {term}: hold it"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_no_message_says_a_word_the_glossary_rules_out(lang):
    """Nor with a blank between its words: "Aeth {name} allan" says "aeth allan"."""
    ruled_out = [(term, word) for term, _, _, _, never in GLOSSARIES[lang] for word in never]
    for key in words.WORDS[lang]:
        text = said(lang, key)
        readings = (text.casefold(), without_blanks(text).casefold())
        wrong = [f"{word!r} ({term})" for term, word in ruled_out if any(word.casefold() in it for it in readings)]
        assert not wrong, f"{lang} {key}: {', '.join(wrong)}"


def test_the_glossary_check_finds_a_wrong_word(monkeypatch):
    """The checks above can fail: the Welsh catalogue's old words break them, "Aeth {name} allan" split by its
    blank too."""
    welsh = words.Catalogue("cy")
    welsh.words = {**words.WORDS["cy"], "went_out": "Aeth {name} allan."}
    monkeypatch.setitem(words.WORDS, "cy", welsh)
    with pytest.raises(AssertionError, match="cy went_out: go out"):
        test_each_key_says_the_glossarys_word("cy")
    with pytest.raises(AssertionError, match="cy went_out: 'aeth allan'"):
        test_no_message_says_a_word_the_glossary_rules_out("cy")
    welsh.words = {**words.WORDS["cy"], "went_out": "Chwaraeodd {name} y cerdyn olaf.", "bots": "Y chwaraewyr eraill"}
    with pytest.raises(AssertionError, match="cy bots: 'chwaraewyr eraill'"):
        test_no_message_says_a_word_the_glossary_rules_out("cy")


def test_a_new_message_that_says_a_term_is_found_unlisted():
    english = {key: said("en", key) for key in words.WORDS["en"]}
    new = {"new_hint": "Keep your Jack: {name} waits for it.", "new_sound": "Card sounds"}
    assert unlisted(GLOSSARIES["en"], {**english, **new}) == ["new_hint says 'jack'", "new_sound says 'card'"]
    assert unlisted(GLOSSARIES["en"], {"new": "{card} {round} discard"}) == [], "a blank's name is no word"


def zero_width_joiners_astray(text):
    """Where a zero-width joiner is not between a virama and ර or ය: [(index, the text around it)]."""
    return [
        (i, text[max(0, i - 3) : i + 3])
        for i, char in enumerate(text)
        if char == ZWJ and not (text[i - 1 : i] == VIRAMA and text[i + 1 : i + 2] in JOINED)
    ]


def yansayas_astray(text):
    """The words of ``text`` joined by a yansaya (virama, joiner, ය) that are not among the words spelt with one
    (docs/translating.md, Sinhala): a ය that ends a word after its virama is the word's ending, never joined."""
    return [
        word
        for word in re.findall(f"[{SINHALA}]+", text)
        if YANSAYA in word and not word.startswith(tuple(WITH_YANSAYA))
    ]


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_a_zero_width_joiner_joins_only_a_virama_to_ra_or_ya(lang):
    for key in words.WORDS[lang]:
        assert not zero_width_joiners_astray(said(lang, key)), f"{lang} {key}"
        assert not yansayas_astray(said(lang, key)), f"{lang} {key}: {', '.join(yansayas_astray(said(lang, key)))}"


def test_a_stray_zero_width_joiner_is_found():
    assert zero_width_joiners_astray("ක්\u200dරීඩා මධ්\u200dයම") == []
    assert [i for i, _ in zero_width_joiners_astray("ක්\u200dෂ \u200dය ක\u200dය")] == [2, 5, 9]
    assert len(WITH_YANSAYA) >= 3 and all(YANSAYA in word for word in WITH_YANSAYA)
    assert yansayas_astray("මධ්\u200dයම සංඛ්\u200dයාලේඛනවල සාමාන්\u200dයයෙන්") == []
    # The rules' old fused word: "neighbours" with the ending ය joined to its virama.
    assert yansayas_astray("7 සහ ජැක් අසල්වැසියන්\u200dය.") == ["අසල්වැසියන්\u200dය"]


def bare_names(text):
    """Where the Sinhala game's name stands bare, as a word of its own outside “ ”, and so reads as the numeral six:
    [index]. The name alone (the page's heading and title) is no sentence, and needs no quotes."""
    if text == NAME:
        return []
    return [found.start() for found in re.finditer(f"(?<![{SINHALA}“]){NAME}(?![{SINHALA}”])", text)]


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_sinhala_name_of_the_game_is_never_bare(lang):
    for key in words.WORDS[lang]:
        assert not bare_names(said(lang, key)), f"{lang} {key}: “{NAME}”, in quotes"


def test_a_bare_name_is_found_wherever_it_stands():
    assert bare_names("හය ක්‍රීඩාව පූරණය වෙමින්") == [0], "at a message's start"
    assert bare_names("ඔබේ වාරය · හය") == [11] and bare_names("නව හය.") == [3]
    assert bare_names("“හය” ක්‍රීඩාවේ “හය”ට") == [] and bare_names(NAME) == []
    assert bare_names("සහය හයිය") == [], "හය inside another word"
