"""Turn actions (DG-ACT-6 and friends): what the combatant whose turn it is may spend cards on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.kit import ActionSpec, ActionTemplate, Field, Label
from rules.delta_green import messages as m
from rules.delta_green.actions.common import (
    Turn,
    checkbox,
    cost_label,
    distance_fields,
    guarded,
    in_hand,
    is_agent,
    number,
    pick,
    picks,
    target,
    target_field,
    targets_of,
    template,
    text,
    turn_of,
)
from rules.delta_green.actions.handling import (
    chamber_fire,
    clear_jam,
    crawl,
    delay,
    draw,
    first_aid,
    holster,
    pass_turn,
    patient_of,
    precision_aim,
    pull_out,
    put_out,
    reload,
    run,
    skill_use,
    stand,
    throw,
    touch_missed,
)
from rules.delta_green.actions.melee import melee
from rules.delta_green.actions.shooting import aimed_shot, burst, burst_modes, single_fire
from rules.delta_green.actions.suppression import suppress
from rules.delta_green.combat import own_penalties, skill
from rules.delta_green.engine import hold_half_dex, still_ahead
from rules.delta_green.settings import settings_of
from rules.delta_green.state import half_dex_rank, is_dead, is_immobile, weapon_of
from rules.delta_green.tables import ALL, BURST_MODES, LOCATIONS, SPRAY, suppression_cost
from rules.scene import reading_messages as scene_words
from rules.scene.areas import AREA, AREA_RADIUS, over_area
from rules.scene.grid import has_map
from rules.scene.moving import by_hand, moves_on_map
from rules.scene.ranges import measured, reached, touched

State = Mapping[str, Any]
Offered = list[ActionTemplate]


def fits_off_hand(c: Mapping[str, Any], weapon: Mapping[str, Any]) -> bool:
    """COC-TWOWEAP-1, COC-TWOGUN-1: a one-handed melee weapon or handgun beside a one-handed one."""
    if c.get("off_hand") or not c["in_hand"] or weapon["two_handed"]:
        return False
    if weapon_of(c, c["in_hand"])["two_handed"]:
        return False
    return weapon["kind"] in ("melee", "knife") or bool(weapon.get("handgun"))


def offer_draw(state: State, actor: str) -> Offered | None:
    """DG-ACT-6: draw a weapon not in hand (COC-TWOWEAP-1: or into the other hand)."""
    t = turn_of(state, actor)
    if t is None or not t.affordable(1):
        return None
    out: Offered = []
    for weapon in t.c["sheet"]["weapons"]:
        if in_hand(t.c, weapon):
            continue
        fixed = {"weapon": weapon["key"]}
        out.append(
            template("draw", m.DRAW(weapon=weapon["name"]), "DG-ACT-6", m.ACTIONS(n=1), fixed=fixed)
        )
        if fits_off_hand(t.c, weapon):
            label = m.DRAW_OFF_HAND(weapon=weapon["name"])
            out.append(
                template(
                    "draw", label, "COC-TWOWEAP-1", m.ACTIONS(n=1), fixed={**fixed, "hand": "off"}
                )
            )
    return out


def offer_clear_jam(state: State, actor: str) -> Offered | None:
    """COC-MAL-4: clearing a jam takes the whole round."""
    t = turn_of(state, actor)
    if t is None or not t.affordable(ALL):
        return None
    return [
        template(
            "clear_jam",
            m.CLEAR_JAM(weapon=w["name"]),
            "COC-MAL-4",
            m.ALL_ACTIONS(),
            fixed={"weapon": w["key"]},
        )
        for w in t.c["sheet"]["weapons"]
        if in_hand(t.c, w) and t.c["weapons"][w["key"]].get("jammed")
    ]


def _firearms(t: Turn) -> list[tuple[Mapping[str, Any], Mapping[str, Any], int]]:
    return [(w, s, int(s["loaded"])) for w, s in t.held() if w["kind"] == "firearm"]


def _shot_fields(state: State, t: Turn) -> list[Field]:
    return [target_field(state, t.actor), *distance_fields(state)]


def offer_aimed_shot(state: State, actor: str) -> Offered | None:
    """DG-CALLED-2: the declared aimed shot."""
    t = turn_of(state, actor)
    if t is None or not t.can_attack or not t.called:
        return None
    where = m.LOCATION_NAMES[t.called]()
    return [
        template(
            "aimed_shot",
            m.AIMED_SHOT(location=where, weapon=w["name"]),
            "DG-CALLED-2",
            m.ACTIONS(n=1),
            _shot_fields(state, t),
            {"weapon": w["key"]},
            True,
        )
        for w, _, loaded in _firearms(t)
        if loaded
    ]


def offer_fire(state: State, actor: str) -> Offered | None:
    """DG-ACT-3: single shots up to the weapon's rate of fire (DG-EDGE-1: Double Tap)."""
    t = turn_of(state, actor)
    if t is None or not t.can_attack or t.called:
        return None
    out: Offered = []
    for w, _, loaded in _firearms(t):
        fired = int(t.c["round"].get("shots", {}).get(w["key"], 0))
        if not loaded or fired >= int(w["rof"]):
            continue
        fields = _shot_fields(state, t)
        if "double_tap" in t.c["sheet"]["edges"] and loaded >= 2 and fired + 2 <= int(w["rof"]):
            fields.append(checkbox("double_tap", m.F_DOUBLE_TAP()))
        label = m.FIRE(weapon=w["name"], fired=fired, rof=w["rof"])
        out.append(
            template("fire", label, "DG-ACT-3", m.ACTIONS(n=1), fields, {"weapon": w["key"]}, True)
        )
    return out


