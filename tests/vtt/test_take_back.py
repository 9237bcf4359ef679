"""A pilot takes back their own quiet move (MECH-MOVE-UNDO); the GM's undo names what it undid."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed

pytestmark = pytest.mark.django_db


def _page(user: Any, encounter: Any) -> str:
    client = Client()
    client.force_login(user)
    return str(client.get(f"/encounters/{encounter.pk}/").content.decode())


def _page_part(user: Any, encounter: Any, name: str) -> str:
    """A part of the table as the page fetches it when opened (the GM's seat pickers)."""
    client = Client()
    client.force_login(user)
    response = client.get(f"/encounters/{encounter.pk}/part/{name}/")
    assert response.status_code == 200
    return str(response.content.decode())


def _latch(encounter: Any) -> dict[str, Any]:
    unit: dict[str, Any] = Encounter.objects.get(pk=encounter.pk).state["units"]["latch"]
    return unit


def test_a_pilot_takes_back_their_quiet_move_and_the_table_reads_it(
    mech_encounter: Any, gwen: Any, pip: Any
) -> None:
    from vtt.encounters.services import play, undo

    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    before = _latch(mech_encounter)
    assert "Take back" not in _page(pip, mech_encounter)  # starting a turn is not a move
    play(mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 4, "y": 5}), "k2")
    assert (_latch(mech_encounter)["x"], _latch(mech_encounter)["y"]) == (4, 5)
    assert "Take back Latch's move" in _page(pip, mech_encounter)

    outcome = undo(mech_encounter.pk, pip.pk, "k3")

    assert _latch(mech_encounter) == before  # the square and the move left, as before it
    line = outcome.events[0].text
    assert line.startswith("pip took back entry 3: Latch moves to (4, 5)")
    assert line in _page(gwen, mech_encounter)  # the GM reads what was taken back
    assert "Take back" not in _page(pip, mech_encounter)  # once: the move is gone


def test_only_ones_own_newest_quiet_move_can_be_taken_back(
    mech_encounter: Any, gwen: Any, pip: Any, otto: Any
) -> None:
    from vtt.encounters.services import play, undo

    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    with pytest.raises(NotAllowed, match="Only your own last move"):
        undo(mech_encounter.pk, pip.pk, "k2")  # the newest entry is not a move
    play(mech_encounter.pk, gwen.pk, Action("move", "latch", {"x": 4, "y": 5}), "g1")
    with pytest.raises(NotAllowed, match="Only your own last move"):
        undo(mech_encounter.pk, pip.pk, "k3")  # the GM moved Latch: not Pip's to take back
    with pytest.raises(NotAllowed, match="not at this table"):
        undo(mech_encounter.pk, otto.pk, "o1")
    assert (_latch(mech_encounter)["x"], _latch(mech_encounter)["y"]) == (4, 5)  # unchanged


def test_the_gms_undo_names_the_action_it_took_back(mech_encounter: Any, gwen: Any) -> None:
    from vtt.encounters.services import play, undo

    play(mech_encounter.pk, gwen.pk, Action("begin_turn", "latch"), "g1")
    play(mech_encounter.pk, gwen.pk, Action("move", "latch", {"x": 4, "y": 5}), "g2")
    line = undo(mech_encounter.pk, gwen.pk, "g3").events[0].text
    assert line.startswith("The GM took back entry 3: Latch moves to (4, 5)")


def test_the_gms_seats_read_names_not_ids(mech_encounter: Any, gwen: Any) -> None:
    url = f"/encounters/{mech_encounter.pk}/part/seats/"
    assert f'hx-get="{url}"' in _page(gwen, mech_encounter)
    page = _page_part(gwen, mech_encounter, "seats")
    assert '<label for="seat-latch">Latch</label>' in page
    assert '<label for="seat-spar_a">Sparring Mule A</label>' in page


def test_only_the_gm_reads_the_seat_pickers(mech_encounter: Any, pip: Any) -> None:
    """A player who asks for the part gets nothing of who sits where (the GM's alone)."""
    client = Client()
    client.force_login(pip)
    response = client.get(f"/encounters/{mech_encounter.pk}/part/seats/")
    assert response.status_code in (200, 403, 404)
    assert "seat-latch" not in response.content.decode()


def test_a_broadcast_reads_the_newest_entry_from_the_service_not_once_per_view(
    mech_encounter: Any, gwen: Any, pip: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Whether a player's page offers "Take back" comes from the newest entry's rows; the service
    that appended them keeps them for the broadcast, so no player's view reads them again."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from vtt.encounters.audiences import audience_for
    from vtt.encounters.presence import register
    from vtt.encounters.services import play

    for n, user in enumerate((gwen, pip)):
        audience = audience_for(mech_encounter.pk, user.pk)
        assert audience is not None
        register(mech_encounter.pk, f"test.channel{n}", audience.key, "en")
    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")

    with (  # the broadcast runs as the inner block ends, the queries are counted till the outer
        CaptureQueriesContext(connection) as ran,
        django_capture_on_commit_callbacks(execute=True) as rang,
    ):
        play(mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 4, "y": 5}), "k2")

    # the broadcast ran, rendering the GM's and the pilot's views (the other callback: turn notices)
    assert len(rang) == 2
    by_entry = [q["sql"] for q in ran.captured_queries if '"entry" =' in q["sql"]]
    assert by_entry == []
    assert "Take back Latch's move" in _page(pip, mech_encounter)


def test_a_secret_roll_after_the_move_ends_the_pilots_take_back_but_not_the_gms(
    mech_encounter: Any, gwen: Any, pip: Any
) -> None:
    """Undo ends where dice are rolled or secrets revealed: once the GM rolled in secret after
    Latch's move, Pip may not take it back (nothing changes); the GM may, the line says the GM
    took back the entry under the number the log shows it by, and the page marks its line."""
    from vtt.encounters.services import chat, play, undo
    from vtt.eventlog.models import Event

    play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k1")
    [moved] = play(
        mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 4, "y": 5}), "k2"
    ).events
    chat(mech_encounter.pk, gwen.pk, "/gmroll 1d6 # reinforcements", "g1")
    count = Event.objects.filter(encounter=mech_encounter).count()
    assert "Take back" not in _page(pip, mech_encounter)
    with pytest.raises(NotAllowed, match="only the GM can take it back"):
        undo(mech_encounter.pk, pip.pk, "k3")
    assert Event.objects.filter(encounter=mech_encounter).count() == count
    assert (_latch(mech_encounter)["x"], _latch(mech_encounter)["y"]) == (4, 5)

    [revert] = undo(mech_encounter.pk, gwen.pk, "g2").events

    assert revert.payload == {"reverts": moved.entry}
    assert revert.text.startswith(f"The GM took back entry {moved.seq}: Latch moves to (4, 5)")
    assert (_latch(mech_encounter)["x"], _latch(mech_encounter)["y"]) != (4, 5)
    page = _page(pip, mech_encounter)
    line = page.split(f'<li id="event-{moved.seq}"')[1].split(">")[0]
    assert f'data-entry="{moved.entry}"' in line
    assert "undone" in line
    assert revert.text in page
    assert "taken back" in page
