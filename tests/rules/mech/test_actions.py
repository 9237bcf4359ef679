"""Grapple, ram, hide, search, tech, stabilize, prepare, shut down, repairs (MECH-ACT/TECH)."""

from __future__ import annotations

import copy

import pytest
from mech_helpers import encounter, mech, patch, play, sheet, sparring, texts, turn, u

from rules.core.errors import IllegalAction


def test_grapple_hit_engages_and_immobilizes_the_smaller_mech_act_grapple_1() -> None:
    """MECH-ACT-GRAPPLE-1: the smaller side is Immobilized and dragged; no Boost."""
    big = sheet(frame={"key": "big", "size": 2})
    state = encounter(mech("a", "A", 0, 0, big), mech("t", "B", 2, 0, sparring()))
    state = turn(state, "a")
    state, _ = play(state, "a", "grapple", [10], target="t")
    assert "immobilized" in u(state, "t")["conditions"]
    assert "immobilized" not in u(state, "a")["conditions"]
    with pytest.raises(IllegalAction, match="grappling"):
        play(state, "a", "boost", x=0, y=4)
    # The larger side drags the smaller one along.
    state, _events = play(state, "a", "move", x=0, y=2)
    assert (u(state, "t")["x"], u(state, "t")["y"]) == (2, 2)
    assert state["grapples"]


def test_two_allies_against_a_size_two_enemy_are_equal_mech_ex_05() -> None:
    """MECH-EX-05, MECH-ACT-GRAPPLE-3, MECH-AMB-10: 1 + 1 vs 2; the HULL contest decides."""
    big = sparring(frame={"key": "big", "size": 2})
    state = encounter(mech("a", "A", 1, 0), mech("b", "A", 1, 3), mech("t", "B", 1, 1, big))
    state = turn(state, "a")
    state, _ = play(state, "a", "grapple", [15], target="t")
    assert "immobilized" in u(state, "a")["conditions"]  # 1 vs 2: a is smaller
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn")
    state = turn(state, "b")
    state, events = play(state, "b", "grapple", [15], target="t")
    assert "sizes 2 vs 2" in texts(events)
    assert state["grapples"][0]["attackers"] == ["a", "b"]
    state, _ = play(state, "b", "end_turn")
    state = turn(state, "a")  # round 2: side A starts (the first listed side, MECH-AMB-08)
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, events = play(state, "t", "grapple_contest", [15, 3])
    assert "immobilized" not in u(state, "t")["conditions"]
    assert "immobilized" in u(state, "a")["conditions"]
    assert "immobilized" in u(state, "b")["conditions"]


def test_grapple_contest_tie_changes_nothing_mech_amb_02() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0))
    state = turn(state, "a")
    state, _ = play(state, "a", "grapple", [15], target="t")
    with pytest.raises(IllegalAction, match="start of your own turn"):
        play(state, "a", "grapple_contest", [10, 10])
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn")
    state = turn(state, "a")
    state, events = play(state, "a", "grapple_contest", [10, 10])
    assert "a tie changes nothing" in texts(events)
    with pytest.raises(IllegalAction, match="start of your own turn"):
        play(state, "a", "grapple_contest", [10, 10])


