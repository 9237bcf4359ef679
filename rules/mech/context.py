"""The resolution context: every event is applied to the working state as it is emitted."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from rules.core.changes import Change, Emitter, apply_changes
from rules.core.dice import Dice, RollRecord
from rules.core.errors import IllegalAction
from rules.core.messages import Msg
from rules.core.system import Event
from rules.mech import hiding
from rules.mech import log_messages as L
from rules.mech import refusals as R
from rules.mech import state as st
from rules.mech.settings import Settings, settings_of
from rules.mech.state import Json, Unit

GM_ACTOR = "gm"


_new_object = object.__new__
EMPTY: Mapping[str, Any] = MappingProxyType({})  # a default that nobody can change


def new_event(
    kind: str,
    payload: Mapping[str, Any],
    text: str,
    dice: tuple[RollRecord, ...],
    audience: str,
    redacted: str | None,
) -> Event:
    """`Event(...)`, built without the frozen dataclass's six `object.__setattr__` calls."""
    # Speed: a resolution emits several events, and the generated __init__ of a frozen
    # dataclass costs about twice this. The instance is the same (same fields, equal, frozen
    # afterwards); tests/rules/mech/test_bench_pinned.py checks it against Event(...).
    event: Event = _new_object(Event)
    event.__dict__.update(
        kind=kind,
        payload=payload,
        text=text,
        dice=dice,
        audience=audience,
        redacted_text=redacted,
        msg=None,
        redacted_msg=None,
    )
    return event


# MECH-COND-HIDDEN: what the other sides read about a Hidden unit caught by an area: that
# something was there and what happened to it, never its name, numbers or square (L.UNSEEN).
PUBLIC_KINDS = frozenset({"mech.destroyed"})  # a wreck (or its absence) is there for all to see


def unit_sets(units: Mapping[str, Mapping[str, Any]]) -> list[Change]:
    """The changes replacing these units' fields: ["set", ["units", uid, field], value]."""
    return [
        ["set", ["units", uid, field], value]
        for uid, fields in units.items()
        for field, value in fields.items()
    ]


def unseen_text(ctx: Ctx, kind: str, payload: Mapping[str, Any]) -> Msg:
    """The line the other sides read about a Hidden unit (MECH-COND-HIDDEN)."""
    if kind == "attack.rolled":
        attacker = ctx.u(str(payload["unit"]))["name"]
        return L.UNSEEN_ATTACK(name=attacker, verdict=L.HIT() if payload["hit"] else L.MISS())
    return (L.UNSEEN.get(kind) or L.UNSEEN_OTHER)()


def hidden_scope(ctx: Ctx, ids: list[str]) -> dict[str, str]:
    """Put the Hidden units among `ids` in `ctx.unseen`; returns what to restore afterwards."""
    before = dict(ctx.unseen)
    for uid in ids:
        u = ctx.u(uid)
        if "hidden" in u["conditions"]:
            ctx.unseen[uid] = f"side:{u['side']}"
    return before


