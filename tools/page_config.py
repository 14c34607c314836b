"""PyScript's config (pyscript.toml, the one source) written into the page as JSON, for `make play` and the site.

index.html names the file (`<mpy-config src="./pyscript.toml">`, `<script type="py" config="./pyscript.toml">`),
which any static server can serve as it is; inlined, PyScript starts without fetching the file and without
loading its TOML parser (a wait before the interpreter, bench/phone.py)."""

import json
import pathlib
import tomllib

CONFIG = "./pyscript.toml"
MPY_NAMED = f'<mpy-config src="{CONFIG}"></mpy-config>'
PY_NAMED = f'config="{CONFIG}"'


def settings(folder):
    """The config pyscript.toml in ``folder`` gives, as PyScript reads it."""
    return tomllib.loads((pathlib.Path(folder) / CONFIG).read_text(encoding="utf-8"))


def inline(page, folder):
    """``page`` (index.html's text, in ``folder``) with pyscript.toml written in its place, or as it was if it
    names no config file."""
    if MPY_NAMED not in page or PY_NAMED not in page:
        return page
    text = json.dumps(settings(folder))
    attribute = text.replace("&", "&amp;").replace("'", "&#39;")
    element = text.replace("&", "&amp;").replace("<", "&lt;")
    return page.replace(MPY_NAMED, f"<mpy-config hidden>{element}</mpy-config>", 1).replace(
        PY_NAMED, f"config='{attribute}'", 1
    )
