"""Rules the engine cites that no other test pinned: each played with scripted dice and the
concrete chances, damage, HP and refusals its rule (or its proposed default) gives."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from coc_helpers import act, duel, kinds, person, scene, texts

from rules.brp.core import large_target_bonus, succeeds
from rules.brp.hazards import POISONS, changed_charge
from rules.coc.state import status
from rules.core.errors import IllegalAction
from rules.core.system import Event

Json = dict[str, Any]

NO_SHOCK = {"coc.shock_rule": False}  # these tests count the rule's own dice (COC-HP-2 aside)


def skills(**values: int) -> dict[str, int]:
    """The helpers' plain skills with some changed."""
    return {**person("x")["skills"], **values}


def trio(**settings: Any) -> Json:
    """Ann (DEX 14), Cal (DEX 12) and Bob (DEX 10), round 1 started, Ann to act: the round goes
    on after Ann's turn even if Bob falls, so nothing ticks at its end."""
    state = scene(
        ("ann", person("Ann", dex=14)),
        ("cal", person("Cal", dex=12)),
        ("bob", person("Bob", dex=10)),
        settings=settings,
    )
    state, _ = act(state, "next_round", "gm")
    return state


def first(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def finals(events: list[Event], kind: str = "attack.rolled") -> list[int]:
    return [e.payload["chance"]["final"] for e in events if e.kind == kind]


# --- 0. general conventions ------------------------------------------------------------------


def test_percentile_rolls_succeed_at_or_under_the_chance_and_00_is_no_automatic_failure() -> None:
    """COC-GEN-1: d100 succeeds on roll <= chance; 100% or more always succeeds, 0% always
    fails; 00 has no special meaning unless the Keeper sets `coc.auto_fail_00`."""
    sheet = person("Ann", skills=skills(spot_hidden=40, jump=100, swim=0))
    state = scene(("ann", sheet), ("bob", person("Bob")))
    for face, skill, ok in (
        (40, "spot_hidden", True),
        (41, "spot_hidden", False),
        (100, "jump", True),
        (1, "swim", False),
    ):
        _, events = act(state, "skill", "ann", [face], skill=skill)
        assert events[0].payload["success"] is ok, (face, skill)
    strict = scene(("ann", sheet), ("bob", person("Bob")), settings={"coc.auto_fail_00": True})
    _, events = act(strict, "skill", "ann", [100], skill="jump")
    assert events[0].payload["success"] is False
    assert succeeds(150, 100)
    assert not succeeds(0, 1)
    assert not succeeds(-5, 1)


def test_a_malfunction_is_read_first_and_overrides_any_chance() -> None:
    """COC-GEN-1 (with COC-MAL-1): SMG 40 + 60 at point-blank is 200%, yet a 96 jams the
    Thompson (mal 96): no shot, no round spent."""
    state = duel()
    state, events = act(
        state, "fire", "ann", [96], weapon="thompson", target="bob", distance=1, modifier=60
    )
    assert kinds(events)[:1] == ["weapon.jammed"]
    assert "attack.rolled" not in kinds(events)
    held = state["combatants"]["ann"]["weapons"]["thompson"]
    assert held["jammed"]
    assert held["loaded"] == 20


def test_half_dex_is_rank_rhu_dex_over_2_in_the_same_round() -> None:
    """COC-ROUND-2: DEX 13 aims (COC-AIM-1) and fires at rank rhu(6.5) = 7, after Bob at 7
    (ties simultaneous) and before Cal at 6; surprised in round 1, DEX 13 also acts at 7."""
    people = (
        ("ann", person("Ann", dex=13)),
        ("bob", person("Bob", dex=7)),
        ("cal", person("Cal", dex=6)),
    )
    state = scene(*people)
    state, _ = act(state, "next_round", "gm")
    state, events = act(state, "aim", "ann")
    assert first(events, "turn.deferred").payload["rank"] == 7
    assert [(s["id"], s["rank"]) for s in state["order"]] == [
        ("ann", 13),
        ("bob", 7),
        ("ann", 7),
        ("cal", 6),
    ]
    assert state["round"] == 1
    surprised = scene(*people)
    surprised, _ = act(surprised, "next_round", "gm", surprise_ann="surprised")
    assert [(s["id"], s["rank"]) for s in surprised["order"]][:2] == [("ann", 7), ("bob", 7)]


# --- 2. damage from hazards ------------------------------------------------------------------


def test_burns_past_half_the_hp_cost_luck_or_1d3_con_and_app_for_good() -> None:
    """COC-DMG-1, COC-FIRE-2 (AMB-COC-04): every harm lowers HP and heals with time, but a
    burn of one fire past half the maximum HP (12: more than 6) calls for Luck; on a failure
    the victim loses 1D3 CON and 1D3 APP, which weeks of rest do not give back."""
    state = duel(**NO_SHOCK)
    state, _ = act(state, "hazard", "gm", hazard="custom", dice="7", t_ann=True)
    # 7 burned (> 6): Luck 50: 60 fails; 1D3 CON = 2, 1D3 APP = 3.
    burnt, events = act(state, "next_round", "gm", [60, 2, 3])
    ann = burnt["combatants"]["ann"]
    assert (ann["hp"], ann["con"], ann["app"]) == (12 - 7, 12 - 2, 10 - 3)
    assert [w["damage"] for w in ann["wounds"]] == [7]
    burnt, _ = act(burnt, "end_effect", "gm", effect="e1")
    rested, _ = act(burnt, "pass_weeks", "gm", [3, 3], weeks=2, t_ann=True)
    ann = rested["combatants"]["ann"]
    assert (ann["hp"], ann["con"], ann["app"]) == (5 + 6, 10, 7)  # HP back, CON/APP not
    # Luck 50 succeeds: no loss; a burn of exactly half (6) calls for no Luck roll at all.
    lucky, _ = act(state, "next_round", "gm", [50])
    assert (lucky["combatants"]["ann"]["con"], lucky["combatants"]["ann"]["app"]) == (12, 10)
    half = duel(**NO_SHOCK)
    half, _ = act(half, "hazard", "gm", hazard="custom", dice="6", t_ann=True)
    half, events = act(half, "next_round", "gm")
    assert "burn.checked" not in kinds(events)
    assert half["combatants"]["ann"]["hp"] == 6


def test_acid_hurts_only_while_the_keeper_keeps_the_contact_going_and_armour_is_no_help() -> None:
    """COC-ACID-1: acid counts only on massive contact, which the Keeper starts and ends (no
    splash is rolled); once immersed, armour does not help (COC-ACID-TABLE's default)."""
    state = scene(
        ("ann", person("Ann", dex=14, armour=5)), ("bob", person("Bob")), settings=NO_SHOCK
    )
    state, _ = act(state, "next_round", "gm")
    state, events = act(state, "next_round", "gm")  # no contact: nothing is rolled
    assert not [e for e in events if e.kind == "effect.hurt"]
    state, _ = act(state, "hazard", "gm", hazard="acid_strong", t_ann=True)
    state, _ = act(state, "hazard", "gm", hazard="acid_weak", t_bob=True)
    # Strong 1d4 = 4 on Ann, all of it through her armour 5; weak 1d3-1 = 1 - 1 = 0 on Bob.
    state, _ = act(state, "next_round", "gm", [4, 1])
    assert (state["combatants"]["ann"]["hp"], state["combatants"]["bob"]["hp"]) == (8, 12)
    state, _ = act(state, "end_effect", "gm", effect="e1")
    state, _ = act(state, "end_effect", "gm", effect="e2")
    state, _ = act(state, "next_round", "gm")  # contact over: no more dice
    assert (state["combatants"]["ann"]["hp"], state["combatants"]["bob"]["hp"]) == (8, 12)


def test_drowning_follows_a_failed_swim_roll_and_a_poisons_respiratory_failure() -> None:
    """COC-DROWN-1: after a failed Swim roll the Keeper starts drowning (CON x10 first); a
    sedative's respiratory failure starts it too, from CON x6 (AMB-COC-05), until Medicine."""
    state = duel(**NO_SHOCK)
    state, events = act(state, "skill", "ann", [90], skill="swim")  # Swim 25: 90 fails
    assert events[0].payload["success"] is False
    swim, _ = act(state, "hazard", "gm", hazard="drowning", t_ann=True)
    swim, events = act(swim, "next_round", "gm", [100])
    assert "CON x10 = 120 - holds on" in texts(events)  # 100 <= 120
    # Chloral hydrate, two doses, on Bob: POT 17 v CON 12 = 75%: 10 wins; onset 1d3 = 1 minute.
    state, _ = act(state, "poison", "gm", [10, 1], target="bob", poison="chloral_hydrate", doses=2)
    # At onset: asleep 2 hours; respiratory failure 10%: 5 fails him; CON x6 = 72: 1 holds.
    state, events = act(state, "pass_time", "gm", [5, 1], minutes=1)
    assert "CON x6 = 72 - holds on" in texts(events)
    (drowning,) = state["effects"].values()
    assert (drowning["kind"], drowning["data"]["start"]) == ("drowning", 6)
    state, _ = act(state, "medicine", "ann", [10], target="bob")  # Medicine 40: 10 succeeds
    assert state["effects"] == {}


def test_a_great_fire_burns_the_keepers_dice_every_round() -> None:
    """COC-FIRE-8: a bigger fire is a zone with dice the Keeper enters (2d6+1 here), rolled every
    round, with no Luck roll and no clothes catching; nonsense dice are refused."""
    state = duel(**NO_SHOCK)
    with pytest.raises(IllegalAction, match="not a damage roll"):
        act(state, "hazard", "gm", hazard="custom", dice="lots", t_bob=True)
    state, _ = act(state, "hazard", "gm", hazard="custom", dice="2d6+1", t_bob=True)
    state, events = act(state, "next_round", "gm", [2, 3])
    assert state["combatants"]["bob"]["hp"] == 12 - 6
    assert "2d6+1" in texts(events)
    # 1 + 1 + 1 = 3 more: 9 burned in this fire, past half of 12: Luck 50, 10 holds.
    state, events = act(state, "next_round", "gm", [1, 1, 10])
    assert "burn.checked" in kinds(events)
    assert state["combatants"]["bob"]["hp"] == 12 - 6 - 3
    assert [e["kind"] for e in state["effects"].values()] == ["fire_zone"]


@pytest.mark.parametrize(
    ("key", "pot", "low", "high", "unit", "effect"),
    [
        ("amanita", 15, 6, 24, "hour", "damaging"),
        ("arsenic", 16, 30, 24 * 60, "minute", "damaging"),
        ("belladonna", 16, 2, 48, "hour", "damaging"),
        ("black_widow", 7, 2, 8, "hour", "damaging"),
        ("chloral_hydrate", 17, 1, 3, "minute", "incapacitating"),
        ("chloroform", 15, 1, 1, "round", "incapacitating"),
        ("cobra", 16, 15, 60, "minute", "damaging"),
        ("curare", 25, 1, 1, "round", "damaging"),
        ("cyanide", 20, 1, 15, "minute", "damaging"),
        ("rattlesnake", 10, 15, 60, "minute", "damaging"),
        ("rohypnol", 18, 15, 30, "minute", "incapacitating"),
        ("scorpion", 9, 24, 48, "hour", "damaging"),
        ("sleeping_pills", 6, 10, 30, "minute", "incapacitating"),
        ("strychnine", 20, 10, 20, "minute", "damaging"),
    ],
)
def test_the_sample_poisons_table(
    key: str, pot: int, low: int, high: int, unit: str, effect: str
) -> None:
    """COC-POISON-TABLE: POT, onset range and effect type of each standard dose."""
    poison = POISONS[key]
    assert (poison.potency, poison.low, poison.high, poison.unit, poison.effect) == (
        pot,
        low,
        high,
        unit,
        effect,
    )


def test_a_table_poison_is_played_with_its_pot_and_onset() -> None:
    """COC-POISON-TABLE: cyanide POT 20 against CON 12 is 90% (WE-COC-12); amanita acts
    6 + (1d19 - 1) hours later: a 19 is 24 hours, 24 x 60 x 5 rounds."""
    state = duel(**NO_SHOCK)
    _, events = act(state, "poison", "gm", [90, 1], target="bob", poison="cyanide")
    assert "POT 20 against CON 12: 90 against 90% - " in texts(events)
    assert events[0].payload["wins"] is True
    state, events = act(state, "poison", "gm", [99, 19], target="bob", poison="amanita")
    assert events[0].payload["wins"] is False  # 15 v 12: 65%
    (poison,) = state["effects"].values()
    assert poison["left"] == 24 * 60 * 5


def test_sedatives_put_to_sleep_without_harm_and_do_nothing_when_resisted() -> None:
    """AMB-COC-06 (COC-POISON-7): chloral hydrate that wins sleeps an hour and costs no HP;
    sleeping pills that lose do nothing at all, where a damaging poison that loses still costs
    half its POT (rattlesnake 10: 5)."""
    state = duel(**NO_SHOCK)
    # POT 17 v CON 12 = 75%: 30 wins; onset 1d3 = 2 minutes.
    slept, _ = act(state, "poison", "gm", [30, 2], target="bob", poison="chloral_hydrate")
    slept, events = act(slept, "pass_time", "gm", minutes=2)
    bob = slept["combatants"]["bob"]
    assert (bob["hp"], bob["ko_rounds"]) == (12, 60 * 5)
    assert status(bob) == "unconscious"
    # Sleeping pills POT 6 v 12 = 20%: 50 loses; onset 10 + (1d21 - 1) minutes: 1 -> 10.
    pills, _ = act(state, "poison", "gm", [50, 1], target="bob", poison="sleeping_pills")
    pills, events = act(pills, "pass_time", "gm", minutes=10)
    assert "does Bob no harm" in texts(events)
    bob = pills["combatants"]["bob"]
    assert (bob["hp"], bob["ko_rounds"]) == (12, 0)
    # Rattlesnake POT 10 v 12 = 40%: 50 loses; onset 15 + (1d46 - 1) minutes: 1 -> 15.
    snake, _ = act(state, "poison", "gm", [50, 1], target="bob", poison="rattlesnake")
    snake, _ = act(snake, "pass_time", "gm", minutes=15)
    assert snake["combatants"]["bob"]["hp"] == 12 - 5


def test_drowning_succeeds_on_a_roll_equal_to_con_times_n_unless_strict() -> None:
    """AMB-COC-01: the breath roll must be under CON x k by default (the seed's 小于, which wins
    over the digest's "or less"); with `coc.drown_strict_less` off a roll equal to it holds.
    CON 9, round 1: 90 against CON x10 = 90."""
    for strict, held in ((False, True), (True, False)):
        state = scene(
            ("ann", person("Ann", dex=14, con=9)),
            ("bob", person("Bob")),
            settings={**NO_SHOCK, "coc.drown_strict_less": strict},
        )
        state, _ = act(state, "next_round", "gm")
        state, _ = act(state, "hazard", "gm", hazard="drowning", t_ann=True)
        faces = [90] if held else [90, 3]
        state, events = act(state, "next_round", "gm", faces)
        assert ("= 90 - holds on" in texts(events)) is held
        assert state["combatants"]["ann"]["hp"] == (11 if held else 11 - 3)


def test_after_the_tenth_round_the_breath_roll_stays_at_con_x1() -> None:
    """AMB-COC-02 (COC-DROWN-2): CON 12: 120, 108 ... 12, and 12 again after round 10."""
    state = duel(**NO_SHOCK)
    state, _ = act(state, "hazard", "gm", hazard="drowning", t_ann=True)
    seen = []
    for _ in range(12):
        state, events = act(state, "next_round", "gm", [1])
        seen.append(first(events, "breath.rolled").text.split(" = ")[1].split(" ")[0])
    assert seen == [str(12 * k) for k in range(10, 0, -1)] + ["12", "12"]


def test_a_changed_charge_rounds_its_dice_half_up_and_keeps_the_radius_exact() -> None:
    """AMB-COC-03 (COC-EXPL-3): dynamite 5d6 r 2 doubled: 7.5 -> 8d6, r 3; halved: 3.33 -> 3d6,
    r 4/3 yd; a tank shell 15d6 r 4 doubled: 22.5 -> 23d6, r 6. The exact 4/3 yd radius puts
    1.3 yd in the first band (3d6) and 1.4 yd in the second (2d6)."""
    assert changed_charge(5, 2, 1) == (8, Fraction(3))
    assert changed_charge(5, 2, -1) == (3, Fraction(4, 3))
    assert changed_charge(15, 4, 1) == (23, Fraction(6))
    state = scene(("a", person("A")), ("b", person("B")), settings=NO_SHOCK)
    state, events = act(
        state,
        "explode",
        "gm",
        [1, 1, 1, 2, 2],
        dice=5,
        radius=2,
        charge="half",
        d_a="1.3",
        d_b="1.4",
    )
    assert [e.payload["dice"] for e in events if e.kind == "blast.hit"] == [3, 2]
    assert [state["combatants"][x]["hp"] for x in "ab"] == [12 - 3, 12 - 4]


# --- 3. combat -------------------------------------------------------------------------------


def test_natural_armour_on_the_sheet_stops_its_points_of_every_blow_shot_and_blast() -> None:
    """COC-ARMOUR-3: one armour value on the sheet (a creature's elephant hide, 4) is taken off
    every attack's and every blast's damage."""
    hide = person("Beast", dex=10, kind="creature", armour=4)
    state = scene(("ann", person("Ann", dex=14)), ("bob", hide), settings=NO_SHOCK)
    state, _ = act(state, "next_round", "gm")
    # Knife 30 hits (no impale): 1d4+2 = 4 + 2 = 6 -> 2.
    knifed, _ = act(state, "attack", "ann", [30, 4], weapon="knife", target="bob")
    assert knifed["combatants"]["bob"]["hp"] == 12 - 2
    # Revolver at 8 yd: 20 hits: 1d10 = 9 -> 5.
    shot, _ = act(state, "fire", "ann", [20, 9], weapon="revolver", target="bob", distance=8)
    assert shot["combatants"]["bob"]["hp"] == 12 - 5
    # A 2d6 blast at 1 yd: 6 + 5 -> 7.
    blasted, _ = act(state, "explode", "gm", [6, 5], dice=2, radius=2, d_bob=1)
    assert blasted["combatants"]["bob"]["hp"] == 12 - 7


def test_luck_stands_in_for_dodge_against_a_danger_the_keeper_declares() -> None:
    """COC-DODGE-2 (AMB-COC-18): only the Keeper declares a danger; the player then rolls Luck
    (50) in place of Dodge, at any time: 50 avoids it, 51 does not; either way it is spent;
    without a declared danger there is no Luck dodge."""
    state = duel(**NO_SHOCK)
    with pytest.raises(IllegalAction, match="faces no danger"):
        act(state, "luck_dodge", "bob", [10])
    with pytest.raises(IllegalAction):
        act(state, "danger", "ann", t_bob=True, what="masonry falls")
    state, _ = act(state, "danger", "gm", t_bob=True, what="masonry falls")
    for face, avoided in ((50, True), (51, False)):
        after, events = act(state, "luck_dodge", "bob", [face])  # not Bob's turn: no matter
        assert events[0].payload["avoided"] is avoided
        assert after["combatants"]["bob"]["danger"] == ""
        with pytest.raises(IllegalAction, match="faces no danger"):
            act(after, "luck_dodge", "bob", [10])


def test_one_round_may_hold_both_a_dodge_and_a_parry() -> None:
    """COC-DODGE-3: Bob parries Cal (club) and dodges: Ann's knife is dodged, then Cal's knife
    is parried, in the same round."""
    state = trio(**NO_SHOCK)
    state, _ = act(state, "parry", "bob", attacker="cal", weapon="club")
    state, _ = act(state, "dodge", "bob")
    # Ann: 20 hits; Bob's Dodge 30: 12 avoids.
    state, events = act(state, "attack", "ann", [20, 12], weapon="knife", target="bob")
    assert first(events, "dodge.rolled").payload["dodged"]
    # Cal: 20 hits; 1d4+2 = 3 + 2 = 5; Bob's club parry 50: 30 holds, the club absorbs it.
    state, events = act(state, "attack", "cal", [20, 3, 30], weapon="knife", target="bob")
    assert first(events, "parry.rolled").payload["parried"]
    bob = state["combatants"]["bob"]
    assert bob["hp"] == 12
    assert bob["round"]["dodge"] == "used"
    assert bob["round"]["parry"]["used"]


def test_edged_weapons_and_every_firearm_impale_blunt_and_unarmed_blows_never() -> None:
    """COC-IMPALE-1: a roll of 01 impales with the knife and with a revolver even if its sheet
    says otherwise; a club or a fist never impales, even marked `can_impale`."""
    sheet = person("Ann", dex=14)
    for weapon in sheet["weapons"]:
        if weapon["key"] in ("club", "fist"):
            weapon["can_impale"] = True
        if weapon["key"] == "revolver":
            weapon["can_impale"] = False
    state = scene(("ann", sheet), ("bob", person("Bob", con=30, siz=30)), settings=NO_SHOCK)
    state, _ = act(state, "next_round", "gm")
    cases = (
        ("attack", "knife", [1, 2, 2], True, 8),  # (2+2) + (2+2)
        ("fire", "revolver", [1, 3, 3], True, 6),  # 1d10 twice at 8 yd
        ("attack", "club", [1, 4], False, 4),
        ("attack", "fist", [1, 3], False, 3),
    )
    for kind, weapon, faces, impaled, damage in cases:
        after, events = act(state, kind, "ann", faces, weapon=weapon, target="bob", distance=8)
        rolled = first(events, "attack.rolled").payload
        assert (rolled["hit"], rolled["impale"]) == (True, impaled), weapon
        assert (rolled["chance"]["impale"] > 0) is impaled, weapon
        assert after["combatants"]["bob"]["hp"] == 30 - damage, weapon


def test_a_parry_rolls_the_parrying_weapons_skill_and_never_hurts_the_attacker() -> None:
    """COC-PARRY-1: Bob parries with the club at his Club 35 (not his Knife or Fist 50): 35
    blocks Ann's knife (1d4+2 = 4), 36 does not; Ann is never hurt by the parry."""
    bob = person("Bob", skills=skills(club=35))
    for face, hp in ((35, 12), (36, 12 - 4)):
        state = scene(("ann", person("Ann", dex=14)), ("bob", bob), settings=NO_SHOCK)
        state, _ = act(state, "next_round", "gm")
        state, _ = act(state, "parry", "bob", attacker="ann", weapon="club")
        state, events = act(state, "attack", "ann", [30, 2, face], weapon="knife", target="bob")
        assert "against 35% -" in first(events, "parry.rolled").text
        assert state["combatants"]["bob"]["hp"] == hp
        assert state["combatants"]["ann"]["hp"] == 12


def test_one_parry_a_round() -> None:
    """COC-PARRY-2: a second parry declaration in the same round is refused; the next round
    allows one again."""
    state = trio()
    state, _ = act(state, "parry", "bob", attacker="ann", weapon="club")
    for attacker in ("ann", "cal"):
        with pytest.raises(IllegalAction, match="already declared a parry this round"):
            act(state, "parry", "bob", attacker=attacker, weapon="knife")
    for actor in ("ann", "cal", "bob"):
        state, _ = act(state, "end_turn", actor)
    assert state["round"] == 2
    state, _ = act(state, "parry", "bob", attacker="cal", weapon="knife")
    assert state["combatants"]["bob"]["round"]["parry"]["against"] == "cal"


def test_fists_parry_fists() -> None:
    """COC-PARRY-5: an unarmed blow is parried unarmed at the Fist skill (50): 40 stops Ann's
    1d3 = 3 entirely; 60 fails and Bob takes 3."""
    for face, hp in ((40, 12), (60, 12 - 3)):
        state = duel(**NO_SHOCK)
        state, _ = act(state, "parry", "bob", attacker="ann", weapon="fist")
        state, events = act(state, "attack", "ann", [30, 3, face], weapon="fist", target="bob")
        assert "parry.rolled" in kinds(events)
        assert "parry.bare" not in kinds(events)
        assert state["combatants"]["bob"]["hp"] == hp


def test_bullets_cannot_be_parried() -> None:
    """COC-PARRY-10: Bob's club parry declared against Ann does nothing against her revolver:
    20 hits at 8 yd, 1d10 = 5, no parry roll."""
    state = duel(**NO_SHOCK)
    state, _ = act(state, "parry", "bob", attacker="ann", weapon="club")
    state, events = act(state, "fire", "ann", [20, 5], weapon="revolver", target="bob", distance=8)
    assert not [k for k in kinds(events) if k.startswith("parry.")]
    assert state["combatants"]["bob"]["hp"] == 12 - 5


def test_a_knockout_is_declared_and_only_blunt_blows_may_try() -> None:
    """COC-KO-1: the knockout is declared with the attack; a club or fist may try, a knife, a
    torch or a gun may not; an undeclared club blow is an ordinary hit."""
    state = trio(**NO_SHOCK)
    for kind, weapon in (("attack", "knife"), ("attack", "torch"), ("fire", "revolver")):
        with pytest.raises(IllegalAction, match="Only blunt blows can knock out"):
            act(state, kind, "ann", weapon=weapon, target="bob", distance=8, knockout=True)
    # Club 30 hits, 1d6 = 6; 6 v HP 12 = 20%: 5 succeeds; 1d6 = 1 minute; floor(6/3) = 2.
    ko, events = act(
        state, "attack", "ann", [30, 6, 5, 1], weapon="club", target="bob", knockout=True
    )
    assert first(events, "knockout.rolled").payload["chance"] == 20
    assert ko["combatants"]["bob"]["hp"] == 12 - 2
    # Fist 30 hits, 1d3 = 3; 3 v 12 = 5%: 6 fails: the full 3.
    _, events = act(state, "attack", "ann", [30, 3, 6], weapon="fist", target="bob", knockout=True)
    assert first(events, "knockout.rolled").payload["knocked_out"] is False
    plain, events = act(state, "attack", "ann", [30, 6], weapon="club", target="bob")
    assert "knockout.rolled" not in kinds(events)
    assert plain["combatants"]["bob"]["hp"] == 12 - 6


def test_humans_can_be_knocked_out_creatures_only_when_the_keeper_allows() -> None:
    """COC-KO-5: an investigator can be knocked out; a creature cannot by default; the Keeper
    may allow it for a humanoid (a ghoul marked `knockout_allowed`)."""
    ghoul = person("Ghoul", kind="creature")
    allowed = person("Ghoul", kind="creature", knockout_allowed=True)
    for sheet, ok in ((person("Bob"), True), (ghoul, False), (allowed, True)):
        state = scene(("ann", person("Ann", dex=14)), ("bob", sheet), settings=NO_SHOCK)
        state, _ = act(state, "next_round", "gm")
        if not ok:
            with pytest.raises(IllegalAction, match="Ghoul cannot be knocked out"):
                act(state, "attack", "ann", weapon="club", target="bob", knockout=True)
            continue
        _, events = act(
            state, "attack", "ann", [30, 6, 5, 1], weapon="club", target="bob", knockout=True
        )
        assert first(events, "knockout.rolled").payload["knocked_out"]


def test_first_aid_or_medicine_wakes_the_knocked_out_at_once() -> None:
    """COC-KO-6: Bob knocked out for 2 minutes (10 rounds) wakes on Cal's First Aid (which also
    treats the 2-point wound) or Medicine; a failed roll leaves him out."""
    state = trio(**NO_SHOCK)
    # Club 30 hits, 1d6 = 6; 20%: 5 succeeds; 1d6 = 2 minutes; floor(6/3) = 2 damage.
    state, _ = act(
        state, "attack", "ann", [30, 6, 5, 2], weapon="club", target="bob", knockout=True
    )
    bob = state["combatants"]["bob"]
    assert (bob["hp"], bob["ko_rounds"], status(bob)) == (10, 10, "unconscious")
    aided, _ = act(state, "first_aid", "cal", [10, 2], target="bob")  # First Aid 40; 1D3 = 2
    bob = aided["combatants"]["bob"]
    assert (bob["hp"], bob["ko_rounds"], status(bob)) == (12, 0, "ok")
    treated, _ = act(state, "medicine", "cal", [40], target="bob")  # Medicine 40
    bob = treated["combatants"]["bob"]
    assert (bob["hp"], bob["ko_rounds"], status(bob)) == (10, 0, "ok")
    failed, _ = act(state, "medicine", "cal", [41], target="bob")
    assert status(failed["combatants"]["bob"]) == "unconscious"


def test_a_knockout_lasts_1d6_minutes_by_default() -> None:
    """AMB-COC-11 (COC-KO-3): "a few minutes" is 1d6 minutes: a 6 is 30 rounds of 12 seconds;
    the Keeper may set another duration (10 minutes: no die, 50 rounds)."""
    for settings, faces, minutes in (
        ({}, [30, 6, 5, 6], 6),
        ({"coc.ko_duration": "10"}, [30, 6, 5], 10),
    ):
        state = trio(**NO_SHOCK, **settings)
        state, events = act(
            state, "attack", "ann", faces, weapon="club", target="bob", knockout=True
        )
        assert first(events, "knockout.done").payload["minutes"] == minutes
        assert state["combatants"]["bob"]["ko_rounds"] == minutes * 5


def test_the_damage_bonus_is_added_once_to_an_impale() -> None:
    """AMB-COC-09 (COC-IMPALE-3): knife impale with db +1d4: (3+2) + (4+2) + 2 = 13; the other
    setting adds the db twice (+1 more)."""
    for setting, faces, damage in (("once", [5, 3, 4, 2], 13), ("twice", [5, 3, 4, 2, 1], 14)):
        state = scene(
            ("ann", person("Ann", dex=14, db="+1d4")),
            ("bob", person("Bob", con=30, siz=30)),
            settings={**NO_SHOCK, "coc.impale_db": setting},
        )
        state, _ = act(state, "next_round", "gm")
        state, _ = act(state, "attack", "ann", faces, weapon="knife", target="bob")
        assert state["combatants"]["bob"]["hp"] == 30 - damage


def test_the_impale_range_is_a_fifth_of_the_modified_chance() -> None:
    """AMB-COC-08 (COC-IMPALE-2): Handgun 40 at point-blank is 80%: 16 impales (1d10 twice);
    on a fifth of the raw skill (8) the same 16 is a plain hit."""
    for base, faces, impaled, hp in (
        ("modified", [16, 3, 4], True, 5),
        ("skill", [16, 3], False, 9),
    ):
        state = duel(**NO_SHOCK, **{"coc.impale_base": base})
        state, events = act(
            state, "fire", "ann", faces, weapon="revolver", target="bob", distance=1
        )
        rolled = first(events, "attack.rolled").payload
        assert rolled["chance"]["final"] == 80
        assert rolled["chance"]["impale"] == (16 if base == "modified" else 8)
        assert rolled["impale"] is impaled
        assert state["combatants"]["bob"]["hp"] == hp


def test_dim_light_halves_every_chance_and_the_impale_range_with_it() -> None:
    """AMB-COC-10 (COC-DARK-1): in dim light Knife 50 is 25% (impale on 5 or less): 25 hits,
    26 misses; Handgun 40 at point-blank 40 x 2 x 1/2 = 40; Bob's Dodge 30 is 15."""
    state = duel(**NO_SHOCK)
    state, _ = act(state, "set_light", "gm", light="dim")
    hit, events = act(state, "attack", "ann", [25, 1], weapon="knife", target="bob")
    rolled = first(events, "attack.rolled").payload
    assert (rolled["chance"]["final"], rolled["chance"]["impale"], rolled["hit"]) == (25, 5, True)
    assert hit["combatants"]["bob"]["hp"] == 12 - 3
    _, events = act(state, "attack", "ann", [26], weapon="knife", target="bob")
    assert first(events, "attack.rolled").payload["hit"] is False
    _, events = act(state, "fire", "ann", [99], weapon="revolver", target="bob", distance=1)
    assert finals(events) == [40]
    dodging, _ = act(state, "dodge", "bob")
    _, events = act(dodging, "attack", "ann", [20, 16, 1], weapon="knife", target="bob")
    assert "against 15% -" in first(events, "dodge.rolled").text


# --- 4. firearms -----------------------------------------------------------------------------


def test_a_burst_is_fired_on_the_shooters_rank_with_the_shots_the_shooter_picks() -> None:
    """COC-AUTO-1 (AMB-COC-12): a fully automatic weapon's burst is 2 shots up to its listed most
    (20) and the rounds loaded, fired on the shooter's own DEX rank; the shots leave the gun."""
    sheet = person("Ann", dex=14)
    for weapon in sheet["weapons"]:
        if weapon["key"] == "thompson":
            weapon["loaded"] = 3
    state = scene(("ann", sheet), ("bob", person("Bob", con=30, siz=30)), settings=NO_SHOCK)
    state, _ = act(state, "next_round", "gm")
    with pytest.raises(IllegalAction, match="A burst is 2 to 20 shots"):
        act(state, "burst", "ann", weapon="thompson", shots_bob=1, distance=10)
    with pytest.raises(IllegalAction, match="has 3 rounds loaded, 4 needed"):
        act(state, "burst", "ann", weapon="thompson", shots_bob=4, distance=10)
    with pytest.raises(IllegalAction, match="cannot be used for this"):
        act(state, "burst", "ann", weapon="revolver", shots_bob=2, distance=10)
    # 3 shots: min(40 + 15, 80) = 55; 95 misses.
    state, events = act(state, "burst", "ann", [95], weapon="thompson", shots_bob=3, distance=10)
    assert "turn.deferred" not in kinds(events)
    assert finals(events, "burst.rolled") == [55]
    assert state["combatants"]["ann"]["weapons"]["thompson"]["loaded"] == 0
    assert state["order"][state["turn"]]["id"] == "bob"


def test_the_keeper_may_allow_only_bursts_of_real_die_sizes() -> None:
    """COC-AUTO-5: by default any number of shots; with `coc.burst_sizes = dice_only` 7 shots
    are refused and 8 (a d8) allowed."""
    loose = duel()
    after, _ = act(loose, "burst", "ann", [95], weapon="thompson", shots_bob=7, distance=10)
    assert after["combatants"]["ann"]["weapons"]["thompson"]["loaded"] == 20 - 7
    strict = duel(**{"coc.burst_sizes": "dice_only"})
    with pytest.raises(IllegalAction, match="allows bursts of"):
        act(strict, "burst", "ann", weapon="thompson", shots_bob=7, distance=10)
    after, _ = act(strict, "burst", "ann", [95], weapon="thompson", shots_bob=8, distance=10)
    assert after["combatants"]["ann"]["weapons"]["thompson"]["loaded"] == 20 - 8


@pytest.mark.parametrize(("siz", "bonus"), [(30, 0), (35, 0), (40, 5), (59, 10), (60, 15)])
def test_large_target_bonus_by_siz(siz: int, bonus: int) -> None:
    """COC-LARGE-1: +5 per full 10 SIZ above 30."""
    assert large_target_bonus(siz) == bonus


def test_large_targets_help_bullets_and_shotguns_not_blades_and_point_blank_still_doubles() -> None:
    """COC-LARGE-1: against SIZ 40 a revolver at 8 yd is 40 + 5 = 45%, at point-blank 90%;
    against SIZ 60 the shotgun is 50 + 15 = 65%, the knife stays at 50%."""
    for siz, kind, weapon, yards, chance in (
        (40, "fire", "revolver", 8, 45),
        (40, "fire", "revolver", 1, 90),
        (60, "fire", "shotgun", 20, 65),
        (60, "attack", "knife", 0, 50),
    ):
        state = scene(
            ("ann", person("Ann", dex=14)), ("bob", person("Bob", siz=siz)), settings=NO_SHOCK
        )
        state, _ = act(state, "next_round", "gm")
        _, events = act(state, kind, "ann", [99], weapon=weapon, target="bob", distance=yards)
        assert finals(events) == [chance], (siz, weapon, yards)


def test_double_barrelled_pump_and_semi_automatic_shotguns() -> None:
    """COC-SHOTGUN-1: the three kinds of shotgun are weapon data: a double-barrelled gun's
    malfunction is a dud (COC-MAL-2), a pump's or a semi-automatic's a jam (COC-MAL-3)."""
    for mechanism, jams in (("double_barrel", False), ("pump", True), ("semi_auto", True)):
        gun = {
            "key": "gun",
            "name": f"{mechanism} shotgun",
            "kind": "firearm",
            "skill": "shotgun",
            "damage": "4d6",
            "base_range": 50,
            "shots_per_round": 2 if mechanism == "double_barrel" else 1,
            "capacity": 2,
            "mal": 95,
            "mechanism": mechanism,
            "long_gun": True,
        }
        state = scene(("ann", person("Ann", dex=14, weapons=[gun])), ("bob", person("Bob")))
        state, _ = act(state, "next_round", "gm")
        state, events = act(state, "fire", "ann", [95], weapon="gun", target="bob", distance=5)
        assert ("weapon.jammed" in kinds(events)) is jams
        assert ("weapon.dud" in kinds(events)) is not jams
        held = state["combatants"]["ann"]["weapons"]["gun"]
        assert (held["jammed"], held["loaded"]) == (jams, 2 if jams else 1)


def test_loose_cartridges_go_in_two_a_round_as_the_rounds_action() -> None:
    """COC-RELOAD-1: a revolver with 1 loaded takes 2 more (3); the empty shotgun takes 2; the
    reload is the round's action, so Ann cannot fire after it; firing more than is loaded is
    refused."""
    sheet = person("Ann", dex=14)
    for weapon in sheet["weapons"]:
        if weapon["key"] in ("revolver", "shotgun"):
            weapon["loaded"] = {"revolver": 1, "shotgun": 0}[weapon["key"]]
    state = scene(("ann", sheet), ("bob", person("Bob")))
    state, _ = act(state, "next_round", "gm")
    with pytest.raises(IllegalAction, match="has 1 rounds loaded, 2 needed"):
        act(state, "fire", "ann", weapon="revolver", target="bob", distance=8, shots=2)
    reloaded, events = act(state, "reload", "ann", weapon="revolver")
    assert reloaded["combatants"]["ann"]["weapons"]["revolver"]["loaded"] == 3
    assert "turn.ended" in kinds(events)
    with pytest.raises(IllegalAction):
        act(reloaded, "fire", "ann", weapon="revolver", target="bob", distance=8)
    reloaded, _ = act(state, "reload", "ann", weapon="shotgun")
    assert reloaded["combatants"]["ann"]["weapons"]["shotgun"]["loaded"] == 2


def test_a_magazine_changes_in_one_round_and_a_belt_in_two() -> None:
    """COC-RELOAD-2: the Thompson's magazine (3 left) is changed at once: 20; a machine gun's
    belt is loaded only at the end of the second round."""
    belt_gun = {
        "key": "mg",
        "name": "Browning M1917",
        "kind": "firearm",
        "skill": "machine_gun",
        "damage": "2d6+4",
        "base_range": 110,
        "burst_max": 20,
        "capacity": 250,
        "loaded": 0,
        "mal": 96,
        "mechanism": "full_auto",
        "reload": "belt",
        "long_gun": True,
    }
    sheet = person("Ann", dex=14)
    sheet["weapons"] = [*sheet["weapons"], belt_gun]
    for weapon in sheet["weapons"]:
        if weapon["key"] == "thompson":
            weapon["loaded"] = 3
    state = scene(("ann", sheet), ("bob", person("Bob")))
    state, _ = act(state, "next_round", "gm")
    mag, events = act(state, "reload", "ann", weapon="thompson")
    assert mag["combatants"]["ann"]["weapons"]["thompson"]["loaded"] == 20
    assert "turn.ended" in kinds(events)
    belt, _ = act(state, "reload", "ann", weapon="mg")
    belt, _ = act(belt, "next_round", "gm")
    assert (belt["round"], belt["combatants"]["ann"]["weapons"]["mg"]["loaded"]) == (2, 0)
    belt, events = act(belt, "next_round", "gm")
    assert "weapon.reloaded" in kinds(events)
    assert (belt["round"], belt["combatants"]["ann"]["weapons"]["mg"]["loaded"]) == (3, 250)


def test_each_further_multiple_of_the_range_halves_the_chance_again() -> None:
    """AMB-COC-15 (COC-RANGE-1): the revolver's 15 yd: Handgun 40 at 45 yd (3R) is 10%, at
    46 and 60 yd (4R) 5%, one eighth, not the quarter "each doubling" would give."""
    for yards, chance in ((45, 10), (46, 5), (60, 5)):
        _, events = act(
            duel(), "fire", "ann", [99], weapon="revolver", target="bob", distance=yards
        )
        assert finals(events) == [chance], yards


def test_aiming_is_one_shot_at_half_dex_with_the_ranges_doubled() -> None:
    """AMB-COC-16 (COC-AIM-1): the aim is one declared action: a single shot at rhu(14/2) = 7,
    never two, and never unaimed; the 15 yd base range doubles, so 30 yd is 40%, not 20%."""
    state = duel()
    _, events = act(state, "fire", "ann", [99], weapon="revolver", target="bob", distance=30)
    assert finals(events) == [20]
    state, _ = act(state, "aim", "ann")
    state, _ = act(state, "end_turn", "bob")
    assert state["order"][state["turn"]] == {"id": "ann", "rank": 7, "intent": "aim"}
    with pytest.raises(IllegalAction, match="at most 1 shots"):
        act(state, "fire", "ann", weapon="revolver", target="bob", distance=30, shots=2)
    state, events = act(
        state, "fire", "ann", [99], weapon="revolver", target="bob", distance=30, unaimed=True
    )
    assert finals(events) == [40]


def test_two_handguns_each_fire_twice_their_shots_unaimed() -> None:
    """AMB-COC-17 (COC-TWOGUN-1): two revolvers of 2 shots a round: each fires up to 4 unaimed
    shots at 40 / 5 = 8%; with `coc.two_guns_double_each` off, 2 each."""
    sheet = person("Ann", dex=14)
    revolver = next(w for w in sheet["weapons"] if w["key"] == "revolver")
    sheet["weapons"] = [*sheet["weapons"], {**revolver, "key": "revolver2", "name": "2nd .38"}]
    for double, each in ((True, 4), (False, 2)):
        state = scene(
            ("ann", sheet),
            ("bob", person("Bob")),
            settings={"coc.two_guns_double_each": double},
        )
        state, _ = act(state, "next_round", "gm")
        state, events = act(
            state,
            "two_guns",
            "ann",
            [99] * (2 * each),
            weapon="revolver",
            second="revolver2",
            target="bob",
            shots=4,
            distance=8,
        )
        assert finals(events) == [8] * (2 * each)
        held = state["combatants"]["ann"]["weapons"]
        assert (held["revolver"]["loaded"], held["revolver2"]["loaded"]) == (5 - each, 5 - each)
