"""Web Push in Chromium (issue 37): the page registers the service worker with a scope covering
every table, stores the browser's subscription, and the worker shows a pushed notice that
links to its table.

Headless Chromium refuses push subscriptions even with notifications granted (its
pushManager.subscribe answers "AbortError: Registration failed - permission denied": headless
has no push messaging, and a real one would need the browser vendor's push service, which this
machine cannot reach), so the test checks the page shows that failure, stores a subscription
through the page's JavaScript (window.TabulaPush.store, the same call the page makes with a
real one) and delivers a push message to the worker through the DevTools protocol, as a push
service would."""

from __future__ import annotations

import base64
import json
import os
import uuid
from collections.abc import Callable
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from bench.livestack import LiveStack


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def stored_endpoints(server: LiveStack, username: str) -> list[str]:
    out = server.shell(
        "import json\n"
        "from vtt.push.models import Subscription\n"
        f"rows = Subscription.objects.filter(user__username={username!r})\n"
        "print('ENDPOINTS ' + json.dumps(sorted(r.endpoint for r in rows)))"
    )
    line = next(ln for ln in out.splitlines() if ln.startswith("ENDPOINTS "))
    found: list[str] = json.loads(line.removeprefix("ENDPOINTS "))
    return found


def test_the_worker_registers_stores_the_subscription_and_shows_a_pushed_notice(
    login: Callable[..., Any], tabula_server: LiveStack
) -> None:
    page = login("player2")
    page.context.grant_permissions(["notifications"], origin=tabula_server.url)
    page.goto("/accounts/profile/")
    scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{tabula_server.url}/"  # the whole site: every table's page
    assert page.evaluate("() => Notification.permission") == "granted"
    # allowed: the page subscribes at once (on by default); headless Chromium's answer
    page.locator("[data-push-state='on']:visible, [data-push-state='failed']:visible").wait_for()
    if page.locator("[data-push-state='failed']").is_visible():
        assert "Registration failed" in page.evaluate("() => window.TabulaPush.error")
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    subscription = {
        "endpoint": f"https://push.example.net/send/{uuid.uuid4().hex}",
        "keys": {
            "p256dh": b64url(
                key.public_bytes(
                    serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
                )
            ),
            "auth": b64url(os.urandom(16)),
        },
    }
    answer = page.evaluate("(s) => window.TabulaPush.store(s)", subscription)
    assert answer == {"stored": True}
    assert subscription["endpoint"] in stored_endpoints(tabula_server, "player2")
    refused = page.evaluate(
        "(s) => window.TabulaPush.store(s).then(() => 'stored', (e) => e.message)",
        {**subscription, "endpoint": "http://push.example.net/plain"},
    )
    assert "https" in refused

    # a push message reaches the worker: it shows the notice with its table's link
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    mine: list[dict[str, Any]] = []
    for _ in range(100):  # the registrations are reported as events, soon after enable
        mine = [r for r in registrations if r["scopeURL"] == scope and not r["isDeleted"]]
        if mine:
            break
        page.wait_for_timeout(100)
    assert mine, registrations
    notice = {"title": "Your move: Duel", "body": "Blue", "url": "/encounters/7/", "tag": "t-7"}
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    shown = None
    for _attempt in range(4):  # a push the worker gets while it is still starting can be dropped
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": tabula_server.url,
                "registrationId": mine[0]["registrationId"],
                "data": json.dumps(notice),
            },
        )
        shown = page.evaluate(
            """async () => {
              const registration = await navigator.serviceWorker.ready;
              for (let i = 0; i < 50; i++) {
                const found = await registration.getNotifications({ tag: "t-7" });
                if (found.length) {
                  return { title: found[0].title, body: found[0].body, url: found[0].data.url };
                }
                await new Promise((done) => setTimeout(done, 100));
              }
              return null;
            }"""
        )
        if shown is not None:
            break
    assert shown == {"title": "Your move: Duel", "body": "Blue", "url": "/encounters/7/"}
