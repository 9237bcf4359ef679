"""Issue 34: a turn's actions as cards, the common ones in view, the rest under "More actions",
ending the turn last; a field help that is only a rule ID goes behind a "?" mark; another
distance than the scene map's and its reason are folded on the card."""

from __future__ import annotations

from rules.scene.areas import CENTRE
from rules.scene.ranges import REASON
from vtt.templatetags.action_cards import cards, fields_folded, fields_in_view, rule_id


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


def test_another_distance_than_the_maps_and_its_reason_are_folded() -> None:
    on_a_map = [
        {"name": "target", "type": "target"},
        {"name": "distance_m", "type": "number"},
        {"name": REASON, "type": "text"},
        {"name": "called_shot", "type": "checkbox"},
    ]
    assert [f["name"] for f in fields_in_view(on_a_map)] == ["target", "called_shot"]
    assert [f["name"] for f in fields_folded(on_a_map)] == ["distance_m", REASON]
    # without a map the distance is the card's own field, in view
    off_the_map = [{"name": "target", "type": "target"}, {"name": "distance_m", "type": "number"}]
    assert fields_in_view(off_the_map) == off_the_map
    assert fields_folded(off_the_map) == []


def test_distances_typed_per_combatant_fold_where_the_map_places_the_blast() -> None:
    """Call of Cthulhu's explosion on a map: its square is clicked on the map, so the yards
    typed per combatant (blank: outside) fold under one line, the dice and radius stay."""
    on_a_map = [
        {"name": "dice", "type": "number", "default": 5},
        {"name": "radius", "type": "number", "default": 2},
        {"name": CENTRE, "type": "text", "default": ""},
        {"name": "d_finch", "type": "number", "default": ""},
        {"name": "d_mara", "type": "number", "default": ""},
    ]
    assert [f["name"] for f in fields_in_view(on_a_map)] == ["dice", "radius", CENTRE]
    assert [f["name"] for f in fields_folded(on_a_map)] == ["d_finch", "d_mara"]
    off_the_map = [f for f in on_a_map if f["name"] != CENTRE]
    assert fields_in_view(off_the_map) == off_the_map
    # a blank number that is not a distance (a poison's potency) stays in view
    hazard = [
        {"name": CENTRE, "type": "text", "default": ""},
        {"name": "dice", "type": "number", "default": 5},
        {"name": "potency", "type": "number", "default": ""},
    ]
    assert fields_folded(hazard) == []
