"""Table actions every system shares: open and GM-only dice rolls, chat lines, undo."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rules.core.dice import Dice, RollRecord
from rules.core.errors import DiceError, IllegalAction
from rules.core.log import REVERTED, Entry, last_revertible, reverted_indexes
from rules.core.messages import TEXT, Catalogue, Message, Msg
from rules.core.notation import DiceExpr
from rules.core.params import bool_param, int_param, list_param, str_param
from rules.core.probability import distribution_outcomes, fraction_text, preview
from rules.core.system import EVERYONE, Action, Event, Json, said

ROLL = "table.roll"
GM_ROLL = "table.gmroll"
SAY = "table.say"
WHISPER = "table.whisper"
TABLE_ACTIONS = (ROLL, GM_ROLL, SAY, WHISPER)
MAX_SAY = 2000  # characters in one chat line
MAX_INLINE = 5  # inline rolls ([[1d20+5]]) in one chat line
MAX_LABEL = 100  # characters of a roll's label
MAX_EXPR_WORDS = 20  # a roll's expression is looked for among this many leading words
INLINE = re.compile(r"\[\[(.*?)\]\]")
USERS = "users"  # a whisper's audience: "users:<id>,<id>" (the table server's user ids)
MAX_PREVIEW_ROWS = 60  # a roll with more totals than this is previewed by its summary only

ROLLED = Message("table.rolled", "{actor} rolled {expr}: {breakdown}")
ROLLED_LABELLED = Message("table.rolled_labelled", "{actor} rolled {expr} ({label}): {breakdown}")
SECRET_ROLL = Message("table.secret_roll", "The GM rolled dice in secret.")
SECRET_ROLL_BY = Message("table.secret_roll_by", "{player} rolled dice in secret.")
SAID = Message("table.said", "{actor}: {text}")
SAID_AS = Message("table.said_as", "{character}: {text}")
WHISPERED = Message("table.whispered", "{actor} whispers to {to}: {text}")
THE_GM = Message("table.the_gm", "the GM")
# The sides the encounter builder gives when the rules name none (vtt/words.py side_name).
SIDE_PLAYERS = Message("table.side.players", "players")
SIDE_OPPONENTS = Message("table.side.opponents", "opponents")
TOO_MANY_INLINE = Message(
    "table.too_many_inline", "a chat line may hold at most {max} inline rolls ([[...]])"
)
NO_READER = Message("table.no_reader", "a whisper needs someone to read it")
NO_RECIPIENT = Message("table.no_recipient", "whisper to whom? Write /w name text")
NO_CHARACTER = Message("table.no_character", "say it as whom? Write /as character text")
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
# A game without a GM, played over days (vtt/remote/): its time control's moments, in the log.
CLOCK_SET = Message(
    "table.clock.set",
    "{side} set the time control: a bank of {bank} h, {increment} h more per move, "
    "at most {cap} h.",
)
CLOCK_TIMEOUT = Message(
    "table.clock.timeout",
    "{side} ran out of time. The game waits for {other} to accept a forfeit or give more time.",
)
CLOCK_EXTENDED = Message("table.clock.extended", "{other} gave {side} {hours} h more.")
CLOCK_FORFEIT = Message(
    "table.clock.forfeit", "{other} accepted the forfeit of {side}, out of time: {other} wins."
)
CLOCK_CONCEDED = Message("table.clock.conceded", "{side} conceded: {other} wins.")
SECRET_ROLL_TEXT = SECRET_ROLL.english


def is_table_action(action: Action) -> bool:
    """Whether `action` is resolved here rather than by the encounter's system."""
    return action.kind in TABLE_ACTIONS


