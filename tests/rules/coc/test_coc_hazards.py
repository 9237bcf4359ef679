"""Hazards tick each round on the server: acid, drowning, fire, poison, blasts and falls."""

from __future__ import annotations

from typing import Any

import pytest
from coc_helpers import act, duel, kinds, person, scene, texts

from rules.coc import SYSTEM
from rules.core.errors import IllegalAction
from rules.core.system import Audience, Event

Json = dict[str, Any]

NO_SHOCK = {"coc.shock_rule": False}  # these tests count hazard dice only (COC-HP-2 aside)


def test_drowning_counts_down_con_multiples_then_costs_1d6_a_round() -> None:
    state = scene(("ann", person("Ann", dex=14, con=11)), ("bob", person("Bob")))
    state, _ = act(state, "hazard", "gm", hazard="drowning", t_ann=True)
    # WE-COC-07: CON 11: round 1 under 110, round 2 under 99, round 3 under 88 (100 fails); the
    # seed's "under" (AMB-COC-01): 98 holds at 99.
    state, events = act(state, "next_round", "gm")  # round 0 -> 1: nothing ticks yet
    for chance in (110, 99):
        state, events = act(state, "next_round", "gm", [98])
        assert f"= {chance} - holds on" in texts(events)
    state, events = act(state, "next_round", "gm", [100, 4])
    assert "= 88 - breathes in" in texts(events)
    assert state["combatants"]["ann"]["hp"] == 12 - 4  # COC-DROWN-4
    state, events = act(state, "next_round", "gm", [2])  # automatic 1d6, no roll
    assert state["combatants"]["ann"]["hp"] == 6
    effect = next(iter(state["effects"]))
    state, _ = act(state, "end_effect", "gm", effect=effect)  # COC-DROWN-5: rescued
    assert state["effects"] == {}


def test_a_surprised_victim_starts_at_con_x6() -> None:
    state = duel(**NO_SHOCK)
    state, _ = act(state, "hazard", "gm", hazard="drowning_surprised", t_ann=True)
    state, events = act(state, "next_round", "gm", [71])
    assert "CON x6 = 72" in texts(events)  # COC-DROWN-3


def test_a_burning_room_burns_and_a_failed_luck_roll_starts_suffocation() -> None:
    state = duel(**NO_SHOCK)
    state, _ = act(state, "hazard", "gm", hazard="burning_room", t_ann=True)
    # 1d6+2 = 3+2; Luck 50: 70 fails; the breath roll starts at once at CON x10 = 120.
    state, events = act(state, "next_round", "gm", [3, 70, 50])
    assert state["combatants"]["ann"]["hp"] == 12 - 5
    assert "drowning" in {e["kind"] for e in state["effects"].values()}  # COC-FIRE-7
    state, events = act(state, "next_round", "gm", [1, 40, 40])  # burns: Luck (COC-FIRE-2)
    assert "smoke.rolled" not in kinds(events)


def test_a_bonfire_sets_clothes_alight_and_luck_puts_them_out() -> None:
    state = duel(**NO_SHOCK)
    state, _ = act(state, "hazard", "gm", hazard="bonfire", t_bob=True)
    state, _ = act(state, "next_round", "gm", [1, 1])  # 1d6+2 = 3, on fire: 1d6 = 1
    assert state["combatants"]["bob"]["hp"] == 12 - 3 - 1  # COC-FIRE-6 and COC-FIRE-4
    fire = [e for e in state["effects"].values() if e["target"] == "bob"]
    zone = next(e for e in fire if e["kind"] == "fire_zone")
    state, _ = act(state, "end_effect", "gm", effect=zone["id"])  # out of the bonfire
    state, _ = act(state, "end_turn", "ann")
    state, _ = act(state, "put_out", "bob", [10])  # COC-FIRE-5: Luck 50
    assert all(e["kind"] != "on_fire" for e in state["effects"].values())


def test_a_torch_hit_calls_for_luck_against_catching_fire() -> None:
    state = duel(**NO_SHOCK)
    # Torch 1d6 = 2 (no damage bonus); Luck 50: 80 fails: clothes catch (COC-FIRE-3, WE-COC-10).
    state, events = act(state, "attack", "ann", [30, 2, 80], weapon="torch", target="bob")
    assert "caught fire" in texts(events)
    assert [e["kind"] for e in state["effects"].values()] == ["on_fire"]


def test_acid_burns_each_round_until_contact_ends() -> None:
    state = duel(**NO_SHOCK)
    state, _ = act(state, "hazard", "gm", hazard="acid_very_strong", t_bob=True)
    state, _ = act(state, "next_round", "gm", [6])
    assert state["combatants"]["bob"]["hp"] == 6  # COC-ACID-TABLE: very strong 1d6


