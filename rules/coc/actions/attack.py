"""Attacks on the actor's DEX rank: melee, fire, bursts, throws, two guns, aiming, pulling free."""

from __future__ import annotations

from typing import Any

from rules.brp.core import LOCATE_SKILLS, idea_chance, locate_chance, may_attack
from rules.brp.firearms import SHOTGUN_SHOTS_ON_DEX, chamber_refused, rate_of_fire
from rules.brp.melee import attacks_and_parries, knockout_refused
from rules.coc import messages as m
from rules.coc.actions.common import (
    awake,
    distance,
    is_combatant,
    my_turn,
    others,
    refuse,
    target,
    weapons,
)
from rules.coc.chance import beyond_base_range
from rules.coc.checks import d100, lit
from rules.coc.combat import Attack, burst, fire, melee, thrown
from rules.coc.state import Script, acting, combatant, cset, settings_of
from rules.coc.tables import ARMOUR, ARMOUR_NAMES, DICE_SIZES, MARKED, SKILL_NAMES
from rules.coc.turns import acts_in, defer, end_turn
from rules.core.dice import Dice
from rules.core.kit import ActionSpec, ActionTemplate, Field, Message, choices
from rules.core.params import bool_param, choice_param, int_param
from rules.core.system import Action, Event, Json
from rules.scene import reading_messages as scene_words
from rules.scene.grid import has_map
from rules.scene.ranges import REASON, UNMET, check_reach, measured, reached

ATTACK = Message("coc.action.attack", "Attack")
FIRE = Message("coc.action.fire", "Fire")
BURST = Message("coc.action.burst", "Fire a burst")
THROW = Message("coc.action.throw", "Throw")
TWO_GUNS = Message("coc.action.two_guns", "Fire two handguns")
AIM = Message("coc.action.aim", "Aim (fire at half DEX)")
CHAMBER = Message("coc.action.chamber", "Load one and fire (half DEX)")
PULL = Message("coc.action.pull", "Pull the weapon free")
LOCATE = Message("coc.action.locate", "Look for a hidden target")
F_TARGET = Message("coc.field.target", "Target")
F_ALSO = Message("coc.field.also", "Second target (unaimed fire)")
F_WEAPON = Message("coc.field.weapon", "Weapon")
F_SECOND_GUN = Message("coc.field.second_gun", "Second handgun")
F_SHOTS = Message("coc.field.shots", "Shots")
F_SHOTS_AT = Message("coc.field.shots_at", "Shots at {name}")
F_DISTANCE = Message("coc.field.distance", "Distance (yards)")
F_MODIFIER = Message("coc.field.modifier", "Keeper's modifier (%)")
F_COVER = Message("coc.field.cover", "Target's cover")
F_UNAIMED = Message("coc.field.unaimed", "Unaimed (double shots, 1/5 chance)")
F_KNOCKOUT = Message("coc.field.knockout", "Try to knock out")
F_CONE = Message("coc.field.cone", "Targets in a narrow cone")
F_BOTH = Message("coc.field.both", "Second shot at half DEX")
F_HOW = Message("coc.field.how", "With")
F_BEHIND = Message("coc.field.from_behind", "From behind (a completely surprised target)")
# past the base range only (COC-RANGE-2): said by the field's rule mark and by the refusal of a
# cut at a nearer shot, so the label takes two lines of a laptop's card, not four
F_DAMAGE_MOD = Message("coc.field.damage_mod", "Keeper's damage cut per bullet")

IDEA = Message("coc.skill.idea", "Idea")
LOOK = {"spot_hidden": SKILL_NAMES["spot_hidden"], "idea": IDEA}


