"""Characters come back out of an encounter: what it changed on their sheets, for the GM to confirm.

`GameSystem.write_back(state, actor_id, sheet)` says what the sheet becomes (HP, wounds and
conditions, ammunition left, points spent...); `setup["characters"]` (written by the encounter
builder) says which character each actor was. The page lists the changes line by line, each with
its before and after in words: a line is one value of the sheet (`luck`), one part of a record
(`condition.hp`, `condition.left_arm`, `mark.points`) or one item of a list (`weapons#pistol`).
The GM accepts them all or only the lines ticked. Nothing is saved until then, and then in one
transaction: every sheet, with a `SheetChange` record of which encounter changed what and which
lines were left out, or nothing at all.

A character whose stored sheet the rules refuse (saved before a check it now fails: a Delta
Green agent's STR 60 from before the characteristic scale check) gets no proposal: the page
names it with the refusals in the sheet form's words (`Refused`) and a link to its sheet, and
the encounter waits for it: once the others are written back, the page offers only it
(`setup["written_to"]` lists the actors done), and the fight reaches its sheet once it is fixed.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.core.errors import RulesError, SheetError
from rules.core.registry import get_system
from rules.core.system import GameSystem
from vtt.campaigns.services import require_gm
from vtt.characters import sheet_form
from vtt.characters.every_refusal import every_refusal
from vtt.characters.models import Character, SheetChange
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed
from vtt.words import refusal, say

_INDEX = re.compile(r"\[(\d+)\]")


@dataclass(frozen=True)
class Change:
    """One value of a sheet before and after the encounter, in the words a person reads."""

    label: str
    before: str
    after: str


@dataclass(frozen=True)
class Line:
    """One thing the GM accepts or leaves out: a value, a part of a record or an item of a list,
    with the changes it holds (a location's damage and its lasting injury, say)."""

    key: str
    label: str
    changes: list[Change]
    after: Any  # the value the line writes (None: the entry goes)


@dataclass(frozen=True)
class Proposal:
    """A character, its sheet after the encounter (every line accepted) and the lines."""

    character: Character
    sheet: dict[str, Any]
    lines: list[Line]
    before: dict[str, Any]

    @property
    def changes(self) -> list[Change]:
        """Every change of every line."""
        return [change for line in self.lines for change in line.changes]

    def line_id(self, line: Line) -> str:
        """The value of the line's checkbox: character and line."""
        return f"{self.character.pk}:{line.key}"


@dataclass(frozen=True)
class Refused:
    """A character the encounter cannot reach: the rules refuse its sheet, for these reasons."""

    character: Character
    reasons: list[str]


def _field_words() -> dict[str, str]:
    # keys a sheet holds that no schema labels (Delta Green's weapons are read from the sheet)
    return {
        "loaded": _("Rounds loaded"),
        "spare": _("Spare magazines or rounds"),
        "broken": _("Broken"),
        "uses": _("Uses left"),
        "destroyed": _("Destroyed"),
    }


def _spec_at(path: str, specs: list[sheet_form.Spec]) -> sheet_form.Spec | None:
    """The form's field at a path (`condition.left_arm.damage`), if the form knows it."""
    found: sheet_form.Spec | None = None
    current = list(specs)
    for part in re.split(r"\.|(?=\[)", path):
        if _INDEX.fullmatch(part):
            continue
        found = next((spec for spec in current if spec.key == part), None)
        if found is None:
            return None
        current = list(found.children)
    return found


def words(value: Any, spec: sheet_form.Spec | None = None) -> str:
    """A value as a person reads it: yes or no, a choice by its label, a dash for nothing."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if spec is not None and spec.entry is not None and spec.entry.choices:
        for choice in spec.entry.choices:
            if choice.value == str(value):
                return say(choice.label) if not isinstance(choice.label, str) else choice.label
    if value == "":
        return "—"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(words(item) for item in value) if value else "—"
    if isinstance(value, dict):
        if value.get("name"):
            return str(value["name"])
        return str(value.get("key") or "…").replace("_", " ").capitalize()
    return str(value)


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


def _ident(item: Any, n: int) -> str:
    """How an item of a list is known across the encounter: its key, else its name, else place."""
    if isinstance(item, dict):
        for field in ("key", "name"):
            if item.get(field) not in (None, ""):
                return str(item[field])
    return str(n)


def _keyed(value: Any) -> dict[str, Any] | None:
    """A list of records as {ident: record}, or None if it is not one (or idents repeat)."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        return None
    found = {_ident(item, n): item for n, item in enumerate(value)}
    return found if len(found) == len(value) else None


def _blank(value: Any) -> bool:
    """Nothing said: absent, no, zero, empty, or a record of only such values."""
    if isinstance(value, dict):
        return all(_blank(v) for v in value.values())
    return not value


def _units(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """The lines' keys with their values before and after, in the sheet's order."""
    keys = list(after) + [key for key in before if key not in after]
    out: list[tuple[str, Any, Any]] = []
    for key in keys:
        was, now = before.get(key), after.get(key)
        if was == now:
            continue
        if isinstance(was, dict | type(None)) and isinstance(now, dict):
            was_d, now_d = was or {}, now or {}
            for sub in list(now_d) + [s for s in was_d if s not in now_d]:
                a, b = was_d.get(sub), now_d.get(sub)
                # a record that appears or goes (a condition): its blank parts say nothing
                if a != b and not (_blank(a) and _blank(b)):
                    out.append((f"{key}.{sub}", a, b))
            continue
        was_k, now_k = _keyed(was or []), _keyed(now or [])
        if was_k is not None and now_k is not None:
            for ident in list(now_k) + [i for i in was_k if i not in now_k]:
                if was_k.get(ident) != now_k.get(ident):
                    out.append((f"{key}#{ident}", was_k.get(ident), now_k.get(ident)))
            continue
        out.append((key, was, now))
    return out


def _path_of(unit: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """The sheet path of a line's key, as the form names it (`weapons[0]` for `weapons#pistol`)."""
    if "#" not in unit:
        return unit
    head, ident = unit.split("#", 1)
    for sheet in (after, before):  # in the sheet after if it is still there
        for n, item in enumerate(sheet.get(head) or []):
            if _ident(item, n) == ident:
                return f"{head}[{n}]"
    return head


def _label(path: str, specs: list[sheet_form.Spec], sheets: list[dict[str, Any]]) -> str:
    """`weapons[0].loaded` read as "Weapons › 9mm pistol › Rounds loaded": an item of a list is
    named by its name (else its key) rather than its place."""
    parts = sheet_form.label_of(path, specs).split(" › ")
    steps = re.split(r"\.|(?=\[)", path)
    values: list[Any] = list(sheets)
    for n, step in enumerate(steps):
        index = _INDEX.fullmatch(step)
        if index is None:
            values = [v.get(step) if isinstance(v, dict) else None for v in values]
            continue
        i = int(index.group(1))
        values = [v[i] if isinstance(v, list) and i < len(v) else None for v in values]
        for value in values:
            if isinstance(value, dict) and (value.get("name") or value.get("key")):
                name = value.get("name") or str(value["key"]).replace("_", " ").capitalize()
                if n < len(parts):
                    parts[n] = str(name)
                break
    spec = _spec_at(path, specs)
    if (spec is None or spec.entry is None) and steps and steps[-1] in _field_words():
        parts[-1] = _field_words()[steps[-1]]
    return " › ".join(parts)


HIDDEN = ("key", "index", "kind")  # how an item is found, not what happened to it


def _structured(value: Any) -> bool:
    """A record, or a list of records: shown field by field."""
    if isinstance(value, list):
        return bool(value) and all(isinstance(item, dict) for item in value)
    return isinstance(value, dict)


def _line(
    unit: str,
    was: Any,
    now: Any,
    before: dict[str, Any],
    after: dict[str, Any],
    specs: list[sheet_form.Spec],
) -> Line:
    path = _path_of(unit, before, after)
    head = path.split("#", 1)[0]
    # an item of a list is found where it is: in the sheet after, or (gone) in the one before
    sheets = [after, before] if "#" not in unit else [after] if now is not None else [before]
    label = _label(head, specs, sheets)
    if "#" in unit and (was is None or now is None):  # an item gained or lost as a whole
        changes = [
            Change(
                label, "—" if was is None else words(was), _("gone") if now is None else words(now)
            )
        ]
    elif _structured(was) or _structured(now):
        flat_was = _flat(was if was is not None else {}, head)
        flat_now = _flat(now if now is not None else {}, head)
        changes = [
            Change(
                _label(p, specs, sheets),
                words(flat_was.get(p), _spec_at(p, specs)),
                words(flat_now.get(p), _spec_at(p, specs)),
            )
            for p in list(flat_now) + [p for p in flat_was if p not in flat_now]
            if flat_was.get(p) != flat_now.get(p)
            and not (_blank(flat_was.get(p)) and _blank(flat_now.get(p)))
            and p.rsplit(".", 1)[-1] not in HIDDEN
        ]
    else:
        spec = _spec_at(head, specs)
        changes = [Change(label, words(was, spec), words(now, spec))]
    return Line(unit, label, changes, now)


def _apply(sheet: dict[str, Any], line: Line, after: dict[str, Any]) -> None:
    """Write one accepted line onto a sheet."""
    if "#" in line.key:
        head, ident = line.key.split("#", 1)
        items = list(sheet.get(head) or [])
        kept = [item for n, item in enumerate(items) if _ident(item, n) != ident]
        if line.after is not None:
            order = [_ident(item, n) for n, item in enumerate(after.get(head) or [])]
            place = order.index(ident) if ident in order else len(kept)
            kept.insert(min(place, len(kept)), copy.deepcopy(line.after))
        sheet[head] = kept
    elif "." in line.key:
        head, sub = line.key.split(".", 1)
        part = dict(sheet.get(head) or {})
        if line.after is None:
            part.pop(sub, None)
        else:
            part[sub] = copy.deepcopy(line.after)
        sheet[head] = part
    else:
        sheet[line.key] = copy.deepcopy(line.after)


def _sheet_refusals(system: GameSystem, sheet: dict[str, Any], first: SheetError) -> list[str]:
    """Every refusal of a sheet as the sheet form shows it ("STR: is 60, above the 3–18 ...")."""
    specs = sheet_form.specs_for(system, sheet) if system.sheet_schema is not None else []
    out = []
    for each in every_refusal(system.validate_sheet, sheet, first):
        path, problem = sheet_form.error_of(each)
        where = sheet_form.label_of(path, specs) if path else ""
        out.append(
            _("%(field)s: %(problem)s") % {"field": where, "problem": problem} if where else problem
        )
    return out


def _outcome(
    system: GameSystem, state: Any, actor: str, character: Character
) -> Proposal | Refused | None:
    """The character's proposal, or why the rules refuse its sheet (None: nothing to write)."""
    if system.write_back is None:
        return None
    try:
        before = system.validate_sheet(character.sheet)
    except SheetError as exc:
        return Refused(character, _sheet_refusals(system, dict(character.sheet), exc))
    except RulesError as exc:
        return Refused(character, [refusal(exc)])
    except (KeyError, TypeError, ValueError):
        return Refused(character, [_("The rules cannot read this sheet.")])
    try:
        left = system.write_back(state, actor, before)
    except (RulesError, KeyError, TypeError, ValueError):
        return Refused(character, [_("The rules cannot work out what the encounter left.")])
    try:
        after = system.validate_sheet(left)
    except SheetError as exc:
        return Refused(
            character,
            [
                _("What the encounter left does not fit the sheet: %(problem)s")
                % {"problem": words}
                for words in _sheet_refusals(system, left, exc)
            ],
        )
    except (RulesError, KeyError, TypeError, ValueError):
        return Refused(character, [_("The rules cannot work out what the encounter left.")])
    specs = sheet_form.specs_for(system, after)
    lines = [
        _line(unit, was, now, before, after, specs) for unit, was, now in _units(before, after)
    ]
    return Proposal(character, after, [line for line in lines if line.changes], before)


def changes_between(
    system: GameSystem, before: dict[str, Any], after: dict[str, Any]
) -> list[dict[str, Any]]:
    """What changed from one sheet to the next, line by line in words, as a `SheetChange`
    records it (a write-back's lines, or a recovery between fights: vtt/lobby/downtime.py)."""
    specs = sheet_form.specs_for(system, after)
    lines = [
        _line(unit, was, now, before, after, specs) for unit, was, now in _units(before, after)
    ]
    return [_record(line) for line in lines if line.changes]


def sorted_out(encounter: Encounter, *, lock: bool = False) -> tuple[list[Proposal], list[Refused]]:
    """What the encounter would write back to each character it was built from and has not
    yet reached, and the characters whose sheets the rules refuse."""
    system = get_system(encounter.system)
    links = encounter.setup.get("characters") or {}
    if system.write_back is None or not links:
        return [], []
    state = system.load(encounter.state)
    reached = set(encounter.setup.get("written_to") or [])  # actors already written back
    characters = Character.objects.filter(campaign=encounter.campaign_id, pk__in=links.values())
    if lock:
        characters = characters.select_for_update().order_by("pk")
    by_pk = {c.pk: c for c in characters}
    found: list[Proposal] = []
    refused: list[Refused] = []
    for actor, pk in links.items():
        character = by_pk.get(pk)
        if character is None or character.system != encounter.system or actor in reached:
            continue
        if actor not in (system.actors(state) if system.actors else [actor]):
            continue
        outcome = _outcome(system, state, actor, character)
        if isinstance(outcome, Proposal):
            found.append(outcome)
        elif isinstance(outcome, Refused):
            refused.append(outcome)
    return found, refused


def proposals(encounter: Encounter) -> list[Proposal]:
    """What the encounter would write back to each character it was built from."""
    return sorted_out(encounter)[0]


def _record(line: Line) -> dict[str, Any]:
    return {
        "key": line.key,
        "label": line.label,
        "changes": [[c.label, c.before, c.after] for c in line.changes],
    }


@transaction.atomic
def write_back(encounter_id: int, user_id: int, accepted: set[str] | None = None) -> list[Proposal]:
    """The GM confirms: every sheet gets the lines accepted (all, or those in `accepted`, as
    "<character pk>:<line key>"), each with its record, or nothing is saved. A character whose
    sheet the rules refuse is left as it is, and the encounter waits for it (`written_to`)."""
    encounter = Encounter.objects.select_for_update().get(pk=encounter_id)
    require_gm(encounter.campaign_id, user_id)
    if encounter.is_active:
        raise NotAllowed(_("End the encounter first."))
    if encounter.setup.get("written_back"):
        raise NotAllowed(_("This encounter was already written back to the characters."))
    system = get_system(encounter.system)
    done = []
    found, refused = sorted_out(encounter, lock=True)
    for proposal in found:
        taken = [
            line
            for line in proposal.lines
            if accepted is None or proposal.line_id(line) in accepted
        ]
        if not taken:
            continue
        sheet = copy.deepcopy(proposal.before)
        for line in taken:
            _apply(sheet, line, proposal.sheet)
        sheet = system.validate_sheet(sheet)
        Character.objects.filter(pk=proposal.character.pk).update(sheet=sheet)
        SheetChange.objects.create(
            character=proposal.character,
            encounter=encounter,
            by_id=user_id,
            lines=[_record(line) for line in taken],
            left_out=[_record(line) for line in proposal.lines if line not in taken],
            before=proposal.before,
            after=sheet,
        )
        done.append(proposal)
    # by actor, not by character: an exported campaign's characters are numbered anew on import
    actor_of = {pk: actor for actor, pk in (encounter.setup.get("characters") or {}).items()}
    reached = [
        *(encounter.setup.get("written_to") or []),
        *(actor_of[p.character.pk] for p in found),
    ]
    setup = {**encounter.setup, "written_to": reached}
    if not refused:
        setup["written_back"] = True
    Encounter.objects.filter(pk=encounter.pk).update(setup=setup)
    return done