def test_dynamite_hits_each_investigator_by_band_rolled_separately() -> None:
    state = scene(
        ("a", person("A")), ("b", person("B")), ("c", person("C", armour=2)), settings=NO_SHOCK
    )
    # WE-COC-01: 1 yd 5d6, 3 yd 4d6, 10.5 yd nothing; C behind armour 2 at 6 yd: 3d6 - 2.
    state, events = act(
        state, "explode", "gm", [1] * 5 + [1] * 4 + [3, 3, 3], dice=5, radius=2, d_a=1, d_b=3, d_c=6
    )
    assert [state["combatants"][x]["hp"] for x in "abc"] == [12 - 5, 12 - 4, 12 - 7]
    state, events = act(state, "explode", "gm", dice=5, radius=2, d_a="10.5")
    assert "outside the blast" in texts(events)


def test_a_doubled_charge_is_8d6_over_3_yards() -> None:
    state = duel(**NO_SHOCK)
    state, events = act(state, "explode", "gm", [1] * 8, dice=5, radius=2, charge="double", d_bob=3)
    assert "8d6, radius 3 yards" in texts(events)  # WE-COC-11


def test_falls_and_a_jump() -> None:
    state = duel(**NO_SHOCK)
    state, events = act(state, "fall", "gm", [4, 4], target="bob", height=30)  # 2d6
    assert state["combatants"]["bob"]["hp"] == 4
    state, events = act(state, "fall", "gm", [20, 3], target="ann", height=30, jumped=True)
    assert "1d6" in texts(events)
    assert state["combatants"]["ann"]["hp"] == 9  # WE-COC-09


def test_a_secret_poison_is_hidden_from_players_until_it_acts() -> None:
    views = []
    for roll in (10, 99):
        state = duel(**NO_SHOCK)
        # Strychnine POT 20 v CON 12 = 90%; onset 10 + (1d11 - 1) minutes: 1 -> 10 minutes.
        state, events = act(
            state, "poison", "gm", [roll, 1], target="bob", poison="strychnine", secret=True
        )
        assert all(e.audience == "gm" for e in events)
        views.append(SYSTEM.view(state, Audience("player", actors=frozenset({"ann"}))))
        state, events = act(state, "pass_time", "gm", minutes=10)
        assert "takes effect" in texts(events)
        assert state["combatants"]["bob"]["hp"] == (12 - 20 if roll == 10 else 12 - 10)
    assert views[0] == views[1]  # the secret roll changes nothing a player sees


def test_a_sedative_knocks_out_without_harm() -> None:
    state = duel(**NO_SHOCK)
    state, _ = act(state, "poison", "gm", [10], target="bob", poison="chloroform")
    state, events = act(state, "next_round", "gm")  # onset "1 round": end of the next round
    assert "takes effect" not in texts(events)
    state, events = act(state, "next_round", "gm", [2])  # 2 x 10 minutes asleep
    bob = state["combatants"]["bob"]
    assert bob["hp"] == 12
    assert bob["ko_rounds"] == 100  # COC-POISON-7


def test_the_keepers_secret_resistance_roll() -> None:
    state = duel(**NO_SHOCK)
    state, events = act(state, "resist", "gm", [26], active=13, passive=18, secret=True)
    assert events[0].audience == "gm"
    assert "against 25%" in events[0].text  # COC-RES-1
    assert events[0].redacted_text == "The Keeper rolls on the resistance table in secret."


def test_luck_dodges_a_declared_danger() -> None:
    state = duel(**NO_SHOCK)
    state, _ = act(state, "danger", "gm", t_ann=True, what="the floor gives way")
    assert [t.kind for t in SYSTEM.legal_actions(state, "ann")].count("luck_dodge") == 1
    state, events = act(state, "luck_dodge", "ann", [30])
    assert events[0].payload["avoided"]
    assert state["combatants"]["ann"]["danger"] == ""


def _played(with_secret: bool) -> tuple[Json, list[Event]]:
    """Two fires and, between them, perhaps a secret poison; then two rounds tick."""
    state = duel(**NO_SHOCK)
    played: list[Event] = []
    state, events = act(state, "hazard", "gm", hazard="on_fire", t_ann=True)
    played += events
    if with_secret:
        # Strychnine POT 20 against CON 12: 90%; onset 10 + (1d11 - 1) minutes = 50+ rounds.
        state, events = act(
            state, "poison", "gm", [10, 1], target="bob", poison="strychnine", secret=True
        )
        played += events
    state, events = act(state, "hazard", "gm", hazard="acid_strong", t_bob=True)
    played += events
    for faces in ([2, 1], [3, 2]):  # clothes 1d6 on Ann, then acid 1d4 on Bob, each round
        state, events = act(state, "next_round", "gm", faces)
        played += events
    return state, played


