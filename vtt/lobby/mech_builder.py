"""The mech builder (issue 36): a frame picked, each of its mounts filled from the weapons that
mount may hold, systems ticked, the pilot's numbers typed, saved as a character or opponent.

The frames, weapons and systems are the shipped catalogue's (rules/mech/data.py) and the
campaign library's (vtt/library, completed by its kinds' checks). The rules judge the mech as
they judge any sheet (MECH-MOUNT-TABLE, MECH-MOUNT-SUPERHEAVY, MECH-PILOT-SYS): every refusal
is shown beside the mount, the systems or the pilot's number it names, all at once.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from rules.core.errors import RulesError, SheetError
from rules.mech import data
from rules.mech import messages as M
from rules.mech.library import MOUNT_TYPES
from rules.mech.sheet import validate_sheet
from rules.mech.shipped import INTEGRATED_ONLY
from vtt.campaigns.models import Campaign, Role
from vtt.campaigns.views import me, member_campaign
from vtt.characters.every_refusal import MAX_REFUSALS
from vtt.characters.models import Character
from vtt.characters.views import may_open
from vtt.library import content
from vtt.library.models import LibraryItem
from vtt.words import say, shown

Json = dict[str, Any]
ATTRIBUTES = ("hull", "agility", "systems", "engineering")
_MOUNT_PATH = re.compile(r"^mounts\[(\d+)\]")


@dataclass(frozen=True)
class Option:
    """A frame, weapon or system the builder offers: its value in the form, words, record."""

    value: str
    label: str
    record: Json | str  # a catalogue key, or a library item in the engine's shape


def _weapon_label(name: str, weapon: Mapping[str, Any]) -> str:
    size = M.WEAPON_SIZES.get(str(weapon["size"]))
    kind = M.DAMAGE_TYPES.get(str(weapon["type"]))
    parts = [say(size()) if size else str(weapon["size"])]
    parts.append(f"{weapon['damage']} {say(kind()) if kind else weapon['type']}")
    return f"{shown(name)} ({', '.join(parts)})"


def _library(campaign: Campaign, kind_key: str) -> list[tuple[int, str, Json]]:
    kind = content.kind(campaign, kind_key)
    if kind is None:
        return []
    out = []
    for item in content.items(campaign, kind_key):
        record = content.completed(kind, item.data)
        if record is not None:
            out.append((item.pk, item.name, record))
    return out


def _merged(
    catalogue: list[tuple[str, str, Json]],
    library: list[tuple[int, str, Json]],
    label: Callable[[str, Json], str],
) -> list[tuple[Option, Json]]:
    """The catalogue's items and the library's, each name once: a library item that is the
    catalogue's unchanged (a starter) is offered by its catalogue key, so the sheet names it;
    one the group changed replaces the catalogue's of that name."""
    mine = {name: (pk, record) for pk, name, record in library}
    out: list[tuple[Option, Json]] = []
    same: set[str] = set()
    for key, name, record in catalogue:
        found = mine.get(name)
        if found is not None and found[1] != record:
            continue  # the group's own version of it, offered below
        if found is not None:
            same.add(name)
        out.append((Option(f"k:{key}", label(name, record), key), record))
    for pk, name, record in library:
        if name not in same:
            out.append((Option(f"l:{pk}", label(name, record), record), record))
    return out


def frames(campaign: Campaign) -> list[Option]:
    """The catalogue's frames and the library's."""
    catalogue = [(key, str(f["name"]), data.frame_data(key)) for key, f in data.FRAMES.items()]
    found = _merged(catalogue, _library(campaign, "frame"), lambda name, _f: shown(name))
    return [option for option, _record in found]


def weapons(campaign: Campaign) -> list[tuple[Option, Json]]:
    """Every weapon a mount may be given, with its numbers (to sort it into the mounts)."""
    catalogue = [
        (key, str(w["name"]), data.weapon_data(key, "weapon"))
        for key, w in data.WEAPONS.items()
        if key not in INTEGRATED_ONLY  # a frame's own guns are not picked for a mount
    ]
    return _merged(catalogue, _library(campaign, "weapon"), _weapon_label)


