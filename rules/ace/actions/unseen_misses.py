"""An attack that meets, once resolved, what the attacker could not see (SCENE-HIDE-2/3).

At a combatant whose token the attacker's map does not show (GM-only, or off the map), an attack
is not refused for a wall, for reach or for full cover: refusing would tell the player where the
token stands. Resolved on the true map, a shot with a wall or full cover on its line, or a blow at
one on no square next to the attacker's, misses with no die rolled (the attack is spent, as any),
its line saying what it met in the words a player who saw it would have been refused with.
"""

from __future__ import annotations

from rules.ace import messages as m
from rules.ace.actions.cover import cover_counts
from rules.ace.on_the_map import unmet
from rules.ace.settings import AceSettings
from rules.ace.state import Op, State
from rules.ace.stats import evasion
from rules.core.changes import Emitter
from rules.core.system import Event, Json
from rules.scene.ranges import unmet_words


def unseen_miss(
    state: State,
    attacker: Json,
    struck: Json,
    met: tuple[Json, Json],
    kind: str,
    s: AceSettings,
    adjacent: bool,
    records: Emitter,
    ops: list[Op],
    *,
    bonus: int,
    called: bool,
) -> Event | None:
    """The `attack.missed` event of an attack whose true line or reach meets a wall, full cover
    (`met`: the attacker and the one struck, with their true cover) or no adjacent square, or
    None when nothing is in its way."""
    away = unmet(state, attacker["id"], struck["id"], kind)  # SCENE-HIDE-2/3: a wall, or reach
    full = cover_counts(kind, s, adjacent) and "full" in (met[0]["cover"], met[1]["cover"])
    if not (away or full):
        return None
    # ACE-COVER-FULL, a wall or reach met, not refused: the attacker could not see it
    said = (  # in the order a player who saw it would have been refused
        m.FULL_COVER_MET(attacker=attacker["name"], target=struck["name"])
        if full
        else unmet_words(state, attacker["id"], struck["id"], away)
    )
    sides = 10 if called else 20
    ev = evasion(struck, s, kind)
    info = {"natural": 0, "total": 0, "evasion": ev, "hit": False, "critical": False}
    return records.emit("attack.missed", said, ops, hit={**info, "sides": sides, "bonus": bonus})
