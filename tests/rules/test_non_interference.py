"""Non-interference: what a player can ask of a system never depends on what it may not see.

For every registered system, pairs of states that differ only in hidden information (a Hidden
mech's square, the units under the top of an enemy stack, a hidden vest, a secret poison, a
GM-secret roll...) must give that player byte-identical answers: the view, the legal actions, the
preview of every action offered, the refusal of an action it may not send, and whether a move
it plays may then be taken back (MECH-MOVE-UNDO; an answer after the action itself revealed the
secret by a rule is not compared). A new system joins by its registry key and declares its pairs
in tests/rules/<key>/<key>_secrets.py, beside its own tests; one without that file fails
`test_every_system_declares_its_secrets`.
"""

from __future__ import annotations

import copy
import importlib.util
import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.core.dice import SeededDice
from rules.core.errors import RulesError
from rules.core.registry import bench_cases, get_system, system_keys
from rules.core.session import play
from rules.core.system import Action, Audience, Event, GameSystem
from rules.mech.view import reach

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


SCENE_SYSTEMS = ("delta_green", "coc", "ace")  # the systems that play on a scene map

# Forms whose probes are also resolved (those the filter keeps): a refusal there must not tell a
# secret either (a move refused onto a Hidden mech's square and not one square on found it for
# free: issue 30).
RESOLVED: dict[str, tuple[frozenset[str], Callable[[Any, Action], bool]]] = {
    "mech": (frozenset({"move", "boost", "jump", "climb"}), _mech_within_speed),
    # SCENE-HIDE-1: a move on a scene map, every square of the map
    **{key: (frozenset({"scene_move"}), lambda state, action: True) for key in SCENE_SYSTEMS},
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


# An answer the rules may legitimately give differently in the two worlds, because the action
# itself revealed the secret by a rule (a Hidden mech's opportunity attack, MECH-OA-1 /
# MECH-COND-HIDDEN): from then on the viewer knows it, so that answer is not compared.
REVEALED = "revealed by a rule: "
# The words a player reads when a take-back is refused (vtt/encounters/services.py).
TAKE_BACK_REFUSED = "Only your own last move can be taken back, before it revealed anything."
TAKEN_BACK: Counter[str] = Counter()  # the take-backs compared: "<kind> kept", "<kind> taken back"


def _take_back(
    system: GameSystem, state: Any, action: Action, secrets: list[str]
) -> tuple[str, str]:
    """The action's refusal (as `_refusal`), then, MECH-MOVE-UNDO, whether the viewer's pilot may
    take it back once played, and the line the table then shows (every line of a move that may
    be taken back is public), or the refusal it reads: a take-back must not tell a secret either
    (move, take back, move again swept a Hidden mech's area for free: issue 30, finding 2)."""
    assert system.take_back is not None
    after = copy.deepcopy(state)
    try:
        events = system.resolve(after, action, SeededDice(16))
    except RulesError as exc:
        return f"{action}: refused: {exc}", f"{action}: nothing to take back"
    accepted = f"{action}: accepted"
    hidden_before = {s for s in secrets if _is_hidden(state, s)}
    for event in events:
        after = system.apply(after, event)
    if any(not _is_hidden(after, s) for s in hidden_before):
        return accepted, f"{REVEALED}{action}"
    if not system.take_back(action, events):
        TAKEN_BACK[f"{action.kind} kept"] += 1
        return accepted, f"{action}: take-back refused: {TAKE_BACK_REFUSED}"
    TAKEN_BACK[f"{action.kind} taken back"] += 1
    return accepted, f"{action}: taken back: {_dumps([e.text for e in events])}"


def _is_hidden(state: Any, uid: str) -> bool:
    unit = (state.get("units") or {}).get(uid)
    return isinstance(unit, dict) and "hidden" in (unit.get("conditions") or {})


# What the lines a player reads of its attack at a GM-only token may not be (SCENE-HIDE-2/3):
# the map's reading of its distance; the wall or reach the dice met is told without it.
UNSEEN_READINGS = frozenset({"scene.measured"})
# The systems whose attacks at a GM-only token read the true map's distance: the sweep must play
# some of them that far (not only hold them for an answer), or the check above reads nothing.
MEASURING = frozenset({"delta_green", "coc"})
READ: Counter[str] = Counter()  # per system, the attacks at a GM-only token played to a reading


def _sent_unseen(system: GameSystem, state: Any, action: Action, audience: Audience) -> str:
    """An attack at a GM-only token, sent: refused or not the same way wherever it stands (the
    answer compared), and, accepted, no line the sender reads is the map's reading of where it
    stands (those go to the GM alone, whatever the dice met), up to its roll: an attack the
    table holds for an answer (Call of Cthulhu's dodge asked, COC-DODGE-4) is played on
    through the time for it running out (the system's `deadline`)."""
    try:
        events = _played_through(system, state, action)
    except RulesError as exc:
        return f"{action}: refused: {exc}"
    told = [e.kind for e in events if audience.can_see(e.audience) and e.kind in UNSEEN_READINGS]
    assert told == [], f"{action}: {audience.key} reads {told}"
    if any(e.kind in UNSEEN_READINGS for e in events):
        READ[system.key] += 1  # played on the true map, its reading the GM's
    return f"{action}: accepted"


def _played_through(system: GameSystem, state: Any, action: Action) -> list[Event]:
    """The action's events, then those of what the table waits on after it (an answer's time
    running out: `deadline`), a few steps at most."""
    after = copy.deepcopy(state)
    events = system.resolve(after, action, SeededDice(16))
    for event in events:
        after = system.apply(after, event)
    for _ in range(4):
        due = system.deadline(after) if system.deadline is not None else None
        if due is None:
            break
        more = system.resolve(after, due[1], SeededDice(17))
        for event in more:
            after = system.apply(after, event)
        events = [*events, *more]
    return events


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
                for name in ("target", "unit", "uid", "defender", "id", "who")
                for secret in secrets
            ]
            if system.preview is not None:
                out += [_preview(system, state, action) for action in probes]
            if system.key in SCENE_SYSTEMS:  # SCENE-HIDE-2/3: an attack at a GM-only token, sent
                out += [
                    _sent_unseen(system, state, p, audience)
                    for p in probes
                    if p.params.get("target") in secrets
                ]
            kinds, keep = RESOLVED.get(system.key, (frozenset(), None))
            if keep is not None and template["kind"] in kinds:
                kept = [a for a in probes if "x" in a.params and keep(state, a)]
                if system.take_back is None:
                    out += [_refusal(system, state, a) for a in kept]
                else:  # MECH-MOVE-UNDO: and, accepted, whether it may then be taken back
                    out += [line for a in kept for line in _take_back(system, state, a, secrets)]
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


