"""Write build/words.js: the words the page shows before Python is up, from each language's compiled catalogue.

The boot's steps, a first visit's rules in short and the message of a page opened from a file are gettext
messages like every other (their keys start with "boot_"); this classic script hands them to assets/first.js
and assets/boot.js, which run before Python can speak. `make build` runs it after compiling the catalogues.

Run: python3 tools/boot_words.py OUT.js
"""

import gettext
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PREFIX = "boot_"


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


def main(target):
    text = json.dumps(boot_words(), ensure_ascii=False, indent=1, sort_keys=True)
    script = (
        "// Written by `make build` (tools/boot_words.py) from sixes/locale/*/LC_MESSAGES/sixes.po: edit those.\n"
        f"globalThis.sixesBootWords = {text};\n"
    )
    partial = pathlib.Path(f"{target}.part")
    partial.write_text(script, encoding="utf-8")
    partial.replace(target)


if __name__ == "__main__":
    main(*sys.argv[1:])
