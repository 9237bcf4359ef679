"""Games without a game master (issue 37): two sides, and the rules as the referee.

For a system whose rules decide every step (SCS: every action is a side's, the phasing side
ends each phase, the Supply Phase and victory are automatic), a campaign can be made as a
two-sided game. Its owner is a *player* seated at one side, so he sees and acts only as that
side; the campaign's invite link seats the next member who joins at the free side; later
members come in as observers, who see only what both sides see; either player may make one of
them a neutral game master (who holds no side) and either may undo it. When the rules end the
game, the server ends the table and reveals the seed (`vtt.encounters.services._referee_ends`).
Seating the joiner and who may set roles (seats at the tables) are in vtt/lobby/members.py.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.core.registry import get_system
from vtt.campaigns.models import Campaign, Role
from vtt.campaigns.two_sided import demo_setup
from vtt.errors import NotAllowed
from vtt.words import shown


def scenario_choices(system_key: str) -> list[tuple[str, str]]:
    """The built-in scenarios of a system whose demo names one, as (name, title)."""
    system = get_system(system_key)
    scenario = demo_setup(system).get("scenario")
    if not isinstance(scenario, str) or system.scenarios is None:
        return []
    titles = dict(system.scenarios())  # the rules' built-in scenarios, by name
    return [(name, shown(titles.get(name, name))) for name in sorted(set(titles) | {scenario})]


def require_host(campaign_id: int, user_id: int) -> None:
    """Raise NotAllowed unless the user is the campaign's GM or the owner of a game without one
    (who hands out its invite link and may seat a neutral GM)."""
    from vtt.campaigns.roles import role_of

    if role_of(campaign_id, user_id) == Role.GM:
        return
    if not Campaign.objects.filter(pk=campaign_id, owner_id=user_id, two_sided=True).exists():
        raise NotAllowed(_("Only the game master may do that."))
