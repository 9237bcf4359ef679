"""The Delta Green GameSystem: registry, sheets, demo, views, dump/load, replay, exact previews."""

from __future__ import annotations

import copy
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from dg_helpers import SMG, agent, c, encounter, gm, play
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.actions import ActionTemplate
from rules.core.dice import RollRecord, SeededDice
from rules.core.errors import IllegalAction, SheetError
from rules.core.fairness import verify
from rules.core.log import Entry, fold
from rules.core.registry import get_system
from rules.core.system import GM, OBSERVER, Action, Audience
from rules.delta_green import BENCH, SYSTEM
from rules.delta_green.state import current_actor, is_dead, is_unconscious, round_over

REFERENCE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "reference" / "delta_green.md"


def test_registered_under_delta_green() -> None:
    assert get_system("delta_green") is SYSTEM


@pytest.mark.parametrize(
    ("change", "field", "rule"),
    [
        ({"dex": 0}, "dex", "DG-ACT-1"),
        ({"hp": -3}, "hp", "DG-HP-1"),
        ({"vest": {"level": 3, "worn_hidden": True}}, "vest.worn_hidden", "DG-ARM-8"),
        ({"vest": {"level": 5}}, "vest.level", "DG-ARM-1"),
        ({"edges": ["improved_double_tap"]}, "edges", "DG-EDGE-0"),
        ({"edges": ["x-ray"]}, "edges", "DG-EDGE-0"),
        ({"weapons": [{"key": "g", "damage": "banana"}]}, "weapons[0].damage", "COC-IMPALE-3"),
        (
            {"weapons": [{"key": "g", "rof": 1, "capacity": 5, "max_burst": 7}]},
            "weapons[0].max_burst",
            "DG-AUTO-6",
        ),
    ],
)
def test_bad_sheets_name_the_field_and_rule(change: dict[str, Any], field: str, rule: str) -> None:
    sheet = {**copy.deepcopy(SYSTEM.default_sheet), **change}
    with pytest.raises(SheetError) as error:
        SYSTEM.validate_sheet(sheet)
    assert error.value.field == field
    assert error.value.rule == rule


def test_default_sheet_is_valid() -> None:
    assert SYSTEM.validate_sheet(SYSTEM.default_sheet)["hp"] == 13


def test_every_dg_setting_of_the_digest_is_a_setting() -> None:
    """Every `dg.*` proposed default (the reference's settings table) is exposed under its rule."""
    named = re.findall(
        r"^\| `(dg\.[a-z0-9_]+)` \| (DG-[A-Z]+-\d+) \|$", REFERENCE.read_text(), re.M
    )
    assert len(named) >= 50  # the table is there and parsed: this test cannot pass on nothing
    exposed = {entry.key: entry.rule for entry in SYSTEM.settings_schema.entries}
    assert {key: exposed.get(key) for key, _ in named} == dict(named)
    assert all(rule.startswith("DG-") for rule in exposed.values())


def test_dump_and_load_round_trip_and_unknown_versions_are_refused() -> None:
    state = SYSTEM.start(SYSTEM.demo())
    assert SYSTEM.load(SYSTEM.dump(state)) == state
    with pytest.raises(IllegalAction):
        SYSTEM.load({**SYSTEM.dump(state), "version": 99})


def test_demo_setup() -> None:
    """The demo: M-60 and belt (player1), MAC-10 (player2), pistol + vest II (GM), 4 cultists."""
    setup = SYSTEM.demo()
    state = SYSTEM.start(setup)
    controllers = {e["id"]: e["controller"] for e in setup["combatants"]}
    assert controllers["serge"] == "player1"
    assert controllers["hernandez"] == "player2"
    assert [cid for cid, who in controllers.items() if who == "gm"] == [
        "walsh",
        "cultist1",
        "cultist2",
        "cultist3",
        "cultist4",
    ]
    assert c(state, "serge")["sheet"]["weapons"][0]["reload"] == "belt"
    assert c(state, "walsh")["sheet"]["vest"]["level"] == 2
    assert c(state, "cultist3")["sheet"]["vest"]["level"] == 3
    assert SYSTEM.actors is not None
    assert len(SYSTEM.actors(state)) == 7


def test_dg_arm_8_hidden_vest_seen_only_by_gm_and_wearer() -> None:
    state = SYSTEM.start(SYSTEM.demo())
    walsh_view = SYSTEM.view(state, Audience("player", actors=frozenset({"walsh"})))
    other_view = SYSTEM.view(state, Audience("player", actors=frozenset({"serge"})))
    assert SYSTEM.view(state, GM)["combatants"]["walsh"]["derived"]["vest"]["level"] == 2
    assert walsh_view["combatants"]["walsh"]["derived"]["vest"]["hidden"] is True
    assert other_view["combatants"]["walsh"]["sheet"]["vest"] is None
    assert SYSTEM.view(state, OBSERVER)["combatants"]["walsh"]["derived"]["vest"] is None
    assert SYSTEM.view(state, GM)["combatants"]["cultist3"]["derived"]["vest"]["ap"] == 10


