"""Invite links expire, can be revoked, and a removed member cannot come back with theirs."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from vtt.campaigns import services as campaigns
from vtt.campaigns.models import Campaign, Membership
from vtt.campaigns.roles import role_of
from vtt.errors import BadInvite, ExpiredInvite
from vtt.lobby import members

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def fresh(campaign: Any) -> Campaign:
    return Campaign.objects.get(pk=campaign.pk)


def test_a_new_link_works_for_the_servers_days_or_the_days_the_gm_chose(
    campaign: Any, gwen: Any, settings: Any
) -> None:
    made = fresh(campaign).invite_expires
    assert made is not None
    assert abs(made - (timezone.now() + timedelta(days=7))) < timedelta(minutes=1)

    settings.VTT_INVITE_DAYS = 3
    campaigns.renew_invite(campaign.pk, gwen.pk)
    three = fresh(campaign).invite_expires
    assert three is not None
    assert abs(three - (timezone.now() + timedelta(days=3))) < timedelta(minutes=1)

    gm = logged_in(gwen)
    page = gm.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'name="days"' in page
    assert 'id="invite-expires"' in page
    gm.post(f"/campaigns/{campaign.pk}/invite/renew/", {"days": "1"})
    one = fresh(campaign).invite_expires
    assert one is not None
    assert abs(one - (timezone.now() + timedelta(days=1))) < timedelta(minutes=1)

    token = fresh(campaign).invite_token
    refused = gm.post(f"/campaigns/{campaign.pk}/invite/renew/", {"days": "0"}, follow=True)
    assert "A link works for 1 to 365 days." in refused.content.decode()
    assert fresh(campaign).invite_token == token  # nothing changed


def test_an_expired_link_is_refused_with_a_page_that_says_so(
    campaign: Any, gwen: Any, otto: Any
) -> None:
    token = fresh(campaign).invite_token
    assert token is not None
    Campaign.objects.filter(pk=campaign.pk).update(
        invite_expires=timezone.now() - timedelta(seconds=1)
    )

    with pytest.raises(ExpiredInvite, match="This invite link expired on"):
        members.join_by_token(otto.pk, token)
    stranger = logged_in(otto)
    for answer in (stranger.get(f"/join/{token}/"), stranger.post(f"/join/{token}/")):
        assert answer.status_code == 410
        assert "This invite link expired on" in answer.content.decode()
    chinese = stranger.get(f"/join/{token}/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert chinese.status_code == 410
    assert "此邀请链接已于" in chinese.content.decode()
    assert role_of(campaign.pk, otto.pk) is None
    page = logged_in(gwen).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "The invite link expired on" in page
    assert f"/join/{token}/" not in page


def test_a_revoked_link_is_refused_with_a_page_that_says_so(
    campaign: Any, gwen: Any, otto: Any
) -> None:
    token = fresh(campaign).invite_token
    assert token is not None
    logged_in(gwen).post(f"/campaigns/{campaign.pk}/invite/revoke/")

    with pytest.raises(BadInvite, match="revoked or never existed"):
        members.join_by_token(otto.pk, token)
    stranger = logged_in(otto)
    for answer in (stranger.get(f"/join/{token}/"), stranger.post(f"/join/{token}/")):
        assert answer.status_code == 404
        assert "revoked or never existed" in answer.content.decode()
    chinese = stranger.get(f"/join/{token}/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "此邀请链接无效" in chinese.content.decode()
    assert role_of(campaign.pk, otto.pk) is None


def test_a_removed_member_cannot_rejoin_with_the_link_they_came_with(
    campaign: Any, gwen: Any, otto: Any
) -> None:
    token = fresh(campaign).invite_token
    stranger = logged_in(otto)
    assert stranger.post(f"/join/{token}/").status_code == 302
    assert Membership.objects.get(campaign=campaign, user=otto).invite_token == token

    removed = logged_in(gwen).post(
        f"/campaigns/{campaign.pk}/members/{otto.pk}/remove/", follow=True
    )

    assert "The invite link they joined with no longer works" in removed.content.decode()
    assert fresh(campaign).invite_token is None
    again = stranger.post(f"/join/{token}/")
    assert again.status_code == 404
    assert role_of(campaign.pk, otto.pk) is None


def test_removing_a_member_who_came_with_an_older_link_keeps_the_live_one(
    campaign: Any, gwen: Any, otto: Any, django_user_model: Any
) -> None:
    old = fresh(campaign).invite_token
    assert old is not None
    members.join_by_token(otto.pk, old)
    live = campaigns.renew_invite(campaign.pk, gwen.pk)

    assert members.remove_member(campaign.pk, gwen.pk, otto.pk) is False

    assert fresh(campaign).invite_token == live
    with pytest.raises(BadInvite):
        members.join_by_token(otto.pk, old)
    quinn = django_user_model.objects.create_user("quinn", password="quinn-secret-1")
    assert members.join_by_token(quinn.pk, live).pk == campaign.pk
