"""One-off: write sixes/locale/<lang>/LC_MESSAGES/sixes.po from the Python dicts that sixes/words.py held
before the catalogues moved to gettext (issue 15). Kept in history only, for a branch that still adds keys
to those dicts: run it on that branch's old words.py to regenerate the catalogues with its keys.

Run: .venv/bin/python tools/words_to_po.py OLD_WORDS.py   (needs Babel)
"""

import datetime
import importlib.util
import io
import pathlib
import string
import textwrap
import sys

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import write_po

ROOT = pathlib.Path(__file__).resolve().parent.parent
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")  # the order of msgstr[N], as Babel maps CLDR to gettext
FIXED_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)

ABOUT = {
    "en": "English, the source language: each msgstr is the text the page shows (msgid is the same text, "
          "the one every other catalogue translates).",
    "cy": "The rule sheet's own words: sglodion, pot, colofn taflu, siwt, 6 o Ddiemwntau, delio, i'r chwith. "
          "A noun after a numeral stays singular (\"3 sglodyn\"); none is said apart, \"dim\" and the plural.",
    "si": "The rule sheet's words (චිප්ස්, බඳුන, තීරුව, දියමන්ති 6, වටය, වම්පස); a number follows its noun.",
    "es": "Tú, \"ficha\" and \"bote\"; \"de\" after a million (\"1000000 de fichas\") is CLDR's \"many\".",
}
HEADER = """\
# Sixes: everything the page says, in {language}.
{about}
# msgctxt is the key the code asks for (the same in every language); msgid is the English text.
# {{name}} is a blank the code fills (python-brace-format): keep each, wherever it falls.
# A word with a count has one msgstr per plural form, numbered as Plural-Forms below says,
# in CLDR's order: zero, one, two, few, many, other (those the language has).
# The build compiles this file into sixes.mo beside it (make build); the .mo is never committed."""

NOTES = {
    "list": "Names joined: {names} is all but the last, joined by \", \"; {last} is the last one.",
    "list_sound_change": "The same as \"list\", where the word for \"and\" changes with the sound the last name "
                         "begins with: Welsh \"ac\" before a vowel, Spanish \"e\" before an \"i\" sound. When it "
                         "applies is grammar in sixes/words.py; in other languages, the same as \"list\".",
    "dir": "The direction of the language's script: ltr or rtl.",
    "dealer_mark": "One or two letters on the dealer's seat.",
    "lacks_mark": "A short word before the cards a player is known not to hold.",
    "hint_leads_to_own": "{detail} is the count that chooses the form.",
    "rules": "The rules page: a line starting with \"# \" is a heading.",
}
LISTS = {  # the "and" of each language, today in _list_xx functions
    "en": ("{names} and {last}", "{names} and {last}"),
    "cy": ("{names} a {last}", "{names} ac {last}"),
    "si": ("{names} සහ {last}", "{names} සහ {last}"),
    "es": ("{names} y {last}", "{names} e {last}"),
}


def header(lang):
    """The catalogue's header entry: only the fields gettext and translation tools read."""
    plural = get_plural(lang)
    fields = {"Project-Id-Version": "Sixes", "POT-Creation-Date": FIXED_DATE.strftime("%Y-%m-%d %H:%M%z"),
              "PO-Revision-Date": FIXED_DATE.strftime("%Y-%m-%d %H:%M%z"),
              "Last-Translator": "Sixes", "Language-Team": f"Sixes {Locale.parse(lang).english_name}",
              "Language": lang, "MIME-Version": "1.0",
              "Content-Type": "text/plain; charset=UTF-8", "Content-Transfer-Encoding": "8bit",
              "Plural-Forms": f"nplurals={plural.num_plurals}; plural={plural.plural_expr};"}
    return 'msgid ""\nmsgstr ""\n' + "".join(f'"{name}: {value}\\n"\n' for name, value in fields.items())


def blanks(template):
    return any(name for _, name, _, _ in string.Formatter().parse(template))


def load(path):
    spec = importlib.util.spec_from_file_location("old_words", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def catalogue(old, lang):
    english, words = old.WORDS["en"], old.WORDS[lang]
    tags = [tag for tag in CLDR_ORDER if tag == "other" or tag in Locale.parse(lang).plural_form.tags]
    catalog = Catalog(locale=lang, domain="sixes", header_comment=HEADER.format(
                          language=Locale.parse(lang).english_name,
                          about=textwrap.fill(ABOUT[lang], 94, initial_indent="# ", subsequent_indent="# ")),
                      project="Sixes", creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      last_translator="Sixes", language_team=f"Sixes {Locale.parse(lang).english_name}",
                      fuzzy=False)
    for key, model in english.items():
        word = words[key]
        note = [NOTES[key]] if key in NOTES else []
        if key == "list":
            for list_key, (en_text, text) in zip(("list", "list_sound_change"), zip(LISTS["en"], LISTS[lang])):
                catalog.add(en_text, text, context=list_key, flags=["python-brace-format"],
                            auto_comments=[NOTES[list_key]])
            continue
        if isinstance(model, old.Plural):
            msgid = (model.forms["one"], model.forms["other"])
            msgstr = tuple(word.forms[tag] for tag in tags)
            flags = ["python-brace-format"]
        else:
            msgid, msgstr = model, word
            flags = ["python-brace-format"] if blanks(model) else []
        catalog.add(msgid, msgstr, context=key, flags=flags, auto_comments=note)
    return catalog


def main():
    old = load(sys.argv[1])
    for lang in old.LANGUAGES:
        target = ROOT / "sixes" / "locale" / lang / "LC_MESSAGES" / "sixes.po"
        target.parent.mkdir(parents=True, exist_ok=True)
        text = io.BytesIO()
        write_po(text, catalogue(old, lang), width=100)
        comment, _, body = text.getvalue().decode().partition('msgid ""\n')
        body = body.partition("\n\n")[2]  # Babel's header entry, replaced by a shorter one
        target.write_text(comment + header(lang) + "\n" + body, encoding="utf-8")
        print(target.relative_to(ROOT))


if __name__ == "__main__":
    main()
