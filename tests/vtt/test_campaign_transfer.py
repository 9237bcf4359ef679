"""Issue 32: a campaign leaves the server as one JSON file and comes back whole on another.

Export, then import into a database that no longer holds the campaign (and whose player has a
new user id): every character's sheet page and every encounter's replay and log read the same,
ids and CSRF tokens aside. A file that fails a check (an unknown version, a sheet with a negative
DEX, an event log that does not refold to its snapshot) is refused in words, and nothing of it
is stored."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from rules.core.dice import LoadedDice
from rules.core.system import Action
from rules.delta_green import SYSTEM as DG
from vtt.campaigns.models import Campaign, Downtime, Membership, Role
from vtt.campaigns.services import create_campaign, save_settings
from vtt.characters.models import Character, SheetChange
from vtt.encounters.models import Encounter, Seat
from vtt.encounters.services import chat, play, replay
from vtt.eventlog.models import Event
from vtt.lobby.downtime import pass_days
from vtt.lobby.transfer import BadCampaignFile, export_text, import_text


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def agent(campaign: Any, owner: Any, name: str) -> Character:
    sheet = DG.validate_sheet({**DG.default_sheet, "name": name, "hp": 12})
    return Character.objects.create(
        campaign=campaign, owner=owner, name=name, system="delta_green", sheet=sheet
    )


def campaign_played(gwen: Any, pip: Any) -> Campaign:
    """A Delta Green campaign with a setting changed, two agents, an ended fight written back
    (Ann dying, Bob maimed), a player's whisper and secret roll, and a second fight in play."""
    green = create_campaign(gwen.pk, "Night at the Opera", "delta_green")
    Membership.objects.create(campaign=green, user=pip, role=Role.PLAYER)
    save_settings(green.pk, gwen.pk, {"dg.auto_fail_00": True})
    ann, bob = agent(green, pip, "Ann"), agent(green, gwen, "Bob")
    gm = client_of(gwen)
    new = f"/campaigns/{green.pk}/encounters/new/"
    picked = [str(ann.pk), str(bob.pk)]
    assert (
        gm.post(new, {"mode": "build", "title": "The cellar", "characters": picked}).status_code
        == 302
    )
    cellar = Encounter.objects.get(title="The cellar")
    for n, (target, amount, where) in enumerate((("ann", 16, "chest"), ("bob", 9, "left_arm"))):
        hit = Action("gm_damage", "gm", {"target": target, "amount": amount, "location": where})
        play(cellar.pk, gwen.pk, hit, f"hit{n}")
    chat(cellar.pk, pip.pk, "/w gm the stairs creak", "w1")
    chat(cellar.pk, pip.pk, "/roll 1d100 # luck", "r1")
    assert gm.post(f"/encounters/{cellar.pk}/end/").status_code == 302
    assert gm.post(f"/encounters/{cellar.pk}/write-back/", {"all": "1"}).status_code == 302
    assert (
        gm.post(new, {"mode": "build", "title": "Upstairs", "characters": picked}).status_code
        == 302
    )
    pass_days(green.pk, gwen.pk, 8, LoadedDice([2, 1]))  # a week's healing between fights
    upstairs = Encounter.objects.get(title="Upstairs")
    play(upstairs.pk, gwen.pk, Action("gm_damage", "gm", {"target": "bob", "amount": 2}), "h3")
    return green