def burst_modes_offered(t: Turn, weapon: Mapping[str, Any], loaded: int) -> list[dict[str, Any]]:
    """DG-AUTO-3: the modes this weapon fires that the cards left pay for."""
    walk_modes = [str(mode) for mode in settings_of(t.state).walking_modes]
    modes = []
    for key in burst_modes(t.c, weapon):
        mode = BURST_MODES[key]
        if t.affordable(mode.actions):
            modes.append(
                {
                    "mode": key,
                    "label": mode.label,
                    "cost": cost_label(mode.actions).english(),
                    "rounds": min(mode.rounds, loaded),
                    "walking": key in walk_modes and bool(mode.walk_die),
                }
            )
    return modes


def _mode_choice(mode: dict[str, Any]) -> Label:
    """A fire mode as a choice: its name and cost, and the rounds it fires where the weapon holds
    fewer than the name says ("3-round burst: 1 action", "…, 2 rounds"); a spray says them in its
    name ("37-round sustained spray: all actions"), whole on a phone."""
    row = BURST_MODES[mode["mode"]]
    name, cost = m.MODE_NAMES[row.key](), cost_label(row.actions)
    if mode["rounds"] == row.rounds:
        return m.C_MODE_FULL(mode=name, cost=cost)
    if row.key == SPRAY:
        return m.C_SPRAY_SHORT(rounds=mode["rounds"], cost=cost)
    return m.C_MODE(mode=name, cost=cost, rounds=mode["rounds"])


def offer_burst(state: State, actor: str) -> Offered | None:
    """DG-AUTO-3: a burst in one of the modes the weapon and the cards allow."""
    t = turn_of(state, actor)
    if t is None or not t.can_attack or t.called:
        return None
    out: Offered = []
    for w, _, loaded in _firearms(t):
        modes = burst_modes_offered(t, w, loaded) if loaded else []
        if not modes:
            continue
        choices = [(mode["mode"], _mode_choice(mode)) for mode in modes]
        fields = [pick("mode", m.F_MODE(), choices), target_field(state, actor)]
        if any(mode["walking"] for mode in modes):
            fields.append(
                Field("walking", m.F_WALKING(), "checkbox", default=False, help=m.F_WALKING_HELP())
            )
        if settings_of(state).burst_targets == "split":  # COC-AUTO-6
            fields.append(text("split", m.F_SPLIT(), help=m.F_SPLIT_HELP()))
        fields.extend(distance_fields(state))
        label = m.BURST(weapon=w["name"], loaded=loaded)
        out.append(
            template(
                "burst",
                label,
                "DG-AUTO-3",
                m.BY_MODE(),
                fields,
                {"weapon": w["key"]},
                True,
                modes=modes,
            )
        )
    return out


