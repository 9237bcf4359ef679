"""Non-interference: what a player can ask of a system never depends on what it may not see.

For every registered system, pairs of states that differ only in hidden information (a Hidden
mech's square, the units under the top of an enemy stack, a hidden vest, a secret poison, a
GM-secret roll...) must give that player byte-identical answers: the view, the legal actions, the
preview of every action offered, and the refusal of an action it may not send. A new system joins
by its registry key; one without an entry in HIDERS fails `test_every_system_declares_its_secrets`.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.registry import bench_cases, get_system, system_keys
from rules.core.session import play
from rules.core.system import Action, Audience, GameSystem
from rules.mech.hiding import area_of
from rules.mech.view import reach
from rules.scs.board import overstacked
from rules.scs.state import scenario_of

Json = dict[str, Any]
# state JSON -> (audience, base, variant): the pair differs only in what the audience may not see
Hider = Callable[[Json], Iterator[tuple[Audience, Json, Json]]]
MAX_PROBES = 400  # actions previewed per actor and state, to keep the sweep quick


def _mech_within_speed(state: Any, action: Action) -> bool:
    """A move's square no farther than the mech's speed and one: beyond, every path is longer
    than any budget, so it is refused the same way whatever the secrets are."""
    u = state["units"][action.actor]
    try:
        x, y = int(action.params["x"]), int(action.params["y"])
    except (KeyError, ValueError):
        return True  # a form's defaults: refused for their own reasons, kept
    return max(abs(x - u["x"]), abs(y - u["y"])) <= int(u["stats"]["speed"]) + 1


# Forms whose probes are also resolved (those the filter keeps): a refusal there must not tell a
# secret either (a move refused onto a Hidden mech's square and not one square on found it for
# free: issue 30).
RESOLVED: dict[str, tuple[frozenset[str], Callable[[Any, Action], bool]]] = {
    "mech": (frozenset({"move", "boost", "jump", "climb"}), _mech_within_speed)
}


def _mech_reach(state: Any, audience: Audience, actor: str) -> str:
    """The squares the board draws as reachable for the viewer's mech (from its own view)."""
    found = reach(get_system("mech").view(state, audience), actor)
    return _dumps({mode: sorted(cells.items()) for mode, cells in found.items()})


# What else a system answers a viewer about its own actors, besides view, forms and odds.
ASKED: dict[str, Callable[[Any, Audience, str], str]] = {"mech": _mech_reach}


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, default=str)


def _template_json(template: Any) -> Json:
    return template.to_json() if hasattr(template, "to_json") else dict(template)


def _probes(template: Json, actor: str) -> Iterator[Action]:
    """Actions built from one offered form: its defaults, each choice in turn, every (x, y) cell."""
    fields = template.get("params") or []
    base = {**dict(template.get("fixed") or {})}
    for f in fields:
        base[f["name"]] = f.get("default", "")
    yield Action(template["kind"], actor, base)
    for f in fields:
        for choice in f.get("choices") or ():
            yield Action(template["kind"], actor, {**base, f["name"]: choice["value"]})
    by_name = {f["name"]: f for f in fields}
    if "x" in by_name and "y" in by_name:
        xs = range(int(by_name["x"].get("min", 0)), int(by_name["x"].get("max", 15)) + 1)
        ys = range(int(by_name["y"].get("min", 0)), int(by_name["y"].get("max", 15)) + 1)
        for x, y in itertools.islice(itertools.product(xs, ys), MAX_PROBES):
            yield Action(template["kind"], actor, {**base, "x": x, "y": y})


def _preview(system: GameSystem, state: Any, action: Action) -> str:
    """The odds the viewer is shown, or the refusal it reads."""
    assert system.preview is not None
    try:
        return f"{action}: {_dumps(system.preview(state, action))}"
    except RulesError as exc:
        return f"{action}: refused: {exc}"


