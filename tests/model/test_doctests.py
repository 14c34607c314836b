"""The model's docstring examples are tests too: every module of sixes/model/ that has any."""

import pytest

from tests.conftest import check_examples, modules_with_examples


@pytest.mark.parametrize("module", modules_with_examples("sixes.model"))
def test_docstring_examples(module):
    check_examples(module)
