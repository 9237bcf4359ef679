"""Investigator and creature sheets: characteristics, skills, HP, Luck, MP, SAN, armour, weapons."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.brp.core import DamageDice, luck_chance, rhu
from rules.brp.firearms import silencer_fits
from rules.coc.messages import POISON_NAMES
from rules.coc.tables import (
    FIREARM_SKILLS,
    MECHANISMS,
    RELOADS,
    SKILL_NAMES,
    SKILLS,
    WEAPON_KINDS,
)
from rules.core.errors import DiceError, SheetError
from rules.core.kit import Entry, Message, Schema, choices
from rules.core.library import gear_entry
from rules.core.scale import Scale
from rules.core.system import Json
from rules.core.weapon_keys import keyed

LABELS: list[Message] = []  # every label of the sheet, for the catalogue


def _l(key: str, english: str) -> Any:
    message = Message(f"coc.sheet.{key}", english)
    LABELS.append(message)
    return message()


CHARACTERISTICS = ("str", "con", "siz", "int", "pow", "dex", "app", "edu")
STATS = _l("group.stats", "Characteristics")
# COC-GEN-2, COC-CHECK-2: characteristics are on the 3-18 scale (rolled as 3D6; SIZ and INT 2D6+6,
# EDU 3D6+3), read as percentages times five (Luck = POW x 5). An investigator's stay within it;
# a creature's may go beyond (a ghoul's STR, a god's POW).
SCALE_MOST = {"edu": 21}  # EDU 3D6+3; every other characteristic at most 18
SCALE_HELP = _l(
    "scale.help",
    "3–18 scale, as rolled on 3D6 (EDU up to 21); five times it is the percentage. "
    "A creature's may go beyond.",
)
ABOVE_SCALE = Message(
    "coc.sheet.above_scale",
    "is {value}, above the 3–18 characteristic scale: an investigator's is at most {most}",
)
# an investigator's characteristics, refused above the scale only
SCALE = Scale({c: (None, SCALE_MOST.get(c, 18)) for c in CHARACTERISTICS}, ABOVE_SCALE, "COC-GEN-2")
DERIVED = _l("group.derived", "Points")
SKILLS_G = _l("group.skills", "Skills")
ARMS = _l("group.arms", "Weapons and armour")
GEAR_G = _l("group.gear", "Gear and possessions")
NATURE = _l("group.nature", "Nature")

# The choices of a weapon row, by name (the key is what is stored).
KIND_NAMES = {
    "melee": _l("kind.melee", "melee weapon"),
    "unarmed": _l("kind.unarmed", "unarmed"),
    "firearm": _l("kind.firearm", "firearm"),
    "thrown": _l("kind.thrown", "thrown object"),
}
MECHANISM_NAMES = {
    "none": _l("mechanism.none", "none (no malfunction)"),
    "revolver": _l("mechanism.revolver", "revolver"),
    "bolt": _l("mechanism.bolt", "bolt action"),
    "double_barrel": _l("mechanism.double_barrel", "double barrel"),
    "single": _l("mechanism.single", "single shot"),
    "full_auto": _l("mechanism.full_auto", "fully automatic"),
    "lever": _l("mechanism.lever", "lever action"),
    "pump": _l("mechanism.pump", "pump action"),
    "semi_auto": _l("mechanism.semi_auto", "semi-automatic"),
}
RELOAD_NAMES = {
    "loose": _l("reload.loose", "loose rounds"),
    "magazine": _l("reload.magazine", "magazine"),
    "belt": _l("reload.belt", "belt"),
}

BAD_DICE = Message("coc.sheet.bad_dice", "is not a damage roll such as 1d6+1")
BANDS_OUTWARD = Message("coc.sheet.bands_outward", "must list ranges going outwards")
NO_SILENCER = Message("coc.sheet.no_silencer", "a silencer cannot be fitted to this weapon")
TWICE = Message("coc.sheet.twice", "{key} is used twice")
NOT_A_FIREARM = Message(
    "coc.sheet.not_a_firearm", "a weapon used with {skill} is a firearm: pick “firearm”"
)
NO_ROUNDS = Message("coc.sheet.no_rounds", "a firearm holds at least 1 round")

SKILL_SCHEMA = Schema(
    tuple(
        Entry(key, SKILL_NAMES[key](), "int", default=base, min=0, max=200)
        for key, _, base in SKILLS
    )
)

# COC-GROW-1: a skill marked in play, kept on the sheet until its growth roll (issue 38)
MARKED = Message("coc.sheet.marked", "Marked for growth")
MARKED_ARE = Message("coc.sheet.marked_are", "{skills}, until the growth roll")
GROWTH_MARK = Schema(
    (
        Entry("key", _l("growth_mark.skill", "Skill"), "text", max_length=60),
        Entry(
            "hidden", _l("growth_mark.hidden", "Marked by a hidden check"), "bool", default=False
        ),
    ),
    extras="drop",
)

BAND = Schema(
    (
        Entry("yards", _l("band.yards", "up to yards"), "number", min=0),
        Entry("damage", _l("band.damage", "damage"), "text", max_length=30),
    ),
    extras="drop",
)

WEAPON = Schema(
    (
        Entry("key", _l("w.key", "Short name (blank: made from the name)"), "text", max_length=40),
        Entry("name", _l("w.name", "Name"), "text", max_length=80),
        Entry(
            "kind",
            _l("w.kind", "Kind"),
            "choice",
            default="melee",
            choices=choices((k, KIND_NAMES[k]) for k in WEAPON_KINDS),
        ),
        Entry(
            "skill",
            _l("w.skill", "Skill"),
            "choice",
            default="fist",
            choices=choices((k, SKILL_NAMES[k]()) for k, _, _ in SKILLS),
        ),
        Entry("damage", _l("w.damage", "Damage"), "text", default="1d3", max_length=30),
        Entry(
            "damage_bands",
            _l("w.bands", "Damage by range (shotguns)"),
            "list",
            default=[],
            item=None,
            rule="COC-SHOTGUN-4",
            max_items=5,
        ),
        Entry("add_db", _l("w.add_db", "Adds damage bonus"), "bool", default=True),
        Entry(
            "can_impale", _l("w.impale", "Can impale"), "bool", default=False, rule="COC-IMPALE-1"
        ),
        Entry(
            "blunt", _l("w.blunt", "Blunt (can knock out)"), "bool", default=False, rule="COC-KO-1"
        ),
        Entry("touch", _l("w.touch", "Range: touch"), "bool", default=False, rule="COC-PARRY-6"),
        Entry(
            "sword",
            _l("w.sword", "Sword (attack and parry)"),
            "bool",
            default=False,
            rule="COC-PARRY-7",
        ),
        Entry(
            "cannot_parry",
            _l("w.cannot_parry", "Cannot parry"),
            "bool",
            default=False,
            rule="COC-PARRY-6",
        ),
        Entry(
            "long_gun",
            _l("w.long_gun", "Long gun (may parry)"),
            "bool",
            default=False,
            rule="COC-PARRY-8",
        ),
        Entry(
            "sets_fire",
            _l("w.sets_fire", "Sets clothes alight"),
            "bool",
            default=False,
            rule="COC-FIRE-3",
        ),
        Entry("hp", _l("w.hp", "Object HP"), "int", default=10, min=0, max=500, rule="COC-PARRY-4"),
        Entry(
            "base_range",
            _l("w.range", "Base range (yards)"),
            "int",
            default=0,
            min=0,
            max=10000,
            rule="COC-RANGE-1",
        ),
        Entry("shots_per_round", _l("w.spr", "Attacks per round"), "int", default=1, min=1, max=10),
        Entry(
            "burst_max",
            _l("w.burst_max", "Most shots in a burst (0: no bursts)"),
            "int",
            default=0,
            min=0,
            max=100,
            rule="COC-AUTO-1",
        ),
        Entry("capacity", _l("w.capacity", "Capacity"), "int", default=0, min=0, max=500),
        Entry(
            "loaded",
            _l("w.loaded", "Loaded now"),
            "int",
            default=None,
            required=False,
            min=0,
            max=500,
        ),
        Entry(
            "mal",
            _l("w.mal", "Malfunction number (0: none)"),
            "int",
            default=0,
            min=0,
            max=100,
            rule="COC-MAL-1",
        ),
        Entry(
            "mechanism",
            _l("w.mechanism", "Action"),
            "choice",
            default="none",
            choices=choices((k, MECHANISM_NAMES[k]) for k in MECHANISMS),
            rule="COC-MAL-2",
        ),
        Entry(
            "reload",
            _l("w.reload", "Reloads with"),
            "choice",
            default="loose",
            choices=choices((k, RELOAD_NAMES[k]) for k in RELOADS),
            rule="COC-RELOAD-1",
        ),
        Entry("handgun", _l("w.handgun", "Handgun"), "bool", default=False, rule="COC-TWOGUN-1"),
        Entry(
            "scope", _l("w.scope", "Telescopic sight"), "bool", default=False, rule="COC-SCOPE-1"
        ),
        Entry("laser", _l("w.laser", "Laser sight"), "bool", default=False, rule="COC-LASER-1"),
        Entry(
            "silencer",
            _l("w.silencer", "Silencer"),
            "bool",
            default=False,
            rule="COC-SILENCER-1",
            # COC-SILENCER-4: the era note, no mechanics.
            help=_l(
                "w.silencer_help",
                "Usually custom-made. Illegal almost everywhere from the 1920s to today, and "
                "perhaps under local laws in the 1890s (COC-SILENCER-4).",
            ),
        ),
        Entry(
            "high_power",
            _l("w.high_power", "Powerful rounds"),
            "bool",
            default=False,
            rule="COC-SILENCER-2",
        ),
    ),
    extras="drop",
)

CONDITION_G = _l("group.condition", "Condition now")
WOUND = Schema(
    (
        Entry("damage", _l("wound.damage", "Damage"), "int", default=1, min=0, max=1000),
        Entry(
            "aided", _l("wound.aided", "First Aid given"), "bool", default=False, rule="COC-HEAL-1"
        ),
    ),
    extras="drop",
)
# COC-DMG-1: a limb lost for good (a Keeper's lasting injury)
LOST_LIMB = Schema(
    (
        Entry(
            "limb",
            _l("lost_limb.limb", "Limb"),
            "choice",
            default="left_arm",
            choices=choices(
                [
                    ("right_arm", _l("limb.right_arm", "right arm")),
                    ("left_arm", _l("limb.left_arm", "left arm")),
                    ("right_leg", _l("limb.right_leg", "right leg")),
                    ("left_leg", _l("limb.left_leg", "left leg")),
                ]
            ),
        ),
    ),
    extras="drop",
)
# COC-POISON-4..-7: a poison whose effect had not come when the scene ended
POISON = Schema(
    (
        Entry(
            "poison",
            _l("poison.name", "Poison"),
            "choice",
            rule="COC-POISON-4",
            choices=choices((key, name()) for key, name in POISON_NAMES.items()),
        ),
        Entry("pot", _l("poison.pot", "Potency"), "int", default=1, min=0, max=99),
        Entry("wins", _l("poison.wins", "Beat the resistance roll"), "bool", default=True),
        Entry("doses", _l("poison.doses", "Doses"), "int", default=1, min=1, max=20),
        Entry(
            "left",
            _l("poison.left", "Rounds until it acts"),
            "int",
            default=None,
            required=False,
            min=0,
            max=100000,
        ),
    ),
    extras="drop",
)
# What a scene leaves on an investigator until the next (issue 32). None: unhurt.
CONDITION = Schema(
    (
        Entry(
            "hp",
            _l("condition.hp", "Hit points now"),
            "int",
            default=None,
            required=False,
            min=-1000,
            max=1000,
            rule="COC-HP-1",
        ),
        Entry("dead", _l("condition.dead", "Dead"), "bool", default=False, rule="COC-HP-1"),
        Entry(
            "ko_rounds",
            _l("condition.ko_rounds", "Rounds still knocked out"),
            "int",
            default=0,
            min=0,
            max=100000,
            rule="COC-KO-3",
        ),
        Entry(
            "wounds",
            _l("condition.wounds", "Wounds"),
            "list",
            default=[],
            item=WOUND,
            max_items=100,
            rule="COC-HEAL-1",
        ),
        Entry(
            "poisons",
            _l("condition.poisons", "Poisons still to act"),
            "list",
            default=[],
            item=POISON,
            max_items=20,
        ),
        Entry(
            "lost_limbs",
            _l("condition.lost_limbs", "Limbs lost for good"),
            "list",
            default=[],
            item=LOST_LIMB,
            max_items=4,
            rule="COC-DMG-1",
        ),
    ),
    extras="drop",
)


def condition_of_sheet(raw: Mapping[str, Any] | None) -> Json | None:
    """The sheet's condition, or None for an unhurt investigator (a blank form is unhurt too)."""
    if not raw:
        return None
    out = CONDITION.validate(raw, "condition")
    lasting = out["dead"] or out["ko_rounds"] or out["poisons"] or out["lost_limbs"]
    if out["hp"] is None and not lasting:
        return None
    return out


