"""Issue 38: checks by skill name, hidden checks, Sanity checks with loss notation, sheet values
set in one line and growth rolls at a Call of Cthulhu table, with scripted dice."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from tests.rules.coc.coc_helpers import act, person, scene


def _scene() -> dict:
    return scene(("ann", person("Ann", controller="p1")), ("bo", person("Bo")))


def test_spot_hidden_by_its_chinese_alias_marks_the_skill_on_success() -> None:
    """COC-CHECK-1, COC-GROW-1: 侦查 is Spot Hidden (40); 8 is at most a fifth (extreme)."""
    state, events = act(_scene(), "check", "ann", [8], skill="侦查")
    (event,) = events
    assert (event.kind, event.payload["level"], event.payload["chance"]) == (
        "check.rolled",
        "extreme",
        40,
    )
    assert event.payload["skill"] == "spot_hidden"
    assert state["combatants"]["ann"]["marks"] == ["spot_hidden"]
    state, events = act(state, "check", "ann", [40], skill="Spot Hidden")
    assert events[0].payload["level"] == "success"
    assert state["combatants"]["ann"]["marks"] == ["spot_hidden"]  # marked once


def test_levels_failure_and_fumble() -> None:
    """COC-CHECK-1: over the chance fails; a failed 00 is a fumble; no mark on failure."""
    state, events = act(_scene(), "check", "ann", [41, 100], skill="spot hidden", times=2)
    assert [e.payload["level"] for e in events] == ["failure", "fumble"]
    assert "marks" not in state["combatants"]["ann"]


def test_a_characteristic_is_rolled_at_five_times() -> None:
    """COC-CHECK-2: DEX 12 -> 60%; 力量 is STR (12 -> 60); never marked."""
    state, events = act(_scene(), "check", "ann", [60], skill="敏捷")
    assert (events[0].payload["chance"], events[0].payload["level"]) == (60, "success")
    assert "marks" not in state["combatants"]["ann"]


def test_hidden_check_is_read_by_the_holder_and_the_keeper() -> None:
    """COC-CHECK-1: `.rh` is addressed to the character's holder; the others read a line."""
    _, events = act(_scene(), "check", "ann", [30], skill="listen", value=50, hidden=True)
    assert events[0].audience == "actor:ann"
    assert events[0].redacted_text == "Ann made a hidden check."
    assert events[0].payload["chance"] == 50


def test_a_hidden_checks_mark_is_read_by_the_holder_and_the_keeper_only() -> None:
    """COC-GROW-1, issue 30: Ann's hidden Spot Hidden succeeds; Bo, whose player reads Ann's
    open sheet, reads no mark (it would tell him the hidden roll's result); Ann's player and
    the Keeper do. An open success of the same skill shows it; the growth roll clears it."""
    from rules.coc import SYSTEM
    from rules.core.system import GM, Audience

    def marks(state: dict, viewer: Audience) -> list[str] | None:
        seen = SYSTEM.view(SYSTEM.load(state), viewer)
        ann = next(c for c in seen["combatants"] if c["id"] == "ann")
        assert "hidden_marks" not in ann or viewer.role == "gm" or "ann" in viewer.actors
        return ann.get("marks")

    bo = Audience("player", side="investigators", actors=frozenset({"bo"}))
    ann = Audience("player", side="investigators", actors=frozenset({"ann"}))
    hidden, _ = act(_scene(), "check", "ann", [8], skill="spot hidden", hidden=True)
    assert marks(hidden, ann) == marks(hidden, GM) == ["spot_hidden"]
    assert marks(hidden, bo) is None
    shown, _ = act(hidden, "check", "ann", [9], skill="spot hidden")
    assert marks(shown, bo) == ["spot_hidden"]
    grown, _ = act(hidden, "growth", "ann", [99, 4])
    assert not grown["combatants"]["ann"]["marks"]
    assert not grown["combatants"]["ann"]["hidden_marks"]


