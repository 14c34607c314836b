"""The person's choices (sixes.model.settings): what a saved copy or a settings form holds that is valid is kept,
the rest falls back to the default."""

import json
from dataclasses import fields
from html.parser import HTMLParser
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from sixes.model.settings import BOT_NAMES, MAX_NAME, SETTINGS, Settings

ROOT = Path(__file__).resolve().parents[2]


def test_settings_keep_what_is_valid_and_default_the_rest():
    settings = Settings().updated(name="  Siân  ", chips=25, speed="fast", levels=["hard"] * 4, autoplay=True)
    assert Settings.from_json(settings.to_json()) == settings
    assert settings.names == ["Siân", *BOT_NAMES]
    junk = Settings.from_json(json.dumps({"name": 7, "chips": 0, "speed": "warp", "levels": ["god"] * 4, "lang": "xx"}))
    assert junk == Settings()
    assert Settings().names[0] == "You" and settings.updated(name=" ").names[0] == "You", "no name: 'You'"
    assert Settings.from_json(None) == Settings() == Settings.from_json("{not json")
    assert Settings().updated(chips=True).chips == 10, "a bool is not a number of chips"
    for speed in ([], {}, ["fast"]):  # unhashable: never looked up among the speeds (it once raised TypeError)
        assert Settings.from_json(json.dumps({"speed": speed})).speed == Settings().speed
    assert len(Settings().updated(name="x" * 50).name) == MAX_NAME


def test_the_looks_are_kept_and_a_bad_saved_one_falls_back_to_the_default():
    looks = Settings().updated(theme="dark", card_size="large")
    assert (looks.theme, looks.card_size) == ("dark", "large")
    assert Settings.from_json(looks.to_json()) == looks, "saved under sixes.settings, so carried by a profile"
    assert json.loads(looks.to_json())["card_size"] == "large", "the key assets/first.js reads"
    assert (Settings().theme, Settings().card_size) == ("system", "normal"), "the system's theme by default"
    for theme, size in (("purple", "huge"), (["dark"], ["large"]), (1, True), (None, None)):
        junk = Settings.from_json(json.dumps({"theme": theme, "card_size": size}))
        assert (junk.theme, junk.card_size) == ("system", "normal"), (theme, size)
    assert looks.updated(theme="blue").theme == "dark", "a bad value leaves the setting as it was"


def test_settings_of_any_shape_read_as_defaults_field_by_field():
    """Issue 51: {"self": 1} was a second ``self`` (TypeError), and a list for the language an unhashable lookup."""
    assert Settings.from_json('{"self": 1, "lang": ["cy"], "deck": {}, "theme": [1]}') == Settings()


class Page(HTMLParser):
    """index.html's controls: each element's tag and attributes by id, the New game form's fields by name, and each
    select's options (by the select's id or name)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, tuple[str, dict[str, str | None]]] = {}
        self.setup: dict[str, tuple[str, dict[str, str | None]]] = {}
        self.options: dict[str, list[str]] = {}
        self.in_setup, self.select = False, ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id") == "setup-form":
            self.in_setup = True
        if found.get("id"):
            self.by_id[str(found["id"])] = (tag, found)
        if self.in_setup and found.get("name"):
            self.setup[str(found["name"])] = (tag, found)
        if tag == "select":
            self.select = str(found.get("id") or ("setup:" + str(found.get("name"))))
            self.options[self.select] = []
        if tag == "option":
            self.options[self.select].append(str(found.get("value")))

    def handle_endtag(self, tag: str) -> None:
        self.in_setup = self.in_setup and tag != "form"


def test_every_setting_is_one_row_of_the_table_with_its_control_in_the_page():
    """Issue 53: a setting is described once (model/settings.py): what it may be, the header's control that sets it
    (a select with every allowed value, a checkbox, or a button that shows it pressed), the New game form's field of
    its name, and what follows a change. The page wires and shows each control from this table alone."""
    page = Page()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert set(SETTINGS) == {field.name for field in fields(Settings)}, "every field of Settings is a row"
    for name, row in SETTINGS.items():
        assert row.holds and row.then in ("", "draw", "play", "words", "looks"), name
        default = getattr(Settings(), name)
        if row.control:
            tag, attrs = page.by_id[row.control]
            if isinstance(default, bool):
                assert tag == "button" and "aria-pressed" in attrs or attrs.get("type") == "checkbox", name
            else:
                assert tag == "select" and set(page.options[row.control]) == set(map(str, row.allowed)), name
        if row.in_setup:
            tag, attrs = page.setup[name]
            if isinstance(default, bool):
                assert attrs.get("type") == "checkbox", name
            elif tag == "select" and not isinstance(default, int):
                assert set(page.options["setup:" + name]) == set(map(str, row.allowed)), name
        assert row.control or row.in_setup or name == "levels", f"{name}: nothing sets it"


@given(st.data())
def test_each_setting_keeps_an_allowed_value_and_refuses_any_other_shape(data):
    name = data.draw(st.sampled_from(sorted(SETTINGS)))
    row, default = SETTINGS[name], getattr(Settings(), name)
    if row.allowed:
        value = data.draw(st.sampled_from(sorted(row.allowed, key=str)))
        assert getattr(Settings().updated(**{name: value}), name) == value
    junk = data.draw(st.one_of(st.none(), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(), st.text())))
    assert getattr(Settings().updated(**{name: junk}), name) == default, (name, junk)
    if isinstance(default, bool):
        assert getattr(Settings().updated(**{name: not default}), name) is (not default)
        assert getattr(Settings().updated(**{name: int(not default)}), name) is default, "1 and 0 are no bools"
