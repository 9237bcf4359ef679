"""Delta Green agent sheets: characteristics, skills, weapons, vest and edges, validated."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.brp.core import DamageDice, rhu
from rules.brp.firearms import silencer_fits
from rules.core.derive import LOCATION_NAMES as LOCATION_WORDS
from rules.core.errors import RulesError, SheetError
from rules.core.kit import Entry, Message, Schema, choices
from rules.core.library import gear_entry
from rules.core.scale import Scale
from rules.core.system import Json
from rules.core.weapon_keys import keyed
from rules.delta_green import refusals as R
from rules.delta_green.log_gm import POISON_NAMES
from rules.delta_green.log_messages import edge_word
from rules.delta_green.tables import BURST_MODES, LOCATIONS, VESTS

CHARACTERISTICS = ("str", "con", "siz", "int", "pow", "dex", "app")
WEAPON_KINDS = ("firearm", "melee", "knife", "unarmed", "thrown")
RELOAD_KINDS = ("magazine", "belt", "loose", "none")

# DG-EDGE-TABLE: edge -> (prerequisite, price in skill points); the two Double Taps cost 20
# (AMB-DG-34, AMB-DG-35: the seed gives no price).
EDGES: dict[str, tuple[str | None, int]] = {
    "double_tap": (None, 20),
    "improved_double_tap": ("double_tap", 20),
    "quick_draw": (None, 20),
    "close_quarters": (None, 20),
    "hand_to_hand": (None, 5),
    "improved_hand_to_hand": ("hand_to_hand", 10),
    "dirty_fighting": (None, 15),
    "eagle_eye": (None, 20),
}


def _int(sheet: Mapping[str, Any], field: str, rule: str, low: int, high: int = 999) -> int:
    raw = sheet.get(field)
    if isinstance(raw, bool) or raw is None:
        raise SheetError(field, R.WHOLE_NUMBER(), rule)
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise SheetError(field, R.WHOLE_NUMBER_NOT(raw=repr(raw)), rule) from None
    if not low <= value <= high:
        raise SheetError(field, R.BETWEEN(low=low, high=high, value=value), rule)
    return value


def _bands(raw: Any, where: str) -> list[list[Any]]:
    """COC-SHOTGUN-4: [[up to metres, damage]...] in increasing distance."""
    if not raw:
        return []
    out: list[list[Any]] = []
    try:
        for limit, expr in raw:
            DamageDice.parse(str(expr))
            out.append([float(limit), str(expr)])
    except (TypeError, ValueError, RulesError):
        raise SheetError(f"{where}.damage_bands", R.BANDS(), "COC-SHOTGUN-4") from None
    if [band[0] for band in out] != sorted(band[0] for band in out):
        raise SheetError(f"{where}.damage_bands", R.OUTWARDS(), "COC-SHOTGUN-4")
    return out


def _weapon_at(raw: Any, index: int) -> Json:
    """`_weapon`, a refusal of one of its numbers named by its row (`weapons[1].capacity`)."""
    try:
        return _weapon(raw, index)
    except SheetError as exc:
        if exc.field.startswith("weapons["):
            raise
        raise SheetError(f"weapons[{index}].{exc.field}", exc.problem, exc.rule) from None


def _weapon(raw: Any, index: int) -> Json:
    where = f"weapons[{index}]"
    if not isinstance(raw, Mapping):
        raise SheetError(where, R.AN_OBJECT(), "DG-ACT-3")
    key = str(raw.get("key") or "").strip()
    if not key:
        raise SheetError(f"{where}.key", R.REQUIRED(), "DG-ACT-3")
    kind = str(raw.get("kind", "firearm"))
    if kind not in WEAPON_KINDS:
        raise SheetError(f"{where}.kind", R.ONE_OF(choices=", ".join(WEAPON_KINDS)), "DG-ARM-4")
    damage = str(raw.get("damage", "1d3"))
    try:
        DamageDice.parse(damage)
    except RulesError as exc:
        raise SheetError(f"{where}.damage", exc.msg, "COC-IMPALE-3") from None
    firearm = kind == "firearm"
    weapon: Json = {
        "key": key,
        "name": str(raw.get("name") or key),
        "kind": kind,
        "skill": str(raw.get("skill") or ("firearms" if firearm else "fist")),
        "damage": damage,
        "rof": _int(raw, "rof", "DG-ACT-3", 1) if firearm else 1,
        "capacity": _int(raw, "capacity", "DG-AUTO-2", 1, 10000) if firearm else 0,
        "reload": str(raw.get("reload", "magazine" if firearm else "none")),
        "mal": None if raw.get("mal") in (None, "") else _int(raw, "mal", "COC-MAL-1", 2, 100),
        "action": str(raw.get("action", "semi")),
        "auto": bool(raw.get("auto", False)),
        "max_burst": int(raw.get("max_burst", 20 if raw.get("auto") else 0)),
        "sustained_fire": bool(raw.get("sustained_fire", False)),
        "can_impale": bool(raw.get("can_impale", kind in ("firearm", "knife"))),
        "can_sever": bool(raw.get("can_sever", False)),
        "two_handed": bool(raw.get("two_handed", False)),
        "base_range_m": float(raw.get("base_range_m", 15 if firearm else 0)),
        "handgun": bool(raw.get("handgun", False)),
        "scope": bool(raw.get("scope", False)),
        "laser": bool(raw.get("laser", False)),
        "silencer": bool(raw.get("silencer", False)),
        # COC-SHOTGUN-1..-3: double-barrelled, pump and semi-automatic shotguns; a second shot
        # in a round is at half DEX (DG-INIT-4)
        "shotgun": bool(
            raw.get("shotgun", raw.get("skill") == "shotgun" or raw.get("action") == "double")
        ),
        "high_power": bool(raw.get("high_power", False)),  # COC-SILENCER-2: wears it twice
        # COC-PARRY-7: swords attack and parry in one round; COC-PARRY-8: long guns may parry;
        # COC-PARRY-9: touch-range weapons can be parried by grappling
        "sword": bool(raw.get("sword", False)),
        "can_parry": bool(raw.get("can_parry", firearm and bool(raw.get("two_handed", False)))),
        "touch": bool(raw.get("touch", kind in ("knife", "unarmed"))),
        "damage_bands": _bands(raw.get("damage_bands"), where),
        "hp": None if raw.get("hp") in (None, "") else _int(raw, "hp", "COC-PARRY-4", 1, 999),
    }
    # a sustained-fire weapon is a support machine gun (DG-AUTO-5)
    machine_gun = weapon["sustained_fire"] or weapon["skill"] == "machine_gun"
    if weapon["silencer"] and not silencer_fits(weapon["shotgun"], machine_gun):
        raise SheetError(f"{where}.silencer", R.NO_SILENCER_HERE(), "COC-SILENCER-3")
    if weapon["reload"] not in RELOAD_KINDS:
        choices = ", ".join(RELOAD_KINDS)
        raise SheetError(f"{where}.reload", R.ONE_OF(choices=choices), "DG-ACT-6")
    if weapon["max_burst"] and str(weapon["max_burst"]) not in BURST_MODES:
        raise SheetError(f"{where}.max_burst", R.BURST_SIZE(), "DG-AUTO-6")
    if firearm:
        loaded = raw.get("loaded", weapon["capacity"])
        weapon["loaded"] = _int({"loaded": loaded}, "loaded", "DG-AUTO-2", 0, weapon["capacity"])
        weapon["spare"] = _int({"spare": raw.get("spare", 0)}, "spare", "DG-ACT-6", 0, 100000)
    else:
        weapon["loaded"] = 0
        weapon["spare"] = 0
    weapon["ready"] = bool(raw.get("ready", False))
    weapon["broken"] = bool(raw.get("broken", False))  # COC-PARRY-4: broken in an earlier fight
    return weapon


NAME = Message("dg.sheet.name", "Name")
CHARACTERISTIC_LABELS = {
    "str": Message("dg.sheet.str", "STR"),
    "con": Message("dg.sheet.con", "CON"),
    "siz": Message("dg.sheet.siz", "SIZ"),
    "int": Message("dg.sheet.int", "INT"),
    "pow": Message("dg.sheet.pow", "POW"),
    "dex": Message("dg.sheet.dex", "DEX"),
    "app": Message("dg.sheet.app", "APP"),
}
CHARACTERISTIC_RULES = {"dex": "DG-ACT-1", "con": "DG-WOUND-9", "siz": "DG-CTRAIN-4"}
# DG-GEN-6: a human's characteristics are on the 3-18 scale of 3D6, five times each its
# percentage; only experience lifts POW past 18 (DG-POW-2: rolls stop at 21, the last gain from
# 20 reaching 22) and training DEX and APP (DG-CTRAIN-5: half again their 18 at most, 27). A
# non-human's may go beyond.
SCALE_HELP = Message(
    "dg.sheet.scale.help",
    "3–18 scale, as rolled on 3D6; five times it is the percentage. A non-human's may go beyond.",
)
SCALE_HELP_POW = Message(
    "dg.sheet.scale.help_pow",
    "3–18 scale, as rolled on 3D6; five times it is the percentage; experience may lift it to 22. "
    "A non-human's may go beyond.",
)
SCALE_HELP_TRAINED = Message(
    "dg.sheet.scale.help_trained",
    "3–18 scale, as rolled on 3D6; five times it is the percentage; training may lift it by half, "
    "to 27 at most. A non-human's may go beyond.",
)
SCALE_HELPS = {"pow": SCALE_HELP_POW, "dex": SCALE_HELP_TRAINED, "app": SCALE_HELP_TRAINED}
ABOVE_SCALE = Message(
    "dg.sheet.above_scale",
    "is {value}, above the 3–18 characteristic scale: a human's is at most {most}",
)
SCALE_MOST = {"pow": 22, "dex": 27, "app": 27}  # every other characteristic at most 18
SCALE = Scale(
    {
        # no floor: a characteristic a hazard or the unnatural took below 3 is written down
        **{key: (None, SCALE_MOST.get(key, 18)) for key in CHARACTERISTICS},
        "dex_base": (None, 18),
        "app_base": (None, 18),
    },
    ABOVE_SCALE,
    "DG-GEN-6",
)
HP = Message("dg.sheet.hp", "Hit points")
WILLPOWER = Message("dg.sheet.wp", "Willpower (blank: POW)")
SANITY = Message("dg.sheet.san", "Sanity (blank: POW × 5)")
DEX_BASE = Message("dg.sheet.dex_base", "DEX before training")
APP_BASE = Message("dg.sheet.app_base", "APP before training")
SKILL_POINTS = Message("dg.sheet.skill_points", "Unspent skill points")
HIT_LOCATIONS = Message("dg.sheet.hit_locations", "Takes damage by hit location")
HUMAN = Message("dg.sheet.human", "Human")
LASER_TRAINED = Message("dg.sheet.laser_trained", "Trained with laser sights")
IMPALE_IMMUNE = Message("dg.sheet.impale_immune", "Immune to impales")
CHARACTERISTICS_GROUP = Message("dg.sheet.group.characteristics", "Characteristics")
TRAITS_GROUP = Message("dg.sheet.group.traits", "Traits")

CONDITION_GROUP = Message("dg.sheet.group.condition", "Condition now")
CONDITION = Message("dg.sheet.condition", "Condition")
HP_NOW = Message("dg.sheet.hp_now", "Hit points now")
DEAD = Message("dg.sheet.dead", "Dead")
KNOCKED_OUT = Message("dg.sheet.knocked_out", "Knocked out")
ON_FIRE = Message("dg.sheet.on_fire", "On fire")
WOUNDS = Message("dg.sheet.wounds", "Damage taken")
LASTING = Message("dg.sheet.lasting", "Lasting injury")
NO_LASTING = Message("dg.sheet.lasting.none", "none")
MAIMED = Message("dg.sheet.lasting.maimed", "maimed")
SEVERED = Message("dg.sheet.lasting.severed", "severed")
BLEEDING = Message("dg.sheet.bleeding", "Bleeding")
NOT_BLEEDING = Message("dg.sheet.bleeding.none", "no")
BLEEDING_ROLL = Message("dg.sheet.bleeding.roll", "bleeding (a CON roll each round)")
BLEEDING_AUTO = Message("dg.sheet.bleeding.auto", "bleeding out (no roll)")
UNTREATED = Message("dg.sheet.untreated", "Not yet treated")
POISONS = Message("dg.sheet.poisons", "Poisons still to act")
POISON = Message("dg.sheet.poison", "Poison")
POTENCY = Message("dg.sheet.potency", "Potency")
POISON_WON = Message("dg.sheet.poison_won", "Beat the resistance roll")
DOSES = Message("dg.sheet.doses", "Doses")
ONSET = Message("dg.sheet.onset", "Takes effect after")
EXTRA_HOURS = Message("dg.sheet.extra_hours", "Extra hours asleep")
FAILURE = Message("dg.sheet.failure", "Chance of respiratory failure (%)")
MAX_HP_LOST = Message("dg.sheet.max_hp_lost", "Maximum HP already lowered for it")

# DG-WOUND-1/-6/-7: one location's damage and what outlasts the fight there
LOCATION_CONDITION = Schema(
    (
        Entry("damage", WOUNDS(), "int", default=0, rule="DG-WOUND-1", min=0, max=999),
        Entry(
            "lasting",
            LASTING(),
            "choice",
            default="",
            rule="DG-WOUND-6",
            choices=choices((("", NO_LASTING()), ("maimed", MAIMED()), ("severed", SEVERED()))),
        ),
        Entry(
            "bleeding",
            BLEEDING(),
            "choice",
            default="",
            rule="DG-WOUND-3",
            choices=choices(
                (("", NOT_BLEEDING()), ("roll", BLEEDING_ROLL()), ("auto", BLEEDING_AUTO()))
            ),
        ),
        Entry("untreated", UNTREATED(), "bool", default=False, rule="DG-WOUND-6"),
        Entry("max_hp_lost", MAX_HP_LOST(), "bool", default=False, rule="DG-HEAL-5"),
    ),
    extras="drop",
)
# COC-POISON-4/-5/-6: a dose given in a fight whose onset had not come when it ended
POISON_DOSE = Schema(
    (
        Entry(
            "poison",
            POISON(),
            "choice",
            rule="COC-POISON-4",
            choices=choices((key, name()) for key, name in POISON_NAMES.items()),
        ),
        Entry("potency", POTENCY(), "int", default=1, rule="COC-POISON-4", min=0, max=99),
        Entry("wins", POISON_WON(), "bool", default=True, rule="COC-POISON-4"),
        Entry("doses", DOSES(), "int", default=1, rule="COC-POISON-6", min=1, max=20),
        Entry("onset", ONSET(), "text", default="", required=False, max_length=40),
        Entry("extra_hours", EXTRA_HOURS(), "int", default=0, rule="COC-POISON-6", min=0),
        Entry("failure", FAILURE(), "int", default=0, rule="COC-POISON-6", min=0, max=100),
    ),
    extras="drop",
)
# What an encounter leaves on an agent until the next (issue 32): total HP, each location's
# damage and lasting injury, and the conditions that outlast a fight. None: unhurt.
CONDITION_SCHEMA = Schema(
    (
        Entry(
            "hp", HP_NOW(), "int", default=None, required=False, rule="DG-HP-1", min=-99, max=999
        ),
        Entry("dead", DEAD(), "bool", default=False, rule="DG-HP-3"),
        Entry("knocked_out", KNOCKED_OUT(), "bool", default=False, rule="COC-KO-6"),
        Entry("on_fire", ON_FIRE(), "bool", default=False, rule="COC-FIRE-4"),
        *(
            Entry(loc, LOCATION_WORDS[loc](), "record", default={}, item=LOCATION_CONDITION)
            for loc in LOCATIONS
        ),
        Entry("poisons", POISONS(), "list", default=[], item=POISON_DOSE, max_items=20),
    ),
    extras="drop",
)


MARKED = Message("dg.sheet.marked", "Marked for growth")
MARKED_ARE = Message("dg.sheet.marked_are", "{skills}, until the growth roll")
GROWTH_MARKS_LABEL = Message("dg.sheet.growth_marks", "Marked for growth (until the growth roll)")
GROWTH_SKILL = Message("dg.sheet.growth_mark.skill", "Skill")
GROWTH_HIDDEN = Message("dg.sheet.growth_mark.hidden", "Marked by a hidden check")
# DG-GROW-1: a skill failed in play, kept on the sheet until its growth roll (issue 38)
GROWTH_MARK = Schema(
    (
        Entry("key", GROWTH_SKILL(), "text", max_length=60),
        Entry("hidden", GROWTH_HIDDEN(), "bool", default=False),
    ),
    extras="drop",
)


# The typed fields of a sheet (DG-CHAR-1 and friends); skills, weapons, vest, edges and the
# location tables are checked by the code below, which also fills in derived defaults.
SHEET = Schema(
    (
        Entry("name", NAME(), "text", default="Agent", required=False, max_length=100),
        *(
            Entry(
                key,
                label(),
                "int",
                default=10,
                rule=CHARACTERISTIC_RULES.get(key, "DG-CHAR-1"),
                min=1 if key in ("dex", "con", "siz") else 0,
                max=99,
                group=CHARACTERISTICS_GROUP(),
                help=SCALE_HELPS.get(key, SCALE_HELP)(),
            )
            for key, label in CHARACTERISTIC_LABELS.items()
        ),
        Entry("hp", HP(), "int", rule="DG-HP-1", min=1, max=999, required=False),
        Entry("dex_base", DEX_BASE(), "int", rule="DG-CTRAIN-5", min=1, max=99, required=False),
        Entry("app_base", APP_BASE(), "int", rule="DG-CTRAIN-5", min=0, max=99, required=False),
        Entry("wp", WILLPOWER(), "int", rule="DG-MIND-1", min=0, max=99, required=False),
        Entry("san", SANITY(), "int", rule="DG-MIND-1", min=0, max=99, required=False),
        Entry(
            "skill_points", SKILL_POINTS(), "int", rule="DG-EDGE-0", min=0, max=9999, required=False
        ),
        *(
            Entry(key, label(), "bool", default=default, rule=rule, group=TRAITS_GROUP())
            for key, label, default, rule in (
                ("hit_locations", HIT_LOCATIONS, True, "DG-LOC-5"),
                ("human", HUMAN, True, "COC-KO-5"),
                ("laser_trained", LASER_TRAINED, False, "COC-UNAIMED-4"),
                ("impale_immune", IMPALE_IMMUNE, False, "COC-IMPALE-2"),
            )
        ),
        Entry(
            "condition",
            CONDITION(),
            "record",
            default=None,
            required=False,
            item=CONDITION_SCHEMA,
            group=CONDITION_GROUP(),
        ),
        Entry(
            "growth_marks",
            GROWTH_MARKS_LABEL(),
            "list",
            default=[],
            required=False,
            item=GROWTH_MARK,
            max_items=60,
            rule="DG-GROW-1",
        ),
        gear_entry(),  # carried, not played: resources are narrative (issue 36)
    )
)


def validate_character(raw: Mapping[str, Any]) -> Json:
    """A character's sheet as the campaign keeps it (the system's `validate_sheet`): checked,
    and a human's characteristics within the 3-18 scale, the bound named (DG-GEN-6). An
    encounter's setup states its combatants' numbers as the GM wrote them."""
    sheet = validate_sheet(raw)
    if sheet["human"]:
        SCALE.check(sheet)
    return sheet


def validate_sheet(sheet: Mapping[str, Any]) -> Json:
    """A checked, completed copy of a sheet; raises SheetError naming the field and the rule."""
    if not isinstance(sheet, Mapping):
        raise SheetError("sheet", R.AN_OBJECT(), "DG-HP-5")
    if "weapons" in sheet:  # a weapon's key left empty: its name's
        sheet = {**sheet, "weapons": keyed(sheet["weapons"])}
    given = {key: (None if value == "" else value) for key, value in sheet.items()}
    typed = SHEET.validate(given)
    out: Json = {"name": typed["name"] or "Agent"}
    for field in CHARACTERISTICS:
        out[field] = typed[field]
    default_hp = max(1, rhu(Fraction(out["con"] + out["siz"], 2)))
    out["hp"] = default_hp if typed["hp"] is None else typed["hp"]
    out["dex_base"] = out["dex"] if typed["dex_base"] is None else typed["dex_base"]
    out["app_base"] = out["app"] if typed["app_base"] is None else typed["app_base"]
    skills = sheet.get("skills") or {}
    if not isinstance(skills, Mapping):
        raise SheetError("skills", R.SKILL_MAP(), "DG-GEN-1")
    out["skills"] = {
        str(name): _int({f"skills.{name}": value}, f"skills.{name}", "DG-GEN-1", 0, 200)
        for name, value in skills.items()
    }
    out["skills"].setdefault("dodge", out["dex"] * 2)
    bases = sheet.get("skill_bases") or {}
    out["skill_bases"] = {str(k): int(v) for k, v in dict(bases).items()}
    weapons_raw = sheet.get("weapons") or []
    if not isinstance(weapons_raw, list):
        raise SheetError("weapons", R.A_LIST(), "DG-ACT-3")
    weapons = [_weapon_at(raw, index) for index, raw in enumerate(weapons_raw)]
    keys = [weapon["key"] for weapon in weapons]
    if len(set(keys)) != len(keys):
        raise SheetError("weapons", R.UNIQUE_KEYS(), "DG-ACT-3")
    if not any(weapon["kind"] == "unarmed" for weapon in weapons):
        weapons.append(
            _weapon({"key": "fist", "name": "Fist", "kind": "unarmed", "damage": "1d3"}, 99)
        )
    if sum(1 for weapon in weapons if weapon["ready"] and weapon["kind"] != "unarmed") > 1:
        raise SheetError("weapons", R.ONE_IN_HAND(), "DG-INIT-1")
    out["weapons"] = weapons
    vest = sheet.get("vest")
    if vest in (None, "", 0):
        out["vest"] = None
    else:
        raw_vest = vest if isinstance(vest, Mapping) else {"level": vest}
        level = _int({"vest.level": raw_vest.get("level")}, "vest.level", "DG-ARM-1", 1, 4)
        if level not in VESTS:
            raise SheetError("vest.level", R.VEST_LEVEL(), "DG-ARM-1")
        hidden = bool(raw_vest.get("worn_hidden", False))
        if hidden and not VESTS[level].concealable:
            raise SheetError("vest.worn_hidden", R.NOT_HIDDEN(level=level), "DG-ARM-8")
        out["vest"] = {"level": level, "worn_hidden": hidden}
    edges = [str(edge) for edge in sheet.get("edges") or []]
    for edge in edges:
        if edge not in EDGES:
            raise SheetError("edges", R.UNKNOWN_EDGE(edge=repr(edge)), "DG-EDGE-0")
        prerequisite = EDGES[edge][0]
        if prerequisite and prerequisite not in edges:
            needs = R.EDGE_NEEDS(edge=edge_word(edge), prerequisite=edge_word(prerequisite))
            raise SheetError("edges", needs, "DG-EDGE-0")
    out["edges"] = edges
    out["edge_points"] = sum(EDGES[edge][1] for edge in edges)  # DG-EDGE-0: skill points spent
    # DG-EDGE-0: the agent's unspent skill-point pool (after creation), from which later edges
    # are paid; None when the campaign does not track it
    out["skill_points"] = typed["skill_points"]
    for key in ("wp", "san"):  # DG-MIND-1: kept only when given or moved in a fight
        if typed[key] is not None:
            out[key] = typed[key]
    db = str(sheet.get("db", "0") or "0")
    try:
        DamageDice.parse(db)
    except RulesError as exc:
        raise SheetError("db", exc.msg, "COC-IMPALE-3") from None
    out["db"] = db
    out["hit_locations"] = typed["hit_locations"]
    overrides = sheet.get("location_hp") or {}
    for loc, value in dict(overrides).items():
        if loc not in LOCATIONS:
            raise SheetError(f"location_hp.{loc}", R.NOT_A_LOCATION(), "DG-LOC-5")
        _int({f"location_hp.{loc}": value}, f"location_hp.{loc}", "DG-LOC-5", 1, 999)
    out["location_hp"] = {str(k): int(v) for k, v in dict(overrides).items()}
    table = sheet.get("location_table") or {}
    for face, loc in dict(table).items():
        if str(face) not in {str(n) for n in range(1, 11)} or loc not in LOCATIONS:
            raise SheetError(f"location_table.{face}", R.FACES_TO_LOCATIONS(), "DG-LOC-5")
    out["location_table"] = {str(k): str(v) for k, v in dict(table).items()}
    pow_roll = sheet.get("pow_roll") or [3, 18]
    out["pow_roll"] = [int(pow_roll[0]), int(pow_roll[1])]
    for key in ("human", "laser_trained", "impale_immune"):
        out[key] = typed[key]
    out["condition"] = condition_of_sheet(typed["condition"])
    out["growth_marks"] = typed["growth_marks"]  # DG-GROW-1: until the growth roll
    if typed.get("gear"):  # the agent's gear, words only
        out["gear"] = typed["gear"]
    return out


def condition_of_sheet(raw: Mapping[str, Any] | None) -> Json | None:
    """The sheet's condition completed (every location), or None for an unhurt agent: a form
    sends every field blank or zero, which is full health too."""
    if not raw:
        return None
    out: Json = {key: raw.get(key, entry.default) for key, entry in _CONDITION_LEAVES.items()}
    for loc in LOCATIONS:
        out[loc] = LOCATION_CONDITION.validate(raw.get(loc) or {}, f"condition.{loc}")
    out["poisons"] = [dict(dose) for dose in raw.get("poisons") or ()]
    unhurt = (
        out["hp"] is None
        and not any(out[key] for key in ("dead", "knocked_out", "on_fire", "poisons"))
        and all(out[loc] == LOCATION_CONDITION.validate({}) for loc in LOCATIONS)
    )
    return None if unhurt else out


_CONDITION_LEAVES = {
    entry.key: entry for entry in CONDITION_SCHEMA.entries if entry.kind not in ("record", "list")
}


DEFAULT_SHEET: Json = {
    "name": "New agent",
    "str": 11,
    "con": 12,
    "siz": 13,
    "int": 13,
    "pow": 11,
    "dex": 12,
    "app": 10,
    "skills": {"firearms": 40, "dodge": 24, "first_aid": 30, "medicine": 5, "fist": 50},
    "weapons": [
        {
            "key": "pistol",
            "name": "9mm pistol",
            "skill": "firearms",
            "damage": "1d10",
            "rof": 3,
            "capacity": 15,
            "spare": 2,
            "mal": 98,
            "handgun": True,
            "base_range_m": 20,
        }
    ],
    "vest": None,
    "edges": [],
}
