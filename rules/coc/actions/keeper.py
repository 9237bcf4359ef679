"""The Keeper's tools: hazards, blasts, falls, poison, dangers, resistance rolls, overrides
(the clock, Sanity and accidents are in keeper_time.py)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from rules.brp.core import DamageDice, resistance_chance
from rules.brp.hazards import POISONS, changed_charge, drown_start
from rules.coc import messages as m
from rules.coc.actions.common import distance, everyone, refuse, words
from rules.coc.checks import d100, verdict
from rules.coc.damage import down_at
from rules.coc.hazards import (
    administer,
    blast,
    effect_name,
    effect_order,
    end_effect,
    fall,
    start_effect,
)
from rules.coc.state import Script, combatant, cset, status
from rules.coc.tables import ARMOUR, ARMOUR_NAMES
from rules.core.actions import is_gm
from rules.core.dice import Dice
from rules.core.errors import DiceError
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, choices
from rules.core.params import bool_param, choice_param, int_param
from rules.core.system import Action, Event, Json
from rules.scene import reading_messages as scene_words
from rules.scene.areas import CENTRE, caught, gm_only, square
from rules.scene.grid import has_map

HAZARD = Message("coc.action.hazard", "Start a hazard")
END_EFFECT = Message("coc.action.end_effect", "End an effect")
EXPLODE = Message("coc.action.explode", "Explosion")
FALL = Message("coc.action.fall", "Fall")
POISON = Message("coc.action.poison", "Poison")
DANGER = Message("coc.action.danger", "Declare a danger")
RESIST = Message("coc.action.resist", "Resistance roll")
CONCEAL = Message("coc.action.conceal", "Hard to see")
OVERRIDE = Message("coc.action.override", "Override")
F_HAZARD = Message("coc.field.hazard", "Hazard")
F_WHO = Message("coc.field.who", "{name}")
F_DICE = Message("coc.field.dice", "Damage a round (great fire)")
F_EFFECT = Message("coc.field.effect", "Effect")
F_BLAST_DICE = Message("coc.field.blast_dice", "Damage dice (d6)")
F_RADIUS = Message("coc.field.radius", "Radius (yards)")
F_CHARGE = Message("coc.field.charge", "Charge")
F_DIST_OF = Message("coc.field.dist_of", "{name}: yards from the blast (blank: outside)")
F_HEIGHT = Message("coc.field.height", "Height (feet)")
F_JUMPED = Message("coc.field.jumped", "Jumped on purpose (Jump roll)")
F_POISON = Message("coc.field.poison", "Poison")
F_POT = Message("coc.field.pot", "POT (0: the table's)")
F_DOSES = Message("coc.field.doses", "Doses")
F_SECRET = Message("coc.field.secret", "Secret")
F_WHAT = Message("coc.field.what", "What threatens")
F_ACTIVE = Message("coc.field.active", "Active")
F_PASSIVE = Message("coc.field.passive", "Passive")
F_OBSERVER = Message("coc.field.observer", "Hidden from")
F_TARGET = Message("coc.field.target", "Target")
F_FIELD = Message("coc.field.field", "What")
F_VALUE = Message("coc.field.value", "New value")
F_REASON = Message("coc.field.reason", "Reason")
FIELD_OF_FIRE = Message("coc.action.field_of_fire", "Describe the field of fire")
F_NOTE = Message("coc.field.note", "What the investigators see")
F_COVER_OF = Message("coc.field.cover_of", "{name}: cover")
F_CONE_OF = Message("coc.field.cone_of", "{name}: bunched in a narrow cone")
CHARGE_NAMES = {
    "normal": Message("coc.charge.normal", "as it is"),
    "double": Message("coc.charge.double", "doubled"),
    "half": Message("coc.charge.half", "halved"),
}
HAZARDS = {
    "acid_weak": Message("coc.hazard.acid_weak", "weak acid"),
    "acid_strong": Message("coc.hazard.acid_strong", "strong acid"),
    "acid_very_strong": Message("coc.hazard.acid_very_strong", "very strong acid"),
    "drowning": Message("coc.hazard.drowning", "drowning or suffocation"),
    "drowning_surprised": Message("coc.hazard.drowning_surprised", "drowning, taken by surprise"),
    "on_fire": Message("coc.hazard.on_fire", "hair and clothes on fire"),
    "bonfire": Message("coc.hazard.bonfire", "in a large bonfire"),
    "burning_room": Message("coc.hazard.burning_room", "trapped in a burning room"),
    "custom": Message("coc.hazard.custom", "in a great fire (your dice)"),
}
FIELDS = ("hp", "mp", "san", "luck", "con", "app", "ko_rounds", "dead")
LASTING = Message("coc.action.lasting", "A lasting injury: a limb lost")
F_LIMB = Message("coc.field.limb", "Limb lost")
F_CON_LOST = Message("coc.field.con_lost", "CON lost for good")
F_APP_LOST = Message("coc.field.app_lost", "APP lost for good")
RIGHT_ARM = Message("coc.limb.right_arm", "right arm")
LEFT_ARM = Message("coc.limb.left_arm", "left arm")
RIGHT_LEG = Message("coc.limb.right_leg", "right leg")
LEFT_LEG = Message("coc.limb.left_leg", "left leg")
LIMBS = {"right_arm": RIGHT_ARM, "left_arm": LEFT_ARM, "right_leg": RIGHT_LEG, "left_leg": LEFT_LEG}
LIMB_LOST = Message(
    "coc.log.limb_lost", "{name} loses the {limb} for good: CON {con}, APP {app} from now on."
)
LIMB_GONE = Message("coc.refuse.limb_gone", "{name} has already lost the {limb}.")


def targets_of(state: Json, params: Any, prefix: str = "t_") -> list[str]:
    chosen = [i for i in sorted(state["combatants"]) if bool_param(params, f"{prefix}{i}")]
    if not chosen and params.get("target"):
        chosen = [combatant(state, params["target"])["id"]]
    if not chosen:
        raise refuse(m.NO_TARGET())
    return chosen


def _hazard(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-ACID-1/-TABLE, COC-DROWN-1/-2/-3, COC-FIRE-4/-6/-7/-8: an effect ticking each round
    (the Keeper judges massive contact with acid and when drowning applies)."""
    kind = choice_param(action.params, "hazard", HAZARDS)
    chosen = targets_of(state, action.params)
    custom = "1d6+2"
    if kind == "custom":
        custom = words(action.params, "dice", 30) or "2d6"
        try:
            DamageDice.parse(custom)
        except DiceError:
            raise refuse(m.BAD_DICE(expr=custom), "COC-FIRE-8") from None
    script = Script(state, dice)
    for ident in chosen:
        if kind.startswith("acid_"):
            start_effect(script, "acid", ident, {"grade": kind[5:]})
        elif kind.startswith("drowning"):
            surprised = kind == "drowning_surprised" or bool(state["combatants"][ident]["surprise"])
            start_effect(script, "drowning", ident, {"start": drown_start(surprised), "n": 0})
        elif kind == "on_fire":
            start_effect(script, "on_fire", ident, {})
        else:
            start_effect(script, "fire_zone", ident, {"fire": kind, "dice": custom})
    return script.events


