"""Keys naming board fragments by their content, for the templates' fragment cache.

The terrain, hex outlines, coordinates and grid lines are the same for every viewer and every
frame of an encounter, and most cards do not change from one frame to the next, but were
rendered again for each: `{% memo ... %}` (vtt/templatetags/tabula.py, a store in each process,
so a Redis outage cannot stop a render) keeps them rendered under a digest of the data they are
drawn from and the reader's language, so changed data is a new key.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from collections.abc import Mapping
from typing import Any

from django.utils import translation


def map_key(game_map: Mapping[str, Any]) -> str:
    """A digest of the map's data and the active language, whatever the order of its keys: a
    state read back from PostgreSQL (jsonb orders keys its own way) and one just played name
    the same map, so its layers are drawn once and stay byte for byte the same in every frame."""
    language = translation.get_language() or ""
    hit = _MAP_KEYS.get((id(game_map), language))
    if hit is not None and hit[0] is game_map:  # a map shared by every view (SCS scenarios)
        return hit[1]
    text = json.dumps(game_map, sort_keys=True, default=str) + language
    key = hashlib.blake2b(text.encode(), digest_size=12).hexdigest()
    if len(_MAP_KEYS) > 256:
        _MAP_KEYS.clear()
    _MAP_KEYS[(id(game_map), language)] = (game_map, key)  # held, so its id is not reused
    return key


_MAP_KEYS: dict[tuple[int, str], tuple[Any, str]] = {}


def fragment_key(data: Any) -> str:
    """A digest of everything a fragment is drawn from, and the active language.

    The data is pickled rather than written as JSON: five times faster, and a key only has to
    differ whenever the data does (pickling is reversible, so it does); equal data pickled
    differently (another key order) only renders the fragment once more, so a fragment kept
    under this key must not iterate a mapping whose order may differ (map layers use
    `map_key`)."""
    try:
        raw = pickle.dumps(data, protocol=5)
    except (pickle.PicklingError, TypeError, AttributeError):
        raw = json.dumps(data, sort_keys=True, default=str).encode()
    digest = hashlib.blake2b(raw, digest_size=12)
    digest.update((translation.get_language() or "").encode())
    return digest.hexdigest()