def offer_suppress(state: State, actor: str) -> Offered | None:
    """DG-SUPP-1: suppressive fire from an automatic weapon."""
    t = turn_of(state, actor)
    if t is None or not t.can_attack or t.called:
        return None
    rounds = int(settings_of(state).suppression_default_rounds)
    out: Offered = []
    for w, _, loaded in _firearms(t):
        if not loaded or not w.get("auto") or not t.affordable(suppression_cost(rounds)):
            continue
        s_eff = skill(t.c, str(w["skill"])) + sum(v for _, v in own_penalties(state, t.c))
        choices = targets_of(state, actor)
        foes = [oid for oid, _ in choices if state["combatants"][oid]["side"] != t.c["side"]]
        fields = [
            picks("targets", m.F_TARGETS(), choices, default=foes),
            number("x", m.F_X(max=s_eff), default=min(10, max(1, s_eff)), min=1, max=max(1, s_eff)),
            number("rounds", m.F_ROUNDS(), default=rounds, min=1),
        ]
        if has_map(state):  # SCENE-AREA-2: the area on the map picks who is in it
            fields += [
                text(AREA, scene_words.F_AREA()),
                number(AREA_RADIUS, scene_words.F_AREA_RADIUS(), default=2, min=0),
            ]
        out.append(
            template(
                "suppress",
                m.SUPPRESS(weapon=w["name"]),
                "DG-SUPP-1",
                cost_label(suppression_cost(rounds)),
                fields,
                {"weapon": w["key"]},
                True,
                x_max=s_eff,
            )
        )
    return out


def offer_reload(state: State, actor: str) -> Offered | None:
    """DG-ACT-6: reload (a magazine or two loose rounds per action; a belt takes the round)."""
    t = turn_of(state, actor)
    if t is None:
        return None
    out: Offered = []
    for w, slot, loaded in _firearms(t):
        room = {
            "magazine": t.c["round"].get("mags", 0) < 1,
            "loose": t.c["round"].get("loose", 0) < 2,
        }.get(w["reload"], True)
        if loaded >= int(w["capacity"]) or int(slot["spare"]) <= 0 or not room:
            continue
        cost = ALL if w["reload"] == "belt" else 1
        if t.affordable(cost):
            label = m.RELOAD(weapon=w["name"], spare=slot["spare"])
            out.append(
                template("reload", label, "DG-ACT-6", cost_label(cost), fixed={"weapon": w["key"]})
            )
    return out


def offer_chamber_fire(state: State, actor: str) -> Offered | None:
    """COC-RELOAD-3: chamber a loose round and fire it, two actions."""
    t = turn_of(state, actor)
    if t is None or not t.can_attack or t.called or not t.affordable(2):
        return None
    return [
        template(
            "chamber_fire",
            m.CHAMBER_FIRE(weapon=w["name"]),
            "COC-RELOAD-3",
            m.ACTIONS(n=2),
            _shot_fields(state, t),
            {"weapon": w["key"]},
            True,
        )
        for w, slot, loaded in _firearms(t)
        if w["reload"] == "loose" and loaded < int(w["capacity"]) and int(slot["spare"]) > 0
    ]


def offer_throw(state: State, actor: str) -> Offered | None:
    """COC-THROW-1: throw a weapon in hand."""
    t = turn_of(state, actor)
    if t is None or not t.can_attack or t.called:
        return None
    return [
        template(
            "throw",
            m.THROW(weapon=w["name"]),
            "COC-THROW-1",
            m.ACTIONS(n=1),
            _shot_fields(state, t),
            {"weapon": w["key"]},
            True,
        )
        for w, _ in t.held()
        if w["kind"] == "thrown"
    ]


def offer_melee(state: State, actor: str) -> Offered | None:
    """DG-ACT-6: a melee attack with a weapon in hand or the fists."""
    t = turn_of(state, actor)
    if t is None or not t.can_attack or t.called:
        return None
    return [
        template(
            "melee",
            m.MELEE(weapon=w["name"]),
            "DG-ACT-6",
            m.ACTIONS(n=1),
            [target_field(state, actor)],
            {"weapon": w["key"]},
            True,
        )
        for w, _ in t.held()
        if w["kind"] not in ("firearm", "thrown")
    ]


def offer_holster(state: State, actor: str) -> Offered | None:
    """DG-ACT-6: put a weapon away (the other hand's first)."""
    t = turn_of(state, actor)
    if t is None:
        return None
    out: Offered = []
    if t.c.get("off_hand"):
        out.append(
            template("holster", m.HOLSTER_OFF(), "DG-ACT-6", m.ACTIONS(n=1), fixed={"hand": "off"})
        )
    if t.c["in_hand"]:
        out.append(template("holster", m.HOLSTER(), "DG-ACT-6", m.ACTIONS(n=1)))
    return out


def offer_precision_aim(state: State, actor: str) -> ActionTemplate | None:
    """DG-AIM-1: a whole round of aiming a firearm."""
    t = turn_of(state, actor)
    if t is None or not t.c["in_hand"] or not t.full:
        return None
    if weapon_of(t.c, t.c["in_hand"])["kind"] != "firearm":
        return None
    return template(
        "precision_aim",
        m.PRECISION_AIM(),
        "DG-AIM-1",
        m.ALL_ACTIONS(),
        [target_field(state, actor)],
    )


