"""The engine's docstring examples are tests too (the browser module is left
out: it imports the browser runtime)."""

import doctest

import pytest

import sixes.bots
import sixes.cards
import sixes.casual
import sixes.core
import sixes.deals
import sixes.game
import sixes.guide
import sixes.kept
import sixes.stats
import sixes.table


@pytest.mark.parametrize("module", [sixes.cards, sixes.core, sixes.game, sixes.bots, sixes.guide, sixes.casual,
                                    sixes.kept, sixes.stats, sixes.table, sixes.deals])
def test_docstring_examples(module):
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    if module in (sixes.cards, sixes.game):
        assert attempted > 0
