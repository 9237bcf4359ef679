"""The system kit: messages render per language, actions come from specs, schemas refuse."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from rules.core.dice import Dice, LoadedDice
from rules.core.errors import IllegalAction, SheetError
from rules.core.kit import (
    Actions,
    ActionSpec,
    ActionTemplate,
    Catalogue,
    Entry,
    Field,
    Message,
    Msg,
    Schema,
    build_settings,
    catalogue,
    choices,
    said,
    setting,
    settings_schema,
    settings_values,
)
from rules.core.messages import format_value
from rules.core.params import int_param, str_param
from rules.core.system import Action, Event

HIT = Message("test.hit", "{attacker} hits {target} in the {where}.")
LEG = Message("test.leg", "leg")
HEXES = Message("test.hexes", "{n} hex", plural="{n} hexes", count="n")
CHINESE = {
    "test.hit": "{attacker}命中{target}的{where}。",
    "test.leg": "腿部",
    "core.list_separator": "、",
}


def chinese(ident: str, singular: str, plural: str, count: int) -> str:
    return CHINESE.get(ident, singular if count == 1 or not plural else plural)


def test_one_stored_message_reads_in_english_and_in_chinese() -> None:
    msg = HIT(attacker="Walsh", target="Cultist", where=LEG())
    stored = Msg.from_json(msg.to_json())  # what the event log keeps
    book = Catalogue([HIT, LEG])

    assert msg.english() == "Walsh hits Cultist in the leg."
    assert book.render(stored) == "Walsh hits Cultist in the leg."
    assert book.render(stored, chinese) == "Walsh命中Cultist的腿部。"


def test_plural_forms_follow_the_count() -> None:
    assert [HEXES(n=n).english() for n in (1, 2)] == ["1 hex", "2 hexes"]


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(7, 2), "3½"),
        (Fraction(1, 2), "½"),
        (0.5, "½"),
        (2.0, "2"),
        (Fraction(5, 7), "5/7"),
    ],
)
def test_numbers_read_as_people_write_them(value: Any, shown: str) -> None:
    assert format_value(value) == shown


def test_a_template_with_formatting_is_refused_at_declaration() -> None:
    with pytest.raises(ValueError, match="plain"):
        Message("test.bad", "{kind!r}")


def test_lists_join_with_the_readers_separator() -> None:
    listing = Message("test.list", "Hit: {who}")
    book = Catalogue([listing])
    assert book.render(listing(who=["A", "B"])) == "Hit: A, B"
    assert book.render(listing(who=["A", "B"]), chinese) == "Hit: A、B"


def test_said_keeps_the_english_text_and_the_message_together() -> None:
    event = said("attack.resolved", HIT(attacker="A", target="B", where=LEG()), {"hit": True})
    back = Event.from_json(event.to_json())
    assert back.text == "A hits B in the leg."
    assert back.msg == event.msg


# --- actions ---------------------------------------------------------------------------------

State = dict[str, Any]


def _shoot(state: State, action: Action, dice: Dice) -> list[Event]:
    roll = dice.roll(100, "to hit")
    return [said("shot.fired", HIT(attacker=action.actor, target="B", where=LEG()), {"roll": roll})]


def _offer_shoot(state: State, actor: str) -> ActionTemplate | None:
    if not state["armed"]:
        return None
    return ActionTemplate(
        "shoot",
        HIT(attacker=actor, target="?", where=LEG()),
        "T-1",
        (Field("target", "Target", "target", choices(("b", "B") for _ in [0])),),
    )


ACTIONS = Actions(
    [
        ActionSpec("shoot", "T-1", _shoot, offer=_offer_shoot),
        ActionSpec("pause", "T-2", lambda s, a, d: [], who=lambda s, actor: actor == "gm"),
    ]
)


def test_specs_give_resolve_and_legal_actions() -> None:
    events = ACTIONS.resolve({"armed": True}, Action("shoot", "A"), LoadedDice([42]))
    assert events[0].payload == {"roll": 42}
    assert [t.kind for t in ACTIONS.legal_actions({"armed": True}, "A")] == ["shoot"]
    assert ACTIONS.legal_actions({"armed": False}, "A") == []


def test_unknown_kinds_and_other_peoples_actions_are_refused() -> None:
    with pytest.raises(IllegalAction, match="no action called dance"):
        ACTIONS.resolve({}, Action("dance", "A"), LoadedDice([]))
    with pytest.raises(IllegalAction, match="A may not pause"):
        ACTIONS.resolve({}, Action("pause", "A"), LoadedDice([]))
    with pytest.raises(IllegalAction, match="no odds"):
        ACTIONS.preview({}, Action("shoot", "A"))


AIM_AT = Message("test.aim_at", "Aim at")
AIM_CHINESE = {"test.aim_at": "瞄准目标", "core.param.required": "缺少 {name}。"}


def _aim(state: State, action: Action, dice: Dice) -> list[Event]:
    str_param(action.params, "target")
    int_param(action.params, "bonus", 0)
    return []


def _offer_aim(state: State, actor: str) -> ActionTemplate:
    return ActionTemplate("aim", "Aim", "T-3", (Field("target", AIM_AT(), "target"),))


def test_a_missing_or_malformed_param_is_named_by_its_forms_label() -> None:
    """The kit puts the label the form shows (in the reader's language) where the params
    reader named the parameter's id; a parameter no form shows keeps its id."""
    actions = Actions([ActionSpec("aim", "T-3", _aim, offer=_offer_aim)])

    with pytest.raises(IllegalAction) as missing:
        actions.resolve({}, Action("aim", "A", {}), LoadedDice([]))
    assert str(missing.value) == "Aim at is required."
    stored = Msg.from_json(missing.value.msg.to_json())
    book = catalogue(extra=[AIM_AT])
    assert book.render(stored, lambda i, s, p, c: AIM_CHINESE.get(i, s)) == "缺少 瞄准目标。"

    with pytest.raises(IllegalAction, match="bonus must be a whole number, not 'x'"):
        actions.resolve({}, Action("aim", "A", {"target": "B", "bonus": "x"}), LoadedDice([]))


def test_a_kind_declared_twice_is_a_programming_error() -> None:
    spec = ActionSpec("shoot", "T-1", _shoot)
    with pytest.raises(ValueError, match="twice"):
        Actions([spec, spec])


def test_templates_serialise_with_typed_fields() -> None:
    template = _offer_shoot({"armed": True}, "A")
    assert template is not None
    data = template.to_json()
    assert data["params"][0]["type"] == "target"
    assert data["params"][0]["choices"] == [{"value": "b", "label": "B"}]
    assert data["label"]["id"] == "test.hit"


# --- schemas ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class WargameSettings:
    ezoc_cost: int = setting(
        "tec.ezoc_entry_cost", "MP to enter an enemy ZOC", 2, "SCS-2.1a", min=0
    )
    road: str = setting("tec.road.mp", "MP per road hex", "1/2", "PD-12", kind="fraction", min=0)
    attrition: str = setting(
        "supply.attrition",
        "Second failed check",
        "lose_step",
        "PD-19",
        choices=[("lose_step", "lose a step"), ("eliminate", "eliminated")],
    )


def test_settings_build_a_frozen_object_with_defaults() -> None:
    built = build_settings(WargameSettings, {"tec.road.mp": "1/3"})
    assert built == WargameSettings(ezoc_cost=2, road="1/3", attrition="lose_step")
    assert settings_values(built)["tec.road.mp"] == "1/3"


@pytest.mark.parametrize(
    ("values", "error"),
    [
        ({"tec.ezoc_entry_cost": -2}, "tec.ezoc_entry_cost: must be at least 0"),
        ({"tec.ezoc_entry_cost": "two"}, "tec.ezoc_entry_cost: must be a whole number"),
        ({"tec.road.mp": "-1/2"}, "tec.road.mp: must be at least 0"),
        ({"supply.attrition": "explode"}, "supply.attrition: must be one of lose a step, elim"),
        ({"tec.ezoc": 1}, "tec.ezoc: is not a setting of this system"),
    ],
)
def test_bad_settings_are_refused_naming_the_field(values: dict[str, Any], error: str) -> None:
    with pytest.raises(SheetError) as caught:
        build_settings(WargameSettings, values)
    assert str(caught.value).startswith(error)


def test_settings_schema_lists_the_forms_fields_in_order() -> None:
    keys = [entry.key for entry in settings_schema(WargameSettings).entries]
    assert keys == ["tec.ezoc_entry_cost", "tec.road.mp", "supply.attrition"]


SKILL = Schema((Entry("name", "Skill", "text"), Entry("value", "%", "int", min=0, max=99)))
SHEET = Schema(
    (
        Entry("dex", "DEX", "int", min=3, max=18, rule="DG-STAT-1"),
        Entry("skills", "Skills", "list", default=[], item=SKILL),
    )
)


def test_a_sheet_value_of_the_wrong_type_or_out_of_bounds_names_its_path() -> None:
    with pytest.raises(SheetError, match=r"^dex: must be at least 3 \(DG-STAT-1\)"):
        SHEET.validate({"dex": -1})
    with pytest.raises(SheetError, match=r"^skills\[1\]\.value: is required"):
        SHEET.validate({"dex": 10, "skills": [{"name": "Dodge", "value": 30}, {"name": "X"}]})
    with pytest.raises(SheetError, match=r"^skills\[0\]\.value: must be a whole number"):
        SHEET.validate({"dex": 10, "skills": [{"name": "Dodge", "value": 3.5}]})
    assert SHEET.validate({"dex": "12"})["dex"] == 12


def test_a_systems_catalogue_has_the_kit_and_its_own_messages() -> None:
    import sys

    book = catalogue(sys.modules[__name__])
    assert "test.hit" in book
    assert "table.rolled" in book
    assert "core.schema.at_least" in book
