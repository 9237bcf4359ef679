"""Hybrid tables (issue 10): a player who rolls physical dice is asked for each face the rules
need, named by its purpose; faces that do not fit are asked again; the log marks the dice as
physical and a re-run of the log rolls the same faces. Off by default and per campaign."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core.fairness import verify
from rules.core.registry import get_system
from rules.core.system import Action
from vtt.accounts.models import profile_of
from vtt.campaigns.models import Campaign
from vtt.encounters import services
from vtt.encounters.commands import parse_command
from vtt.encounters.fragments import render_face_prompt
from vtt.encounters.models import Encounter
from vtt.errors import CommandError, FaceWanted, NotAllowed

pytestmark = pytest.mark.django_db


def _hybrid(encounter: Any, pip: Any) -> None:
    Campaign.objects.filter(pk=encounter.campaign_id).update(physical_dice=True)
    profile = profile_of(pip)
    profile.physical_dice = True
    profile.save()


def _bump(faces: tuple[int, ...] = ()) -> Action:
    return Action("bump", "ann", {}, faces)


def test_the_server_rolls_unless_the_campaign_allows_physical_dice(
    encounter: Any, pip: Any
) -> None:
    profile = profile_of(pip)
    profile.physical_dice = True
    profile.save()
    outcome = services.play(encounter.pk, pip.pk, _bump(), "k1")
    assert outcome.events[0].dice
    assert "physical" not in outcome.events[0].dice[0]
    with pytest.raises(NotAllowed, match="server's dice"):
        services.play(encounter.pk, pip.pk, _bump((6,)), "k2")
    assert Encounter.objects.get(pk=encounter.pk).entries == encounter.entries + 1


def test_a_physical_dice_player_is_asked_for_the_face_then_it_is_stored_as_physical(
    encounter: Any, pip: Any, gwen: Any
) -> None:
    _hybrid(encounter, pip)
    before = Encounter.objects.get(pk=encounter.pk).entries
    with pytest.raises(FaceWanted) as asked:
        services.play(encounter.pk, pip.pk, _bump(), "k1")
    assert (asked.value.sides, asked.value.purpose, asked.value.given) == (6, "bump d6", ())
    assert Encounter.objects.get(pk=encounter.pk).entries == before  # nothing stored
    with pytest.raises(FaceWanted) as misfit:
        services.play(encounter.pk, pip.pk, _bump((7,)), "k1")
    assert misfit.value.misfit == 7
    outcome = services.play(encounter.pk, pip.pk, _bump((5, 2)), "k1")  # the extra 2 is unused
    row = outcome.events[0]
    assert row.dice == [{"purpose": "bump d6", "sides": 6, "value": 5, "physical": True}]
    assert row.action["faces"] == [5]
    again = services.play(encounter.pk, pip.pk, _bump((5,)), "k1")  # a resend is answered
    assert not again.fresh
    # Gwen's own dice stay the server's: the preference is Pip's.
    gm_roll = services.chat(encounter.pk, gwen.pk, "/roll 1d20", "k2")
    assert "physical" not in gm_roll.events[0].dice[0]
    ended = services.end_encounter(encounter.pk, gwen.pk)
    entries = services.entries_of(ended)
    report = verify(get_system("counter"), ended.setup, entries, ended.revealed_seed)
    assert report.ok, report.detail


def test_a_chat_roll_asks_for_each_die_in_turn(encounter: Any, pip: Any) -> None:
    _hybrid(encounter, pip)
    with pytest.raises(FaceWanted) as first:
        services.chat(encounter.pk, pip.pk, "/roll 2d6+1 damage", "k1")
    assert first.value.sides == 6
    with pytest.raises(FaceWanted) as second:
        services.chat(encounter.pk, pip.pk, "/roll 2d6+1 damage", "k1", (4,))
    assert second.value.given == (4,)
    outcome = services.chat(encounter.pk, pip.pk, "/roll 2d6+1 damage", "k1", (4, 3))
    assert "= 8" in outcome.events[0].text
    assert all(die["physical"] for die in outcome.events[0].dice)


def test_the_prompt_resends_the_same_message_with_the_faces_so_far() -> None:
    content = {"command": "act", "kind": "bump", "actor": "ann", "key": "k9", "target": "bob"}
    html = render_face_prompt(content, FaceWanted(10, "hit location d10", (3, 8), misfit=12))
    assert 'data-key="k9"' in html
    assert 'name="faces" value="3,8"' in html
    assert 'name="target" value="bob"' in html
    assert 'max="10"' in html
    assert "not 12" in html
    sent = {**content, "faces": "3,8", "face": "4"}
    command = parse_command(json.loads(json.dumps(sent)))
    assert command.action.faces == (3, 8, 4)  # type: ignore[union-attr]
    assert "faces" not in command.action.params  # type: ignore[union-attr]
    for bad in ("0", "x", "-2", "99999"):
        with pytest.raises(CommandError):
            parse_command({**content, "face": bad})
