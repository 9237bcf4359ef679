"""`{% paused_for_you %}`: on "Your games", the games paused because the user's opponent ran
out of time, which wait for the user to accept the forfeit or give more time."""

from __future__ import annotations

from typing import Any

from django import template

from vtt.encounters.models import Seat, Status
from vtt.remote import clock
from vtt.remote.models import TimeControl
from vtt.remote.services import held_sides
from vtt.words import side_name

register = template.Library()


def paused_for(user_id: int) -> list[dict[str, Any]]:
    """The user's open games whose other side is out of time, with that side's name."""
    seats = Seat.objects.filter(user_id=user_id).values("encounter_id")
    controls = (
        TimeControl.objects.filter(encounter_id__in=seats, encounter__status=Status.ACTIVE)
        .exclude(running={})
        .select_related("encounter")
    )
    now = clock.now()
    found = []
    for control in controls:
        late = clock.out_of_time(control, now)
        if late is None:
            continue
        if late not in held_sides(control.encounter, user_id):
            found.append({"encounter": control.encounter, "late": side_name(late)})
    return found


@register.inclusion_tag("remote/_paused.html", takes_context=True)
def paused_for_you(context: dict[str, Any]) -> dict[str, Any]:
    user = context["request"].user
    return {"rows": paused_for(user.pk) if user.is_authenticated else []}
