"""Issue 10, the chat a group expects: roll labels, inline rolls, whispers, in character."""

from __future__ import annotations

import dataclasses
import json
import re
from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation

from rules.core.errors import IllegalAction
from rules.core.fairness import verify
from rules.core.registry import get_system
from rules.core.system import Action
from vtt.campaigns.models import Membership, Role
from vtt.encounters import audiences, services
from vtt.encounters.fragments import render_events, visible_rows
from vtt.encounters.models import Encounter
from vtt.errors import NotAllowed, NotYourCharacter
from vtt.eventlog.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def quinn(django_user_model: Any, encounter: Any, gwen: Any) -> Any:
    """Quinn, a second player, seated at Bob."""
    user = django_user_model.objects.create_user("quinn", password="quinn-secret-1")
    Membership.objects.create(campaign=encounter.campaign, user=user, role=Role.PLAYER)
    services.assign_seat(encounter.pk, gwen.pk, "bob", user.pk)
    return user


def stored(encounter: Any) -> tuple[int, int]:
    fresh = Encounter.objects.get(pk=encounter.pk)
    return Event.objects.filter(encounter=encounter).count(), fresh.seq


def html_for(encounter: Any, user: Any, row: Event) -> str:
    audience = audiences.audience_for(encounter.pk, user.pk)
    assert audience is not None
    return render_events(Encounter.objects.get(pk=encounter.pk), audience, row.seq, row.seq)


def seen_by(user: Any, encounter: Any, row: Event) -> bool:
    audience = audiences.audience_for(encounter.pk, user.pk)
    assert audience is not None
    return bool(visible_rows([row], audience))


def test_a_labelled_roll_shows_its_label_in_the_log(encounter: Any, pip: Any, gwen: Any) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "/roll 2d6+3 fire damage", "k1").events
    [hashed] = services.chat(encounter.pk, pip.pk, "/r 1d20+5 # attack", "k2").events

    assert row.payload["label"] == "fire damage"
    assert row.text.startswith("pip rolled 2d6+3 (fire damage): 2d6 [")
    assert "pip rolled 1d20+5 (attack): 1d20 [" in html_for(encounter, gwen, hashed)
    with translation.override("zh-hans"):
        assert "pip 掷出 1d20+5（attack）：1d20 [" in html_for(encounter, gwen, hashed)


def test_an_inline_roll_shows_its_total_in_the_line_and_its_dice_on_hover(
    encounter: Any, pip: Any, gwen: Any
) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "I swing [[1d20+5]] at <b>it</b>", "k").events
    [die] = row.dice
    total = die["value"] + 5

    assert row.kind == "table.said"
    assert row.text == f"pip: I swing [1d20+5: 1d20 [{die['value']}] + 5 = {total}] at <b>it</b>"
    html = html_for(encounter, gwen, row)
    shown = '<span class="text">pip: I swing <span class="inline-roll" title="1d20+5: 1d20 '
    assert f'{shown}[{die["value"]}] + 5 = {total}">{total}</span> at &lt;b&gt;it&lt;/b&gt;' in html
    with translation.override("zh-hans"):  # the frame of the line is translated around it
        assert '<span class="text">pip：I swing <span class="inline-roll"' in html_for(
            encounter, gwen, row
        )


def test_inline_rolls_verify_from_the_revealed_seed(encounter: Any, pip: Any, gwen: Any) -> None:
    services.chat(encounter.pk, pip.pk, "[[1d20]] and [[3d6]]", "k1")
    services.chat(encounter.pk, pip.pk, "/w gm I rolled [[1d100]]", "k2")
    ended = services.end_encounter(encounter.pk, gwen.pk)
    entries = services.entries_of(ended)
    system = get_system(ended.system)

    assert verify(system, ended.setup, entries, ended.seed, ended.commitment).ok
    said = entries[1].events[0]
    dice = (said.dice[0]._replace(value=said.dice[0].value % 20 + 1), *said.dice[1:])
    forged = [*entries]
    forged[1] = dataclasses.replace(entries[1], events=(dataclasses.replace(said, dice=dice),))
    report = verify(system, ended.setup, forged, ended.seed)
    assert (report.ok, report.entry) == (False, 2)