def _attacker(state: Json, actor: str) -> tuple[Json, Json]:
    """COC-ROUND-1, COC-DODGE-4, COC-SURPRISE-2: whose turn it is and whether it may attack."""
    slot = my_turn(state, actor)
    c = combatant(state, actor)
    if not acts_in(state, slot):  # COC-ROUND-1: fallen at this very rank, it still acts
        awake(state, actor)
    if state["round"] == 1 and not may_attack(c["surprise"]):
        raise refuse(m.TOTAL_SURPRISE(actor=c["name"]), "COC-SURPRISE-2")
    if c["round"]["dodge"] and settings_of(state).dodge_forfeits_attack:
        raise refuse(m.DODGED_NO_ATTACK(actor=c["name"]), "COC-DODGE-4")
    if c["round"]["attacked"] and slot["intent"] not in ("second",):
        raise refuse(m.ALREADY_ATTACKED(actor=c["name"]), "COC-TWOWEAP-1")
    return slot, c


def _weapon(state: Json, c: Json, key: str, kinds: tuple[str, ...]) -> Json:
    weapon: Json | None = next((w for w in c["sheet"]["weapons"] if w["key"] == key), None)
    if weapon is None:
        raise refuse(m.NO_WEAPON(actor=c["name"], weapon=key))
    if weapon["kind"] not in kinds:
        raise refuse(m.WRONG_WEAPON(weapon=weapon["name"]))
    held = c["weapons"][key]
    if held["broken"]:
        raise refuse(m.BROKEN(weapon=weapon["name"]))
    if held["jammed"]:
        raise refuse(m.JAMMED(weapon=weapon["name"]), "COC-MAL-4")
    if held["disabled"] and weapon["kind"] == "firearm":
        raise refuse(m.DISABLED(weapon=weapon["name"]), "COC-PARRY-8")
    if held["stuck_in"]:
        raise refuse(m.STUCK(weapon=weapon["name"], target=held["stuck_in"]), "COC-IMPALE-5")
    parry = c["round"]["parry"]
    if parry and parry["weapon"] == key:
        if weapon["kind"] == "firearm":
            raise refuse(m.NO_PARRY_GUN(weapon=weapon["name"]), "COC-PARRY-8")
        swords_only = settings_of(state).attack_and_parry == "swords_only"
        if not attacks_and_parries(weapon, swords_only):
            raise refuse(m.PARRY_DONE(actor=c["name"]), "COC-PARRY-7")
    return weapon


def _seen(state: Json, actor: str, victim: Json) -> None:
    """COC-CONCEAL-1: a hard-to-see target must be located first."""
    if (
        actor in victim["hard_to_see_for"]
        and victim["id"] not in combatant(state, actor)["round"]["located"]
    ):
        raise refuse(
            m.NOT_LOCATED(actor=combatant(state, actor)["name"], target=victim["name"]),
            "COC-CONCEAL-1",
        )


def long_range_cut(
    c: Json, weapon: Json, params: dict[str, Any] | Any, distance_yd: Any, aimed: bool
) -> int:
    """COC-RANGE-2: no automatic loss; the Keeper may cut each bullet's damage, but only for a
    shot past the base range (after aiming, sights and a working silencer)."""
    cut = int_param(params, "damage_mod", 0, low=-50, high=0)
    if not cut:
        return 0
    if c["weapons"][weapon["key"]].get("silencer_ruined"):
        weapon = {**weapon, "silencer": False}
    if weapon["kind"] != "firearm" or not beyond_base_range(weapon, distance_yd, aimed):
        raise refuse(m.NOT_FAR(weapon=weapon["name"]), "COC-RANGE-2")
    return cut


def _cover(state: Json, params: dict[str, Any] | Any, target_id: str) -> int:
    """COC-ARMOUR-TABLE, COC-AUTO-8: the cover the form names, or the one the Keeper marked for
    that target in the field of fire (the default)."""
    key = choice_param(params, "cover", ("marked", *ARMOUR), "marked")
    if key == "marked":
        key = str(state["combatants"][target_id].get("cover") or "none")
    return ARMOUR[key]


