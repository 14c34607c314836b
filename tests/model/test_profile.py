"""Profiles (sixes.model.profile) and the keys they carry (sixes.model.keys): a profile goes to another browser and
back unchanged, every hostile file is refused with the reason it deserves and writes nothing, and the keys the page
keeps are named in one place (the modules, boot.js and docs/storage.md agree with it)."""

import ast
import json
import re
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sixes
from sixes.engine.saves import SAVE_VERSION
from sixes.model import keys, profile, stats
from sixes.model.settings import Settings
from sixes.model.words import say_in
from tests.conftest import ROOT, bot, play

SAVED = "2026-12-01T10:00:00.000Z"


class Store:
    """The page's Store in a dict: ``full`` keys refuse writes (a browser near its quota)."""

    def __init__(self, texts=None, full=()):
        self.texts, self.full = dict(texts or {}), set(full)

    def get(self, key):
        return self.texts.get(key)

    def set(self, key, text):
        if key in self.full:
            return False
        self.texts[key] = text
        return True

    def remove(self, key):
        self.texts.pop(key, None)


def kept_in_a_browser(seed=4):
    """What a browser keeps after some play: a game two rounds in, its statistics, settings, a daily record."""
    game, record = sixes.Game(seed=seed), stats.Stats()
    for _ in range(2):
        play(game, bot("easy"))
        record.record_round(game, "easy")
        if not game.over:
            game.next_round()
    play(game, bot("easy"), turns=5)
    family = {}  # each other game of the family's statistics, after a round of it
    for variant, key in keys.FAMILY_STATS_KEYS.items():
        other, kept = sixes.Game(seed=seed, variant=variant), stats.Stats()
        play(other, bot("easy"))
        kept.record_round(other, "easy")
        family[key] = kept.to_json()
    return {
        keys.GAME_KEY: game.to_json(),
        keys.STATS_KEY: record.to_json(),
        **family,
        keys.SETTINGS_KEY: Settings(name="Ann", lang="cy").to_json(),
        keys.DAILY_KEY: json.dumps({"playing": None, "results": {"2026-11-30": {"chips": 14, "won": False}}}),
        keys.REVIEW_KEY: json.dumps({"entries": {"1/5/10/1": {"marks": []}}}, separators=(",", ":")),
        keys.STORAGE_KEY: json.dumps({"asked": True}),  # this browser's own: never in a profile
    }


KEPT = kept_in_a_browser()
EXPORTED = profile.export(KEPT.get, SAVED)


def refused(data):
    with pytest.raises(profile.ProfileError) as caught:
        profile.parse(data)
    return caught.value.reason


def envelope(**changes):
    data = json.loads(EXPORTED)
    data.update(changes)
    return json.dumps(data)


def with_key(key, value, version=None):
    data = json.loads(EXPORTED)
    data["keys"][key] = value
    if version is not None:
        data["versions"][key] = version
    return json.dumps(data)


# --- export and import -----------------------------------------------------------------------------------------
def test_an_exported_profile_loads_into_an_empty_browser_exactly_as_it_was_kept():
    data = json.loads(EXPORTED)
    assert (data["format"], data["saved"], data["site"]) == ("sixes.profile.v1", SAVED, profile.SITE)
    assert set(data["keys"]) == set(KEPT) - {keys.STORAGE_KEY}
    assert data["versions"][keys.GAME_KEY] == SAVE_VERSION
    elsewhere = Store()
    assert profile.replace(elsewhere, profile.parse(EXPORTED.encode()), SAVED)
    for key in set(KEPT) - {keys.STORAGE_KEY}:
        assert elsewhere.texts[key] == KEPT[key], key  # byte for byte, as the page's modules write them
    assert keys.STORAGE_KEY not in elsewhere.texts


def test_the_summary_counts_games_rounds_and_the_chips_in_play():
    summary = profile.parse(EXPORTED).summary()
    game = sixes.Game.from_json(KEPT[keys.GAME_KEY])
    rounds = 2 + len(keys.FAMILY_STATS_KEYS)  # (Sixes' two, and a round of each other game of the family)
    assert summary == profile.Summary(games=0, rounds=rounds, chips=game.chips[0], saved="2026-12-01")
    assert profile.summary_of({}) == profile.Summary(0, 0, None, "")
    html = profile.summary_html(summary, profile.summary_of({}), say_in("es"))
    assert f"<td>{rounds}</td><td>0</td>" in html and "<td>2026-12-01</td><td>—</td>" in html


