"""Your turn reaches you by Web Push (issue 37): the server encrypts a notice for each browser a
player subscribed and POSTs it to that browser's push service. A local HTTP server stands in for
the push service here; the test decrypts what it received with the subscription's own keys, as
the browser would, and checks the VAPID signature names the server's public key."""

from __future__ import annotations

import base64
import json
import os
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import Client
from py_vapid import Vapid02

from rules.core.system import Action
from vtt.accounts.models import Profile, profile_of
from vtt.encounters import presence
from vtt.encounters.audiences import audience_for
from vtt.encounters.services import play
from vtt.lobby.members import join_by_token
from vtt.lobby.new_game import create_game
from vtt.push.keys import vapid_keys
from vtt.push.models import Subscription

pytestmark = pytest.mark.django_db


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class PushService:
    """A push service on 127.0.0.1: keeps every POST; answers 410 on paths under /gone/."""

    url: str
    received: list[dict[str, Any]] = field(default_factory=list)


@pytest.fixture
def push_service() -> Iterator[PushService]:
    service = PushService(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            service.received.append(
                {
                    "path": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": self.rfile.read(length),
                }
            )
            self.send_response(410 if self.path.startswith("/gone/") else 201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()
    server.server_close()


@dataclass
class Browser:
    """What a browser keeps of its subscription: the private half of its key and its secret."""

    endpoint: str
    private_key: Any
    auth: bytes


def subscribe(user: Any, endpoint: str) -> Browser:
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    auth = os.urandom(16)
    Subscription.objects.create(
        user=user, endpoint=endpoint, p256dh=b64url(public), auth=b64url(auth)
    )
    return Browser(endpoint, key, auth)


def opened(browser: Browser, delivery: dict[str, Any]) -> dict[str, Any]:
    """The notice as the browser reads it: decrypted with its own keys (RFC 8291)."""
    assert delivery["headers"]["content-encoding"] == "aes128gcm"
    plain = http_ece.decrypt(
        delivery["body"], private_key=browser.private_key, auth_secret=browser.auth
    )
    notice: dict[str, Any] = json.loads(plain)
    return notice


def act(encounter: Any, user: Any, kind: str, actor: str, **params: Any) -> None:
    play(encounter.pk, user.pk, Action(kind, actor, params), uuid.uuid4().hex)


def duel(pip: Any, otto: Any) -> Any:
    campaign, encounter = create_game(pip.pk, "Duel", "scs", "blue", "halden_crossing")
    join_by_token(otto.pk, str(campaign.invite_token))
    return encounter


def test_the_side_the_table_starts_waiting_for_gets_one_push_it_can_decrypt(
    pip: Any, otto: Any, push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    table = duel(pip, otto)
    Profile.objects.filter(pk=profile_of(pip).pk).update(language="zh-hans")
    phone = subscribe(pip, f"{push_service.url}/push/pip-phone")
    laptop = subscribe(pip, f"{push_service.url}/push/pip-laptop")
    subscribe(otto, f"{push_service.url}/push/otto")
    with django_capture_on_commit_callbacks(execute=True):
        act(table, otto, "setup.place", "red", unit="R7", hex="10.04")  # Red still sets up
    assert push_service.received == []  # nobody newly waited for; never Otto's own move
    with django_capture_on_commit_callbacks(execute=True):
        act(table, otto, "phase.end", "red")  # now the table waits for Blue
    assert sorted(d["path"] for d in push_service.received) == [
        "/push/pip-laptop",
        "/push/pip-phone",
    ]
    for delivery in push_service.received:
        browser = phone if delivery["path"].endswith("phone") else laptop
        notice = opened(browser, delivery)
        assert notice["url"] == f"/encounters/{table.pk}/"
        assert notice["tag"] == f"table-{table.pk}"
        assert "轮到你" in notice["title"]  # Pip reads Chinese
        assert "Duel" in notice["title"]
        assert "蓝方" in notice["body"]
        # signed with the server's VAPID key, for this push service
        scheme, _, params = delivery["headers"]["authorization"].partition(" ")
        assert scheme == "vapid"
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        assert fields["k"] == vapid_keys().public
        signer = Vapid02.from_raw_public(fields["k"].encode())
        header, claims, signature = fields["t"].split(".")
        assert json.loads(unb64url(claims))["aud"] == push_service.url
        assert signer.verify_token(f"{header}.{claims}".encode(), signature)
        assert not signer.verify_token(f"{header}.{claims}x".encode(), signature)
    push_service.received.clear()
    with django_capture_on_commit_callbacks(execute=True):
        act(table, pip, "setup.place", "blue", unit="B4", hex="02.05")  # still Blue's: no more
    assert push_service.received == []


def test_no_push_while_you_look_at_the_table_nor_once_you_turn_it_off(
    pip: Any, otto: Any, push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    subscribe(pip, f"{push_service.url}/push/pip")
    looking, muted, away = duel(pip, otto), duel(pip, otto), duel(pip, otto)
    blue = audience_for(looking.pk, pip.pk)
    assert blue is not None
    presence.register(looking.pk, "pip-tab", blue.key, "en")  # Pip has this table open
    with django_capture_on_commit_callbacks(execute=True):
        act(looking, otto, "phase.end", "red")  # Red set up: the table waits for Blue
    assert push_service.received == []
    presence.forget("pip-tab")  # Pip closed the tab, but his profile says no push
    Profile.objects.filter(pk=profile_of(pip).pk).update(turn_push=False)
    with django_capture_on_commit_callbacks(execute=True):
        act(muted, otto, "phase.end", "red")
    assert push_service.received == []
    Profile.objects.filter(user=pip).update(turn_push=True)  # the tab closed, push on
    with django_capture_on_commit_callbacks(execute=True):
        act(away, otto, "phase.end", "red")
    assert [d["path"] for d in push_service.received] == ["/push/pip"]


def test_a_subscription_the_push_service_forgot_is_dropped(
    pip: Any, otto: Any, push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    table = duel(pip, otto)
    subscribe(pip, f"{push_service.url}/gone/old-browser")
    subscribe(pip, f"{push_service.url}/push/new-browser")
    with django_capture_on_commit_callbacks(execute=True):
        act(table, otto, "phase.end", "red")
    assert len(push_service.received) == 2
    assert list(Subscription.objects.filter(user=pip).values_list("endpoint", flat=True)) == [
        f"{push_service.url}/push/new-browser"
    ]


def test_a_page_stores_its_browsers_subscription_and_bad_keys_store_nothing(pip: Any) -> None:
    client = Client()
    client.force_login(pip)
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    good = {
        "endpoint": "https://push.example.net/send/abc",
        "p256dh": b64url(
            key.public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        ),
        "auth": b64url(os.urandom(16)),
    }
    refused = client.post("/push/subscribe/", {**good, "auth": "short"})
    assert refused.status_code == 400
    assert "push keys cannot be read" in refused.json()["error"]
    plain = client.post("/push/subscribe/", {**good, "endpoint": "http://10.0.0.1/x"})
    assert plain.status_code == 400
    assert "https" in plain.json()["error"]
    zh = client.post("/push/subscribe/", {**good, "auth": "x"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert zh.status_code == 400
    assert not Subscription.objects.exists()
    assert client.post("/push/subscribe/", good).json() == {"stored": True}
    assert client.post("/push/subscribe/", good).status_code == 200  # again: still one row
    assert Subscription.objects.filter(user=pip).count() == 1
    assert client.post("/push/unsubscribe/", {"endpoint": good["endpoint"]}).status_code == 200
    assert not Subscription.objects.exists()


def test_the_service_worker_is_served_for_the_whole_site() -> None:
    answer = Client().get("/push-worker.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert b"showNotification" in answer.content


def test_a_prompt_that_asks_your_investigator_reaches_you(
    gwen: Any, pip: Any, push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    """COC-DODGE-4: the Keeper's cultist attacks Mara; the dodge question waits for Pip, who
    is told outside the page (the prompt is not Mara's turn)."""
    from rules.coc import SYSTEM as COC
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.services import start_encounter

    campaign = create_campaign(gwen.pk, "Arkham", "coc")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    scene = start_encounter(campaign.pk, gwen.pk, "Farmhouse", COC.demo(), {"mara": pip.pk}, "coc")
    phone = subscribe(pip, f"{push_service.url}/push/pip")
    with django_capture_on_commit_callbacks(execute=True):
        act(scene, gwen, "next_round", "gm")  # Mara acts first: her turn
        act(scene, pip, "end_turn", "mara")  # the cultist's turn: the Keeper's
    push_service.received.clear()
    with django_capture_on_commit_callbacks(execute=True):
        act(scene, gwen, "attack", "cultist", weapon="knife", target="mara")
    assert [d["path"] for d in push_service.received] == ["/push/pip"]
    notice = opened(phone, push_service.received[0])
    assert "Mara Ostrow" in notice["body"]
    assert notice["url"] == f"/encounters/{scene.pk}/"


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://10.0.0.1/x",  # the server's own network
        "https://127.0.0.1:8000/admin/",
        "https://fcm.googleapis.com.evil.example/send/x",  # a lookalike host
        "https://user@169.254.169.254/latest/",
    ],
)
def test_a_subscription_naming_no_known_push_service_is_refused(pip: Any, endpoint: str) -> None:
    client = Client()
    client.force_login(pip)
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    keys = {
        "p256dh": b64url(
            key.public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        ),
        "auth": b64url(os.urandom(16)),
    }

    refused = client.post("/push/subscribe/", {"endpoint": endpoint, **keys})

    assert refused.status_code == 400
    assert "not one this server sends to" in refused.json()["error"]
    assert not Subscription.objects.exists()
    real = "https://fcm.googleapis.com/fcm/send/abc"
    assert client.post("/push/subscribe/", {"endpoint": real, **keys}).json() == {"stored": True}