def test_grapple_ends_by_letting_go_breaking_free_or_distance_mech_act_grapple_2() -> None:
    """MECH-ACT-GRAPPLE-2: the attacker lets go; the defender wins 12 vs 11 for 1 AP."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()))
    state = turn(state, "a")
    state, _ = play(state, "a", "grapple", [15], target="t")
    state, events = play(state, "a", "end_grapple")
    assert state["grapples"] == []
    assert "lets go" in texts(events)
    state, _ = play(state, "a", "grapple", [15], target="t")
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, events = play(state, "t", "break_grapple", [12, 9])  # HULL 0: 12 vs HULL 2: 11
    assert state["grapples"] == []
    assert u(state, "t")["turn"]["ap"] == 1


def test_defender_breaking_free_loses_a_tie_mech_amb_02() -> None:
    state = encounter(mech("a", "A", 0, 0, sparring()), mech("t", "B", 1, 0, sparring()))
    state = turn(state, "a")
    state, _ = play(state, "a", "grapple", [15], target="t")
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, events = play(state, "t", "break_grapple", [10, 10])
    assert state["grapples"]
    assert "still held" in texts(events)


def test_grappling_mechs_cannot_react_mech_act_grapple_1() -> None:
    """MECH-ACT-GRAPPLE-1: while grappling, no reactions."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()))
    state = turn(state, "a")
    state, _ = play(state, "a", "tech", option="lock_on", target="t")
    state, _ = play(state, "a", "prepare", action="hide", trigger="when shot")
    state = patch(state, "t", x=1, y=0)
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "grapple", [15], target="a")
    with pytest.raises(IllegalAction, match="grappling"):
        play(state, "a", "trigger_prepared")


def test_ram_knocks_prone_and_back_mech_act_ram() -> None:
    """MECH-ACT-RAM / MECH-AMB-13: straight away from the rammer, 1 square."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 1, sparring()))
    state = turn(state, "a")
    state, _events = play(state, "a", "ram", [10], target="t")
    assert "prone" in u(state, "t")["conditions"]
    assert (u(state, "t")["x"], u(state, "t")["y"]) == (2, 2)


def test_ram_refuses_larger_targets_and_blocked_knockback_stays() -> None:
    big = sparring(frame={"key": "big", "size": 2})
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, big))
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="larger"):
        play(state, "a", "ram", target="t")
    wall = [{"x": 2, "y": 0, "kind": "heavy"}]
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()), terrain=wall)
    state = turn(state, "a")
    state, events = play(state, "a", "ram", [10], target="t")
    assert u(state, "t")["x"] == 1
    assert "blocked" in texts(events)


def test_hide_needs_cover_or_no_sight_and_not_engaged_mech_act_hide() -> None:
    """MECH-ACT-HIDE, MECH-AMB-45: cover, out of sight or Invisible; never while Engaged."""
    cover = [{"x": 1, "y": 0, "kind": "light"}]
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 10, 0, sparring()), terrain=cover)
    state = turn(state, "a")
    state, _ = play(state, "a", "hide", [1, 1])  # the d4s of its area (MECH-COND-HIDDEN)
    assert "hidden" in u(state, "a")["conditions"]
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 10, 0, sparring()))
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="out of enemy sight"):
        play(state, "a", "hide")
    state["units"]["a"]["conditions"]["invisible"] = {"source": "system"}
    state, _ = play(state, "a", "hide", [1, 1])
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()), terrain=cover)
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="Engaged"):
        play(state, "a", "hide")


def test_hidden_is_lost_by_attacking_or_boosting_mech_cond_hidden() -> None:
    cover = [{"x": 1, "y": 0, "kind": "light"}]
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 8, 0, sparring()), terrain=cover)
    state = turn(state, "a")
    state, _ = play(state, "a", "hide", [1, 1])
    state, _events = play(state, "a", "attack", [1], weapon="k12_carbine", target="t")
    assert "hidden" not in u(state, "a")["conditions"]


def test_hidden_units_do_not_engage_mech_cond_hidden() -> None:
    from rules.mech.state import engaged

    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()))
    assert engaged(state, u(state, "a"))
    state["units"]["t"]["conditions"]["hidden"] = {"source": "hide"}
    assert not engaged(state, u(state, "a"))


def test_scan_is_a_frozen_snapshot_for_the_scanning_side_mech_tech_scan() -> None:
    notes = sparring(notes={"hidden": "carries the prototype"})
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 5, 0, notes))
    state = turn(state, "a")
    state, events = play(state, "a", "tech", option="scan", target="t", info="hidden")
    assert "prototype" in events[-1].text
    assert events[-1].audience == "side:A"
    state, events = play(state, "a", "tech", option="scan", target="t", info="stats")
    assert state["scans"][-1]["data"]["hp"] == "10/10"
    state, _ = play(state, "gm", "gm_damage", target="t", amount=3)
    assert state["scans"][-1]["data"]["hp"] == "10/10"  # it does not update


def test_lock_on_and_shut_down_clears_tech_conditions_mech_act_shutdown() -> None:
    """MECH-TECH-LOCKON, MECH-ACT-SHUTDOWN, MECH-COND-SHUTDOWN, MECH-ACT-BOOTUP, MECH-AMB-17:
    the Shut Down (Stunned) mech may still Boot Up."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 5, 0, sparring()))
    state = turn(state, "a")
    state, _ = play(state, "a", "tech", option="lock_on", target="t")
    assert "lock_on" in u(state, "t")["conditions"]
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state = patch(
        state,
        "t",
        heat=5,
        conditions={**u(state, "t")["conditions"], "exposed": {"source": "stress"}},
    )
    state, _ = play(state, "t", "shut_down")
    t = u(state, "t")
    assert t["heat"] == 0
    assert set(t["conditions"]) == {"shut_down", "stunned"}
    with pytest.raises(IllegalAction, match="Stunned"):
        play(state, "t", "overcharge")
    state, _ = play(state, "t", "end_turn")
    state = turn(state, "a")
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "boot_up")
    assert u(state, "t")["conditions"] == {}


