"""Who may take a game without a GM out as a file (issue 30).

The campaign file (vtt/lobby/transfer.py) holds every event as stored: both sides' hidden
moves and each table's seed. A neutral GM sees all of that and downloads it like any GM. A
side's player sees only their side, so the file is theirs only when it shows them nothing
they may not read:

- never while a table is in play (its seed would tell every die to come);
- after the end, at once when the campaign reveals secrets after the end (every player then
  reads the whole log anyway);
- otherwise once every side's player has agreed to share it (`FileConsent`) since the newest
  table began: the other side's player decides whether their hidden moves leave the server.

A file holding only one side's view is not offered: its log would not refold to the snapshot,
so no Tabula could import it.
"""

from __future__ import annotations

from django.db.models import Max
from django.utils.translation import gettext as _

from vtt.campaigns.models import Campaign, FileConsent
from vtt.encounters.models import Status
from vtt.encounters.side_players import plays_a_side as plays_a_side  # lobby pages ask it here
from vtt.encounters.side_players import side_players
from vtt.errors import NotAllowed


def agreed(campaign: Campaign) -> set[int]:
    """The side players whose agreement still holds: given since the newest table began."""
    newest = campaign.encounters.aggregate(newest=Max("created"))["newest"]
    consents = FileConsent.objects.filter(campaign=campaign)
    if newest is not None:
        consents = consents.filter(created__gte=newest)
    return set(consents.values_list("by_id", flat=True))


def waiting_for(campaign: Campaign) -> set[int]:
    """The side players who have not agreed to share the file (none: anyone may take it)."""
    if campaign.reveal_secrets_after_end:
        return set()
    return side_players(campaign) - agreed(campaign)


def require_whole_file(campaign: Campaign, user_id: int) -> None:
    """Refuse a side's player the file while it would show them what their side may not see."""
    if not plays_a_side(campaign, user_id):
        raise NotAllowed(_("Only the game master may do that."))
    if campaign.encounters.filter(status=Status.ACTIVE).exists():
        raise NotAllowed(
            _("The campaign file holds both sides' hidden moves: it is yours once the game ends.")
        )
    if waiting_for(campaign):
        raise NotAllowed(
            _(
                "The campaign file holds both sides' hidden moves: it is yours once both "
                "players have agreed to share it."
            )
        )


def agree(campaign_id: int, user_id: int) -> None:
    """A side's player agrees that the whole file may leave the server (again after a new
    table began)."""
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    if campaign is None or not plays_a_side(campaign, user_id):
        raise NotAllowed(_("Only a side's player may agree to share the campaign file."))
    consent, created = FileConsent.objects.get_or_create(campaign=campaign, by_id=user_id)
    if not created:
        consent.save(update_fields=["created"])  # auto_now: agreed again, now
