"""Sixes stays byte for byte what it was before the family came (issue 54): the simulator's and duplicate's
results, whole games' saves, the learned features and the expert's figures, all as fixtures/sixes_before.py wrote
them on the commit before the variants, and every save that engine wrote loads as the same text."""

import importlib.util
import json

import pytest

from sixes import Game
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "engine" / "fixtures"
BEFORE = json.loads((FIXTURES / "sixes-before.json").read_text())


def _writer():
    spec = importlib.util.spec_from_file_location("sixes_before", FIXTURES / "sixes_before.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


writer = _writer()


@pytest.mark.parametrize("kept", BEFORE["simulate"], ids=lambda kept: str(kept["args"]))
def test_the_simulator_gives_what_it_gave(kept):
    result = writer.simulate(*kept["args"])
    del result["seconds"]
    assert json.dumps(result) == json.dumps(kept["result"])


@pytest.mark.parametrize("kept", BEFORE["duplicate"], ids=lambda kept: str(kept["args"]))
def test_duplicate_gives_what_it_gave(kept):
    result = writer.duplicate(*kept["args"])
    del result["seconds"]
    assert json.dumps(result) == json.dumps(kept["result"])


def test_whole_games_by_the_bots_save_the_same_text_after_every_round():
    assert writer.games() == BEFORE["games"]


def test_the_learned_features_and_the_experts_figures_are_the_same():
    assert writer.views() == BEFORE["views"]


def test_every_save_the_old_engine_wrote_loads_as_the_same_text():
    texts = [text for game in BEFORE["games"] for text in [*game["mid"], game["last"]]]
    texts += [view["save"] for view in BEFORE["views"][::7]]
    for text in texts:
        assert Game.from_json(text).to_json() == text
