"""/static/ answers carry the pages' Content-Security-Policy and `nosniff`, from Daphne
(vtt/staticfiles.py) and from the shipped nginx (deploy/nginx.conf) alike (issue 30)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from django.test import RequestFactory

from vtt.csp import POLICY
from vtt.staticfiles import StaticFiles

NGINX = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"


async def not_static(scope: Any, receive: Any, send: Any) -> None:
    raise AssertionError("a /static/ path reached the app")


async def fetch(path: str) -> tuple[int, dict[str, str]]:
    """GET `path` through the handler as Daphne calls it (ASGI)."""
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    talk = ApplicationCommunicator(StaticFiles(not_static), scope)
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(10)
    while (await talk.receive_output(10)).get("more_body"):
        pass
    await talk.wait(10)  # the handler closes the request's body file on its way out
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], headers


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/static/css/tabula.css", 200),
        ("/static/js/table.js", 200),
        ("/static/no-such-file.svg", 404),
        ("/static/%2e%2e/vtt/settings.py", 404),
    ],
)
async def test_daphne_sends_the_policy_and_nosniff_with_static_files(
    path: str, status: int
) -> None:
    got, headers = await fetch(path)
    assert got == status
    assert headers["content-security-policy"] == POLICY
    assert headers["x-content-type-options"] == "nosniff"


def test_the_sync_handler_sends_them_too() -> None:
    response = StaticFiles(not_static).get_response(RequestFactory().get("/static/css/tabula.css"))
    response.file_to_stream.close()  # the file it streams
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == POLICY
    assert response["X-Content-Type-Options"] == "nosniff"


def test_nginx_sends_the_same_policy_and_nosniff_with_static_files() -> None:
    block = re.search(r"location /static/ \{(?P<body>[^}]*)\}", NGINX.read_text())
    assert block, "deploy/nginx.conf serves /static/"
    headers = dict(re.findall(r'add_header\s+(\S+)\s+"?(.*?)"?\s+always;', block["body"]))
    assert headers == {"Content-Security-Policy": POLICY, "X-Content-Type-Options": "nosniff"}