def systems(campaign: Campaign) -> list[Option]:
    """Every system, with its SP."""
    catalogue = [
        (k, str(s["name"]), data.system_data(k, "system")) for k, s in data.SYSTEMS.items()
    ]
    found = _merged(
        catalogue,
        _library(campaign, "system"),
        lambda name, rec: f"{shown(name)} (SP {rec['sp']})",
    )
    return [option for option, _record in found]


@dataclass
class Slot:
    """One weapon place of a mount: its input name, the weapons it offers, the pick now."""

    name: str
    options: list[Option]
    value: str = ""


@dataclass
class Mount:
    """One of the frame's mounts: its type in words, its weapon places, its refusal."""

    index: int
    label: str
    slots: list[Slot] = field(default_factory=list)
    fixed: list[str] = field(default_factory=list)  # an integrated mount's own weapons
    error: str = ""


class MechBuilder:
    """The builder's state for one frame: the fields, their values and every refusal."""

    def __init__(self, campaign: Campaign, frame_value: str, values: Mapping[str, Any]) -> None:
        self.campaign = campaign
        self.frames = frames(campaign)
        chosen = next((f for f in self.frames if f.value == frame_value), None)
        self.frame_option = chosen or self.frames[0]
        self.values = values
        self.errors: dict[str, str] = {}
        self.problems: list[str] = []
        self.frame = data.frame_data(self.frame_option.record)
        self.weapon_options = weapons(campaign)
        self.system_options = systems(campaign)
        self.mounts = [self._mount(n, m) for n, m in enumerate(self.frame["mounts"])]

    def _mount(self, index: int, mount: Any) -> Mount:
        if isinstance(mount, Mapping):  # MECH-MOUNT-INTEGRATED: the frame's own
            names = [shown(str(data.weapon_data(w, "w")["name"])) for w in mount["weapons"]]
            return Mount(index, _("Integrated"), fixed=names)
        label = say(MOUNT_TYPES[mount]()) if mount in MOUNT_TYPES else str(mount)
        offered = [o for o, w in self.weapon_options if data.mount_may_hold(mount, w["size"])]
        slots = [
            Slot(f"mount_{index}_{n}", offered, str(self.values.get(f"mount_{index}_{n}") or ""))
            for n in range(data.MOUNT_SLOTS.get(mount, 1))
        ]
        return Mount(index, label, slots)

    @property
    def picked_systems(self) -> list[str]:
        getter = getattr(self.values, "getlist", None)
        return (
            list(getter("fitted")) if getter is not None else list(self.values.get("fitted") or [])
        )

    def pilot_fields(self) -> list[tuple[str, str, int, int, str, str]]:
        """The pilot's numbers (MECH-AMB-06: 0 to 6; weapon skill MECH-SKILL-1): key, label,
        bounds, value now and refusal."""
        out = []
        for key in (*ATTRIBUTES, "weapon_skill"):
            label = say(M.ATTRIBUTES[key]()) if key in M.ATTRIBUTES else _("Weapon skill")
            low, high = (-5, 10) if key == "weapon_skill" else (0, 6)
            value = str(self.values.get(key) or "0")
            out.append((key, label, low, high, value, self.errors.get(key, "")))
        return out

    def sheet(self) -> Json:
        """The sheet the form describes, in the engine's shape."""
        by_value = {o.value: o.record for o, _w in self.weapon_options}
        pilot: Json = {"name": str(self.values.get("pilot_name") or "").strip()}
        for key in (*ATTRIBUTES, "weapon_skill"):
            pilot[key] = str(self.values.get(key) or "0").strip() or "0"
        mounts = []
        for mount in self.mounts:
            mounts.append([by_value[s.value] for s in mount.slots if s.value in by_value])
        chosen = {o.value: o.record for o in self.system_options}
        return {
            "name": str(self.values.get("name") or "").strip(),
            "pilot": pilot,
            "frame": self.frame_option.record,
            "mounts": mounts,
            "systems": [chosen[v] for v in self.picked_systems if v in chosen],
        }

    def check(self) -> Json | None:
        """The sheet as the rules store it, or None with every refusal beside its field."""
        sheet = self.sheet()
        if not sheet["name"]:
            self._refuse("name", _("Give the mech a name."))
        checked: Json | None = None
        work = copy.deepcopy(sheet)
        seen: set[str] = set()
        while len(seen) < MAX_REFUSALS:
            try:
                checked = validate_sheet(work)
            except SheetError as exc:
                if exc.field in seen or not _set_aside(work, exc.field):
                    self._refuse(exc.field, say(exc.problem))
                    return None
                seen.add(exc.field)
                self._refuse(exc.field, say(exc.problem))
                continue
            except (RulesError, TypeError, ValueError, KeyError) as exc:
                self._refuse("", str(exc))
                return None
            break
        if seen:
            return None
        return checked if sheet["name"] else None

    def _refuse(self, path: str, words: str) -> None:
        found = _MOUNT_PATH.match(path)
        if found and int(found.group(1)) < len(self.mounts):
            mount = self.mounts[int(found.group(1))]
            mount.error = words
            where = _("Mount %(n)d") % {"n": mount.index + 1}
        elif path.startswith("pilot."):
            key = path.split(".", 1)[1]
            self.errors["pilot_name" if key == "name" else key] = words
            attribute = M.ATTRIBUTES.get(key)
            where = say(attribute()) if attribute else _("Weapon skill")
        elif path == "systems" or path.startswith("systems["):
            self.errors["fitted"] = words  # the systems ticked (not the pilot's SYSTEMS)
            where = _("Systems")
        elif path == "name":
            self.errors["name"] = words
            where = _("Name")
        elif path == "mounts":
            self.errors["mounts"] = words
            where = _("Mounts")
        else:
            self.errors[""] = words
            where = ""
        self.problems.append(f"{where}: {words}" if where else words)


