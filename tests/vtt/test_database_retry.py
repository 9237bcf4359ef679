"""A dropped database connection costs a retry or a "try again", never a 500 or a closed socket."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError
from django.test import RequestFactory
from django.utils import translation

from vtt import dbretry


@pytest.fixture(autouse=True)
def no_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dbretry, "RETRY_DELAYS", (0.0, 0.0, 0.0))


async def test_a_call_is_tried_again_until_the_connection_answers() -> None:
    failures = [OperationalError("server closed the connection"), InterfaceError("closed")]

    async def query() -> int:
        if failures:
            raise failures.pop(0)
        return 7

    assert await dbretry.retrying(query) == 7
    assert failures == []


async def test_a_database_that_stays_away_raises_after_the_last_wait() -> None:
    calls = 0

    async def query() -> int:
        nonlocal calls
        calls += 1
        raise OperationalError("the database is down")

    with pytest.raises(OperationalError):
        await dbretry.retrying(query)
    assert calls == len(dbretry.RETRY_DELAYS) + 1


async def test_other_errors_are_not_retried() -> None:
    calls = 0

    async def query() -> int:
        nonlocal calls
        calls += 1
        raise ValueError("a bug, not a connection")

    with pytest.raises(ValueError, match="a bug"):
        await dbretry.retrying(query)
    assert calls == 1


def test_a_page_that_met_a_dropped_connection_answers_503_try_again() -> None:
    middleware = dbretry.DatabaseUnavailableMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]
    request = RequestFactory().get("/encounters/1/events/?after=3")
    with translation.override("zh-hans"):
        response = middleware.process_exception(request, OperationalError("terminated"))
    assert response is not None
    assert response.status_code == 503
    assert response["Retry-After"] == "1"
    assert response.content.decode() == "数据库没有响应，请重试。"
    assert middleware.process_exception(request, ValueError("a bug")) is None
