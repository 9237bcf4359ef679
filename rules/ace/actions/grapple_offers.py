"""The grapple actions a combatant on its turn is offered, with their fields: a grapple when free,
then what its place in a grapple allows."""

from __future__ import annotations

from typing import Any

from rules.ace import messages as m
from rules.ace.actions.common import enemies, free, idle, is_turn
from rules.ace.actions.grapple_bonuses import best_method
from rules.ace.actions.grapple_weapons import inside_weapons, natural_weapons
from rules.ace.on_the_map import to_fields
from rules.ace.state import State, can_act, settings_of
from rules.ace.stats import val
from rules.core.kit import ActionTemplate, Field, choices


def _offer(
    kind: str, label: Any, rule: str, cost: Any, fields: tuple[Field, ...] = ()
) -> ActionTemplate:
    return ActionTemplate(kind, label, rule, fields, cost=cost)


def offers(state: State, actor: str) -> list[ActionTemplate] | None:
    if not (is_turn(state, actor) and idle(state)):
        return None
    s = settings_of(state)
    c = state["combatants"][actor]
    g = c.get("grapple")
    out: list[ActionTemplate] = []
    if g is None:
        if not can_act(c, s) or not free(c, "standard", s):
            return None
        targets = [t for t in enemies(state, actor) if not t["hidden"] and not t.get("grapple")]
        if targets:
            fields = (
                Field(
                    "target",
                    m.F_TARGET(),
                    "target",
                    choices((t["id"], t["name"]) for t in targets),
                    default=targets[0]["id"],
                ),
                Field(
                    "weapon",
                    m.F_WEAPON(),
                    "choice",
                    choices((w["key"], w["name"]) for w in natural_weapons(c)),
                    default="unarmed",
                    rule="ACE-HIT-4",
                ),
            )
            out.append(_offer("grapple", m.L_GRAPPLE(), "ACE-GRAPPLE-1", m.ACT_STANDARD(), fields))
        return out
    if g["role"] == "held":
        if free(c, "standard", s):
            method = Field(
                "method",
                m.F_METHOD(),
                "choice",
                choices([("break", m.M_BREAK()), ("slip", m.M_SLIP())]),
                default=best_method(c),
            )
            out.append(_offer("escape", m.L_ESCAPE(), "ACE-GRAPPLE-7", m.ACT_STANDARD(), (method,)))
        if g["pinned"] or not s.grappled_may_attack:
            return out
    if free(c, "full", s):
        w = Field(
            "weapon",
            m.F_WEAPON(),
            "choice",
            choices((w["key"], w["name"]) for w in inside_weapons(c)),
            default="unarmed",
            rule="ACE-GRAPPLE-6",
        )
        out.append(
            _offer("grapple_strike", m.L_STRIKE_INSIDE(), "ACE-GRAPPLE-6", m.ACT_FULL(), (w,))
        )
    if (
        g["role"] == "holder"
        and not g["pinned"]
        and free(c, "standard", s)
        and int(state["round"]) > int(g["round"])
    ):
        out.append(_offer("pin", m.L_PIN(), "ACE-GRAPPLE-7", m.ACT_STANDARD()))
    if free(c, "move", s) and not (g["role"] == "held" and g["pinned"]):
        out.append(
            _offer(
                "grapple_move", m.L_GRAPPLE_MOVE(), "ACE-GRAPPLE-5", m.ACT_MOVE(), to_fields(state)
            )
        )
    other = state["combatants"][g["with"]]
    if g["role"] == "holder":
        out.append(_offer("release", m.L_RELEASE(), "ACE-GRAPPLE-7", m.ACT_FREE()))
    shield_ok = int(g["margin"]) > val(other, "str")  # ACE-GRAPPLE-8
    if g["role"] == "holder" and g["pinned"] and c["cover"] == "none" and shield_ok:
        out.append(_offer("body_shield", m.L_BODY_SHIELD(), "ACE-GRAPPLE-8", m.ACT_FREE()))
    return out
