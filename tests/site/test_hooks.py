"""docs/hooks.md, the page's public hooks (a copy of SPEC section 5): every id, data attribute and URL parameter it
names is in the page, or written by the page's code, so a hook renamed or dropped fails here before it fails
someone else's test."""

import pathlib
import re

from sixes.model import links

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOOKS = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")
CODE = PAGE + "".join(
    path.read_text(encoding="utf-8") for folder in ("sixes", "assets") for path in (ROOT / folder).rglob("*.[pj][ys]")
)


def test_every_id_the_hooks_name_is_in_the_page():
    ids = set(re.findall(r"#([a-z][a-z0-9-]*)", HOOKS)) | set(re.findall(r'id="([a-z][a-z0-9-]*)"', HOOKS))
    assert len(ids) > 20, "the hooks name the page's elements"
    missing = sorted(name for name in ids if f'id="{name}"' not in PAGE)
    assert missing == []


def test_every_data_attribute_the_hooks_name_is_in_the_page_or_written_by_it():
    names = set(re.findall(r"data-([a-z][a-z-]*)", HOOKS))
    assert {"seat", "card", "turn", "moves", "leaving"} <= names

    def written(name):  # in markup as data-x, or in code as dataset.camelCase or "data-x"
        camel = re.sub(r"-([a-z])", lambda m: m[1].upper(), name)
        return f"data-{name}" in CODE or f"dataset.{camel}" in CODE

    assert sorted(f"data-{name}" for name in names if not written(name)) == []


def test_every_url_parameter_the_hooks_name_is_read_by_the_page():
    named = set(re.findall(r"\?([a-z_]+)=", HOOKS))
    assert {"seed", "speed", "lang"} <= named
    assert sorted(named - set(links.PARAMETERS)) == []
    assert 'select name="variant"' in PAGE, "the New game dialog chooses the game of the family"