def test_legal_actions_show_only_modes_the_weapon_and_cards_allow() -> None:
    """DG-AUTO-5/-6, DG-ACT-4: the MAC-10 has no spray; with 2 cards left no 3-card modes."""
    state = encounter(agent("a", dex=14, weapons=[dict(SMG)]), agent("b", dex=4))
    state, _ = gm(state, "start_round", [10, 1])
    burst = next(t for t in SYSTEM.legal_actions(state, "a") if t.kind == "burst")
    assert [m["mode"] for m in burst.hints["modes"]] == ["3", "4", "6", "8", "10", "12", "20"]
    state, _ = play(state, "pass", "a", [])
    state, _ = play(state, "pass", "b", [])
    state, _ = play(state, "pass", "a", [])
    burst = next(t for t in SYSTEM.legal_actions(state, "a") if t.kind == "burst")
    assert [(m["mode"], m["cost"]) for m in burst.hints["modes"]] == [
        ("3", "1 action"),
        ("4", "1 action"),
        ("6", "2 actions"),
        ("8", "2 actions"),
    ]
    assert SYSTEM.legal_actions(state, "b") == [
        t for t in SYSTEM.legal_actions(state, "b") if str(t.cost) == "free"
    ]
    gm_kinds = [t.kind for t in SYSTEM.legal_actions(state, "gm")]
    assert "next_pass" in gm_kinds
    assert "end_round" in gm_kinds
    assert "start_round" not in gm_kinds


class FaceThenOnes:
    """Dice whose first d100 shows `face` and every other die shows 1 (enough for any outcome)."""

    def __init__(self, face: int) -> None:
        self.face = face
        self.records: list[RollRecord] = []

    def roll(self, sides: int, purpose: str) -> int:
        value = self.face if not self.records and sides == 100 else 1
        self.records.append(RollRecord(purpose, sides, value))
        return value


def _enumerate(state: dict[str, Any], action: Action) -> dict[str, Fraction]:
    counts: dict[str, int] = {}
    for face in range(1, 101):
        events = SYSTEM.resolve(copy.deepcopy(state), action, FaceThenOnes(face))
        result = events[0].payload["results"][0]
        counts[result] = counts.get(result, 0) + 1
    return {label: Fraction(n, 100) for label, n in counts.items()}


LABELS = {"chosen location": "chosen", "random location": "random"}


@pytest.mark.parametrize(
    ("kind", "params", "called"),
    [
        ("fire", {"weapon": "pistol", "target": "b"}, None),
        ("fire", {"weapon": "pistol", "target": "b", "distance_m": 2}, None),
        ("fire", {"weapon": "pistol", "target": "b", "distance_m": 70}, None),
        ("burst", {"weapon": "smg", "target": "b", "mode": "12"}, None),
        ("burst", {"weapon": "m60", "target": "b", "mode": "100", "walking": True}, None),
        ("aimed_shot", {"weapon": "pistol", "target": "b"}, "head"),
        ("melee", {"weapon": "fist", "target": "b"}, None),
    ],
)
def test_preview_probabilities_match_enumeration(
    kind: str, params: dict, called: str | None
) -> None:
    """Previews are exact: each outcome's probability equals the share of d100 faces giving it."""
    from dg_helpers import M60, PISTOL

    weapons = {"pistol": PISTOL, "smg": SMG, "m60": M60, "fist": PISTOL}[params["weapon"]]
    state = encounter(
        agent("a", dex=14, weapons=[dict(weapons)], vest={"level": 2}), agent("b", dex=4, hp=999)
    )
    if called:
        state, _ = play(state, "declare_aimed_shot", "a", [], location=called)
    state, _ = gm(state, "start_round", [10, 1])
    action = Action(kind, "a", params)
    preview = SYSTEM.preview(state, action)
    expected = {
        LABELS.get(o["label"], o["label"]): Fraction(o["exact"]) for o in preview["outcomes"]
    }
    assert sum(expected.values()) == 1
    assert _enumerate(state, action) == expected