SHEET = Schema(
    (
        Entry("name", _l("name", "Name"), "text", max_length=100),
        Entry(
            "kind",
            _l("kind", "Kind"),
            "choice",
            default="investigator",
            choices=choices(
                [
                    ("investigator", _l("investigator", "investigator")),
                    ("creature", _l("creature", "creature")),
                ]
            ),
        ),
        *(
            Entry(
                c,
                _l(c, c.upper()),
                "int",
                default=10,
                min=0,
                max=300,
                group=STATS,
                rule="COC-GEN-2",
                help=SCALE_HELP,
            )
            for c in CHARACTERISTICS
        ),
        Entry(
            "hp_max",
            _l("hp_max", "Hit points"),
            "int",
            default=None,
            required=False,
            min=1,
            max=1000,
            group=DERIVED,
            rule="COC-HP-1",
        ),
        Entry(
            "luck",
            _l("luck", "Luck"),
            "int",
            default=None,
            required=False,
            min=0,
            max=100,
            group=DERIVED,
            rule="COC-GEN-2",
        ),
        Entry(
            "mp",
            _l("mp", "Magic points"),
            "int",
            default=None,
            required=False,
            min=0,
            max=500,
            group=DERIVED,
        ),
        Entry(
            "san",
            _l("san", "Sanity"),
            "int",
            default=None,
            required=False,
            min=0,
            max=99,
            group=DERIVED,
        ),
        Entry("db", _l("db", "Damage bonus"), "text", default="0", max_length=20, group=ARMS),
        Entry(
            "armour",
            _l("armour", "Armour"),
            "int",
            default=0,
            min=0,
            max=100,
            group=ARMS,
            rule="COC-ARMOUR-3",
        ),
        Entry(
            "skills",
            _l("skills", "Skills"),
            "record",
            default={},
            item=SKILL_SCHEMA,
            group=SKILLS_G,
        ),
        Entry(
            "growth_marks",
            _l("growth_marks", "Marked for growth (until the growth roll)"),
            "list",
            default=[],
            required=False,
            item=GROWTH_MARK,
            max_items=60,
            group=SKILLS_G,
            rule="COC-GROW-1",
        ),
        Entry(
            "weapons",
            _l("weapons", "Weapons"),
            "list",
            default=[],
            item=WEAPON,
            max_items=12,
            group=ARMS,
        ),
        Entry(
            "impale_immune",
            _l("impale_immune", "Immune to impales"),
            "bool",
            default=False,
            group=NATURE,
            rule="COC-IMPALE-4",
        ),
        Entry(
            "knockout_allowed",
            _l("knockout_allowed", "Can be knocked out"),
            "bool",
            default=None,
            required=False,
            group=NATURE,
            rule="COC-KO-5",
        ),
        Entry(
            "laser_trained",
            _l("laser_trained", "Trained with laser sights"),
            "bool",
            default=False,
            group=NATURE,
            rule="COC-UNAIMED-4",
        ),
        Entry(
            "condition",
            _l("condition", "Condition"),
            "record",
            default=None,
            required=False,
            item=CONDITION,
            group=CONDITION_G,
        ),
        gear_entry(group=GEAR_G),  # possessions: carried, not played (issue 36)
    ),
    extras="drop",
)


