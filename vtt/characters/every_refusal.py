"""Every refusal of a sheet at once (issue 36): the rules stop at the first field they refuse, so
the field is set aside (its value left out, the rules' default in its place) and the sheet is
checked again, until it passes or a refusal repeats. Each refusal lands beside its field."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from typing import Any

from rules.core.errors import RulesError, SheetError

MAX_REFUSALS = 12
_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _parts(path: str) -> list[str | int]:
    return [int(index) if index else key for key, index in _PART.findall(path)]


def _set_aside(sheet: Any, path: str) -> bool:
    """Leave out the value at `path` (a key of an object); False where nothing can be left out
    without moving other fields (a row of a list, a path the sheet does not have)."""
    parts = _parts(path)
    if not parts or isinstance(parts[-1], int):
        return False
    here = sheet
    for part in parts[:-1]:
        if isinstance(part, int):
            if not isinstance(here, list) or part >= len(here):
                return False
        elif not isinstance(here, Mapping) or part not in here:
            return False
        here = here[part]
    if not isinstance(here, dict) or parts[-1] not in here:
        return False
    del here[parts[-1]]
    return True


def every_refusal(
    validate: Callable[[Any], Any], sheet: Mapping[str, Any], first: SheetError
) -> list[SheetError]:
    """`first` and the refusals after it, each for a different field."""
    found = [first]
    work = copy.deepcopy(dict(sheet))
    last = first
    while len(found) < MAX_REFUSALS and _set_aside(work, last.field):
        try:
            validate(work)
        except SheetError as exc:
            if any(exc.field == seen.field for seen in found):
                break
            found.append(exc)
            last = exc
        except (RulesError, TypeError, ValueError, KeyError):
            break
        else:
            break
    return found
