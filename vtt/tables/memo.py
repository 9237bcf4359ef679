"""Rows and forms a table draws from data, made once per content.

A broadcast builds the same rows for every viewer (a combatant's card, a mech's dashboard row,
a form for the acting unit), and most of them are the same as in the frame before. A `Memo`
keeps what it made under a pickle of everything the thing is drawn from, plus the reader's
language: pickling is reversible, so different data never shares an entry; equal data pickled
another way (another key order) only makes it once more.
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from django.utils import translation

T = TypeVar("T")


class Memo:
    """A bounded, per-process store of made things by the data they are made from."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[tuple[Hashable, str], Any] = OrderedDict()

    def get(self, source: Any, make: Callable[[], T]) -> T:
        """What `make` returns for `source` (anything picklable), made at most once."""
        return self.get_by(pickle.dumps(source, protocol=5), make)

    def get_by(self, key: Hashable, make: Callable[[], T]) -> T:
        """What `make` returns for `key`, a hashable value that names the content whole (a
        stored row's id and time), so nothing need be pickled; made at most once."""
        key = (key, translation.get_language() or "")
        found = self.kept.get(key)
        if found is None:
            found = make()
            self.kept[key] = found
            if len(self.kept) > self.size:
                self.kept.popitem(last=False)
        made: T = found
        return made
