"""What the players of a game without a GM decide off the board: the time control they play
with, the opponent's choice when a side runs out of time, and conceding. Each locks the
encounter row first, as a move does, so it cannot cross a move."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.core.messages import Msg
from rules.core.system import said
from rules.core.table import (
    CLOCK_CONCEDED,
    CLOCK_EXTENDED,
    CLOCK_FORFEIT,
    CLOCK_SET,
    CLOCK_TIMEOUT,
)
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.campaigns.two_sided import game_sides
from vtt.encounters import services as tables
from vtt.encounters.audiences import side_of
from vtt.encounters.models import Encounter, Seat
from vtt.encounters.waiting import awaited
from vtt.errors import NotAllowed
from vtt.remote import clock
from vtt.remote.models import Result, TimeControl
from vtt.words import _side_messages as side_messages  # the sides every system names


def side_of_player(encounter: Encounter, user_id: int) -> str:
    """The one side the user plays in this game without a GM; refused for anyone else."""
    sides = game_sides(encounter.system)
    two_sided = Campaign.objects.filter(pk=encounter.campaign_id, two_sided=True).exists()
    if not sides or not two_sided:
        raise NotAllowed(_("Only a game without a GM has this."))
    playing = Membership.objects.filter(
        campaign_id=encounter.campaign_id, user_id=user_id, role=Role.PLAYER
    ).exists()
    mine = held_sides(encounter, user_id)
    if not playing or len(mine) != 1:
        raise NotAllowed(_("Only a player of one side of this game may do this."))
    return mine.pop()


def held_sides(encounter: Encounter, user_id: int) -> set[str]:
    """The sides whose actors the user holds at this table: a side itself (SCS) or a combatant
    of it (a skirmish)."""
    sides = game_sides(encounter.system)
    seats = Seat.objects.filter(encounter=encounter, user_id=user_id)
    held = {
        actor if actor in sides else side for actor, side in seats.values_list("actor_id", "side")
    }
    return {side for side in held if side in sides}


def sides_awaited(encounter: Encounter) -> set[str]:
    """The sides the table waits for: the sides themselves, or the sides of the combatants."""
    found = set()
    for actor in awaited(encounter):
        side = side_of(encounter.setup, actor)
        if side:
            found.add(side)
    return found


def opponent_of(encounter: Encounter, side: str) -> str:
    return next(other for other in game_sides(encounter.system) if other != side)


@transaction.atomic(savepoint=False)  # a part of its caller's transaction
def _active(encounter_id: int) -> Encounter:
    encounter = tables._locked(encounter_id)
    if not encounter.is_active:
        raise NotAllowed(_("This encounter has ended."))
    return encounter


def _note(control: TimeControl, now: datetime, what: str, side: str, **more: Any) -> None:
    control.history = [
        *control.history,
        {"at": now.isoformat(), "what": what, "side": side, **more},
    ]


def side_said(side: str) -> Msg | str:
    """A side as a log line's parameter: its declared name, translated for each reader."""
    message = side_messages().get(side)
    return message() if message is not None else side.replace("_", " ").title()


CLOCK_LINES = {
    "set": CLOCK_SET,
    "timeout": CLOCK_TIMEOUT,
    "extended": CLOCK_EXTENDED,
    "forfeit": CLOCK_FORFEIT,
    "conceded": CLOCK_CONCEDED,
}


def log_clock(encounter: Encounter, what: str, side: str, **more: Any) -> None:
    """The moment in the table's log, for both sides and anyone watching (inside the caller's
    transaction, the encounter row locked): a line of its own with no sender, which changes
    nothing in the game and is nobody's to take back."""
    other = opponent_of(encounter, side)
    line = CLOCK_LINES[what](side=side_said(side), other=side_said(other), **more)
    event = said("table.clock", line, {"what": what, "side": side, **more})
    tables._append_entry(
        encounter,
        encounter.entries + 1,
        [event],
        user_id=None,
        key=None,
        action=None,
        game=False,
    )


