"""Issue 30, finding 8: bad input gets a clear 400 (or a translated message) and changes nothing.

PostgreSQL cannot store NUL (a DataError, a 500) where SQLite stores it: either way the request
must be refused before it reaches a model. `"²".isdigit()` is true, but `int("²")` raises.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from vtt.campaigns.models import Membership
from vtt.encounters.models import Encounter, Seat

pytestmark = pytest.mark.django_db

REFUSED = "A NUL character is not allowed in an address or a form; nothing was changed."


def logged_in(user: Any) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def seats_of(encounter: Any) -> list[tuple[str, int]]:
    return sorted(Seat.objects.filter(encounter=encounter).values_list("actor_id", "user_id"))


@pytest.mark.parametrize("mode", ["chat", "build"])
def test_a_nul_in_an_encounter_title_is_refused_and_nothing_is_created(
    campaign: Any, gwen: Any, mode: str
) -> None:
    answer = logged_in(gwen).post(
        f"/campaigns/{campaign.pk}/encounters/new/", {"mode": mode, "title": "Heist\x00"}
    )
    assert answer.status_code == 400
    assert REFUSED in answer.content.decode()
    assert not Encounter.objects.exists()


def test_a_nul_in_a_seats_actor_is_refused_and_the_seats_stay(
    encounter: Any, gwen: Any, pip: Any
) -> None:
    before = seats_of(encounter)
    answer = logged_in(gwen).post(
        f"/encounters/{encounter.pk}/seats/", {"actor": "ann\x00", "user": str(pip.pk)}
    )
    assert answer.status_code == 400
    assert REFUSED in answer.content.decode()
    assert seats_of(encounter) == before


@pytest.mark.parametrize("user", ["²", "pip"])
def test_a_seats_user_that_is_not_a_number_is_a_translated_message(
    encounter: Any, gwen: Any, user: str
) -> None:
    before = seats_of(encounter)
    answer = logged_in(gwen).post(
        f"/encounters/{encounter.pk}/seats/", {"actor": "ann", "user": user}
    )
    assert answer.status_code == 302
    shown = [str(m) for m in get_messages(answer.wsgi_request)]
    assert shown == ["That user is not a member of this campaign."]
    assert seats_of(encounter) == before


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_nul_invite_token_is_refused_and_nobody_joins(
    campaign: Any, otto: Any, method: str
) -> None:
    answer = getattr(logged_in(otto), method)("/join/%00/")
    assert answer.status_code == 400
    assert not Membership.objects.filter(user=otto).exists()


@pytest.mark.parametrize(
    "path",
    [
        "/encounters/{encounter}/?x=%00",
        "/encounters/{encounter}/preview/?kind=move&actor=ann%00",
        "/encounters/{encounter}/reach/?from=%00",
        "/campaigns/{campaign}/characters/new/?start=0%00",
        "/campaigns/{campaign}/encounters/new/?system=%00",
        "/accounts/login/?next=/%00",
    ],
)
def test_a_nul_in_any_query_parameter_is_a_400(encounter: Any, gwen: Any, path: str) -> None:
    address = path.format(encounter=encounter.pk, campaign=encounter.campaign_id)
    answer = logged_in(gwen).get(address)
    assert answer.status_code == 400
    assert REFUSED in answer.content.decode()


def test_a_nul_in_a_form_fields_name_is_a_400_too(campaign: Any, gwen: Any) -> None:
    answer = logged_in(gwen).post(
        f"/campaigns/{campaign.pk}/encounters/new/", {"mode": "chat", "title\x00": "Heist"}
    )
    assert answer.status_code == 400
    assert not Encounter.objects.exists()


def test_the_refusal_speaks_the_readers_language(campaign: Any, gwen: Any) -> None:
    client = logged_in(gwen)
    answer = client.get(f"/campaigns/{campaign.pk}/?q=%00", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert answer.status_code == 400
    text = answer.content.decode()
    assert "NUL" in text
    assert REFUSED not in text


@pytest.mark.parametrize("entry", ["²", "1²", "٣x"])
def test_a_replay_entry_that_int_cannot_read_is_a_400(encounter: Any, pip: Any, entry: str) -> None:
    answer = logged_in(pip).get(f"/encounters/{encounter.pk}/replay/", {"entry": entry})
    assert answer.status_code == 400
    assert "entry must be a whole number" in answer.content.decode()


def test_a_replay_entry_in_other_decimal_digits_is_read(encounter: Any, pip: Any) -> None:
    answer = logged_in(pip).get(f"/encounters/{encounter.pk}/replay/", {"entry": "٠"})
    assert answer.status_code == 200


def test_derive_with_a_superscript_character_id_reads_the_blank_sheet(
    campaign: Any, pip: Any
) -> None:
    answer = logged_in(pip).post(f"/campaigns/{campaign.pk}/characters/derive/", {"character": "²"})
    assert answer.status_code == 200


@pytest.mark.parametrize("face", ["²", "3²"])
def test_a_physical_die_typed_in_superscript_is_refused_by_name(face: str) -> None:
    from vtt.encounters.commands import CommandError, faces_of

    with pytest.raises(CommandError, match="whole number"):
        faces_of({"face": face})


def test_a_starter_index_in_superscript_is_no_starter() -> None:
    from rules.core.registry import get_system
    from vtt.characters.starters import starter_sheet

    assert starter_sheet(get_system("coc"), "²") is None


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("--3/2", "--3/2"),
        ("7/²", "7/²"),
        ("7/2", "3½"),
        ("-7/2", "-3½"),  # not -4½: the sign belongs to the whole number
        ("-1/3", "-⅓"),
        ("-4/2", "-2"),
        ("0/3", "0"),
        ("1/0", "1/0"),
    ],
)
def test_a_fraction_int_cannot_read_is_shown_as_stored(value: str, shown: str) -> None:
    from vtt.tables.numbers import mixed

    assert mixed(value) == shown
