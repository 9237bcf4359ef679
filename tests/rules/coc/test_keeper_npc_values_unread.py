"""Issue 30: a Keeper's NPC's sheet is the Keeper's (rules/coc/view.py opens only investigators'
sheets to players). The dice-bot tools of issue 38 must keep it so: `.st hp 3 @cultist` and
`.sc 0/1d4 @cultist` played by the Keeper on an NPC put no line naming its HP or SAN where a
player or an observer reads it."""

from __future__ import annotations

import pytest

from rules.coc import SYSTEM
from rules.core.dice import SeededDice
from rules.core.system import OBSERVER, Action, Audience

PLAYER = Audience("player", side="investigators", actors=frozenset({"mara"}))


@pytest.mark.parametrize("reader", [PLAYER, OBSERVER], ids=["player", "observer"])
def test_the_keepers_tools_on_an_npc_name_no_hidden_value(reader: Audience) -> None:
    state = SYSTEM.start(SYSTEM.demo())
    assert not any(
        "hp" in row for row in SYSTEM.view(state, reader)["combatants"] if row["id"] == "cultist"
    )
    actions = [
        Action("set_values", "gm", {"who": "cultist", "values": [["hp", 3]]}),
        Action("sanity_check", "gm", {"who": "cultist", "on_success": "0", "on_failure": "1d4"}),
    ]
    read = []
    for n, action in enumerate(actions):
        for event in SYSTEM.resolve(state, action, SeededDice(5 + n)):
            if reader.can_see(event.audience):
                read.append(event.text)
    assert not any("hp 3" in line or "SAN" in line for line in read), read


@pytest.mark.parametrize("reader", [PLAYER, OBSERVER], ids=["player", "observer"])
def test_the_keepers_override_and_lasting_injury_on_an_npc_name_no_hidden_value(
    reader: Audience,
) -> None:
    """The Keeper's override of the cultist's HP and the CON and APP a lost leg leaves him
    (COC-DMG-1) are the Keeper's to read; an investigator's stay open to the table."""
    state = SYSTEM.start(SYSTEM.demo())
    override = {"target": "cultist", "field": "hp", "value": 4, "reason": "the floor gave way"}
    leg = {"target": "cultist", "limb": "left_leg", "con": 3, "app": 2}
    read = []
    for n, action in enumerate(
        [Action("override", "gm", override), Action("lasting_injury", "gm", leg)]
    ):
        for event in SYSTEM.resolve(state, action, SeededDice(7 + n)):
            read.append(event.text if reader.can_see(event.audience) else event.redacted_text)
    assert len(read) == 2
    assert not any(line and ("4" in line or "CON" in line) for line in read), read
    mara = {"target": "mara", "limb": "left_leg", "con": 3, "app": 2}
    (lost,) = SYSTEM.resolve(state, Action("lasting_injury", "gm", mara), SeededDice(9))
    assert reader.can_see(lost.audience)  # an investigator's sheet is the table's
    assert "CON" in lost.text
