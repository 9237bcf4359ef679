"""What a campaign's library holds and who reads it: its kinds, its items as the rules complete
them (for the sheets' pickers and the builders), the starter library and the library as a file.

The kinds are the system's (`rules.core.library.kinds_for`); an item is stored in its form's
shape and judged by its kind's `check` wherever it is used, so an item the rules would refuse
(a library file from another version) is left out of the pickers rather than breaking a page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.core.errors import RulesError, SheetError
from rules.core.library import LibraryKind, kind_of, kinds_for
from vtt.campaigns.models import Campaign, Role
from vtt.library.models import LibraryItem
from vtt.words import say, shown

FILE_VERSION = 1
MAX_ITEMS = 2000  # one file's items at most (a library is a group's, not a database dump)


class LibraryFileError(ValueError):
    """A library file refused, in words a person reads; nothing was stored."""


def kinds(campaign: Campaign) -> tuple[LibraryKind, ...]:
    """The library kinds of the campaign's system."""
    return kinds_for(campaign.system)


def kind(campaign: Campaign, key: str) -> LibraryKind | None:
    """One of the campaign's kinds by key, or None."""
    return kind_of(kinds(campaign), key)


def may_read(kind_: LibraryKind, role: str) -> bool:
    """Players read the library; an NPC or monster template is the GM's, as its sheet would be
    (a GM's NPC is opened by the GM alone, vtt/characters/views.may_open)."""
    return role == Role.GM or (role in (Role.PLAYER, Role.OBSERVER) and not kind_.is_sheet)


def completed(kind_: LibraryKind, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """The item as the rules complete it, or None where they refuse it."""
    try:
        return kind_.check(data)
    except (RulesError, TypeError, ValueError, KeyError):
        return None


def items(campaign: Campaign, kind_key: str) -> list[LibraryItem]:
    return list(LibraryItem.objects.filter(campaign=campaign, kind=kind_key))


def pickers(campaign: Campaign) -> dict[str, list[tuple[str, str]]]:
    """The sheet's pick lists the library fills: each kind's items by the sheet key they go to,
    as (the name as its reader reads it, the completed record as JSON)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for kind_ in kinds(campaign):
        if not kind_.sheet_key or kind_.is_sheet:
            continue
        for item in items(campaign, kind_.key):
            record = completed(kind_, item.data)
            if record is not None:
                record.setdefault("name", item.name)
                out.setdefault(kind_.sheet_key, []).append(
                    (shown(item.name), json.dumps(record, ensure_ascii=False))
                )
    return out


def choosers(campaign: Campaign) -> dict[str, list[tuple[str, str]]]:
    """The sheet's choice fields the library adds to (a mech's frame, a mount's weapon): per
    field path ("loadout.weapon"), each item as its reader reads it and its completed record as
    JSON, the value the field takes (the sheet holds the item itself, as the builders put it)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for kind_ in kinds(campaign):
        if not kind_.choice_paths:
            continue
        for item in items(campaign, kind_.key):
            record = completed(kind_, item.data)
            if record is None:
                continue
            text = json.dumps(record, ensure_ascii=False, sort_keys=True)
            for path in kind_.choice_paths:
                out.setdefault(path, []).append((shown(item.name), text))
    return out


def templates(campaign: Campaign) -> list[dict[str, Any]]:
    """The campaign's NPC and monster templates as opponents: {"pk", "name", "sheet"}."""
    out = []
    for kind_ in kinds(campaign):
        if not kind_.is_sheet:
            continue
        for item in items(campaign, kind_.key):
            if completed(kind_, item.data) is not None:
                out.append({"pk": item.pk, "name": item.name, "sheet": dict(item.data)})
    return out


def add_starters(campaign: Campaign) -> int:
    """The system's starter library copied in, each item its kind does not hold by that name
    yet: how many were added."""
    added = 0
    with transaction.atomic():
        for kind_ in kinds(campaign):
            have = set(
                LibraryItem.objects.filter(campaign=campaign, kind=kind_.key).values_list(
                    "name", flat=True
                )
            )
            for data in kind_.starters():
                name = str(data.get("name") or "")
                if name and name not in have and completed(kind_, data) is not None:
                    LibraryItem.objects.create(
                        campaign=campaign, kind=kind_.key, name=name, data=data
                    )
                    have.add(name)
                    added += 1
    return added


def export(campaign: Campaign, kind_key: str | None = None) -> dict[str, Any]:
    """The library (or one kind of it) as a file: its system and each item's kind and data."""
    found = LibraryItem.objects.filter(campaign=campaign)
    if kind_key:
        found = found.filter(kind=kind_key)
    return {
        "library_version": FILE_VERSION,
        "system": campaign.system,
        "items": [{"kind": i.kind, "name": i.name, "data": i.data} for i in found],
    }


def _refuse(n: int, name: str, problem: str) -> LibraryFileError:
    where = (
        _("item %(n)d (%(name)s)") % {"n": n + 1, "name": name}
        if name
        else _("item %(n)d") % {"n": n + 1}
    )
    return LibraryFileError(_("%(where)s: %(problem)s") % {"where": where, "problem": problem})


def import_file(campaign: Campaign, payload: Any) -> int:
    """A library file's items added to the campaign: all of them, or (LibraryFileError, in
    words) none. An item is refused by the rules as its form would refuse it."""
    if not isinstance(payload, Mapping) or payload.get("library_version") != FILE_VERSION:
        raise LibraryFileError(_("This is not a Tabula library file."))
    if payload.get("system") != campaign.system:
        raise LibraryFileError(
            _("This library is for another rule system (%(system)s).")
            % {"system": payload.get("system")}
        )
    rows = payload.get("items")
    if not isinstance(rows, list):
        raise LibraryFileError(_("The file lists no items."))
    if len(rows) > MAX_ITEMS:
        raise LibraryFileError(_("At most %(n)d items in one file.") % {"n": MAX_ITEMS})
    made = []
    for n, row in enumerate(rows):
        if not isinstance(row, Mapping) or not isinstance(row.get("data"), Mapping):
            raise _refuse(n, "", _("each item needs a kind and its data."))
        name = str(row.get("name") or row["data"].get("name") or "").strip()[:100]
        kind_ = kind(campaign, str(row.get("kind") or ""))
        if kind_ is None:
            raise _refuse(n, name, _("this system keeps no such kind of item."))
        try:
            kind_.check({**row["data"], "name": name})
        except SheetError as error:
            raise _refuse(n, name, f"{error.field}: {say(error.problem)}") from None
        except (RulesError, TypeError, ValueError, KeyError) as error:
            raise _refuse(n, name, str(error)) from None
        data = {**row["data"], "name": name}
        made.append(LibraryItem(campaign=campaign, kind=kind_.key, name=name, data=data))
    with transaction.atomic():
        LibraryItem.objects.bulk_create(made)
    return len(made)
