"""Write build/first.js: what the page shows before Python is up, in each language, from the compiled catalogues
and the game's own model, followed by assets/first.js, which puts it in place.

- The boot's steps, a first visit's rules in short and the message of a page opened from a file are gettext
  messages like every other (their keys start with "boot_").
- A first visit's table: the guided deal's first position as the page draws it once Python is up (the model's
  HTML, the page's words, the guide's first step), which assets/first.js shows under the rules in short while Python
  loads. tests/browser/test_boot.py checks that Python's first draw finds it as it would draw it.

The words and assets/first.js are one classic script, so that a returning visit's <head> waits for one file, not two:
on a phone (CPU x4) the second file's round trip through the service worker held up the parse of the table by
~60 ms (docs/benchmarks.md, issue #45). boot.js reads the words too. `make build` runs this after compiling the
catalogues.

Run: python3 tools/boot_words.py build/first.js
"""

import gettext
import json
import pathlib
import re
import sys
from html import escape

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sixes.engine.core import MAX_PLAYERS
from sixes.model import guide, table, table_html
from sixes.model.settings import Settings

PREFIX = "boot_"
SAID = re.compile(r'data-say(?:-label|-title)?="([^"]+)"')  # the page's fixed words (sixesWords, in first.js)


def boot_words(locale=ROOT / "sixes" / "locale"):
    """{lang: {key: word}} for every key starting with "boot_", English where a language has none (as gettext)."""
    found = {}
    for catalogue in sorted(locale.glob("*/LC_MESSAGES/sixes.mo")):
        with catalogue.open("rb") as file:
            messages = gettext.GNUTranslations(file)._catalog  # "context\x04msgid" → msgstr
        found[catalogue.parents[1].name] = {
            key.split("\x04")[0]: word
            for key, word in messages.items()
            if isinstance(key, str) and key.startswith(PREFIX) and "\x04" in key
        }
    return {lang: {**found["en"], **words} for lang, words in found.items()}


def first_table(lang, said):
    """The guided deal's first table in ``lang``, as sixes/browser/draw.py and guide.py draw it on a first visit:
    {"parts": [[selector, inner HTML or None, attributes]] (first.js's sixesShowParts), "words": the page's fixed
    words (those of the keys ``said``), "guide": [the first step's words for a mouse, for a touch screen]}."""
    settings = Settings().updated(lang=lang)
    game = guide.guided_game()
    view = table.build(game, settings)
    say = view.say

    def inside(seat):
        return "".join(html for _, html in table_html.seat_parts(seat, say))

    def attributes(seat):
        return table_html.seat_attributes(seat, say) | ({"aria-current": "true"} if seat.acting else {})

    parts = [["#table", None, {"class": "table guiding", "data-players": str(len(view.seats))}]]
    parts += [[".seat:not(.you)", inside(seat), attributes(seat)] for seat in view.seats[1:]]
    parts += [[".seat:not(.you)", None, {"hidden": ""}] for _ in range(len(view.seats), MAX_PLAYERS)]
    you, cards = view.seats[0], len(view.hand)
    parts += [
        [".seat.you", None, attributes(you)],
        [".you-head", inside(you), {}],
        [
            "#hand",
            table_html.hand_html(view),
            {  # (as sixes/browser/draw.py's hand_size sets them)
                "style": f"--n: {cards}; --per-row: {table_html.hand_per_row(cards)};"
                f" --per-row-narrow: {table_html.hand_per_row(cards, most=7)};",
                "class": " ".join(
                    ["hand"]
                    + ["two-rows"] * (table_html.hand_per_row(cards) < cards)
                    + ["two-rows-narrow"] * (table_html.hand_per_row(cards, most=7) < cards)
                ),
            },
        ],
        ["#status", escape(view.status, quote=False), {}],
        [
            "#pass",
            escape(say("pay_pass" if you.chips else "pass_free"), quote=False),
            {} if view.can_pass else {"disabled": ""},
        ],
        ["#hint", None, {} if view.your_turn else {"disabled": ""}],
        *(
            ["[data-column]", table_html.column_html(column, say), {"aria-label": table.column_label(column, say)}]
            for column in view.columns
        ),
        ["#narration", table_html.narration_html(view.narration), {}],
        ["#round-label", escape(table.round_label(view), quote=False), {}],
        ["#guide", None, {}],
    ]
    step = guide.step(game)
    return {
        "parts": parts,
        "words": {key: say(key) for key in said},
        "guide": [guide.words(step, settings.names, say, touch) for touch in (False, True)],
    }


def main(target):
    words = boot_words()
    text = json.dumps(words, ensure_ascii=False, indent=1, sort_keys=True)
    # As a string, which a returning visit's parser skims, parsed only on a first visit.
    said = sorted(set(SAID.findall((ROOT / "index.html").read_text(encoding="utf-8"))))
    tables = json.dumps({lang: first_table(lang, said) for lang in words}, ensure_ascii=False, separators=(",", ":"))
    tables = json.dumps(tables, ensure_ascii=False)
    script = (
        "// Written by `make build` (tools/boot_words.py) from sixes/locale/*/LC_MESSAGES/sixes.po, the game's model and\n"
        "// assets/first.js: edit those.\n"
        f"globalThis.sixesBootWords = {text};\n"
        f"globalThis.sixesFirstTable = {tables};\n\n"
    ) + (ROOT / "assets" / "first.js").read_text(encoding="utf-8")
    partial = pathlib.Path(f"{target}.part")
    partial.write_text(script, encoding="utf-8")
    partial.replace(target)


if __name__ == "__main__":
    main(*sys.argv[1:])
