"""Pages and forms: who sees what, field errors, invites, previews, the demo loader, settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from vtt.campaigns.models import Campaign, Membership
from vtt.characters.models import Character
from vtt.encounters.models import Encounter, Seat
from vtt.encounters.services import chat

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_sign_up_log_in_and_out(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response.status_code == 302
    assert client.get("/campaigns/").status_code == 200
    client.post("/accounts/logout/")
    assert client.get("/campaigns/").status_code == 302
    assert (
        client.post(
            "/accounts/login/", {"username": "newbie", "password": "a-long-pass-phrase"}
        ).status_code
        == 302
    )


def test_pages_need_a_login(client: Client, encounter: Any) -> None:
    for url in (
        "/campaigns/",
        f"/campaigns/{encounter.campaign_id}/",
        f"/encounters/{encounter.pk}/",
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]


def test_strangers_get_404s(encounter: Any, otto: Any) -> None:
    client = logged_in(otto)
    assert client.get(f"/campaigns/{encounter.campaign_id}/").status_code == 404
    assert client.get(f"/encounters/{encounter.pk}/").status_code == 404
    assert client.get(f"/encounters/{encounter.pk}/events/?after=0").status_code == 404


def test_gm_dashboard_player_and_observer_views(
    encounter: Any, gwen: Any, pip: Any, observer: Any
) -> None:
    gm_page = logged_in(gwen).get(f"/encounters/{encounter.pk}/").content.decode()
    player_page = logged_in(pip).get(f"/encounters/{encounter.pk}/").content.decode()
    observer_page = logged_in(observer).get(f"/encounters/{encounter.pk}/").content.decode()

    assert "GM dashboard" in gm_page
    assert "Undo last event" in gm_page
    assert "vault code" in gm_page
    assert 'name="actor" value="bob"' in gm_page
    assert 'name="actor" value="ann"' in gm_page
    assert "Player view" in player_page
    assert "Your sheet" in player_page
    assert 'name="actor" value="ann"' in player_page
    assert 'name="actor" value="bob"' not in player_page
    assert "vault code" not in player_page
    assert "Undo" not in player_page
    assert "Observer view" in observer_page
    assert 'id="chat-form"' not in observer_page
    assert "data-frame" not in gm_page
    assert 'data-seq="1"' in gm_page
    for page in (gm_page, player_page, observer_page):
        assert 'id="conn-state"' in page
        assert 'id="event-log"' in page
        assert "/static/js/table.js" in page
        assert "/static/vendor/htmx/htmx.min.js" in page


def test_catch_up_rejects_a_malformed_after(encounter: Any, pip: Any) -> None:
    assert logged_in(pip).get(f"/encounters/{encounter.pk}/events/?after=x").status_code == 400


def test_character_form_shows_the_sheet_error_naming_field_and_rule(
    campaign: Any, pip: Any
) -> None:
    response = logged_in(pip).post(
        f"/campaigns/{campaign.pk}/characters/new/", {"name": "Ann", "sheet": json.dumps({"hp": 0})}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "hp: must be a whole number of at least 1 (TEST-HP-1)" in html
    assert not Character.objects.exists()


def test_character_name_with_html_is_shown_as_text(campaign: Any, pip: Any, gwen: Any) -> None:
    name = "<script>alert('x')</script>"
    response = logged_in(pip).post(
        f"/campaigns/{campaign.pk}/characters/new/", {"name": name, "sheet": json.dumps({"hp": 3})}
    )
    assert response.status_code == 302
    html = logged_in(gwen).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert name not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html


def test_invite_join_and_revoke_through_the_pages(campaign: Any, gwen: Any, otto: Any) -> None:
    gm = logged_in(gwen)
    page = gm.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert f"/join/{campaign.invite_token}/" in page
    token = campaign.invite_token
    gm.post(f"/campaigns/{campaign.pk}/invite/revoke/")

    stranger = logged_in(otto)
    assert stranger.post(f"/join/{token}/").status_code == 404
    assert stranger.get("/join/forged/").status_code == 404
    assert not Membership.objects.filter(user=otto).exists()

    gm.post(f"/campaigns/{campaign.pk}/invite/renew/")
    fresh = Campaign.objects.get(pk=campaign.pk).invite_token
    assert stranger.post(f"/join/{fresh}/").status_code == 302
    assert Membership.objects.get(user=otto).role == "player"


def test_gm_changes_roles_and_removes_members(campaign: Any, gwen: Any, pip: Any) -> None:
    gm = logged_in(gwen)
    gm.post(f"/campaigns/{campaign.pk}/members/{pip.pk}/role/", {"role": "observer"})
    assert Membership.objects.get(user=pip).role == "observer"
    gm.post(f"/campaigns/{campaign.pk}/members/{pip.pk}/remove/")
    assert not Membership.objects.filter(user=pip).exists()


def test_gm_creates_an_encounter_from_the_prefilled_demo(
    campaign: Any, gwen: Any, pip: Any
) -> None:
    gm = logged_in(gwen)
    # issue 36: the demo setup and its seats only when the GM asks for it ("Load")
    empty = gm.get(f"/campaigns/{campaign.pk}/encounters/new/").content.decode()
    assert "ann=pip" not in empty
    form = gm.get(f"/campaigns/{campaign.pk}/encounters/new/?system=counter").content.decode()
    assert "ann=pip" in form
    assert "bob=gwen" in form
    setup = {"combatants": [{"id": "ann", "side": "blue"}, {"id": "bob"}]}
    response = gm.post(
        f"/campaigns/{campaign.pk}/encounters/new/",
        {"system": "counter", "title": "Night", "setup": json.dumps(setup), "seats": "ann=pip"},
    )
    assert response.status_code == 302
    encounter = Encounter.objects.get(title="Night")
    assert Seat.objects.get(encounter=encounter).user == pip


def test_encounter_form_shows_errors(campaign: Any, gwen: Any) -> None:
    response = logged_in(gwen).post(
        f"/campaigns/{campaign.pk}/encounters/new/",
        {"system": "counter", "title": "Bad", "setup": "[1]", "seats": "ann"},
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "The setup must be a JSON object." in html
    assert "write actor=username" in html


def test_players_cannot_open_encounters(campaign: Any, pip: Any) -> None:
    assert logged_in(pip).get(f"/campaigns/{campaign.pk}/encounters/new/").status_code == 404


def test_gm_assigns_seats_on_the_encounter_page(encounter: Any, gwen: Any, pip: Any) -> None:
    logged_in(gwen).post(f"/encounters/{encounter.pk}/seats/", {"actor": "bob", "user": pip.pk})
    assert set(Seat.objects.filter(user=pip).values_list("actor_id", flat=True)) == {"ann", "bob"}


def test_preview_shows_odds_for_own_actor_only(encounter: Any, pip: Any) -> None:
    player = logged_in(pip)
    own = player.get(f"/encounters/{encounter.pk}/preview/?kind=bump&actor=ann").content.decode()
    other = player.get(f"/encounters/{encounter.pk}/preview/?kind=bump&actor=bob").content.decode()
    assert "17%" in own  # 1 in 6, as a percentage (never a raw fraction)
    assert "17%" not in other
    assert "do not control bob" in other  # this setup names no one: its id


def test_log_download_for_gm_and_after_the_end(encounter: Any, gwen: Any, pip: Any) -> None:
    chat(encounter.pk, pip.pk, "/roll 1d6", "k")
    assert logged_in(pip).get(f"/encounters/{encounter.pk}/log/").status_code == 404
    log = json.loads(logged_in(gwen).get(f"/encounters/{encounter.pk}/log/").content)
    assert log["log_version"] == 1
    assert log["seed"] is None
    assert [entry["index"] for entry in log["entries"]] == [1, 2]


def test_language_switch_and_browser_choice(client: Client, gwen: Any) -> None:
    client.force_login(gwen)
    chinese = client.get("/campaigns/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert "我的战役" in chinese
    client.post("/i18n/setlang/", {"language": "en", "next": "/campaigns/"})
    english = client.get("/campaigns/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert "My campaigns" in english


def test_load_demo_is_idempotent_and_seats_the_players(capsys: Any) -> None:
    call_command("load_demo")
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "gm / tabula-demo" in out
    campaign = Campaign.objects.get(name="Demo: Counter")
    assert campaign.encounters.count() == 1
    assert {m.user.username: m.role for m in campaign.memberships.all()} == {
        "gm": "gm",
        "player1": "player",
        "player2": "player",
    }
    encounter = campaign.encounters.get()
    seats = {s.actor_id: s.user.username for s in encounter.seats.all()}
    assert seats == {"ann": "player1", "bob": "gm"}
    assert Character.objects.get(campaign=campaign).actor_id == "ann"
    assert Campaign.objects.filter(name__startswith="Demo: ").count() == Campaign.objects.count()


def run_settings(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("VTT_", "DATABASE_URL", "REDIS_URL"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("VTT_DEBUG", "yes"),
        ("DATABASE_URL", "mysql://db/tabula"),
        ("REDIS_URL", "http://127.0.0.1:6379"),
        ("VTT_ALLOWED_HOSTS", "*"),
        ("VTT_HEARTBEAT_SECONDS", "soon"),
    ],
)
def test_bad_configuration_fails_at_start_naming_the_variable(name: str, value: str) -> None:
    result = run_settings({name: value}, "check")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert name in result.stderr


def test_check_deploy_passes_with_production_settings() -> None:
    result = run_settings(
        {
            "VTT_SECRET_KEY": "k" * 20 + "-production-secret-" + "x7Q" * 10,
            "VTT_ALLOWED_HOSTS": "tabula.example.org",
            "VTT_HTTPS": "1",
            "DATABASE_URL": "postgres://tabula@db:5432/tabula",
            "REDIS_URL": "redis://redis:6379/0",
        },
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_rejects_the_local_only_key() -> None:
    result = run_settings(
        {"VTT_ALLOWED_HOSTS": "tabula.example.org", "VTT_HTTPS": "1"},
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stdout + result.stderr


def test_generic_board_accepts_combatants_as_a_list_or_a_mapping() -> None:
    from vtt.encounters.fragments import combatant_rows

    as_list = combatant_rows({"combatants": [{"id": "a", "hp": 3}], "current": "a"})
    as_map = combatant_rows({"combatants": {"a": {"hp": 3}}, "turn": "b"})
    assert as_list == [{"id": "a", "hp": 3, "name": "a", "current": True}]
    assert as_map == [{"id": "a", "hp": 3, "name": "a", "current": False}]
    assert combatant_rows({"board": []}) == []


def test_embedded_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    database = tmp_path / "embedded.sqlite3"
    result = run_settings(
        {"VTT_SQLITE_PATH": str(database)},
        "shell",
        "-c",
        "from django.db import connection; cursor = connection.cursor(); "
        "print(cursor.execute('PRAGMA journal_mode').fetchone()[0], "
        "connection.settings_dict['OPTIONS']['transaction_mode'])",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-2:] == ["wal", "IMMEDIATE"]


def test_redis_layer_reads_longer_than_channels_redis_blocks() -> None:
    # redis-py 8 defaults to a 5 s read timeout, the same 5 s channels-redis blocks in BZPOPMIN.
    result = run_settings(
        {"REDIS_URL": "redis://127.0.0.1:6379/0"},
        "shell",
        "-c",
        "from django.conf import settings; layer = settings.CHANNEL_LAYERS['default']; "
        "print(layer['BACKEND'], layer['CONFIG']['hosts'][0]['socket_timeout'], "
        "layer['CONFIG']['capacity'], layer['CONFIG']['expiry'])",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-4:] == [
        "channels_redis.core.RedisChannelLayer",
        "20",
        "2000",
        "10",
    ]
