"""The person's choices (sixes.model.settings): what a saved copy or a settings form holds that is valid is kept,
the rest falls back to the default."""

import json

from sixes.model.settings import BOT_NAMES, MAX_NAME, Settings


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
