"""SCENE-HIDE-1 in Call of Cthulhu's view: the yards a combatant whose token is GM-only has moved
this round (`round.moved`, SCENE-MOVE-3) are the Keeper's and its own player's; another
investigator's player, who reads its sheet, does not read them."""

from __future__ import annotations

from rules.coc import SYSTEM
from rules.core.dice import LoadedDice
from rules.core.system import Action, Audience


def test_a_gm_only_investigators_yards_are_not_read_by_the_other_players() -> None:
    state = SYSTEM.start(SYSTEM.demo())  # type: ignore[misc]
    for kind, params in (
        ("scene_setup", {"cols": 12, "rows": 10}),
        ("scene_place", {"who": "finch", "x": 1, "y": 1, "gm_only": True}),
        ("scene_place", {"who": "mara", "x": 5, "y": 5}),
    ):
        for event in SYSTEM.resolve(state, Action(kind, "gm", params), LoadedDice([])):
            state = SYSTEM.apply(state, event)
    state["combatants"]["finch"]["round"]["moved"] = "3"  # as scene.moved leaves it
    rows = {
        who: {row["id"]: row for row in SYSTEM.view(state, audience)["combatants"]}["finch"]
        for who, audience in (
            ("keeper", Audience("gm")),
            ("finch", Audience("player", side="investigators", actors=frozenset({"finch"}))),
            ("mara", Audience("player", side="investigators", actors=frozenset({"mara"}))),
        )
    }
    assert rows["keeper"]["round"]["moved"] == "3"
    assert rows["finch"]["round"]["moved"] == "3"
    assert "moved" not in rows["mara"]["round"]
    assert "sheet" in rows["mara"]  # the sheet itself stays open to the investigators
    state["scene"]["tokens"]["finch"]["gm_only"] = False
    shown = {
        row["id"]: row
        for row in SYSTEM.view(state, Audience("player", actors=frozenset({"mara"})))["combatants"]
    }
    assert shown["finch"]["round"]["moved"] == "3"
