"""Each move of a game with a time control, inside its transaction (vtt/encounters/moves.py):
refused while a side is out of time (the game waits for the opponent's choice), else the
clocks follow whom the table waits for now."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from vtt.campaigns.two_sided import game_sides
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed
from vtt.remote import clock
from vtt.remote.models import TimeControl
from vtt.remote.services import sides_awaited
from vtt.words import side_name


@lru_cache(maxsize=64)
def has_sides(system_key: str) -> bool:
    return bool(game_sides(system_key))


def paused_reason(side: str) -> str:
    return _(
        "The game is paused: %(side)s ran out of time. Their opponent chooses to accept a "
        "forfeit or to give more time."
    ) % {"side": side_name(side)}


@transaction.atomic(savepoint=False)  # a part of the move's transaction (moves.py)
def on_played(
    sender: Any, encounter: Encounter, before: Any, user_id: int | None, **kwargs: Any
) -> None:
    if not has_sides(encounter.system):
        return  # only games of sides have clocks: no query for the others
    control = TimeControl.objects.select_for_update().filter(encounter_id=encounter.pk).first()
    if control is None:
        return
    now = clock.now()
    late = clock.out_of_time(control, now)
    if late is not None and user_id is not None:
        raise NotAllowed(paused_reason(late))
    if not encounter.is_active:
        clock.stop_all(control, now)
    else:
        clock.follow(control, control.running, sides_awaited(encounter), now)
    control.save(update_fields=["left", "running"])
