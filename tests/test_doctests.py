"""The engine's docstring examples are tests too (the browser module is left
out: it imports the browser runtime)."""

import doctest

import pytest

import sixes.engine.bots
import sixes.engine.cards
import sixes.model.casual
import sixes.engine.core
import sixes.model.deals
import sixes.engine.game
import sixes.model.guide
import sixes.model.kept
import sixes.model.stats
import sixes.model.table


@pytest.mark.parametrize("module", [sixes.engine.cards, sixes.engine.core, sixes.engine.game, sixes.engine.bots, sixes.model.guide, sixes.model.casual,
                                    sixes.model.kept, sixes.model.stats, sixes.model.table, sixes.model.deals])
def test_docstring_examples(module):
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    if module in (sixes.engine.cards, sixes.engine.game):
        assert attempted > 0
