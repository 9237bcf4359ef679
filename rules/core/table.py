"""Table actions every system shares: open and GM-only dice rolls, chat lines, undo."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.log import REVERTED, Entry, last_revertible, reverted_indexes
from rules.core.notation import DiceExpr
from rules.core.params import int_param, str_param
from rules.core.probability import distribution_outcomes, fraction_text, preview
from rules.core.system import EVERYONE, Action, Event, Json

ROLL = "table.roll"
GM_ROLL = "table.gmroll"
SAY = "table.say"
TABLE_ACTIONS = (ROLL, GM_ROLL, SAY)
MAX_SAY = 2000  # characters in one chat line
SECRET_ROLL_TEXT = "The GM rolled dice in secret."
MAX_PREVIEW_ROWS = 60  # a roll with more totals than this is previewed by its summary only


def is_table_action(action: Action) -> bool:
    """Whether `action` is resolved here rather than by the encounter's system."""
    return action.kind in TABLE_ACTIONS


def resolve_table_action(action: Action, dice: Dice) -> list[Event]:
    """Resolve `table.roll`, `table.gmroll` or `table.say` into its single event."""
    if action.kind in (ROLL, GM_ROLL):
        return [_roll(action, dice, secret=action.kind == GM_ROLL)]
    if action.kind == SAY:
        return [_say(action)]
    raise IllegalAction(f"there is no table action {action.kind!r}")


def _floor(action: Action) -> int | None:
    return None if action.params.get("floor") in (None, "") else int_param(action.params, "floor")


def preview_table_action(action: Action) -> Json:
    """The exact chance of every total of a `table.roll`/`table.gmroll`, before it is rolled."""
    if action.kind not in (ROLL, GM_ROLL):
        raise IllegalAction(f"{action.kind!r} has no preview")
    expr = DiceExpr.parse(str_param(action.params, "expr"))
    dist = expr.distribution(floor=_floor(action))
    mean = dist.expected()
    low, high = dist.outcomes[0], dist.outcomes[-1]
    rows = distribution_outcomes(dist) if len(dist.outcomes) <= MAX_PREVIEW_ROWS else []
    details = {
        "expr": expr.text,
        "min": low,
        "max": high,
        "mean": float(mean),
        "mean_exact": fraction_text(mean),
    }
    return preview(f"{expr.text}: {low} to {high}, average {float(mean):.2f}", rows, details)


def _roll(action: Action, dice: Dice, secret: bool) -> Event:
    expr = DiceExpr.parse(str_param(action.params, "expr"))
    label = str(action.params.get("label") or "").strip()[:100]
    floor = _floor(action)
    result = expr.roll(dice, floor=floor, purpose=label)
    what = f"{expr.text} ({label})" if label else expr.text
    payload = {**result.to_json(), "label": label, "secret": secret}
    del payload["dice"]  # the faces live in Event.dice, once
    return Event(
        kind="table.rolled",
        payload=payload,
        text=f"{action.actor} rolled {what}: {result.breakdown}",
        dice=result.dice,
        audience="gm" if secret else EVERYONE,
        redacted_text=SECRET_ROLL_TEXT if secret else None,
    )


def _say(action: Action) -> Event:
    text = " ".join(str_param(action.params, "text").split())
    if not text:
        raise IllegalAction("text is required")
    if len(text) > MAX_SAY:
        raise IllegalAction(f"a chat line may be at most {MAX_SAY} characters long")
    return Event(kind="table.said", payload={"text": text}, text=f"{action.actor}: {text}")


def chat_action(actor: str, line: str) -> Action:
    """The table action of a chat line: `/roll EXPR`, `/r EXPR`, `/gmroll EXPR`, else talk."""
    stripped = line.strip()
    command, _, rest = stripped.partition(" ")
    if command.lower() in ("/roll", "/r"):
        return Action(ROLL, actor, {"expr": rest.strip()})
    if command.lower() in ("/gmroll", "/gr"):
        return Action(GM_ROLL, actor, {"expr": rest.strip()})
    return Action(SAY, actor, {"text": stripped})


def revert_event(entry_index: int) -> Event:
    """The `table.reverted` event of the GM's undo, taking back entry `entry_index`."""
    if entry_index < 1:
        raise IllegalAction(f"there is no entry {entry_index} to undo")
    return Event(
        kind=REVERTED,
        payload={"reverts": entry_index},
        text=f"The GM undid entry {entry_index}.",
    )


def undo(entries: Sequence[Entry], entry_index: int | None = None) -> Event:
    """The revert event for `entry_index`, or for the newest game-changing entry left."""
    if entry_index is None:
        target = last_revertible(entries)
        if target is None:
            raise IllegalAction("there is nothing to undo")
        return revert_event(target.index)
    if entry_index not in {entry.index for entry in entries}:
        raise IllegalAction(f"there is no entry {entry_index} to undo")
    if entry_index in reverted_indexes(entries):
        raise IllegalAction(f"entry {entry_index} is already undone")
    return revert_event(entry_index)