def resolve_table_action(action: Action, dice: Dice) -> list[Event]:
    """Resolve `table.roll`, `table.gmroll`, `table.say` or `table.whisper` into its event."""
    if action.kind in (ROLL, GM_ROLL):
        return [_roll(action, dice, secret=action.kind == GM_ROLL)]
    if action.kind == SAY:
        return [_say(action, dice)]
    if action.kind == WHISPER:
        return [_whisper(action, dice)]
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
            actor=action.actor, expr=expr.text, label=label, breakdown=result.said
        )
    else:
        line = ROLLED(actor=action.actor, expr=expr.text, breakdown=result.said)
    if not secret:
        return said("table.rolled", line, payload, dice=result.dice)
    # A player's secret roll is read by the roller (the user the table server names in `users`)
    # and the GM; everyone else reads that this player rolled, never that the GM did.
    readers = sorted(set(list_param(action.params, "users")))
    if readers:
        audience, redacted = f"{USERS}:{','.join(readers)}", SECRET_ROLL_BY(player=action.actor)
    else:
        audience, redacted = "gm", SECRET_ROLL()
    return said(
        "table.rolled", line, payload, dice=result.dice, audience=audience, redacted=redacted
    )


def _words(action: Action, dice: Dice) -> tuple[str, Json, tuple[RollRecord, ...]]:
    """A chat line's words (spaces collapsed) as the log reads them, each inline roll `[[2d6]]`
    rolled here with the entry's dice, so the revealed seed verifies it like any roll."""
    typed = " ".join(str_param(action.params, "text").split())
    if not typed:
        raise IllegalAction(TEXT_REQUIRED())
    if len(typed) > MAX_SAY:
        raise IllegalAction(TOO_LONG(max=MAX_SAY))
    found = list(INLINE.finditer(typed))
    if not found:
        return typed, {"text": typed}, ()
    if len(found) > MAX_INLINE:
        raise IllegalAction(TOO_MANY_INLINE(max=MAX_INLINE))
    start = len(dice.records)
    rolls: list[Json] = []
    exprs = [DiceExpr.parse(match.group(1)) for match in found]  # all read before any roll
    for expr in exprs:
        result = expr.roll(dice)
        # its breakdown in English, and as a message (`said`) for a reader of another language
        rolls.append(
            {
                "expr": result.expr.text,
                "total": result.total,
                "breakdown": result.breakdown,
                "said": result.said.to_json(),
            }
        )
    shown = iter(rolls)
    line = INLINE.sub(lambda _m: _inline_text(next(shown)), typed)
    return line, {"text": typed, "rolls": rolls}, tuple(dice.records[start:])


def _inline_text(roll: Mapping[str, Any]) -> str:
    """An inline roll in a plain log line: `[1d20+5: 1d20 [12] + 5 = 17]`."""
    return f"[{roll['expr']}: {roll['breakdown']}]"


def inline_parts(payload: Mapping[str, Any]) -> list[Json]:
    """A said line's pieces for the table to show: `{"text": ...}` and the inline rolls
    (`{"expr", "total", "breakdown"}`) in the order they were typed."""
    typed = str(payload.get("text") or "")
    rolls = list(payload.get("rolls") or ())
    parts: list[Json] = []
    at = 0
    for match, roll in zip(INLINE.finditer(typed), rolls, strict=False):
        if match.start() > at:
            parts.append({"text": typed[at : match.start()]})
        parts.append(dict(roll))
        at = match.end()
    if at < len(typed):
        parts.append({"text": typed[at:]})
    return parts


def _say(action: Action, dice: Dice) -> Event:
    line, payload, rolled = _words(action, dice)
    character = str(action.params.get("as") or "").strip()
    if character:
        # said in character: the table server checked the speaker controls the character
        msg = SAID_AS(character=character, text=line)
        return said("table.said", msg, {**payload, "as": character}, dice=rolled)
    return said("table.said", SAID(actor=action.actor, text=line), payload, dice=rolled)


def _whisper(action: Action, dice: Dice) -> Event:
    """A line only its readers see: the sender and recipients the table server named by user
    id in `users`, and every GM (whom `Audience.can_see` shows everything); nobody else gets
    even a redacted line."""
    readers = sorted(set(list_param(action.params, "users")))
    if not readers:
        raise IllegalAction(NO_READER())
    to_gm = bool_param(action.params, "gm")
    to = THE_GM() if to_gm else str_param(action.params, "to")
    line, payload, rolled = _words(action, dice)
    return said(
        "table.whispered",
        WHISPERED(actor=action.actor, to=to, text=line),
        {**payload, "to": "" if to_gm else to, "gm": to_gm},
        dice=rolled,
        audience=f"{USERS}:{','.join(readers)}",
    )