def _set_aside(sheet: Json, path: str) -> bool:
    """Leave out what a refusal names, so the rules can name the next one: a mount's weapons,
    the systems, a pilot's number (at 0) or the whole loadout (a superheavy weapon astray)."""
    found = _MOUNT_PATH.match(path)
    if found and int(found.group(1)) < len(sheet["mounts"]):
        sheet["mounts"][int(found.group(1))] = []
    elif path == "mounts":
        sheet["mounts"] = [[] for _mount in sheet["mounts"]]
    elif path.startswith("systems"):
        sheet["systems"] = []
    elif path.startswith("pilot.") and path != "pilot.name":
        sheet["pilot"][path.split(".", 1)[1]] = "0"
    else:
        return False
    return True


def _value_of(options: list[tuple[Option, Json]], record: Json) -> str:
    """The builder's value of an item the rules completed: the offer whose numbers it has."""
    bare = {k: v for k, v in record.items() if k not in ("extra_mount", "integrated")}
    return next((o.value for o, rec in options if rec == bare), "")


def values_of(campaign: Campaign, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """A stored mech sheet as the builder's fields (to build it again): its frame, each mount's
    weapons, its systems and its pilot; an item the builder no longer offers is left empty."""
    checked = validate_sheet(sheet)
    full = data.validate_sheet(checked)
    frame_value = next(
        (o.value for o in frames(campaign) if data.frame_data(o.record) == full["frame"]),
        "",
    )
    out: dict[str, Any] = {"frame": frame_value, "name": full["name"]}
    out["pilot_name"] = full["pilot"]["name"]
    for key in (*ATTRIBUTES, "weapon_skill"):
        out[key] = str(full["pilot"][key])
    offered = weapons(campaign)
    for n, items in enumerate(full["mounts"]):
        for slot, weapon in enumerate(items):
            out[f"mount_{n}_{slot}"] = _value_of(offered, weapon)
            if "extra_mount" in weapon:  # a superheavy weapon on its second mount too
                out[f"mount_{weapon['extra_mount']}_0"] = out[f"mount_{n}_{slot}"]
    catalogue = [
        (key, str(x["name"]), data.system_data(key, "system")) for key, x in data.SYSTEMS.items()
    ]
    fitted = _merged(catalogue, _library(campaign, "system"), lambda name, _r: name)
    out["fitted"] = [_value_of(fitted, system) for system in full["systems"]]
    return out


def frame_facts(frame: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The frame's base numbers as the builder shows them (MECH-STAT-1)."""
    from rules.mech.library import LABELS

    keys = ("size", "hp", "evasion", "edef", "armour", "heat_cap", "speed", "sensors", "sp")
    return [(say(LABELS[key]()), frame[key]) for key in keys]


@login_required
def mech_build(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A mech built from a frame, weapons on its mounts and systems, saved as the member's
    character, or (the GM's) an NPC or an opponent template of the library."""
    campaign, role = member_campaign(request, campaign_id)
    if role not in (Role.GM, Role.PLAYER) or campaign.system != "mech":
        raise Http404
    values: Mapping[str, Any] = request.POST if request.method == "POST" else request.GET
    again = _rebuilt(request, campaign, role)
    if again is not None and request.method != "POST" and "frame" not in values:
        values = QueryDict(mutable=True)
        for key, value in values_of(campaign, again.sheet).items():
            if isinstance(value, list):
                values.setlist(key, value)
            else:
                values[key] = value
    frame = str(values.get("frame") or "k:gp1_mule")
    builder = MechBuilder(campaign, frame, values)
    is_gm = role == Role.GM
    choices = [("character", _("A character of mine"))]
    if again is not None:
        choices = [("again", _("%(name)s, built again") % {"name": shown(again.name)}), *choices]
    if is_gm:
        choices += [
            ("npc", _("An NPC of mine")),
            ("template", _("An opponent template in the library")),
        ]
    status = 200
    if request.method == "POST" and "save" in request.POST:
        save_as = str(request.POST.get("save_as") or "character")
        if save_as not in dict(choices):
            raise Http404
        sheet = builder.check()
        if sheet is not None:
            name = str(sheet["name"])[:80]
            if save_as == "again" and again is not None:
                again.name, again.sheet = name, sheet
                again.save()
                messages.success(request, _("%(name)s saved.") % {"name": name})
                return redirect("characters:edit", again.pk)
            if save_as == "template":
                item = LibraryItem.objects.create(
                    campaign=campaign, kind="npc", name=name, data={**sheet, "name": name}
                )
                messages.success(request, _("%(name)s saved.") % {"name": name})
                return redirect("library:item", item.pk)
            character = Character.objects.create(
                campaign=campaign,
                owner_id=me(request),
                name=name,
                system=campaign.system,
                sheet=sheet,
                is_npc=save_as == "npc",
            )
            messages.success(request, _("%(name)s saved.") % {"name": name})
            return redirect("characters:edit", character.pk)
        status = 400
    context = {
        "campaign": campaign,
        "builder": builder,
        "facts": frame_facts(builder.frame),
        "save_choices": choices,
        "save_as": str(values.get("save_as") or choices[0][0]),
        "again": again,
        "pilot_fields": builder.pilot_fields(),
    }
    return render(request, "library/mech_builder.html", context, status=status)


def _rebuilt(request: HttpRequest, campaign: Campaign, role: str) -> Character | None:
    """The mech character being built again (`character=<id>`): its owner's or the GM's, as
    its sheet opens (vtt/characters/views.may_open), else a 404."""
    raw = str(request.POST.get("character") or request.GET.get("character") or "")
    if not raw:
        return None
    if not raw.isdecimal():
        raise Http404
    found = Character.objects.filter(pk=int(raw), campaign=campaign, system="mech").first()
    if found is None or not may_open(found, me(request), role):
        raise Http404
    return found
