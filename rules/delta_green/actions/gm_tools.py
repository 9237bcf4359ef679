"""The GM's tools: damage, healing, conditions, hazards, scene, notes, edges, downtime."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.brp.hazards import POISONS
from rules.core.actions import is_gm
from rules.core.kit import ActionSpec, ActionTemplate, Field, Label
from rules.delta_green import gm, gm_hazards, gm_mind, gm_training
from rules.delta_green import messages as m
from rules.delta_green.actions.common import (
    checkbox,
    everyone,
    location_choices,
    number,
    pick,
    picks,
    target,
    template,
    text,
)
from rules.delta_green.log_gm import POISON_NAMES
from rules.delta_green.log_messages import EDGE_KEYS, SKILLS, skill_word
from rules.delta_green.settings import settings_of
from rules.delta_green.sheet import CHARACTERISTIC_LABELS, EDGES
from rules.scene import reading_messages as scene_words
from rules.scene.areas import CENTRE
from rules.scene.grid import has_map

State = Mapping[str, Any]


def _locations() -> list[tuple[str, Label]]:
    return [("", m.F_TOTAL_HP_ONLY()), *location_choices()]


def _reason() -> Field:
    return text("reason", m.F_REASON())


def _skills(state: State) -> list[tuple[str, Label]]:
    """Every skill by its name: those the log knows, then any other on a sheet here."""
    keys = dict.fromkeys(SKILLS)
    for o in state["combatants"].values():
        keys.update(dict.fromkeys(o["sheet"].get("skills") or {}))
    return [(key, skill_word(key, spoken=True)) for key in keys]


def _weapons(
    state: State, holders: list[tuple[str, Label]], wanted: str
) -> list[tuple[str, Label]]:
    """The weapons of the listed holders that have `wanted` ("revolver", "silencer"), each by
    its name once (the holder is picked beside it)."""
    found: dict[str, Label] = {}
    for cid, _ in holders:
        for w in state["combatants"][cid]["sheet"]["weapons"]:
            if w.get(wanted) or w.get("action") == wanted:
                found.setdefault(str(w["key"]), str(w["name"]))
    return list(found.items())


def _between_rounds(state: State) -> bool:
    return bool(state["phase"] != "in_round")


def offer_gm_damage(state: State, actor: str) -> ActionTemplate:
    """DG-HP-1: damage by hand."""
    fields = [
        target("target", m.F_TARGET(), everyone(state)),
        pick("location", m.F_LOCATION(), _locations()),
        number("amount", m.F_DAMAGE(), default=1, min=0),
        checkbox("sever", m.F_SEVER()),
        checkbox("area", m.F_AREA()),
        _reason(),
    ]
    return template("gm_damage", m.GM_DAMAGE(), "DG-HP-1", m.GM(), fields)


def offer_gm_heal(state: State, actor: str) -> ActionTemplate:
    """DG-HEAL-3: healing by hand."""
    fields = [
        target("target", m.F_TARGET(), everyone(state)),
        pick("location", m.F_LOCATION(), _locations()),
        number("amount", m.F_HEALING(), default=1, min=0),
        _reason(),
    ]
    return template("gm_heal", m.GM_HEAL(), "DG-HEAL-3", m.GM(), fields)


def offer_gm_condition(state: State, actor: str) -> ActionTemplate:
    """DG-WOUND-1: set or clear a condition by hand."""
    fields = [
        target("target", m.F_TARGET(), everyone(state)),
        pick("condition", m.F_CONDITION(), [(k, _condition_name(k)) for k in gm.CONDITIONS]),
        pick("location", m.F_CONDITION_LOCATION(), _locations()),
        checkbox("on", m.F_ON(), default=True),
        _reason(),
    ]
    return template("gm_condition", m.GM_CONDITION(), "DG-WOUND-1", m.GM(), fields)


def offer_set_confined(state: State, actor: str) -> ActionTemplate:
    """DG-EDGE-4: a confined space, or open again."""
    label = m.OPEN_SPACE() if state["confined"] else m.CONFINED_SPACE()
    fixed = {"value": "" if state["confined"] else "on"}
    return template("set_confined", label, "DG-EDGE-4", m.GM(), fixed=fixed)


def _condition_name(key: str) -> Label:
    """A condition the GM may set, by its badge name (or its own, for those without a badge)."""
    named = m.CONDITION_NAMES.get(key) or m.GM_CONDITION_NAMES[key]
    return named()


def offer_hazard(state: State, actor: str) -> ActionTemplate:
    """DG-GEN-4: the inherited BRP hazards."""
    poisons: list[tuple[str, Label]] = [
        ("", m.F_POISON_BY_POT()),
        *[(k, POISON_NAMES[k]()) for k in POISONS],
    ]
    fields = [
        pick("type", m.F_HAZARD(), [(h, m.HAZARD_NAMES[h]()) for h in gm_hazards.HAZARDS]),
        target("target", m.F_TARGET(), everyone(state)),
        picks("targets", m.F_BLAST_TARGETS(), everyone(state)),
        text("distances", m.F_BLAST_DISTANCES()),
        *([text(CENTRE, scene_words.F_CENTRE())] if has_map(state) else []),  # SCENE-AREA-1
        number("dice", m.F_BLAST_DICE(), default=5, min=0),
        number("radius_m", m.F_BLAST_RADIUS(), default=2, min=0),
        number("height_m", m.F_FALL_HEIGHT(), default=6, min=0),
        checkbox("jumped", m.F_FALL_JUMPED()),
        pick("grade", m.F_ACID(), [(k, v()) for k, v in m.ACID_GRADES.items()]),
        pick("fire", m.F_FIRE(), [(k, v()) for k, v in m.FIRES.items()]),
        pick("poison", m.F_POISON(), poisons),
        number("doses", m.F_DOSES(), default=1, min=1),
        number("potency", m.F_POTENCY(), min=0),
        pick("effect", m.F_POISON_EFFECT(), [(k, v()) for k, v in m.POISON_EFFECTS.items()]),
        checkbox("surprised", m.F_DROWN_SURPRISED()),
        checkbox("end", m.F_DROWN_END()),
    ]
    return template("hazard", m.HAZARD(), "DG-GEN-4", m.GM(), fields)


def offer_revolver_accident(state: State, actor: str) -> ActionTemplate | None:
    """COC-REVOLVER-1: a jolted full revolver."""
    revolvers: list[tuple[str, Label]] = [
        (cid, m.C_HELD_WEAPON(name=o["name"], weapon=w["name"]))
        for cid, o in state["combatants"].items()
        for w in o["sheet"]["weapons"]
        if w.get("action") == "revolver"
    ]
    if not revolvers:
        return None
    fields = [
        target("target", m.F_HOLDER(), revolvers),
        pick("weapon", m.F_WEAPON(), _weapons(state, revolvers, "revolver")),
    ]
    return template("revolver_accident", m.REVOLVER_ACCIDENT(), "COC-REVOLVER-1", m.GM(), fields)


def offer_poison_onset(state: State, actor: str) -> ActionTemplate | None:
    """COC-POISON-5: a poison's onset time has passed."""
    poisoned: list[tuple[str, Label]] = [
        (cid, o["name"]) for cid, o in state["combatants"].items() if o.get("poisons")
    ]
    if not poisoned:
        return None
    fields = [target("target", m.F_VICTIM(), poisoned)]
    return template("poison_onset", m.POISON_ONSET(), "COC-POISON-5", m.GM(), fields)


