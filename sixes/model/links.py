"""What a link asks for (?seed=, ?speed=, ?lang=, ?bots=, and a shared deal's rules), each value checked before it
is used: what the page cannot read is not used, and the person is told which part of the link was left out."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.inbound import SEEDS, Refused, seed_of
from ..engine.variants import VARIANTS
from .deals import LINK_NUMBERS, link_number
from .settings import SPEEDS
from .words import LANGUAGES

# The last four: a shared deal's rules.
PARAMETERS = ("seed", "speed", "lang", "bots", "players", "chips", "may_pass", "variant")
LONGEST = 32  # characters of a parameter's value read at all: a seed has 20 digits, the rest are shorter
SHOWN = 24  # characters of an unreadable value named back to the person


@dataclass
class Asked:
    """What a link asks for, checked: None where it asks for nothing (or nothing readable)."""

    seed: int | None = None
    speed: str | None = None
    lang: str | None = None
    all_bots: bool = False
    unread: list[tuple[str, dict[str, object]]] = field(default_factory=list)  # (word, its blanks) for each refused


def read(params: Mapping[str, str]) -> Asked:
    """What ``params`` (a link's parameters, by name) ask for; each value that cannot be read goes to ``unread``.

    >>> read({"seed": "42", "speed": "0", "lang": "CY"})
    Asked(seed=42, speed='instant', lang='cy', all_bots=False, unread=[])
    >>> read({"seed": "²", "speed": "warp"}).unread[0]
    ('link_bad_seed', {'value': '²', 'most': 18446744073709551615})
    """
    asked = Asked()

    def shown(name: str) -> str:
        value = params[name]
        return value if len(value) <= SHOWN else value[: SHOWN - 1] + "…"

    def unread(name: str) -> None:
        asked.unread.append(("link_unread", {"name": name, "value": shown(name)}))

    if "seed" in params:
        try:
            asked.seed = seed_of(params["seed"])
        except Refused:
            asked.unread.append(("link_bad_seed", {"value": shown("seed"), "most": SEEDS.stop - 1}))
    if "speed" in params:
        speed = "instant" if params["speed"] == "0" else params["speed"]
        if speed in SPEEDS:
            asked.speed = speed
        else:
            unread("speed")
    if "lang" in params:
        lang = params["lang"].lower()
        if lang in LANGUAGES:
            asked.lang = lang
        else:
            asked.unread.append(("unknown_language", {}))
    if "bots" in params:
        asked.all_bots = params["bots"] == "all"
        if not asked.all_bots:
            unread("bots")
    for name, allowed in LINK_NUMBERS.items():
        if name in params and link_number(params[name], allowed) is None:
            unread(name)
    if params.get("may_pass", "1") not in ("0", "1"):
        unread("may_pass")
    if params.get("variant", "sixes") not in VARIANTS:  # (a game of the family this page does not know)
        unread("variant")
    return asked