def who_fields(state: Json, prefix: str = "t_") -> tuple[Field, ...]:
    return tuple(
        Field(f"{prefix}{i}", F_WHO(name=c["name"]), "checkbox", default=False)
        for i, c in sorted(state["combatants"].items())
        if not c["dead"]
    )


def _offer_hazard(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "hazard",
        HAZARD(),
        "COC-FIRE-1",
        (
            Field(
                "hazard",
                F_HAZARD(),
                "choice",
                choices((k, v()) for k, v in HAZARDS.items()),
                default="burning_room",
            ),
            *who_fields(state),
            Field("dice", F_DICE(), "text", default="2d6+2", rule="COC-FIRE-8"),
        ),
        preview=True,
    )


def _end_effect(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DROWN-5, COC-ACID-TABLE: escape, rescue or leaving ends an effect at once."""
    ident = str(action.params.get("effect") or "")
    if ident not in state["effects"]:
        raise refuse(m.NO_EFFECT(effect=ident))
    script = Script(state, dice)
    end_effect(script, ident)
    return script.events


def _offer_end_effect(state: Json, actor: str) -> ActionTemplate | None:
    if not state["effects"]:
        return None
    listed = choices(
        (i, m.EFFECT_OF(target=state["combatants"][e["target"]]["name"], effect=effect_name(e)))
        for i, e in sorted(state["effects"].items(), key=lambda kv: effect_order(kv[0]))
    )
    return ActionTemplate(
        "end_effect",
        END_EFFECT(),
        "COC-DROWN-5",
        (Field("effect", F_EFFECT(), "choice", listed, default=listed[0].value),),
    )


def explosion(state: Json, params: Any) -> tuple[int, Fraction, dict[str, Fraction]]:
    """COC-EXPL-1/-3 (AMB-COC-03: dice rounded half up, radius exact): charge and distances."""
    base = int_param(params, "dice", 5, low=1, high=60)
    radius = distance(params, "radius", "2")
    if radius <= 0:
        raise refuse(m.BAD_DISTANCE())
    charge = choice_param(params, "charge", CHARGE_NAMES, "normal")
    steps = {"normal": 0, "double": 1, "half": -1}[charge]
    dice, radius = changed_charge(base, radius, steps) if steps else (base, radius)
    centre = square(state, params, CENTRE)
    if centre is not None:  # SCENE-AREA-1: the map says who is caught and how far
        caught_ = caught(state, centre, radius * dice)
        if not caught_:
            raise refuse(scene_words.NONE_CAUGHT())
        return dice, radius, caught_
    distances = {
        ident: distance(params, f"d_{ident}")
        for ident in sorted(state["combatants"])
        if str(params.get(f"d_{ident}", "")).strip() != ""
        and not state["combatants"][ident]["dead"]
    }
    if not distances:
        raise refuse(m.NO_BLAST_TARGET())
    return dice, radius, distances


def _explode(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-EXPL-1/-2/-3: a blast, every target rolling its own band's damage."""
    count, radius, distances = explosion(state, action.params)
    script = Script(state, dice)
    script.emit(
        "blast.set",
        m.BLAST_SET(dice=count, radius=radius),
        dice=count,
        radius=[radius.numerator, radius.denominator],
    )
    hidden = {t: d for t, d in distances.items() if has_map(state) and gm_only(state, t)}
    blast(script, count, radius, {t: d for t, d in distances.items() if t not in hidden})
    if hidden:  # SCENE-HIDE-1: GM-only tokens caught, and what befalls them, go to the Keeper
        mark = len(script.events)
        blast(script, count, radius, hidden)
        script.events[mark:] = [replace(e, audience="gm") for e in script.events[mark:]]
    return script.events


def _offer_explode(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "explode",
        EXPLODE(),
        "COC-EXPL-1",
        (
            Field("dice", F_BLAST_DICE(), "number", default=5, min=1, max=60),
            Field("radius", F_RADIUS(), "number", default=2, min=0),
            Field(
                "charge",
                F_CHARGE(),
                "choice",
                choices((k, v()) for k, v in CHARGE_NAMES.items()),
                default="normal",
                rule="COC-EXPL-3",
            ),
            *(  # SCENE-AREA-1: on a map the blast's square replaces the distances typed
                (Field(CENTRE, scene_words.F_CENTRE(), "text", rule="SCENE-AREA-1"),)
                if has_map(state)
                else ()
            ),
            *(
                Field(f"d_{i}", F_DIST_OF(name=c["name"]), "number", default="", min=0)
                for i, c in sorted(state["combatants"].items())
                if not c["dead"]
            ),
        ),
        preview=True,
    )


def _fall(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-FALL-1/-2: a fall from a height, with a Jump roll when jumped on purpose."""
    who = combatant(state, action.params.get("target"))["id"]
    height = int_param(action.params, "height", low=0, high=10_000)
    script = Script(state, dice)
    fall(script, who, height, bool_param(action.params, "jumped"))
    return script.events


def _offer_fall(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "fall",
        FALL(),
        "COC-FALL-1",
        (
            Field("target", F_TARGET(), "target", everyone(state)),
            Field("height", F_HEIGHT(), "number", default=20, min=0, max=10000),
            Field("jumped", F_JUMPED(), "checkbox", default=False, rule="COC-FALL-2"),
        ),
    )


def _poison(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-POISON-1/-4/-5/-6: a dose (or more) of a poison; the Keeper may roll it in secret."""
    who = combatant(state, action.params.get("target"))["id"]
    key = choice_param(action.params, "poison", POISONS)
    potency = int_param(action.params, "pot", 0, low=0, high=100) or POISONS[key].potency
    doses = int_param(action.params, "doses", 1, low=1, high=20)
    script = Script(state, dice)
    administer(script, who, key, potency, doses, bool_param(action.params, "secret"))
    return script.events


def _offer_poison(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "poison",
        POISON(),
        "COC-POISON-1",
        (
            Field("target", F_TARGET(), "target", everyone(state)),
            Field(
                "poison",
                F_POISON(),
                "choice",
                choices((k, m.POISON_NAMES[k]()) for k in POISONS),
                default="strychnine",
                rule="COC-POISON-TABLE",
            ),
            Field("pot", F_POT(), "number", default=0, min=0, max=100, rule="COC-POISON-4"),
            Field("doses", F_DOSES(), "number", default=1, min=1, max=20, rule="COC-POISON-6"),
            Field("secret", F_SECRET(), "checkbox", default=True),
        ),
        preview=True,
    )


def _danger(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DODGE-2: the Keeper names a danger Dodge cannot answer; the player may roll Luck."""
    chosen = targets_of(state, action.params)
    what = words(action.params, "what", 120) or "-"
    script = Script(state, dice)
    for ident in chosen:
        script.emit(
            "danger.declared",
            m.DANGER(target=script.c(ident)["name"], what=what),
            [cset(ident, "danger", what)],
            target=ident,
        )
    return script.events


def _offer_danger(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "danger",
        DANGER(),
        "COC-DODGE-2",
        (
            *who_fields(state),
            Field("what", F_WHAT(), "text", default=""),
        ),
    )


def _resist(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-RES-1: active against passive on the resistance table, in secret if the Keeper wants."""
    active = int_param(action.params, "active", low=0, high=200)
    passive = int_param(action.params, "passive", low=0, high=200)
    chance = resistance_chance(active, passive)
    secret = bool_param(action.params, "secret")
    script = Script(state, dice)
    roll, ok = d100(script, chance, "resistance")
    script.emit(
        "resistance.rolled",
        m.RESIST(active=active, passive=passive, roll=roll, chance=chance, result=verdict(ok)),
        audience="gm" if secret else "all",
        redacted=m.RESIST_SECRET() if secret else None,
        roll=roll,
        chance=chance,
        success=ok,
    )
    return script.events


def _offer_resist(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "resist",
        RESIST(),
        "COC-RES-1",
        (
            Field("active", F_ACTIVE(), "number", default=10, min=0, max=200),
            Field("passive", F_PASSIVE(), "number", default=10, min=0, max=200),
            Field("secret", F_SECRET(), "checkbox", default=False),
        ),
        preview=True,
    )


def _conceal(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CONCEAL-1: the Keeper marks a target hard to see for one observer."""
    hidden = combatant(state, action.params.get("target"))
    observer = combatant(state, action.params.get("observer"))
    script = Script(state, dice)
    seen_by = sorted({*hidden["hard_to_see_for"], observer["id"]})
    script.emit(
        "target.concealed",
        m.CONCEALED(target=hidden["name"], actor=observer["name"]),
        [cset(hidden["id"], "hard_to_see_for", seen_by)],
        target=hidden["id"],
    )
    return script.events


def _offer_conceal(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "conceal",
        CONCEAL(),
        "COC-CONCEAL-1",
        (
            Field("target", F_TARGET(), "target", everyone(state)),
            Field("observer", F_OBSERVER(), "target", everyone(state)),
        ),
    )


def _field_of_fire(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-AUTO-8: the Keeper's description of the field of fire, for everyone to read: what the
    investigators see, each combatant's cover (COC-ARMOUR-TABLE) and who is bunched in a narrow
    cone (COC-AUTO-7); shots at a target take its marked cover unless the shooter names one."""
    note = words(action.params, "note", 300)
    covers = {
        ident: choice_param(action.params, f"cover_{ident}", ARMOUR, c.get("cover", "none"))
        for ident, c in sorted(state["combatants"].items())
    }
    cone = [i for i in sorted(state["combatants"]) if bool_param(action.params, f"cone_{i}")]
    script = Script(state, dice)
    changes = [["set", ["field_note"], note]]
    for ident, key in covers.items():
        changes += [cset(ident, "cover", key), cset(ident, "bunched", ident in cone)]
    script.emit(
        "field.described",
        m.FIELD_SET(note=note or "-"),
        changes,
        note=note,
        cover=covers,
        cone=cone,
    )
    for ident, key in covers.items():
        if key != "none":
            script.emit(
                "field.cover",
                m.FIELD_COVER(target=script.c(ident)["name"], cover=ARMOUR_NAMES[key]()),
                target=ident,
            )
    if cone:
        names = [script.c(i)["name"] for i in cone]
        script.emit("field.cone", m.FIELD_CONE(targets=names), targets=cone)
    return script.events


def _offer_field_of_fire(state: Json, actor: str) -> ActionTemplate:
    covers = choices((k, v()) for k, v in ARMOUR_NAMES.items())
    living = [(i, c) for i, c in sorted(state["combatants"].items()) if not c["dead"]]
    return ActionTemplate(
        "field_of_fire",
        FIELD_OF_FIRE(),
        "COC-AUTO-8",
        (
            Field("note", F_NOTE(), "text", default=state.get("field_note", "")),
            *(
                Field(
                    f"cover_{i}",
                    F_COVER_OF(name=c["name"]),
                    "choice",
                    covers,
                    default=c.get("cover", "none"),
                    rule="COC-ARMOUR-TABLE",
                )
                for i, c in living
            ),
            *(
                Field(
                    f"cone_{i}",
                    F_CONE_OF(name=c["name"]),
                    "checkbox",
                    default=bool(c.get("bunched")),
                    rule="COC-AUTO-7",
                )
                for i, c in living
            ),
        ),
    )


def sheet_readers(c: Json) -> dict[str, Any]:
    """Who reads a line with a combatant's sheet values: everyone for an investigator (their
    sheets are open, rules/coc/view.py), else the Keeper and whoever plays it; the others read
    that the Keeper did something."""
    if c["side"] == "investigators":
        return {}
    return {"audience": f"actor:{c['id']}", "redacted": m.POISON_SECRET()}


def _override(state: Json, action: Action, dice: Dice) -> list[Event]:
    """The Keeper's word over any automatic result, with the reason in the log (undo is the
    table's)."""
    c = combatant(state, action.params.get("target"))
    field = choice_param(action.params, "field", FIELDS)
    reason = words(action.params, "reason", 200)
    if not reason:
        raise refuse(m.REASON_NEEDED())
    value: Any = int_param(action.params, "value", low=-1000, high=10_000)
    if field == "dead":
        value = bool(value)
    old = c[field]
    script = Script(state, dice)
    changes = [cset(c["id"], field, value)]
    if field == "hp" and value >= 1:
        changes.append(cset(c["id"], "dying_round", None))
    if field == "hp" and value <= 0 and c["dying_round"] is None:
        changes.append(cset(c["id"], "dying_round", state["round"]))
    if status({**c, field: value}) != "ok" and status(c) == "ok":
        changes.append(down_at(script, c["id"]))
    script.emit(
        "keeper.overrode",
        m.OVERRIDE(
            target=c["name"],
            field=m.OVERRIDE_FIELDS[field](),
            old=str(old),
            new=str(value),
            reason=reason,
        ),
        changes,
        **sheet_readers(c),
        target=c["id"],
        field=field,
        old=old,
        new=value,
        reason=reason,
    )
    return script.events


def _lasting(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-DMG-1: a severed limb is lost for good, with the CON and APP the Keeper judges it
    costs (the seed gives no figure); the sheet keeps all three after the scene."""
    c = combatant(state, action.params.get("target"))
    limb = choice_param(action.params, "limb", LIMBS)
    if limb in c.get("lost_limbs", ()):
        raise refuse(LIMB_GONE(name=c["name"], limb=LIMBS[limb]()), "COC-DMG-1")
    con = max(0, c["con"] - int_param(action.params, "con", 0, low=0, high=100))
    app = max(0, c["app"] - int_param(action.params, "app", 0, low=0, high=100))
    script = Script(state, dice)
    script.emit(
        "injury.lasting",
        LIMB_LOST(name=c["name"], limb=LIMBS[limb](), con=con, app=app),
        [
            ["add", ["combatants", c["id"], "lost_limbs"], limb],
            cset(c["id"], "con", con),
            cset(c["id"], "app", app),
        ],
        **sheet_readers(c),
        target=c["id"],
        limb=limb,
        con=con,
        app=app,
        rule="COC-DMG-1",
    )
    return script.events


def _offer_lasting(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "lasting_injury",
        LASTING(),
        "COC-DMG-1",
        (
            Field("target", F_TARGET(), "target", everyone(state)),
            Field("limb", F_LIMB(), "choice", choices((k, v()) for k, v in LIMBS.items())),
            Field("con", F_CON_LOST(), "number", default=0, min=0, max=100),
            Field("app", F_APP_LOST(), "number", default=0, min=0, max=100),
        ),
    )


def _offer_override(state: Json, actor: str) -> ActionTemplate:
    return ActionTemplate(
        "override",
        OVERRIDE(),
        "",
        (
            Field(
                "target",
                F_TARGET(),
                "target",
                choices((i, c["name"]) for i, c in sorted(state["combatants"].items())),
            ),
            Field(
                "field",
                F_FIELD(),
                "choice",
                choices((f, m.OVERRIDE_FIELDS[f]()) for f in FIELDS),
                default="hp",
            ),
            Field("value", F_VALUE(), "number", default=0),
            Field("reason", F_REASON(), "text", default=""),
        ),
    )


SPECS = [
    ActionSpec("hazard", "COC-FIRE-1", _hazard, who=is_gm, offer=_offer_hazard),
    ActionSpec("end_effect", "COC-DROWN-5", _end_effect, who=is_gm, offer=_offer_end_effect),
    ActionSpec("explode", "COC-EXPL-1", _explode, who=is_gm, offer=_offer_explode),
    ActionSpec("fall", "COC-FALL-1", _fall, who=is_gm, offer=_offer_fall),
    ActionSpec("poison", "COC-POISON-1", _poison, who=is_gm, offer=_offer_poison),
    ActionSpec("danger", "COC-DODGE-2", _danger, who=is_gm, offer=_offer_danger),
    ActionSpec("resist", "COC-RES-1", _resist, who=is_gm, offer=_offer_resist),
    ActionSpec("conceal", "COC-CONCEAL-1", _conceal, who=is_gm, offer=_offer_conceal),
    ActionSpec(
        "field_of_fire", "COC-AUTO-8", _field_of_fire, who=is_gm, offer=_offer_field_of_fire
    ),
    ActionSpec("override", "", _override, who=is_gm, offer=_offer_override),
    ActionSpec("lasting_injury", "COC-DMG-1", _lasting, who=is_gm, offer=_offer_lasting),
]