def offer_run(state: State, actor: str) -> ActionTemplate | None:
    """DG-MOVE-2: run once a round (on a scene map with the agent's token on it, by the map's
    move instead, its run ticked and the metres measured)."""
    t = turn_of(state, actor)
    if t is None or t.c["round"].get("ran") or t.c["prone"] or is_immobile(t.c):
        return None
    if moves_on_map(state, actor):
        return None
    fields = [number("metres", m.F_METRES(), default=8, min=0)]
    return template("run", m.RUN(), "DG-MOVE-2", m.ACTIONS(n=1), fields)


def offer_stand(state: State, actor: str) -> ActionTemplate | None:
    """DG-WOUND-10: stand up from prone."""
    t = turn_of(state, actor)
    if t is None or not t.c["prone"] or is_immobile(t.c):
        return None
    return template("stand", m.STAND(), "DG-WOUND-10", m.ACTIONS(n=1))


def offer_crawl(state: State, actor: str) -> ActionTemplate | None:
    """DG-WOUND-2: crawl a metre (prone, or incapacitated); on a scene map with the agent's
    token on it, by the map's move instead, its crawl ticked."""
    if moves_on_map(state, actor):
        return None
    crawler = turn_of(state, actor, incapacitated=True)
    if crawler is None:
        t = turn_of(state, actor)
        if t is None or not t.c["prone"] or is_immobile(t.c):
            return None
    return template("crawl", m.CRAWL(), "DG-WOUND-2", m.ACTIONS(n=1))


def offer_first_aid(state: State, actor: str) -> ActionTemplate | None:
    """DG-HEAL-4: First Aid on a wound (DG-WOUND-6: the incapacitated only on themselves)."""
    own = turn_of(state, actor, incapacitated=True)
    if own is not None:
        c = own.c
        locs: list[tuple[str, Label]] = [
            (loc, m.LOCATION_NAMES[loc]())
            for loc in LOCATIONS
            if int(c["damage"][loc]) > 0 and loc not in c["first_aided"]
        ]
        if not locs:
            return None
        return template(
            "first_aid",
            m.FIRST_AID_SELF(),
            "DG-HEAL-4",
            m.ALL_REMAINING(),
            [pick("location", m.F_LOCATION(), locs)],
            {"target": actor},
        )
    t = turn_of(state, actor)
    if t is None:
        return None
    wounded: list[tuple[str, Label]] = [
        (f"{oid}:{loc}", m.C_WOUND(name=o["name"], location=m.LOCATION_NAMES[loc]()))
        for oid, o in state["combatants"].items()
        for loc in LOCATIONS
        if int(o["damage"][loc]) > 0
        and loc not in o["first_aided"]
        and not is_dead(o)
        and (oid == actor or not is_immobile(t.c))
    ]
    if not wounded:
        return None
    skills = [("first_aid", m.C_FIRST_AID()), ("medicine", m.C_MEDICINE())]
    fields = [target("wound", m.F_WOUND(), wounded), pick("skill", m.F_SKILL(), skills)]
    return template("first_aid", m.FIRST_AID(), "DG-HEAL-4", m.ALL_REMAINING(), fields)


def offer_pull_out(state: State, actor: str) -> Offered | None:
    """COC-IMPALE-5: pull a stuck weapon out (from the next round) or let go of it."""
    t = turn_of(state, actor)
    stuck = t.c.get("stuck") if t is not None else None
    if t is None or not stuck:
        return None
    out: Offered = []
    if int(stuck["round"]) < int(state["round"]) and not t.c["round"].get("attacks"):
        out.append(template("pull_out", m.PULL_OUT(), "COC-IMPALE-5", m.ACTIONS(n=1)))
    out.append(
        template("pull_out", m.LET_GO(), "COC-IMPALE-5", m.ACTIONS(n=1), fixed={"let_go": "on"})
    )
    return out


def offer_put_out(state: State, actor: str) -> ActionTemplate | None:
    """COC-FIRE-5: put out someone's flames."""
    if turn_of(state, actor) is None:
        return None
    burning: list[tuple[str, Label]] = [
        (oid, o["name"])
        for oid, o in state["combatants"].items()
        if o.get("on_fire") and not is_dead(o)
    ]
    if not burning:
        return None
    rolls = [("first_aid", m.C_FIRST_AID()), ("luck", m.C_LUCK_SELF())]
    fields = [target("target", m.F_WHO(), burning), pick("skill", m.F_ROLL(), rolls)]
    return template("put_out", m.PUT_OUT(), "COC-FIRE-5", m.ACTIONS(n=1), fields)