def test_boot_up_needs_two_ap_and_shut_down_mech_act_bootup() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 5, 0, sparring()))
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="not shut down"):
        play(state, "a", "boot_up")
    state, _ = play(state, "a", "shut_down")
    with pytest.raises(IllegalAction, match="costs 2 AP"):
        play(state, "a", "boot_up")


def test_stabilize_options_mech_act_stabilize() -> None:
    """MECH-ACT-STABILIZE: repair to full HP and clear burn; cool and free an adjacent ally."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "A", 1, 0), mech("t", "B", 10, 0, sparring()))
    state = turn(state, "a")
    state = patch(state, "a", hp=3, burn=2, heat=5)
    state, _ = play(state, "a", "stabilize", primary="repair", secondary="burn")
    a = u(state, "a")
    assert (a["hp"], a["repair"], a["burn"], a["heat"]) == (14, 5, 0, 5)
    state = patch(state, "b", conditions={"impaired": {"source": "tech"}})
    state = patch(state, "a", turn={**u(state, "a")["turn"], "ap": 2})
    state, _ = play(
        state,
        "a",
        "stabilize",
        primary="cool",
        secondary="ally_condition",
        ally="b",
        condition="impaired",
    )
    assert u(state, "b")["conditions"] == {}
    assert u(state, "a")["heat"] == 0


def test_stabilize_refuses_own_system_conditions_and_far_allies_mech_amb_15() -> None:
    """MECH-AMB-15: an ally 5 squares away is refused (within 1); own-system conditions stay."""
    state = encounter(mech("a", "A", 0, 0), mech("b", "A", 5, 0), mech("t", "B", 10, 0, sparring()))
    state = turn(state, "a")
    state = patch(state, "b", conditions={"slowed": {"source": "tech"}})
    with pytest.raises(IllegalAction, match="within 1"):
        play(
            state,
            "a",
            "stabilize",
            primary="cool",
            secondary="ally_condition",
            ally="b",
            condition="slowed",
        )
    state = patch(state, "a", conditions={"slowed": {"source": "self"}})
    with pytest.raises(IllegalAction, match="own systems"):
        play(state, "a", "stabilize", primary="cool", secondary="condition", condition="slowed")
    state = patch(state, "a", repair=0)
    with pytest.raises(IllegalAction, match="no repairs"):
        play(state, "a", "stabilize", primary="repair", secondary="burn")


def test_prepare_fires_as_a_reaction_until_the_next_turn_mech_ex_03() -> None:
    """MECH-EX-03 / MECH-ACT-PREPARE / MECH-AMB-16: "when an enemy moves toward me, ram it"."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()))
    state = turn(state, "a")
    state, _ = play(
        state, "a", "prepare", action="ram", trigger="when an enemy moves toward me", target="t"
    )
    assert u(state, "a")["turn"]["ap"] == 1
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "move", x=1, y=0)
    state, _events = play(state, "a", "trigger_prepared", [12])
    assert "prone" in u(state, "t")["conditions"]
    assert u(state, "a")["reaction_used"]
    assert u(state, "a")["prepared"] is None
    with pytest.raises(IllegalAction, match="nothing prepared"):
        play(state, "a", "trigger_prepared")


