"""Issue 16 over HTTP: bad forms get form errors, missing paths 404, logins are throttled, and
secrets stay the GM's in the log after the end unless the campaign reveals them."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client, RequestFactory

from vtt.campaigns.models import Campaign
from vtt.characters.models import Character
from vtt.encounters.services import chat, end_encounter

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("sheet", "error"),
    [
        ('{"hp": 3, "name": "a\\u0000b"}', "NUL"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
        ('{"x": "\\ud800"}', "NUL"),
    ],
)
def test_a_sheet_with_nul_or_deep_nesting_is_a_form_error_not_a_500(
    campaign: Any, pip: Any, sheet: str, error: str
) -> None:
    response = logged_in(pip).post(
        f"/campaigns/{campaign.pk}/characters/new/", {"name": "Ann", "sheet": sheet}
    )
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Character.objects.exists()


@pytest.mark.parametrize("setup", ['{"hp": ' + "9" * 5000 + "}", "9" * 5000])
def test_a_setup_with_a_number_of_thousands_of_digits_is_a_form_error_not_a_500(
    campaign: Any, gwen: Any, setup: str
) -> None:
    """Issue 30, finding 8, found again on the running product: json.loads refuses a number of
    more than 4,300 digits with a ValueError that is not a JSONDecodeError, which Django's JSON
    field lets through: the new encounter's setup answered 500."""
    response = logged_in(gwen).post(
        f"/campaigns/{campaign.pk}/encounters/new/",
        {"mode": "json", "system": "counter", "title": "Big", "setup": setup, "seats": ""},
    )
    assert response.status_code == 400
    assert "Enter a valid JSON." in response.content.decode()


def test_gm_changing_the_role_of_a_non_member_gets_a_message_not_a_500(
    campaign: Any, gwen: Any, otto: Any
) -> None:
    response = logged_in(gwen).post(
        f"/campaigns/{campaign.pk}/members/{otto.pk}/role/", {"role": "observer"}
    )
    assert response.status_code == 302
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert shown == ["That user is not a member of this campaign."]


@pytest.mark.parametrize(
    "path", ["/static/%2e%2e/vtt/settings.py", "/static/%2e%2e/%2e%2e/etc/passwd"]
)
def test_static_paths_outside_the_static_files_are_404(path: str) -> None:
    """Daphne's /static/ handler (vtt.asgi) answers 404, not a 500, for an escaping path."""
    from vtt.staticfiles import StaticFiles

    handler = StaticFiles(lambda *args: None)
    response = handler.get_response(RequestFactory().get(path))
    assert response.status_code == 404
    assert b"SECRET_KEY" not in response.content


def test_login_is_throttled_per_account_then_refused_even_with_the_right_password(
    django_user_model: Any,
) -> None:
    name = f"target-{uuid.uuid4().hex[:8]}"
    django_user_model.objects.create_user(name, password="right-password-1")
    client = Client(REMOTE_ADDR=f"10.1.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}")
    for _ in range(10):
        wrong = client.post("/accounts/login/", {"username": name, "password": "wrong"})
        assert wrong.status_code == 200
    refused = client.post("/accounts/login/", {"username": name, "password": "right-password-1"})
    assert refused.status_code == 429
    assert "Too many failed logins" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_is_throttled_per_address_across_accounts() -> None:
    client = Client(REMOTE_ADDR=f"10.2.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}")
    for n in range(30):
        client.post("/accounts/login/", {"username": f"nobody-{n}", "password": "x"})
    refused = client.post("/accounts/login/", {"username": "someone-else", "password": "x"})
    assert refused.status_code == 429


def test_sign_up_is_throttled_per_address() -> None:
    client = Client(REMOTE_ADDR=f"10.3.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}")
    for n in range(10):
        name = f"new-{uuid.uuid4().hex[:8]}-{n}"
        client.post(
            "/accounts/signup/",
            {"username": name, "password1": "Sturdy-pass-71", "password2": "Sturdy-pass-71"},
        )
        client.post("/accounts/logout/")
    refused = client.post(
        "/accounts/signup/",
        {"username": "one-more", "password1": "Sturdy-pass-71", "password2": "Sturdy-pass-71"},
    )
    assert refused.status_code == 429
    assert "Too many new accounts" in refused.content.decode()