@transaction.atomic
def set_time_control(
    encounter_id: int, user_id: int, bank_hours: int, increment_hours: int, cap_hours: int
) -> TimeControl:
    """Either side's player sets the game's time control, once; both sides' clocks start
    from the bank, the awaited side's at once."""
    encounter = _active(encounter_id)
    side = side_of_player(encounter, user_id)
    if TimeControl.objects.filter(encounter=encounter).exists():
        raise NotAllowed(_("This game has a time control already."))
    hours = (bank_hours, increment_hours, cap_hours)
    if any(not 0 <= h <= clock.MOST_HOURS for h in hours) or bank_hours < 1 or cap_hours < 1:
        raise NotAllowed(
            _("Each time is a number of hours from 1 to %(most)d (the increment may be 0).")
            % {"most": clock.MOST_HOURS}
        )
    if cap_hours < bank_hours:
        raise NotAllowed(_("The cap cannot be less than the bank."))
    now = clock.now()
    control = TimeControl(
        encounter=encounter,
        bank_seconds=bank_hours * 3600,
        increment_seconds=increment_hours * 3600,
        cap_seconds=cap_hours * 3600,
        set_by_id=user_id,
    )
    control.left = {s: control.bank_seconds for s in game_sides(encounter.system)}
    clock.follow(control, (), sides_awaited(encounter), now)
    _note(control, now, "set", side)
    control.save()
    log_clock(encounter, "set", side, bank=bank_hours, increment=increment_hours, cap=cap_hours)
    return control


@transaction.atomic
def decide(encounter_id: int, user_id: int, choice: str, hours: int = 0) -> str:
    """The opponent of a side that ran out of time accepts its forfeit (the game ends, the
    opponent wins) or gives it `hours` more; the side that ran out."""
    encounter = _active(encounter_id)
    side = side_of_player(encounter, user_id)
    control = TimeControl.objects.select_for_update().filter(encounter=encounter).first()
    now = clock.now()
    late = clock.out_of_time(control, now) if control is not None else None
    if control is None or late is None or late == side:
        raise NotAllowed(_("Nobody's time has run out: there is nothing to decide."))
    if choice == "extend":
        if not 1 <= hours <= clock.MOST_HOURS:
            raise NotAllowed(_("Give from 1 to %(most)d hours more.") % {"most": clock.MOST_HOURS})
        _note(
            control,
            now,
            "extended",
            late,
            ran_out=clock.ran_out_at(control, late).isoformat(),
            hours=hours,
        )
        clock.extend(control, late, hours * 3600, now)
        control.save()
        log_clock(encounter, "extended", late, hours=hours)
        return late
    if choice != "forfeit":
        raise NotAllowed(_("Choose to accept the forfeit or to give more time."))
    _note(control, now, "forfeit", late, ran_out=clock.ran_out_at(control, late).isoformat())
    clock.stop_all(control, now)
    control.save()
    log_clock(encounter, "forfeit", late)
    _ends(encounter, winner=side, loser=late, how=Result.FORFEIT, now=now)
    return late


@transaction.atomic
def concede(encounter_id: int, user_id: int) -> str:
    """A player concedes: the game ends and the other side wins; the side that conceded."""
    encounter = _active(encounter_id)
    side = side_of_player(encounter, user_id)
    now = clock.now()
    control = TimeControl.objects.select_for_update().filter(encounter=encounter).first()
    if control is not None:
        _note(control, now, "conceded", side)
        clock.stop_all(control, now)
        control.save()
    log_clock(encounter, "conceded", side)
    _ends(encounter, winner=opponent_of(encounter, side), loser=side, how=Result.CONCEDED, now=now)
    return side


def _ends(encounter: Encounter, *, winner: str, loser: str, how: str, now: datetime) -> None:
    Result.objects.create(encounter=encounter, winner=winner, loser=loser, how=how, at=now)
    tables._referee_ends(encounter)  # the table ends, the seed is revealed, pages hear it
