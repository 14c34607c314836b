"""Reading what the browser kept (settings, statistics, records): text that may be missing, damaged or old."""

import json


def json_object(text):
    """The JSON object in ``text``, or an empty one if there is none to read: the caller keeps what it can use.

    >>> json_object('{"chips": 7}'), json_object("[1]"), json_object("{"), json_object(None)
    ({'chips': 7}, {}, {}, {})
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
