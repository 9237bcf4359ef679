"""A key naming a board's unchanging map layers, for the templates' fragment cache.

The terrain, hex outlines, coordinates and grid lines are the same for every viewer and every
frame of an encounter, but were rendered again for each: `{% cache %}` keeps them rendered
under this key (the map's content and the reader's language), so a changed map is a new key.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.utils import translation


def map_key(game_map: Mapping[str, Any]) -> str:
    """A digest of the map's data and the active language."""
    text = json.dumps(game_map, sort_keys=True, default=str) + (translation.get_language() or "")
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()
