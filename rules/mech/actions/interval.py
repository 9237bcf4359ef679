"""Between matches: ending and starting matches, repairs (MECH-REPAIR-*)."""

from __future__ import annotations

from rules.core.actions import ActionTemplate, Choice, Field
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.params import int_param, str_param
from rules.core.system import Action
from rules.mech import log_messages as L
from rules.mech import messages as M
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.actions.base import (
    spec,
)
from rules.mech.actions.turns import trauma_item
from rules.mech.context import GM_ACTOR, Ctx
from rules.mech.state import Json, Unit, alive


def do_end_match(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-OVERCHARGE-2 / MECH-AMB-40: heat, burn, conditions, overcharge clear; repairs open."""
    per = int(ctx.settings.repairs_per_interval)
    units: dict[str, Json] = {
        u["id"]: {
            "heat": 0,
            "burn": 0,
            "conditions": {},
            "turn": None,
            "overcharge_count": 0,
            "repairs_left": per,
            "prepared": None,
            "meltdown": None,
            "pending_trauma": None,
            "reaction_used": False,
            "oa_used": False,
            "elevation": 0,
        }
        for u in st.living(ctx.state)
    }
    ctx.emit(
        "match.ended",
        L.LOG_THE_MATCH_ENDS_OVERCHARGE_COUNTERS_RESET(per=per),
        units=units,
        top={"phase": "interval", "active": None, "acted": [], "grapples": [], "last_side": None},
        rule="MECH-REPAIR-1",
    )


REPAIR_COSTS = {"swap": 0, "hp": 1, "fix": 1, "uses": 1, "structure": 2, "stress": 2, "cp": 4}


def do_repair(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-REPAIR-TABLE: between matches, Lambit's repair actions, paid from the repair cap."""
    if ctx.state["phase"] != "interval":
        raise IllegalAction(R.REPAIRS_HAPPEN_BETWEEN_MATCHES(), "MECH-REPAIR-1")
    u = ctx.u(action.actor)
    if not alive(u):
        raise IllegalAction(R.IS_DESTROYED_2(name=u["name"]), "MECH-DESTROYED-1")
    option = str_param(action.params, "option")
    if option not in REPAIR_COSTS:
        raise IllegalAction(
            R.REPAIR_ONE_OF(options=[M.REPAIR_OPTIONS[o]() for o in REPAIR_COSTS]),
            "MECH-REPAIR-TABLE",
        )
    cost = REPAIR_COSTS[option]
    if int(u["repairs_left"]) < 1:
        raise IllegalAction(R.HAS_USED_ITS_REPAIR_ACTIONS(name=u["name"]), "MECH-AMB-40")
    if int(u["repair"]) < cost:
        raise IllegalAction(
            R.THAT_COSTS_REPAIR_AND_HAS(cost=cost, name=u["name"], repair=u["repair"]),
            "MECH-REPAIR-TABLE",
        )
    fields: Json = {"repair": int(u["repair"]) - cost, "repairs_left": int(u["repairs_left"]) - 1}
    stats = u["stats"]
    if option == "hp":
        fields["hp"] = stats["hp_max"]
        what: Msg = L.REPAIR_DONE["hp"]()
    elif option in ("structure", "stress"):
        top = stats[f"{option}_max"]
        if int(u[option]) >= top:
            raise IllegalAction(
                R.HAS_NO_DAMAGE(name=u["name"], option=M.REPAIR_OPTIONS[option]()),
                "MECH-REPAIR-STRUCT",
            )
        fields[option] = int(u[option]) + 1
        what = L.REPAIRED_ONE(option=M.REPAIR_OPTIONS[option](), now=fields[option], top=top)
    elif option == "cp":
        if int(u["cp"]) >= int(stats["cp_max"]):
            raise IllegalAction(R.HAS_ITS_CP(name=u["name"]), "MECH-REPAIR-CP")
        fields["cp"] = stats["cp_max"]
        what = L.REPAIR_DONE["cp"]()
    elif option in ("fix", "uses"):
        item = str_param(action.params, "item")
        kind, _, index = item.partition(":")
        if kind not in ("weapon", "system") or not index.isdecimal():
            raise IllegalAction(R.NAME_THE_ITEM_AS_WEAPON_N(), "MECH-REPAIR-FIX")
        items = st.copy_json(u[kind + "s"])
        i = int(index)
        if i >= len(items):
            raise IllegalAction(R.THERE_IS_NO(kind=R.ITEM_KINDS[kind](), i=i), "MECH-REPAIR-FIX")
        if option == "fix":
            if not items[i]["destroyed"]:
                raise IllegalAction(R.IS_NOT_DESTROYED(item=items[i]["name"]), "MECH-REPAIR-FIX")
            items[i]["destroyed"] = False
            what = L.REPAIRED_ITEM(item=items[i]["name"])
        else:
            if items[i].get("max_uses") is None:
                raise IllegalAction(R.IS_NOT_LIMITED(item=items[i]["name"]), "MECH-REPAIR-USES")
            items[i]["uses"] = items[i]["max_uses"]
            items[i]["loaded"] = True
            what = L.REPAIRED_USES(item=items[i]["name"])
        fields[kind + "s"] = items
    else:
        w = int_param(action.params, "weapon")
        m = int_param(action.params, "mount")
        what = swap_weapon(u, w, m, fields)
    ctx.emit(
        "mech.repaired",
        L.LOG_LAMBIT_WORKS_ON_COST_REPAIR_LEFT(
            name=u["name"], what=what, cost=cost, left=fields["repair"]
        ),
        units={u["id"]: fields},
        unit=u["id"],
        option=option,
        rule="MECH-REPAIR-TABLE",
    )


def swap_weapon(u: Unit, w: int, m: int, fields: Json) -> Msg:
    """MECH-REPAIR-SWAP: move an owned weapon to another mount, if the mount can hold it."""
    from rules.mech.data import _mount_fits

    if not 0 <= w < len(u["weapons"]) or not 0 <= m < len(u["mounts"]):
        raise IllegalAction(R.NO_SUCH_WEAPON_OR_MOUNT(), "MECH-REPAIR-SWAP")
    weapon = u["weapons"][w]
    mounts = st.copy_json(u["mounts"])
    if (
        weapon.get("integrated")
        or mounts[m]["type"] == "integrated"
        or weapon["size"] == "superheavy"
    ):
        raise IllegalAction(R.INTEGRATED_AND_SUPERHEAVY_FITTINGS_ARE_NOT(), "MECH-MOUNT-INTEGRATED")
    sizes = [u["weapons"][i]["size"] for i in mounts[m]["weapons"] if i != w] + [weapon["size"]]
    if not _mount_fits(mounts[m]["type"], sizes):
        raise IllegalAction(R.A_MOUNT_CANNOT_HOLD_THAT(mount=mounts[m]["type"]), "MECH-MOUNT-TABLE")
    for mount in mounts:
        mount["weapons"] = [i for i in mount["weapons"] if i != w]
    mounts[m]["weapons"].append(w)
    weapons = st.copy_json(u["weapons"])
    weapons[w]["mount"] = m
    fields["mounts"] = mounts
    fields["weapons"] = weapons
    return L.SWAPPED(weapon=weapon["name"], n=m + 1)


def do_full_repair(ctx: Ctx, action: Action, reaction: bool) -> None:
    """MECH-AMB-40: the GM declares a full repair: every repair cap refills."""
    units = {u["id"]: {"repair": u["stats"]["repair_cap"]} for u in st.living(ctx.state)}
    ctx.emit(
        "repair.refilled",
        M.LOG_REPAIR_REFILLED(),
        units=units,
        rule="MECH-AMB-40",
    )


def do_start_match(ctx: Ctx, action: Action, reaction: bool) -> None:
    """A new match after the interval: round 1, nobody has acted."""
    if ctx.state["phase"] != "interval":
        raise IllegalAction(R.END_THE_MATCH_FIRST(), "MECH-REPAIR-1")
    units = {u["id"]: {"repairs_left": 0} for u in st.living(ctx.state)}
    ctx.emit(
        "match.started",
        M.LOG_MATCH_STARTED(match=int(ctx.state["match"]) + 1),
        units=units,
        top={"phase": "combat", "round": 1, "acted": [], "match": int(ctx.state["match"]) + 1},
        rule="MECH-ROUND-1",
    )


def offer_repair(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-REPAIR-TABLE: between matches, while the mech has repair actions left."""
    u = state["units"].get(actor) if actor != GM_ACTOR else None
    if u is None or not alive(u) or state["phase"] != "interval" or int(u["repairs_left"]) <= 0:
        return None
    options = tuple(
        Choice(k, M.REPAIR_CHOICE(option=M.REPAIR_OPTIONS[k](), cost=v))
        for k, v in REPAIR_COSTS.items()
    )
    nothing = Choice("", M.NOBODY())
    weapons = tuple(Choice(str(i), str(w["name"])) for i, w in enumerate(u["weapons"]))
    items = (
        nothing,
        *(Choice(f"weapon:{i}", str(w["name"])) for i, w in enumerate(u["weapons"])),
        *(Choice(f"system:{i}", str(y["name"])) for i, y in enumerate(u["systems"])),
    )
    mounts = tuple(Choice(str(i), trauma_item(u, "mount", i)) for i in range(len(u["mounts"])))
    fields = (
        Field("option", M.REPAIR_OPTION(), "choice", options),
        Field("item", M.REPAIR_ITEM(), "choice", items, default=""),
        Field("weapon", M.SWAP_WEAPON(), "choice", (nothing, *weapons), default=""),
        Field("mount", M.SWAP_MOUNT(), "choice", (nothing, *mounts), default=""),
    )
    return ActionTemplate(
        "repair", M.REPAIR(), "MECH-REPAIR-TABLE", fields, cost=M.BETWEEN_MATCHES()
    )


def offer_end_match(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-REPAIR-1: the GM ends a match."""
    if actor != GM_ACTOR or state["phase"] != "combat":
        return None
    return ActionTemplate("end_match", M.END_MATCH(), "MECH-REPAIR-1")


def offer_start_match(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-ROUND-1: the GM starts the next match."""
    if actor != GM_ACTOR or state["phase"] == "combat":
        return None
    return ActionTemplate("start_match", M.START_MATCH(), "MECH-ROUND-1")


def offer_full_repair(state: Json, actor: str) -> ActionTemplate | None:
    """MECH-AMB-40: between matches, the GM refills every repair cap."""
    if actor != GM_ACTOR or state["phase"] == "combat":
        return None
    return ActionTemplate("full_repair", M.FULL_REPAIR(), "MECH-AMB-40")


REPAIR = spec("repair", "MECH-REPAIR-TABLE", do_repair, offer_repair)
END_MATCH = spec("end_match", "MECH-REPAIR-1", do_end_match, offer_end_match, gm=True)
START_MATCH = spec("start_match", "MECH-ROUND-1", do_start_match, offer_start_match, gm=True)
FULL_REPAIR = spec("full_repair", "MECH-AMB-40", do_full_repair, offer_full_repair, gm=True)