def hider(key: str) -> Hider | None:
    """The system's `secrets(state)`, declared beside its own tests in
    tests/rules/<key>/<key>_secrets.py (taken from the registry's keys, no list to edit)."""
    path = Path(__file__).parent / key / f"{key}_secrets.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"{key}_secrets", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: Hider = module.secrets
    return found


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
    # a scene map's token moved or hidden (SCENE-HIDE-1/2): the viewer may aim at it by name
    tokens = [(s.get("scene") or {}).get("tokens") or {} for s in (base, variant)]
    for ident in sorted(set(tokens[0]) | set(tokens[1])):
        if tokens[0].get(ident) != tokens[1].get(ident) and ident not in found:
            found.append(ident)
    return found


def test_every_system_declares_its_secrets() -> None:
    """A system without tests/rules/<key>/<key>_secrets.py has not said what it hides."""
    assert [key for key in system_keys() if hider(key) is None] == []


@pytest.mark.parametrize("key", system_keys())
def test_a_player_cannot_tell_apart_states_that_differ_only_in_secrets(key: str) -> None:
    system = get_system(key)
    hide = hider(key)
    READ[key] = 0
    TAKEN_BACK.clear()
    assert hide is not None, f"tests/rules/{key}/{key}_secrets.py declares no secrets"
    pairs = 0
    for where, state in states(key):
        for audience, base, variant in hide(state):
            assert base != variant
            secrets = _secret_ids(base, variant)
            left = answers(system, base, audience, secrets)
            right = answers(system, variant, audience, secrets)
            assert len(left) == len(right), f"{key} {where} {audience.key}"
            for a, b in zip(left, right, strict=True):
                if a.startswith(REVEALED) or b.startswith(REVEALED):
                    continue  # the action revealed the secret by a rule: the worlds now differ
                assert a == b, f"{key} {where}: {audience.key} tells the pair apart"
            pairs += 1
    if key != "chat":
        assert pairs > 0, f"no pair was built for {key}"
    if get_system(key).take_back is not None and key in RESOLVED:  # MECH-MOVE-UNDO
        assert TAKEN_BACK["move taken back"] > 0, f"{key}: {TAKEN_BACK}"
        assert TAKEN_BACK["move kept"] > 0, f"{key}: {TAKEN_BACK}"
    if key in MEASURING:  # SCENE-HIDE-2: the attacks at a GM-only token were played, not held
        assert READ[key] > 0, f"no attack at a GM-only token was played in {key}"
