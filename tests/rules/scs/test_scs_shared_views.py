"""One state's views are worked out once for every audience alike (rules/scs/view.py,
docs/performance.md D25): the moves once per side, the view once for the GM and the observers;
a side's view is its own, whatever was drawn before it."""

from __future__ import annotations

import pytest
from scs_helpers import BLUE, RED, game

from rules.core.system import GM, OBSERVER
from rules.scs import SYSTEM
from rules.scs import view as scs_view


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    scs_view._VIEWS.clear()
    scs_view._MOVES_CACHE.clear()


def test_the_moves_of_a_state_are_worked_out_once_per_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = game()
    worked_out: list[str] = []
    compute = scs_view._compute_moves

    def counted(scn: object, state: dict, side: str) -> object:
        worked_out.append(side)
        return compute(scn, state, side)  # type: ignore[arg-type]

    monkeypatch.setattr(scs_view, "_compute_moves", counted)
    for audience in (GM, BLUE, OBSERVER, RED, GM):
        SYSTEM.view(state, audience)
    # a view keeps the state's strings: the next one still finds what this one worked out
    assert sorted(worked_out) == ["blue", "red"]


def test_the_gm_and_the_observers_share_one_view_and_the_sides_have_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = game()
    drawn: list[tuple[bool, str | None]] = []
    plain = scs_view._view

    def counted(scn: object, state: dict, everything: bool, viewer: str | None) -> object:
        drawn.append((everything, viewer))
        return plain(scn, state, everything, viewer)  # type: ignore[arg-type]

    monkeypatch.setattr(scs_view, "_view", counted)
    views = {name: SYSTEM.view(state, a) for name, a in [("gm", GM), ("obs", OBSERVER)]}
    views |= {name: SYSTEM.view(state, a) for name, a in [("blue", BLUE), ("red", RED)]}
    assert drawn == [(True, None), (False, "blue"), (False, "red")]
    assert views["gm"] == views["obs"]
    scs_view._VIEWS.clear()
    for name, audience in [("blue", BLUE), ("red", RED), ("gm", GM)]:
        assert views[name] == plain(*_args(state, audience))  # as drawn alone
    assert views["blue"] != views["red"] != views["gm"]


def test_a_view_changed_at_its_top_leaves_the_next_one_whole() -> None:
    state = game()
    first = SYSTEM.view(state, GM)
    first.pop("history")  # as some callers do
    assert "history" in SYSTEM.view(state, OBSERVER)


def _args(state: dict, audience: object) -> tuple[object, dict, bool, str | None]:
    scn = scs_view.scenario_of(state)
    side = getattr(audience, "side", None)
    everything = getattr(audience, "role", "") in ("gm", "observer")
    return scn, state, everything, side if side in scn.sides else None
