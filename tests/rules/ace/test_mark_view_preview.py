"""The Nightmare Mark, what each audience sees, exact previews and the system as a whole."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from ace_helpers import c, kinds, play, table, turn_of

from rules.ace import SYSTEM, messages
from rules.ace.actions.common import GM as GM_ACTOR
from rules.ace.actions.mark import capacity, slots_for, used_slots
from rules.ace.preview import damage_distribution, hit_chances, successes_distribution
from rules.ace.rolls import damage_from, judge_hit
from rules.ace.settings import AceSettings
from rules.core.errors import IllegalAction, SheetError
from rules.core.kit import messages_of
from rules.core.system import GM, OBSERVER, Action, Audience

S = AceSettings()
PLAYER1 = Audience("player", side="reincarnators", actors=frozenset({"lin"}))
HOUND_PLAYER = Audience("player", side="monsters", actors=frozenset({"hound"}))


def _item(length: float, width: float, height: float, count: int = 1) -> dict[str, object]:
    return {"length": length, "width": width, "height": height, "count": count, "stack": None}


@pytest.mark.parametrize(
    ("item", "slots"),
    [
        (_item(1.5, 0.1, 0.05), 2),  # ACE-EX-05: a 1.5 m katana
        (_item(2.3, 0.4, 0.4), 3),  # ACE-EX-37
        (_item(0.2, 0.1, 0.1, 3), 1),  # ACE-EX-06: rations stack in one slot
        (_item(0.5, 0.5, 0.5, 9), 2),  # 8 per cubic metre
    ],
)
def test_mark_slots_round_dimensions_up_and_stack_small_items(
    item: dict[str, object], slots: int
) -> None:
    # ACE-MARK-1 / ACE-AMB-40
    assert slots_for(item, S) == slots


def test_mark_levels_give_six_slots_each() -> None:
    # ACE-EX-36 / ACE-MARK-TABLE
    lin = c(table(), "lin")
    assert capacity(lin) == 12
    assert capacity({"sheet": {"mark": {"level": 3}}}) == 18
    assert used_slots(lin, S) == 1


def test_storing_costs_a_standard_action_and_taking_out_a_swift_then_a_standard() -> None:
    # ACE-MARK-3
    state = turn_of(table(), "lin")
    state, _ = play(state, "mark_store", "lin", item=1)
    assert c(state, "lin")["items"][1]["stored"]
    assert c(state, "lin")["used"]["standard"]
    state = turn_of(state, "lin", round_no=2)
    with pytest.raises(IllegalAction, match="Pick the item first"):
        play(state, "mark_take", "lin")
    state, _ = play(state, "mark_select", "lin", item=0)
    assert c(state, "lin")["used"]["quick"]
    state, _ = play(state, "mark_take", "lin")
    assert not c(state, "lin")["items"][0]["stored"]


def test_only_recognised_items_fit_and_only_while_slots_are_free() -> None:
    # ACE-MARK-2 / ACE-MARK-TABLE
    state = table()
    with pytest.raises(IllegalAction, match="does not recognise"):
        play(state, "mark_store", "lin", item=2)
    c(state, "lin")["items"][1]["length"] = 12.5
    with pytest.raises(IllegalAction, match="needs 13 slots; 11 are free"):
        play(state, "mark_store", "lin", item=1)


def test_a_secret_roll_changes_nothing_a_player_can_see() -> None:
    # ACE-ACT-3: non-interference: every non-GM view is identical before and after.
    state = table()
    after, events = play(state, "secret_check", "gm", [10], target="lin", skill="insight")
    for audience in (PLAYER1, HOUND_PLAYER, OBSERVER):
        assert SYSTEM.view(after, audience) == SYSTEM.view(state, audience)
    assert SYSTEM.view(after, GM) != SYSTEM.view(state, GM)
    assert not any(audience.can_see(events[0].audience) for audience in (PLAYER1, OBSERVER))
    revealed, _ = play(after, "reveal", "gm", secret=0)
    assert SYSTEM.view(revealed, PLAYER1)["secrets"][0]["successes"] == 1


def test_an_unnoticed_sneaker_is_hidden_from_the_other_side_only() -> None:
    # ACE-STEALTH-1
    state = table(hidden=True)
    ids = lambda audience: list(SYSTEM.view(state, audience)["combatants"])  # noqa: E731
    assert "su" in ids(PLAYER1)
    assert "su" in ids(GM)
    assert "su" not in ids(HOUND_PLAYER)
    assert "su" not in ids(OBSERVER)


def test_the_view_carries_the_sheet_numbers_recomputed() -> None:
    lin = SYSTEM.view(table(), PLAYER1)["combatants"]["lin"]
    assert lin["derived"]["evasion"] == 8
    assert lin["derived"]["defence"] == {"melee": 4, "ranged": 5, "area": 8}
    assert lin["derived"]["mark"]["slots"] == 12


@pytest.mark.parametrize("pool", [0, 1, 3, 5])
def test_success_distributions_match_enumeration(pool: int) -> None:
    # ACE-DICE-2: every face of every die, counted.
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 11), repeat=pool):
        k = sum(1 for face in faces if face >= 8)
        counts[k] = counts.get(k, 0) + 1
    total = 10**pool
    assert successes_distribution(pool) == {k: Fraction(n, total) for k, n in counts.items()}


def test_damage_distribution_matches_enumeration_through_the_pipeline() -> None:
    # ACE-PIPE-1 with fire resistance 5 and a flat extra, on 4 dice.
    s = AceSettings(supernatural_con=True)
    expected: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 11), repeat=4):
        k = sum(1 for face in faces if face >= 8)
        total = damage_from(4, (), k, False, 5, "fire", 5, 5, s).total
        expected[total] = expected.get(total, Fraction(0)) + Fraction(1, 10**4)
    assert damage_distribution(4, False, 5, "fire", 5, 5, s) == expected


def test_hit_chances_count_every_face() -> None:
    # ACE-HIT-1..3: d20 + 8 against 12 hits on 5..20 = 16/20, critical on 20.
    assert hit_chances(8, 12, S, called=False) == (Fraction(16, 20), Fraction(1, 20))
    hits = sum(judge_hit(f, -1, 8, S, called=True).hit for f in range(1, 11))
    assert hit_chances(-1, 8, S, called=True)[0] == Fraction(hits, 10)


def test_the_attack_preview_sums_to_one_and_matches_the_pool() -> None:
    state = turn_of(table(), "lin")
    odds = SYSTEM.preview(state, Action("attack", "lin", {"target": "hound", "weapon": "jian"}))  # type: ignore[misc]
    assert sum(Fraction(row["exact"]) for row in odds["outcomes"]) == 1
    assert odds["details"]["pool"] == 4
    assert odds["outcomes"][0]["exact"] == "1/5"  # the miss: faces 1..4
    called = SYSTEM.preview(state, Action("attack", "lin", {"target": "hound", "location": "head"}))  # type: ignore[misc]
    assert called["details"]["die"] == 10
    assert called["details"]["pool"] == 10


def test_every_message_is_an_ace_message() -> None:
    ids = [message.id for message in messages_of(messages)]
    assert ids
    assert all(ident.startswith("ace.") for ident in ids)
    assert len(ids) == len(set(ids))


def test_the_demo_sheets_are_valid_and_a_bad_sheet_names_its_field() -> None:
    for entry in SYSTEM.demo()["combatants"]:  # type: ignore[misc]
        SYSTEM.validate_sheet(entry["sheet"])
    with pytest.raises(SheetError, match=r"^str: must be at least 0"):
        SYSTEM.validate_sheet({"name": "X", "str": -1})
    with pytest.raises(SheetError, match=r"weapons\[0\]\.kind"):
        SYSTEM.validate_sheet(
            {"name": "X", "weapons": [{"key": "a", "name": "A", "kind": "laser"}]}
        )
    with pytest.raises(SheetError, match=r"ace\.ties"):
        SYSTEM.start({"settings": {"ace.ties": "coin"}, "combatants": []})


def test_the_gm_is_offered_the_tools_and_players_their_own_actions() -> None:
    state = table()
    assert "begin" in kinds(state, "gm")
    assert "area" in kinds(state, "gm")
    assert "secret_check" in kinds(state, "gm")
    assert "begin" not in kinds(state, "lin")
    with pytest.raises(IllegalAction, match="may not begin"):
        play(state, "begin", "lin")


def test_a_slain_reincarnators_mark_drops_an_item_on_the_gms_chance_ace_mark_5() -> None:
    """ACE-MARK-5: no formula in the seed, so the GM gives the chance from their table and the
    server rolls d100: at or under the chance an item drops; only a dead one's Mark drops."""
    state = table()
    victim = next(iter(state["combatants"]))
    assert "drop" not in kinds(state, GM_ACTOR)  # nobody is dead yet
    with pytest.raises(IllegalAction):
        play(state, "drop", GM_ACTOR, [], target=victim, chance=30)
    state["combatants"][victim]["dead"] = True
    state["combatants"][victim]["sheet"]["mark"]["kill_value"] = 12
    assert "drop" in kinds(state, GM_ACTOR)
    _, events = play(state, "drop", GM_ACTOR, [30], target=victim, chance=30)
    assert events[0].payload["dropped"] is True
    assert "kill value 12) drops an item: 30 on d100 against 30%" in events[0].text
    assert [d.purpose for d in events[0].dice] == ["item drop d100"]
    _, events = play(state, "drop", GM_ACTOR, [31], target=victim, chance=30)
    assert events[0].payload["dropped"] is False
    assert "drops nothing: 31 on d100 against 30%" in events[0].text
    with pytest.raises(IllegalAction):
        play(state, "drop", GM_ACTOR, [], target=victim, chance=101)