def _policy(state: dict[str, Any], actor: str) -> Action:
    """A simple table: agents shoot the first cultist standing, cultists the first agent."""
    me = state["combatants"][actor]
    foes = [
        cid
        for cid, o in state["combatants"].items()
        if o["side"] != me["side"] and not is_dead(o) and not is_unconscious(o)
    ]
    templates = {t.kind: t for t in SYSTEM.legal_actions(state, actor)}
    if foes and "burst" in templates:
        modes = templates["burst"].hints["modes"]
        mode = modes[-1]["mode"] if modes[-1]["mode"] != "100" else modes[-2]["mode"]
        return Action(
            "burst",
            actor,
            {**templates["burst"].fixed, "mode": mode, "target": foes[0]},
        )
    for kind in ("fire", "melee"):
        if foes and kind in templates:
            return Action(kind, actor, {**templates[kind].fixed, "target": foes[0]})
    if "reload" in templates:
        return Action("reload", actor, dict(templates["reload"].fixed))
    return Action("pass", actor)


def _fight(seed: str) -> tuple[dict[str, Any], list[Entry], str]:
    """Play the demo through the engine until one side is down; returns state, log and winner."""
    from rules.core.dice import derive_seed

    setup = SYSTEM.demo()
    state = SYSTEM.start(setup)
    entries: list[Entry] = []

    def act(action: Action) -> None:
        nonlocal state
        index = len(entries) + 1
        events = SYSTEM.resolve(state, action, SeededDice(derive_seed(seed, index)))
        for event in events:
            state = SYSTEM.apply(state, event)
        entries.append(Entry(index, action, tuple(events)))

    def down(side: str) -> bool:
        return all(
            is_dead(o) or is_unconscious(o)
            for o in state["combatants"].values()
            if o["side"] == side
        )

    for _ in range(40):
        if down("cult") or down("agents"):
            break
        act(Action("start_round", "gm"))
        while not round_over(state) and not (down("cult") or down("agents")):
            actor = current_actor(state)
            if actor is None:
                act(Action("next_pass", "gm"))
                continue
            act(_policy(state, actor))
        act(Action("end_round", "gm"))
    winner = "agents" if down("cult") else "cult" if down("agents") else "nobody"
    return state, entries, winner


def test_the_demo_firefight_is_played_to_the_end_and_replays() -> None:
    """The demo, played only through the engine, ends with a side down; log and fold agree."""
    winners = []
    for seed in ("s1", "s2", "s3", "s4", "s5", "s6"):
        state, entries, winner = _fight(seed)
        assert winner != "nobody"
        winners.append(winner)
        loaded = [w["loaded"] for o in state["combatants"].values() for w in o["weapons"].values()]
        assert min(loaded) >= 0
        assert fold(SYSTEM, SYSTEM.demo(), entries) == state
        report = verify(SYSTEM, SYSTEM.demo(), entries, seed)
        assert report.ok, report
    assert "agents" in winners  # at least one table took down the last cultist


@pytest.mark.parametrize("case", BENCH, ids=lambda case: str(case["name"]))
def test_bench_action_resolves(case: dict[str, Any]) -> None:
    state = SYSTEM.start(case["setup"])
    for n, action in enumerate(case["prelude"]):
        for event in SYSTEM.resolve(state, action, SeededDice(n)):
            state = SYSTEM.apply(state, event)
    assert current_actor(state) == case["action"].actor
    events = SYSTEM.resolve(state, case["action"], SeededDice(2))
    assert events[0].kind == "attack.resolved"


def test_every_event_carries_its_dice_and_text() -> None:
    state = encounter(agent("a", dex=14, weapons=[dict(SMG)]), agent("b", dex=4, hp=60))
    state, events = gm(state, "start_round", [10, 1])
    state, events = play(
        state, "burst", "a", [20, 2, 5, 3, 8, 4], weapon="smg", mode="3", target="b"
    )
    purposes = [r.purpose for r in events[0].dice]
    assert purposes == [
        "to hit d100",
        "hits 1d3",
        "hit location d10",
        "bullet 1 damage 1d10",
        "hit location d10",
        "bullet 2 damage 1d10",
    ]
    assert "hit location d10 = 5: chest/abdomen" in events[0].text
    assert "hit location d10 = 8: right arm" in events[0].text


def test_dg_arm_8_log_lines_about_a_hidden_vest_are_redacted_for_others() -> None:
    """DG-ARM-8: the GM and the wearer read the vest in the log; everyone else reads 'armour'."""
    state = encounter(
        agent("walsh", dex=16, vest={"level": 2, "worn_hidden": True}), agent("b", dex=4, hp=40)
    )
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "fire", "walsh", [90], weapon="pistol", target="b")
    assert events[0].audience == "actor:walsh"
    assert "vest 2 -8" in events[0].text
    assert events[0].redacted_text is not None
    assert "vest" not in events[0].redacted_text
    assert "other modifiers -8 = 42: miss" in events[0].redacted_text
    state, events = play(state, "fire", "b", [20, 5, 9], weapon="pistol", target="walsh")
    assert "vest 2 AP 8 -> 1" in events[0].text
    assert events[0].redacted_text is not None
    assert "armour -> 1" in events[0].redacted_text
    assert Audience("player", actors=frozenset({"walsh"})).can_see(events[0].audience)
    assert not Audience("player", actors=frozenset({"b"})).can_see(events[0].audience)


