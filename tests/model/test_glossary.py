"""Each language's glossary (docs/translating.md, "Glossary") against its catalogue: every key the glossary names
says the glossary's word for the term, no message holds a word the glossary rules out, every language has a word
for every term English has; and in Sinhala a zero-width joiner joins only a virama to ර or ය."""

import pathlib
import re

import pytest

from sixes.model import words

GUIDE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "translating.md"
HEADING = re.compile(r"^### .*\((\w+)\)$")
ZWJ, VIRAMA, JOINED = "\u200d", "\u0dca", ("\u0dbb", "\u0dba")  # ර, ය


def glossaries(text):
    """{lang: [(term, forms, keys, never)]} from the guide's tables, one under each "### Language (code)"."""
    found, lang = {}, None
    for line in text.split("## Glossary", 1)[1].splitlines():
        heading = HEADING.match(line)
        if heading:
            lang = heading[1]
            found[lang] = []
        elif lang and line.startswith("| ") and not line.startswith("| Term |"):
            term, word, keys, never = (cell.strip() for cell in line.strip("|").split("|"))
            found[lang].append((term, split(word), [key.strip() for key in keys.split(",")], split(never)))
    return found


def split(cell):
    return [] if cell == "—" else [form.strip() for form in cell.split(" · ")]


GLOSSARIES = glossaries(GUIDE.read_text(encoding="utf-8"))


def said(lang, key):
    """What the catalogue says for ``key``: its template, or every form of a word with a count."""
    word = words.WORDS[lang][key]
    return " ".join(word) if isinstance(word, tuple) else word


def test_every_language_has_a_glossary_with_every_term():
    assert set(GLOSSARIES) == set(words.LANGUAGES)
    english = [term for term, *_ in GLOSSARIES["en"]]
    assert len(english) >= 30 and len(set(english)) == len(english)
    for lang, rows in GLOSSARIES.items():
        assert [term for term, *_ in rows] == english, f"{lang}: the same terms, in English's order"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_each_key_says_the_glossarys_word(lang):
    catalogue = words.WORDS[lang]
    for term, forms, keys, _ in GLOSSARIES[lang]:
        assert forms, f"{lang}: a word for {term}"
        for key in keys:
            assert key in catalogue, f"{lang}: the glossary names {key}, which the catalogue lacks"
            text = said(lang, key).casefold()
            assert any(form.casefold() in text for form in forms), f"{lang} {key}: {term} is {' or '.join(forms)}"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_no_message_says_a_word_the_glossary_rules_out(lang):
    ruled_out = [(term, word) for term, _, _, never in GLOSSARIES[lang] for word in never]
    for key in words.WORDS[lang]:
        text = said(lang, key).casefold()
        wrong = [f"{word!r} ({term})" for term, word in ruled_out if word.casefold() in text]
        assert not wrong, f"{lang} {key}: {', '.join(wrong)}"


def test_the_glossary_check_finds_a_wrong_word(monkeypatch):
    """The checks above can fail: the Welsh catalogue's old words break them."""
    welsh = words.Catalogue("cy")
    welsh.words = {**words.WORDS["cy"], "went_out": "Aeth {name} allan.", "bots": "Y chwaraewyr eraill"}
    monkeypatch.setitem(words.WORDS, "cy", welsh)
    with pytest.raises(AssertionError, match="cy went_out: go out"):
        test_each_key_says_the_glossarys_word("cy")
    with pytest.raises(AssertionError, match="cy bots: 'chwaraewyr eraill'"):
        test_no_message_says_a_word_the_glossary_rules_out("cy")


def zero_width_joiners_astray(text):
    """Where a zero-width joiner is not between a virama and ර or ය: [(index, the text around it)]."""
    return [
        (i, text[max(0, i - 3) : i + 3])
        for i, char in enumerate(text)
        if char == ZWJ and not (text[i - 1 : i] == VIRAMA and text[i + 1 : i + 2] in JOINED)
    ]


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_a_zero_width_joiner_joins_only_a_virama_to_ra_or_ya(lang):
    for key in words.WORDS[lang]:
        assert not zero_width_joiners_astray(said(lang, key)), f"{lang} {key}"


def test_a_stray_zero_width_joiner_is_found():
    assert zero_width_joiners_astray("ක්\u200dරීඩා මධ්\u200dයම") == []
    assert [i for i, _ in zero_width_joiners_astray("ක්\u200dෂ \u200dය ක\u200dය")] == [2, 5, 9]
