"""Issue 37 (nobody in a game without a GM sees the other side): its host plays a side, so while
a table is in play the campaign file (every event of both sides, the snapshot, the seed that
gives every die to come) is not theirs to download; once the games have ended it is."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from vtt.encounters.models import Encounter
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game
from vtt.remote.services import concede


@pytest.mark.django_db(transaction=True)
def test_the_host_gets_no_file_while_a_table_is_in_play(pip: Any, otto: Any) -> None:
    campaign, table = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    host = Client()
    host.force_login(pip)
    refused = host.get(f"/campaigns/{campaign.pk}/export/", follow=True)
    seed = Encounter.objects.get(pk=table.pk).seed
    assert seed not in refused.content.decode()
    assert "Only the game master may do that." in refused.content.decode()
    assert not refused.get("Content-Disposition")
    concede(table.pk, otto.pk)  # the game ends
    taken = host.get(f"/campaigns/{campaign.pk}/export/")
    assert taken.status_code == 200
    assert taken["Content-Disposition"].startswith("attachment")
