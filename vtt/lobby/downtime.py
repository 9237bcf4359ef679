"""Between fights (issue 32): the campaign's clock and the GM's recovery tools.

The clock counts days; moving it on passes week ends, and each one is a week of healing for the
systems that heal by the week (Delta Green DG-HEAL-3, Call of Cthulhu COC-HEAL-1), and nights,
which are a full night's rest where the rules have one (Ace ACE-AMB-05). The tools
(First Aid or Medicine after the fight, a mech's between-match repairs) are each system's own
(rules/<system>/recovery.py), played on the sheets off the table by rules/core/downtime.py with
the server's dice. Everything the GM does is one transaction: the sheets it changed, a
`SheetChange` per sheet (no encounter) in the character's history, and a `Downtime` row per
character, or per clock move, in the campaign's log, with the rules' lines and every die.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.core.dice import Dice, SeededDice
from rules.core.downtime import CHARACTER_FIELDS, Outcome, Tool, between_fights, weeks_crossed
from rules.core.registry import get_system, part_of
from vtt.campaigns.models import Campaign, Downtime
from vtt.campaigns.services import require_gm
from vtt.characters.condition import refused
from vtt.characters.models import Character, SheetChange
from vtt.encounters.carry import changes_between
from vtt.encounters.services import merged_settings
from vtt.errors import NotAllowed

MAX_DAYS = 365


def recovery_of(system_key: str) -> ModuleType | None:
    """The system's recovery module, `rules/<key>/recovery.py` (its `TOOLS`, and `WEEK` if it
    heals by the week), found through the registry; None for a system without one."""
    return part_of(system_key, "recovery")


def tools_of(system_key: str) -> tuple[Tool, ...]:
    module = recovery_of(system_key)
    return tuple(module.TOOLS) if module else ()


def server_dice() -> Dice:
    """Fresh dice from the server's randomness; their faces are kept with the record."""
    return SeededDice(secrets.randbits(63))


@dataclass(frozen=True)
class Cast:
    """The campaign's characters of its system by actor id (`c<pk>`), as the tools see them."""

    characters: dict[str, Character]

    @property
    def sheets(self) -> dict[str, dict[str, Any]]:
        return {actor: dict(c.sheet) for actor, c in self.characters.items()}


def actor_of(character: Character) -> str:
    return f"c{character.pk}"


def _cast(campaign: Campaign, *, lock: bool = False) -> Cast:
    """Every character of the campaign's system that still lives (a dead or destroyed one takes
    no care and heals no more)."""
    found = Character.objects.filter(campaign=campaign, system=campaign.system).order_by("pk")
    if lock:
        found = found.select_for_update()
    return Cast({actor_of(c): c for c in found if not refused(c.system, c.sheet)})


def _store(
    campaign: Campaign,
    cast: Cast,
    outcome: Outcome,
    user_id: int,
    tool: Tool | None,
    days: int,
    main: str = "",
) -> list[Downtime]:
    """Save the changed sheets with their SheetChange, and the campaign's records."""
    system = get_system(campaign.system)
    records = []
    for actor, character in cast.characters.items():
        before = dict(character.sheet)
        after = outcome.sheets.get(actor, before)
        lines = changes_between(system, before, after) if after != before else []
        if not lines:
            continue
        Character.objects.filter(pk=character.pk).update(sheet=after)
        SheetChange.objects.create(
            character=character,
            encounter=None,
            by_id=user_id,
            lines=lines,
            before=before,
            after=after,
        )
        records.append(actor)
    if not records and main:  # a check that failed changed nothing, and is logged all the same
        records.append(main)
    kept = [msg.to_json() for msg in outcome.lines]
    dice = [record.to_json() for record in outcome.dice]
    made = [
        Downtime.objects.create(
            campaign=campaign,
            day=campaign.day,
            days=days,
            tool=tool.key if tool else "days",
            rule=tool.rule if tool else "",
            character=cast.characters[actor],
            lines=kept,
            dice=dice,
            by_id=user_id,
        )
        for actor in records
    ]
    return made


@transaction.atomic
def pass_days(campaign_id: int, user_id: int, days: int, dice: Dice | None = None) -> Campaign:
    """The GM moves the clock on `days` days; each week's end passed is a week of healing."""
    require_gm(campaign_id, user_id)
    if not 1 <= days <= MAX_DAYS:
        raise NotAllowed(_("Move the clock on by 1 to %(n)d days.") % {"n": MAX_DAYS})
    campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
    weeks = weeks_crossed(campaign.day, days)
    campaign.day += days
    campaign.save(update_fields=["day"])
    Downtime.objects.create(
        campaign=campaign, day=campaign.day, days=days, tool="days", by_id=user_id
    )
    module = recovery_of(campaign.system)
    night: Tool | None = getattr(module, "NIGHT", None) if module else None
    week: Tool | None = getattr(module, "WEEK", None) if module else None
    # a night's rest (Ace) comes once however many nights pass; healing once per week's end
    plays = ([night] if night else []) + ([week] * weeks if week else [])
    system = get_system(campaign.system)
    settings = merged_settings(system, campaign, {})
    dice = dice or server_dice()
    for tool in plays:
        cast = _cast(campaign, lock=True)
        if not cast.characters:
            break
        outcome = between_fights(system, cast.sheets, settings, tool, {}, dice)
        _store(campaign, cast, outcome, user_id, tool, 0)
    return campaign


