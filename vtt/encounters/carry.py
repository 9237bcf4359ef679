"""Characters come back out of an encounter: what it changed on their sheets, for the GM to confirm.

`GameSystem.write_back(state, actor_id, sheet)` says what the sheet becomes (ammunition left,
points spent...); `setup["characters"]` (written by the encounter builder) says which character
each actor was. Nothing is saved until the GM confirms, and then in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.core.errors import RulesError
from rules.core.registry import get_system
from vtt.campaigns.services import require_gm
from vtt.characters import sheet_form
from vtt.characters.models import Character
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed


@dataclass(frozen=True)
class Change:
    """One value of a sheet before and after the encounter, named as the sheet form names it."""

    label: str
    before: Any
    after: Any


@dataclass(frozen=True)
class Proposal:
    """A character, its sheet after the encounter and what differs."""

    character: Character
    sheet: dict[str, Any]
    changes: list[Change]


def _flat(value: Any, path: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(_flat(item, f"{path}.{key}" if path else str(key)))
        return out
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        out = {}
        for n, item in enumerate(value):
            out.update(_flat(item, f"{path}[{n}]"))
        return out
    return {path: value}


def proposals(encounter: Encounter) -> list[Proposal]:
    """What the encounter would write back to each character it was built from."""
    system = get_system(encounter.system)
    links = encounter.setup.get("characters") or {}
    if system.write_back is None or not links:
        return []
    state = system.load(encounter.state)
    characters = Character.objects.filter(campaign=encounter.campaign_id, pk__in=links.values())
    by_pk = {c.pk: c for c in characters}
    out = []
    for actor, pk in links.items():
        character = by_pk.get(pk)
        if character is None or character.system != encounter.system:
            continue
        try:
            after = system.validate_sheet(system.write_back(state, actor, character.sheet))
        except (RulesError, KeyError, TypeError, ValueError):
            continue
        specs = sheet_form.specs_for(system, character.sheet)
        before_flat, after_flat = _flat(character.sheet), _flat(after)
        changes = [
            Change(_label_of(path, specs, character), before_flat.get(path), value)
            for path, value in after_flat.items()
            if before_flat.get(path) != value
        ]
        # what the encounter took away (a broken shield, a lost weapon's fields) is a change too
        changes += [
            Change(_label_of(path, specs, character), value, None)
            for path, value in before_flat.items()
            if path not in after_flat and value is not None
        ]
        out.append(Proposal(character, after, changes))
    return out


def _label_of(path: str, specs: list[sheet_form.Spec], character: Character) -> str:
    """`weapons[0].loaded` read as "Weapons › 9mm pistol › Loaded"."""
    label = sheet_form.label_of(path, specs)
    head, _sep, rest = path.partition("[")
    if rest and isinstance(character.sheet.get(head), list):
        index = int(rest.split("]", 1)[0])
        items = character.sheet[head]
        if index < len(items) and isinstance(items[index], dict) and items[index].get("name"):
            parts = label.split(" › ")
            if len(parts) > 1:
                parts[1] = str(items[index]["name"])
            label = " › ".join(parts)
    return label


@transaction.atomic
def write_back(encounter_id: int, user_id: int) -> list[Proposal]:
    """The GM confirms: every proposed sheet is saved, or none is."""
    encounter = Encounter.objects.select_for_update().get(pk=encounter_id)
    require_gm(encounter.campaign_id, user_id)
    if encounter.is_active:
        raise NotAllowed(_("End the encounter first."))
    if encounter.setup.get("written_back"):
        raise NotAllowed(_("This encounter was already written back to the characters."))
    done = [p for p in proposals(encounter) if p.changes]
    for proposal in done:
        Character.objects.filter(pk=proposal.character.pk).update(sheet=proposal.sheet)
    Encounter.objects.filter(pk=encounter.pk).update(
        setup={**encounter.setup, "written_back": True}
    )
    return done