def offer_fit_silencer(state: State, actor: str) -> ActionTemplate | None:
    """COC-SILENCER-2: fit a silencer; its life is rolled for the GM."""
    silenced: list[tuple[str, Label]] = [
        (cid, m.C_HELD_WEAPON(name=o["name"], weapon=w["name"]))
        for cid, o in state["combatants"].items()
        for w in o["sheet"]["weapons"]
        if w.get("silencer")
    ]
    if not silenced:
        return None
    weapons = _weapons(state, silenced, "silencer")
    fields = [target("target", m.F_HOLDER(), silenced), pick("weapon", m.F_WEAPON(), weapons)]
    return template("fit_silencer", m.FIT_SILENCER(), "COC-SILENCER-2", m.GM(), fields)


def offer_spot_vest(state: State, actor: str) -> ActionTemplate | None:
    """DG-ARM-8: someone may spot a hidden vest."""
    hidden: list[tuple[str, Label]] = [
        (cid, o["name"])
        for cid, o in state["combatants"].items()
        if (o["sheet"].get("vest") or {}).get("worn_hidden")
    ]
    if not hidden or not settings_of(state).hidden_vest_spot:
        return None
    fields = [
        target("observer", m.F_OBSERVER(), everyone(state)),
        target("wearer", m.F_WEARER(), hidden),
    ]
    return template("spot_vest", m.SPOT_VEST(), "DG-ARM-8", m.GM(), fields)


