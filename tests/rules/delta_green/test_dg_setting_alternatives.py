"""The alternative readings of settings that had only the proposed default: each one changes
the outcome of the same dice (DG-ACT-2, DG-INIT-3, DG-HEAL-1, DG-CTRAIN-3, DG-POW-1, DG-AUTO-2,
DG-AUTO-4, DG-SUPP-5, DG-WOUND-1)."""

from __future__ import annotations

import pytest
from dg_helpers import SMG, agent, c, encounter, gm, play

from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience
from rules.delta_green import SYSTEM
from rules.delta_green.state import cards_left, current_actor, is_immobile, is_unconscious


@pytest.mark.parametrize(("carry", "cards"), [(False, 3), (True, 5)])
def test_dg_act_2_unused_cards_carry_over_only_when_the_campaign_says(
    carry: bool, cards: int
) -> None:
    """DG-ACT-2 (`dg.cards_carry_over`): DEX 10 (3 cards) passes once; 2 unused cards are lost
    by default, kept (3 + 2 = 5) when they carry over."""
    state = encounter(agent("a", dex=10), agent("b", side="cult", dex=5), cards_carry_over=carry)
    state, _ = gm(state, "start_round", [5, 1])
    state, _ = play(state, "pass", "a", [])
    state, _ = gm(state, "end_round", [])
    state, events = gm(state, "start_round", [5, 1])
    assert cards_left(c(state, "a")) == cards
    assert ("(2 carried over)" in events[0].text) == carry


@pytest.mark.parametrize(
    ("rule", "ties"),
    [("dex_then_simultaneous", False), ("simultaneous", True), ("dex_then_order", False)],
)
def test_dg_init_3_tie_rule_on_equal_rank_and_different_dex(rule: str, ties: bool) -> None:
    """DG-INIT-3 (`dg.tie_rule`): rank 18 each, DEX 12 and 10: by default the higher DEX acts
    first; "simultaneous" makes every equal rank simultaneous."""
    state = encounter(agent("a", dex=10), agent("b", dex=12), tie_rule=rule)
    state, _ = gm(state, "start_round", [8, 6])
    assert state["order"] == ["b", "a"]
    assert bool(state["ties"]) == ties


def test_dg_init_3_dex_then_order_has_no_simultaneous_actions() -> None:
    """DG-INIT-3 (`dg.tie_rule = "dex_then_order"`): equal rank and DEX: the first in the order
    acts first and a downed b does not get its tied shot back."""
    state = encounter(agent("a"), agent("b"), tie_rule="dex_then_order")
    state, _ = gm(state, "start_round", [5, 5])
    assert state["ties"] == {}
    state, _ = play(state, "fire", "a", [20, 10, 10], weapon="pistol", target="b")
    assert is_unconscious(c(state, "b"))
    assert current_actor(state) == "a"  # b lost its turn; a goes on in the next pass


@pytest.mark.parametrize(("rule", "surgery"), [("2x", False), ("1x", True), ("none", False)])
def test_dg_heal_1_which_wounds_need_surgery(rule: str, surgery: bool) -> None:
    """DG-HEAL-1 (`dg.surgery_for`): chest 5 with 6 damage (1x, not 2x) heals the week's
    1d3 = 3 by itself, unless every wound at 1x needs surgery first."""
    state = encounter(agent("a", hp=12), surgery_for=rule)
    state, _ = gm(state, "gm_damage", [], target="a", amount=6, location="chest")
    state, _ = gm(state, "gm_condition", [], target="a", condition="stabilise", location="chest")
    state, events = gm(state, "week_passes", [3])
    assert ("needs surgery" in events[0].text) == surgery
    assert c(state, "a")["damage"]["chest"] == (6 if surgery else 3)


@pytest.mark.parametrize(("cap", "gain"), [("cumulative", 0), ("per_course", 1)])
def test_dg_ctrain_3_instructor_cap_cumulative_or_per_course(cap: str, gain: int) -> None:
    """DG-CTRAIN-3 (`dg.instructor_cap`): Jonathan (+1 DEX) already gave Smith +1; a second
    course gives nothing more when counted cumulatively, up to +1 again per course."""
    state = encounter(agent("jonathan", dex=12), agent("smith", dex=13), instructor_cap=cap)
    state, _ = gm(
        state,
        "train_characteristic",
        [2],
        student="jonathan",
        characteristic="dex",
        instructor="npc",
    )
    state, _ = gm(
        state,
        "train_characteristic",
        [2],
        student="smith",
        characteristic="dex",
        instructor="jonathan",
    )
    action = Action(
        "train_characteristic",
        "gm",
        {"student": "smith", "characteristic": "dex", "instructor": "jonathan"},
    )
    if cap == "cumulative":
        with pytest.raises(IllegalAction, match="nothing more to teach"):
            SYSTEM.resolve(state, action, LoadedDice([3]))
        return
    state, events = gm(
        state,
        "train_characteristic",
        [3],
        student="smith",
        characteristic="dex",
        instructor="jonathan",
    )
    assert events[0].payload["gain"] == gain
    assert c(state, "smith")["sheet"]["dex"] == 15


