"""Issue 34: a mech player on their own turn reads "Your turn" like every other system's player
(the mech's view keeps its units by id, with the active one, not a combatants list)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from vtt.encounters.services import play

pytestmark = pytest.mark.django_db


def test_the_mech_player_on_their_turn_reads_the_turn_banner(mech_encounter: Any, pip: Any) -> None:
    client = Client()
    client.force_login(pip)
    url = f"/encounters/{mech_encounter.pk}/"
    assert 'class="turn-banner mine"' not in client.get(url).content.decode()
    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    page = client.get(url).content.decode()
    assert 'class="turn-banner mine"' in page
    assert "Your turn: Latch" in page