def offer_set_light(state: State, actor: str) -> ActionTemplate:
    """COC-DARK-1: the scene's light."""
    fields = [
        pick("light", m.F_LIGHT(), [(k, v()) for k, v in m.LIGHTS.items()]),
        picks("impossible", m.F_IMPOSSIBLE(), _skills(state)),
    ]
    return template("set_light", m.SET_LIGHT(), "COC-DARK-1", m.GM(), fields)


def offer_conceal(state: State, actor: str) -> ActionTemplate:
    """COC-CONCEAL-1: someone becomes hard to see."""
    fields = [
        target("target", m.F_WHO(), everyone(state)),
        picks("observers", m.F_OBSERVERS(), everyone(state)),
        checkbox("reveal", m.F_REVEAL()),
    ]
    return template("conceal", m.CONCEAL(), "COC-CONCEAL-1", m.GM(), fields)


def offer_gm_note(state: State, actor: str) -> ActionTemplate:
    """DG-RES-1: a note without rules."""
    about = [("", m.F_THE_OPERATION()), *everyone(state)]
    fields = [
        target("target", m.F_ABOUT(), about),
        text("text", m.F_NOTE()),
        checkbox("private", m.F_PRIVATE()),
    ]
    return template("gm_note", m.GM_NOTE(), "DG-RES-1", m.GM(), fields)


def offer_grant_edge(state: State, actor: str) -> ActionTemplate:
    """DG-EDGE-0: the GM grants an edge."""
    edges: list[tuple[str, Label]] = [(e, EDGE_KEYS[e]()) for e in EDGES]
    fields = [
        target("target", m.F_AGENT(), everyone(state)),
        pick("edge", m.F_EDGE(), edges),
        checkbox("pay", m.F_PAY(), default=True),
    ]
    return template("grant_edge", m.GRANT_EDGE(), "DG-EDGE-0", m.GM(), fields)


def offer_gm_treat(state: State, actor: str) -> ActionTemplate | None:
    """DG-HEAL-4: First Aid or surgery between rounds."""
    if not _between_rounds(state):
        return None
    skills = [("first_aid", m.C_FIRST_AID()), ("medicine", m.C_MEDICINE())]
    fields = [
        target("healer", m.F_HEALER(), everyone(state)),
        target("target", m.F_PATIENT(), everyone(state)),
        pick("location", m.F_LOCATION(), location_choices()),
        pick("skill", m.F_SKILL(), skills),
    ]
    return template("gm_treat", m.GM_TREAT(), "DG-HEAL-4", m.GM(), fields)


def offer_week_passes(state: State, actor: str) -> ActionTemplate | None:
    """DG-HEAL-3: a week of healing."""
    if not _between_rounds(state):
        return None
    return template("week_passes", m.WEEK_PASSES(), "DG-HEAL-3", m.GM())


def offer_train_skill(state: State, actor: str) -> ActionTemplate | None:
    """DG-TRAIN-4: skill training."""
    if not _between_rounds(state):
        return None
    fields = [
        target("student", m.F_STUDENT(), everyone(state)),
        pick("skill", m.F_SKILL(), _skills(state), default="hide"),
        number("instructor_skill", m.F_INSTRUCTOR_SKILL(), default=60, min=0),
        text("fee", m.F_FEE()),
    ]
    return template("train_skill", m.TRAIN_SKILL(), "DG-TRAIN-4", m.GM(), fields)


def offer_train_characteristic(state: State, actor: str) -> ActionTemplate | None:
    """DG-CTRAIN-6: characteristic training."""
    if not _between_rounds(state):
        return None
    fields = [
        target("student", m.F_STUDENT(), everyone(state)),
        pick(
            "characteristic",
            m.F_CHARACTERISTIC(),
            [(k, CHARACTERISTIC_LABELS[k]()) for k in gm_training.TRAINABLE],
        ),
        target("instructor", m.F_INSTRUCTOR(), [("npc", m.F_AN_NPC()), *everyone(state)]),
        text("fee", m.F_FEE()),
    ]
    label = m.TRAIN_CHARACTERISTIC()
    return template("train_characteristic", label, "DG-CTRAIN-6", m.GM(), fields)


