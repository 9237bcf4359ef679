"""A weapon's short name (its key: what the forms, the log and the table pass around) made
from its name where it is left empty, so a weapon added by hand on a Delta Green or Call of
Cthulhu sheet, or made in a campaign's library, needs only its name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

MAX_KEY = 40  # the sheets' key field holds 40 characters
_OTHER = re.compile(r"[\W_]+")  # what is not a letter or a digit (of any script)


def key_of(name: str, length: int = MAX_KEY - 4) -> str:
    """A key from a name: lower case, letters and digits of any script (a Chinese name keeps
    its characters), every other run one "_", at most `length` characters; "weapon" where the
    name gives nothing. (Room is left for the _2 that keeps a sheet's keys apart.)"""
    found = _OTHER.sub("_", name.casefold()).strip("_")
    return found[:length].strip("_") or "weapon"


def keyed(rows: Any) -> Any:
    """The weapon rows with every empty key made from the row's name, and _2, _3... after it
    where the sheet already has that key. Anything but a list is returned as it came, as is a
    row that is not an object or names nothing (the sheet's own check refuses them)."""
    if not isinstance(rows, list):
        return rows
    taken = {str(row.get("key") or "").strip() for row in rows if isinstance(row, Mapping)} - {""}
    out: list[Any] = []
    for row in rows:
        name = str(row.get("name") or "").strip() if isinstance(row, Mapping) else ""
        if name and not str(row.get("key") or "").strip():
            base = key_of(name)
            key, n = base, 1
            while key in taken:
                n += 1
                key = f"{base}_{n}"
            taken.add(key)
            row = {**row, "key": key}
        out.append(row)
    return out