def in_cone(state: Json, params: dict[str, Any] | Any, allocation: list[tuple[str, int]]) -> bool:
    """COC-AUTO-7/-8: a cone when the shooter says so, or when the Keeper described every
    target of a burst over several as bunched in a narrow cone."""
    if bool_param(params, "cone"):
        return True
    return len(allocation) > 1 and all(
        bool(state["combatants"][t].get("bunched")) for t, _ in allocation
    )


def declared(
    state: Json, action: Action, kinds: tuple[str, ...]
) -> tuple[Json, Json, Json, Attack]:
    """The checked attack of a form: slot, attacker, weapon, Attack (previews share it)."""
    slot, c = _attacker(state, action.actor)
    weapon = _weapon(state, c, str(action.params.get("weapon") or ""), kinds)
    victim = target(state, action.params, action.actor)
    _seen(state, action.actor, victim)
    knockout = bool_param(action.params, "knockout")
    refused = knockout and knockout_refused(
        weapon["kind"], bool(weapon["blunt"]), bool(victim["sheet"]["knockout_allowed"])
    )
    if refused == "not_blunt":
        raise refuse(m.NO_KNOCKOUT(), "COC-KO-1")
    if refused == "not_victim":
        raise refuse(m.NO_KNOCKOUT_TARGET(target=victim["name"]), "COC-KO-5")
    yards = distance(action.params)
    aimed = slot["intent"] == "aim"
    attack = Attack(
        attacker=action.actor,
        weapon=weapon["key"],
        target=victim["id"],
        distance=yards,
        modifier=int_param(action.params, "modifier", 0, low=-100, high=100),
        cover=_cover(state, action.params, victim["id"]),
        aimed=aimed,
        unaimed=bool_param(action.params, "unaimed") and not aimed,
        knockout=knockout,
        damage_modifier=long_range_cut(c, weapon, action.params, yards, aimed),
        from_behind=bool_param(action.params, "from_behind"),
        light="dark" if bool_param(action.params, "dark") else "",  # SCENE-RANGE-3
        unmet=str(action.params.get(UNMET) or ""),  # SCENE-HIDE-2/3
    )
    return slot, c, weapon, attack


def shot_limit(state: Json, c: Json, weapon: Json, slot: Json, unaimed: bool) -> int:
    """COC-UNAIMED-1, COC-SURPRISE-1, COC-SHOTGUN-2/3, COC-AIM-1: shots allowed in this slot."""
    if slot["intent"] in ("aim", "chamber", "second"):
        return 1
    limit = rate_of_fire(int(weapon["shots_per_round"]), unaimed)
    if weapon["skill"] == "shotgun":
        limit = SHOTGUN_SHOTS_ON_DEX  # the second barrel or pump shot comes at half DEX
    if state["round"] == 1 and c["surprise"] == "surprised":
        limit = 1
    fired: int = c["round"]["shots"].get(weapon["key"], 0)
    return max(0, limit - fired)


def _finish(script: Script, actor: str) -> list[Event]:
    if acting(script.state, actor):
        end_turn(script, actor)
    return script.events


