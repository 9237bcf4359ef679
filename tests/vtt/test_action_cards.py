"""Issue 34: a turn's actions as cards, the common ones in view, the rest under "More actions",
ending the turn last; a field help that is only a rule ID goes behind a "?" mark."""

from __future__ import annotations

from vtt.templatetags.action_cards import cards, rule_id


def test_each_form_goes_to_one_group_in_the_order_it_came() -> None:
    forms = [
        {"kind": "skill", "ends_turn": False},
        {"kind": "fire", "ends_turn": False},
        {"kind": "end_turn", "ends_turn": True},
        {"kind": "walk", "ends_turn": False},
        {"kind": "hold_half_dex", "ends_turn": False},
    ]
    assert [f["kind"] for f in cards(forms, "primary")] == ["fire", "walk"]
    assert [f["kind"] for f in cards(forms, "more")] == ["skill", "hold_half_dex"]
    assert [f["kind"] for f in cards(forms, "end")] == ["end_turn"]


def test_only_a_rule_id_is_a_rule_id() -> None:
    assert rule_id("COC-IMPALE-6")
    assert rule_id(" DG-INIT-2 ")
    assert not rule_id("optional: point-blank and range")
    assert not rule_id("MAC-10 only")
    assert not rule_id("")
