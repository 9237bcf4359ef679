"""The dice-bot commands typed in the chat box (issue 38), as table actions: `.r` and a hidden
`.rh 1d100` stay table rolls; `.ra`/`.rc`/`.rh skill`, `.sc`, `.st` and `.en` become the
system's own actions (rules.core.dot_commands.py reads them, the system resolves them), played as
any action is: server dice, logged, undoable by the GM."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from rules.core.actions import GM_ACTOR
from rules.core.dot_commands import parse
from rules.core.system import Action
from vtt.encounters.audiences import audience_for
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed

# The systems that play checks by name, and the action each command sends.
SYSTEMS = ("coc", "delta_green")
KINDS = {
    "ra": "check",
    "rav": "opposed_check",
    "sc": "sanity_check",
    "st": "set_values",
    "en": "growth",
}


def table_line(text: str) -> str:
    """A `.r`/`.rh` dice roll as the table's own `/roll`/`/gmroll` line; any other line as it is."""
    dot = parse(text)
    if dot is None or dot.command not in ("r", "rh"):
        return text
    return ("/roll " if dot.command == "r" else "/gmroll ") + str(dot.params["expr"])


def session_mark(text: str) -> tuple[str, str] | None:
    """(mark, name) of a `.log new 第一夜` line (rules/core/recording.py); None for any other."""
    dot = parse(text)
    if dot is None or dot.command != "log":
        return None
    return str(dot.params["mark"]), str(dot.params["name"])


def game_action(encounter_id: int, user_id: int, text: str) -> Action | None:
    """The system action of a `.ra`, `.rh skill`, `.sc`, `.st` or `.en` line, sent by the GM
    or by the player's own character; None for any other line."""
    dot = parse(text)
    if dot is None or dot.command not in KINDS:
        return None
    encounter = Encounter.objects.filter(pk=encounter_id).only("system", "state").first()
    audience = audience_for(encounter_id, user_id)
    if encounter is None or audience is None:
        raise NotAllowed(_("You are not at this table."))
    if encounter.system not in SYSTEMS:
        raise NotAllowed(_("These rules have no checks by skill name."))
    params = dict(dot.params)
    if audience.role == "gm":
        # the GM checks as the character named (`.ra 侦查 @Ann`), else as the GM
        actor = _named(encounter.state, str(params.get("who") or "")) or GM_ACTOR
        if actor != GM_ACTOR:
            params.pop("who")
    elif audience.actors:
        # a player with several seats names which (`.ra 侦察 @Walsh`); else the first seat
        named = _named(encounter.state, str(params.get("who") or ""))
        actor = named if named in audience.actors else sorted(audience.actors)[0]
        if named in audience.actors:
            params.pop("who")
    else:
        raise NotAllowed(_("Take a seat at a character first."))
    return Action(KINDS[dot.command], actor, params)


def _named(state: Any, name: str) -> str | None:
    """The id of the combatant a name (or id) means, case ignored; None for none."""
    combatants = state.get("combatants") if isinstance(state, dict) else None
    if not name or not isinstance(combatants, dict):
        return None
    folded = name.casefold()
    for ident, c in combatants.items():
        if folded in (str(ident).casefold(), str(c.get("name") or "").casefold()):
            return str(ident)
    return None