def test_more_than_five_inline_rolls_are_refused_and_nothing_is_stored(
    encounter: Any, pip: Any
) -> None:
    before = stored(encounter)
    with pytest.raises(IllegalAction, match="at most 5 inline rolls"):
        services.chat(encounter.pk, pip.pk, "[[1d6]] " * 6, "k")
    assert stored(encounter) == before


def test_a_whisper_reaches_its_reader_the_sender_and_the_gm_only(
    encounter: Any, pip: Any, gwen: Any, quinn: Any, observer: Any, django_user_model: Any
) -> None:
    rex = django_user_model.objects.create_user("rex", password="rex-secret-1")
    Membership.objects.create(campaign=encounter.campaign, user=rex, role=Role.PLAYER)

    [row] = services.chat(encounter.pk, pip.pk, "/w Quinn meet me at the vault", "k").events

    assert row.kind == "table.whispered"
    assert row.text == "pip whispers to quinn: meet me at the vault"
    assert row.audience == f"users:{','.join(sorted([str(pip.pk), str(quinn.pk)]))}"
    assert row.redacted_text is None
    assert [seen_by(u, encounter, row) for u in (pip, quinn, gwen)] == [True, True, True]
    # the others get nothing at all: not a redacted line, not a badge
    for other in (rex, observer):
        assert not seen_by(other, encounter, row)
        html = html_for(encounter, other, row)
        assert "vault" not in html
        assert "<li" not in html
    assert "whisper" in html_for(encounter, quinn, row)  # the badge, for its readers


def test_a_whisper_to_a_seated_character_reaches_its_player(
    encounter: Any, pip: Any, gwen: Any, quinn: Any
) -> None:
    [row] = services.chat(encounter.pk, quinn.pk, "/whisper ANN do you copy?", "k").events

    assert row.text == "quinn whispers to ann: do you copy?"
    assert seen_by(pip, encounter, row)
    assert seen_by(gwen, encounter, row)


def test_a_whisper_to_the_gm_is_read_by_the_gm_and_the_sender(
    encounter: Any, pip: Any, gwen: Any, quinn: Any
) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "/w gm I pocket the ring", "k").events

    assert row.text == "pip whispers to the GM: I pocket the ring"
    assert row.audience == f"users:{pip.pk}"
    assert seen_by(gwen, encounter, row)
    assert seen_by(pip, encounter, row)
    assert not seen_by(quinn, encounter, row)
    with translation.override("zh-hans"):
        assert "pip 对 主持人 密语：I pocket the ring" in html_for(encounter, gwen, row)


def test_a_whisper_to_nobody_at_the_table_is_refused(encounter: Any, pip: Any, otto: Any) -> None:
    before = stored(encounter)
    with pytest.raises(NotAllowed, match="Nobody called zed is at this table"):
        services.chat(encounter.pk, pip.pk, "/w zed hello", "k1")
    with pytest.raises(NotAllowed, match="Nobody called otto"):
        services.chat(encounter.pk, pip.pk, "/w otto hello", "k2")  # not a member
    with pytest.raises(NotAllowed, match="Nobody plays bob"):
        services.chat(encounter.pk, pip.pk, "/w bob hello", "k3")  # no one sits at Bob
    with pytest.raises(IllegalAction, match="text is required"):
        services.chat(encounter.pk, pip.pk, "/w gm", "k4")
    assert stored(encounter) == before


def test_a_resent_whisper_is_answered_not_applied_twice(encounter: Any, pip: Any) -> None:
    first = services.chat(encounter.pk, pip.pk, "/w gm psst", "k")
    again = services.chat(encounter.pk, pip.pk, "/w gm psst", "k")
    assert (first.fresh, again.fresh) == (True, False)
    assert [r.pk for r in again.events] == [r.pk for r in first.events]
    with pytest.raises(NotAllowed, match="already used"):
        services.chat(encounter.pk, pip.pk, "/w gm something else", "k")


def test_the_catch_up_and_log_pages_show_a_whisper_to_its_readers_only(
    encounter: Any, pip: Any, gwen: Any, quinn: Any, observer: Any
) -> None:
    services.chat(encounter.pk, pip.pk, "/w quinn the code is 4711", "k")
    for user, sees in ((quinn, True), (pip, True), (gwen, True), (observer, False)):
        client = Client()
        client.force_login(user)
        caught_up = client.get(f"/encounters/{encounter.pk}/events/?after=0").content.decode()
        page = client.get(f"/encounters/{encounter.pk}/").content.decode()
        assert ("4711" in caught_up, "4711" in page) == (sees, sees), user


