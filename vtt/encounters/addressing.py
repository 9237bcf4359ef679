"""Who a chat line names: a whisper's readers (`/w`) and the character a line is said as (`/as`).

The rules engine reads the names off the line (`rules.core.table.chat_action`); this module
knows the table (its members, characters and seats) and turns them into user ids and the
character's own name, or refuses. The GM reads every whisper (as Foundry VTT shows them to GMs):
`Audience.can_see` shows a GM everything, so a whisper's audience lists only the sender and
recipients.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.core.registry import get_system
from rules.core.system import GM, Action
from rules.core.table import SAY, WHISPER
from vtt.accounts.models import display_name
from vtt.campaigns.models import Membership, Role
from vtt.encounters.fragments import actor_names
from vtt.encounters.models import Encounter, Seat
from vtt.errors import NotAllowed, NotYourCharacter

GM_WORD = "gm"  # `/w gm ...`: wins over a member or character of that name


@dataclass(frozen=True)
class People:
    """Who is at a table: members as (user id, username, display name), characters by actor id,
    and who sits at which actor."""

    members: tuple[tuple[int, str, str], ...]
    characters: dict[str, str]
    seats: dict[str, int]

    @property
    def names(self) -> list[str]:
        """Every name a whisper or `/as` may start with."""
        found = {GM_WORD}
        for _uid, username, shown in self.members:
            found.update((username, shown))
        for actor, name in self.characters.items():
            found.update((actor, name))
        return sorted(found)

    def member(self, name: str) -> tuple[int, str] | None:
        """The member a name is (username or display name, any case): (user id, display name)."""
        folded = name.casefold()
        for uid, username, shown in self.members:
            if folded in (username.casefold(), shown.casefold()):
                return uid, shown
        return None

    def character(self, name: str) -> tuple[str, str] | None:
        """The character a name is (its name or id, any case): (actor id, name)."""
        folded = name.casefold()
        for actor, shown in self.characters.items():
            if folded in (actor.casefold(), shown.casefold()):
                return actor, shown
        return None


def people_at(encounter: Encounter) -> People:
    """The members, characters and seats of an encounter (three queries)."""
    members = tuple(
        (m.user_id, m.user.get_username(), display_name(m.user))
        for m in Membership.objects.filter(campaign_id=encounter.campaign_id)
        .select_related("user__profile")
        .order_by("pk")
    )
    system = get_system(encounter.system)
    state = system.load(encounter.state)
    characters = actor_names(system.view(state, GM))
    for actor in system.actors(state) if system.actors else ():
        characters.setdefault(actor, actor)
    seats = dict(Seat.objects.filter(encounter=encounter).values_list("actor_id", "user_id"))
    return People(members, characters, seats)


def addressed(action: Action, people: People, user_id: int, role: str) -> Action:
    """The action with its names resolved: a whisper's readers as user ids, the character of an
    in-character line as its name; anyone unknown, or not the sender's to speak as, is refused."""
    if action.kind == WHISPER:
        return _whisper(action, people, user_id)
    if action.kind == SAY and action.params.get("as") is not None:
        return _in_character(action, people, user_id, role)
    return action


def _whisper(action: Action, people: People, user_id: int) -> Action:
    to = str(action.params.get("to") or "")
    params = {"text": action.params.get("text", "")}
    if to.casefold() == GM_WORD:
        return Action(
            WHISPER, action.actor, {**params, "to": "", "gm": True, "users": [str(user_id)]}
        )
    member = people.member(to)
    if member is not None:
        reader, label = member
    else:
        character = people.character(to)
        if character is None:
            raise NotAllowed(
                _(
                    "Nobody called %(name)s is at this table: whisper to a member, a seated "
                    "character or gm."
                )
                % {"name": to[:60]}
            )
        actor, label = character
        if actor not in people.seats:
            raise NotAllowed(_("Nobody plays %(name)s; whisper to gm instead.") % {"name": label})
        reader = people.seats[actor]
    readers = sorted({str(user_id), str(reader)})
    return Action(WHISPER, action.actor, {**params, "to": label, "gm": False, "users": readers})


def _in_character(action: Action, people: People, user_id: int, role: str) -> Action:
    wanted = str(action.params.get("as") or "")
    character = people.character(wanted)
    if character is None:
        raise NotAllowed(_("There is no character %(name)s at this table.") % {"name": wanted[:60]})
    actor, name = character
    if role != Role.GM and people.seats.get(actor) != user_id:
        raise NotYourCharacter(_("You do not play %(name)s.") % {"name": name})
    return Action(SAY, action.actor, {"text": action.params.get("text", ""), "as": name})
