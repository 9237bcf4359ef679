"""Making a game without a game master: the campaign, its creator's seat and its open table.

Above both the campaign and the table services (it calls each), so neither imports it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.core.registry import get_system
from vtt.campaigns.models import Campaign, Membership, Role, new_invite_token
from vtt.campaigns.services import invite_expiry
from vtt.campaigns.sides import scenario_choices
from vtt.campaigns.two_sided import demo_setup, game_sides, side_actors, sides_are_actors
from vtt.encounters.services import open_encounter
from vtt.errors import NotAllowed


@transaction.atomic
def create_game(
    user_id: int, name: str, system_key: str, side: str, scenario: str = ""
) -> tuple[Campaign, Any]:
    """A two-sided campaign and its table: the creator a player seated at `side`, the other
    side free for whoever joins by the invite link first."""
    sides = game_sides(system_key)
    if not sides:
        raise NotAllowed(_("This rule system needs a game master."))
    if side not in sides:
        raise NotAllowed(_("Choose one of the game's two sides."))
    setup = demo_setup(get_system(system_key))
    if scenario:
        if scenario not in dict(scenario_choices(system_key)):
            raise NotAllowed(_("Choose one of the listed scenarios."))
        setup["scenario"] = scenario
    if sides_are_actors(system_key):
        setup["seats"] = {each: "player1" if each == side else "player2" for each in sides}
        setup.pop("skip_setup", None)  # a real game starts with the set-up
    for combatant in setup.get("combatants") or ():
        combatant.pop("controller", None)  # a skirmish: each side's player runs its combatants
    campaign = Campaign.objects.create(
        name=name,
        system=system_key,
        owner_id=user_id,
        two_sided=True,
        invite_token=new_invite_token(),
        invite_expires=invite_expiry(),
    )
    Membership.objects.create(campaign=campaign, user_id=user_id, role=Role.PLAYER)
    seats = dict.fromkeys(side_actors(setup, side), user_id)
    encounter = open_encounter(campaign.pk, user_id, name, setup, seats, system_key)
    return campaign, encounter