def test_only_the_keeper_checks_for_another_character() -> None:
    with pytest.raises(IllegalAction):
        act(_scene(), "check", "ann", skill="jump", who="Bo")
    _, events = act(_scene(), "check", "gm", [10], skill="jump", who="Bo")
    assert events[0].payload["who"] == "bo"
    with pytest.raises(IllegalAction):
        act(_scene(), "check", "gm", skill="jump")  # the Keeper names someone
    with pytest.raises(IllegalAction):
        act(_scene(), "check", "ann", skill="basket weaving")


def test_sanity_check_deducts_the_loss_and_flags_big_losses() -> None:
    """COC-SAN-1/-2: SAN 50 (POW 10 x 5); 70 fails, 1d6 rolls 5: 45 left, flagged."""
    state = _scene()
    san = state["combatants"]["ann"]["san"]
    state, events = act(
        state, "sanity_check", "ann", [san + 1, 5], on_success="1", on_failure="1d6"
    )
    assert [e.kind for e in events] == ["sanity.checked", "sanity.flagged"]
    assert state["combatants"]["ann"]["san"] == san - 5
    state, events = act(state, "sanity_check", "ann", [1], on_success="1", on_failure="1d6")
    assert state["combatants"]["ann"]["san"] == san - 6
    assert len(events) == 1


def test_sanity_loss_must_read_as_dice() -> None:
    with pytest.raises(IllegalAction):
        act(_scene(), "sanity_check", "ann", on_success="1", on_failure="lots")


def test_set_values_in_one_line_all_or_none() -> None:
    """COC-CHECK-5: 力量60 is STR; a skill by alias; SAN current."""
    state, _ = act(_scene(), "set_values", "ann", values=[["力量", 16], ["侦查", 65], ["san", 40]])
    ann = state["combatants"]["ann"]
    assert (ann["sheet"]["str"], ann["sheet"]["skills"]["spot_hidden"], ann["san"]) == (16, 65, 40)
    with pytest.raises(IllegalAction):
        act(state, "set_values", "ann", values=[["侦查", 70], ["力量", 300]])


def test_growth_rolls_each_marked_skill() -> None:
    """COC-GROW-1: over the skill (40) gains 1d10; at or under it does not; marks clear."""
    state, _ = act(_scene(), "check", "ann", [5], skill="侦查")
    state, _ = act(state, "check", "ann", [5], skill="jump")
    state, events = act(state, "growth", "ann", [41, 7, 40])
    assert [e.payload["gain"] for e in events] == [7, 0]
    ann = state["combatants"]["ann"]
    assert ann["sheet"]["skills"]["spot_hidden"] == 47
    assert ann["marks"] == []
    with pytest.raises(IllegalAction):
        act(state, "growth", "ann")


def _forms(state: dict, actor: str) -> dict:
    from rules.coc import SYSTEM

    return {form.kind: form for form in SYSTEM.legal_actions(state, actor)}


def test_buttons_offer_the_checks_to_those_who_never_type() -> None:
    """COC-CHECK-1, COC-SAN-1, COC-GROW-1: the forms a player and the Keeper are offered."""
    state = _scene()
    mine = _forms(state, "ann")
    assert {"check", "sanity_check"} <= set(mine)
    assert "growth" not in mine  # nothing marked yet
    skills = [choice.value for choice in mine["check"].fields[0].choices]
    assert skills[:3] == ["luck", "san", "idea"]
    assert "spot_hidden" in skills
    assert "ask_check" in _forms(state, "gm")
    assert "ask_check" not in mine
    state, _ = act(state, "check", "ann", [5], skill="jump")
    assert "growth" in _forms(state, "ann")


def test_the_keeper_asks_a_group_luck_check_each_answers_on_their_own_page() -> None:
    """COC-CHECK-6: the ask is offered first on each asked page and cleared by the answer."""
    state, events = act(_scene(), "ask_check", "gm", skill="幸运", t_ann=True, t_bo=True)
    assert events[0].payload["who"] == ["ann", "bo"]
    form = _forms(state, "ann")["check"]
    assert form.fields[0].default == "幸运"
    state, events = act(state, "check", "ann", [30], skill="幸运")
    assert events[0].payload["chance"] == state["combatants"]["ann"]["luck"]
    assert state["asked"] == {"bo": "幸运"}
    with pytest.raises(IllegalAction):
        act(state, "ask_check", "gm", skill="basket weaving", t_ann=True)
    with pytest.raises(IllegalAction):
        act(state, "ask_check", "ann", skill="luck", t_bo=True)


