"""Attacks with scripted dice: chances, bursts, malfunctions, impales, parries, knockouts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from coc_helpers import act, duel, kinds, person, scene, texts

from rules.coc import SYSTEM
from rules.coc.chance import attack_chance, burst_chance, firearm_multipliers
from rules.coc.sheet import SHEET
from rules.coc.state import status
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience


@pytest.mark.parametrize(("skill", "shots", "chance"), [(40, 6, 70), (40, 10, 80), (15, 8, 30)])
def test_a_burst_adds_five_a_shot_but_never_more_than_double(
    skill: int, shots: int, chance: int
) -> None:
    assert burst_chance(skill, shots) == chance  # COC-AUTO-2, WE-COC-13


def test_skill_40_ten_shots_at_point_blank_is_160() -> None:
    # COC-GEN-4: C0 40, C1 min(90, 80) = 80, point-blank x2 = 160.
    chance = attack_chance(40, burst_shots=10, multipliers=(("pb", Fraction(2)),))
    assert (chance.base, chance.burst, chance.final) == (40, 80, 160)


REVOLVER = {"base_range": 15, "handgun": True}


@pytest.mark.parametrize(
    ("yards", "aimed", "unaimed", "handgun", "factor"),
    [
        (Fraction(14, 3), False, False, 40, Fraction(2)),  # 14 ft, DEX 14: point-blank
        (5, False, False, 40, Fraction(1)),  # 15 ft: not
        (8, True, False, 40, Fraction(2)),  # aiming doubles point-blank (COC-AIM-1)
        (16, False, False, 40, Fraction(1, 2)),  # COC-RANGE-1
        (45, False, False, 40, Fraction(1, 4)),
        (60, False, False, 40, Fraction(1, 8)),
        (30, True, False, 40, Fraction(1)),  # aiming doubles the base range
        (10, False, True, 40, Fraction(1, 5)),  # COC-UNAIMED-1
        (10, False, True, 60, Fraction(1)),  # COC-UNAIMED-4: Handgun 60
        (10, False, True, 59, Fraction(1, 5)),
    ],
)
def test_range_point_blank_aim_and_unaimed_multipliers(
    yards: int, aimed: bool, unaimed: bool, handgun: int, factor: Fraction
) -> None:
    sheet = {"dex": 14, "skills": {"handgun": handgun}}
    product = Fraction(1)
    for _, f in firearm_multipliers(REVOLVER, sheet, Fraction(yards), aimed=aimed, unaimed=unaimed):
        product *= f
    assert product == factor


def test_skill_60_at_40_yards_with_a_15_yard_range_is_15() -> None:
    multipliers = firearm_multipliers(
        REVOLVER, {"dex": 14, "skills": {}}, Fraction(40), aimed=False, unaimed=False
    )
    assert attack_chance(60, multipliers=multipliers).final == 15


def test_large_targets_are_easier_for_bullets_only() -> None:
    assert attack_chance(40, target_siz=60, ranged=True).final == 55  # WE-COC-14
    assert attack_chance(40, target_siz=60, ranged=False).final == 40


def big(name: str, dex: int = 10) -> dict:
    return person(name, dex=dex, con=30, siz=30)


def test_a_burst_at_one_target_rolls_the_hits_die_and_only_the_first_bullet_impales() -> None:
    """COC-AUTO-3: one d100, then 1d(shots) for the hits; COC-AUTO-4: only the first impales."""
    state = scene(("ann", person("Ann", dex=14)), ("bob", big("Bob")))
    state, _ = act(state, "next_round", "gm")
    # 10 shots: 80%; 10 <= 16 impales; d10 = 2 hits; bullet 1: (3+2) + (4+2), bullet 2: 5+2.
    state, events = act(
        state, "burst", "ann", [10, 2, 3, 4, 5], weapon="thompson", shots_bob=10, distance=10
    )
    rolled = next(e for e in events if e.kind == "burst.rolled")
    assert rolled.payload["chance"]["final"] == 80
    assert rolled.payload["hits"] == 2
    assert [e.payload["damage"] for e in events if e.kind == "damage.taken"] == [11, 7]
    assert state["combatants"]["ann"]["weapons"]["thompson"]["loaded"] == 10
    assert state["combatants"]["bob"]["hp"] == 30 - 18


def test_spread_targets_get_the_plain_chance_and_a_cone_the_whole_bonus() -> None:
    people = (("ann", person("Ann", dex=14)), ("bob", big("Bob")), ("cal", big("Cal", 9)))
    for cone, chance in ((False, 40), (True, 80)):
        state = scene(*people)
        state, _ = act(state, "next_round", "gm")
        state, events = act(
            state,
            "burst",
            "ann",
            [95, 95],
            weapon="thompson",
            shots_bob=4,
            shots_cal=4,
            distance=10,
            cone=cone,
        )
        finals = [e.payload["chance"]["final"] for e in events if e.kind == "burst.rolled"]
        assert finals == [chance, chance]  # COC-AUTO-6 / COC-AUTO-7 (AMB-COC-13)


def test_a_jammed_burst_fires_nothing_and_clearing_can_ruin_the_gun() -> None:
    state = duel()
    state, events = act(state, "burst", "ann", [97], weapon="thompson", shots_bob=5, distance=10)
    held = state["combatants"]["ann"]["weapons"]["thompson"]
    assert held["jammed"]
    assert held["loaded"] == 20  # COC-MAL-3
    state2, _ = act(state, "next_round", "gm")
    with pytest.raises(IllegalAction, match="jammed"):
        act(state2, "burst", "ann", weapon="thompson", shots_bob=5)
    state, _ = act(state, "next_round", "gm")
    state, events = act(state, "clear_jam", "ann", [2], weapon="thompson")  # 1d6 = 2 rounds
    state, _ = act(state, "end_turn", "bob")
    state, events = act(state, "next_round", "gm", [96])  # the attempt ends: 96 ruins it
    assert "jam.rolled" in kinds(events)
    assert state["combatants"]["ann"]["weapons"]["thompson"]["broken"]  # COC-MAL-4


def test_a_failed_clearing_roll_starts_another_attempt() -> None:
    state = duel()
    state, _ = act(state, "burst", "ann", [97], weapon="thompson", shots_bob=5, distance=10)
    state, _ = act(state, "next_round", "gm")
    state, _ = act(state, "clear_jam", "ann", [1], weapon="thompson")
    state, events = act(state, "end_turn", "bob", [55, 3])  # 55 > 40: again, 3 more rounds
    assert "still jammed" in texts(events)
    assert state["combatants"]["ann"]["weapons"]["thompson"]["jammed"]
    jam = next(iter(state["effects"].values()))
    assert jam["kind"] == "jam"
    assert jam["left"] == 3


def test_a_revolver_malfunction_is_a_dud_that_spends_the_cartridge() -> None:
    state = duel()
    state, events = act(state, "fire", "ann", [100], weapon="revolver", target="bob", distance=8)
    assert "weapon.dud" in kinds(events)  # COC-MAL-2
    held = state["combatants"]["ann"]["weapons"]["revolver"]
    assert held["loaded"] == 4
    assert not held["jammed"]


def test_a_melee_impale_doubles_the_dice_and_leaves_the_knife_stuck() -> None:
    state = scene(("ann", person("Ann", dex=14)), ("bob", big("Bob")))
    state, _ = act(state, "next_round", "gm")
    # 5 <= rhu(50/5) = 10: impale; (1d4+2) twice = (3+2) + (4+2) = 11.
    state, _ = act(state, "attack", "ann", [5, 3, 4], weapon="knife", target="bob")
    assert state["combatants"]["bob"]["hp"] == 19
    assert state["combatants"]["ann"]["weapons"]["knife"]["stuck_in"] == "bob"  # COC-IMPALE-5
    state, _ = act(state, "end_turn", "bob")
    with pytest.raises(IllegalAction, match="stuck"):
        act(state, "attack", "ann", weapon="knife", target="bob")
    state, _ = act(state, "pull_out", "ann", [40], weapon="knife")
    assert state["combatants"]["ann"]["weapons"]["knife"]["stuck_in"] == ""


def test_impale_immune_creatures_take_normal_damage() -> None:
    state = scene(("ann", person("Ann", dex=14)), ("bob", big("Bob") | {"impale_immune": True}))
    state, _ = act(state, "next_round", "gm")
    state, events = act(state, "attack", "ann", [5, 3], weapon="knife", target="bob")
    assert "impale.immune" in kinds(events)  # COC-IMPALE-4
    assert state["combatants"]["bob"]["hp"] == 25


def test_knockout_damage_8_against_12_hp_is_30_percent_and_a_third_of_the_damage() -> None:
    state = scene(("ann", person("Ann", dex=14, db="+1d6")), ("bob", person("Bob")))
    state, _ = act(state, "next_round", "gm")
    # Fist 1d3 + 1d6 = 3 + 5 = 8; resistance 8 v 12 = 30%: 25 succeeds; 1d6 = 3 minutes.
    state, events = act(
        state, "attack", "ann", [30, 3, 5, 25, 3], weapon="fist", target="bob", knockout=True
    )
    ko = next(e for e in events if e.kind == "knockout.rolled")
    assert ko.payload["chance"] == 30  # WE-COC-12
    bob = state["combatants"]["bob"]
    assert bob["hp"] == 12 - 2
    assert status(bob) == "unconscious"  # COC-KO-3: floor(8/3)
    assert bob["ko_rounds"] == 15 - 1  # the round has ended once since (Bob could not act)


def test_a_failed_knockout_deals_the_full_damage() -> None:
    state = scene(("ann", person("Ann", dex=14, db="+1d6")), ("bob", person("Bob")))
    state, _ = act(state, "next_round", "gm")
    state, _ = act(
        state, "attack", "ann", [30, 3, 5, 31, 5], weapon="fist", target="bob", knockout=True
    )  # 31 > 30: no knockout, 8 damage, shock CON x5 holds
    assert state["combatants"]["bob"]["hp"] == 4  # COC-KO-4


def test_only_blunt_blows_knock_out_and_only_who_may_be() -> None:
    state = duel()
    with pytest.raises(IllegalAction, match="Only blunt"):
        act(state, "attack", "ann", weapon="knife", target="bob", knockout=True)
    state = scene(("ann", person("Ann", dex=14)), ("bob", person("Bob", kind="creature")))
    state, _ = act(state, "next_round", "gm")
    with pytest.raises(IllegalAction, match="cannot be knocked out"):
        act(state, "attack", "ann", weapon="club", target="bob", knockout=True)


@pytest.mark.parametrize(
    ("faces", "broken", "hp"),
    [([30, 6, 6, 6, 20], True, 12 - 3), ([30, 4, 4, 4, 20], False, 12)],
)
def test_a_parrying_club_absorbs_its_hp_and_breaks_under_more(
    faces: list[int], broken: bool, hp: int
) -> None:
    # COC-PARRY-4: club HP 15; 18 damage breaks it and 3 get through; 12 is absorbed.
    state = scene(("ann", person("Ann", dex=14, db="+2d6")), ("bob", person("Bob")))
    state, _ = act(state, "next_round", "gm")
    state, _ = act(state, "parry", "bob", attacker="ann", weapon="club")
    state, _ = act(state, "attack", "ann", faces, weapon="club", target="bob")
    assert state["combatants"]["bob"]["weapons"]["club"]["broken"] is broken
    assert state["combatants"]["bob"]["hp"] == hp


def test_a_bare_hand_cannot_parry_a_knife_unless_quicker_and_grappling() -> None:
    state = duel()
    state, _ = act(state, "parry", "bob", attacker="ann", weapon="fist")
    state, events = act(state, "attack", "ann", [30, 2], weapon="knife", target="bob")
    assert "parry.bare" in kinds(events)  # COC-PARRY-6
    assert state["combatants"]["bob"]["hp"] == 12 - 4
    state = scene(("ann", person("Ann", dex=14)), ("bob", person("Bob", dex=16)))
    state, _ = act(state, "next_round", "gm")
    state, _ = act(state, "parry", "bob", attacker="ann", weapon="fist")
    state, _ = act(state, "end_turn", "bob")
    state, events = act(state, "attack", "ann", [30, 2, 10, 20], weapon="knife", target="bob")
    assert "parry.grappled" in kinds(events)  # COC-PARRY-9: two Grapple successes
    assert state["combatants"]["bob"]["hp"] == 12


def test_a_parry_is_declared_at_the_start_of_the_round_before_anyone_acts() -> None:
    state = duel()
    # COC-PARRY-3: Ann (DEX 14) acts first; once she has, Bob may no longer declare a parry.
    state, _ = act(state, "parry", "ann", attacker="bob", weapon="club")
    moved, _ = act(state, "end_turn", "ann")
    with pytest.raises(IllegalAction, match="too late"):
        act(moved, "parry", "bob", attacker="ann", weapon="club")
    assert "parry" not in {t.kind for t in SYSTEM.legal_actions(moved, "bob")}
    # A new round opens the declarations again.
    moved, _ = act(moved, "end_turn", "bob")
    moved, _ = act(moved, "parry", "bob", attacker="ann", weapon="club")
    assert moved["combatants"]["bob"]["round"]["parry"]["against"] == "ann"
    # The other reading of the setting: any time before that attacker's blow.
    late = duel(**{"coc.parry_timing": "before_attack"})
    late, _ = act(late, "end_turn", "ann")
    late, _ = act(late, "parry", "bob", attacker="ann", weapon="club")
    assert late["combatants"]["bob"]["round"]["parry"]


def test_a_long_gun_that_parries_cannot_fire() -> None:
    state = duel()
    state, _ = act(state, "parry", "ann", attacker="bob", weapon="shotgun")
    with pytest.raises(IllegalAction, match="cannot fire"):
        act(state, "fire", "ann", weapon="shotgun", target="bob", distance=5)  # COC-PARRY-8


def test_both_barrels_the_second_at_half_dex_after_slower_combatants() -> None:
    state = duel()
    state, events = act(
        state, "fire", "ann", [90], weapon="shotgun", target="bob", distance=5, both=True
    )
    assert "turn.deferred" in kinds(events)  # COC-SHOTGUN-2 (AMB-COC-14)
    assert [(s["id"], s["rank"]) for s in state["order"]] == [("ann", 14), ("bob", 10), ("ann", 7)]
    state, _ = act(state, "end_turn", "bob")
    state, events = act(state, "fire", "ann", [91], weapon="shotgun", target="bob", distance=5)
    assert state["combatants"]["ann"]["weapons"]["shotgun"]["loaded"] == 0


def test_aiming_moves_the_shot_to_half_dex_and_doubles_point_blank() -> None:
    state = duel()
    state, _ = act(state, "aim", "ann")
    state, _ = act(state, "end_turn", "bob")
    # 8 yards = 24 ft <= 2 x DEX 14: point-blank when aimed; Handgun 40 -> 80.
    state, events = act(state, "fire", "ann", [79, 4], weapon="revolver", target="bob", distance=8)
    assert "against 80%" in texts(events)


def test_shots_beyond_the_weapons_rate_are_refused() -> None:
    state = duel()
    with pytest.raises(IllegalAction, match="at most 2 shots"):
        act(state, "fire", "ann", weapon="revolver", target="bob", distance=8, shots=3)


def test_the_silencer_life_is_the_keepers_secret() -> None:
    silenced = person("Ann", dex=14)
    silenced["weapons"][1] = silenced["weapons"][1] | {"silencer": True}
    views = []
    for life in (37, 80):
        state = scene(("ann", silenced), ("bob", big("Bob")))
        state, _ = act(state, "next_round", "gm")
        state, events = act(
            state, "fire", "ann", [95, life], weapon="revolver", target="bob", distance=30
        )
        player = Audience("player", actors=frozenset({"ann"}))
        views.append((SYSTEM.view(state, player), SYSTEM.view(state, Audience("gm"))))
        secret = [e for e in events if e.kind.startswith("silencer.")]
        assert secret
        assert all(e.audience == "gm" for e in secret)
    assert views[0][0] == views[1][0]  # a player's view does not depend on the secret
    assert views[0][1] != views[1][1]
    ann = views[1][1]["combatants"][0]
    assert ann["weapons"]["revolver"]["silencer_life"] == 90  # COC-SILENCER-2, WE-COC-15
    # The board's note: the Keeper reads the hidden count, the player only that one is fitted.
    assert ann["weapons"]["revolver"]["silencer_note"]["params"] == {"shots": 1, "life": 90}
    mine = views[1][0]["combatants"][0]["weapons"]["revolver"]
    assert mine["silencer_note"]["id"] == "coc.silencer.note"
    assert not {"silencer_life", "silencer_shots"} & set(mine)


def test_the_silencer_is_noted_as_illegal_since_the_1920s_on_the_sheet() -> None:
    entry = next(e for e in SHEET.entries if e.key == "weapons").item
    silencer = next(e for e in entry.entries if e.key == "silencer")
    assert silencer.help is not None
    assert "1920s" in silencer.help.english()  # COC-SILENCER-4


def test_a_fully_loaded_revolver_may_go_off() -> None:
    state = duel()
    with pytest.raises(IllegalAction, match="fully loaded"):
        act(state, "revolver_accident", "gm", target="ann", weapon="revolver")
    state, _ = act(state, "reload", "ann", weapon="revolver")  # 5 + 2, at most 6
    assert state["combatants"]["ann"]["weapons"]["revolver"]["loaded"] == 6
    state, events = act(state, "revolver_accident", "gm", [60], target="ann", weapon="revolver")
    assert events[0].payload["fired"]  # COC-REVOLVER-1: Luck 50 failed
    assert state["combatants"]["ann"]["weapons"]["revolver"]["loaded"] == 5


def test_a_surprised_shooter_fires_once_in_round_one() -> None:
    state = scene(("ann", person("Ann", dex=14)), ("bob", person("Bob")))
    state, _ = act(state, "next_round", "gm", surprise_ann="surprised")
    state, _ = act(state, "end_turn", "bob")
    with pytest.raises(IllegalAction, match="at most 1 shots"):
        act(state, "fire", "ann", weapon="revolver", target="bob", distance=8, shots=2)


def test_a_creatures_hit_points_stay_the_keepers_in_the_log() -> None:
    """The view hides a creature's sheet; its wound's line must not tell its HP left either."""
    cultist = person("Cultist", kind="creature")
    state = scene(("ann", person("Ann", dex=14)), ("cul", cultist))
    state, _ = act(state, "next_round", "gm")
    state, events = act(
        state, "fire", "ann", [10, 6, 20], weapon="revolver", target="cul", distance=8
    )
    (wound,) = [e for e in events if e.kind == "damage.taken"]
    assert wound.audience == "actor:cul"  # the Keeper and the creature's controller
    assert wound.text == "Cultist loses 6 HP (6 left)."
    assert wound.redacted_text == "Cultist loses 6 HP."
    investigators = Audience("player", actors=frozenset({"ann"}))
    assert not investigators.can_see(wound.audience)
    state = scene(("ann", person("Ann", dex=14)), ("bob", person("Bob", dex=10)))
    state, _ = act(state, "next_round", "gm")
    state, events = act(
        state, "fire", "ann", [10, 6, 20], weapon="revolver", target="bob", distance=8
    )
    assert [e.audience for e in events if e.kind == "damage.taken"] == ["all"]  # an investigator


def test_a_shooter_clearing_a_jam_does_nothing_else_but_pass() -> None:
    # COC-MAL-4: the attempt takes 1d6 rounds in which the shooter does nothing else.
    state = duel()
    state, _ = act(state, "burst", "ann", [97], weapon="thompson", shots_bob=5, distance=10)
    state, _ = act(state, "next_round", "gm")
    state, _ = act(state, "clear_jam", "ann", [3], weapon="thompson")  # three rounds of work
    state, _ = act(state, "end_turn", "bob")
    state, _ = act(state, "next_round", "gm")
    offered = {t.kind for t in SYSTEM.legal_actions(state, "ann")}
    assert "end_turn" in offered
    assert not offered & {"attack", "fire", "burst", "reload", "first_aid", "clear_jam"}
    for kind, params in (
        ("fire", {"weapon": "revolver", "target": "bob", "distance": 5}),
        ("attack", {"weapon": "knife", "target": "bob"}),
        ("reload", {"weapon": "revolver"}),
        ("first_aid", {"target": "bob"}),
    ):
        with pytest.raises(IllegalAction, match="already clearing Thompson SMG"):
            act(state, kind, "ann", **params)
    state, _ = act(state, "end_turn", "ann")  # passing is allowed
    assert state["combatants"]["ann"]["weapons"]["thompson"]["jammed"]


def test_the_keeper_may_cut_damage_per_bullet_only_past_the_base_range() -> None:
    state = duel()
    # COC-RANGE-2: 40 yd with a 15 yd revolver: 40 x 1/4 = 10%; 5 hits; 1d10 = 8, cut by 3.
    after, events = act(
        state, "fire", "ann", [5, 8], weapon="revolver", target="bob", distance=40, damage_mod=-3
    )
    assert "does 5 (1d10 -3)" in texts(events)
    assert after["combatants"]["bob"]["hp"] == 12 - 5
    odds = SYSTEM.preview(
        state,
        Action(
            "fire", "ann", {"weapon": "revolver", "target": "bob", "distance": 40, "damage_mod": -3}
        ),
    )
    assert odds["details"]["damage_modifier"] == -3
    with pytest.raises(IllegalAction, match="past its base range"):
        act(state, "fire", "ann", weapon="revolver", target="bob", distance=15, damage_mod=-3)
    with pytest.raises(IllegalAction, match="between -50 and 0"):
        act(state, "fire", "ann", weapon="revolver", target="bob", distance=40, damage_mod=2)


def test_a_long_range_cut_never_takes_a_bullet_below_nothing() -> None:
    state = scene(("ann", person("Ann", dex=14)), ("bob", big("Bob")))
    state, _ = act(state, "next_round", "gm")
    # Thompson base 20 yd; 30 yd: x1/2; 2 shots: min(40 + 10, 80) = 50 -> 25; 20 hits; d2 = 2;
    # 1d10+2 = 3 + 2 - 6 -> 0, then 9 + 2 - 6 = 5.
    state, events = act(
        state,
        "burst",
        "ann",
        [20, 2, 3, 9],
        weapon="thompson",
        shots_bob=2,
        distance=30,
        damage_mod=-6,
    )
    assert state["combatants"]["bob"]["hp"] == 30 - 5
    assert "takes no damage" in texts(events)


def test_the_keepers_field_of_fire_gives_each_target_its_cover_unless_the_shooter_names_one() -> (
    None
):
    state = duel()
    state, events = act(
        state, "field_of_fire", "gm", note="Bob crouches behind sandbags", cover_bob="sandbag"
    )
    assert "behind large sandbag" in texts(events)  # COC-AUTO-8: told to everyone
    assert all(e.audience == "all" for e in events)
    player = SYSTEM.view(state, Audience("player", actors=frozenset({"ann"})))
    bob = next(c for c in player["combatants"] if c["id"] == "bob")
    assert (bob["cover"], player["field_note"]) == ("sandbag", "Bob crouches behind sandbags")
    # 8 yd: 40%; 20 hits; 1d10 = 5, all stopped by the 20 points of sandbag (COC-ARMOUR-TABLE).
    marked, events = act(state, "fire", "ann", [20, 5], weapon="revolver", target="bob", distance=8)
    assert marked["combatants"]["bob"]["hp"] == 12
    assert "5 stopped by armour" in texts(events)
    named, _ = act(
        state, "fire", "ann", [20, 5], weapon="revolver", target="bob", distance=8, cover="none"
    )
    assert named["combatants"]["bob"]["hp"] == 12 - 5


def test_targets_the_keeper_bunched_in_a_cone_get_the_cone_bonus_and_their_own_cover() -> None:
    people = (("ann", person("Ann", dex=14)), ("bob", big("Bob")), ("cal", big("Cal", 9)))
    state = scene(*people)
    state, _ = act(
        state, "field_of_fire", "gm", cone_bob=True, cone_cal=True, cover_cal="leather_jacket"
    )
    state, _ = act(state, "next_round", "gm")
    # COC-AUTO-7 (AMB-COC-13): 8 shots in the cone: min(40 + 40, 80) = 80 for each target.
    # Bob: 30 hits, d4 = 1, 5 + 2 = 7; Cal: 30 hits, d4 = 1, 5 + 2 = 7, less the jacket's 1.
    state, events = act(
        state,
        "burst",
        "ann",
        [30, 1, 5, 30, 1, 5],
        weapon="thompson",
        shots_bob=4,
        shots_cal=4,
        distance=10,
    )
    finals = [e.payload["chance"]["final"] for e in events if e.kind == "burst.rolled"]
    assert finals == [80, 80]
    assert (state["combatants"]["bob"]["hp"], state["combatants"]["cal"]["hp"]) == (23, 24)


@pytest.mark.parametrize(
    ("mechanism", "per_round", "second"),
    [("semi_auto", 1, True), ("pump", 2, True), ("pump", 1, False)],
)
def test_pump_and_semi_automatic_shotguns_fire_a_second_shot_at_half_dex(
    mechanism: str, per_round: int, second: bool
) -> None:
    # COC-SHOTGUN-3: a pump fires once or twice by model; every semi-automatic may fire twice.
    gun = {
        "key": "auto5",
        "name": "Browning Auto-5",
        "kind": "firearm",
        "skill": "shotgun",
        "damage": "4d6",
        "base_range": 50,
        "shots_per_round": per_round,
        "capacity": 5,
        "mal": 100,
        "mechanism": mechanism,
        "long_gun": True,
    }
    state = scene(("ann", person("Ann", dex=14, weapons=[gun])), ("bob", person("Bob")))
    state, _ = act(state, "next_round", "gm")
    state, events = act(
        state, "fire", "ann", [90], weapon="auto5", target="bob", distance=5, both=True
    )
    assert ("turn.deferred" in kinds(events)) is second
    ranks = [(s["id"], s["rank"]) for s in state["order"]]
    assert (("ann", 7) in ranks) is second  # rhu(14 / 2) = 7


def test_impales_never_wear_armour_down() -> None:
    # COC-ARMOUR-2: Bob's armour 2 stops 2 of the impale and 2 of the next bullet alike.
    state = scene(("ann", person("Ann", dex=14)), ("bob", person("Bob", con=20, siz=20, armour=2)))
    state, _ = act(state, "next_round", "gm")
    # 8 yd: 40%, impale on 8 or less: 5 impales (1d10 x2 = 4 + 4), 20 hits (1d10 = 5).
    state, events = act(
        state, "fire", "ann", [5, 4, 4, 20, 5], weapon="revolver", target="bob", distance=8, shots=2
    )
    assert texts(events).count("2 stopped by armour") == 2
    assert [e.payload["damage"] for e in events if e.kind == "damage.taken"] == [6, 3]
    assert state["combatants"]["bob"]["sheet"]["armour"] == 2


def test_unaimed_fire_doubles_the_shots_at_a_fifth_and_impales_as_usual() -> None:
    shooter = person("Ann", dex=12, skills={**person("x")["skills"], "handgun": 45})
    state = scene(("ann", shooter), ("bob", big("Bob")))
    state, _ = act(state, "next_round", "gm")
    # COC-UNAIMED-1: Handgun 45, a revolver of 2 shots a round: 4 unaimed shots at 9%.
    with pytest.raises(IllegalAction, match="at most 4 shots"):
        act(
            state, "fire", "ann", weapon="revolver", target="bob", distance=8, shots=5, unaimed=True
        )
    # COC-UNAIMED-3: impale on rhu(9 / 5) = 2: the first shot (2) impales, 1d10 x2 = 3 + 3.
    state, events = act(
        state,
        "fire",
        "ann",
        [2, 3, 3, 50, 50, 50],
        weapon="revolver",
        target="bob",
        distance=8,
        shots=4,
        unaimed=True,
    )
    rolled = [e.payload for e in events if e.kind == "attack.rolled"]
    assert [(p["chance"]["final"], p["chance"]["impale"]) for p in rolled] == [(9, 2)] * 4
    assert rolled[0]["impale"]
    assert state["combatants"]["bob"]["hp"] == 30 - 6
    assert state["combatants"]["ann"]["weapons"]["revolver"]["loaded"] == 5 - 4


def test_unaimed_fire_at_two_targets_sends_each_hit_to_one_at_random() -> None:
    people = (("ann", person("Ann", dex=12)), ("bob", big("Bob")), ("cal", big("Cal", 9)))
    state = scene(*people)
    state, _ = act(state, "next_round", "gm")
    # COC-UNAIMED-2: Handgun 40 unaimed: 8%; 5 hits; d2 = 2: Cal; 1d10 = 4.
    state, events = act(
        state,
        "fire",
        "ann",
        [5, 2, 4],
        weapon="revolver",
        target="bob",
        also="cal",
        distance=8,
        unaimed=True,
    )
    assert "The shot flies at Cal" in texts(events)
    assert (state["combatants"]["bob"]["hp"], state["combatants"]["cal"]["hp"]) == (30, 26)