NORMALISED = (
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'), 'name="csrfmiddlewaretoken"'),
    (re.compile(r'name="csrf-token" content="[^"]*"'), 'name="csrf-token"'),
    (re.compile(r'nonce="[^"]*"'), 'nonce=""'),
    (re.compile(r"/(campaigns|encounters|characters)/\d+/"), r"/\1/N/"),
    (re.compile(r"/scene-images/([a-z]+)/\d+/"), r"/scene-images/\1/N/"),  # by encounter id
    (re.compile(r'(data-(?:encounter|campaign|character|user|push-user)[-a-z]*=")\d+"'), r'\1N"'),
    # the server's Web Push key: each database makes its own on first use
    (re.compile(r'data-push-key="[^"]*"'), 'data-push-key=""'),
    (re.compile(r'(name="character" value=")\d+"'), r'\1N"'),
    (re.compile(r'data-table-rev="[^"]*"'), 'data-table-rev=""'),  # a hash of HTML with ids
    # a wargame's map and its parts are named by their table (scs-1, scs-hexes-1)
    (re.compile(r'(="#?scs-(?:[a-z]+-)*)\d+\b'), r"\1N"),
    # in a log's JSON: the setup's links to characters, a whisper's readers (user ids)
    (re.compile(r'"characters": \{[^{}]*\}'), lambda m: re.sub(r"\d+", "N", m.group(0))),
    (re.compile(r'("users": \[\s*)"\d+"'), r'\1"N"'),
    (re.compile(r'"users:\d+"'), '"users:N"'),
)


def normalised(html: str) -> str:
    for pattern, replacement in NORMALISED:
        html = pattern.sub(replacement, html)
    return html


def pages(campaign: Campaign, gwen: Any, pip: Any) -> dict[str, str]:
    """Every character's sheet page (its GM) and each encounter's replay, and its log once
    ended or its table while in play (GM and player), keyed by names, not ids."""
    gm, player = client_of(gwen), client_of(pip)
    found: dict[str, str] = {}
    for character in Character.objects.filter(campaign=campaign):
        response = gm.get(f"/characters/{character.pk}/edit/")
        assert response.status_code == 200
        found[f"sheet {character.name}"] = normalised(response.content.decode())
    for encounter in Encounter.objects.filter(campaign=campaign):
        for who, client in (("gm", gm), ("player", player)):
            for page in ("replay", "log" if not encounter.is_active else ""):
                response = client.get(f"/encounters/{encounter.pk}/{page}/".replace("//", "/"))
                assert response.status_code == 200, (encounter.title, who, page)
                found[f"{page} {encounter.title} {who}"] = normalised(response.content.decode())
    return found


