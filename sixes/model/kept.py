"""Reading what the browser kept (settings, statistics, records): text that may be missing, damaged or old."""

import json
from typing import Any, TypeAlias

# A JSON object as read back: its values are whatever the stored text held, so each reader checks them.
JsonObject: TypeAlias = dict[str, Any]


def json_object(text: str | bytes | None) -> JsonObject:
    """The JSON object in ``text``, or an empty one if there is none to read: the caller keeps what it can use.

    >>> json_object('{"chips": 7}'), json_object("[1]"), json_object("{"), json_object(None)
    ({'chips': 7}, {}, {}, {})
    """
    if text is None:  # nothing kept under the key
        return {}
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
