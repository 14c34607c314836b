"""Compile one language's words (a gettext .po catalogue) into the .mo that Python's gettext reads, with
Babel. `make build` runs it for each sixes/locale/<lang>/LC_MESSAGES/sixes.po. Unlike `pybabel compile`,
which goes on past a line it cannot read, it stops there and names the line (tests/model/test_words.py finds
what a parser lets through: a message lost, a blank or a plural form missing). A message left
untranslated or fuzzy is left out, as gettext tools do: the page then says it in English.

Run: .venv/bin/python tools/compile_catalogue.py IN.po OUT.mo
"""

import pathlib
import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po


def main(source, target):
    with open(source, "rb") as file:
        try:
            catalog = read_po(file, abort_invalid=True)
        except PoFileError as error:
            raise SystemExit(f"{source}: {error}") from None
    partial = pathlib.Path(f"{target}.part")
    with open(partial, "wb") as file:
        write_mo(file, catalog)
    partial.replace(target)  # never a half-written catalogue under the real name


if __name__ == "__main__":
    main(*sys.argv[1:])