def test_visible_vests_are_in_everyones_log() -> None:
    state = encounter(agent("a", dex=16), agent("b", dex=4, hp=40, vest={"level": 3}))
    state, _ = gm(state, "start_round", [10, 1])
    _, events = play(state, "fire", "a", [20, 5, 9], weapon="pistol", target="b")
    assert events[0].audience == "all"
    assert "vest 3 AP 10 -> 0" in events[0].text


def _form_params(template: ActionTemplate, pick: int) -> dict[str, Any]:
    """What the table's form sends for a template: strings, a choice, unchecked boxes left out."""
    params: dict[str, Any] = {k: str(v) for k, v in template.fixed.items()}
    for field in template.fields:
        if field.choices:
            params[field.name] = field.choices[pick % len(field.choices)].value
        elif field.type == "checkbox":
            if pick % 2:
                params[field.name] = "on"
        else:
            params[field.name] = str(field.default)
    return params


def test_every_form_the_table_offers_resolves_or_says_why_not() -> None:
    """The UI's forms (legal_actions templates sent as strings) never crash the engine."""
    from rules.core.dice import derive_seed
    from rules.core.errors import RulesError

    state = SYSTEM.start(SYSTEM.demo())
    index = 0
    kinds_seen: set[str] = set()
    for step in range(60):
        actor = current_actor(state) or "gm"
        templates = SYSTEM.legal_actions(state, actor)
        if actor != "gm":
            templates += SYSTEM.legal_actions(state, "gm")
        chosen = None
        for n, template in enumerate(templates):
            who = "gm" if str(template.cost) == "GM" else actor
            action = Action(template.kind, who, _form_params(template, step + n))
            index += 1
            try:
                events = SYSTEM.resolve(state, action, SeededDice(derive_seed("forms", index)))
            except RulesError:
                continue
            if template.preview and who != "gm":
                SYSTEM.preview(state, action)
            progress = str(template.cost) not in ("free", "GM") or template.kind in (
                "start_round",
                "end_round",
            )
            if chosen is None and progress:
                chosen = events
        assert chosen is not None, [t.kind for t in templates]
        for event in chosen:
            state = SYSTEM.apply(state, event)
        kinds_seen.update(e.kind for e in chosen)
    assert {"round.started", "attack.resolved", "round.ended"} <= kinds_seen


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.lists(st.integers(0, 50), min_size=60, max_size=60),
)
def test_random_play_keeps_every_invariant(seed: int, picks: list[int]) -> None:
    """Property: whatever legal forms are played, cards, ammunition and limb damage stay in bounds
    and the state survives dump/load."""
    from rules.core.dice import derive_seed
    from rules.core.errors import RulesError

    state = SYSTEM.start(SYSTEM.demo())
    played = refused = 0
    for step, pick in enumerate(picks):
        actor = current_actor(state) or "gm"
        templates = SYSTEM.legal_actions(state, actor)
        if actor == "gm" or pick % 7 == 0:
            templates = templates + [
                t
                for t in SYSTEM.legal_actions(state, "gm")
                if t.kind in ("start_round", "end_round", "next_pass")
            ]
        # A refusal changes nothing, so the same pick would be refused again: move on past it.
        template = templates[(pick + refused) % len(templates)]
        who = "gm" if str(template.cost) == "GM" else actor
        action = Action(template.kind, who, _form_params(template, pick))
        try:
            events = SYSTEM.resolve(state, action, SeededDice(derive_seed(str(seed), step)))
        except RulesError:
            refused += 1
            continue
        played, refused = played + 1, 0
        for event in events:
            state = SYSTEM.apply(state, event)
        for one in state["combatants"].values():
            rnd = one["round"]
            assert 0 <= int(rnd.get("spent", 0)) <= int(rnd.get("cards", 0))
            for key, slot in one["weapons"].items():
                weapon = next(w for w in one["sheet"]["weapons"] if w["key"] == key)
                assert 0 <= slot["loaded"] <= max(weapon["capacity"], 0)
                assert slot["spare"] >= 0
            for limb in ("left_arm", "right_arm", "left_leg", "right_leg"):
                assert one["damage"][limb] <= 2 * one["loc_max"][limb]
    # A fifth of the 60 steps: random picks play 45 or more, the worst constant pick 15.
    assert played >= len(picks) // 5
    assert SYSTEM.load(SYSTEM.dump(state)) == state