def test_dg_pow_1_immediate_timing_rolls_the_gain_at_once() -> None:
    """DG-POW-1 (`dg.pow_gain_timing = "immediate"`): POW 16, MP 16 vs 15 (55%): the check is
    rolled at once: 25% on d100 = 25, 1d3 = 3: POW 18, no mark left for the session's end."""
    state = encounter(agent("jonathan", pow=16), pow_gain_timing="immediate")
    state, events = gm(
        state, "magic_contest", [10, 25, 3], caster="jonathan", active=16, passive=15
    )
    assert [e.kind for e in events] == ["resistance.rolled", "pow.rolled"]
    assert c(state, "jonathan")["sheet"]["pow"] == 18
    assert not c(state, "jonathan")["pow_check"]


@pytest.mark.parametrize(
    ("rule", "chance", "die"), [("cap_hits", 35, "1d20"), ("rounds_fired", 40, "1d12")]
)
def test_dg_auto_2_short_burst_fires_as_the_mode_of_the_rounds_left(
    rule: str, chance: int, die: str
) -> None:
    """DG-AUTO-2 (`dg.short_burst_rule`, AMB-DG-11): SMG 50, a 20-round long burst with 12 left.
    By default the long burst's -15 and 1d20 stay (C 35: d100 = 38 misses); read the other way
    it fires as the 12-round rock and roll, -10 and 1d12 (C 40: 38 hits, 1d12 = 2 bullets).
    Either way it costs the long burst's cards and spends the 12 rounds."""
    state = encounter(
        agent("a", weapons=[{**SMG, "loaded": 12}]), agent("b", hp=60), short_burst_rule=rule
    )
    state, _ = gm(state, "start_round", [10, 1])
    preview = SYSTEM.preview(
        state, Action("burst", "a", {"weapon": "smg", "mode": "20", "target": "b"})
    )
    assert (preview["details"]["chance"], preview["details"]["hits_die"]) == (chance, die)
    assert preview["details"]["cost"] == "all actions"
    faces = [38] if rule == "cap_hits" else [38, 2, 5, 3, 5, 3]
    state, events = play(state, "burst", "a", faces, weapon="smg", mode="20", target="b")
    assert c(state, "a")["weapons"]["smg"]["loaded"] == 0
    assert cards_left(c(state, "a")) == 0
    assert len(events[0].payload["hits"]) == (0 if rule == "cap_hits" else 2)
    assert f"= {chance}" in events[0].text
    assert ("fired as a 12-round rock and roll" in events[0].text) == (rule == "rounds_fired")


def test_dg_auto_4_burst_targets_split_rolls_each_target_at_the_normal_chance() -> None:
    """DG-AUTO-4 (`dg.burst_targets`, AMB-DG-41): SMG 50, a 6-round burst, d100 = 53. One
    target by default: C 55 (+5), 53 hits b, 1d6 = 2 bullets. Split (COC-AUTO-6): 4 rounds at
    b and 2 at d, each rolled at the normal 50: 53 misses b; d100 = 40 hits d, 1d2 = 2."""
    guns = [{**SMG}]
    people = (agent("a", weapons=guns), agent("b", side="cult"), agent("d", side="cult"))
    started, _ = gm(encounter(*people), "start_round", [10, 1, 1])
    state, events = play(
        started, "burst", "a", [53, 2, 5, 3, 5, 3], weapon="smg", mode="6", target="b"
    )
    assert c(state, "b")["hp"] == 12 - 6
    with pytest.raises(IllegalAction, match=r"single target.*DG-AUTO-4"):
        SYSTEM.resolve(
            started,
            Action("burst", "a", {"weapon": "smg", "mode": "6", "split": "b:4,d:2"}),
            LoadedDice([]),
        )

    state = encounter(*people, burst_targets="split")
    state, _ = gm(state, "start_round", [10, 1, 1])
    for legal, splits in ((started, False), (state, True)):
        burst = next(t for t in SYSTEM.legal_actions(legal, "a") if t.kind == "burst")
        assert any(f.name == "split" for f in burst.fields) == splits
    for split, message in (("b:4,d:1", "add up to 5 rounds, the burst fires 6"), ("b:6", "two")):
        with pytest.raises(IllegalAction, match=message):
            SYSTEM.resolve(
                state,
                Action("burst", "a", {"weapon": "smg", "mode": "6", "split": split}),
                LoadedDice([]),
            )
    preview = SYSTEM.preview(
        state, Action("burst", "a", {"weapon": "smg", "mode": "6", "split": "b:4,d:2"})
    )
    assert preview["details"]["targets"]["d"] == {"chance": 50, "rounds": 2, "hits_die": "1d2"}
    state, events = play(
        state, "burst", "a", [53, 40, 2, 5, 3, 5, 3], weapon="smg", mode="6", split="b:4,d:2"
    )
    assert (c(state, "b")["hp"], c(state, "d")["hp"]) == (12, 12 - 6)
    assert events[0].payload["results"] == ["miss", "hit"]
    assert [s["chance"] for s in events[0].payload["split"]] == [50, 50]
    assert c(state, "a")["weapons"]["smg"]["loaded"] == 24
    assert cards_left(c(state, "a")) == 1  # DEX 12: 3 cards, the 6-round burst takes 2