def _refusal(system: GameSystem, state: Any, action: Action) -> str:
    """Whether resolving is refused and why; what an accepted action rolls is the game's."""
    try:
        system.resolve(copy.deepcopy(state), action, SeededDice(16))
    except RulesError as exc:
        return f"{action}: refused: {exc}"
    return f"{action}: accepted"


def answers(
    system: GameSystem, state_json: Json, audience: Audience, secrets: list[str]
) -> list[str]:
    """Every answer `audience` can obtain from this state, as text (view, forms, odds, refusals)."""
    state = system.load(copy.deepcopy(state_json))
    out = [_dumps(system.view(state, audience))]
    for actor in sorted(audience.actors):
        templates = [_template_json(t) for t in system.legal_actions(state, actor)]
        out.append(_dumps(templates))
        aimed = []  # the forms aimed by name at what the viewer may not see
        for template in templates:
            probes = list(itertools.islice(_probes(template, actor), MAX_PROBES))
            aimed += [
                Action(template["kind"], actor, {**dict(p.params), name: secret})
                for p in probes[:1]
                for name in ("target", "unit", "uid", "defender", "id")
                for secret in secrets
            ]
            if system.preview is not None:
                out += [_preview(system, state, action) for action in probes]
            kinds, keep = RESOLVED.get(system.key, (frozenset(), None))
            if keep is not None and template["kind"] in kinds:
                out += [
                    _refusal(system, state, a) for a in probes if "x" in a.params and keep(state, a)
                ]
        if system.preview is not None:
            out += [_preview(system, state, action) for action in aimed]
        out += [_refusal(system, state, action) for action in aimed]
        out.append(_refusal(system, state, Action("__no_such_action__", actor, {})))
        if system.key in ASKED:
            out.append(ASKED[system.key](state, audience, actor))
    # acting as a unit that is not the viewer's: refused the same way whatever it hides
    out += [_refusal(system, state, Action("end_turn", secret, {})) for secret in secrets]
    return out


# --- the secrets of each system -------------------------------------------------------------------