def test_said_in_character_by_its_player_or_the_gm(
    encounter: Any, pip: Any, gwen: Any, quinn: Any
) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "/as Ann Stand back.", "k1").events
    [gm_row] = services.chat(encounter.pk, gwen.pk, "/ic bob Never!", "k2").events

    assert row.text == "ann: Stand back."
    assert row.payload["as"] == "ann"
    assert row.audience == "all"
    assert gm_row.text == "bob: Never!"  # the GM may speak as anyone
    assert 'class="event kind-tablesaid in-character"' in html_for(encounter, quinn, row)


def test_a_line_shows_its_time_in_the_readers_time_zone(
    encounter: Any, pip: Any, quinn: Any
) -> None:
    [row] = services.chat(encounter.pk, pip.pk, "hello", "k1").events
    row.created = datetime(2026, 12, 5, 23, 7, tzinfo=UTC)  # drawn as if stored then
    audience = audiences.audience_for(encounter.pk, quinn.pk)
    assert audience is not None

    with timezone.override("Asia/Shanghai"):  # UTC+8: the next morning
        html = render_events(encounter, audience, row.seq, row.seq, rows=[row])

    stamp = int(datetime(2026, 12, 5, 23, 7, tzinfo=UTC).timestamp())
    assert f'<time class="at" data-at="{stamp}">07:07</time>' in html
    assert 'class="event kind-tablesaid"' in html  # not secret: no badge
    assert "badge" not in html


def test_said_as_someone_else_or_nobody_is_refused(encounter: Any, pip: Any) -> None:
    before = stored(encounter)
    with pytest.raises(NotYourCharacter, match="You do not play bob"):
        services.chat(encounter.pk, pip.pk, "/as bob I give up", "k1")
    with pytest.raises(NotAllowed, match="no character zed"):
        services.chat(encounter.pk, pip.pk, "/as zed hi", "k2")
    assert stored(encounter) == before


def test_an_unknown_command_points_to_help(encounter: Any, pip: Any) -> None:
    with pytest.raises(NotAllowed, match=re.escape("Unknown chat command /dance; /help lists")):
        services.chat(encounter.pk, pip.pk, "/dance", "k")


def test_a_roll_ends_the_players_take_back_of_the_move_before_it(
    mech_encounter: Any, gwen: Any, pip: Any
) -> None:
    """Undo ends where dice are rolled: a pilot's quiet move (MECH-MOVE-UNDO) is theirs to take
    back only while nothing has happened since; a chat roll after it is never taken back."""
    services.chat(mech_encounter.pk, pip.pk, "/roll 1d20", "k1")
    with pytest.raises(NotAllowed, match="nothing to undo"):
        services.undo(mech_encounter.pk, pip.pk, "k2")
    services.play(mech_encounter.pk, pip.pk, Action("begin_turn", "latch"), "k3")
    services.play(mech_encounter.pk, pip.pk, Action("move", "latch", {"x": 4, "y": 5}), "k4")
    [roll] = services.chat(mech_encounter.pk, pip.pk, "/roll 1d20", "k5").events
    before = stored(mech_encounter)
    with pytest.raises(NotAllowed, match="Something happened at the table after that move"):
        services.undo(mech_encounter.pk, pip.pk, "k6")
    assert stored(mech_encounter) == before
    unit = Encounter.objects.get(pk=mech_encounter.pk).state["units"]["latch"]
    assert (unit["x"], unit["y"]) == (4, 5)
    # the GM may still take the move back, and the line says the GM did
    [revert] = services.undo(mech_encounter.pk, gwen.pk, "g1").events
    assert revert.payload == {"reverts": roll.entry - 1}
    assert revert.text.startswith("The GM took back entry ")
    assert Event.objects.filter(pk=roll.pk, kind="table.rolled").exists()