def _dwarves(**settings: object) -> dict:
    """WE-DG-04's scene with nobody braving in advance: Hernandez (SMG 40) is the slowest."""
    hernandez = agent("hernandez", dex=10, skills={"smg": 40, "firearms": 40}, weapons=[SMG])
    dwarves = [agent(f"d{i}", side="cult", dex=14) for i in (1, 2, 3)]
    state = encounter(hernandez, *dwarves, **settings)
    state, _ = gm(state, "start_round", [1, 10, 9, 8])
    for cid in ("d1", "d2", "d3"):
        state, _ = play(state, "pass", cid, [])
    state, events = play(
        state, "suppress", "hernandez", [11], weapon="smg", x=30, rounds=10, targets="d1,d2,d3"
    )
    assert events[0].payload["results"] == {"d1": "miss", "d2": "miss", "d3": "miss"}
    return state


def test_dg_supp_5_brave_after_the_roll_replays_we_dg_04_as_the_seed_narrates_it() -> None:
    """DG-SUPP-5 (`dg.brave_before_roll`, AMB-DG-18): d100 = 11 misses all three at S-X = 10.
    By default the choice was before the roll: d2 stays at -30 and unhurt. Chosen after the
    roll (the seed's example tells it so), d2 braves: no -30, 11 vs S+X = 70 hits and impales
    (<= 14), chest, 1d10 twice = 13 (WE-DG-04)."""
    before = _dwarves()
    with pytest.raises(IllegalAction, match=r"no suppressive fire.*DG-SUPP-5"):
        SYSTEM.resolve(
            before, Action("brave_after", "d2", {"shooter": "hernandez"}), LoadedDice([])
        )
    assert c(before, "d2")["penalties"] == [{"value": -30, "round": 2, "source": "hernandez"}]

    state = _dwarves(brave_before_roll=False)
    assert any(t.kind == "brave_after" for t in SYSTEM.legal_actions(state, "d2"))
    state, events = play(state, "brave_after", "d2", [5, 6, 7], shooter="hernandez")
    assert events[0].payload["result"] == "impale"
    assert events[0].payload["hits"][0]["rolled"] == 13
    assert "11 vs 70 (S+X)" in events[0].text
    assert c(state, "d2")["penalties"] == []
    assert c(state, "d1")["penalties"] == [{"value": -30, "round": 2, "source": "hernandez"}]
    with pytest.raises(IllegalAction, match="no suppressive fire"):  # one choice per fire
        SYSTEM.resolve(state, Action("brave_after", "d2", {"shooter": "hernandez"}), LoadedDice([]))


def test_dg_supp_5_brave_after_the_roll_is_lost_once_the_target_acts() -> None:
    """DG-SUPP-5 (`dg.brave_before_roll = false`): the choice is made before acting again."""
    state = encounter(
        agent("a", weapons=[SMG]), agent("b", dex=8, side="cult"), brave_before_roll=False
    )
    state, _ = gm(state, "start_round", [10, 1])
    state, _ = play(state, "suppress", "a", [90], weapon="smg", x=20, rounds=4, targets="b")
    state, _ = play(state, "pass", "b", [])
    with pytest.raises(IllegalAction, match="has acted since the roll"):
        SYSTEM.resolve(state, Action("brave_after", "b", {"shooter": "a"}), LoadedDice([]))