def first_difference(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"...{a[max(0, n - 200) : n + 200]!r}\n   vs\n...{b[max(0, n - 200) : n + 200]!r}"


@pytest.mark.django_db(transaction=True)
def test_an_exported_campaign_imported_into_a_fresh_database_reads_the_same(
    gwen: Any, pip: Any, django_user_model: Any
) -> None:
    green = campaign_played(gwen, pip)
    before = pages(green, gwen, pip)
    assert len(before) == 2 + 2 * 2 * 2
    response = client_of(gwen).get(f"/campaigns/{green.pk}/export/")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    text = response.content.decode()
    assert client_of(pip).get(f"/campaigns/{green.pk}/export/").status_code == 404
    # a fresh database: the campaign gone, and Pip a new user with a new id
    green.delete()
    pip.delete()
    assert not Event.objects.exists()
    pip = django_user_model.objects.create_user("pip", password="pip-secret-1")
    django_user_model.objects.create_user("zed")  # ids move on
    upload = {"file": _file(text)}
    imported = client_of(gwen).post("/campaigns/import/", upload)
    assert imported.status_code == 302
    green = Campaign.objects.get()
    assert imported["Location"] == f"/campaigns/{green.pk}/"
    assert green.owner_id == gwen.pk
    assert green.settings == {"dg.auto_fail_00": True}
    # Pip is invited, not made a member: he accepts on his campaign list (issue 30)
    assert dict(green.memberships.values_list("user__username", "role")) == {"gwen": Role.GM}
    assert not Seat.objects.filter(user=pip).exists()
    assert client_of(pip).get(f"/campaigns/{green.pk}/").status_code == 404
    accept_invitation(pip)
    roles = dict(green.memberships.values_list("user__username", "role"))
    assert roles == {"gwen": Role.GM, "pip": Role.PLAYER}
    assert Seat.objects.get(encounter__title="Upstairs").user_id == pip.pk
    whisper = Event.objects.get(kind="table.whispered")
    assert whisper.audience == f"users:{pip.pk}"
    assert SheetChange.objects.filter(encounter__title="The cellar").count() == 2
    assert green.day == 8
    # the week's healing: Bob's arm, not Ann, who is still bleeding (DG-HEAL-2)
    assert SheetChange.objects.filter(encounter=None).count() == 1
    assert Downtime.objects.filter(character__name="Bob", tool="week").exists()
    for encounter in Encounter.objects.all():
        assert replay(encounter).matches
    after = pages(green, gwen, pip)
    assert after.keys() == before.keys()
    differing = [
        f"{key}: {first_difference(html, after[key])}"
        for key, html in before.items()
        if after[key] != html
    ]
    assert not differing, "\n\n".join(differing)
    # and once more, from the imported campaign: the same file but for the time it was made
    again = json.loads(export_text(green.pk, gwen.pk))
    first = json.loads(text)
    for data in (again, first):
        del data["exported"]
        for character in data["characters"]:
            del character["ref"]
            for change in character["changes"]:
                del change["encounter"]
        for record in data["downtime"]:
            del record["character"]
        for encounter in data["encounters"]:
            del encounter["ref"]
            encounter["setup"].pop("characters", None)
    assert again == first


def accept_invitation(user: Any) -> None:
    """The user accepts their one invitation from their campaign list."""
    client = client_of(user)
    page = client.get("/campaigns/").content.decode()
    found = re.search(r'action="(/invitations/\d+/accept/)"', page)
    assert found is not None, "no invitation on the campaign list"
    assert client.post(found.group(1)).status_code == 302


def _file(text: str) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("campaign.tabula.json", text.encode(), "application/json")


def _stored() -> tuple[int, ...]:
    models = (Campaign, Membership, Character, SheetChange, Encounter, Event, Seat, Downtime)
    return tuple(model.objects.count() for model in models)


def _changed(text: str, change: Any) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _negative_dex(data: Any) -> None:
    data["characters"][1]["sheet"]["dex"] = -3


def _cooked_log(data: Any) -> None:
    """Ann's HP after the 16 to the chest is 10 more: the log no longer gives the snapshot."""
    cellar = next(e for e in data["encounters"] if e["title"] == "The cellar")
    hit = next(e for e in cellar["events"] if e["payload"].get("target") == "ann")
    hp = next(c for c in hit["payload"]["changes"] if c[0] == "set" and c[1][-1] == "hp")
    hp[2] += 10


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(version=2), "this server reads version 1"),
        (_negative_dex, "DEX"),
        (_cooked_log, "do not replay"),
    ],
    ids=["version", "negative DEX", "log that does not refold"],
)
def test_a_corrupted_file_is_refused_in_words_and_nothing_is_stored(
    gwen: Any, pip: Any, otto: Any, change: Any, words: str
) -> None:
    green = campaign_played(gwen, pip)
    text = export_text(green.pk, gwen.pk)
    stored = _stored()
    bad = _changed(text, change)
    with pytest.raises(BadCampaignFile, match=words):
        import_text(otto.pk, bad)
    assert _stored() == stored
    response = client_of(otto).post("/campaigns/import/", {"file": _file(bad)})
    assert response.status_code == 400
    page = response.content.decode()
    assert "nothing was stored" in page
    assert _stored() == stored
    chinese = client_of(otto)
    chinese.cookies["django_language"] = "zh-hans"
    page = chinese.post("/campaigns/import/", {"file": _file(bad)}).content.decode()
    assert "未导入" in page
    assert _stored() == stored
    # the file as it was is taken, by a user who was not at the table: they are its GM, and
    # the file's members are invited with their roles, members only once they accept
    campaign, notes = import_text(otto.pk, text)
    assert campaign.owner_id == otto.pk
    assert len(notes) == 2
    assert any("gwen" in note for note in notes)
    assert any("pip" in note for note in notes)
    roles = dict(campaign.memberships.values_list("user__username", "role"))
    assert roles == {"otto": Role.GM}
    invited = dict(campaign.invitations.values_list("user__username", "role"))
    assert invited == {"gwen": Role.GM, "pip": Role.PLAYER}


