"""Every refusal of a sheet at once (issue 36): the rules stop at the first field they refuse, so
the field is set aside (its value left out, the rules' default in its place) and the sheet is
checked again, until it passes or a refusal repeats. Each refusal lands beside its field; a
field the rules refuse even when left out (an empty name) is given a stand-in instead, so the
refusals after it are shown with it, not after it is fixed."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from typing import Any

from rules.core.errors import RulesError, SheetError
from vtt.characters.sheet_form import error_of
from vtt.words import refusal

MAX_REFUSALS = 12
STAND_INS: tuple[Any, ...] = ("?", 1)  # tried in place of a field refused even when left out
_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _parts(path: str) -> list[str | int]:
    return [int(index) if index else key for key, index in _PART.findall(path)]


def _place(sheet: Any, path: str) -> tuple[dict[str, Any], str] | None:
    """The object holding the value at `path` (a key of an object) and its key; None where
    nothing can be left out without moving other fields (a row of a list, a path the sheet does
    not have)."""
    parts = _parts(path)
    if not parts or isinstance(parts[-1], int):
        return None
    here = sheet
    for part in parts[:-1]:
        if isinstance(part, int):
            if not isinstance(here, list) or part >= len(here):
                return None
        elif not isinstance(here, Mapping) or part not in here:
            return None
        here = here[part]
    if not isinstance(here, dict) or parts[-1] not in here:
        return None
    return here, str(parts[-1])


def _refused(validate: Callable[[Any], Any], sheet: Any) -> SheetError | None:
    """The refusal of `sheet` naming a field; None where it passes or fails otherwise."""
    try:
        validate(sheet)
    except SheetError as exc:
        return exc
    except (RulesError, TypeError, ValueError, KeyError):
        return None
    return None


def every_refusal(
    validate: Callable[[Any], Any], sheet: Mapping[str, Any], first: SheetError
) -> list[SheetError]:
    """`first` and the refusals after it, each for a different field. A field refused even when
    left out (a name the rules ask for) takes a stand-in, so what follows it is still found."""
    found = [first]
    work = copy.deepcopy(dict(sheet))
    last = first
    while len(found) < MAX_REFUSALS and (place := _place(work, last.field)) is not None:
        holder, key = place
        del holder[key]
        exc = _refused(validate, work)
        for stand_in in STAND_INS:
            if exc is None or exc.field != last.field:
                break
            holder[key] = stand_in
            exc = _refused(validate, work)
        if exc is None or any(exc.field == seen.field for seen in found):
            break
        found.append(exc)
        last = exc
    return found


def check_every(
    check: Callable[[Any], Any], raw: Mapping[str, Any], refuse: Callable[[str, str], None]
) -> Any:
    """`check(raw)`, or None with every refusal given to `refuse(field path, words)` (issue 36),
    as the character and the library forms save."""
    try:
        return check(raw)
    except SheetError as exc:
        for each in every_refusal(check, raw, exc):
            refuse(*error_of(each))
    except RulesError as exc:
        refuse("", refusal(exc))
    except (TypeError, ValueError, KeyError) as exc:
        refuse("", str(exc))
    return None