def _dice(text: str, path: str, rule: str | None = None) -> str:
    try:
        DamageDice.parse(text)
    except DiceError:
        raise SheetError(path, BAD_DICE(), rule) from None
    return text


def validate_character(raw: Mapping[str, Any]) -> Json:
    """A character's sheet as the campaign keeps it (the system's `validate_sheet`): checked,
    and an investigator's characteristics within the 3-18 scale, the bound named (COC-GEN-2).
    An encounter's setup states its combatants' numbers as the Keeper wrote them."""
    sheet = validate_sheet(raw)
    if sheet["kind"] == "investigator":
        SCALE.check(sheet)
    return sheet


def _keys_made(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    """The sheet with each weapon's short name left empty made from its name."""
    if isinstance(raw, Mapping) and "weapons" in raw:
        return {**raw, "weapons": keyed(raw["weapons"])}
    return raw


def _carried(sheet: Json) -> None:
    """No gear carried: none on the sheet, as it was before a sheet had gear."""
    if not sheet.get("gear"):
        sheet.pop("gear", None)


def validate_sheet(raw: Mapping[str, Any]) -> Json:
    """A checked sheet with its derived values filled in; SheetError names the field."""
    sheet = SHEET.validate(_keys_made(raw))
    skills = dict(sheet["skills"])
    if raw.get("skills") is None or (raw.get("skills") or {}).get("dodge") is None:
        skills["dodge"] = min(99, 2 * sheet["dex"])  # COC-DODGE-1: DEX x 2, the usual base
    sheet["skills"] = skills
    if sheet["hp_max"] is None:
        sheet["hp_max"] = max(1, rhu(Fraction(sheet["con"] + sheet["siz"], 2)))
    if sheet["luck"] is None:
        sheet["luck"] = luck_chance(sheet["pow"], most=99)  # COC-GEN-2: Luck = POW x 5
    if sheet["mp"] is None:
        sheet["mp"] = sheet["pow"]
    if sheet["san"] is None:
        sheet["san"] = min(99, sheet["pow"] * 5)
    sheet["condition"] = condition_of_sheet(sheet["condition"])
    _carried(sheet)
    if sheet["knockout_allowed"] is None:
        sheet["knockout_allowed"] = sheet["kind"] == "investigator"  # COC-KO-5
    if sheet["db"].strip() not in ("0", ""):
        _dice(sheet["db"], "db")
    seen: set[str] = set()
    for n, weapon in enumerate(sheet["weapons"]):
        where = f"weapons[{n}]"
        if weapon["key"] in seen:
            raise SheetError(f"{where}.key", TWICE(key=weapon["key"]))
        seen.add(weapon["key"])
        _dice(weapon["damage"], f"{where}.damage")
        _firearm(weapon, where)
        weapon["damage_bands"] = _bands(weapon["damage_bands"], f"{where}.damage_bands")
        shotgun, machine_gun = weapon["skill"] == "shotgun", weapon["skill"] == "machine_gun"
        if weapon["silencer"] and not silencer_fits(shotgun, machine_gun):
            raise SheetError(f"{where}.silencer", NO_SILENCER(), "COC-SILENCER-3")
        if weapon["loaded"] is None:
            weapon["loaded"] = weapon["capacity"]
        weapon["loaded"] = min(weapon["loaded"], weapon["capacity"])
        if weapon["skill"] == "shotgun" and weapon["mechanism"] == "semi_auto":
            # COC-SHOTGUN-3: every semi-automatic shotgun may fire once or twice a round.
            weapon["shots_per_round"] = max(2, weapon["shots_per_round"])
        if weapon["kind"] == "unarmed" or weapon["blunt"]:
            weapon["can_impale"] = False  # COC-IMPALE-1: blunt and unarmed blows never impale
        if weapon["kind"] == "firearm":
            weapon["can_impale"] = True  # COC-IMPALE-1: every firearm can impale
            weapon["add_db"] = False
    return sheet


def _firearm(weapon: Mapping[str, Any], where: str) -> None:
    """COC-ARMS-1: a weapon used with a firearm skill is a firearm, and a firearm holds a round
    at least (one left on another kind, or empty, could never be fired)."""
    if weapon["skill"] in FIREARM_SKILLS and weapon["kind"] != "firearm":
        skill_name = SKILL_NAMES[weapon["skill"]]()
        raise SheetError(f"{where}.kind", NOT_A_FIREARM(skill=skill_name), "COC-ARMS-1")
    if weapon["kind"] == "firearm" and weapon["capacity"] < 1:
        raise SheetError(f"{where}.capacity", NO_ROUNDS(), "COC-ARMS-1")


def _bands(raw: list[Any], path: str) -> list[list[Any]]:
    """COC-SHOTGUN-4: [[yards, dice]...] going outwards."""
    bands: list[list[Any]] = []
    for n, item in enumerate(raw):
        if isinstance(item, list | tuple) and len(item) == 2:
            item = {"yards": item[0], "damage": item[1]}
        band = BAND.validate(item, f"{path}[{n}]")
        bands.append([band["yards"], _dice(band["damage"], f"{path}[{n}].damage", "COC-SHOTGUN-4")])
    if [b[0] for b in bands] != sorted(b[0] for b in bands):
        raise SheetError(path, BANDS_OUTWARD(), "COC-SHOTGUN-4")
    return bands


def skill(sheet: Mapping[str, Any], key: str) -> int:
    """A skill's value (0 when the sheet does not have it)."""
    return int(sheet["skills"].get(key, 0))


def weapon_of(sheet: Mapping[str, Any], key: str) -> Json | None:
    """A weapon of the sheet by key."""
    for weapon in sheet["weapons"]:
        if weapon["key"] == key:
            return dict(weapon)
    return None


DEFAULT_SHEET: Json = {
    "name": "New investigator",
    "kind": "investigator",
    "str": 11,
    "con": 12,
    "siz": 13,
    "int": 14,
    "pow": 12,
    "dex": 13,
    "app": 10,
    "edu": 14,
    "weapons": [],
}