def _repairs_used(character: Character) -> int:
    """Repair actions on this mech since its last fight (MECH-REPAIR-1: per interval)."""
    fought = (
        SheetChange.objects.filter(character=character, encounter__isnull=False)
        .order_by("-created")
        .values_list("created", flat=True)
        .first()
    )
    used = Downtime.objects.filter(character=character, tool="repair")
    return (used.filter(created__gt=fought) if fought else used).count()


@transaction.atomic
def use_tool(
    campaign_id: int,
    user_id: int,
    key: str,
    request: Mapping[str, str],
    dice: Dice | None = None,
) -> list[Downtime]:
    """The GM uses one of the system's tools between fights; a refusal of the rules (a failed
    check is no refusal) changes nothing and says why."""
    require_gm(campaign_id, user_id)
    campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
    tool = next((t for t in tools_of(campaign.system) if t.key == key), None)
    if tool is None:
        raise NotAllowed(_("This rule system has no such tool between fights."))
    cast = _cast(campaign, lock=True)
    picked = {request.get(name, "") for name, _label in tool.fields if name in CHARACTER_FIELDS}
    if tool.per_character:
        picked.add(request.get("character", ""))
    picked.discard("")
    if not picked or not picked <= set(cast.characters):
        raise NotAllowed(_("Choose characters of this campaign who are still alive."))
    system = get_system(campaign.system)
    if key == "repair":
        character = cast.characters[request.get("character", "")]
        per = int(merged_settings(system, campaign, {}).get("mech.repairs_per_interval", 2))
        if _repairs_used(character) >= per:
            raise NotAllowed(
                _("%(name)s has had its %(n)d repair actions until the next fight. (%(rule)s)")
                % {"name": character.name, "n": per, "rule": "MECH-REPAIR-1"}
            )
    settings = merged_settings(system, campaign, {})
    outcome = between_fights(system, cast.sheets, settings, tool, request, dice or server_dice())
    main = request.get("target") or request.get("character") or sorted(picked)[0]
    return _store(campaign, cast, outcome, user_id, tool, 0, main)


# --- the page -------------------------------------------------------------------------------


def _words(value: Any) -> str:
    """A message, or a name (a built-in one in the reader's language, vtt.words.shown)."""
    from vtt.words import say, shown

    return shown(value) if isinstance(value, str) else say(value)


def _character_label(name: str) -> str:
    labels = {
        "healer": _("Who gives it"),
        "target": _("Patient"),
        "character": _("Character"),
    }
    return labels.get(name, name)


def _form(tool: Tool, state: Any, cast: Cast, character: Character | None) -> dict[str, Any]:
    request = {"character": actor_of(character)} if character else {}
    everyone = [(actor, _words(c.name)) for actor, c in cast.characters.items()]
    fields = []
    for name, label in tool.fields:
        if name in CHARACTER_FIELDS:
            fields.append({"name": name, "label": _character_label(name), "choices": everyone})
            continue
        choose = tool.choices.get(name)
        found = choose(state, request) if choose else []
        fields.append(
            {
                "name": name,
                "label": _words(label()) if label else name,
                "choices": [(value, _words(words)) for value, words in found],
            }
        )
    title = _words(tool.label())
    if character is not None:
        title = _("%(tool)s: %(name)s") % {"tool": title, "name": _words(character.name)}
    return {
        "key": tool.key,
        "title": title,
        "rule": tool.rule,
        "character": actor_of(character) if character else "",
        "fields": fields,
    }


def _logged(record: Downtime) -> dict[str, Any]:
    if record.tool == "days":
        what = _("The clock moves on %(days)d days, to day %(day)d.") % {
            "days": record.days,
            "day": record.day,
        }
        return {"day": record.day, "lines": [what], "dice": []}
    return {
        "day": record.day,
        "lines": [_words(line) for line in record.lines],
        "dice": [f"d{d.get('sides')}={d.get('value')}" for d in record.dice],
        "character": record.character.name if record.character else "",
    }


def panel(campaign: Campaign) -> dict[str, Any]:
    """The GM's section between fights: the clock, the system's tools, and the latest log."""
    from rules.core.downtime import start

    system = get_system(campaign.system)
    cast = _cast(campaign)
    module = recovery_of(campaign.system)
    forms = []
    if cast.characters and module is not None:
        state = start(system, cast.sheets, merged_settings(system, campaign, {}))
        for tool in tools_of(campaign.system):
            if tool.per_character:
                forms += [_form(tool, state, cast, c) for c in cast.characters.values()]
            else:
                forms.append(_form(tool, state, cast, None))
    week = getattr(module, "WEEK", None) if module else None
    night = getattr(module, "NIGHT", None) if module else None
    seen: set[tuple[int, str]] = set()
    log = []
    for record in campaign.downtime.select_related("character")[:40]:
        entry = _logged(record)
        key = (record.day, "\n".join(entry["lines"]))  # one line per use, not per character
        if key in seen and record.tool != "days":
            continue
        seen.add(key)
        log.append(entry)
    return {
        "day": campaign.day,
        "heals_weekly": week is not None,
        "week_rule": week.rule if week else "",
        "rests_nightly": night is not None,
        "night_rule": night.rule if night else "",
        "forms": forms,
        "log": log,
    }