def offer_research(state: State, actor: str) -> ActionTemplate | None:
    """DG-RSCH-3: research."""
    if not _between_rounds(state):
        return None
    fields = [
        target("student", m.F_STUDENT(), everyone(state)),
        pick("skill", m.F_SKILL(), _skills(state), default="library"),
    ]
    return template("research", m.RESEARCH(), "DG-RSCH-3", m.GM(), fields)


def offer_pow_gain(state: State, actor: str) -> ActionTemplate | None:
    """DG-POW-2: a POW gain roll (those with a mark first)."""
    if not _between_rounds(state):
        return None
    ids = everyone(state)
    marked = [i for i in ids if state["combatants"][i[0]]["pow_check"]] or ids
    fields = [target("target", m.F_AGENT(), marked), checkbox("force", m.F_FORCE())]
    return template("pow_gain", m.POW_GAIN(), "DG-POW-2", m.GM(), fields)


def offer_magic_contest(state: State, actor: str) -> ActionTemplate | None:
    """DG-POW-1: magic points against magic points."""
    if not _between_rounds(state):
        return None
    fields = [
        target("caster", m.F_CASTER(), everyone(state)),
        number("active", m.F_CASTER_MP(), default=10, min=0),
        number("passive", m.F_TARGET_MP(), default=10, min=0),
    ]
    return template("magic_contest", m.MAGIC_CONTEST(), "DG-POW-1", m.GM(), fields)


def offer_mind(state: State, actor: str) -> ActionTemplate:
    """DG-MIND-1: Willpower and Sanity as the scene left them."""
    fields = [
        target("target", m.F_TARGET(), everyone(state)),
        number("wp", m.F_WP(), min=0, max=99),
        number("san", m.F_SAN(), min=0, max=99),
    ]
    return template("mind", m.MIND(), "DG-MIND-1", m.GM(), fields)


def _gm(kind: str, rule: str, resolve: Any, offer: Any) -> ActionSpec[Any]:
    return ActionSpec(kind, rule, resolve, is_gm, offer)


SPECS: list[ActionSpec[Any]] = [
    _gm("gm_damage", "DG-HP-1", gm.gm_damage, offer_gm_damage),
    _gm("gm_heal", "DG-HEAL-3", gm.gm_heal, offer_gm_heal),
    _gm("gm_condition", "DG-WOUND-1", gm.gm_condition, offer_gm_condition),
    _gm("mind", "DG-MIND-1", gm_mind.set_mind, offer_mind),
    _gm("set_confined", "DG-EDGE-4", gm.set_confined, offer_set_confined),
    _gm("hazard", "DG-GEN-4", gm_hazards.hazard, offer_hazard),
    _gm(
        "revolver_accident", "COC-REVOLVER-1", gm_hazards.revolver_accident, offer_revolver_accident
    ),
    _gm("poison_onset", "COC-POISON-5", gm_hazards.poison_onset, offer_poison_onset),
    _gm("fit_silencer", "COC-SILENCER-2", gm.fit_silencer, offer_fit_silencer),
    _gm("spot_vest", "DG-ARM-8", gm.spot_vest, offer_spot_vest),
    _gm("set_light", "COC-DARK-1", gm.set_light, offer_set_light),
    _gm("conceal", "COC-CONCEAL-1", gm.conceal, offer_conceal),
    _gm("gm_note", "DG-RES-1", gm.gm_note, offer_gm_note),
    _gm("grant_edge", "DG-EDGE-0", gm.grant_edge, offer_grant_edge),
    _gm("gm_treat", "DG-HEAL-4", gm.gm_treat, offer_gm_treat),
    _gm("week_passes", "DG-HEAL-3", gm.week_passes, offer_week_passes),
    _gm("train_skill", "DG-TRAIN-4", gm_training.train_skill, offer_train_skill),
    _gm(
        "train_characteristic",
        "DG-CTRAIN-6",
        gm_training.train_characteristic,
        offer_train_characteristic,
    ),
    _gm("research", "DG-RSCH-3", gm_training.research, offer_research),
    _gm("pow_gain", "DG-POW-2", gm_training.pow_gain, offer_pow_gain),
    _gm("magic_contest", "DG-POW-1", gm_training.magic_contest, offer_magic_contest),
]
