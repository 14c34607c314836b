"""A link's parameters, fed in random shapes (SPEC §5, docs/hooks.md): each part is read within its bounds or named
as left out, never both and never neither, and nothing a link says can stop the page (``links.read`` and
``deals.rules_from_params`` run before the table is drawn)."""

from hypothesis import example, given
from hypothesis import strategies as st

import sixes
from sixes.engine.inbound import SEEDS
from sixes.model import deals, links
from sixes.model.settings import SPEEDS
from sixes.model.words import LANGUAGES

VALUES = st.one_of(
    st.text(max_size=30),
    st.integers(-5, 2**65).map(str),
    st.sampled_from(["²", "٣", "06", "+5", "", "sevens", "fan-tan", "cinquillo", "SEVENS", "0", "1", "all", "CY"]),
)
LINKS = st.dictionaries(st.sampled_from([*links.PARAMETERS, "other"]), VALUES, max_size=6)


@given(LINKS)
@example({"players": "²"})
@example({"chips": "٣", "variant": "sevens"})
def test_each_part_of_a_link_is_read_within_its_bounds_or_named_as_left_out(params):
    asked = links.read(params)
    rules = deals.rules_from_params(params, deals.DAILY_RULES)
    left_out = {blanks["name"] for word, blanks in asked.unread if word == "link_unread"}
    assert left_out <= set(params)
    assert ("link_bad_seed" in {word for word, _ in asked.unread}) == ("seed" in params and asked.seed is None)
    assert asked.seed is None or (asked.seed in SEEDS and asked.seed == int(params["seed"]))
    assert asked.speed in (None, *SPEEDS) and asked.lang in (None, *LANGUAGES)
    assert ("speed" in left_out) == ("speed" in params and asked.speed is None)
    for name, allowed in (("players", range(3, 7)), ("chips", range(1, 100))):  # (RULES.md's bounds)
        if name in params:
            read = params[name] in [str(n) for n in allowed]  # as a link writes it: no sign, no leading 0
            assert read != (name in left_out) and (rules[name] == int(params[name]) if read else True)
    assert ("variant" in left_out) == ("variant" in params and rules["variant"] != params["variant"])
    assert all(
        word != "link_unread" or blanks["value"] in params[blanks["name"]] or "…" in blanks["value"]
        for word, blanks in asked.unread
    )
    # What is read deals: the rules are a game of the family's.
    sixes.Game(players=rules["players"], chips=rules["chips"], seed=asked.seed or 0, variant=rules["variant"])