def test_prepared_action_lapses_at_the_start_of_the_next_turn_mech_amb_16() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()))
    state = turn(state, "a")
    state, _ = play(state, "a", "prepare", action="hide", trigger="when shot at")
    state, _ = play(state, "a", "end_turn")
    state = turn(state, "t")
    state, _ = play(state, "t", "end_turn")
    state = turn(state, "a")
    assert u(state, "a")["prepared"] is None


def test_prepare_only_one_ap_actions() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()))
    state = turn(state, "a")
    with pytest.raises(IllegalAction, match="1-AP"):
        play(state, "a", "prepare", action="stabilize", trigger="x")


def test_coolant_purge_clears_four_heat_not_exposed() -> None:
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 4, 0, sparring()))
    state = turn(state, "a")
    state = patch(state, "a", heat=6, conditions={"exposed": {"source": "stress"}})
    state, _ = play(state, "a", "use_system", system="coolant_purge")
    assert u(state, "a")["heat"] == 2
    assert "exposed" in u(state, "a")["conditions"]
    assert u(state, "a")["systems"][0]["uses"] == 1


def test_bulwark_field_resists_for_self_and_adjacent_allies() -> None:
    """Core system (MECH-AMB-41): 1 CP; adjacent allies resist until the user's next turn ends."""
    state = encounter(
        mech("a", "A", 0, 0), mech("b", "A", 1, 0, sparring()), mech("t", "B", 9, 0, sparring())
    )
    state = turn(state, "a")
    state, _ = play(state, "a", "core_power")
    assert u(state, "a")["cp"] == 0
    assert "bulwark" in u(state, "b")["conditions"]
    state, _ = play(state, "gm", "gm_damage", target="b", amount=5)
    assert u(state, "b")["hp"] == 7
    with pytest.raises(IllegalAction, match="no CP"):
        play(state, "a", "core_power")


def test_opportunity_attack_toggle_mech_oa_1() -> None:
    state = encounter(mech("a", "A", 5, 5, sparring()), mech("b", "B", 6, 5))
    state, _ = play(state, "b", "set_reactions", on="0")
    state = turn(state, "a")
    state, events = play(state, "a", "move", x=2, y=5)
    assert "opportunity" not in texts(events)


def test_gm_only_actions() -> None:
    state = encounter(mech("a", "A", 5, 5), mech("b", "B", 6, 5))
    with pytest.raises(IllegalAction, match="only the GM"):
        play(state, "a", "gm_damage", target="b", amount=3)
    with pytest.raises(IllegalAction, match="through a mech"):
        play(state, "gm", "move", x=1, y=1)
    with pytest.raises(IllegalAction, match="no action called teleport"):
        play(state, "a", "teleport")


# Repairs ---------------------------------------------------------------------------------------


def test_between_matches_repairs_mech_ex_37() -> None:
    """MECH-EX-37, MECH-REPAIR-1, MECH-REPAIR-HP, MECH-REPAIR-STRUCT, MECH-AMB-40."""
    state = encounter(mech("a", "A", 5, 5), mech("b", "B", 9, 5))
    weapons = copy.deepcopy(u(state, "a")["weapons"])
    weapons[2]["destroyed"] = True
    state = patch(state, "a", structure=3, hp=5, weapons=weapons, heat=3, burn=2)
    with pytest.raises(IllegalAction, match="between matches"):
        play(state, "a", "repair", option="hp")
    state, _ = play(state, "gm", "end_match")
    a = u(state, "a")
    assert (a["heat"], a["burn"], a["overcharge_count"], a["repairs_left"]) == (0, 0, 0, 2)
    state, _ = play(state, "a", "repair", option="structure")
    state, _ = play(state, "a", "repair", option="hp")
    a = u(state, "a")
    assert (a["structure"], a["hp"], a["repair"], a["repairs_left"]) == (4, 14, 3, 0)
    assert a["weapons"][2]["destroyed"]
    with pytest.raises(IllegalAction, match="used its repair actions"):
        play(state, "a", "repair", option="fix", item="weapon:2")