def test_loading_replaces_the_whole_profile_and_keeps_the_one_replaced_to_bring_back_once():
    here = Store(
        {
            keys.SETTINGS_KEY: '{"name": "Bea"}',
            keys.TAKEBACKS_KEY: '{"game": "1/5/10", "entries": []}',
            keys.STORAGE_KEY: '{"asked": true}',
        }
    )
    before = dict(here.texts)
    assert profile.replace(here, profile.parse(EXPORTED), SAVED)
    assert keys.TAKEBACKS_KEY not in here.texts  # a key the loaded profile lacks is not left behind
    assert here.texts[keys.STORAGE_KEY] == before[keys.STORAGE_KEY]  # this browser's own is untouched
    assert profile.backup(here).summary() == profile.summary_of(before, SAVED)
    assert profile.restore(here)
    assert here.texts == {**before, keys.SETTINGS_KEY: '{"name": "Bea"}'}
    assert json.loads(here.texts[keys.SETTINGS_KEY]) == {"name": "Bea"}
    assert not profile.restore(here)  # once


def test_a_browser_that_refuses_a_write_midway_is_left_exactly_as_it_was():
    here = Store(KEPT, full={keys.DAILY_KEY})  # written after the backup, the game, the settings, the statistics
    assert not profile.replace(here, profile.parse(EXPORTED), SAVED)
    assert here.texts == KEPT
    full = Store(KEPT, full={keys.PROFILE_BACKUP_KEY})  # no room even for the backup: nothing replaced
    assert not profile.replace(full, profile.parse(EXPORTED), SAVED) and full.texts == KEPT


def test_an_older_save_in_a_profile_comes_out_in_todays_version():
    old = json.loads(KEPT[keys.GAME_KEY])
    del old["casual"]
    old["version"] = 2
    texts = profile.parse(with_key(keys.GAME_KEY, old)).texts
    assert json.loads(texts[keys.GAME_KEY])["version"] == SAVE_VERSION


