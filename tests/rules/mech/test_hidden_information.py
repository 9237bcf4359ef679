"""Who reads what: Hidden units in areas, Scan results, forced saves, radio silence."""

from __future__ import annotations

from mech_helpers import encounter, mech, play, sheet, sparring, turn, u

from rules.core.dice import LoadedDice
from rules.core.system import GM, Audience, Event
from rules.mech import engine

BLUE = Audience("player", side="blue", actors=frozenset({"a"}))
RED = Audience("player", side="red", actors=frozenset({"v"}))


def log_for(audience: Audience, events: list[Event]) -> list[str]:
    """The log lines a viewer gets, as the table server picks them (text, redacted or none)."""
    lines = []
    for event in events:
        if audience.can_see(event.audience):
            lines.append(event.text)
        elif event.redacted_text is not None:
            lines.append(event.redacted_text)
    return lines


def hidden_in_blast() -> dict:
    """Blue Latch with a Cinder Pod; red Hid (Hidden) and Vis side by side, both in blast 1."""
    state = encounter(
        mech("a", "blue", 0, 0, name="Latch"),
        mech("h", "red", 5, 0, sparring(), name="Hid"),
        mech("v", "red", 5, 1, sparring(), name="Vis"),
    )
    state["units"]["h"]["conditions"]["hidden"] = {"source": "hide"}
    return turn(state, "a")


def test_area_attack_does_not_name_a_hidden_unit_to_the_other_side_mech_cond_hidden() -> None:
    """MECH-COND-HIDDEN / MECH-AOE-1: Hid is hit, burns; blue's log never names it."""
    state = hidden_in_blast()
    # Hid: d20 15 hits; Vis: d20 3 misses; damage 1d3 = 2; then 2 burn on Hid.
    state, events = play(state, "a", "attack", [15, 3, 2], weapon="cinder_pod", x=5, y=0)
    assert u(state, "h")["hp"] == 10 - 2 - 2 and u(state, "h")["burn"] == 2
    blue = log_for(BLUE, events)
    assert not any("Hid" in line for line in blue)
    assert blue == [
        "Latch attacks with Cinder Pod (blast 1): Vis, an unseen unit",
        "Latch: attack on an unseen unit: hit",
        "Latch: ranged attack on Vis: d20 = 3 +1 +0 = 4 vs evasion 8: miss",
        "damage 1d3: 2",
        "An unseen unit takes damage",
        "An unseen unit catches fire",
        "An unseen unit takes damage",
    ]
    red = log_for(RED, events)
    assert red == [e.text for e in events] == log_for(GM, events)
    assert red[0] == "Latch attacks with Cinder Pod (blast 1): Hid, Vis"
    assert "Hid takes 2 damage" in red[4]
    # The attack roll on Hid shows its dice only to red and the GM.
    assert all(e.audience == "side:red" for e in events if e.payload.get("target") == "h")


def test_area_attack_on_visible_units_stays_public_mech_aoe_1() -> None:
    """MECH-AOE-1: without a Hidden unit in the area every line goes to everyone."""
    state = hidden_in_blast()
    del state["units"]["h"]["conditions"]["hidden"]
    _, events = play(state, "a", "attack", [15, 3, 2], weapon="cinder_pod", x=5, y=0)
    assert all(e.audience == "all" and e.redacted_text is None for e in events)
    assert "Hid" in log_for(BLUE, events)[0]


def test_a_hidden_ally_in_the_area_is_named_to_its_own_side_only_mech_amb_24() -> None:
    """MECH-AMB-24 (friendly fire) / MECH-COND-HIDDEN: blue's Hidden mech stays unnamed to red."""
    state = encounter(
        mech("a", "blue", 0, 0),
        mech("b", "blue", 5, 0, sheet(name="Bolt"), name="Bolt"),
        mech("v", "red", 5, 1, sparring(), name="Vis"),
        area_friendly_fire=True,
    )
    state["units"]["b"]["conditions"]["hidden"] = {"source": "hide"}
    state = turn(state, "a")
    _, events = play(state, "a", "attack", [3, 3], weapon="cinder_pod", x=5, y=0)
    assert "Bolt" in log_for(BLUE, events)[0]
    assert not any("Bolt" in line for line in log_for(RED, events))


def test_meltdown_blast_does_not_name_a_hidden_unit_mech_meltdown_1() -> None:
    """MECH-MELTDOWN-1 / MECH-COND-HIDDEN: the burst 2 catches Hid; blue reads no name."""
    state = encounter(
        mech("m", "blue", 4, 0, sparring(), name="Melter"),
        mech("a", "blue", 0, 0),
        mech("h", "red", 5, 0, sparring(), name="Hid"),
    )
    state["units"]["h"]["conditions"]["hidden"] = {"source": "hide"}
    ctx = engine.Ctx(state, LoadedDice([1, 1, 1, 1, 12]))  # 4d6 = 4; Hid's AGILITY check 12
    engine.meltdown(ctx, "m")
    blue = log_for(BLUE, ctx.events)
    assert not any("Hid" in line for line in blue)
    assert "An unseen unit makes a check" in blue and "An unseen unit takes damage" in blue
    assert any("Hid" in line for line in log_for(RED, ctx.events))
    assert ctx.unseen == {}  # the scope ends with the blast