def test_repair_fix_uses_cp_and_swap_mech_repair_table() -> None:
    """MECH-REPAIR-TABLE: fix 1, uses 1, CP 4, swap 0."""
    state = encounter(mech("a", "A", 5, 5), mech("b", "B", 9, 5))
    weapons = copy.deepcopy(u(state, "a")["weapons"])
    weapons[2]["destroyed"] = True
    weapons[2]["uses"] = 0
    state = patch(state, "a", weapons=weapons, cp=0, repair=6)
    state, _ = play(state, "gm", "end_match", repairs_per_interval=2)
    state, _ = play(state, "a", "repair", option="fix", item="weapon:2")
    state, _ = play(state, "a", "repair", option="uses", item="weapon:2")
    assert not u(state, "a")["weapons"][2]["destroyed"]
    assert u(state, "a")["weapons"][2]["uses"] == 3
    assert u(state, "a")["repair"] == 4
    state, _ = play(state, "gm", "full_repair")
    assert u(state, "a")["repair"] == 6
    state, _ = play(state, "gm", "start_match")
    state, _ = play(state, "gm", "end_match")
    state2 = patch(state, "a", repair=3)
    with pytest.raises(IllegalAction, match="costs 4"):
        play(state2, "a", "repair", option="cp")
    state, _ = play(state, "a", "repair", option="cp")
    assert u(state, "a")["cp"] == 1
    assert u(state, "a")["repair"] == 2
    # MECH-REPAIR-SWAP: the pistol moves from the flex mount to the heavy mount (free).
    state = patch(state, "a", weapons=[{**w, "destroyed": False} for w in u(state, "a")["weapons"]])
    pistol = next(i for i, w in enumerate(u(state, "a")["weapons"]) if w["key"] == "holdout_pistol")
    state = patch(
        state,
        "a",
        mounts=[
            {
                **m,
                "weapons": [
                    i for i in m["weapons"] if u(state, "a")["weapons"][i]["key"] != "breaker_maul"
                ],
            }
            for m in u(state, "a")["mounts"]
        ],
    )
    state, _events = play(state, "a", "repair", option="swap", weapon=pistol, mount=2)
    assert pistol in u(state, "a")["mounts"][2]["weapons"]
    assert u(state, "a")["repair"] == 2
    with pytest.raises(IllegalAction):
        play(state, "a", "repair", option="swap", weapon=0, mount=1)


