"""The server's websocket size limit leaves room for the biggest frame a table sends.

Autobahn (under Daphne) applies its payload limit to frames it sends too: a frame over it closes
the socket with 1011, so a page whose first frame outgrew the limit could never connect.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.registry import get_system
from rules.core.system import GM, Audience
from vtt.encounters.fragments import render_hello
from vtt.wsserver import SERVER_MAX_MESSAGE_BYTES

pytestmark = pytest.mark.django_db

MARGIN = 4  # a table four times the demo's still connects


@pytest.mark.parametrize(
    ("key", "audience"),
    [("delta_green", GM), ("mech", GM), ("scs", GM), ("scs", Audience("player", "blue"))],
)
def test_the_demo_tables_first_frame_fits_the_limit_with_room(
    gwen: Any, key: str, audience: Audience
) -> None:
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    campaign = create_campaign(gwen.pk, "Limits", key)
    encounter = start_encounter(campaign.pk, gwen.pk, "Demo", get_system(key).demo(), {}, key)
    size = len(render_hello(encounter, audience).encode())
    assert size * MARGIN < SERVER_MAX_MESSAGE_BYTES
