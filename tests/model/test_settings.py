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