def test_jammed_may_still_grapple_ram_and_improvise_mech_amb_46() -> None:
    """MECH-COND-JAMMED / MECH-AMB-46: integrated weapons, grapple, ram, improvised attacks only."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()))
    state = turn(state, "a")
    state["units"]["a"]["conditions"]["jammed"] = {"source": "tech"}
    state, _ = play(state, "a", "improvised_attack", [1], target="t")
    state = encounter(
        mech("a", "A", 0, 0), mech("t", "B", 1, 0, sparring()), jammed_improvised=False
    )
    state = turn(state, "a")
    state["units"]["a"]["conditions"]["jammed"] = {"source": "tech"}
    with pytest.raises(IllegalAction, match="Jammed"):
        play(state, "a", "improvised_attack", target="t")
    state, _ = play(state, "a", "ram", [1], target="t")


def test_improvised_damage_type_setting_mech_amb_14() -> None:
    """MECH-AMB-14: kinetic by default; a table may choose another type."""
    skirts = sparring(systems=["ablative_skirts"])
    state = encounter(
        mech("a", "A", 0, 0), mech("t", "B", 1, 0, skirts), improvised_type="explosive"
    )
    state = turn(state, "a")
    state, _ = play(state, "a", "improvised_attack", [15, 5], target="t")
    assert u(state, "t")["hp"] == 10 - 3  # 5 explosive, resisted


def test_boot_up_refused_when_the_table_says_stunned_means_stuck_mech_amb_17() -> None:
    """MECH-AMB-17, the other reading: Stunned by Shut Down cannot Boot Up."""
    state = encounter(mech("a", "A", 0, 0), mech("t", "B", 5, 0), bootup_while_stunned=False)
    state = turn(state, "a")
    state, _ = play(state, "a", "shut_down")
    state["units"]["a"]["turn"]["ap"] = 2
    with pytest.raises(IllegalAction, match="Stunned"):
        play(state, "a", "boot_up")


def test_repair_costs_mech_repair_table() -> None:
    """MECH-REPAIR-FIX, MECH-REPAIR-USES, MECH-REPAIR-CP, MECH-AMB-42 (加压伤害 is stress);
    MECH-REPAIR-TABLE: restoring 1 stress costs 2."""
    state = encounter(mech("a", "A", 5, 5), mech("b", "B", 9, 5))
    state = patch(state, "a", stress=2, repair=6)
    state, _ = play(state, "gm", "end_match")
    state, events = play(state, "a", "repair", option="stress")
    assert u(state, "a")["stress"] == 3
    assert u(state, "a")["repair"] == 4
    assert "cost 2" in events[-1].text


# Forms: what a player picks by name rather than types --------------------------------------


def _form(state: dict, actor: str, kind: str) -> dict:
    from rules.mech import SYSTEM

    [found] = [t for t in SYSTEM.legal_actions(state, actor) if t.kind == kind]
    return {f.name: f for f in found.fields}


def test_prepare_picks_its_target_and_weapon_by_name_and_hidden_enemies_stay_unlisted() -> None:
    """MECH-ACT-PREPARE's form: the target among the mechs by name (an enemy that is Hidden,
    MECH-COND-HIDDEN, is not offered), the weapon by name, the action among the 1-AP ones."""
    state = encounter(
        mech("a", "A", 0, 0), mech("f", "A", 0, 3), mech("t", "B", 4, 0), mech("h", "B", 6, 0)
    )
    state = patch(state, "h", conditions=["hidden"])
    fields = _form(turn(state, "a"), "a", "prepare")
    targets = [(c.value, c.label) for c in fields["target"].choices]
    assert [value for value, _ in targets] == ["", "t", "f"]  # nobody, the enemy, the ally
    assert ("t", "T") in targets
    weapons = [(c.value, c.label) for c in fields["weapon"].choices[1:]]
    assert weapons == [(str(i), w["name"]) for i, w in enumerate(u(state, "a")["weapons"])]
    assert {c.value for c in fields["action"].choices} == {
        "boost",
        "grapple",
        "hide",
        "tech",
        "ram",
        "search",
        "attack",
        "shut_down",
    }
    assert fields["trigger"].type == "text"  # the trigger is the player's own words


def test_repair_names_the_items_and_mounts_it_may_fix_or_move() -> None:
    """MECH-REPAIR-FIX/-USES/-SWAP: the item to fix is one of the mech's weapons and systems by
    name (its value the `weapon:n`/`system:n` the repair reads), the swap's weapon and mount too."""
    state = encounter(mech("a", "A", 5, 5), mech("b", "B", 9, 5))
    state, _ = play(state, "gm", "end_match")
    fields = _form(state, "a", "repair")
    a = u(state, "a")
    items = {c.value: c.label for c in fields["item"].choices}
    assert items["weapon:2"] == a["weapons"][2]["name"]
    assert {f"system:{i}" for i in range(len(a["systems"]))} <= set(items)
    assert len(fields["mount"].choices) == len(a["mounts"]) + 1