def test_after_the_end_gm_secrets_stay_the_gms_unless_the_campaign_reveals_them(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    chat(encounter.pk, gwen.pk, "/gmroll 1d20", "secret")
    chat(encounter.pk, pip.pk, "/roll 1d6", "open")
    end_encounter(encounter.pk, gwen.pk)

    log = json.loads(logged_in(pip).get(f"/encounters/{encounter.pk}/log/").content)
    secret, public = log["entries"][1], log["entries"][2]
    assert secret["withheld"]
    assert secret["action"] is None
    assert all(e["payload"] == {} and e["dice"] == [] for e in secret["events"])
    assert "1d20" not in json.dumps(secret)
    assert "withheld" not in public
    assert public["events"][0]["dice"]
    gm_log = json.loads(logged_in(gwen).get(f"/encounters/{encounter.pk}/log/").content)
    assert gm_log["entries"][1]["events"][0]["dice"]

    Campaign.objects.filter(pk=encounter.campaign_id).update(reveal_secrets_after_end=True)
    revealed = json.loads(logged_in(pip).get(f"/encounters/{encounter.pk}/log/").content)
    assert revealed["entries"] == gm_log["entries"]


def test_a_strangers_failures_lock_their_address_out_of_an_account_not_its_owner(
    django_user_model: Any,
) -> None:
    """Issue 30 (9): failures count per account and address, so a stranger who knows a username
    cannot lock its owner out for 15 minutes; they lock only themselves out of it."""
    name = f"owner-{uuid.uuid4().hex[:8]}"
    django_user_model.objects.create_user(name, password="right-password-1")
    stranger = Client(REMOTE_ADDR=f"10.4.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}")
    for _ in range(12):
        stranger.post("/accounts/login/", {"username": name, "password": "wrong"})
    guessed = stranger.post("/accounts/login/", {"username": name, "password": "right-password-1"})
    assert guessed.status_code == 429

    owner = Client(REMOTE_ADDR=f"10.5.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}")
    response = owner.post("/accounts/login/", {"username": name, "password": "right-password-1"})
    assert response.status_code == 302
    assert "_auth_user_id" in owner.session


def test_an_account_guessed_at_from_many_addresses_is_throttled_at_a_higher_bar(
    django_user_model: Any,
) -> None:
    from vtt.accounts.throttle import MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS

    name = f"guessed-{uuid.uuid4().hex[:8]}"
    django_user_model.objects.create_user(name, password="right-password-1")
    per_address = MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1  # no address locks itself out
    for n in range(MAX_FAILURES_PER_ACCOUNT):
        client = Client(REMOTE_ADDR=f"10.6.{n // per_address}.1")
        answered = client.post("/accounts/login/", {"username": name, "password": "x"})
        assert answered.status_code == 200
    anyone = Client(REMOTE_ADDR="10.7.0.1")
    refused = anyone.post("/accounts/login/", {"username": name, "password": "right-password-1"})
    assert refused.status_code == 429


@pytest.mark.parametrize(
    ("behind_proxy", "expected"),
    [(False, "192.0.2.10"), (True, "203.0.113.5")],
)
def test_the_client_address_is_never_a_client_sent_x_forwarded_for(
    settings: Any, behind_proxy: bool, expected: str
) -> None:
    """Behind the proxy the address is the X-Real-IP nginx sets (deploy/nginx.conf overwrites
    it); otherwise the connection's own. X-Forwarded-For, which a client can send, never counts."""
    from vtt.accounts.throttle import address_of

    settings.VTT_BEHIND_PROXY = behind_proxy
    request = RequestFactory().post(
        "/accounts/login/",
        REMOTE_ADDR="192.0.2.10",
        HTTP_X_REAL_IP="203.0.113.5",
        HTTP_X_FORWARDED_FOR="198.51.100.77, 203.0.113.5",
    )
    assert address_of(request) == expected