def test_a_player_cannot_take_back_their_own_roll(encounter: Any, gwen: Any, pip: Any) -> None:
    """`/undo` after seeing one's roll would let a player roll until they liked the dice: it is
    refused, in English and in Chinese, and nothing is stored."""
    from vtt.encounters.commands import Undo, parse_command

    assert parse_command({"command": "chat", "text": "/undo", "key": "u"}) == Undo("u", roll=True)
    [rolled] = services.chat(encounter.pk, pip.pk, "/roll 1d100 sanity", "r1").events
    before = stored(encounter)
    with pytest.raises(NotAllowed, match="A roll cannot be taken back: the table has seen its"):
        services.undo(encounter.pk, pip.pk, "u1", roll=True)
    with translation.override("zh-hans"), pytest.raises(NotAllowed) as refused:
        services.undo(encounter.pk, pip.pk, "u2", roll=True)
    assert "骰" in str(refused.value)
    with pytest.raises(NotAllowed):  # nor through the move's take-back
        services.undo(encounter.pk, pip.pk, "u3")
    assert stored(encounter) == before
    assert not Event.objects.filter(encounter=encounter, kind="table.reverted").exists()
    assert Event.objects.get(pk=rolled.pk).kind == "table.rolled"


def test_the_gms_undo_of_a_roll_is_logged_as_the_gms_and_marks_the_line(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    """The GM may take back their own roll; the line says the GM took back the entry under the
    number the log shows it by (its #seq), and the page marks that line as taken back."""
    services.chat(encounter.pk, pip.pk, "A line first, so seq and entry differ.", "p1")
    services.chat(encounter.pk, gwen.pk, "/gmroll 1d6", "g0")
    [rolled] = services.chat(encounter.pk, gwen.pk, "/roll 1d100 ambush", "g1").events
    [taken] = services.undo(encounter.pk, gwen.pk, "g2", roll=True).events
    assert taken.audience == "all"
    assert taken.payload == {"reverts": rolled.entry}
    assert taken.text.startswith(f"The GM took back entry {rolled.seq}: gwen rolled 1d100 (ambush)")
    for user in (gwen, pip):
        client = Client()
        client.force_login(user)
        page = client.get(f"/encounters/{encounter.pk}/").content.decode()
        line = re.search(rf'<li id="event-{rolled.seq}"[^>]*>', page)
        assert line is not None
        assert "undone" in line.group(0)
        assert f'data-reverts="{rolled.entry}"' in page
        assert page.count("undone-mark") == 1  # the roll only, not the lines around it


@pytest.mark.django_db(transaction=True)
def test_a_players_gmroll_reaches_the_roller_and_the_gm_and_names_the_roller_to_the_others(
    encounter: Any, gwen: Any, pip: Any, quinn: Any, observer: Any
) -> None:
    """Read on the raw frames: Pip's `/gmroll` shows its dice to Pip and the GM; Quinn and the
    observer read "pip rolled dice in secret.", never that the GM rolled, and no die."""
    from asgiref.sync import async_to_sync

    from tests.vtt.test_consumers import join

    async def frames() -> list[str]:
        sockets = [await join(user, encounter) for user in (gwen, pip, quinn, observer)]
        roll = json.dumps({"command": "chat", "text": "/gmroll 3d6 # stealth", "key": "a"})
        await sockets[1].send_to(text_data=roll)
        got = [await socket.receive_from(timeout=5) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return got

    gm_frame, roller_frame, other_frame, watcher_frame = async_to_sync(frames)()
    for frame in (gm_frame, roller_frame):
        assert "pip rolled 3d6 (stealth)" in frame
        assert frame.count('class="die"') == 3
        assert '<small class="badge">secret roll</small>' in frame  # not "whisper"
    for frame in (other_frame, watcher_frame):
        assert "pip rolled dice in secret." in frame
        assert "The GM" not in frame
        assert "3d6" not in frame
        assert 'class="die"' not in frame
    with translation.override("zh-hans"):
        [row] = Event.objects.filter(encounter=encounter, kind="table.rolled")
        assert "pip 暗中掷了骰。" in html_for(encounter, quinn, row)


def test_the_gms_own_gmroll_still_reads_as_the_gms(encounter: Any, gwen: Any, pip: Any) -> None:
    [row] = services.chat(encounter.pk, gwen.pk, "/gmroll 1d20", "g1").events
    assert row.audience == "gm"
    assert "The GM rolled dice in secret." in html_for(encounter, pip, row)
