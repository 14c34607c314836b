"""The engine's docstring examples are tests too: every module of sixes/engine/ that has any."""

import pytest

from tests.conftest import check_examples, modules_with_examples


@pytest.mark.parametrize("module", modules_with_examples("sixes.engine"))
def test_docstring_examples(module):
    check_examples(module)