def _attack(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-ROUND-1: a melee or unarmed attack; COC-KO-1 a declared knockout; COC-FIRE-3 a torch."""
    _, _, _, attack = declared(state, action, ("melee", "unarmed"))
    check_reach(state, action.actor, attack.target, "SCENE-REACH-1")  # on a map: next to it
    script = Script(state, dice)
    melee(script, attack)
    return _finish(script, action.actor)


def _fire(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-IMPALE-6, COC-UNAIMED-1/-2, COC-SHOTGUN-2/-3: aimed or unaimed single shots."""
    slot, c, weapon, attack = declared(state, action, ("firearm",))
    limit = shot_limit(state, c, weapon, slot, attack.unaimed)
    shots = int_param(action.params, "shots", 1, low=1, high=40)
    if shots > limit:
        raise refuse(m.TOO_MANY_SHOTS(weapon=weapon["name"], max=limit), "COC-UNAIMED-1")
    loaded = c["weapons"][weapon["key"]]["loaded"]
    if loaded < shots:
        raise refuse(m.EMPTY(weapon=weapon["name"], loaded=loaded, needed=shots), "COC-RELOAD-1")
    also: tuple[str, ...] = ()
    if attack.unaimed and action.params.get("also"):
        second = target(state, action.params, action.actor, "also")
        if second["id"] != attack.target:
            also = (second["id"],)
    script = Script(state, dice)
    fire(script, attack, shots, also)
    held = script.c(action.actor)["weapons"][weapon["key"]]
    if (
        weapon["skill"] == "shotgun"
        and slot["intent"] == ""
        and bool_param(action.params, "both")
        and int(weapon["shots_per_round"]) >= 2
        and held["loaded"] > 0
        and not held["jammed"]
    ):
        # COC-SHOTGUN-2 (AMB-COC-14) for both barrels, COC-SHOTGUN-3 for a pump (two shots by
        # model) or a semi-automatic: the second shot at half DEX.
        defer(script, action.actor, "second", m.INTENT_SECOND())
    return _finish(script, action.actor)


def _burst(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-AUTO-1..-7 (AMB-COC-12): a burst on the DEX rank, shots shared out by the shooter."""
    slot, c = _attacker(state, action.actor)
    weapon = _weapon(state, c, str(action.params.get("weapon") or ""), ("firearm",))
    allocation = burst_allocation(state, action, c, weapon)
    first = allocation[0][0]
    script = Script(state, dice)
    yards = distance(action.params)
    attack = Attack(
        attacker=action.actor,
        weapon=weapon["key"],
        target=first,
        distance=yards,
        modifier=int_param(action.params, "modifier", 0, low=-100, high=100),
        damage_modifier=long_range_cut(c, weapon, action.params, yards, False),
        from_behind=bool_param(action.params, "from_behind"),
        light="dark" if bool_param(action.params, "dark") else "",  # SCENE-RANGE-3
        unmet=str(action.params.get(UNMET) or ""),  # SCENE-HIDE-2/3
    )
    covers = {t: _cover(state, action.params, t) for t, _ in allocation}
    burst(script, attack, allocation, in_cone(state, action.params, allocation), covers)
    _ = slot
    return _finish(script, action.actor)


def burst_allocation(state: Json, action: Action, c: Json, weapon: Json) -> list[tuple[str, int]]:
    """COC-AUTO-1/-5/-6: shots per target, 2 to the weapon's burst and the rounds loaded."""
    most = int(weapon["burst_max"])
    if most < 2:
        raise refuse(m.WRONG_WEAPON(weapon=weapon["name"]), "COC-AUTO-1")
    allocation = []
    for ident in sorted(state["combatants"]):
        shots = int_param(action.params, f"shots_{ident}", 0, low=0, high=most)
        if shots:
            victim = target(state, {"target": ident}, action.actor)
            _seen(state, action.actor, victim)
            allocation.append((ident, shots))
    total = sum(n for _, n in allocation)
    if not allocation:
        raise refuse(m.NO_TARGET())
    if not 2 <= total <= most:
        raise refuse(m.BAD_BURST(max=most), "COC-AUTO-1")
    if settings_of(state).burst_sizes == "dice_only" and total not in DICE_SIZES:
        raise refuse(m.DICE_SIZES(sizes=sorted(DICE_SIZES)), "COC-AUTO-5")
    loaded = c["weapons"][weapon["key"]]["loaded"]
    if loaded < total:
        raise refuse(m.EMPTY(weapon=weapon["name"], loaded=loaded, needed=total), "COC-AUTO-1")
    return allocation


def _throw(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-THROW-1: a thrown weapon, half the damage bonus."""
    _, _, _, attack = declared(state, action, ("thrown",))
    script = Script(state, dice)
    thrown(script, attack)
    return _finish(script, action.actor)


def _two_guns(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-TWOGUN-1 (AMB-COC-17): a handgun in each hand, all shots unaimed."""
    slot, c, first, attack = declared(state, action, ("firearm",))
    second = _weapon(state, c, str(action.params.get("second") or ""), ("firearm",))
    if first["key"] == second["key"] or not (first["handgun"] and second["handgun"]):
        raise refuse(m.NO_TWO_GUNS(), "COC-TWOGUN-1")
    attack = Attack(**{**attack.__dict__, "unaimed": True})
    double = settings_of(state).two_guns_double_each
    script = Script(state, dice)
    for weapon in (first, second):
        limit = int(weapon["shots_per_round"]) * (2 if double else 1)
        shots = min(
            int_param(action.params, "shots", 1, low=1, high=40),
            limit,
            c["weapons"][weapon["key"]]["loaded"],
        )
        if shots:
            fire(script, Attack(**{**attack.__dict__, "weapon": weapon["key"]}), shots)
    _ = slot
    return _finish(script, action.actor)


def _aim(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-AIM-1 (AMB-COC-16): one aimed shot at half DEX, point-blank and base range doubled."""
    slot, _ = _attacker(state, action.actor)
    if slot["intent"]:
        raise refuse(m.NOTHING())
    script = Script(state, dice)
    defer(script, action.actor, "aim", m.INTENT_AIM())
    end_turn(script, action.actor)
    return script.events


def _chamber(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-RELOAD-3: load one cartridge and fire it this round, at half DEX."""
    slot, c = _attacker(state, action.actor)
    weapon = _weapon(state, c, str(action.params.get("weapon") or ""), ("firearm",))
    held = c["weapons"][weapon["key"]]
    refused = chamber_refused(weapon["reload"], held["loaded"], weapon["capacity"])
    if slot["intent"] or refused == "not_loose":
        raise refuse(m.NO_CHAMBER(weapon=weapon["name"]), "COC-RELOAD-3")
    if refused == "full":
        raise refuse(m.FULL(weapon=weapon["name"]))
    script = Script(state, dice)
    script.emit(
        "weapon.chambered",
        m.CHAMBERED(actor=c["name"], weapon=weapon["name"]),
        [cset(action.actor, "weapons", weapon["key"], "loaded", held["loaded"] + 1)],
        actor=action.actor,
    )
    defer(script, action.actor, "chamber", m.INTENT_CHAMBER())
    end_turn(script, action.actor)
    return script.events


def _pull(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-IMPALE-5: from the next round, a weapon-skill roll pulls a stuck weapon out."""
    _, c = _attacker(state, action.actor)
    key = str(action.params.get("weapon") or "")
    weapon = next((w for w in c["sheet"]["weapons"] if w["key"] == key), None)
    if weapon is None or not c["weapons"][key]["stuck_in"]:
        raise refuse(m.NOT_STUCK(weapon=weapon["name"] if weapon else key), "COC-IMPALE-5")
    chance = lit(state, int(c["sheet"]["skills"].get(weapon["skill"], 0)))
    script = Script(state, dice)
    roll, ok = d100(script, chance, f"pull out {key}")
    changes = [cset(action.actor, "round", "attacked", True)]
    if ok:
        changes.append(cset(action.actor, "weapons", key, "stuck_in", ""))
    script.emit(
        "weapon.pulled",
        m.PULL_OUT(
            actor=c["name"],
            weapon=weapon["name"],
            roll=roll,
            chance=chance,
            result=m.PULLED() if ok else m.STILL_STUCK(),
        ),
        changes,
        actor=action.actor,
        roll=roll,
        freed=ok,
    )
    return _finish(script, action.actor)


def _locate(state: Json, action: Action, dice: Dice) -> list[Event]:
    """COC-CONCEAL-1: Spot Hidden or Idea, once a round and free, to find a hard-to-see target."""
    c = awake(state, action.actor)
    victim = target(state, action.params, action.actor)
    if action.actor not in victim["hard_to_see_for"] or victim["id"] in c["round"]["sought"]:
        raise refuse(m.NOT_HARD_TO_SEE(target=victim["name"], actor=c["name"]), "COC-CONCEAL-1")
    how = choice_param(action.params, "how", LOCATE_SKILLS, "spot_hidden")
    spot_hidden = int(c["sheet"]["skills"].get("spot_hidden", 0))
    chance = lit(state, locate_chance(how, spot_hidden, idea_chance(int(c["sheet"]["int"]))))
    script = Script(state, dice)
    roll, ok = d100(script, chance, f"locate {victim['id']}")
    tried = [*c["round"]["located"], victim["id"]] if ok else c["round"]["located"]
    script.emit(
        "target.sought",
        m.LOCATE(
            actor=c["name"],
            target=victim["name"],
            skill=LOOK[how](),
            roll=roll,
            chance=chance,
            result=m.FOUND() if ok else m.NOT_FOUND(),
        ),
        [
            cset(action.actor, "round", "located", tried),
            cset(action.actor, "round", "sought", [*c["round"]["sought"], victim["id"]]),
        ],
        actor=action.actor,
        target=victim["id"],
        roll=roll,
        found=ok,
    )
    return script.events


# --- the forms -------------------------------------------------------------------------------


def _can_attack(state: Json, actor: str) -> Json | None:
    """The slot when the actor could attack now (the forms; resolve checks again)."""
    slot = acting(state, actor)
    if slot is None:
        return None
    try:
        _attacker(state, actor)
    except Exception:
        return None
    return slot


def _common(state: Json, actor: str) -> tuple[Field, ...]:
    fields: tuple[Field, ...] = (
        Field("modifier", F_MODIFIER(), "number", default=0, min=-100, max=100, rule="COC-GEN-4"),
    )
    surprised = state["round"] == 1 and any(
        c["surprise"] == "complete" and not c["dead"]
        for i, c in state["combatants"].items()
        if i != actor
    )
    if surprised:  # COC-SURPRISE-2: only then does the facing matter
        fields += (
            Field("from_behind", F_BEHIND(), "checkbox", default=False, rule="COC-SURPRISE-2"),
        )
    return fields


def _damage_mod_field() -> Field:
    return Field(
        "damage_mod", F_DAMAGE_MOD(), "number", default=0, min=-50, max=0, rule="COC-RANGE-2"
    )


def _cover_field() -> Field:
    return Field(
        "cover",
        F_COVER(),
        "choice",
        choices([("marked", MARKED()), *((k, v()) for k, v in ARMOUR_NAMES.items())]),
        default="marked",
        rule="COC-AUTO-8",
    )


def _offer_attack(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    arms = weapons(state, actor, ("melee", "unarmed"))
    if slot is None or slot["intent"] or not arms:
        return None
    return ActionTemplate(
        "attack",
        ATTACK(),
        "COC-ROUND-1",
        (
            Field("weapon", F_WEAPON(), "choice", arms, default=arms[0].value),
            Field("target", F_TARGET(), "target", others(state, actor)),
            Field("knockout", F_KNOCKOUT(), "checkbox", default=False, rule="COC-KO-1"),
            *_common(state, actor),
        ),
        preview=True,
    )


def _offer_fire(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    arms = tuple(
        a
        for a in weapons(state, actor, ("firearm",))
        if state["combatants"][actor]["weapons"][a.value]["loaded"] > 0
    )
    if slot is None or not arms:
        return None
    fields: list[Field] = [
        Field("weapon", F_WEAPON(), "choice", arms, default=arms[0].value),
        Field("target", F_TARGET(), "target", others(state, actor)),
        *_distance(state, 5, "COC-RANGE-1"),
        _cover_field(),
        _damage_mod_field(),
    ]
    if not slot["intent"]:
        fields[2:2] = [
            Field("shots", F_SHOTS(), "number", default=1, min=1, max=10, rule="COC-IMPALE-6"),
            Field("unaimed", F_UNAIMED(), "checkbox", default=False, rule="COC-UNAIMED-1"),
            Field(
                "also",
                F_ALSO(),
                "target",
                choices([("", "-")]) + others(state, actor),
                default="",
                rule="COC-UNAIMED-2",
            ),
            Field("both", F_BOTH(), "checkbox", default=False, rule="COC-SHOTGUN-2"),
        ]
    label = {"aim": AIM(), "chamber": CHAMBER()}.get(slot["intent"], FIRE())
    return ActionTemplate(
        "fire",
        label,
        "COC-AIM-1" if slot["intent"] == "aim" else "COC-RANGE-1",
        (*fields, *_common(state, actor)),
        preview=True,
    )


def _offer_burst(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    c = state["combatants"][actor]
    arms = tuple(
        a
        for a in weapons(state, actor, ("firearm",))
        if _burst_max(c, a.value) >= 2 and c["weapons"][a.value]["loaded"] >= 2
    )
    if slot is None or slot["intent"] or not arms:
        return None
    return ActionTemplate(
        "burst",
        BURST(),
        "COC-AUTO-2",
        (
            Field("weapon", F_WEAPON(), "choice", arms, default=arms[0].value),
            *(
                Field(
                    f"shots_{o.value}",
                    F_SHOTS_AT(name=o.label),
                    "number",
                    default=0,
                    min=0,
                    max=_burst_max(c, arms[0].value),
                    rule="COC-AUTO-6",
                )
                for o in others(state, actor)
            ),
            Field("cone", F_CONE(), "checkbox", default=False, rule="COC-AUTO-7"),
            *_distance(state, 10, "COC-RANGE-1"),
            _cover_field(),
            _damage_mod_field(),
            *_common(state, actor),
        ),
        preview=True,
    )


def _distance(state: Json, default: int, rule: str = "") -> tuple[Field, ...]:
    """The distance in yards; on a scene map it is measured (SCENE-RANGE-1), and another figure
    asks for its reason."""
    if not has_map(state):
        return (Field("distance", F_DISTANCE(), "number", default=default, min=0, rule=rule),)
    return (
        Field(
            "distance",
            F_DISTANCE(),
            "number",
            default="",
            min=0,
            help=scene_words.F_DISTANCE_FROM_MAP(),
            rule="SCENE-RANGE-1",
        ),
        Field(REASON, scene_words.F_REASON(), "text"),
    )


def first_shot_at(params: Any) -> str:
    """The first target a burst's shots go to (its distance is the burst's on a scene map)."""
    for name, value in params.items():
        if name.startswith("shots_") and str(value or "0").strip() not in ("", "0"):
            return str(name.removeprefix("shots_"))
    return ""


def _burst_max(c: Json, key: str) -> int:
    return int(next(w for w in c["sheet"]["weapons"] if w["key"] == key)["burst_max"])


def _offer_throw(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    arms = weapons(state, actor, ("thrown",))
    if slot is None or slot["intent"] or not arms:
        return None
    return ActionTemplate(
        "throw",
        THROW(),
        "COC-THROW-1",
        (
            Field("weapon", F_WEAPON(), "choice", arms, default=arms[0].value),
            Field("target", F_TARGET(), "target", others(state, actor)),
            *_distance(state, 5),
            _cover_field(),
            *_common(state, actor),
        ),
        preview=True,
    )


def _offer_two_guns(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    c = state["combatants"][actor]
    guns = tuple(
        a
        for a in weapons(state, actor, ("firearm",))
        if next(w for w in c["sheet"]["weapons"] if w["key"] == a.value)["handgun"]
    )
    if slot is None or slot["intent"] or len(guns) < 2:
        return None
    return ActionTemplate(
        "two_guns",
        TWO_GUNS(),
        "COC-TWOGUN-1",
        (
            Field("weapon", F_WEAPON(), "choice", guns, default=guns[0].value),
            Field("second", F_SECOND_GUN(), "choice", guns, default=guns[1].value),
            Field("target", F_TARGET(), "target", others(state, actor)),
            Field("shots", F_SHOTS(), "number", default=2, min=1, max=10),
            *_distance(state, 5),
        ),
    )


def _offer_aim(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    if slot is None or slot["intent"] or not weapons(state, actor, ("firearm",)):
        return None
    return ActionTemplate("aim", AIM(), "COC-AIM-1")


def _offer_chamber(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    c = state["combatants"][actor]
    arms = tuple(
        a
        for a in weapons(state, actor, ("firearm",))
        if next(w for w in c["sheet"]["weapons"] if w["key"] == a.value)["reload"] == "loose"
        and c["weapons"][a.value]["loaded"] == 0
    )
    if slot is None or slot["intent"] or not arms:
        return None
    return ActionTemplate(
        "chamber",
        CHAMBER(),
        "COC-RELOAD-3",
        (Field("weapon", F_WEAPON(), "choice", arms, default=arms[0].value),),
    )


def _offer_pull(state: Json, actor: str) -> ActionTemplate | None:
    slot = _can_attack(state, actor)
    c = state["combatants"][actor]
    stuck = choices(
        (w["key"], w["name"]) for w in c["sheet"]["weapons"] if c["weapons"][w["key"]]["stuck_in"]
    )
    if slot is None or slot["intent"] or not stuck:
        return None
    return ActionTemplate(
        "pull_out",
        PULL(),
        "COC-IMPALE-5",
        (Field("weapon", F_WEAPON(), "choice", stuck, default=stuck[0].value),),
    )


def _offer_locate(state: Json, actor: str) -> ActionTemplate | None:
    c = state["combatants"][actor]
    hidden = choices(
        (i, o["name"])
        for i, o in state["combatants"].items()
        if actor in o["hard_to_see_for"] and i not in c["round"]["sought"]
    )
    if not hidden or state["round"] < 1 or c["dead"]:
        return None
    return ActionTemplate(
        "locate",
        LOCATE(),
        "COC-CONCEAL-1",
        (
            Field("target", F_TARGET(), "target", hidden),
            Field(
                "how",
                F_HOW(),
                "choice",
                choices((k, v()) for k, v in LOOK.items()),
                default="spot_hidden",
            ),
        ),
    )


# SCENE-RANGE-1..3: on a scene map these attacks read their distance and darkness from it.
FIRE_ON_MAP = measured(_fire, "distance", "dark")
BURST_ON_MAP = measured(_burst, "distance", "dark", first_shot_at)
THROW_ON_MAP = measured(_throw, "distance", "dark")
TWO_GUNS_ON_MAP = measured(_two_guns, "distance", "dark")

SPECS = [
    ActionSpec(
        "attack", "COC-ROUND-1", reached(_attack), who=is_combatant, offer=_offer_attack
    ),  # SCENE-HIDE-3: a blow at an unseen target meets the true map
    ActionSpec("fire", "COC-RANGE-1", FIRE_ON_MAP, who=is_combatant, offer=_offer_fire),
    ActionSpec("burst", "COC-AUTO-2", BURST_ON_MAP, who=is_combatant, offer=_offer_burst),
    ActionSpec("throw", "COC-THROW-1", THROW_ON_MAP, who=is_combatant, offer=_offer_throw),
    ActionSpec(
        "two_guns", "COC-TWOGUN-1", TWO_GUNS_ON_MAP, who=is_combatant, offer=_offer_two_guns
    ),
    ActionSpec("aim", "COC-AIM-1", _aim, who=is_combatant, offer=_offer_aim),
    ActionSpec("chamber", "COC-RELOAD-3", _chamber, who=is_combatant, offer=_offer_chamber),
    ActionSpec("pull_out", "COC-IMPALE-5", _pull, who=is_combatant, offer=_offer_pull),
    ActionSpec("locate", "COC-CONCEAL-1", _locate, who=is_combatant, offer=_offer_locate),
]