@pytest.mark.django_db(transaction=True)
def test_members_this_server_does_not_know_are_left_out_with_a_note(
    gwen: Any, pip: Any, otto: Any
) -> None:
    green = campaign_played(gwen, pip)
    text = export_text(green.pk, gwen.pk)
    pip.username = "pip-elsewhere"
    pip.save()
    campaign, notes = import_text(otto.pk, text)
    assert set(campaign.memberships.values_list("user__username", flat=True)) == {"otto"}
    assert set(campaign.invitations.values_list("user__username", flat=True)) == {"gwen"}
    assert any("pip" in note and "left out of the members" in note for note in notes)
    assert any("Ann" in note and "is yours" in note for note in notes)
    ann = campaign.characters.get(name="Ann")
    assert ann.owner_id == otto.pk
    upstairs = campaign.encounters.get(title="Upstairs")
    assert not upstairs.seats.exists()
    assert upstairs.audiences == []
    whisper = Event.objects.get(encounter__campaign=campaign, kind="table.whispered")
    assert whisper.audience == "users:"
    assert whisper.actor_id is None


@pytest.mark.django_db(transaction=True)
def test_a_game_without_a_gm_keeps_its_two_sides_and_time_control_through_a_move(
    pip: Any, otto: Any, django_user_model: Any
) -> None:
    """Issue 32: a two-sided SCS game with a time control (72/24/120) and a concession leaves
    as a file that says so, and comes back two-sided with the same clocks and result: the host
    may export it (no GM), each side's table and replay read the same."""
    from vtt.lobby.members import join_by_token
    from vtt.lobby.new_game import create_game
    from vtt.remote.models import Result, TimeControl
    from vtt.remote.services import concede, set_time_control

    campaign, table = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    set_time_control(table.pk, pip.pk, 72, 24, 120)
    concede(table.pk, pip.pk)  # the game ends: only then is the file its host's (no seed in play)
    for player in (pip, otto):  # and both agree to share the other side's hidden moves
        assert client_of(player).post(f"/campaigns/{campaign.pk}/export/share/").status_code == 302
    clocks = TimeControl.objects.get(encounter=table)

    def seen() -> dict[str, str]:
        found = {}
        encounter = Encounter.objects.get(title="Duel")
        for who, user in (("blue", pip), ("red", otto)):
            for page in ("", "replay/"):
                response = client_of(user).get(f"/encounters/{encounter.pk}/{page}")
                assert response.status_code == 200, (who, page)
                found[f"{who} {page}"] = normalised(response.content.decode())
        return found

    before = seen()
    response = client_of(pip).get(f"/campaigns/{campaign.pk}/export/")
    assert response.status_code == 200
    text = response.content.decode()
    data = json.loads(text)
    assert data["campaign"]["two_sided"] is True
    assert data["encounters"][0]["time_control"]["bank_seconds"] == 72 * 3600
    assert data["encounters"][0]["result"]["how"] == "conceded"
    campaign.delete()
    otto.delete()
    otto = django_user_model.objects.create_user("otto", password="otto-secret-1")
    imported = client_of(pip).post("/campaigns/import/", {"file": _file(text)})
    assert imported.status_code == 302
    again = Campaign.objects.get()
    assert again.two_sided is True
    assert dict(again.memberships.values_list("user__username", "role")) == {"pip": Role.PLAYER}
    accept_invitation(otto)
    assert dict(again.memberships.values_list("user__username", "role")) == {
        "pip": Role.PLAYER,
        "otto": Role.PLAYER,
    }
    control = TimeControl.objects.get()
    assert (control.bank_seconds, control.left, control.running) == (
        clocks.bank_seconds,
        clocks.left,
        clocks.running,
    )
    assert Result.objects.get().winner == "red"
    after = seen()
    differing = [
        f"{key}: {first_difference(html, after[key])}"
        for key, html in before.items()
        if after[key] != html
    ]
    assert not differing, "\n\n".join(differing)