@pytest.mark.parametrize(("rule", "wounded"), [("cumulative", True), ("per_hit", False)])
def test_dg_wound_1_thresholds_cumulative_or_per_hit(rule: str, wounded: bool) -> None:
    """DG-WOUND-1 (`dg.wound_threshold`, AMB-DG-26): chest L 5 already took 3; a pistol shot
    (d100 20 hits, d10 = 5 chest, 1d10 = 3) makes 6. Cumulative: the chest is at 1x: prone,
    bleeding, immobile (DG-WOUND-3). Per hit (the seed's 「一次定位命中」, L56): neither 3 nor 3
    reaches 5, so no effect; the location HP still shows -1."""
    state = encounter(agent("a"), agent("b", side="cult"), wound_threshold=rule)
    state, _ = gm(state, "gm_damage", [], target="b", amount=3, location="chest", reason="x")
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(state, "fire", "a", [20, 5, 3], weapon="pistol", target="b")
    b = c(state, "b")
    assert (b["hp"], b["damage"]["chest"]) == (6, 6)
    assert ("chest/abdomen at 1x" in events[0].text.lower()) == wounded
    assert (b["prone"], "chest" in b["bleeding"], is_immobile(b)) == (wounded,) * 3
    view = SYSTEM.view(state, Audience("gm"))["combatants"]["b"]["derived"]
    chest = next(loc for loc in view["locations"] if loc["key"] == "chest")
    assert (chest["hp"], "disabled" in chest["badges"]) == (-1, wounded)


def test_dg_wound_1_per_hit_one_hit_of_l_or_2l_and_healing_forgets_old_hits() -> None:
    """DG-WOUND-1 per hit: a single 5 on the chest (L 5) is 1x; a single 8 on the right leg
    (L 4) is 2x: maimed; once the chest heals below 1x, a later 2 that brings it back to 5 is
    no wound, since no single hit of 5 came after the healing."""
    state = encounter(agent("b", hp=20), wound_threshold="per_hit")
    b = c(state, "b")
    chest_l, leg_l = b["loc_max"]["chest"], b["loc_max"]["right_leg"]
    state, _ = gm(state, "gm_damage", [], target="b", amount=chest_l, location="chest", reason="x")
    assert is_immobile(c(state, "b"))
    state, _ = gm(
        state, "gm_damage", [], target="b", amount=2 * leg_l, location="right_leg", reason="x"
    )
    assert "right_leg" in c(state, "b")["maimed"]
    state, _ = gm(state, "gm_heal", [], target="b", amount=2, location="chest", reason="x")
    assert not is_immobile(c(state, "b"))
    state, _ = gm(state, "gm_damage", [], target="b", amount=2, location="chest", reason="x")
    assert c(state, "b")["damage"]["chest"] == chest_l
    assert not is_immobile(c(state, "b"))


def test_dg_auto_4_split_burst_jam_stops_it_and_walking_fire_is_refused() -> None:
    """DG-AUTO-4 split, COC-MAL-3: d100 = 99 >= malfunction 98 on the first share jams the
    MAC-10: nothing fired, the second target is not rolled; walking fire cannot be split."""
    people = (agent("a", weapons=[SMG]), agent("b", side="cult"), agent("d", side="cult"))
    state = encounter(*people, burst_targets="split")
    state, _ = gm(state, "start_round", [10, 1, 1])
    with pytest.raises(IllegalAction, match="DG-WALK-1"):
        SYSTEM.resolve(
            state,
            Action(
                "burst", "a", {"weapon": "smg", "mode": "6", "split": "b:3,d:3", "walking": "on"}
            ),
            LoadedDice([]),
        )
    state, events = play(state, "burst", "a", [99], weapon="smg", mode="6", split="b:3,d:3")
    assert events[0].payload["results"] == ["malfunction"]
    assert c(state, "a")["weapons"]["smg"]["loaded"] == 30
    assert c(state, "a")["weapons"]["smg"]["jammed"]


def test_dg_wound_1_per_hit_burst_bullet_of_l_is_logged_at_1x() -> None:
    """DG-WOUND-1 per hit: a 3-round burst, 1d3 = 2 bullets in the chest (L 5) for 2 and 5:
    the 2 is no wound, the 5 on its own is: the log says so and the target falls."""
    state = encounter(
        agent("a", weapons=[SMG]), agent("b", side="cult", hp=20), wound_threshold="per_hit"
    )
    chest = c(state, "b")["loc_max"]["chest"]
    state, _ = gm(state, "start_round", [10, 1])
    state, events = play(
        state, "burst", "a", [20, 2, 5, 2, 5, chest], weapon="smg", mode="3", target="b"
    )
    assert events[0].text.count("at 1x") == 1
    assert c(state, "b")["prone"]
