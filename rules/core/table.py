"""Table actions every system shares: open and GM-only dice rolls, chat lines, undo."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.log import REVERTED, Entry, last_revertible, reverted_indexes
from rules.core.messages import TEXT, Catalogue, Message, Msg
from rules.core.notation import DiceExpr
from rules.core.params import int_param, str_param
from rules.core.probability import distribution_outcomes, fraction_text, preview
from rules.core.system import EVERYONE, Action, Event, Json, said

ROLL = "table.roll"
GM_ROLL = "table.gmroll"
SAY = "table.say"
TABLE_ACTIONS = (ROLL, GM_ROLL, SAY)
MAX_SAY = 2000  # characters in one chat line
MAX_PREVIEW_ROWS = 60  # a roll with more totals than this is previewed by its summary only

ROLLED = Message("table.rolled", "{actor} rolled {expr}: {breakdown}")
ROLLED_LABELLED = Message("table.rolled_labelled", "{actor} rolled {expr} ({label}): {breakdown}")
SECRET_ROLL = Message("table.secret_roll", "The GM rolled dice in secret.")
SAID = Message("table.said", "{actor}: {text}")
UNDID = Message("table.undid", "The GM undid entry {entry}.")
UNDID_WHAT = Message("table.undid_what", "The GM took back entry {entry}: {what}")
TOOK_BACK = Message("table.took_back", "{player} took back entry {entry}: {what}")
TOOK_BACK_ENTRY = Message("table.took_back_entry", "{player} took back entry {entry}.")
NO_TABLE_ACTION = Message("table.no_action", "there is no table action {kind}")
NO_PREVIEW = Message("table.no_preview", "{kind} has no preview")
PREVIEW_SUMMARY = Message("table.preview", "{expr}: {low} to {high}, average {mean}")
TEXT_REQUIRED = Message("table.text_required", "text is required")
TOO_LONG = Message("table.too_long", "a chat line may be at most {max} characters long")
NO_ENTRY = Message("table.no_entry", "there is no entry {entry} to undo")
NOTHING_TO_UNDO = Message("table.nothing_to_undo", "there is nothing to undo")
ALREADY_UNDONE = Message("table.already_undone", "entry {entry} is already undone")
STARTED = Message(
    "table.started", "The encounter began. Dice seed commitment (SHA-256): {commitment}"
)
ENDED = Message("table.ended", "The encounter ended. Dice seed revealed: {seed}")
SECRET_ROLL_TEXT = SECRET_ROLL.english


def is_table_action(action: Action) -> bool:
    """Whether `action` is resolved here rather than by the encounter's system."""
    return action.kind in TABLE_ACTIONS


def resolve_table_action(action: Action, dice: Dice) -> list[Event]:
    """Resolve `table.roll`, `table.gmroll` or `table.say` into its single event."""
    if action.kind in (ROLL, GM_ROLL):
        return [_roll(action, dice, secret=action.kind == GM_ROLL)]
    if action.kind == SAY:
        return [_say(action)]
    raise IllegalAction(NO_TABLE_ACTION(kind=repr(action.kind)))


def _floor(action: Action) -> int | None:
    return None if action.params.get("floor") in (None, "") else int_param(action.params, "floor")


def preview_table_action(action: Action) -> Json:
    """The exact chance of every total of a `table.roll`/`table.gmroll`, before it is rolled."""
    if action.kind not in (ROLL, GM_ROLL):
        raise IllegalAction(NO_PREVIEW(kind=repr(action.kind)))
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
    summary = PREVIEW_SUMMARY(expr=expr.text, low=low, high=high, mean=f"{float(mean):.2f}")
    return preview(summary.english(), rows, {**details, "summary_msg": summary.to_json()})


def _roll(action: Action, dice: Dice, secret: bool) -> Event:
    expr = DiceExpr.parse(str_param(action.params, "expr"))
    label = str(action.params.get("label") or "").strip()[:100]
    floor = _floor(action)
    result = expr.roll(dice, floor=floor, purpose=label)
    payload = {**result.to_json(), "label": label, "secret": secret}
    del payload["dice"]  # the faces live in Event.dice, once
    if label:
        line = ROLLED_LABELLED(
            actor=action.actor, expr=expr.text, label=label, breakdown=result.breakdown
        )
    else:
        line = ROLLED(actor=action.actor, expr=expr.text, breakdown=result.breakdown)
    return said(
        "table.rolled",
        line,
        payload,
        dice=result.dice,
        audience="gm" if secret else EVERYONE,
        redacted=SECRET_ROLL() if secret else None,
    )


def _say(action: Action) -> Event:
    text = " ".join(str_param(action.params, "text").split())
    if not text:
        raise IllegalAction(TEXT_REQUIRED())
    if len(text) > MAX_SAY:
        raise IllegalAction(TOO_LONG(max=MAX_SAY))
    return said("table.said", SAID(actor=action.actor, text=text), {"text": text})


def chat_action(actor: str, line: str) -> Action:
    """The table action of a chat line: `/roll EXPR`, `/r EXPR`, `/gmroll EXPR`, else talk."""
    stripped = line.strip()
    command, _, rest = stripped.partition(" ")
    if command.lower() in ("/roll", "/r"):
        return Action(ROLL, actor, {"expr": rest.strip()})
    if command.lower() in ("/gmroll", "/gr"):
        return Action(GM_ROLL, actor, {"expr": rest.strip()})
    return Action(SAY, actor, {"text": stripped})


def revert_event(entry_index: int, what: Msg | None = None, player: str | None = None) -> Event:
    """The `table.reverted` event taking back entry `entry_index`: by the GM, or by `player` (a
    take-back the rules allow). `what` is the entry's public line, so the table reads what was
    taken back; without one (nothing of it was public) the line names only the entry."""
    if entry_index < 1:
        raise IllegalAction(NO_ENTRY(entry=entry_index))
    payload = {"reverts": entry_index}
    if player is not None and what is not None:
        return said(REVERTED, TOOK_BACK(player=player, entry=entry_index, what=what), payload)
    if player is not None:
        return said(REVERTED, TOOK_BACK_ENTRY(player=player, entry=entry_index), payload)
    if what is not None:
        return said(REVERTED, UNDID_WHAT(entry=entry_index, what=what), payload)
    return said(REVERTED, UNDID(entry=entry_index), payload)


def public_line(entry: Entry) -> Msg | None:
    """The first line of `entry` that everyone at the table saw, if any (never a secret one)."""
    for event in entry.events:
        if event.audience == EVERYONE and event.text:
            return event.msg if event.msg is not None else TEXT(text=event.text)
    return None


def undo(entries: Sequence[Entry], entry_index: int | None = None) -> Event:
    """The revert event for `entry_index`, or for the newest game-changing entry left."""
    if entry_index is None:
        target = last_revertible(entries)
        if target is None:
            raise IllegalAction(NOTHING_TO_UNDO())
        return revert_event(target.index, public_line(target))
    found = {entry.index: entry for entry in entries}
    if entry_index not in found:
        raise IllegalAction(NO_ENTRY(entry=entry_index))
    if entry_index in reverted_indexes(entries):
        raise IllegalAction(ALREADY_UNDONE(entry=entry_index))
    return revert_event(entry_index, public_line(found[entry_index]))


# Every message a table action can say; each system's catalogue includes it.
MESSAGES = Catalogue(v for v in list(globals().values()) if isinstance(v, Message))
