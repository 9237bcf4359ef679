"""Issues 37 and 30 (nobody in a game without a GM sees the other side): a side's player gets the
campaign file (every event of both sides, the snapshot, the seed that gives every die to come)
only when it shows nothing their side may not read: never while a table is in play; after the
end once both players agreed to share it, or at once when the campaign reveals secrets after the
end. The export link is on the game's page, with what it waits for."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from vtt.campaigns.models import Campaign
from vtt.encounters.models import Encounter
from vtt.encounters.services import play
from vtt.eventlog.models import Event
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game
from vtt.remote.services import concede


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db(transaction=True)
def test_the_host_gets_no_file_while_a_table_is_in_play(pip: Any, otto: Any) -> None:
    campaign, table = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    host = client_of(pip)
    assert (
        f"/campaigns/{campaign.pk}/export/"
        in host.get(f"/campaigns/{campaign.pk}/").content.decode()
    )
    refused = host.get(f"/campaigns/{campaign.pk}/export/", follow=True)
    seed = Encounter.objects.get(pk=table.pk).seed
    assert seed not in refused.content.decode()
    assert "it is yours once the game ends" in refused.content.decode()
    assert not refused.get("Content-Disposition")
    concede(table.pk, otto.pk)  # the game ends
    assert host.post(f"/campaigns/{campaign.pk}/export/share/").status_code == 302
    assert client_of(otto).post(f"/campaigns/{campaign.pk}/export/share/").status_code == 302
    taken = host.get(f"/campaigns/{campaign.pk}/export/")
    assert taken.status_code == 200
    assert taken["Content-Disposition"].startswith("attachment")


@pytest.mark.django_db(transaction=True)
def test_after_the_end_a_side_takes_the_file_only_once_the_other_side_agrees(
    pip: Any, otto: Any, gwen: Any
) -> None:
    """Issue 30: after Red concedes, Blue's host asks for the file: refused, it holds Red's
    hidden moves; he agrees, still refused until Red agrees; then either player takes the whole
    file. A member who holds no side cannot agree for anyone."""
    campaign, table = create_game(pip.pk, "Duel", "scs", "red", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    join_by_token(gwen.pk, str(campaign.invite_token))  # both sides taken: an observer
    place = Action("setup.place", "red", {"unit": "R7", "hex": "10.04"})
    play(table.pk, pip.pk, place, uuid.uuid4().hex)  # Red's secret set-up
    secret = Event.objects.get(encounter=table, kind="setup.placed")
    assert secret.audience == "side:red"
    concede(table.pk, otto.pk)
    host, other = client_of(pip), client_of(otto)
    url = f"/campaigns/{campaign.pk}/export/"
    # the ended game's table points its players to the file (issue 32), not its observer
    standing = f"/encounters/{table.pk}/standing/"
    assert f"/campaigns/{campaign.pk}/#side-file" in other.get(standing).content.decode()
    assert "side-file" not in client_of(gwen).get(standing).content.decode()
    refused = host.get(url, follow=True).content.decode()
    assert "once both players agree" in refused or "once both players have agreed" in refused
    assert "otto" in host.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert host.post(f"{url}share/").status_code == 302
    assert not host.get(url).get("Content-Disposition")
    assert client_of(gwen).post(f"{url}share/").status_code == 302  # refused, in words
    assert client_of(gwen).get(url).status_code == 404
    assert not host.get(url).get("Content-Disposition")
    assert other.post(f"{url}share/").status_code == 302
    for client in (host, other):
        taken = client.get(url)
        assert taken.status_code == 200
        assert secret.text in taken.content.decode()  # the whole file, as both agreed
    page = host.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Both players agreed" in page


@pytest.mark.django_db(transaction=True)
def test_a_game_that_reveals_secrets_after_the_end_gives_its_file_at_once(
    pip: Any, otto: Any
) -> None:
    campaign, table = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    Campaign.objects.filter(pk=campaign.pk).update(reveal_secrets_after_end=True)
    join_by_token(otto.pk, str(campaign.invite_token))
    concede(table.pk, pip.pk)
    assert client_of(otto).get(f"/campaigns/{campaign.pk}/export/").status_code == 200
