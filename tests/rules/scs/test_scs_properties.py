"""Property tests: MA never exceeded but by the minimum move (SCS-3.1b/e), legal retreats
(SCS-RET-2, SCS-MAP-4), fog of war never reveals more than the top unit (SCS-FOW-1, SCS-ENG-3)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from scs_helpers import BLUE, RED, act, arrange, game

from rules.core.errors import RulesError
from rules.scs import SYSTEM, board, stages
from rules.scs import state as scs_state

SCN = scs_state.scenario_of(game())
CELLS = sorted(SCN.grid.cells)
BLUE_UNITS = ["B1", "B2", "B3", "B4", "B5", "B7", "B8"]
RED_UNITS = ["R1", "R2", "R3", "R4", "R6", "R7"]
cells = st.sampled_from(CELLS)
HQ = SCN.grid.cell("02.05")  # where the moving stacks of the redaction test start


def near(uid: str, radius: int) -> list[tuple[int, int]]:
    """The hexes within `radius` of where `uid` starts, so most generated moves are legal ones."""
    start = SCN.grid.cell(game()["units"][uid]["hex"])
    return sorted(cell for cell in CELLS if SCN.grid.distance(start, cell) <= radius)


def walk(uid: str, turns: list[int]) -> list[tuple[int, int]]:
    """A path of neighbouring hexes from where `uid` starts, one hex per turn."""
    cell = SCN.grid.cell(game()["units"][uid]["hex"])
    path = []
    for turn in turns:
        ahead = [c for c in SCN.grid.neighbours(cell) if SCN.grid.contains(c)]
        cell = ahead[turn % len(ahead)]
        path.append(cell)
    return path


def test_a_move_never_spends_more_than_the_ma_except_the_minimum_move() -> None:
    moves: list[dict[str, Any]] = []

    @settings(max_examples=80, deadline=None)
    @given(st.sampled_from(BLUE_UNITS), st.data(), st.booleans())
    def one_move(uid: str, data: st.DataObject, oos: bool) -> None:
        target = data.draw(st.sampled_from(near(uid, 4)))
        path = walk(uid, data.draw(st.lists(st.integers(0, 5), min_size=1, max_size=4)))
        state = game()
        state["units"][uid]["oos"] = oos
        for params in (
            {"units": uid, "to": SCN.label(target)},
            {"units": uid, "path": ",".join(SCN.label(c) for c in path)},
        ):
            try:
                after, events = act(state, "unit.move", "blue", **params)
            except RulesError:
                continue
            moves.append(params)
            unit = after["units"][uid]
            if events[0].payload["minimum"]:
                assert len(events[0].payload["path"]) == 1
            else:
                assert board.mp_spent(after, uid) <= board.ma_eff(SCN, after, uid)
            assert board.occupant(SCN, state, SCN.grid.cell(unit["hex"])) in (None, "blue")

    one_move()
    # Refused moves check nothing: most of the 160 tried must have been played.
    assert len(moves) >= 40


def test_a_retreat_never_enters_an_enemy_hex_and_leaves_the_map_only_as_its_last_hex() -> None:
    """SCS-RET-1/2, PD-25: each hex one farther; off the map only as the last hex (SCS-MAP-4)."""
    checked: list[int] = []

    @settings(max_examples=60, deadline=None)
    @given(
        st.sampled_from(RED_UNITS),
        cells,
        st.integers(1, 3),
        st.lists(st.tuples(st.sampled_from(BLUE_UNITS), cells), max_size=6),
    )
    def one_retreat(
        uid: str, where: tuple[int, int], length: int, blues: list[tuple[str, tuple[int, int]]]
    ) -> None:
        state = arrange(game(), **{uid: SCN.label(where)})
        for blue, cell in blues:
            if cell != where:
                state = arrange(state, **{blue: SCN.label(cell)})
        if state["units"][uid]["hex"] != SCN.label(where):
            return
        options = stages.legal_retreats(SCN, state, [uid], length)
        checked.append(len(options))
        for option in options:
            cells = [SCN.grid.parse(label) for label in option["path"]]
            on_map = [SCN.grid.contains(c) for c in cells]
            off = option["off_map"]
            assert on_map == [True] * (len(cells) - off) + [False] * off
            assert len(cells) == length or off
            for i, cell in enumerate(cells, start=1):
                assert SCN.grid.distance(where, cell) == i
                assert board.occupant(SCN, state, cell) in (None, "red")

    one_retreat()
    assert sum(1 for n in checked if n) >= 20  # of 60 positions: most have retreats to check


def hidden_strings(state: dict[str, Any], viewer: str) -> set[str]:
    found: set[str] = set()
    for ids in state["stacks"].values():
        if SCN.units[ids[0]].side != viewer:
            for uid in ids[1:]:
                found.add(f'"{uid}"')
                found.add(SCN.units[uid].name)
    return found


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(RED_UNITS), st.sampled_from(CELLS[60:])), max_size=8),
    st.lists(st.tuples(st.sampled_from(BLUE_UNITS), st.sampled_from(CELLS[:40])), max_size=8),
)
def test_fog_of_war_never_reveals_more_than_the_top_unit(
    reds: list[tuple[str, tuple[int, int]]], blues: list[tuple[str, tuple[int, int]]]
) -> None:
    state = game()
    for uid, cell in [*reds, *blues]:
        state = arrange(state, **{uid: SCN.label(cell)})
    for audience, side in ((BLUE, "blue"), (RED, "red")):
        view = SYSTEM.view(state, audience)
        history = view.pop("history")
        text = json.dumps(view)
        for secret in hidden_strings(state, side):
            assert secret not in text
        for snap in history:  # replay shows past positions under the same fog of war
            for stack in snap["stacks"]:
                if stack["side"] != side:
                    assert len(stack["units"]) == 1
        for stack in view["stacks"]:
            if stack["side"] != side:
                assert len(stack["units"]) == 1
                assert stack["units"][0]["id"] == state["stacks"][stack["hex"]][0]
                assert stack["count"] == len(state["stacks"][stack["hex"]])


def test_movement_events_never_name_units_in_the_text_the_other_side_gets() -> None:
    moved: list[list[str]] = []

    @settings(max_examples=30, deadline=None)
    @given(
        st.lists(st.sampled_from(BLUE_UNITS[:5]), min_size=1, max_size=3, unique=True),
        st.sampled_from([cell for cell in CELLS if SCN.grid.distance(cell, HQ) <= 3]),
    )
    def one_move(uids: list[str], target: tuple[int, int]) -> None:
        state = game()
        for uid in uids:
            state = arrange(state, **{uid: SCN.label(HQ)})
        try:
            _, events = act(state, "unit.move", "blue", units=",".join(uids), to=SCN.label(target))
        except RulesError:
            return
        moved.append(uids)
        for event in events:
            assert event.audience == "side:blue"
            for uid in uids:
                assert uid not in (event.redacted_text or "")
                assert SCN.units[uid].name not in (event.redacted_text or "")

    one_move()
    assert len(moved) >= 10  # of 30 stacks moved: refused ones check nothing