# --- hostile files --------------------------------------------------------------------------------------------
GAME = json.loads(KEPT[keys.GAME_KEY])
# Issue #51's: shown as "Games played 0" before loading, then in Statistics as "Games won -7 / -5".
IMPOSSIBLE_STATS = {
    "by_level": {"medium": {"games": -5, "games_won": -7, "games_left": -1, "rounds": 0, "rounds_won": 0}},
    "streak": 10**30,
}
MARKUP_DAILY = {"playing": None, "results": {"<b>x</b>": {"chips": 10**30, "won": True}}}
HOSTILE = {
    "empty": ("", "not_profile"),
    "whitespace": (" \n\t", "not_profile"),
    "plain text": ("my profile", "not_profile"),
    "not UTF-8": (b"\xff\xfe{\x00", "not_profile"),
    "a JSON array": ("[1, 2]", "not_profile"),
    "a JSON string": ('"sixes.profile.v1"', "not_profile"),
    "no format": (json.dumps({"keys": {}}), "not_profile"),
    "a game record": (json.dumps({"format": "sixes-record", "moves": []}), "not_profile"),
    "another format": (envelope(format="chess.profile.v1"), "not_profile"),
    "format not text": (envelope(format=1), "not_profile"),
    "nested too deep": ("[" * 100_000 + "]" * 100_000, "not_profile"),
    "a number too long to read": ('{"format": "sixes.profile.v1", "x": ' + "9" * 5000 + "}", "not_profile"),
    "cut in half": (EXPORTED[: len(EXPORTED) // 2], "truncated"),
    "cut in a string": (EXPORTED[: EXPORTED.index("sixes.settings") + 3], "truncated"),
    "last brace lost": (EXPORTED.rstrip()[:-1], "truncated"),
    "cut in true": ('{"format": "sixes.profile.v1", "x": tr', "truncated"),
    "too large": ("{" + " " * profile.MAX_BYTES + "}", "too_large"),
    "too large in bytes": (("{" + "é" * (profile.MAX_BYTES // 2) + "}").encode(), "too_large"),
    "a newer format": (envelope(format="sixes.profile.v2"), "newer"),
    "a newer key version": (with_key(keys.STATS_KEY, {}, version=2), "newer"),
    "a key only a newer Sixes keeps": (with_key("sixes.friends.v1", {}), "newer"),
    "a newer save": (with_key(keys.GAME_KEY, {**GAME, "version": 99}), "newer"),
    "a save with a card twice": (with_key(keys.GAME_KEY, {**GAME, "hands": [GAME["hands"][0]] * 5}), "bad_save"),
    "a save with chips not a number": (with_key(keys.GAME_KEY, {**GAME, "chips": ["x"] * 5}), "bad_save"),
    "a save with moves that were never played": (with_key(keys.GAME_KEY, {**GAME, "moves": ["AS KS"]}), "bad_save"),
    "a save without a version": (with_key(keys.GAME_KEY, {"players": 5}), "bad_save"),
    "keys an array": (envelope(keys=[]), "wrong_types"),
    "versions an array": (envelope(versions=[1]), "wrong_types"),
    "a version as text": (with_key(keys.STATS_KEY, {}, version="1"), "wrong_types"),
    "a version of true": (with_key(keys.STATS_KEY, {}, version=True), "wrong_types"),
    "date not a date": (envelope(saved="yesterday"), "wrong_types"),
    "date a number": (envelope(saved=20261201), "wrong_types"),
    "site a list": (envelope(site=["0.1.0"]), "wrong_types"),
    "settings as text": (with_key(keys.SETTINGS_KEY, '{"name": "Ann"}'), "wrong_types"),
    "statistics null": (with_key(keys.STATS_KEY, None), "wrong_types"),
    "the save as text": (with_key(keys.GAME_KEY, KEPT[keys.GAME_KEY]), "wrong_types"),
    "a key not of Sixes": (with_key("theme", {}), "wrong_types"),
    "this browser's own key": (with_key(keys.STORAGE_KEY, {"asked": True}), "wrong_types"),
    "a profile inside a profile": (with_key(keys.PROFILE_BACKUP_KEY, json.loads(EXPORTED)), "wrong_types"),
    "nested too deep inside": (
        with_key(keys.SETTINGS_KEY, {"x": "[" * 100_000}).replace(
            '"' + "[" * 100_000 + '"', "[" * 100_000 + "]" * 100_000
        ),
        "not_profile",
    ),
    "a key nested deeper than the page reads it": (with_key(keys.STATS_KEY, {"x": [[[[[1]]]]]}), "wrong_types"),
    "impossible statistics (the issue's)": (with_key(keys.STATS_KEY, IMPOSSIBLE_STATS), "wrong_types"),
    "statistics of an unknown level": (with_key(keys.STATS_KEY, {"by_level": {"<b>x</b>": {}}}), "wrong_types"),
    "a daily result under markup (the issue's)": (with_key(keys.DAILY_KEY, MARKUP_DAILY), "wrong_types"),
    "a daily deal played on no date": (
        with_key(keys.DAILY_KEY, {"playing": "2026-13-01", "results": {}}),
        "wrong_types",
    ),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_file_is_refused_with_its_reason_and_changes_nothing(name):
    data, reason = HOSTILE[name]
    assert refused(data) == reason
    with pytest.raises(profile.ProfileError) as caught:
        profile.parse(data)
    assert str(caught.value).startswith(profile.REASONS[reason])


@pytest.mark.parametrize(
    ("key", "value", "told"),
    [
        (keys.STATS_KEY, IMPOSSIBLE_STATS, ["its statistics cannot be", "-5", "-7"]),
        (
            keys.STATS_KEY,
            {"by_level": {"easy": {"games": 3, "games_won": 5, "rounds": 4}}},
            ["5 games won of 3 played"],
        ),
        (keys.DAILY_KEY, MARKUP_DAILY, ["its daily record cannot be", "'<b>x</b>' is not a date"]),
        (keys.DAILY_KEY, {"results": {"2026-11-30": {"chips": 10**30, "won": True}}}, ["not from 0 to 50"]),
    ],
)
def test_impossible_figures_are_refused_saying_what_is_wrong(key, value, told):
    with pytest.raises(profile.ProfileError) as caught:
        profile.parse(with_key(key, value))
    assert caught.value.reason == "wrong_types"
    assert all(words in caught.value.detail for words in told), caught.value.detail


def test_a_profile_nested_100000_deep_is_refused_by_its_depth_before_it_is_parsed():
    for text in (HOSTILE["nested too deep"][0], HOSTILE["nested too deep inside"][0]):
        with pytest.raises(profile.ProfileError) as caught:
            profile.parse(text)
        assert "nested 100,00" in caught.value.detail, "counted, not a parser's RecursionError caught"
    # As deep as a profile's keys may be, and no deeper: the deepest the page writes loads.
    deepest = profile.PROFILE_DEPTH - 2
    assert profile.parse(
        with_key(keys.REVIEW_KEY, {"entries": {"x": json.loads("[" * (deepest - 2) + "]" * (deepest - 2))}})
    )
    assert refused(
        with_key(keys.REVIEW_KEY, {"entries": {"x": json.loads("[" * (deepest - 1) + "]" * (deepest - 1))}})
    ) == ("not_profile")


def test_the_summary_of_impossible_statistics_kept_here_shows_only_what_can_be():
    here = {keys.STATS_KEY: json.dumps(IMPOSSIBLE_STATS), keys.GAME_KEY: json.dumps({"chips": [-4, 1]})}
    summary = profile.summary_of(here)
    assert summary.games == summary.rounds == 0 and summary.chips is None
    more = {"by_level": {"easy": {"games": 9, "rounds": 4}, "hard": {"games": 1, "rounds": 10**30}}}
    summary = profile.summary_of({keys.STATS_KEY: json.dumps(more)})
    assert (summary.games, summary.rounds) == (4, 4), "never more games than rounds, nor an absurd count"


def test_statistics_an_older_version_left_impossible_are_exported_as_the_page_reads_them_and_load_elsewhere():
    later_field = {"later": [[[[[1]]]]]}  # (deeper than a profile's statistics may be: the page reads past it)
    older = {
        **KEPT,
        keys.STATS_KEY: json.dumps({**IMPOSSIBLE_STATS, **later_field}),
        keys.DAILY_KEY: json.dumps(MARKUP_DAILY),
    }
    loaded = profile.parse(profile.export(older.get, SAVED))
    assert loaded.texts[keys.STATS_KEY] == stats.Stats.from_json(older[keys.STATS_KEY]).to_json()
    assert json.loads(loaded.texts[keys.DAILY_KEY]) == {"playing": None, "results": {}}
    assert loaded.texts[keys.GAME_KEY] == KEPT[keys.GAME_KEY]


def mutated(text, cut, junk):
    return text[:cut] + junk + text[cut + len(junk) :]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damage_to_a_profile_is_refused_with_a_reason_or_loads_a_profile_the_page_can_play(data):
    """Bytes overwritten or cut anywhere: never an exception other than ProfileError, and whatever is
    accepted holds a game that loads and texts that the page's own readers read."""
    raw = EXPORTED.encode()
    cut = data.draw(st.integers(0, len(raw)))
    how = data.draw(st.sampled_from(["cut", "overwrite", "insert"]))
    junk = data.draw(st.binary(min_size=1, max_size=8))
    damaged = raw[:cut] if how == "cut" else raw[:cut] + junk + raw[cut + (len(junk) if how == "overwrite" else 0) :]
    try:
        loaded = profile.parse(damaged)
    except profile.ProfileError as error:
        assert error.reason in profile.REASONS
        return
    if keys.GAME_KEY in loaded.texts:
        sixes.Game.from_json(loaded.texts[keys.GAME_KEY])
    assert profile.replace(Store(), loaded, SAVED)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.sampled_from([*keys.BY_NAME, "sixes.x", "x"]), JSON, max_size=4),
    st.dictionaries(st.text(max_size=6), JSON, max_size=3),
)
def test_any_json_in_an_envelope_is_refused_with_a_reason_or_accepted_as_objects(values, extra):
    text = json.dumps({"format": profile.FORMAT, "saved": SAVED, "site": "x", "keys": values, **extra})
    try:
        loaded = profile.parse(text)
    except profile.ProfileError as error:
        assert error.reason in profile.REASONS
        return
    assert all(isinstance(json.loads(value), dict) for value in loaded.texts.values())
    assert set(loaded.texts) <= set(keys.PROFILE_KEYS)


# --- the keys, in one place ----------------------------------------------------------------------------------------
def string_constants(path):
    return [
        node.value
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_no_module_but_keys_names_a_storage_key():
    names = set(keys.BY_NAME)
    for path in (ROOT / "sixes").rglob("*.py"):
        if path.name == "keys.py":
            continue
        found = [
            value
            for value in string_constants(path)
            if value in names or re.fullmatch(r"sixes\.\w+\.v\d+", value) and value != profile.FORMAT
        ]
        if path.name == "storage.py":  # its Web Lock is named like the game's key, but is no key
            found.remove("sixes.game")
        assert not found, f"{path.relative_to(ROOT)} names {found}: import it from sixes/model/keys.py"


def test_the_modules_keys_are_the_keys_modules_and_first_js_reads_the_settings_key():
    from sixes.model import casual, deals, review

    assert (stats.STATS_KEY, deals.DAILY_KEY, review.REVIEW_KEY, casual.KEY) == (
        keys.STATS_KEY,
        keys.DAILY_KEY,
        keys.REVIEW_KEY,
        keys.TAKEBACKS_KEY,
    )
    first, boot = ((ROOT / "assets" / name).read_text() for name in ("first.js", "boot.js"))
    assert f'localStorage.getItem("{keys.SETTINGS_KEY}")' in first, "the language of the words before Python"
    assert set(re.findall(r'"(sixes\.[a-z0-9.]+)"', first + boot)) <= set(keys.BY_NAME), "a key boot.js keeps is listed"
    assert len(keys.BY_NAME) == len(keys.KEYS)


def test_the_docs_list_every_key_as_keys_py_does():
    assert profile.storage_table() in (ROOT / "docs" / "storage.md").read_text()


def test_the_site_version_is_pyprojects():
    assert profile.SITE == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