@pytest.mark.django_db(transaction=True)
def test_an_import_invites_the_members_it_names_and_they_see_nothing_until_they_accept(
    gwen: Any, pip: Any, otto: Any
) -> None:
    """Issue 30: a file that names existing users (Gwen as GM, Pip seated at a fight in play)
    makes nobody a member but its importer. Until they accept, Gwen and Pip see nothing of the
    campaign, hold no seat or character and get no turn notice; a stranger cannot answer for
    them; Gwen declines, Pip accepts and gets his character and seat back."""
    from vtt.encounters.audiences import can_view
    from vtt.encounters.waiting import waiting_for

    green = campaign_played(gwen, pip)
    text = export_text(green.pk, gwen.pk)
    campaign, _notes = import_text(otto.pk, text)
    upstairs = campaign.encounters.get(title="Upstairs")
    ann = campaign.characters.get(name="Ann")
    assert set(campaign.memberships.values_list("user__username", flat=True)) == {"otto"}
    assert ann.owner_id == otto.pk
    assert not upstairs.seats.exists()
    assert upstairs.audiences == []
    for user in (gwen, pip):
        assert not can_view(user.pk, upstairs.pk)
        assert [w.encounter for w in waiting_for(user.pk)] == []
        for url in (f"/campaigns/{campaign.pk}/", f"/encounters/{upstairs.pk}/"):
            assert client_of(user).get(url).status_code == 404
        assert client_of(user).get(f"/characters/{ann.pk}/edit/").status_code in (403, 404)
    gwens = campaign.invitations.get(user=gwen)
    pips = campaign.invitations.get(user=pip)
    # nobody answers for another: refused in words, nothing changed
    for stranger, invitation in ((otto, pips), (pip, gwens)):
        for answer in ("accept", "decline"):
            response = client_of(stranger).post(f"/invitations/{invitation.pk}/{answer}/")
            assert response.status_code == 302
    assert campaign.invitations.count() == 2
    assert set(campaign.memberships.values_list("user__username", flat=True)) == {"otto"}
    assert client_of(pip).post(f"/invitations/{pips.pk}/maybe/").status_code == 404
    page = client_of(gwen).get("/campaigns/").content.decode()
    assert campaign.name in page
    assert "invites you as Game master" in page
    chinese = client_of(gwen)
    chinese.cookies["django_language"] = "zh-hans"
    assert "邀请" in chinese.get("/campaigns/").content.decode()
    assert client_of(gwen).post(f"/invitations/{gwens.pk}/decline/").status_code == 302
    accept_invitation(pip)
    assert dict(campaign.memberships.values_list("user__username", "role")) == {
        "otto": Role.GM,
        "pip": Role.PLAYER,
    }
    assert not campaign.invitations.exists()
    assert Character.objects.get(pk=ann.pk).owner_id == pip.pk
    assert Character.objects.get(campaign=campaign, name="Bob").owner_id == otto.pk
    assert Seat.objects.get(encounter=upstairs).user_id == pip.pk
    assert can_view(pip.pk, upstairs.pk)
    assert not can_view(gwen.pk, upstairs.pk)
    assert Encounter.objects.get(pk=upstairs.pk).audiences != []


@pytest.mark.django_db(transaction=True)
def test_a_game_without_a_gm_invites_its_files_gm_as_an_observer(
    pip: Any, otto: Any, gwen: Any
) -> None:
    """Issue 30: a neutral GM sees both sides, so in a game without a GM one becomes GM only
    by both players' consent (GmConsent); a file naming a GM invites them as an observer."""
    from vtt.lobby.members import join_by_token
    from vtt.lobby.new_game import create_game
    from vtt.remote.services import concede

    campaign, table = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    Membership.objects.create(campaign=campaign, user=gwen, role=Role.GM)
    concede(table.pk, pip.pk)
    text = export_text(campaign.pk, gwen.pk)  # the neutral GM's whole file
    again, _notes = import_text(pip.pk, text)
    invited = dict(again.invitations.values_list("user__username", "role"))
    assert invited == {"otto": Role.PLAYER, "gwen": Role.OBSERVER}