def offer_skill(state: State, actor: str) -> ActionTemplate | None:
    """DG-ACT-6: roll a skill."""
    t = turn_of(state, actor)
    if t is None:
        return None
    names = m.SKILL_NAMES
    skills: list[tuple[str, Label]] = [
        (k, names[k]() if k in names else k) for k in sorted(t.c["sheet"]["skills"])
    ]
    return template(
        "skill", m.SKILL(), "DG-ACT-6", m.ACTIONS(n=1), [pick("skill", m.F_SKILL(), skills)]
    )


def offer_pass(state: State, actor: str) -> ActionTemplate | None:
    """DG-INIT-2: turn a card down."""
    if turn_of(state, actor) is None and turn_of(state, actor, incapacitated=True) is None:
        return None
    return template("pass", m.PASS(), "DG-INIT-2", m.ACTIONS(n=1))


def offer_delay(state: State, actor: str) -> ActionTemplate | None:
    """DG-INIT-2: act later this pass."""
    t = turn_of(state, actor)
    if t is None or not settings_of(state).allow_delay or actor in state["delayed"]:
        return None
    return template("delay", m.DELAY(), "DG-INIT-2", m.ACTIONS(n=0))


def offer_hold_half_dex(state: State, actor: str) -> ActionTemplate | None:
    """DG-INIT-4: wait for half DEX for chamber-and-fire or a second shotgun shot."""
    t = turn_of(state, actor)
    if t is None or actor in state.get("held", ()):
        return None
    half = half_dex_rank(t.c)
    if not still_ahead(state, t.c, half):
        return None
    return template("hold_half_dex", m.HOLD_HALF_DEX(rank=half), "DG-INIT-4", m.ACTIONS(n=0))


def _turn(kind: str, rule: str, resolve: Any, offer: Any) -> ActionSpec[Any]:
    return ActionSpec(kind, rule, guarded(resolve, turn=True), is_agent, offer)


SPECS: list[ActionSpec[Any]] = [
    _turn("draw", "DG-ACT-6", draw, offer_draw),
    _turn("clear_jam", "COC-MAL-4", clear_jam, offer_clear_jam),
    _turn(
        "aimed_shot", "DG-CALLED-2", measured(aimed_shot, "distance_m", "dark"), offer_aimed_shot
    ),
    _turn("fire", "DG-ACT-3", measured(single_fire, "distance_m", "dark"), offer_fire),
    _turn("burst", "DG-AUTO-3", measured(burst, "distance_m", "dark"), offer_burst),
    _turn("suppress", "DG-SUPP-1", over_area(suppress), offer_suppress),
    _turn("reload", "DG-ACT-6", reload, offer_reload),
    _turn(
        "chamber_fire",
        "COC-RELOAD-3",
        measured(chamber_fire, "distance_m", "dark"),
        offer_chamber_fire,
    ),
    _turn("throw", "COC-THROW-1", measured(throw, "distance_m", "dark"), offer_throw),
    _turn("melee", "DG-ACT-6", reached(melee), offer_melee),  # SCENE-HIDE-3
    _turn("holster", "DG-ACT-6", holster, offer_holster),
    _turn("precision_aim", "DG-AIM-1", precision_aim, offer_precision_aim),
    _turn("run", "DG-MOVE-2", by_hand(run), offer_run),
    _turn("stand", "DG-WOUND-10", stand, offer_stand),
    _turn("crawl", "DG-WOUND-2", by_hand(crawl), offer_crawl),
    _turn("first_aid", "DG-HEAL-4", touched(first_aid, touch_missed, patient_of), offer_first_aid),
    _turn("pull_out", "COC-IMPALE-5", pull_out, offer_pull_out),
    _turn("put_out", "COC-FIRE-5", touched(put_out, touch_missed), offer_put_out),  # SCENE-REACH-2
    _turn("skill", "DG-ACT-6", skill_use, offer_skill),
    _turn("pass", "DG-INIT-2", pass_turn, offer_pass),
    _turn("delay", "DG-INIT-2", delay, offer_delay),
    _turn("hold_half_dex", "DG-INIT-4", hold_half_dex, offer_hold_half_dex),
]