def _nothing(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """No hidden state (chat): its secrets are whole events, kept by their audience."""
    return iter(())


HIDERS: dict[str, Hider] = {"chat": _nothing}


def hider(key: str) -> Callable[[Hider], Hider]:
    def register(fn: Hider) -> Hider:
        HIDERS[key] = fn
        return fn

    return register


@hider("mech")
def _mech(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """MECH-COND-HIDDEN: a Hidden enemy's square within the area its enemies know it by (the
    view, and every move, jump and climb the viewer's mech may try, with its reach: issue 30);
    MECH-AMB-37: meltdown counts."""
    units = state["units"]
    sides = sorted({u["side"] for u in units.values()})
    for viewer in sides:
        own = frozenset(uid for uid, u in units.items() if u["side"] == viewer)
        audience = Audience("player", side=viewer, actors=own)
        near = _mover_beside_a_hidden_enemy(state, own)
        if near is not None:
            yield from _hidden_within_area(audience, *near, variants=3)
        for uid, u in sorted(units.items()):
            if u["side"] != viewer and u.get("x") is not None:
                yield from _hidden_within_area(audience, state, uid, variants=1)


def _hidden_within_area(
    audience: Audience, state: Json, uid: str, variants: int
) -> Iterator[tuple[Audience, Json, Json]]:
    """Pairs: `uid` Hidden in its area, and at another free square of that area."""
    if int(state["units"][uid]["stats"]["size"]) != 1:
        return
    base = copy.deepcopy(state)
    hidden = base["units"][uid]
    hidden["conditions"]["hidden"] = {"source": "hide"}
    area = hidden["area"] = area_of(base, hidden)
    taken = {(int(u["x"]), int(u["y"])) for u in base["units"].values() if u.get("x") is not None}
    free = [
        (x, y)
        for x, y in itertools.product(
            range(area["x0"], area["x1"] + 1), range(area["y0"], area["y1"] + 1)
        )
        if (x, y) not in taken
    ]
    for x, y in free[:: max(1, len(free) // variants)][:variants]:  # spread over the area
        variant = copy.deepcopy(base)
        variant["units"][uid]["x"], variant["units"][uid]["y"] = x, y
        variant["units"][uid]["notes"] = {"secret": "the GM's note"}
        yield audience, base, variant


def _mover_beside_a_hidden_enemy(state: Json, own: frozenset[str]) -> tuple[Json, str] | None:
    """The state with one of the viewer's mechs begun its turn and an enemy 3 squares ahead of
    it (whose area then reaches where that mech may move, jump or climb), or None."""
    system = get_system("mech")
    loaded = system.load(copy.deepcopy(state))
    for mover in sorted(own):
        try:
            events = system.resolve(loaded, Action("begin_turn", mover, {}), SeededDice(1))
        except RulesError:
            continue
        for event in events:
            loaded = system.apply(loaded, event)
        at = loaded["units"][mover]
        taken = {(u["x"], u["y"]) for u in loaded["units"].values()}
        enemies = [
            uid
            for uid in loaded["order"]
            if uid not in own and not loaded["units"][uid]["destroyed"]
        ]
        spot = (int(at["x"]) + 3, int(at["y"]))
        if enemies and spot not in taken and spot[0] < int(loaded["map"]["width"]):
            near = system.dump(loaded)
            near["units"][enemies[0]]["x"], near["units"][enemies[0]]["y"] = spot
            return near, enemies[0]
    return None


@hider("scs")
def _scs(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """SCS-FOW-1: the units under the top of an enemy stack (which ones, their steps)."""
    scn = scenario_of(state)
    by_side: dict[str, list[tuple[str, list[str]]]] = {}
    for label, ids in sorted(state["stacks"].items()):
        if len(ids) == 1:  # single units, so that two to a hex stay within the stacking limit
            by_side.setdefault(scn.units[ids[0]].side, []).append((label, ids))
    for viewer, other in itertools.permutations(sorted(by_side), 2):
        stacks = by_side[other]
        if len(stacks) < 4:
            continue
        audience = Audience("player", side=viewer, actors=frozenset({viewer}))
        (t1_hex, t1), (t2_hex, t2), (a_hex, a), (b_hex, b) = stacks[:4]
        # base: a under t1's top and b under t2's; variant: the other way round
        base, variant = copy.deepcopy(state), copy.deepcopy(state)
        for s, first, second in ((base, a, b), (variant, b, a)):
            s["stacks"][t1_hex] = [*t1, *first]
            s["stacks"][t2_hex] = [*t2, *second]
            del s["stacks"][a_hex], s["stacks"][b_hex]
            for uid in first:
                s["units"][uid]["hex"] = t1_hex
            for uid in second:
                s["units"][uid]["hex"] = t2_hex
        if not (overstacked(scn, base) or overstacked(scn, variant)):
            yield audience, base, variant


@hider("delta_green")
def _delta_green(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """DG-ARM-8: a vest worn hidden by someone else, unseen: level 1 or level 3; DG-RES-1: private
    notes."""
    combatants = state["combatants"]
    for viewer, c in sorted(combatants.items()):
        audience = Audience("player", actors=frozenset({viewer}))
        for cid, other in sorted(combatants.items()):
            if cid == viewer or other.get("vest_seen_by"):
                continue
            base = copy.deepcopy(state)
            base["combatants"][cid]["sheet"]["vest"] = {"level": 1, "worn_hidden": True}
            variant = copy.deepcopy(state)
            variant["combatants"][cid]["sheet"]["vest"] = {"level": 3, "worn_hidden": True}
            yield audience, base, variant
            break
        del c
    # DG-RES-1: the GM's private notes, about the operation and about the viewer themself.
    for viewer in sorted(combatants):
        audience = Audience("player", actors=frozenset({viewer}))
        variant = copy.deepcopy(state)
        variant["private_notes"] = ["The handler is compromised"]
        variant["combatants"][viewer]["private_notes"] = ["Is the mole"]
        yield audience, copy.deepcopy(state), variant
        break


@hider("coc")
def _coc(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """COC-SILENCER-2: the secret silencer counter; a secret poison; closed monster sheets."""
    combatants = state["combatants"]
    players = sorted(i for i, c in combatants.items() if c["side"] == "investigators")
    for viewer in players[:2]:
        audience = Audience("player", side="investigators", actors=frozenset({viewer}))
        base, variant = copy.deepcopy(state), copy.deepcopy(state)
        for c in variant["combatants"].values():
            for held in c["weapons"].values():
                held["silencer_life"], held["silencer_shots"] = 3, 2
            if c["side"] != "investigators":
                for key, value in list(c.get("skills", {}).items()):
                    c["skills"][key] = max(1, int(value) - 5)
        target = players[-1]
        variant["effects"] = {
            **variant["effects"],
            "s99": {  # secret effects are numbered apart from the public ones
                "id": "s99",
                "kind": "poison",
                "target": target,
                "left": 3,
                "data": {"poison": "arsenic", "pot": 0, "wins": 0, "doses": 1, "secret": True},
            },
        }
        yield audience, base, variant


@hider("ace")
def _ace(state: Json) -> Iterator[tuple[Audience, Json, Json]]:
    """ACE-ACT-3: GM-secret rolls not yet revealed; ACE-STEALTH-1: an unnoticed enemy's numbers."""
    combatants = state["combatants"]
    for viewer, c in sorted(combatants.items()):
        audience = Audience("player", side=c["side"] or None, actors=frozenset({viewer}))
        base, variant = copy.deepcopy(state), copy.deepcopy(state)
        variant["secrets"] = [
            *variant["secrets"],
            {"id": 99, "revealed": False, "who": viewer, "what": "passive perception", "roll": 17},
        ]
        for cid, other in sorted(combatants.items()):
            if other["side"] != c["side"] and other["hidden"]:
                variant["combatants"][cid]["hp"] = int(other["hp"]) - 1
        yield audience, base, variant


# --- the property ---------------------------------------------------------------------------------


def states(key: str) -> Iterator[tuple[str, Json]]:
    """The demo's opening state and every bench case's state after its prelude."""
    system = get_system(key)
    if system.demo is not None:
        yield "demo", system.dump(system.start(system.demo()))
    for n, case in enumerate(bench_cases(key)):
        prelude = list(case.get("prelude", ()))
        for seed in (f"ni-{i}" for i in range(10)):
            try:
                log = play(system, case["setup"], prelude, seed)
            except RulesError:
                continue
            yield (
                f"bench {n}",
                copy.deepcopy(log.snapshot or system.dump(system.start(case["setup"]))),
            )
            break


def _secret_ids(base: Json, variant: Json) -> list[str]:
    """Ids of units the pair changes: the viewer may try to aim at them by name."""
    pools = [k for k in ("units", "combatants") if isinstance(base.get(k), dict)]
    found = []
    for pool in pools:
        for ident in sorted(set(base[pool]) | set(variant[pool])):
            if base[pool].get(ident) != variant[pool].get(ident):
                found.append(ident)
    return found


def test_every_system_declares_its_secrets() -> None:
    assert sorted(HIDERS) == system_keys()


@pytest.mark.parametrize("key", system_keys())
def test_a_player_cannot_tell_apart_states_that_differ_only_in_secrets(key: str) -> None:
    system = get_system(key)
    pairs = 0
    for where, state in states(key):
        for audience, base, variant in HIDERS[key](state):
            assert base != variant
            secrets = _secret_ids(base, variant)
            left = answers(system, base, audience, secrets)
            right = answers(system, variant, audience, secrets)
            assert len(left) == len(right), f"{key} {where} {audience.key}"
            for a, b in zip(left, right, strict=True):
                assert a == b, f"{key} {where}: {audience.key} tells the pair apart"
            pairs += 1
    if key != "chat":
        assert pairs > 0, f"no pair was built for {key}"