class Ctx(Emitter):
    """A resolution under way: the core Emitter with the mech's staging of unit fields.

    `stage` changes a unit now; the change rides on the next event emitted. `emit` turns the
    staged unit fields and the `units=` / `top=` fields it is given into the one state
    vocabulary's changes (rules/core/changes.py): ["set", ["units", uid, field], value] and
    ["set", [field], value], carried under "changes" and applied to the working state at once.
    """

    def __init__(self, state: Json, dice: Dice) -> None:
        super().__init__(state, dice)
        # The GM's settings: fixed for the whole encounter (no event changes them).
        self.settings: Settings = settings_of(state)
        self.pending: dict[str, Json] = {}
        self.finishing: set[str] = set()  # turns being ended now (a death inside does not re-end)
        # MECH-COND-HIDDEN: Hidden units caught by an area; events about them are addressed to
        # their own side (unit id -> "side:<name>"), everyone else reads a line without names.
        self.unseen: dict[str, str] = {}

    def stage(self, uid: str, **fields: Any) -> None:
        """Change a unit now; the change rides on the next event emitted (so the log holds it)."""
        self.stage_new(uid, st.copy_json(fields))

    def stage_new(self, uid: str, fields: Json) -> None:
        """`stage`, for fields built for this change alone, which nobody changes afterwards."""
        pending = self.pending.get(uid)
        if pending is None:
            self.pending[uid] = dict(fields)
        else:
            pending.update(fields)
        self.state = st.with_unit(self.state, uid, fields)

    def u(self, uid: str) -> Unit:
        found: Unit | None = self.state["units"].get(uid)  # st.unit, inlined: called very often
        if found is None:
            raise IllegalAction(R.NO_MECH(id=repr(uid)))
        return found

    def emit(  # type: ignore[override]  # a line may still be plain text; units/top are fields
        self,
        kind: str,
        text: str | Msg,
        changes: Iterable[Sequence[Any]] = (),
        audience: str = "all",
        redacted: str | Msg | None = None,
        *,
        units: Mapping[str, Mapping[str, Any]] | None = None,
        top: Mapping[str, Any] | None = None,
        **payload: Any,
    ) -> Event:
        # A line said as a message keeps its English as `text` (what the pinned runs compare).
        msg = text if isinstance(text, Msg) else None
        redacted_msg = redacted if isinstance(redacted, Msg) else None
        text = text.english() if isinstance(text, Msg) else text
        redacted = redacted.english() if isinstance(redacted, Msg) else redacted
        if self.unseen and audience == "all":
            audience, hidden = self.unseen_audience(kind, payload, audience, redacted_msg)
            if hidden is not redacted_msg and hidden is not None:  # MECH-COND-HIDDEN's own line
                redacted, redacted_msg = hidden.english(), hidden
        records = self.dice.records
        mark = self._mark
        if len(records) > mark:
            dice = tuple(records[mark:])
            self._mark = len(records)
        else:
            dice = ()
        # The pending dicts are this context's own (stage copies); they are already in the
        # working state. The `units` and `top` fields given here are applied now.
        merged = self.pending
        if merged:
            self.pending = {}
        steps: list[Change] = []
        if merged:
            steps = unit_sets(merged)
        if units or top:
            steps.extend(self._apply_fields(units, top))
        if changes:
            extra = [list(change) for change in changes]
            self.state = apply_changes(self.state, extra)
            steps.extend(extra)
        if steps:
            payload["changes"] = steps  # `payload` is this call's own dict (keyword arguments)
        # new_event(...), inlined: this is the one place a resolution makes its events.
        event: Event = _new_object(Event)
        event.__dict__.update(
            kind=kind,
            payload=payload,
            text=text,
            dice=dice,
            audience=audience,
            redacted_text=redacted,
            msg=msg,
            redacted_msg=redacted_msg,
        )
        self.events.append(event)
        return event

    def _apply_fields(
        self, units: Mapping[str, Mapping[str, Any]] | None, top: Mapping[str, Any] | None
    ) -> list[Change]:
        """Replace the named unit fields and top-level fields in the working state (shared, not
        copied: the caller's values are its own); the changes that say so."""
        state = self.state
        new = dict(state)
        steps: list[Change] = []
        if units:
            new_units = new["units"] = dict(state["units"])
            for uid, fields in units.items():
                after = dict(new_units[uid])
                after.update(fields)
                new_units[uid] = after
            steps = unit_sets(units)
        if top:
            new.update(top)
            steps.extend(["set", [field], value] for field, value in top.items())
        self.state = new
        return steps

    def finished(self) -> list[Event]:
        """The events of the resolution; changes staged after the last event ride on it."""
        if self.pending and self.events:
            # The working state has them; the log must too.
            last = self.events[-1]
            steps = [*(last.payload.get("changes") or ()), *unit_sets(self.pending)]
            self.pending = {}
            self.events[-1] = replace(last, payload={**last.payload, "changes": steps})
        elif self.pending:
            self.emit("turn.updated", "")
        return self.events

    def unseen_audience(
        self, kind: str, payload: Mapping[str, Any], audience: str, redacted: Msg | None
    ) -> tuple[str, Msg | None]:
        """MECH-COND-HIDDEN: an event about a Hidden unit in an area goes to its side only."""
        if kind in PUBLIC_KINDS:
            return audience, redacted
        for key in ("target", "unit"):
            uid = payload.get(key)
            if uid in self.unseen:
                return self.unseen[uid], unseen_text(self, kind, payload)
        return audience, redacted

    def set(self, uid: str, **fields: Any) -> Json:
        return {uid: fields}

    def conditions(self, uid: str) -> Json:
        return dict(st.copy_json(self.u(uid)["conditions"]))

    def add_condition(
        self,
        uid: str,
        name: str,
        text: Msg,
        kind: str = "condition.added",
        expires: str | None = None,
        source: str = "",
        clock: str | None = None,
        rule: str = "",
        **extra: Any,
    ) -> None:
        """Give a condition; `expires` is "end_of_next_turn" or "end_of_turn" (MECH-AMB-48), or
        "first_turn_next_round": until the end of the next round's first turn (MECH-AMB-33)."""
        target = self.u(uid)
        conds = self.conditions(uid)
        entry: Json = {"source": source}
        if expires == "first_turn_next_round":
            entry["round"] = int(self.state["round"]) + 1
        elif expires is not None:
            owner = self.u(clock) if clock else target
            started = int(owner["turns_started"])
            if expires == "end_of_turn":
                entry["expires"] = started
            elif (
                self.settings.next_turn == "this_turn_if_own"
                and self.state["active"] == owner["id"]
            ):
                # MECH-AMB-48, other reading: given during its own turn, it ends with this turn.
                entry["expires"] = started
            else:
                # "Next turn" is the first turn that starts after now, on `clock`'s turns.
                entry["expires"] = started + 1
            entry["clock"] = owner["id"]
        old = conds.get(name)
        if old and "expires" in old and "expires" in entry:
            entry["expires"] = max(old["expires"], entry["expires"])
        elif old and "round" in old and "round" in entry:
            entry["round"] = max(old["round"], entry["round"])
        elif old and "expires" not in old and "round" not in old:
            entry = old
        conds[name] = entry
        self.emit(
            kind,
            text,
            units={uid: {"conditions": conds}},
            unit=uid,
            condition=name,
            rule=rule,
            **extra,
        )
        if name == "hidden" and old is None:
            self.draw_hidden_area(uid)
        if name == "invisible" and always_hidden(self, self.u(uid)) and "hidden" not in conds:
            hidden = L.INVISIBLE_HIDDEN(name=target["name"])
            self.add_condition(uid, "hidden", hidden, source="invisible", rule="MECH-AMB-45")

    def draw_hidden_area(self, uid: str) -> None:
        """MECH-COND-HIDDEN: a unit just made Hidden: the area its enemies now know it by, drawn
        with two d4 (rules/mech/hiding.py). The dice are its own side's: the others read the
        area alone."""
        u = self.u(uid)
        area = hiding.draw(self.dice, self.state, u, st.pos(u))
        line = L.HIDDEN_AREA(name=u["name"], **hiding.words(area))
        self.emit(
            "mech.area",
            line,
            units={uid: {"area": area}},
            audience=f"side:{u['side']}",
            redacted=line,
            unit=uid,
            rule="MECH-COND-HIDDEN",
        )

    def remove_condition(self, uid: str, name: str, text: Msg, rule: str = "") -> None:
        conds = self.conditions(uid)
        if name in conds:
            del conds[name]
            self.emit(
                "condition.removed",
                text,
                units={uid: {"conditions": conds}},
                unit=uid,
                condition=name,
                rule=rule,
            )


def always_hidden(ctx: Ctx, u: Unit) -> bool:
    """MECH-AMB-45, literal reading (`always_hidden`): an Invisible mech is Hidden all along."""
    return ctx.settings.invisible == "always_hidden" and "invisible" in u["conditions"]


def unseen_side(ctx: Ctx, ids: list[str]) -> str:
    """MECH-COND-HIDDEN: the audience that may read about these Hidden units (their side)."""
    sides = {ctx.u(i)["side"] for i in ids}
    return f"side:{sides.pop()}" if len(sides) == 1 else "gm"  # several sides: the GM alone


def reveal(ctx: Ctx, uid: str, why: Msg) -> None:
    """MECH-COND-HIDDEN: attacking, reactions, boosting remove Hidden."""
    if "hidden" in ctx.u(uid)["conditions"] and not always_hidden(ctx, ctx.u(uid)):
        line = L.NO_LONGER_HIDDEN(name=ctx.u(uid)["name"], why=why)
        ctx.remove_condition(uid, "hidden", line, "MECH-COND-HIDDEN")
