"""A take-back restores a state, and so its tables: each audience's table after an undo is the
one this process drew for that state before, with the seq written in again, not drawn anew; it
is what a reload shows (vtt/encounters/fragments.py `table_frame`, `table_source`)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.core.system import Action
from vtt.encounters import delta, fragments, services
from vtt.encounters.audiences import audience_for
from vtt.encounters.models import Encounter

pytestmark = pytest.mark.django_db


def _frames(encounter_id: int, user: Any) -> tuple[fragments.TableFrame | None, str]:
    """The audience's next incremental table frame, and the whole table a reload draws."""
    row = Encounter.objects.get(pk=encounter_id)
    audience = audience_for(encounter_id, user.pk)
    assert audience is not None
    frame = fragments.table_frame(row, audience, incremental=True)
    return frame, fragments.render_table(row, audience, oob=False)


def _newest(encounter_id: int, user: Any) -> delta.Rendering:
    audience = audience_for(encounter_id, user.pk)
    assert audience is not None
    kept = delta.LAST.get((encounter_id, audience.key, "en-us"))
    kept = kept or delta.LAST.get((encounter_id, audience.key, "en"))
    assert kept is not None
    return kept


@pytest.mark.parametrize("who", ["gwen", "pip", "observer"])
def test_an_undo_sends_the_table_drawn_for_that_state_before(
    encounter: Any, gwen: Any, pip: Any, observer: Any, who: str, monkeypatch: Any
) -> None:
    user = {"gwen": gwen, "pip": pip, "observer": observer}[who]
    delta.LAST.clear()
    _frames(encounter.pk, user)
    before = _newest(encounter.pk, user).html
    services.play(encounter.pk, pip.pk, Action("bump", "ann", {}), "bump-1")
    _frames(encounter.pk, user)
    services.undo(encounter.pk, gwen.pk, "undo-1")

    drawn = []
    plain = fragments.unsealed_table
    monkeypatch.setattr(
        fragments, "unsealed_table", lambda *args: drawn.append(args) or plain(*args)
    )
    frame, reload = _frames(encounter.pk, user)

    assert len(drawn) == 1  # the reload's own, not the frame's
    assert frame is not None
    assert _newest(encounter.pk, user).html == reload == before


def test_the_seq_in_a_table_drawn_again_is_the_seq_now(
    mech_encounter: Any, gwen: Any, monkeypatch: Any
) -> None:
    """The mech GM's tools name the seq they were drawn at (fetched again after an event)."""
    delta.LAST.clear()
    services.play(mech_encounter.pk, gwen.pk, Action("begin_turn", "latch"), "g0")
    _frames(mech_encounter.pk, gwen)
    services.play(mech_encounter.pk, gwen.pk, Action("move", "latch", {"x": 4, "y": 5}), "g1")
    _frames(mech_encounter.pk, gwen)
    services.undo(mech_encounter.pk, gwen.pk, "u1")

    drawn = []
    plain = fragments.unsealed_table
    monkeypatch.setattr(
        fragments, "unsealed_table", lambda *args: drawn.append(args) or plain(*args)
    )
    frame, reload = _frames(mech_encounter.pk, gwen)

    seq = Encounter.objects.get(pk=mech_encounter.pk).seq
    assert len(drawn) == 1  # the reload's own
    assert frame is not None
    assert re.findall(r'id="mech-gm-tool-forms"[^>]*data-rev="(\d+)"', reload) == [str(seq)]
    assert _newest(mech_encounter.pk, gwen).html == reload
    assert fragments.SEQ_MARK not in reload
