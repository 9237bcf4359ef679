"""Games without a game master (issue 37): the creator plays one side and sees only it.

Two new accounts make and join an SCS game through the pages; the creator sits at Blue as a
player, not a GM: his page, frames and catch-up never hold Red's set-up orders or hidden units,
and he cannot act for Red. The rules are the referee: each side ends its own phases, and the end
of the game ends the table.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from rules.core.system import Action
from rules.scs import SYSTEM
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.encounters import fragments
from vtt.encounters.audiences import audience_for
from vtt.encounters.models import Encounter, Seat, Status
from vtt.encounters.services import open_encounter, play
from vtt.errors import NotAllowed, NotYourCharacter
from vtt.lobby.members import set_role

pytestmark = pytest.mark.django_db

# Red's Flak Bn is set up during Red's set-up, under the Pioneer Bn in Kessel (10.05): Blue
# must learn neither the order nor the unit (SCS-FOW-1, SCS-SETUP-5).
HIDDEN = ("R7", "Flak Bn")


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def ann(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ann", password="ann-secret-1")


@pytest.fixture
def bob(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("bob", password="bob-secret-1")


def create_and_join(ann: Any, bob: Any) -> Encounter:
    response = client_of(ann).post(
        "/campaigns/",
        {
            "name": "Halden duel",
            "system": "scs",
            "table": "sides",
            "side": "blue",
            "scenario": "halden_crossing",
        },
    )
    assert response.status_code == 302
    encounter = Encounter.objects.get(campaign__name="Halden duel")
    assert response["Location"] == f"/encounters/{encounter.pk}/"
    campaign = encounter.campaign
    asked = client_of(bob).get(f"/join/{campaign.invite_token}/").content.decode()
    assert "you will play Red" in asked
    joined = client_of(bob).post(f"/join/{campaign.invite_token}/")
    assert joined.status_code == 302
    return encounter


def act(encounter: Encounter, user: Any, kind: str, actor: str, **params: Any) -> None:
    play(encounter.pk, user.pk, Action(kind, actor, params), uuid.uuid4().hex)


def test_the_creator_plays_one_side_and_the_invite_seats_the_other(ann: Any, bob: Any) -> None:
    encounter = create_and_join(ann, bob)
    campaign = encounter.campaign
    assert campaign.two_sided
    roles = dict(Membership.objects.filter(campaign=campaign).values_list("user_id", "role"))
    assert roles == {ann.pk: Role.PLAYER, bob.pk: Role.PLAYER}
    seats = dict(Seat.objects.filter(encounter=encounter).values_list("actor_id", "user_id"))
    assert seats == {"blue": ann.pk, "red": bob.pk}
    assert audience_for(encounter.pk, ann.pk).side == "blue"  # type: ignore[union-attr]
    assert audience_for(encounter.pk, bob.pk).side == "red"  # type: ignore[union-attr]
    page = client_of(ann).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'id="invite-url"' in page  # the owner hands out the link without being the GM
    assert 'id="two-sided"' in page


def test_the_creator_never_sees_reds_set_up_nor_acts_for_red(
    ann: Any, bob: Any, mentions: Any
) -> None:
    encounter = create_and_join(ann, bob)
    act(encounter, bob, "setup.place", "red", unit="R7", hex="10.05")
    act(encounter, bob, "stack.order", "red", hex="10.05", top="R6")
    encounter.refresh_from_db()
    assert "R7" in encounter.state["stacks"]["10.05"]
    blue = client_of(ann)
    texts = [
        blue.get(f"/encounters/{encounter.pk}/").content.decode(),
        blue.get(f"/encounters/{encounter.pk}/events/?after=0").content.decode(),
        fragments.render_events(encounter, audience_for(encounter.pk, ann.pk), 1, encounter.seq),  # type: ignore[arg-type]
    ]
    act(encounter, bob, "phase.end", "red")  # Red's set-up is over: Blue sets up
    encounter.refresh_from_db()
    texts.append(blue.get(f"/encounters/{encounter.pk}/").content.decode())
    texts.append(blue.get(f"/encounters/{encounter.pk}/events/?after=0").content.decode())
    for text in texts:
        for secret in HIDDEN:
            assert not mentions(text, secret), secret
        assert "GM dashboard" not in text
    # Red's own page does show it: the test would catch a page that hid it from both
    red_page = client_of(bob).get(f"/encounters/{encounter.pk}/").content.decode()
    assert mentions(red_page, "R7") or mentions(red_page, "Flak Bn")
    with pytest.raises(NotYourCharacter):
        act(encounter, ann, "phase.end", "red")
    preview = blue.get(f"/encounters/{encounter.pk}/preview/?kind=phase.end&actor=red")
    assert "You do not control" in preview.content.decode()


def test_nobody_can_make_a_side_the_game_master(ann: Any, bob: Any, otto: Any) -> None:
    encounter = create_and_join(ann, bob)
    campaign = encounter.campaign
    with pytest.raises(NotAllowed):
        set_role(campaign.pk, ann.pk, ann.pk, Role.GM)
    with pytest.raises(NotAllowed):
        set_role(campaign.pk, ann.pk, bob.pk, Role.GM)
    with pytest.raises(NotAllowed):
        set_role(campaign.pk, bob.pk, bob.pk, Role.GM)
    # a third member comes in as an observer; both players together may make them the neutral GM
    asked = client_of(otto).get(f"/join/{campaign.invite_token}/").content.decode()
    assert "Join as an observer" in asked
    client_of(otto).post(f"/join/{campaign.invite_token}/")
    assert Membership.objects.get(campaign=campaign, user=otto).role == Role.OBSERVER
    set_role(campaign.pk, ann.pk, otto.pk, Role.GM)  # Blue asks: not yet
    assert Membership.objects.get(campaign=campaign, user=otto).role == Role.OBSERVER
    set_role(campaign.pk, bob.pk, otto.pk, Role.GM)  # Red agrees
    assert audience_for(encounter.pk, otto.pk).role == "gm"  # type: ignore[union-attr]
    assert audience_for(encounter.pk, ann.pk).side == "blue"  # type: ignore[union-attr]
    # ... and the opponent may undo it: a GM stays only while both players accept them
    set_role(campaign.pk, bob.pk, otto.pk, Role.OBSERVER)
    assert audience_for(encounter.pk, otto.pk).role == "player"  # type: ignore[union-attr]
    with pytest.raises(NotAllowed):
        set_role(campaign.pk, otto.pk, otto.pk, Role.GM)  # an observer appoints nobody


def test_an_observer_sees_only_what_both_sides_see(
    ann: Any, bob: Any, otto: Any, mentions: Any
) -> None:
    encounter = create_and_join(ann, bob)
    client_of(otto).post(f"/join/{encounter.campaign.invite_token}/")  # a third account
    act(encounter, bob, "setup.place", "red", unit="R7", hex="10.05")
    act(encounter, bob, "stack.order", "red", hex="10.05", top="R6")
    watcher = client_of(otto)
    for text in (
        watcher.get(f"/encounters/{encounter.pk}/").content.decode(),
        watcher.get(f"/encounters/{encounter.pk}/events/?after=0").content.decode(),
    ):
        for secret in HIDDEN:
            assert not mentions(text, secret), secret
    with pytest.raises(NotAllowed):
        act(encounter, otto, "phase.end", "red")


def test_a_campaign_with_a_gm_keeps_its_gm(ann: Any) -> None:
    client_of(ann).post("/campaigns/", {"name": "Mine", "system": "scs", "table": "gm"})
    campaign = Campaign.objects.get(name="Mine")
    assert not campaign.two_sided
    assert Membership.objects.get(campaign=campaign, user=ann).role == Role.GM


def test_a_system_that_needs_a_gm_is_refused_as_two_sided(ann: Any) -> None:
    response = client_of(ann).post(
        "/campaigns/", {"name": "No", "system": "coc", "table": "sides", "side": "blue"}
    )
    assert response.status_code == 200
    assert not Campaign.objects.filter(name="No").exists()


def test_the_rules_ending_the_game_end_the_table(ann: Any, bob: Any) -> None:
    campaign = create_and_join(ann, bob).campaign
    setup = {"scenario": "halden_crossing", "skip_setup": True, "settings": {"game_turns": 1}}
    seats = {"blue": ann.pk, "red": bob.pk}
    short = open_encounter(campaign.pk, ann.pk, "One turn", setup, seats)
    players = {"blue": ann, "red": bob}
    for _step in range(20):  # each side ends its own phases; nobody else is asked
        short.refresh_from_db()
        if short.status == Status.ENDED:
            break
        state = SYSTEM.load(short.state)
        side = next(s for s in players if SYSTEM.legal_actions(state, s))
        act(short, players[side], "phase.end", side)
    assert short.status == Status.ENDED
    assert short.revealed_seed is not None
    kinds = list(short.events.order_by("seq").values_list("kind", flat=True))
    assert kinds[-1] == "table.ended"
    assert "game.ended" in kinds