def test_values_set_and_grown_are_written_back_to_the_campaign_sheet() -> None:
    """COC-CHECK-5, COC-GROW-1, COC-SAN-1: .st, growth and SAN lost reach the sheet."""
    from rules.coc import SYSTEM

    state = _scene()
    state, _ = act(state, "set_values", "ann", values=[["力量", 15], ["聆听", 35]])
    state, _ = act(state, "check", "ann", [5], skill="侦查")
    state, _ = act(state, "growth", "ann", [90, 4])
    state, _ = act(state, "sanity_check", "ann", [99, 2], on_success="0", on_failure="1d6")
    sheet = SYSTEM.write_back(state, "ann", person("Ann"))
    assert (sheet["str"], sheet["skills"]["listen"], sheet["skills"]["spot_hidden"]) == (15, 35, 44)
    assert sheet["skills"]["jump"] == 40
    assert sheet["san"] == state["combatants"]["ann"]["san"]


def test_opposed_checks_the_better_level_then_the_higher_skill_wins() -> None:
    """COC-CHECK-4: Ann's Spot Hidden 40 against Bo's jump 40 (both investigators: open)."""
    state = _scene()
    _, events = act(
        state, "opposed_check", "ann", [8, 30], skill="侦查", against="Bo", their_skill="jump"
    )
    assert (events[0].payload["winner"], events[0].audience) == ("ann", "all")  # extreme beats
    _, events = act(
        state, "opposed_check", "ann", [30, 20], skill="侦查", against="bo", their_skill="jump"
    )
    assert events[0].payload["winner"] == ""  # same level, same skill
    _, events = act(state, "opposed_check", "ann", [99, 98], skill="侦查", against="bo")
    assert events[0].payload["winner"] == ""  # both fail
    with pytest.raises(IllegalAction):
        act(state, "opposed_check", "ann", skill="侦查", against="ann")


def test_an_opposed_check_against_a_keepers_creature_keeps_its_chances_secret() -> None:
    """COC-CHECK-4, COC-CHECK-3, issue 30: the creature's sheet is the Keeper's, so Ann's player
    reads her own roll and who won, never the creature's skill or characteristic (a chance, or
    a resistance chance that gives its SIZ away); the others read that the Keeper rolled."""
    cultist = person("Cultist", kind="creature", siz=17)
    cultist["skills"] = {**cultist["skills"], "listen": 77}
    state = scene(("ann", person("Ann")), ("cult", cultist))
    _, events = act(
        state, "opposed_check", "ann", [30, 90], skill="侦查", against="cult", their_skill="listen"
    )
    (event,) = events
    assert (event.audience, event.payload["winner"]) == ("actor:ann", "ann")
    assert "77" not in event.text
    assert "77" not in str(event.msg.to_json())
    assert event.text == "Ann (Spot Hidden) 30 against 40% - success; against Cultist: Ann wins"
    assert event.redacted_text == "The Keeper rolls for Ann, Cultist."
    _, events = act(
        state, "opposed_check", "ann", [41], skill="力量", against="cult", their_skill="体型"
    )
    (event,) = events
    assert "17" not in event.text
    assert "%" not in event.text  # 50 + (12 - 17) x 5 would give SIZ 17 away
    assert event.text == "Ann's STR 12 against Cultist's SIZ: 41 - Cultist wins"


def test_characteristic_against_characteristic_is_one_resistance_roll() -> None:
    """COC-CHECK-3 (COC-RES-1): STR 12 against SIZ 14 is 40%; 41 loses."""
    state = scene(("ann", person("Ann")), ("bo", person("Bo", siz=14)))
    _, events = act(
        state, "opposed_check", "ann", [41], skill="力量", against="bo", their_skill="体型"
    )
    assert events[0].payload["winner"] == "bo"
    assert "40%" in events[0].text