def roll_params(rest: str) -> Json:
    """A roll's expression and label from what follows `/roll`: `1d20+5 # attack`, or the
    longest leading words that are dice notation (`2d6+3 fire damage`)."""
    expr, hash_mark, label = rest.partition("#")
    if not hash_mark:
        words = rest.split()
        if not _is_dice(rest):
            for n in range(min(len(words) - 1, MAX_EXPR_WORDS), 0, -1):
                if _is_dice(" ".join(words[:n])):
                    expr, label = " ".join(words[:n]), " ".join(words[n:])
                    break
    params: Json = {"expr": expr.strip()}
    if label.strip():
        params["label"] = " ".join(label.split())[:MAX_LABEL]
    return params


_DIE = re.compile(r"\d*d\d", re.IGNORECASE)  # a die term, so that a bare number stays talk


def _is_dice(text: str) -> bool:
    try:
        DiceExpr.parse(text)
    except DiceError:
        return False
    return True


def split_name(rest: str, names: Collection[str] = ()) -> tuple[str, str]:
    """A name and the words after it: the longest of `names` the text starts with (names may
    hold spaces; case is ignored), else the first word."""
    rest = rest.strip()
    folded = rest.casefold()
    for name in sorted(names, key=len, reverse=True):
        n = len(name)
        if name and folded.startswith(name.casefold()) and (n == len(rest) or rest[n].isspace()):
            return rest[:n], rest[n:].strip()
    name, _, words = rest.partition(" ")
    return name, words.strip()


def chat_action(actor: str, line: str, names: Collection[str] = ()) -> Action:
    """The table action of a chat line: `/roll EXPR [label]` (`/r`), `/gmroll` (`/gr`),
    `/w NAME TEXT` (`/whisper`), `/as CHARACTER TEXT` (`/ic`), else talk. `names` are the
    names a whisper or `/as` may start with (the table server resolves them)."""
    stripped = line.strip()
    command, _, rest = stripped.partition(" ")
    command = command.lower()
    if command in ("/roll", "/r"):
        return Action(ROLL, actor, roll_params(rest))
    if command in ("/gmroll", "/gr"):
        return Action(GM_ROLL, actor, roll_params(rest))
    if command in ("/w", "/whisper"):
        to, words = split_name(rest, names)
        if not to:
            raise IllegalAction(NO_RECIPIENT())
        return Action(WHISPER, actor, {"to": to, "text": words})
    if command in ("/as", "/ic"):
        character, words = split_name(rest, names)
        if not character:
            raise IllegalAction(NO_CHARACTER())
        return Action(SAY, actor, {"text": words, "as": character})
    if not command.startswith("/") and _DIE.search(stripped) and _is_dice(stripped):
        return Action(ROLL, actor, {"expr": stripped})  # a line of dice alone: `4d10>=8`
    return Action(SAY, actor, {"text": stripped})


def revert_event(
    entry_index: int, what: Msg | None = None, player: str | None = None, shown: int | None = None
) -> Event:
    """The `table.reverted` event taking back entry `entry_index`: by the GM, or by `player` (a
    take-back the rules allow). `what` is the entry's public line, so the table reads what was
    taken back; without one (nothing of it was public) the line names only the entry. `shown` is
    the number the reader finds the entry by in the log (the table server numbers lines by their
    seq), else the entry's index."""
    if entry_index < 1:
        raise IllegalAction(NO_ENTRY(entry=entry_index))
    payload = {"reverts": entry_index}
    number = entry_index if shown is None else shown
    if player is not None and what is not None:
        return said(REVERTED, TOOK_BACK(player=player, entry=number, what=what), payload)
    if player is not None:
        return said(REVERTED, TOOK_BACK_ENTRY(player=player, entry=number), payload)
    if what is not None:
        return said(REVERTED, UNDID_WHAT(entry=number, what=what), payload)
    return said(REVERTED, UNDID(entry=number), payload)


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
