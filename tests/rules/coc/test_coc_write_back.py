"""What a scene leaves on an investigator's sheet and the next scene starts from (issue 32):
HP, dead, dying, knocked out, wounds, CON and APP lost for good, Sanity, Luck, Magic Points,
poisons still to act and rounds loaded (COC-HP-1, COC-KO-3, COC-HEAL-1, COC-FIRE-2, COC-GEN-2)."""

from __future__ import annotations

from typing import Any

import pytest
from coc_helpers import act, duel, person, scene

from rules.coc import SYSTEM
from rules.coc.derived import write_back
from rules.coc.state import status
from rules.core.errors import IllegalAction

NO_SHOCK = {"coc.shock_rule": False}


def written(state: dict[str, Any], ident: str) -> dict[str, Any]:
    sheet: dict[str, Any] = SYSTEM.validate_sheet(
        write_back(state, ident, state["combatants"][ident]["sheet"])
    )
    return sheet


def again(sheet: dict[str, Any]) -> dict[str, Any]:
    state = scene(("bob", sheet), ("ann", person("Ann")))
    bob: dict[str, Any] = state["combatants"]["bob"]
    return bob


def test_a_shot_investigator_keeps_hp_wounds_and_the_rounds_fired() -> None:
    """A .38 at 8 yards: d100 = 20 hits (Handgun 40), 1d10 = 4: 12 -> 8; the revolver has
    a round fewer (COC-HEAL-1: the wound may still be first-aided in the next scene)."""
    state = duel(**NO_SHOCK)
    loaded = state["combatants"]["ann"]["weapons"]["revolver"]["loaded"]
    state, _ = act(state, "fire", "ann", [20, 4], weapon="revolver", target="bob", distance=8)
    assert state["combatants"]["bob"]["hp"] == 8
    bob = written(state, "bob")
    assert bob["condition"]["hp"] == 8
    assert bob["condition"]["wounds"] == [{"damage": 4, "aided": False}]
    ann = written(state, "ann")
    revolver = next(w for w in ann["weapons"] if w["key"] == "revolver")
    assert revolver["loaded"] == loaded - 1
    assert ann["condition"] is None
    nxt = again(bob)
    assert nxt["hp"] == 8
    assert nxt["wounds"] == [{"n": 1, "damage": 4, "aided": False}]
    assert status(nxt) == "ok"


def test_dying_dead_and_knocked_out_carry_on() -> None:
    """COC-HP-1: at 0 HP dying, the end of the next round's first round ends it; dead stays
    dead; COC-KO-3: rounds still knocked out carry on."""
    state = duel(**NO_SHOCK)
    state, _ = act(state, "override", "gm", target="bob", field="hp", value=-1, reason="test")
    dying = written(state, "bob")
    assert dying["condition"]["hp"] == -1
    assert dying["condition"]["dead"] is False
    nxt = again(dying)
    assert status(nxt) == "dying"
    assert nxt["dying_round"] == 0
    state, _ = act(state, "override", "gm", target="bob", field="dead", value=1, reason="test")
    dead = written(state, "bob")
    assert dead["condition"]["dead"] is True
    assert status(again(dead)) == "dead"
    state, _ = act(state, "override", "gm", target="ann", field="ko_rounds", value=30, reason="t")
    ann = written(state, "ann")
    assert ann["condition"]["ko_rounds"] == 30
    assert ann["condition"]["hp"] is None
    assert status(again(ann)) == "unconscious"


def test_lost_con_and_app_sanity_luck_and_magic_points_are_written_to_the_sheet() -> None:
    """COC-FIRE-2: CON and APP lost to burns are lost for good; COC-GEN-2: Luck, MP, SAN spent."""
    state = duel(**NO_SHOCK)
    for field, value in (("con", 9), ("app", 8), ("san", 41), ("luck", 30), ("mp", 6)):
        state, _ = act(state, "override", "gm", target="bob", field=field, value=value, reason="t")
    bob = written(state, "bob")
    assert (bob["con"], bob["app"], bob["san"], bob["luck"], bob["mp"]) == (9, 8, 41, 30, 6)
    assert bob["condition"] is None
    nxt = again(bob)
    assert (nxt["con"], nxt["app"], nxt["san"], nxt["luck"], nxt["mp"]) == (9, 8, 41, 30, 6)


def test_a_poison_still_to_act_acts_in_the_next_scene_but_a_secret_one_stays_off_the_sheet() -> (
    None
):
    """COC-POISON-5: chloroform won on 10; its onset had not come: it carries on and acts in
    the next scene; a Keeper's secret poison is not written where its player reads."""
    state = duel(**NO_SHOCK)
    state, _ = act(state, "poison", "gm", [10], target="bob", poison="chloroform")
    bob = written(state, "bob")
    assert bob["condition"]["poisons"] == [
        {"poison": "chloroform", "pot": 15, "wins": True, "doses": 1, "left": 2}
    ]
    nxt = SYSTEM.start({"combatants": [{"id": "bob", "sheet": bob}]})
    effect = nxt["effects"]["e1"]
    assert (effect["kind"], effect["target"], effect["left"]) == ("poison", "bob", 2)
    secret = duel(**NO_SHOCK)
    secret, _ = act(secret, "poison", "gm", [10, 1], target="bob", poison="strychnine", secret=True)
    assert written(secret, "bob")["condition"] is None


def test_a_limb_lost_for_good_and_its_con_and_app_carry_on() -> None:
    """COC-DMG-1: the Keeper rules Bob's left arm lost, costing 2 CON and 3 APP for good: the
    sheet keeps the lower CON and APP and the lost arm, and the next scene starts with them;
    losing the same arm twice is refused."""
    state = duel(**NO_SHOCK)
    con, app = (state["combatants"]["bob"][k] for k in ("con", "app"))
    state, events = act(state, "lasting_injury", "gm", target="bob", limb="left_arm", con=2, app=3)
    assert (events[-1].payload["con"], events[-1].payload["app"]) == (con - 2, app - 3)
    bob = written(state, "bob")
    assert (bob["con"], bob["app"]) == (con - 2, app - 3)
    assert bob["condition"]["lost_limbs"] == [{"limb": "left_arm"}]
    nxt = again(bob)
    assert nxt["lost_limbs"] == ["left_arm"]
    assert (nxt["con"], nxt["app"]) == (con - 2, app - 3)
    with pytest.raises(IllegalAction, match="already lost"):
        act(state, "lasting_injury", "gm", target="bob", limb="left_arm")
