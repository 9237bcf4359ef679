"""Services and permissions: every change goes through one transaction with its checks."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.core.dice import SeededDice, derive_seed
from rules.core.errors import DiceError, RulesError, SheetError
from rules.core.system import Action
from vtt.campaigns import services as campaigns
from vtt.campaigns.roles import role_of
from vtt.encounters import append, audiences, services
from vtt.encounters.fragments import dice_chips, render_events, visible_rows
from vtt.encounters.models import Encounter
from vtt.errors import BadInvite, NotAllowed, NotYourCharacter
from vtt.eventlog.models import AppendOnly, Event
from vtt.lobby import members

pytestmark = pytest.mark.django_db


def bump(actor: str = "ann") -> Action:
    return Action("bump", actor, {})


def stored(encounter: Any) -> tuple[int, int, dict[str, Any]]:
    """What is stored about an encounter: event count, seq and snapshot."""
    fresh = Encounter.objects.get(pk=encounter.pk)
    return Event.objects.filter(encounter=encounter).count(), fresh.seq, fresh.state


def test_start_commits_to_a_seed_and_hides_it_until_the_end(encounter: Any, gwen: Any) -> None:
    assert encounter.commitment == hashlib.sha256(encounter.seed.encode()).hexdigest()
    assert encounter.revealed_seed is None
    first = Event.objects.get(encounter=encounter, seq=1)
    assert first.kind == "table.started"
    assert encounter.commitment in first.text

    ended = services.end_encounter(encounter.pk, gwen.pk)

    assert ended.revealed_seed == encounter.seed
    assert Event.objects.filter(encounter=encounter, kind="table.ended").get().payload == {
        "seed": encounter.seed
    }


def test_player_acts_for_their_seat_with_the_entrys_seeded_dice(encounter: Any, pip: Any) -> None:
    outcome = services.play(encounter.pk, pip.pk, bump(), "k1")

    [row] = outcome.events
    expected = SeededDice(derive_seed(encounter.seed, row.entry)).roll(6, "bump d6")
    assert row.entry == 2
    assert row.seq == 2
    assert row.dice == [{"purpose": "bump d6", "sides": 6, "value": expected}]
    assert row.action == {"kind": "bump", "actor": "ann", "params": {}}
    assert Encounter.objects.get(pk=encounter.pk).state["total"] == expected


def test_resent_key_is_answered_not_applied_twice(encounter: Any, pip: Any) -> None:
    first = services.play(encounter.pk, pip.pk, bump(), "same-key")
    before = stored(encounter)

    again = services.play(encounter.pk, pip.pk, bump(), "same-key")

    assert first.fresh
    assert not again.fresh
    assert [e.pk for e in again.events] == [e.pk for e in first.events]
    assert stored(encounter) == before


# the locked path's statement, and the unlocked chat write's own (vtt/encounters/append.py)
UNFLUSHED = ("SET LOCAL synchronous_commit TO OFF", append.UNFLUSHED)


def test_a_chat_line_waits_for_the_disk_by_default_and_skips_it_only_when_told(
    encounter: Any, pip: Any, settings: Any
) -> None:
    def ran_unflushed(service: Any, *args: Any) -> bool:
        with CaptureQueriesContext(connection) as run:
            service(*args)
        return any(mark in query["sql"] for query in run.captured_queries for mark in UNFLUSHED)

    assert not ran_unflushed(services.play, encounter.pk, pip.pk, bump(), "k1")
    assert not ran_unflushed(services.chat, encounter.pk, pip.pk, "/roll 1d6", "k2")

    settings.VTT_CHAT_WAITS_FOR_DISK = False
    on_postgres = connection.vendor == "postgresql"  # SQLite has no such setting to change
    assert ran_unflushed(services.chat, encounter.pk, pip.pk, "/roll 1d6", "k3") == on_postgres
    if on_postgres:  # the test's own transaction is still open: the setting holds until its end
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone() == ("off",)
    assert not ran_unflushed(services.play, encounter.pk, pip.pk, bump(), "k4")


def test_player_cannot_act_for_someone_elses_character(encounter: Any, pip: Any) -> None:
    before = stored(encounter)
    with pytest.raises(NotYourCharacter):
        services.play(encounter.pk, pip.pk, bump("bob"), "k")
    assert stored(encounter) == before


def test_gm_may_act_for_any_actor(encounter: Any, gwen: Any) -> None:
    assert services.play(encounter.pk, gwen.pk, bump("bob"), "k").fresh


def test_observer_never_acts_nor_speaks(encounter: Any, observer: Any) -> None:
    before = stored(encounter)
    with pytest.raises(NotAllowed):
        services.play(encounter.pk, observer.pk, bump(), "k")
    with pytest.raises(NotAllowed):
        services.chat(encounter.pk, observer.pk, "/roll 1d6", "k2")
    assert stored(encounter) == before


def test_stranger_cannot_act_or_chat(encounter: Any, otto: Any) -> None:
    with pytest.raises(NotAllowed):
        services.play(encounter.pk, otto.pk, bump(), "k")
    with pytest.raises(NotAllowed):
        services.chat(encounter.pk, otto.pk, "hello", "k2")
    assert not audiences.can_view(otto.pk, encounter.pk)


def test_removed_member_can_no_longer_act(encounter: Any, gwen: Any, pip: Any) -> None:
    members.remove_member(encounter.campaign_id, gwen.pk, pip.pk)
    before = stored(encounter)
    with pytest.raises(NotAllowed):
        services.play(encounter.pk, pip.pk, bump(), "k")
    with pytest.raises(NotAllowed):
        services.chat(encounter.pk, pip.pk, "/roll 1d6", "k2")
    assert stored(encounter) == before


def test_roll_2d6_plus_3_shows_every_die(encounter: Any, pip: Any) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "/roll 2d6+3", "k").events
    faces = [die["value"] for die in row.dice]
    assert len(faces) == 2
    assert all(d["sides"] == 6 for d in row.dice)
    assert row.payload["total"] == sum(faces) + 3
    assert row.kind == "table.rolled"
    assert row.audience == "all"
    assert row.text.startswith("pip rolled 2d6+3")


def test_a_dice_chip_names_its_die_once(encounter: Any, pip: Any, gwen: Any) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "/roll 2d6+3", "k").events
    encounter.refresh_from_db()
    html = render_events(encounter, audiences.audience_for(encounter.pk, gwen.pk), row.seq, row.seq)
    assert html.count('<span class="purpose">2d6</span> <b class="face">') == 2
    assert 'class="sides"' not in html  # the purpose "2d6" already says d6
    chips = dice_chips([{"purpose": "hit location", "sides": 10, "value": 7}])
    assert chips[0]["sides_shown"]  # "hit location d10 7"


def test_roll_1d100(encounter: Any, pip: Any) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "/roll 1d100", "k").events
    assert [d["sides"] for d in row.dice] == [100]
    assert row.payload["total"] == row.dice[0]["value"]


def test_roll_4d10_at_least_8_counts_successes(encounter: Any, pip: Any) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "/roll 4d10>=8", "k").events
    faces = [die["value"] for die in row.dice]
    assert len(faces) == 4
    assert row.payload["total"] == sum(1 for face in faces if face >= 8)


def test_the_gms_gmroll_only_the_gm_sees_the_result(encounter: Any, pip: Any) -> None:
    """The GM's secret roll; a player's is read by the roller too (test_table_chat.py)."""
    [row] = services.chat(encounter.pk, encounter.campaign.owner_id, "/gmroll 1d20", "k").events
    assert row.audience == "gm"
    gm = audiences.audience_for(encounter.pk, encounter.campaign.owner_id)
    player = audiences.audience_for(encounter.pk, pip.pk)
    assert gm is not None
    assert player is not None

    [seen_by_gm] = visible_rows([row], gm)
    [seen_by_player] = visible_rows([row], player)

    assert seen_by_gm["dice"] == dice_chips(row.dice)
    assert seen_by_gm["text"] == row.text
    assert seen_by_player["dice"] == []
    assert seen_by_player["redacted"]
    assert str(row.dice[0]["value"]) not in seen_by_player["text"]
    player_html = render_events(Encounter.objects.get(pk=encounter.pk), player, row.seq, row.seq)
    assert row.text not in player_html
    assert "secret" in player_html


def test_roll_with_ten_thousand_dice_is_refused_and_stores_nothing(
    encounter: Any, pip: Any
) -> None:
    before = stored(encounter)
    with pytest.raises(DiceError):
        services.chat(encounter.pk, pip.pk, "/roll 10000d6", "k")
    assert stored(encounter) == before


def test_unknown_chat_command_is_refused(encounter: Any, pip: Any) -> None:
    with pytest.raises(NotAllowed, match="Unknown chat command"):
        services.chat(encounter.pk, pip.pk, "/dance wildly", "k")


def test_html_in_a_chat_line_is_rendered_as_text(encounter: Any, pip: Any) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "<script>alert(1)</script>", "k").events
    audience = audiences.audience_for(encounter.pk, pip.pk)
    assert audience is not None
    html = render_events(Encounter.objects.get(pk=encounter.pk), audience, row.seq, row.seq)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_gm_undo_appends_a_revert_and_refolds(encounter: Any, gwen: Any, pip: Any) -> None:
    bumped = services.play(encounter.pk, pip.pk, bump(), "k1").events[0]
    services.chat(encounter.pk, pip.pk, "hello", "k2")  # chat is not a game change

    [revert] = services.undo(encounter.pk, gwen.pk, "k3").events

    assert revert.kind == "table.reverted"
    assert revert.payload == {"reverts": bumped.entry}
    assert Encounter.objects.get(pk=encounter.pk).state["total"] == 0
    assert Event.objects.filter(encounter=encounter).count() == 4  # the audit trail stays whole
    assert services.replay(Encounter.objects.get(pk=encounter.pk)).matches


def test_only_the_gm_may_undo(encounter: Any, pip: Any) -> None:
    services.play(encounter.pk, pip.pk, bump(), "k1")
    with pytest.raises(NotAllowed):
        services.undo(encounter.pk, pip.pk, "k2")


def test_undo_with_nothing_to_undo_is_refused(encounter: Any, gwen: Any) -> None:
    with pytest.raises(NotAllowed, match="nothing to undo"):
        services.undo(encounter.pk, gwen.pk, "k")


def test_event_rows_are_never_updated(encounter: Any) -> None:
    row = Event.objects.get(encounter=encounter, seq=1)
    row.text = "rewritten"
    with pytest.raises(AppendOnly):
        row.save()
    assert Event.objects.get(pk=row.pk).text != "rewritten"


def test_replay_matches_and_names_a_tampered_snapshot(
    encounter: Any, pip: Any, capsys: Any
) -> None:
    services.play(encounter.pk, pip.pk, bump(), "k1")
    call_command("replay_encounter", encounter.pk)
    assert "matches" in capsys.readouterr().out

    Encounter.objects.filter(pk=encounter.pk).update(state={"total": 99, "step": 0})
    with pytest.raises(CommandError, match="differs"):
        call_command("replay_encounter", encounter.pk)
    out = capsys.readouterr().out
    assert "$.total: replay" in out
    assert "snapshot 99" in out
    assert "$.combatants: only in the replay" in out


def test_campaign_settings_merge_into_the_setup(campaign: Any, gwen: Any, pip: Any) -> None:
    campaigns.save_settings(campaign.pk, gwen.pk, {"step": 10})
    encounter = services.start_encounter(
        campaign.pk, gwen.pk, "T", {"combatants": [{"id": "ann"}]}, {"ann": pip.pk}
    )
    assert encounter.setup["settings"] == {"step": 10}
    [row] = services.play(encounter.pk, pip.pk, bump(), "k").events
    assert row.payload["by"] == row.dice[0]["value"] + 10


def test_only_the_gm_changes_settings_roles_and_members(campaign: Any, pip: Any, gwen: Any) -> None:
    with pytest.raises(NotAllowed):
        campaigns.save_settings(campaign.pk, pip.pk, {"step": 1})
    with pytest.raises(NotAllowed):
        members.set_role(campaign.pk, pip.pk, gwen.pk, "observer")
    with pytest.raises(NotAllowed):
        members.remove_member(campaign.pk, pip.pk, gwen.pk)
    with pytest.raises(SheetError, match="nonsense: is not a setting"):
        campaigns.save_settings(campaign.pk, gwen.pk, {"nonsense": 1})


def test_joining_with_a_revoked_or_forged_invite_is_refused(
    campaign: Any, gwen: Any, otto: Any
) -> None:
    token = campaign.invite_token
    campaigns.revoke_invite(campaign.pk, gwen.pk)
    for bad in (token, "forged-token", ""):
        with pytest.raises(BadInvite):
            members.join_by_token(otto.pk, bad)
    assert role_of(campaign.pk, otto.pk) is None

    fresh = campaigns.renew_invite(campaign.pk, gwen.pk)
    assert members.join_by_token(otto.pk, fresh).pk == campaign.pk
    assert role_of(campaign.pk, otto.pk) == "player"


def test_seats_only_for_known_actors_and_members(encounter: Any, gwen: Any, otto: Any) -> None:
    with pytest.raises(NotAllowed):
        services.assign_seat(encounter.pk, gwen.pk, "nobody", gwen.pk)
    with pytest.raises(NotAllowed):
        services.assign_seat(encounter.pk, gwen.pk, "bob", otto.pk)


def test_seated_player_audience_has_their_side_and_actors(encounter: Any, pip: Any) -> None:
    audience = audiences.audience_for(encounter.pk, pip.pk)
    assert audience is not None
    assert audience.key == "player|side:blue|ann"
    keys = {a.key for a in audiences.table_audiences(encounter)}
    assert keys == {"gm", "observer", "player", audience.key}


def test_seat_and_roster_changes_refresh_the_broadcast_audiences(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    def keys() -> set[str]:
        return {a.key for a in audiences.table_audiences(Encounter.objects.get(pk=encounter.pk))}

    services.assign_seat(encounter.pk, gwen.pk, "bob", pip.pk)
    assert "player|side:blue|ann|bob" in keys()
    members.remove_member(encounter.campaign_id, gwen.pk, pip.pk)
    assert keys() == {"gm", "observer", "player"}


def test_rules_errors_are_player_facing(encounter: Any, pip: Any) -> None:
    with pytest.raises(RulesError, match="no action 'jump'"):
        services.play(encounter.pk, pip.pk, Action("jump", "ann", {}), "k")