def test_a_secret_effect_leaves_no_trace_in_what_a_player_reads() -> None:
    plain, plain_events = _played(with_secret=False)
    hidden, hidden_events = _played(with_secret=True)
    assert any(e["kind"] == "poison" for e in hidden["effects"].values())
    for viewer in ("ann", "bob"):
        player = Audience("player", side="investigators", actors=frozenset({viewer}))
        assert SYSTEM.view(plain, player) == SYSTEM.view(hidden, player)

    def public(events: list[Event]) -> list[tuple[str, str, Any]]:
        return [(e.kind, e.text, e.payload) for e in events if e.audience == "all"]

    # The public log, payloads and their effect ids included, is the same with or without it.
    assert public(plain_events) == public(hidden_events)
    assert sorted(hidden["effects"]) == ["e1", "e2", "s1"]


def test_flames_put_out_then_the_keepers_sanity_roll_with_the_losses_the_keeper_sets() -> None:
    state = duel(**NO_SHOCK)
    state, _ = act(state, "hazard", "gm", hazard="on_fire", t_ann=True)
    state, events = act(state, "put_out", "ann", [10])  # COC-FIRE-5: Luck 50
    assert "flames are out; the Keeper may call for a Sanity roll" in texts(events)
    assert state["effects"] == {}
    # SAN 50: 70 fails, 1d6 = 4 lost; 20 succeeds and "0" costs nothing.
    failed, events = act(state, "sanity", "gm", [70, 4], t_ann=True, on_failure="1d6")
    assert "70 against 50% - failure; loses 4 SAN (1d6), 46 left" in texts(events)
    assert failed["combatants"]["ann"]["san"] == 46
    kept, _ = act(state, "sanity", "gm", [20], t_ann=True, on_success="0", on_failure="1d6")
    assert kept["combatants"]["ann"]["san"] == 50
    with pytest.raises(IllegalAction, match="not a damage roll"):
        act(state, "sanity", "gm", t_ann=True, on_failure="lots")


def test_a_creatures_sanity_roll_is_the_keepers() -> None:
    state = scene(("ann", person("Ann")), ("ghoul", person("Ghoul", kind="creature")))
    state, events = act(state, "sanity", "gm", [20], t_ghoul=True)
    assert events[0].audience == "actor:ghoul"
    assert events[0].redacted_text == "Ghoul rolls Sanity (COC-FIRE-5)."


def test_every_target_in_the_same_band_rolls_its_own_damage() -> None:
    state = scene(("a", person("A")), ("b", person("B")), settings=NO_SHOCK)
    # COC-EXPL-2: both 1 yd from a 1d6 blast; A rolls 2, B rolls 5.
    state, events = act(state, "explode", "gm", [2, 5], dice=1, radius=2, d_a=1, d_b=1)
    assert [state["combatants"][x]["hp"] for x in "ab"] == [12 - 2, 12 - 5]
    hits = [e for e in events if e.kind == "blast.hit"]
    assert [[d.purpose for d in e.dice] for e in hits] == [
        ["blast damage for a"],
        ["blast damage for b"],
    ]


@pytest.mark.parametrize(("yards", "band"), [(4, "15d6"), (5, "14d6"), (12, "13d6"), (60, "1d6")])
def test_we_coc_02_a_tank_shell_loses_a_die_every_four_yards(yards: int, band: str) -> None:
    state = duel(**NO_SHOCK)
    faces = [1] * int(band[:-2])
    _, events = act(state, "explode", "gm", faces, dice=15, radius=4, d_bob=yards)
    assert f"{yards} yards from the blast: {band}" in texts(events)  # COC-EXPL-1


def test_we_coc_02_nothing_beyond_sixty_yards() -> None:
    _, events = act(duel(), "explode", "gm", dice=15, radius=4, d_bob=61)
    assert "outside the blast" in texts(events)


def test_a_victim_flagged_surprised_starts_holding_breath_at_con_x6() -> None:
    state = scene(("ann", person("Ann", con=11)), ("bob", person("Bob")), settings=NO_SHOCK)
    state, _ = act(state, "next_round", "gm", surprise_ann="surprised")
    # COC-DROWN-3: the plain drowning hazard on a surprised victim starts at CON x6.
    state, _ = act(state, "hazard", "gm", hazard="drowning", t_ann=True)
    # WE-COC-07 (surprised): CON 11: 66, then 55, then 44.
    for chance in (66, 55, 44):
        state, events = act(state, "next_round", "gm", [1])
        assert f"CON x{chance // 11} = {chance} - holds on" in texts(events)
